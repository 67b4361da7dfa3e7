/**
 * Words of the deadlines in the spec's wording, shared by the dispute screens and the CSV exports
 * (shared/csv-columns.ts): a step's label as answered, a state's name. Steps: ./step-labels.ts.
 */
import type { DeadlineState } from './events';
import { STEP_LABELS } from './step-labels';

/** The label of a step as answered (an unknown one shows as is). */
export function stepLabel(step: string): string {
  return (STEP_LABELS as Record<string, string>)[step] ?? step;
}

/** The name of each deadline state (the screens' badges, the export's State column). */
export const DEADLINE_STATE_LABELS: Record<DeadlineState, string> = {
  met: 'Met',
  late: 'Met late',
  open: 'Open',
  due_soon: 'Due soon',
  overdue: 'Overdue',
  info: 'For information',
  not_applicable: 'Not applicable',
};
