/**
 * Words of the dispute screens: a label per deadline step, event type, deadline state and party, the
 * badge colours of the states, and the display of dates and of amounts against the Medicare
 * benchmark. Step and rule names: shared/reference/nsa-idr-rules.md.
 */
import type { DeadlineState, DisputeEventType, Party } from '../../../shared/dispute/events';
import { STEP_LABELS } from '../../../shared/dispute/step-labels';
import { DEADLINE_STATE_LABELS } from '../../../shared/dispute/labels';

/** The label of each step: shared with the reminder emails (shared/dispute/step-labels.ts). */
export { STEP_LABELS };
export { stepLabel } from '../../../shared/dispute/labels';

export const EVENT_LABELS: Record<DisputeEventType, string> = {
  bill_sent: 'Bill sent to the plan',
  initial_payment_received: 'Initial payment received',
  denial_received: 'Denial received',
  open_negotiation_sent: 'Open negotiation notice sent',
  open_negotiation_filed: 'Open negotiation filed on the federal portal',
  open_negotiation_response: 'Open negotiation response received',
  settled: 'Settled',
  idr_initiated: 'IDR initiated',
  entity_selected: 'IDR entity selected',
  offer_requested: 'Offer requested by the entity',
  offer_submitted: 'Offer submitted',
  determination: 'Payment determination',
  award_paid: 'Award paid',
  ineligible: 'Found ineligible',
  withdrawn: 'Withdrawn',
  extension: 'Extension',
};

/** The label of an event type as answered (the API answers any text: an unknown one shows as is). */
export function eventLabel(type: string): string {
  return (EVENT_LABELS as Record<string, string>)[type] ?? type;
}

/** Badge text and colours of each state; text contrast at least 4.5:1 (WCAG AA), never colour alone. */
export const STATE_BADGES: Record<DeadlineState, { label: string; bg: string; fg: string }> = {
  met: { label: DEADLINE_STATE_LABELS.met, bg: '#dcfce7', fg: '#166534' },
  late: { label: DEADLINE_STATE_LABELS.late, bg: '#ffedd5', fg: '#9a3412' },
  open: { label: DEADLINE_STATE_LABELS.open, bg: '#e0e7ff', fg: '#3730a3' },
  due_soon: { label: DEADLINE_STATE_LABELS.due_soon, bg: '#fef9c3', fg: '#854d0e' },
  overdue: { label: DEADLINE_STATE_LABELS.overdue, bg: '#fee2e2', fg: '#991b1b' },
  info: { label: DEADLINE_STATE_LABELS.info, bg: '#f3f4f6', fg: '#374151' },
  not_applicable: { label: DEADLINE_STATE_LABELS.not_applicable, bg: '#f3f4f6', fg: '#374151' },
};

export const PARTY_LABELS: Record<Party, string> = {
  provider: 'Provider',
  payer: 'Plan',
  entity: 'IDR entity',
  departments: 'Departments',
  none: '—',
};

/** Text of a deadline's grade: `U` rules are not confirmed in any source (nsa-idr-rules.md, grades). */
export const UNCONFIRMED_RULE = 'unconfirmed rule';
/** Note of a calendar-day deadline on a weekend or holiday (the rules write no roll-forward for it). */
export const NON_BUSINESS_DAY_NOTE = 'Falls on a weekend or federal holiday: calendar days are not moved.';

const DAY_FORMAT = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** YYYY-MM-DD -> "Thu, Nov 26, 2026" (the day itself, whatever the browser's zone); other text as is. */
export function formatDay(isoDate: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(isoDate)) return isoDate;
  const d = new Date(`${isoDate}T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? isoDate : DAY_FORMAT.format(d);
}

/**
 * An amount as a percentage of the Medicare benchmark, whole percent ("245 % of Medicare"); '' when
 * either is missing or the benchmark is 0.
 */
export function percentOfBenchmark(amount: number | null | undefined, benchmark: number | null | undefined): string {
  if (amount === null || amount === undefined || !benchmark || benchmark <= 0) return '';
  return `${Math.round((amount / benchmark) * 100).toLocaleString('en-US')} % of Medicare`;
}

/** Today in America/New_York as YYYY-MM-DD (the API's "today" for event dates and deadline states). */
export function todayInNewYork(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(now);
}
