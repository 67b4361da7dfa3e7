/**
 * Bug report placeholder, /report-bug and /back-office/report-bug (provider-side section 2;
 * back-office-and-shell section 2): a thank-you saying the feature is not ready yet and to contact
 * support for urgent issues, with the support address of the runtime configuration
 * (`supportEmail` of /config.json) as a mailto link.
 */
import { Card, Flex, Heading, Link, Text } from '@aws-amplify/ui-react';
import { UI_MESSAGES } from '../../../shared/messages';
import { getConfig } from '../lib/config';

export default function ReportBugPage() {
  const { supportEmail } = getConfig();
  return (
    <Flex direction="column" gap="1rem">
      <Heading level={1}>Report a Bug</Heading>
      <Card variation="outlined">
        <Flex direction="column" gap="0.75rem">
          <Text>{UI_MESSAGES.bugReport}</Text>
          <Text>
            Support:{' '}
            <Link href={`mailto:${supportEmail}?subject=${encodeURIComponent('Suture bug report')}`}>
              {supportEmail}
            </Link>
          </Text>
        </Flex>
      </Card>
    </Flex>
  );
}
