/**
 * Pending invitations on User Management (beyond the spec, like Invite user): the accounts invited
 * that have not set their own password yet (GET /user/invitations, paged with "Load more"), each
 * with when its invitation was sent and when its temporary password stops working (7 days later;
 * past that date it shows "Expired"), and "Send again" (POST /user/invite with the same email: a new
 * temporary password and 7 new days). Loading, error and empty states ("No pending invitations."
 * only when no page follows: a page may be empty and still have a next one); a list, not a table,
 * so that it reads the same on a phone.
 */
import { Alert, Badge, Card, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { UI_MESSAGES } from '../../../../shared/messages';
import { LoadMore, nextPageProps } from '../../components/LoadMore';
import { apiErrorMessage } from '../../lib/apiErrors';
import { useInvitations, useInviteUser } from './queries';
import { BusyButton } from '../../components/BusyButton';

/** The states' texts. */
export const INVITATIONS_TEXT = {
  heading: 'Pending invitations',
  empty: 'No pending invitations.',
  sendAgain: 'Send again',
  expired: 'Expired',
} as const;

const DATE = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** "Nov 25, 2026" of an ISO time (the reader's time zone). */
function day(iso: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? '' : DATE.format(time);
}

export function PendingInvitations({ now = () => Date.now() }: { now?: () => number }) {
  const list = useInvitations();
  const resend = useInviteUser();
  const invitations = list.data?.pages.flatMap((p) => p.invitations) ?? [];

  return (
    <Card variation="outlined">
      <Flex direction="column" gap="0.5rem" as="section" aria-labelledby="pending-invitations-heading">
        <Heading level={2} id="pending-invitations-heading">
          {INVITATIONS_TEXT.heading}
        </Heading>
        {list.isPending && <Text role="status">{UI_MESSAGES.loading}</Text>}
        {list.isError && !list.isFetchNextPageError && (
          <Alert variation="error" role="alert">
            {apiErrorMessage('serverRefusal', list.error)}
          </Alert>
        )}
        {list.isSuccess && invitations.length === 0 && !list.hasNextPage && <Text>{INVITATIONS_TEXT.empty}</Text>}
        {invitations.length > 0 && (
          <Flex as="ul" direction="column" gap="0.5rem" margin="0" padding="0" style={{ listStyle: 'none' }}>
            {invitations.map((invitation) => {
              const expired = Date.parse(invitation.expires_at) <= now();
              const sending = resend.isPending && resend.variables === invitation.email;
              return (
                <li key={invitation.user_id}>
                  <Flex wrap="wrap" alignItems="center" justifyContent="space-between" gap="0.5rem">
                    <Flex direction="column" gap="0" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                      <Text fontWeight="bold">{invitation.email}</Text>
                      <Text fontSize="small" color="font.secondary">
                        Sent {day(invitation.invited_at)} ·{' '}
                        {expired ? (
                          <Badge size="small" variation="warning">
                            {INVITATIONS_TEXT.expired} {day(invitation.expires_at)}
                          </Badge>
                        ) : (
                          `Expires ${day(invitation.expires_at)}`
                        )}
                      </Text>
                    </Flex>
                    <BusyButton
                      size="small"
                      busy={sending}
                      busyText="Sending..."
                      aria-label={`${INVITATIONS_TEXT.sendAgain} to ${invitation.email}`}
                      onClick={() => {
                        // One send at a time: another row's press waits for this one.
                        if (!resend.isPending) resend.mutate(invitation.email);
                      }}
                    >
                      {INVITATIONS_TEXT.sendAgain}
                    </BusyButton>
                  </Flex>
                </li>
              );
            })}
          </Flex>
        )}
        {resend.isSuccess && (
          <Alert variation="success" role="status">
            {resend.data.message}
          </Alert>
        )}
        {resend.isError && (
          <Alert variation="error" role="alert">
            {apiErrorMessage('serverRefusal', resend.error)}
          </Alert>
        )}
        {/* Also after an empty page that has a next one (disabled accounts are left out by the server). */}
        {(invitations.length > 0 || list.hasNextPage) && (
          <LoadMore shown={invitations.length} noun={['invitation', 'invitations']} {...nextPageProps(list)} />
        )}
      </Flex>
    </Card>
  );
}
