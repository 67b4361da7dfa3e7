/**
 * Bug report placeholder, /report-bug and /back-office/report-bug (provider-side section 2;
 * back-office-and-shell section 2): a thank-you saying the feature is not ready yet and to contact
 * support for urgent issues.
 */
import { Card, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { UI_MESSAGES } from '../../../shared/messages';

export default function ReportBugPage() {
  return (
    <Flex direction="column" gap="1rem">
      <Heading level={1}>Report a Bug</Heading>
      <Card variation="outlined">
        <Text>{UI_MESSAGES.bugReport}</Text>
      </Card>
    </Flex>
  );
}
