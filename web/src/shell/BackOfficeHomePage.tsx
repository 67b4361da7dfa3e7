/**
 * Back-office Home, /back-office (back-office-and-shell section 2), for user_type 10 or more.
 *
 * Total Cases from the case counts (GET /case/stats?range=all, `total_cases`, kept on every
 * case write; never from the case list), with a loading state and, on failure, the error and a Retry;
 * from the same answer the dispute deadlines overdue and due soon and the unpaid awards, each linking
 * to the Deadlines or Awards page (web/src/disputes/DisputeCounts.tsx);
 * Quick Actions (View All Cases, Manage Users for user_type 20 or more, Create New Case, Add New
 * Surgeon, Add New Facility, Update Profile; an action whose page is not in this build, per
 * navigationFor.ts `isPageAvailable`, is left out); a measured System Status (spec back-office-and-shell:
 * GET /health, read on each visit: API Operational / API Unavailable, Database Connected / Database
 * Unavailable, with the time checked, the read's latency and Check again); the spec's static Recent
 * Activity placeholder (no activity feed exists to read).
 */
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import { Badge, Card, Flex, Heading, Loader, Text } from '@aws-amplify/ui-react';
import { ApiError, apiFetch } from '../lib/api';
import { useProfile } from '../profile/useProfile';
import { USER_TYPE, roleLabel } from '../../../shared/roles';
import { SYSTEM_STATUS_MESSAGES } from '../back-office/dashboard/messages';
import { useHealth } from '../back-office/dashboard/queries';
import { statsKeys } from '../lib/queryKeys';
import { isPageAvailable } from './navigationFor';
import { DisputeCounts } from '../disputes/DisputeCounts';
import { CaseStatsResponseSchema, type CaseStatsResponse } from '../../../shared/schemas/lists';
import { BusyButton, RetryButton } from '../components/BusyButton';

/** Shown when the counts answer is not the expected shape (a server of another version). */
export const STATS_UNREADABLE = 'The case counts could not be read. Please try again.';

/**
 * All-time case counts of every user: GET /case/stats?range=all (back office only), checked with
 * the shared `CaseStatsResponseSchema`. Throws `ApiError` (the spec's message) or an Error
 * {@link STATS_UNREADABLE} for an answer of another shape.
 */
export async function fetchCaseStats(signal?: AbortSignal): Promise<CaseStatsResponse> {
  const body = await apiFetch<unknown>('/case/stats', { query: { range: 'all' }, forbidden: 'cases', signal });
  const parsed = CaseStatsResponseSchema.safeParse(body);
  if (!parsed.success) throw new Error(STATS_UNREADABLE);
  return parsed.data;
}

/** Quick Actions of the spec (section 2 "Back-office Home"), in its order; `minUserType` as the nav's. */
export const QUICK_ACTIONS: readonly { label: string; to: string; minUserType?: number }[] = [
  { label: 'View All Cases', to: '/back-office/cases' },
  { label: 'Manage Users', to: '/back-office/users', minUserType: USER_TYPE.USER_ADMIN },
  { label: 'Create New Case', to: '/case/new' },
  { label: 'Add New Surgeon', to: '/surgeon/new' },
  { label: 'Add New Facility', to: '/facility/new' },
  { label: 'Update Profile', to: '/update-profile' },
];

/** The quick actions a user of `userType` sees (pages of this build only). */
export function quickActionsFor(userType: number) {
  return QUICK_ACTIONS.filter((a) => (a.minUserType ?? 0) <= userType && isPageAvailable(a.to));
}

/** The measured System Status (GET /health): one line per part, the time checked, Check again. */
function SystemStatus() {
  const health = useHealth();
  const recheck = (
    <BusyButton size="small" onClick={() => void health.refetch()} busy={health.isFetching} busyText="Checking...">
      Check again
    </BusyButton>
  );
  if (health.isPending) {
    return (
      <Flex alignItems="center" gap="0.5rem" marginTop="0.5rem">
        <Loader aria-hidden="true" />
        <Text>{SYSTEM_STATUS_MESSAGES.checking}</Text>
      </Flex>
    );
  }
  const data = health.isError ? undefined : health.data;
  const apiOk = data !== undefined;
  const dbOk = data?.database === 'ok';
  return (
    <Flex direction="column" alignItems="flex-start" gap="0.5rem" marginTop="0.5rem">
      <ul aria-label="System Status" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        <li style={{ marginBottom: '0.5rem' }}>
          <Badge variation={apiOk ? 'success' : 'error'}>
            {apiOk ? SYSTEM_STATUS_MESSAGES.apiOk : SYSTEM_STATUS_MESSAGES.apiDown}
          </Badge>
        </li>
        <li>
          <Badge variation={dbOk ? 'success' : 'error'}>
            {dbOk ? SYSTEM_STATUS_MESSAGES.dbOk : SYSTEM_STATUS_MESSAGES.dbDown}
          </Badge>
        </li>
      </ul>
      <Text fontSize="small" color="font.secondary">
        {data
          ? SYSTEM_STATUS_MESSAGES.checkedAt(
              new Date(data.checked_at).toLocaleTimeString('en-US', {
                hour: 'numeric',
                minute: '2-digit',
                second: '2-digit',
              }),
              data.latency_ms,
            )
          : 'The API did not answer.'}
      </Text>
      {recheck}
    </Flex>
  );
}

export default function BackOfficeHomePage() {
  const profile = useProfile();
  const stats = useQuery({
    queryKey: statsKeys.range('all'),
    queryFn: ({ signal }) => fetchCaseStats(signal),
    // Read again on every visit: a case moved on another screen a moment ago counts at once.
    staleTime: 0,
  });

  return (
    <Flex direction="column" gap="1.25rem">
      <Flex direction="column" gap="0.25rem">
        <Heading level={1}>Back Office</Heading>
        <Text color="font.secondary">
          {roleLabel(profile.userType)} ({profile.userType})
        </Text>
      </Flex>
      <Flex gap="1rem" wrap="wrap">
        <Card variation="outlined" flex="1 1 14rem">
          <Heading level={2}>Total Cases</Heading>
          {stats.isPending ? (
            <Flex alignItems="center" gap="0.5rem" role="status" marginTop="0.5rem">
              <Loader aria-hidden="true" />
              <Text>Loading total cases…</Text>
            </Flex>
          ) : stats.isError ? (
            <Flex direction="column" alignItems="flex-start" gap="0.5rem" marginTop="0.5rem">
              <Text color="font.error" role="alert">
                {stats.error instanceof ApiError ? stats.error.message : STATS_UNREADABLE}
              </Text>
              <RetryButton size="small" query={stats} />
            </Flex>
          ) : (
            <Text fontSize="xxxl" fontWeight="bold">
              {stats.data.total_cases.toLocaleString('en-US')}
            </Text>
          )}
        </Card>
        {stats.data?.disputes && (
          <Card variation="outlined" flex="1 1 14rem">
            <Heading level={2}>Dispute Deadlines</Heading>
            <DisputeCounts disputes={stats.data.disputes} backOffice />
          </Card>
        )}
        <Card variation="outlined" flex="1 1 14rem">
          <Heading level={2}>System Status</Heading>
          <SystemStatus />
        </Card>
      </Flex>
      <Card variation="outlined">
        <Heading level={2}>Quick Actions</Heading>
        <Flex gap="0.75rem" wrap="wrap" marginTop="0.75rem">
          {quickActionsFor(profile.userType).map((a) => (
            <RouterLink key={a.to} to={a.to} className="amplify-button amplify-button--outlined">
              {a.label}
            </RouterLink>
          ))}
        </Flex>
      </Card>
      <Card variation="outlined">
        <Heading level={2}>Recent Activity</Heading>
        <Text marginTop="0.5rem" color="font.secondary">
          No recent activity to show yet.
        </Text>
      </Card>
    </Flex>
  );
}
