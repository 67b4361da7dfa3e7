/**
 * The ten case statuses (shared/statuses.ts) as a stepper on Case Details: each step with the date
 * the case last reached it (from the status history), the current one marked `aria-current="step"`,
 * earlier steps the case went past without stopping marked "skipped". Horizontal from 640 px,
 * two columns of five on a phone (web/src/theme/global.css `.suture-stepper`).
 */
import { VisuallyHidden } from '@aws-amplify/ui-react';
import { CASE_STATUSES, type StatusHistoryEntry } from '../../../shared';
import { formatCaseDate } from './format';

/** Where a step stands against the case's current status. */
export type StepState = 'done' | 'skipped' | 'current' | 'upcoming';

export interface Step {
  value: number;
  label: string;
  state: StepState;
  /** ISO time the case last moved to this status; undefined when it never did. */
  reachedAt?: string;
}

/** The steps of a case at status `current` with status history `history` (oldest first). */
export function caseSteps(current: number, history: readonly StatusHistoryEntry[]): Step[] {
  const reached = new Map<number, string>();
  for (const h of history) reached.set(h.to, h.at);
  return CASE_STATUSES.map(({ value, label }) => {
    const reachedAt = reached.get(value);
    const state: StepState =
      value === current ? 'current' : value > current ? 'upcoming' : reachedAt ? 'done' : 'skipped';
    return { value, label, state, ...(reachedAt ? { reachedAt } : {}) };
  });
}

const STATE_WORDS: Record<StepState, string> = {
  done: 'completed',
  skipped: 'skipped',
  current: 'current status',
  upcoming: 'not reached',
};

export function StatusStepper({ status, history }: { status: number; history: readonly StatusHistoryEntry[] }) {
  const steps = caseSteps(status, history);
  return (
    <ol className="suture-stepper" aria-label="Case progress">
      {steps.map((step, i) => (
        <li
          key={step.value}
          className={`suture-step suture-step--${step.state}`}
          aria-current={step.state === 'current' ? 'step' : undefined}
        >
          <span className="suture-step__dot" aria-hidden="true">
            {step.state === 'done' ? '✓' : i + 1}
          </span>
          <span className="suture-step__text">
            <span className="suture-step__label">{step.label}</span>
            <VisuallyHidden>, {STATE_WORDS[step.state]}</VisuallyHidden>
            {step.reachedAt && step.state !== 'upcoming' && (
              <time className="suture-step__date" dateTime={step.reachedAt}>
                {formatCaseDate(new Date(step.reachedAt).toLocaleDateString('sv-SE'))}
              </time>
            )}
            {step.state === 'skipped' && <span className="suture-step__date">skipped</span>}
          </span>
        </li>
      ))}
    </ol>
  );
}
