/**
 * API layer of the dispute screens, on `apiFetch` (web/src/lib/api.ts); every answer is checked with
 * the shared schemas (shared/schemas/dispute-api.ts) and one of another shape throws an Error
 * {@link DISPUTE_UNREADABLE}. Failed calls throw `ApiError` (a 400 keeps its `errors: [{ field,
 * message }]` in `body`, read by {@link fieldErrorsOf}). Amounts are dollars, dates YYYY-MM-DD.
 */
import * as z from 'zod';
import {
  CalculateAnswerSchema,
  DisputeAnswerSchema,
  DisputeAwardsAnswerSchema,
  DisputeQueueAnswerSchema,
  type DisputeAnswer,
} from '../../../shared/schemas/dispute-api';
import type { Deadline, DeadlineStep, DisputeEventInput } from '../../../shared/dispute/events';
import { apiFetch } from '../lib/api';

export const DISPUTE_UNREADABLE = 'The server answered in a form this page cannot read. Please try again.';
/** Rows per page of the Deadlines and Awards lists. */
export const DISPUTE_PAGE_SIZE = 50;

export type { DisputeAnswer };
export type QueueAnswer = z.infer<typeof DisputeQueueAnswerSchema>;
export type QueueItem = QueueAnswer['items'][number];
export type AwardsAnswer = z.infer<typeof DisputeAwardsAnswerSchema>;
export type AwardItem = AwardsAnswer['items'][number];

function parsed<T>(schema: z.ZodType<T>, body: unknown): T {
  const result = schema.safeParse(body);
  if (!result.success) throw new Error(DISPUTE_UNREADABLE);
  return result.data;
}

/** GET /dispute?case_id=: the case's events, amounts, deadlines and Medicare benchmark. */
export async function fetchDispute(caseId: string, signal?: AbortSignal): Promise<DisputeAnswer> {
  return parsed(DisputeAnswerSchema, await apiFetch<unknown>('/dispute', { query: { case_id: caseId }, signal }));
}

/** The per-case fields a new event may carry beside it (amounts in dollars); each kept until set again. */
export interface DisputeCaseFields {
  billed_amount?: number;
  qpa?: number;
  payer_name?: string;
  payer_contact?: string;
  dispute_reference?: string;
}

/** POST /dispute/event (user_type 10 or more): records one event; answers the whole dispute. */
export async function recordDisputeEvent(
  caseId: string,
  event: DisputeEventInput,
  fields: DisputeCaseFields = {},
): Promise<DisputeAnswer> {
  const body = await apiFetch<unknown>('/dispute/event', {
    method: 'POST',
    body: { case_id: caseId, ...fields, ...event },
  });
  return parsed(DisputeAnswerSchema, body);
}

/** DELETE /dispute/event (user_type 10 or more): deletes one event with a reason (kept); answers the dispute. */
export async function deleteDisputeEvent(caseId: string, eventId: string, reason: string): Promise<DisputeAnswer> {
  const body = await apiFetch<unknown>('/dispute/event', {
    method: 'DELETE',
    query: { case_id: caseId, event_id: eventId, reason },
  });
  return parsed(DisputeAnswerSchema, body);
}

/** POST /dispute/calculate (any signed-in user, stores nothing): every deadline whose basis is given. */
export async function calculateDeadlines(events: readonly DisputeEventInput[], asOf?: string): Promise<Deadline[]> {
  const body = await apiFetch<unknown>('/dispute/calculate', { method: 'POST', body: { events, as_of: asOf } });
  return parsed(CalculateAnswerSchema, body).deadlines;
}

/** Filters of the Deadlines queue; empty text = not filtered. */
export interface QueueFilters {
  state: '' | 'overdue' | 'due_soon' | 'open';
  /** Business days, as typed ('' = any). */
  withinDays: string;
  step: '' | DeadlineStep;
  userId: string;
}

export const NO_QUEUE_FILTERS: QueueFilters = { state: '', withinDays: '', step: '', userId: '' };

/** The query of GET /dispute/queue for `filters` (no page): also the server export's filters. */
export function queueQuery(filters: QueueFilters) {
  return {
    state: filters.state,
    within_days: filters.withinDays.trim(),
    step: filters.step,
    user_id: filters.userId,
  };
}

/** GET /dispute/queue: one page of next deadlines, soonest first. */
export async function fetchQueuePage(
  filters: QueueFilters,
  cursor?: string,
  signal?: AbortSignal,
): Promise<QueueAnswer> {
  const body = await apiFetch<unknown>('/dispute/queue', {
    query: { ...queueQuery(filters), limit: DISPUTE_PAGE_SIZE, cursor },
    signal,
  });
  return parsed(DisputeQueueAnswerSchema, body);
}

export type AwardState = 'unpaid' | 'overdue' | 'paid';

/** GET /dispute/awards: one page of awards in `state`, with the totals. */
export async function fetchAwardsPage(state: AwardState, cursor?: string, signal?: AbortSignal): Promise<AwardsAnswer> {
  const body = await apiFetch<unknown>('/dispute/awards', {
    query: { state, limit: DISPUTE_PAGE_SIZE, cursor },
    signal,
  });
  return parsed(DisputeAwardsAnswerSchema, body);
}

const FieldErrorsSchema = z.object({ errors: z.array(z.object({ field: z.string(), message: z.string() })) });

/** The `errors: [{ field, message }]` of a refused write (a 400's body), [] for any other failure. */
export function fieldErrorsOf(err: unknown): { field: string; message: string }[] {
  const result = FieldErrorsSchema.safeParse((err as { body?: unknown } | null)?.body);
  return result.success ? result.data.errors : [];
}
