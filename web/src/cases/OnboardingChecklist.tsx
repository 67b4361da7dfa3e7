/**
 * The getting-started checklist of a new practice's empty case list (/dashboard with no case and no
 * filter; decision 0009-spec-departures, it stands where the spec's lone Create Your First Case
 * button was): profile, a surgeon, a facility, the first case, each a link to the screen that does
 * it and its state (done / to do).
 *
 * The states come from queries the dashboard's next screens share (no call of its own): the profile
 * the shell already read, and the case form's surgeon and facility lists (`caseKeys.surgeons` /
 * `caseKeys.facilities`, dropped by every surgeon or facility change, so a step is done on return).
 */
import { Badge, Card, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { Link } from 'react-router-dom';
import { isProfileComplete } from '../../../shared/schemas/profile';
import { useProfile } from '../profile/useProfile';
import { CheckIcon } from '../components/icons';
import { useFacilities, useSurgeons } from './queries';

/** A step's state: 'checking' while its data loads, 'unknown' when that load failed. */
export type StepState = 'done' | 'todo' | 'checking' | 'unknown';

export interface OnboardingStep {
  label: string;
  to: string;
  state: StepState;
}

/** What a query tells of a step: its data once loaded (`done(data)`), else loading or failed. */
function stateOf<T>(query: { data: T | undefined; isError: boolean }, done: (data: T) => boolean): StepState {
  if (query.data !== undefined) return done(query.data) ? 'done' : 'todo';
  return query.isError ? 'unknown' : 'checking';
}

/** The steps for `userId`, who has `cases` cases (the list's count), in the order a practice takes them. */
export function useOnboardingSteps(userId: string | undefined, cases: number): OnboardingStep[] {
  const profile = useProfile();
  const surgeons = useSurgeons(userId);
  const facilities = useFacilities(userId);
  return [
    { label: 'Complete your profile', to: '/update-profile', state: stateOf(profile, isProfileComplete) },
    { label: 'Add a surgeon', to: '/surgeon/new', state: stateOf(surgeons, (list) => list.length > 0) },
    { label: 'Add a facility', to: '/facility/new', state: stateOf(facilities, (list) => list.length > 0) },
    { label: 'Create your first case', to: '/case/new', state: cases > 0 ? 'done' : 'todo' },
  ];
}

function StepStateBadge({ state }: { state: StepState }) {
  if (state === 'checking' || state === 'unknown')
    return (
      <Text as="span" fontSize="small" color="font.tertiary">
        {state === 'checking' ? 'Checking…' : 'Could not check'}
      </Text>
    );
  return state === 'done' ? (
    <Badge variation="success" size="small">
      <CheckIcon width={14} height={14} style={{ marginRight: 4 }} />
      Done
    </Badge>
  ) : (
    <Badge variation="warning" size="small">
      To do
    </Badge>
  );
}

/**
 * The checklist card of `userId`, who has `cases` cases: `heading` (the spec's 'No cases found'), a
 * count of the steps done, then the steps.
 */
export function OnboardingChecklist({ userId, cases, heading }: { userId: string; cases: number; heading: string }) {
  const steps = useOnboardingSteps(userId, cases);
  const done = steps.filter((s) => s.state === 'done').length;
  return (
    <Card variation="outlined" padding="large">
      <Flex direction="column" gap="small">
        <Heading level={2}>{heading}</Heading>
        <Text>
          You haven't created any cases yet. Get started in {steps.length} steps ({done} of {steps.length} done):
        </Text>
        <Flex
          as="ol"
          direction="column"
          gap="xxs"
          margin="0"
          padding="0"
          aria-label="Getting started"
          style={{ listStyle: 'none' }}
        >
          {steps.map((step, i) => (
            <Flex as="li" key={step.to} alignItems="center" justifyContent="space-between" wrap="wrap" gap="xs">
              <Link
                to={step.to}
                style={{
                  display: 'inline-flex',
                  alignItems: 'center',
                  minHeight: 44,
                  fontWeight: step.state === 'done' ? 400 : 600,
                }}
              >
                {i + 1}. {step.label}
              </Link>
              <StepStateBadge state={step.state} />
            </Flex>
          ))}
        </Flex>
      </Flex>
    </Card>
  );
}
