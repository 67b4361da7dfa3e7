/**
 * The page for an unknown path ("a real 'Page not found' screen with a link
 * home, not a silent redirect"). Shown signed in and signed out; the document title is
 * 'Page Not Found | Suture' (route handle in App.tsx). The link goes to /, which leads signed-in
 * users to their home page and signed-out visitors to /auth.
 */
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { Card, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { NOT_FOUND_TITLE } from './notFound';

export default function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <Flex justifyContent="center" padding="2rem 0">
      <Card variation="elevated" width="100%" maxWidth="32rem">
        <Flex direction="column" gap="1rem">
          <Heading level={1}>{NOT_FOUND_TITLE}</Heading>
          <Text>
            There is no page at <code style={{ overflowWrap: 'anywhere' }}>{pathname}</code>. The link may be mistyped
            or out of date.
          </Text>
          <RouterLink to="/" className="amplify-button amplify-button--primary" style={{ alignSelf: 'flex-start' }}>
            Go to Home
          </RouterLink>
        </Flex>
      </Card>
    </Flex>
  );
}
