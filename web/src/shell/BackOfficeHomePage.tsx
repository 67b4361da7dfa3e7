/**
 * Back-office Home, /back-office (back-office-and-shell section 2), for user_type 10 or more.
 *
 * Total Cases (GET /case?status=all without user_id: every user's cases, back office only); Quick
 * Actions for the screens that exist in this build (the others, e.g. View All Cases or Manage Users,
 * appear when their pages land); a static System Status (API Operational, Database Connected) and a
 * static Recent Activity placeholder.
 */
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { Badge, Button, Card, Flex, Heading, Loader, Text } from '@aws-amplify/ui-react';
import { apiFetch } from '../lib/api';
import { useProfile } from '../profile/useProfile';
import { roleLabel } from '../../../shared/roles';

interface CaseListAnswer {
  cases?: unknown[];
  data?: unknown[];
  count?: number;
}

/** Number of cases in an answer of GET /case (cases, data or a bare array). */
export function countCases(answer: CaseListAnswer | unknown[] | undefined): number {
  if (Array.isArray(answer)) return answer.length;
  if (!answer) return 0;
  if (typeof answer.count === 'number') return answer.count;
  return (answer.cases ?? answer.data ?? []).length;
}

const QUICK_ACTIONS = [
  { label: 'Create New Case', to: '/case/new' },
  { label: 'Update Profile', to: '/update-profile' },
] as const;

export default function BackOfficeHomePage() {
  const navigate = useNavigate();
  const profile = useProfile();
  const total = useQuery({
    queryKey: ['cases', 'all-users', 'count'],
    queryFn: ({ signal }) =>
      apiFetch<CaseListAnswer | unknown[]>('/case', { query: { status: 'all' }, forbidden: 'cases', signal }).then(
        countCases,
      ),
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
          {total.isPending ? (
            <Loader aria-label="Loading total cases" />
          ) : total.isError ? (
            <Text color="font.error" role="alert">
              {total.error.message}
            </Text>
          ) : (
            <Text fontSize="xxxl" fontWeight="bold">
              {total.data.toLocaleString('en-US')}
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
