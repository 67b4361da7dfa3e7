/**
 * A label per deadline step, in the words of the dispute screens and of the reminder emails (step and
 * rule names: shared/reference/nsa-idr-rules.md).
 */
import type { DeadlineStep } from './events';

export const STEP_LABELS: Record<DeadlineStep, string> = {
  initial_payment_due: 'Initial payment or denial due',
  open_negotiation_initiation_due: 'Open negotiation to be started by',
  open_negotiation_end: 'Open negotiation period ends',
  open_negotiation_response_due: 'Open negotiation response due',
  idr_initiation_window_start: 'IDR initiation window opens',
  idr_initiation_due: 'IDR initiation due',
  entity_selection_joint_due: 'Joint selection of the IDR entity due',
  entity_selection_departments_due: 'Selection by the Departments due',
  conflict_attestation_due: 'Entity conflict attestation due',
  offers_due: 'Offers and fees due',
  determination_due: 'Payment determination due',
  award_payment_due: 'Award payment due',
  entity_fee_refund_due: 'Entity fee refund due',
  cooling_off_end: 'Cooling-off period ends',
  post_cooling_off_initiation_due: 'IDR after cooling-off due',
};
