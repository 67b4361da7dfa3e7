/**
 * Back-office Home, /back-office (back-office-and-shell section 2), for user_type 10 or more.
 *
 * Total Cases from the case counts (issue 7: GET /case/stats?range=all, `total_cases`, kept on every
 * case write; never from the case list), with a loading state and, on failure, the error and a Retry;
 * Quick
 * Actions for the screens that exist in this build (the others, e.g. View All Cases or Manage Users,
 * appear when their pages land); a static System Status (API Operational, Database Connected) and a
 * static Recent Activity placeholder.
 */
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { Badge, Button, Card, Flex, Heading, Loader, Text } from '@aws-amplify/ui-react';
import { ApiError, apiFetch } from '../lib/api';
import { useProfile } from '../profile/useProfile';
import { roleLabel } from '../../../shared/roles';
import { CaseStatsResponseSchema, type CaseStatsResponse } from '../../../shared/schemas/lists';

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

const QUICK_ACTIONS = [
  { label: 'Create New Case', to: '/case/new' },
  { label: 'Update Profile', to: '/update-profile' },
] as const;

export default function BackOfficeHomePage() {
  const navigate = useNavigate();
  const profile = useProfile();
  const stats = useQuery({
    queryKey: ['cases', 'stats', 'all'],
    queryFn: ({ signal }) => fetchCaseStats(signal),
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
          <Heading level={2} fontSize="large">
            Total Cases
          </Heading>
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
              <Button size="small" onClick={() => void stats.refetch()} isLoading={stats.isFetching}>
                Retry
              </Button>
            </Flex>
          ) : (
            <Text fontSize="xxxl" fontWeight="bold">
              {stats.data.total_cases.toLocaleString('en-US')}
            </Text>
          )}
        </Card>
        <Card variation="outlined" flex="1 1 14rem">
          <Heading level={2} fontSize="large">
            System Status
          </Heading>
          <Flex direction="column" gap="0.5rem" marginTop="0.5rem">
            <Flex alignItems="center" gap="0.5rem">
              <Badge variation="success">API Operational</Badge>
            </Flex>
            <Flex alignItems="center" gap="0.5rem">
              <Badge variation="success">Database Connected</Badge>
            </Flex>
          </Flex>
        </Card>
      </Flex>
      <Card variation="outlined">
        <Heading level={2} fontSize="large">
          Quick Actions
        </Heading>
        <Flex gap="0.75rem" wrap="wrap" marginTop="0.75rem">
          {QUICK_ACTIONS.map((a) => (
            <Button key={a.to} onClick={() => navigate(a.to)}>
              {a.label}
            </Button>
          ))}
        </Flex>
      </Card>
      <Card variation="outlined">
        <Heading level={2} fontSize="large">
          Recent Activity
        </Heading>
        <Text marginTop="0.5rem" color="font.secondary">
          No recent activity to show yet.
        </Text>
      </Card>
    </Flex>
  );
}
