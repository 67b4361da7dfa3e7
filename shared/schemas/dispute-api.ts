/**
 * What the dispute calls take and answer (shared/api-contract.ts; lambdas/dispute/handler.ts). The
 * events, deadlines and their rules are the dispute module's (shared/dispute). Amounts are dollars
 * with 2 decimals; dates YYYY-MM-DD.
 */
import * as z from 'zod';
import { TEXT_LIMITS, tooLongMessage } from '../constants';
import {
  DEADLINE_STEPS,
  DeadlineSchema,
  DisputeAmountSchema,
  DisputeDateSchema,
  DisputeEventInputSchema,
  MAX_DISPUTE_REASON_LENGTH,
} from '../dispute';
import type { MedicareBenchmark } from '../dispute/medicare-benchmark';

const success = z.literal(true);
const money = z.number().finite();
const optionalText = (field: string, max: number) => z.string().trim().max(max, tooLongMessage(field, max)).optional();

/** Events one calculation takes at most. */
export const MAX_CALCULATE_EVENTS = 100;

/** POST /dispute/calculate: the dates the caller has, and the day to compute states for (default today). */
export const CalculateBodySchema = z.object({
  events: z
    .array(DisputeEventInputSchema, { error: 'events must be a list of events' })
    .max(MAX_CALCULATE_EVENTS, `events must hold at most ${MAX_CALCULATE_EVENTS} events`),
  as_of: DisputeDateSchema.optional(),
});

/** Longest federal dispute number (`dispute_reference`) a dispute keeps. */
export const MAX_DISPUTE_REFERENCE_LENGTH = 100;

/** The per-case fields a POST /dispute/event may set beside its event (each kept until set again). */
export const DisputeFieldsBodySchema = z.object({
  case_id: z.string({ error: 'case_id is required' }).trim().min(1, 'case_id is required').max(TEXT_LIMITS.id),
  billed_amount: DisputeAmountSchema.optional(),
  qpa: DisputeAmountSchema.optional(),
  dispute_reference: optionalText('dispute_reference', MAX_DISPUTE_REFERENCE_LENGTH),
  payer_name: optionalText('payer_name', TEXT_LIMITS.text),
  payer_contact: optionalText('payer_contact', TEXT_LIMITS.text),
});

/** POST /dispute/event: `{ case_id, type, date, ...fields }` and optionally the per-case fields. */
export const DisputeEventBodySchema = z.intersection(DisputeFieldsBodySchema, DisputeEventInputSchema);

const caseIdParam = z.string().max(TEXT_LIMITS.id).meta({ description: 'The case.' });

/** GET /dispute. */
export const DisputeQuerySchema = z.object({ case_id: caseIdParam });

/** DELETE /dispute/event. */
export const DisputeEventDeleteQuerySchema = z.object({
  case_id: caseIdParam,
  event_id: z.string().max(TEXT_LIMITS.id).meta({ description: 'The event (`event_id` of GET /dispute).' }),
  reason: z.string().max(MAX_DISPUTE_REASON_LENGTH).meta({ description: 'Why it is deleted (kept with the event).' }),
});

/** States of GET /dispute/queue: the next deadline's, as of today (America/New_York). */
export const QUEUE_STATES = ['overdue', 'due_soon', 'open'] as const;
/** States of GET /dispute/awards. */
export const AWARD_STATES = ['unpaid', 'overdue', 'paid'] as const;

const pageParams = {
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .optional()
    .meta({ description: 'Items per page: default 50, above 200 capped.' }),
  cursor: z
    .string()
    .max(4096)
    .optional()
    .meta({ description: 'The `next_cursor` of the previous page, with the same filters.' }),
};

/** The number of a list row's case ("C-000123"; null while it has none, or once it is deleted). */
const caseNumber = z.string().nullable().optional();

/** GET /dispute/queue. */
export const DisputeQueueQuerySchema = z.object({
  state: z.enum(QUEUE_STATES).optional().meta({
    description:
      'overdue: due before today; due_soon: today to the end of the due-soon window; open: after it. Default all three.',
  }),
  within_days: z.coerce.number().int().min(0).max(365).optional().meta({
    description: 'Only deadlines due within this many business days from today (overdue ones included).',
  }),
  step: z.enum(DEADLINE_STEPS).optional(),
  user_id: z.string().max(TEXT_LIMITS.id).optional().meta({ description: "One provider's cases." }),
  ...pageParams,
});

/** GET /dispute/awards. */
export const DisputeAwardsQuerySchema = z.object({
  state: z.enum(AWARD_STATES).optional().meta({
    description:
      'unpaid (default): no award_paid recorded, soonest due first; overdue: unpaid past the payment deadline; paid: most recently due first.',
  }),
  ...pageParams,
});

/** One recorded event as answered (amount in dollars), with who recorded it and when. */
export const DisputeEventAnswerSchema = z.object({
  event_id: z.string(),
  type: z.string(),
  date: z.string(),
  amount: money.optional(),
  entity_name: z.string().optional(),
  selected_by: z.string().optional(),
  party: z.string().optional(),
  prevailing_party: z.string().optional(),
  reason: z.string().optional(),
  step: z.string().optional(),
  new_due: z.string().optional(),
  recorded_by: z.string(),
  recorded_by_name: z.string().optional(),
  recorded_at: z.string(),
  deleted_at: z.string().optional(),
  deleted_by: z.string().optional(),
  delete_reason: z.string().optional(),
});
export type DisputeEventAnswer = z.infer<typeof DisputeEventAnswerSchema>;

/** The amounts of a dispute, in dollars, null when not recorded. */
export const DisputeAmountsSchema = z.object({
  billed: money.nullable(),
  initial_payment: money.nullable(),
  qpa: money.nullable(),
  provider_offer: money.nullable(),
  payer_offer: money.nullable(),
  settlement: money.nullable(),
  award: money.nullable(),
  award_paid: money.nullable(),
});
export type DisputeAmounts = z.infer<typeof DisputeAmountsSchema>;

/**
 * The national, unadjusted Medicare allowable of the case's procedure codes (shared/dispute/medicare-benchmark.ts);
 * `null` in a dispute answer until the answer carries it.
 */
export const MedicareBenchmarkSchema = z.object({
  amount: money.nullable(),
  conversion_factor: z.number().nullable(),
  year: z.number().int().nullable(),
  per_code: z.array(z.object({ code: z.string(), facility_total_rvu: z.number(), amount: money })),
  missing_codes: z.array(z.string()),
}) satisfies z.ZodType<MedicareBenchmark>;

/** GET /dispute, and the answer of every write. */
export const DisputeAnswerSchema = z.object({
  success,
  case_id: z.string(),
  events: z.array(DisputeEventAnswerSchema),
  /** Deleted events, kept with who deleted them and why. */
  deleted_events: z.array(DisputeEventAnswerSchema),
  amounts: DisputeAmountsSchema,
  dispute_reference: z.string().nullable(),
  payer_name: z.string().nullable(),
  payer_contact: z.string().nullable(),
  deadlines: z.array(DeadlineSchema),
  next_deadline: DeadlineSchema.nullable(),
  medicare_benchmark: MedicareBenchmarkSchema.nullable(),
});
export type DisputeAnswer = z.infer<typeof DisputeAnswerSchema>;

/** POST /dispute/calculate. */
export const CalculateAnswerSchema = z.object({ success, deadlines: z.array(DeadlineSchema) });

/** GET /dispute/queue. */
export const DisputeQueueAnswerSchema = z.object({
  success,
  items: z.array(
    z.object({
      case_id: z.string(),
      case_number: caseNumber,
      user_id: z.string(),
      owner_name: z.string(),
      patient_last: z.string(),
      payer_name: z.string(),
      case_status: z.number().int(),
      step: z.enum(DEADLINE_STEPS),
      due: z.string(),
      state: z.enum(QUEUE_STATES),
    }),
  ),
  next_cursor: z.string().optional(),
});

/** GET /dispute/awards. */
export const DisputeAwardsAnswerSchema = z.object({
  success,
  items: z.array(
    z.object({
      case_id: z.string(),
      case_number: caseNumber,
      owner_name: z.string(),
      determination_date: z.string(),
      award: money,
      paid: money,
      award_payment_due: z.string(),
      /** Calendar days past the payment deadline (0 when not past it, or paid). */
      days_overdue: z.number().int().nonnegative(),
    }),
  ),
  next_cursor: z.string().optional(),
  totals: z.object({ awarded: money, paid: money, unpaid: money, overdue_count: z.number().int().nonnegative() }),
});

export { DisputeStatsSchema, type DisputeStats } from './lists';
