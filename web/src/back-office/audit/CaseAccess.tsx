/**
 * "Who accessed this case" on Case Details, for user_type 100 or more: the audit entries of one case
 * (GET /audit?case_id=, index `byCase`: every request about that one case, a view, an edit, a
 * document download, a status change, refusals included), newest first, in people's words. Loaded
 * on request, not with the page: reading the trail is itself an audited request.
 */
import { Button, Card, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { useId, useState } from 'react';
import { NO_AUDIT_FILTERS } from './api';
import { AuditEntries, CASE_ACCESS_COLUMNS } from './AuditPage';
import { useAuditEntries } from './queries';

function CaseAccessEntries({ caseId }: { caseId: string }) {
  const query = useAuditEntries({ ...NO_AUDIT_FILTERS, caseId });
  const entries = query.data?.pages.flatMap((p) => p.entries) ?? [];
  return (
    <AuditEntries
      query={query}
      entries={entries}
      caption="Requests about this case, newest first"
      columns={CASE_ACCESS_COLUMNS}
    />
  );
}

export default function CaseAccess({ caseId }: { caseId: string }) {
  const [shown, setShown] = useState(false);
  const headingId = useId();
  return (
    <Card variation="outlined">
      <section aria-labelledby={headingId}>
        <Flex direction="column" gap="small">
          <Heading level={2} id={headingId}>
            Who accessed this case
          </Heading>
          {shown ? (
            <CaseAccessEntries caseId={caseId} />
          ) : (
            <Flex alignItems="center" gap="small" wrap="wrap">
              <Text fontSize="small">Every view, change and document download of this case, from the audit trail.</Text>
              <Button size="small" onClick={() => setShown(true)}>
                Show who accessed this case
              </Button>
            </Flex>
          )}
        </Flex>
      </section>
    </Card>
  );
}
