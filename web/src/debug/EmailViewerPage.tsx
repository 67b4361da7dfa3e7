/**
 * Email viewer, /debug/emails (docs/decisions/0027-email-and-support-messages.md): what the local
 * runtime's SES emulator received, newest first, for user_type 100 or more (others see why not).
 * It reads `/ses/emails` of the local server with the session's token; a stage on AWS has no such
 * path (its email goes out through SES), which the page says. "Send reminders now" runs the reminder
 * job (POST /reminders/run, docs/decisions/0030-deadline-reminders.md) and shows what it sent.
 */
import { Alert, Button, Card, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { ReminderRunAnswer } from '../../../shared/schemas/reminders';
import { canReadSupport } from '../../../shared/roles';
import { UI_MESSAGES } from '../../../shared/messages';
import { apiFetch, bearerToken } from '../lib/api';
import { supportKeys } from '../lib/queryKeys';
import { useProfile } from '../profile/useProfile';
import { ListEmpty, ListLoadError, ListLoading } from '../shell/ListStates';
import { DebugLinks } from './DebugLinks';

/** One email as the emulator holds it (local/ses.ts StoredEmail). */
interface SentEmail {
  messageId: string;
  from: string;
  replyTo: string[];
  destination: { to: string[] };
  subject: string;
  body: { text?: string; html?: string };
  /** Epoch seconds. */
  at: number;
}

/** Shown where the runtime has no email viewer (every stage on AWS). */
export const NO_VIEWER = 'There is no email viewer here: it is part of the local runtime (npm start) only.';

async function fetchEmails(signal: AbortSignal): Promise<SentEmail[]> {
  const res = await fetch(new URL('/ses/emails', window.location.origin), {
    headers: { Authorization: `Bearer ${await bearerToken()}` },
    signal,
  });
  if (res.status === 404) throw new Error(NO_VIEWER);
  if (!res.ok) throw new Error(`The email viewer answered ${res.status}`);
  const body = (await res.json()) as { emails?: SentEmail[] };
  return [...(body.emails ?? [])].reverse();
}

/** "Send reminders now": the reminder job's answer in words. */
function runResult(answer: ReminderRunAnswer): string {
  return `Reminders sent: ${answer.sent} email${answer.sent === 1 ? '' : 's'} sent, ${answer.skipped} skipped.`;
}

function Emails() {
  const emails = useQuery({ queryKey: supportKeys.emails, queryFn: ({ signal }) => fetchEmails(signal) });
  const run = useMutation({
    mutationFn: () => apiFetch<ReminderRunAnswer>('/reminders/run', { method: 'POST' }),
    onSettled: () => void emails.refetch(),
  });
  if (emails.isPending) return <ListLoading />;
  if (emails.isError) return <ListLoadError message={emails.error.message} onRetry={() => void emails.refetch()} />;
  return (
    <Flex direction="column" gap="medium">
      <Flex gap="small" wrap="wrap">
        <Button onClick={() => void emails.refetch()} isLoading={emails.isFetching} loadingText="Refreshing…">
          Refresh
        </Button>
        <Button onClick={() => run.mutate()} isLoading={run.isPending} loadingText="Sending reminders…">
          Send reminders now
        </Button>
      </Flex>
      <div role="status">
        {run.isSuccess ? <Alert variation="success">{runResult(run.data)}</Alert> : null}
        {run.isError ? <Alert variation="error">{run.error.message}</Alert> : null}
      </div>
      {emails.data.length === 0 ? (
        <ListEmpty heading="No email sent yet" />
      ) : (
        <ul aria-label="Emails sent, newest first" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {emails.data.map((e) => (
            <li key={e.messageId} style={{ marginBottom: '1rem' }}>
              <Card variation="outlined">
                <Heading level={2} fontSize="medium">
                  {e.subject}
                </Heading>
                <Text fontSize="small">
                  {new Date(e.at * 1000).toISOString().slice(0, 19).replace('T', ' ')} UTC · From {e.from} · To{' '}
                  {e.destination.to.join(', ')}
                  {e.replyTo.length ? ` · Reply-To ${e.replyTo.join(', ')}` : ''}
                </Text>
                <Text as="div" marginTop="small" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {e.body.text ?? ''}
                </Text>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </Flex>
  );
}

export default function EmailViewerPage() {
  const profile = useProfile();
  let body;
  if (profile.isPending) body = <ListLoading text={UI_MESSAGES.loading} />;
  else if (!canReadSupport(profile.userType)) {
    body = <Alert variation="info">The email viewer is for user_type 100 or more.</Alert>;
  } else body = <Emails />;
  return (
    <Flex direction="column" gap="1.25rem" maxWidth="60rem" width="100%">
      <Heading level={1}>Email viewer</Heading>
      <DebugLinks />
      <Text>
        Email the local runtime sent (its SES emulator), newest first: contact messages and bug reports to support,
        deadline reminders and weekly summaries.
      </Text>
      {body}
    </Flex>
  );
}
