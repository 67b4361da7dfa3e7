/**
 * Case statuses (spec provider-side section 4; back-office-and-shell section 4).
 *
 * Numbers 0..90 in steps of 10. An unknown number is shown as `Unknown <n>` (the first of the
 * spec's two readings, which the provider screens use).
 */

export type BadgeColor =
  'red' | 'yellow' | 'green' | 'purple' | 'indigo' | 'orange' | 'teal' | 'pink' | 'cyan' | 'gray';

export interface CaseStatusDef {
  /** Stored number (case_status). */
  value: number;
  label: string;
  /** Filter key used by the status filter. */
  key: string;
  color: BadgeColor;
}

export const CASE_STATUSES = [
  { value: 0, label: 'Incomplete', key: 'incomplete', color: 'red' },
  { value: 10, label: 'Submitted', key: 'submitted', color: 'yellow' },
  { value: 20, label: 'Paid', key: 'paid', color: 'green' },
  { value: 30, label: 'Sent to Biller', key: 'sent_to_biller', color: 'purple' },
  { value: 40, label: 'Received Payment', key: 'insurance_payment_received', color: 'indigo' },
  { value: 50, label: 'Sent to Negotiation', key: 'sent_to_negotiation', color: 'orange' },
  { value: 60, label: 'Negotiation Settled', key: 'negotiation_settled', color: 'teal' },
  { value: 70, label: 'Sent to IDR', key: 'sent_to_idr', color: 'pink' },
  { value: 80, label: 'IDR Decision Made', key: 'idr_decision_made', color: 'cyan' },
  { value: 90, label: 'Closed', key: 'closed', color: 'gray' },
] as const satisfies readonly CaseStatusDef[];

export type CaseStatusValue = (typeof CASE_STATUSES)[number]['value'];
export type CaseStatusKey = (typeof CASE_STATUSES)[number]['key'];

/** Status of a new case (new cases start at Incomplete). */
export const INITIAL_CASE_STATUS: CaseStatusValue = 0;

/** Statuses from which a case carries a pay amount (Paid and later). */
export const FIRST_PAID_STATUS: CaseStatusValue = 20;

const byValue = new Map<number, CaseStatusDef>(CASE_STATUSES.map((s) => [s.value, s]));
const byKey = new Map<string, CaseStatusDef>(CASE_STATUSES.map((s) => [s.key, s]));

export function isCaseStatus(value: unknown): value is CaseStatusValue {
  return typeof value === 'number' && byValue.has(value);
}

/** Definition for a status number, or undefined when unknown. */
export function caseStatus(value: number): CaseStatusDef | undefined {
  return byValue.get(value);
}

/** Definition for a filter key (e.g. `sent_to_idr`), or undefined. */
export function caseStatusByKey(key: string): CaseStatusDef | undefined {
  return byKey.get(key);
}

/** Display label; unknown numbers read `Unknown <n>` (spec provider-side section 4, first reading). */
export function caseStatusLabel(value: number): string {
  return byValue.get(value)?.label ?? `Unknown ${value}`;
}

/** Badge colour; unknown numbers are gray. */
export function caseStatusColor(value: number): BadgeColor {
  return byValue.get(value)?.color ?? 'gray';
}
