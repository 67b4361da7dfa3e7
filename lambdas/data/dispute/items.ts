/**
 * The stored items of the `disputes` table and the domain shapes the rest of the code sees
 * (docs/decisions/0019-dispute-data.md). Each item schema holds its storage-only attributes (`sk`,
 * index keys, soft-delete marks, `version`); the mappers below drop them, so no domain type carries
 * a key. Amounts are integer cents here; the API speaks dollars.
 */
import * as z from 'zod';
import { VersionSchema, parseItem } from '../item';
import { awardIndexAttributes, disputeSk, queueIndexAttributes, type AwardState } from './keys';

const cents = z.number().int().nonnegative();
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** One recorded event: its type, date, type-specific fields and who recorded it when. */
export interface DisputeEvent {
  event_id: string;
  type: string;
  /** YYYY-MM-DD. */
  date: string;
  /** Integer cents, for the event types that carry an amount. */
  amount_cents?: number;
  /** The other fields of its type (entity_name, selected_by, party, prevailing_party, step, new_due, reason). */
  fields: Record<string, string>;
  recorded_by: string;
  /** ISO time. */
  recorded_at: string;
  /** Present once deleted: events are never edited in place, a deletion keeps them with its reason. */
  deleted?: { at: string; by: string; reason: string };
}

/** The entry of a case in the deadline queue: its next open deadline (step and due date). */
export interface QueueEntry {
  step: string;
  due: string;
}

/** The award of a case: what was determined, what is paid and when payment is due. */
export interface AwardEntry {
  determination_date: string;
  award_cents: number;
  paid_cents: number;
  /** The award payment deadline, YYYY-MM-DD. */
  due: string;
  state: AwardState;
}

/** The per-case fields of a dispute; each may be absent. */
export interface DisputeFields {
  billed_amount_cents?: number;
  qpa_cents?: number;
  dispute_reference?: string;
  payer_name?: string;
  payer_contact?: string;
}
export const DISPUTE_FIELD_NAMES = [
  'billed_amount_cents',
  'qpa_cents',
  'dispute_reference',
  'payer_name',
  'payer_contact',
] as const satisfies readonly (keyof DisputeFields)[];

/** The dispute record of a case: its fields, what its counters count, and its lock version. */
export interface DisputeRecord extends DisputeFields {
  case_id: string;
  user_id: string;
  /** Events recorded so far (deleted ones included); the next event id follows it. */
  event_seq: number;
  /** The queue entry and award as last written (what the counters of case-stats hold for this case). */
  queue?: QueueEntry;
  award?: AwardEntry;
  created_at: string;
  updated_at: string;
  version: number;
}

/** The event id of the `seq`-th event of a case: sorts in recording order. */
export function eventIdOf(seq: number): string {
  return `ev-${String(seq).padStart(6, '0')}`;
}
export const EVENT_ID_PATTERN = /^ev-\d{6}$/;

const RecordItemSchema = z.looseObject({
  case_id: z.string().min(1),
  sk: z.literal(disputeSk.record),
  user_id: z.string().min(1),
  event_seq: z.number().int().nonnegative(),
  billed_amount_cents: cents.optional(),
  qpa_cents: cents.optional(),
  dispute_reference: z.string().optional(),
  payer_name: z.string().optional(),
  payer_contact: z.string().optional(),
  queue_step: z.string().optional(),
  queue_due: day.optional(),
  award_date: day.optional(),
  award_cents: cents.optional(),
  award_paid_cents: cents.optional(),
  award_due: day.optional(),
  award_state: z.enum(['unpaid', 'paid']).optional(),
  created_at: z.string(),
  updated_at: z.string(),
  version: VersionSchema,
});
export type RecordItem = z.infer<typeof RecordItemSchema>;

const EventItemSchema = z.looseObject({
  case_id: z.string().min(1),
  sk: z.string().startsWith(disputeSk.eventPrefix),
  event_id: z.string().regex(EVENT_ID_PATTERN),
  type: z.string().min(1),
  date: day,
  amount_cents: cents.optional(),
  fields: z.record(z.string(), z.string()).default({}),
  recorded_by: z.string(),
  recorded_at: z.string(),
  deleted_at: z.string().optional(),
  deleted_by: z.string().optional(),
  delete_reason: z.string().optional(),
});
export type EventItem = z.infer<typeof EventItemSchema>;

const QueueItemSchema = z.looseObject({
  case_id: z.string().min(1),
  sk: z.literal(disputeSk.queue),
  user_id: z.string().min(1),
  step: z.string().min(1),
  due: day,
  payer_name: z.string().optional(),
  due_p: z.string().optional(),
  owner_due_p: z.string().optional(),
  step_due_p: z.string().optional(),
  due_s: z.string().optional(),
});
export type QueueItem = z.infer<typeof QueueItemSchema>;

const AwardItemSchema = z.looseObject({
  case_id: z.string().min(1),
  sk: z.literal(disputeSk.award),
  user_id: z.string().min(1),
  determination_date: day,
  award_cents: cents,
  paid_cents: cents,
  due: day,
  state: z.enum(['unpaid', 'paid']),
  award_p: z.string().optional(),
  award_s: z.string().optional(),
});
export type AwardItem = z.infer<typeof AwardItemSchema>;

const KEY = ['case_id', 'sk'] as const;
const TABLE = 'disputes';

/** A stored item parsed with its schema (`MalformedItemError`, a 500, when it does not match). */
export const parseRecordItem = (item: unknown): RecordItem => parseItem(RecordItemSchema, item, TABLE, KEY);
export const parseEventItem = (item: unknown): EventItem => parseItem(EventItemSchema, item, TABLE, KEY);
export const parseQueueItem = (item: unknown): QueueItem => parseItem(QueueItemSchema, item, TABLE, KEY);
export const parseAwardItem = (item: unknown): AwardItem => parseItem(AwardItemSchema, item, TABLE, KEY);

/** The domain record of a stored record item. */
export function toRecord(item: RecordItem): DisputeRecord {
  return {
    case_id: item.case_id,
    user_id: item.user_id,
    event_seq: item.event_seq,
    ...pick(item, DISPUTE_FIELD_NAMES),
    ...(item.queue_step !== undefined && item.queue_due !== undefined
      ? { queue: { step: item.queue_step, due: item.queue_due } }
      : {}),
    ...(item.award_date !== undefined &&
    item.award_cents !== undefined &&
    item.award_due !== undefined &&
    item.award_state !== undefined
      ? {
          award: {
            determination_date: item.award_date,
            award_cents: item.award_cents,
            paid_cents: item.award_paid_cents ?? 0,
            due: item.award_due,
            state: item.award_state,
          },
        }
      : {}),
    created_at: item.created_at,
    updated_at: item.updated_at,
    version: item.version ?? 0,
  };
}

/** The stored record item of a domain record (its queue entry and award flattened). */
export function recordItemOf(record: DisputeRecord): RecordItem {
  return {
    case_id: record.case_id,
    sk: disputeSk.record,
    user_id: record.user_id,
    event_seq: record.event_seq,
    ...pick(record, DISPUTE_FIELD_NAMES),
    ...(record.queue ? { queue_step: record.queue.step, queue_due: record.queue.due } : {}),
    ...(record.award
      ? {
          award_date: record.award.determination_date,
          award_cents: record.award.award_cents,
          award_paid_cents: record.award.paid_cents,
          award_due: record.award.due,
          award_state: record.award.state,
        }
      : {}),
    created_at: record.created_at,
    updated_at: record.updated_at,
    version: record.version,
  };
}

/** The domain event of a stored event item. */
export function toEvent(item: EventItem): DisputeEvent {
  return {
    event_id: item.event_id,
    type: item.type,
    date: item.date,
    ...(item.amount_cents !== undefined ? { amount_cents: item.amount_cents } : {}),
    fields: item.fields ?? {},
    recorded_by: item.recorded_by,
    recorded_at: item.recorded_at,
    ...(item.deleted_at !== undefined
      ? { deleted: { at: item.deleted_at, by: item.deleted_by ?? '', reason: item.delete_reason ?? '' } }
      : {}),
  };
}

/** The stored item of a new event of case `caseId`. */
export function eventItemOf(caseId: string, event: DisputeEvent): EventItem {
  return {
    case_id: caseId,
    sk: disputeSk.event(event.event_id),
    event_id: event.event_id,
    type: event.type,
    date: event.date,
    ...(event.amount_cents !== undefined ? { amount_cents: event.amount_cents } : {}),
    fields: event.fields,
    recorded_by: event.recorded_by,
    recorded_at: event.recorded_at,
  };
}

/** The stored queue item of a case's entry, with its index keys. */
export function queueItemOf(record: DisputeRecord, entry: QueueEntry): QueueItem {
  return {
    case_id: record.case_id,
    sk: disputeSk.queue,
    user_id: record.user_id,
    step: entry.step,
    due: entry.due,
    ...(record.payer_name !== undefined ? { payer_name: record.payer_name } : {}),
    ...queueIndexAttributes(record.case_id, record.user_id, entry.step, entry.due),
  };
}

/** The stored award item of a case's award, with its index keys. */
export function awardItemOf(record: DisputeRecord, award: AwardEntry): AwardItem {
  return {
    case_id: record.case_id,
    sk: disputeSk.award,
    user_id: record.user_id,
    determination_date: award.determination_date,
    award_cents: award.award_cents,
    paid_cents: award.paid_cents,
    due: award.due,
    state: award.state,
    ...awardIndexAttributes(record.case_id, award.state, award.due),
  };
}

function pick<T extends object, K extends keyof T>(source: T, names: readonly K[]): Partial<Pick<T, K>> {
  const out: Partial<Pick<T, K>> = {};
  for (const name of names) if (source[name] !== undefined) out[name] = source[name];
  return out;
}
