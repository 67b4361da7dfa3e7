/**
 * The dispute record of a case under the No Surprises Act: its event types, the deadline answer,
 * the order in which events may be recorded and the case status each one moves to. Step names,
 * rule versions, grades and counting conventions: shared/reference/nsa-idr-rules.md and
 * docs/decisions/0018-nsa-deadline-engine.md. Pure: no clock, no I/O (the SPA imports it).
 */
import * as z from 'zod';
import { MAX_PAY_AMOUNT_DOLLARS, TEXT_LIMITS, tooLongMessage } from '../constants';
import { centsToDollars, dollarsToCents } from '../display';

/** Largest amount a dispute event or field may carry, in dollars (a bound against typing errors). */
export const MAX_DISPUTE_AMOUNT_DOLLARS = MAX_PAY_AMOUNT_DOLLARS;
/** Longest reason of an `extension`, `ineligible` event or of a deletion (characters). */
export const MAX_DISPUTE_REASON_LENGTH = 500;

/** Dollars <-> integer cents (amounts are dollars in the API, integer cents in storage). */
export { centsToDollars, dollarsToCents };

/** True for YYYY-MM-DD text naming a day that exists (2024-02-30 does not). */
export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(value);
}

/** A whole day, YYYY-MM-DD, that exists (no time of day: the rules have no cut-off hour). */
export const DisputeDateSchema = z
  .string({ error: 'must be a date (YYYY-MM-DD)' })
  .refine(isIsoDate, { error: 'must be a date that exists (YYYY-MM-DD)' });

/** Dollars, 0 to {@link MAX_DISPUTE_AMOUNT_DOLLARS}, at most 2 decimals (stored as integer cents). */
export const DisputeAmountSchema = z
  .number({ error: `must be an amount in dollars from 0 to ${MAX_DISPUTE_AMOUNT_DOLLARS}` })
  .refine(
    (n) =>
      Number.isFinite(n) && n >= 0 && n <= MAX_DISPUTE_AMOUNT_DOLLARS && Math.abs(n * 100 - Math.round(n * 100)) < 1e-6,
    { error: `must be an amount in dollars from 0 to ${MAX_DISPUTE_AMOUNT_DOLLARS} with at most 2 decimals` },
  );

const requiredText = (field: string, max: number) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(max, tooLongMessage(field, max));

/** The steps of the deadline engine, in the order of a dispute. Fixed: other clients rely on them. */
export const DEADLINE_STEPS = [
  'initial_payment_due',
  'open_negotiation_initiation_due',
  'open_negotiation_end',
  'open_negotiation_response_due',
  'idr_initiation_window_start',
  'idr_initiation_due',
  'entity_selection_joint_due',
  'entity_selection_departments_due',
  'conflict_attestation_due',
  'offers_due',
  'determination_due',
  'award_payment_due',
  'entity_fee_refund_due',
  'cooling_off_end',
  'post_cooling_off_initiation_due',
] as const;
export const DeadlineStepSchema = z.enum(DEADLINE_STEPS);
export type DeadlineStep = z.infer<typeof DeadlineStepSchema>;

/**
 * Steps an `extension` may not move: the IDR start and the award payment
 * (42 U.S.C. 300gg-111(c)(9): extensions for extenuating circumstances exclude both).
 */
export const NON_EXTENDABLE_STEPS: readonly DeadlineStep[] = ['idr_initiation_due', 'award_payment_due'];

/** The two disputing parties (offers, the prevailing party). */
export const DisputePartySchema = z.enum(['provider', 'payer']);
export type DisputeParty = z.infer<typeof DisputePartySchema>;

const date = DisputeDateSchema;
const amount = DisputeAmountSchema;
const dated = <T extends string>(type: T) => ({ type: z.literal(type), date });

export const BillSentEventSchema = z.object(dated('bill_sent'));
export const InitialPaymentReceivedEventSchema = z.object({ ...dated('initial_payment_received'), amount });
export const DenialReceivedEventSchema = z.object(dated('denial_received'));
export const OpenNegotiationSentEventSchema = z.object(dated('open_negotiation_sent'));
export const OpenNegotiationFiledEventSchema = z.object(dated('open_negotiation_filed'));
export const OpenNegotiationResponseEventSchema = z.object(dated('open_negotiation_response'));
export const SettledEventSchema = z.object({ ...dated('settled'), amount });
export const IdrInitiatedEventSchema = z.object(dated('idr_initiated'));
export const EntitySelectedEventSchema = z.object({
  ...dated('entity_selected'),
  entity_name: requiredText('entity_name', TEXT_LIMITS.name),
  selected_by: z.enum(['joint', 'departments'], { error: 'selected_by must be joint or departments' }),
});
export const OfferRequestedEventSchema = z.object(dated('offer_requested'));
export const OfferSubmittedEventSchema = z.object({
  ...dated('offer_submitted'),
  amount,
  party: z.enum(['provider', 'payer'], { error: 'party must be provider or payer' }),
});
export const DeterminationEventSchema = z.object({
  ...dated('determination'),
  amount,
  prevailing_party: z.enum(['provider', 'payer'], { error: 'prevailing_party must be provider or payer' }),
});
export const AwardPaidEventSchema = z.object({ ...dated('award_paid'), amount });
export const IneligibleEventSchema = z.object({
  ...dated('ineligible'),
  reason: requiredText('reason', MAX_DISPUTE_REASON_LENGTH),
});
export const WithdrawnEventSchema = z.object(dated('withdrawn'));
/** A manual override for extenuating circumstances (42 U.S.C. 300gg-111(c)(9)). */
export const ExtensionEventSchema = z.object({
  ...dated('extension'),
  step: z
    .enum(DEADLINE_STEPS, { error: `step must be one of ${DEADLINE_STEPS.join(', ')}` })
    .refine((s) => !NON_EXTENDABLE_STEPS.includes(s), {
      error: `step cannot be extended: ${NON_EXTENDABLE_STEPS.join(' and ')} have no extension`,
    }),
  new_due: date,
  reason: requiredText('reason', MAX_DISPUTE_REASON_LENGTH),
});

/** One event as the API takes it: `{ type, date, ...fields }`, discriminated on `type`. */
export const DisputeEventInputSchema = z.discriminatedUnion(
  'type',
  [
    BillSentEventSchema,
    InitialPaymentReceivedEventSchema,
    DenialReceivedEventSchema,
    OpenNegotiationSentEventSchema,
    OpenNegotiationFiledEventSchema,
    OpenNegotiationResponseEventSchema,
    SettledEventSchema,
    IdrInitiatedEventSchema,
    EntitySelectedEventSchema,
    OfferRequestedEventSchema,
    OfferSubmittedEventSchema,
    DeterminationEventSchema,
    AwardPaidEventSchema,
    IneligibleEventSchema,
    WithdrawnEventSchema,
    ExtensionEventSchema,
  ],
  { error: 'type must be a dispute event type' },
);
export type DisputeEventInput = z.infer<typeof DisputeEventInputSchema>;
export type DisputeEventType = DisputeEventInput['type'];
/** The event types, in the order of a dispute. */
export const DISPUTE_EVENT_TYPES = [
  'bill_sent',
  'initial_payment_received',
  'denial_received',
  'open_negotiation_sent',
  'open_negotiation_filed',
  'open_negotiation_response',
  'settled',
  'idr_initiated',
  'entity_selected',
  'offer_requested',
  'offer_submitted',
  'determination',
  'award_paid',
  'ineligible',
  'withdrawn',
  'extension',
] as const satisfies readonly DisputeEventType[];
export const DisputeEventTypeSchema = z.enum(DISPUTE_EVENT_TYPES);

/**
 * The per-case fields of a dispute; each may be absent, null clears it. Amounts in dollars
 * (billed_amount: total charges; qpa: the plan's qualifying payment amount).
 */
export const DisputeDetailsSchema = z.object({
  billed_amount: amount.nullable().optional(),
  qpa: amount.nullable().optional(),
  dispute_reference: z
    .string()
    .trim()
    .max(TEXT_LIMITS.id, tooLongMessage('dispute_reference', TEXT_LIMITS.id))
    .nullable()
    .optional(),
  payer_name: z
    .string()
    .trim()
    .max(TEXT_LIMITS.text, tooLongMessage('payer_name', TEXT_LIMITS.text))
    .nullable()
    .optional(),
  payer_contact: z
    .string()
    .trim()
    .max(TEXT_LIMITS.text, tooLongMessage('payer_contact', TEXT_LIMITS.text))
    .nullable()
    .optional(),
});
export type DisputeDetails = z.infer<typeof DisputeDetailsSchema>;

/** Who must act on a deadline; `none` for dates that only inform. */
export const PartySchema = z.enum(['provider', 'payer', 'entity', 'departments', 'none']);
export type Party = z.infer<typeof PartySchema>;

export const DeadlineStateSchema = z.enum(['met', 'late', 'open', 'due_soon', 'overdue', 'info', 'not_applicable']);
export type DeadlineState = z.infer<typeof DeadlineStateSchema>;

export const RULE_VERSIONS = ['2021-IFR', '2026-IDR-Ops'] as const;
export const RuleVersionSchema = z.enum(RULE_VERSIONS);
export type RuleVersion = z.infer<typeof RuleVersionSchema>;

/** V: checked against the statute or Federal Register; S: secondary sources only; U: unconfirmed. */
export const GradeSchema = z.enum(['V', 'S', 'U']);
export type Grade = z.infer<typeof GradeSchema>;

/** One computed deadline (the engine's answer, and the API's). */
export const DeadlineSchema = z.object({
  step: DeadlineStepSchema,
  /** The due date, YYYY-MM-DD (after any extension). */
  due: z.string(),
  day_type: z.enum(['business', 'calendar']),
  /** The event the period counts from. */
  basis: z.object({ type: DisputeEventTypeSchema, date: z.string() }),
  rule_version: RuleVersionSchema,
  graded: GradeSchema,
  party: PartySchema,
  state: DeadlineStateSchema,
  /** Date of the event that satisfied it (state met or late). */
  met_on: z.string().optional(),
  /** The due date before an `extension` moved it. */
  extended_from: z.string().optional(),
  /** A calendar-day deadline on a weekend or federal holiday (no roll-forward is written for it). */
  falls_on_non_business_day: z.boolean().optional(),
});
export type Deadline = z.infer<typeof DeadlineSchema>;

/**
 * Engine settings. Each 2026-IDR-Ops provision applies to open negotiations sent on or after its
 * own date (null: never); the Departments switch the portal features on at staggered dates.
 */
export interface DeadlineConfig {
  /** Extra federal closures (YYYY-MM-DD) that are not business days, e.g. Executive Order closures. */
  extraClosures: readonly string[];
  /** An open deadline due within this many business days is `due_soon`. */
  dueSoonBusinessDays: number;
  provisions2026: {
    /** Open negotiation starts on the later of portal filing and notice to the other party. */
    openNegotiationStart: { appliesFrom: string | null; requireNoticeToOtherParty: boolean };
    /** Open Negotiation Response Notice due by business day 15 of the period. */
    responseNotice: { appliesFrom: string | null };
    /** Cooling-off of batched disputes as 30 business days (unconfirmed: off). */
    batchedCoolingOff: { appliesFrom: string | null };
  };
}

/** The Executive Order closures of the reference (U): pass them as `extraClosures` to apply them. */
export const EXECUTIVE_ORDER_CLOSURES: readonly string[] = ['2024-12-24', '2025-12-24', '2025-12-26'];

/** Defaults: no extra closures, due soon within 5 business days, 2026 provisions from 2026-08-03. */
export const DEFAULT_DEADLINE_CONFIG: DeadlineConfig = {
  extraClosures: [],
  dueSoonBusinessDays: 5,
  provisions2026: {
    openNegotiationStart: { appliesFrom: '2026-08-03', requireNoticeToOtherParty: true },
    responseNotice: { appliesFrom: '2026-08-03' },
    batchedCoolingOff: { appliesFrom: null },
  },
};

/** Options of {@link ComputeDeadlines}: `asOf` is today (YYYY-MM-DD, America/New_York) as the caller sees it. */
export interface ComputeDeadlinesOptions {
  asOf: string;
  /** A batched dispute (42 U.S.C. 300gg-111(c)(3)): only the 2026 batched cooling-off reads it. */
  batched?: boolean;
  config?: Partial<Omit<DeadlineConfig, 'provisions2026'>> & {
    provisions2026?: Partial<DeadlineConfig['provisions2026']>;
  };
}

/**
 * `computeDeadlines(events, { asOf, config? })` in ./deadlines: every deadline whose basis event is
 * present, in step order. Events are taken in the order recorded; a later event of a type corrects an
 * earlier one (per party for offers, per step for extensions). Pure: `asOf` stands for today.
 */
export type ComputeDeadlines = (events: readonly DisputeEventInput[], options: ComputeDeadlinesOptions) => Deadline[];
/** `nextDeadline(deadlines)` in ./deadlines: the soonest open, due-soon or overdue deadline that an event records, or null. */
export type NextDeadline = (deadlines: readonly Deadline[]) => Deadline | null;

/** A refused event: the field at fault and a message for the 400 answer. */
export interface DisputeProblem {
  field: string;
  message: string;
}

type EventLike = Pick<DisputeEventInput, 'type' | 'date'> & { step?: string };

/**
 * Which earlier event each type needs (any one of the list), following the order of the steps in
 * 42 U.S.C. 300gg-111(c): open negotiation after the initial payment or denial, IDR after open
 * negotiation, the entity after initiation, offers and the determination after selection, the award
 * payment after a determination or settlement.
 */
export const EVENT_PREREQUISITES: Readonly<Partial<Record<DisputeEventType, readonly DisputeEventType[]>>> = {
  open_negotiation_sent: ['initial_payment_received', 'denial_received'],
  open_negotiation_filed: ['initial_payment_received', 'denial_received'],
  open_negotiation_response: ['open_negotiation_sent', 'open_negotiation_filed'],
  settled: ['open_negotiation_sent', 'open_negotiation_filed'],
  idr_initiated: ['open_negotiation_sent', 'open_negotiation_filed'],
  entity_selected: ['idr_initiated'],
  offer_requested: ['entity_selected'],
  offer_submitted: ['entity_selected'],
  determination: ['entity_selected'],
  award_paid: ['determination', 'settled'],
  ineligible: ['idr_initiated'],
  withdrawn: ['open_negotiation_sent', 'open_negotiation_filed', 'idr_initiated'],
};

/** The event each step counts from (any one of the list): an extension needs it recorded. */
export const STEP_BASIS: Readonly<Record<DeadlineStep, readonly DisputeEventType[]>> = {
  initial_payment_due: ['bill_sent'],
  open_negotiation_initiation_due: ['initial_payment_received', 'denial_received'],
  open_negotiation_end: ['open_negotiation_sent', 'open_negotiation_filed'],
  open_negotiation_response_due: ['open_negotiation_sent', 'open_negotiation_filed'],
  idr_initiation_window_start: ['open_negotiation_sent', 'open_negotiation_filed'],
  idr_initiation_due: ['open_negotiation_sent', 'open_negotiation_filed'],
  entity_selection_joint_due: ['idr_initiated'],
  entity_selection_departments_due: ['idr_initiated'],
  conflict_attestation_due: ['entity_selected'],
  offers_due: ['entity_selected', 'offer_requested'],
  determination_due: ['entity_selected'],
  award_payment_due: ['determination', 'settled'],
  entity_fee_refund_due: ['determination'],
  cooling_off_end: ['determination'],
  post_cooling_off_initiation_due: ['determination'],
};

/** After these nothing more is recorded (a settlement still awaits its payment). */
const CLOSING_EVENTS: readonly DisputeEventType[] = ['ineligible', 'withdrawn'];

const list = (types: readonly string[]) =>
  types.length === 1 ? (types[0] ?? '') : `${types.slice(0, -1).join(', ')} or ${types.at(-1) ?? ''}`;

/**
 * Whether `next` may be recorded after the `existing` events of a stored dispute: the problem
 * (field and message) or null. Checks that an earlier event it needs is recorded on or before its
 * date ({@link EVENT_PREREQUISITES}), that the dispute is not closed (ineligible, withdrawn, or
 * settled for anything but the award payment) and, for an extension, that its step's basis is
 * recorded and `new_due` is not before the event's own date. Date existence, amounts and the
 * "not after today" rule are the schema's and the caller's.
 */
export function checkPrerequisites(
  existing: readonly EventLike[],
  next: EventLike & { new_due?: string },
): DisputeProblem | null {
  const closing = existing.find((e) => CLOSING_EVENTS.includes(e.type));
  if (closing)
    return { field: 'type', message: `The dispute is closed: ${closing.type} was recorded on ${closing.date}` };
  const settled = existing.find((e) => e.type === 'settled');
  if (settled && next.type !== 'award_paid') {
    return { field: 'type', message: `The dispute was settled on ${settled.date}: only award_paid can follow` };
  }
  const needs = next.type === 'extension' ? STEP_BASIS[next.step as DeadlineStep] : EVENT_PREREQUISITES[next.type];
  if (needs) {
    const found = existing.filter((e) => needs.includes(e.type));
    const what = next.type === 'extension' ? `an extension of ${next.step ?? ''}` : next.type;
    if (found.length === 0) return { field: 'type', message: `${what} needs ${list(needs)} recorded first` };
    const earliest = found.reduce((a, b) => (b.date < a.date ? b : a));
    if (next.date < earliest.date) {
      return { field: 'date', message: `date must be on or after the ${earliest.type} date (${earliest.date})` };
    }
  }
  if (next.type === 'extension' && next.new_due !== undefined && next.new_due < next.date) {
    return { field: 'new_due', message: `new_due must be on or after the extension date (${next.date})` };
  }
  return null;
}

export { EVENT_STATUS_MOVES, eventsForStatus, statusAfterEvent } from './status-moves';
