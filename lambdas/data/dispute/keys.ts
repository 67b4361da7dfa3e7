/**
 * Keys of the dispute desk (docs/decisions/0019-dispute-data.md): the `disputes` table, its item
 * types and indexes, and the counter items of `case-stats` a dispute write moves. Every key and index
 * attribute is built here and nowhere else. Pure data, no AWS imports: the CDK app and the local
 * runtime read it through lambdas/lib/tables.ts.
 */
import type { TableDef } from '../../lib/tables';
import { shardOf } from '../keys';

/**
 * One partition per case (`case_id`), items told apart by `sk` ({@link disputeSk}): the case's
 * dispute record, its events, its entry in the deadline queue and its award. The indexes hold only
 * the queue and award items, soonest due first (sort `<due>#<case_id>`), write-sharded over
 * {@link DUE_SHARDS} partitions like the audit trail's days, so that a page is a lazy k-way merge
 * (lambdas/lib/paging.ts queryShardsInOrder) reading about 1.1x the items a page answers.
 */
export const DISPUTES_TABLE = {
  id: 'disputes',
  envVar: 'DISPUTES_TABLE',
  partitionKey: { name: 'case_id', type: 'S' },
  sortKey: { name: 'sk', type: 'S' },
  globalSecondaryIndexes: [
    // Next open deadline of every case: partition `q#<shard>`.
    { indexName: 'byDue', partitionKey: { name: 'due_p', type: 'S' }, sortKey: { name: 'due_s', type: 'S' } },
    // One owner's (partition the user id: an owner's cases are few enough for one partition).
    {
      indexName: 'byOwnerDue',
      partitionKey: { name: 'owner_due_p', type: 'S' },
      sortKey: { name: 'due_s', type: 'S' },
    },
    // One step's: partition `<step>#<shard>`.
    { indexName: 'byStepDue', partitionKey: { name: 'step_due_p', type: 'S' }, sortKey: { name: 'due_s', type: 'S' } },
    // Awards by payment state: partition `<unpaid|paid>#<shard>`.
    { indexName: 'byAward', partitionKey: { name: 'award_p', type: 'S' }, sortKey: { name: 'award_s', type: 'S' } },
  ],
} as const satisfies TableDef;

/** Write shards of the `byDue`, `byStepDue` and `byAward` partitions. */
export const DUE_SHARDS = 4;

/** The shard of a case's queue and award entries (0..DUE_SHARDS-1, stable for its id). */
export function dueShard(caseId: string): number {
  return shardOf(caseId, DUE_SHARDS);
}

/** The item types of a case's partition. */
export const disputeSk = {
  /** The dispute record: per-case fields, the counted state and the lock `version`. */
  record: 'dispute',
  /** The entry of the next open deadline (present only while the case has one). */
  queue: 'queue',
  /** The award (present once a determination is recorded). */
  award: 'award',
  /** One event; ids sort in the order they were recorded. */
  event: (eventId: string) => `event#${eventId}`,
  /** Prefix of every event's `sk` (a Query of a case's events). */
  eventPrefix: 'event#',
} as const;

/** `YYYY-MM` of a date `YYYY-MM-DD`. */
export function monthOfDay(day: string): string {
  return day.slice(0, 7);
}

/** Sort key of a queue or award entry: its due date, then the case id (unique, in due order). */
export function dueSortKey(due: string, caseId: string): string {
  return `${due}#${caseId}`;
}

/** The index families of the queue: every case, one owner's, one step's. */
export type QueueFamily = { kind: 'all' } | { kind: 'owner'; userId: string } | { kind: 'step'; step: string };

/** Index, partition attribute and partition values (one per shard) of a queue family. */
export function queuePartitions(family: QueueFamily): { indexName: string; attribute: string; values: string[] } {
  const shards = Array.from({ length: DUE_SHARDS }, (_, k) => k);
  if (family.kind === 'owner') return { indexName: 'byOwnerDue', attribute: 'owner_due_p', values: [family.userId] };
  if (family.kind === 'step') {
    return { indexName: 'byStepDue', attribute: 'step_due_p', values: shards.map((k) => `${family.step}#${k}`) };
  }
  return { indexName: 'byDue', attribute: 'due_p', values: shards.map((k) => `q#${k}`) };
}

/** The index attributes of a queue entry of case `caseId`, owner `userId`, next step `step` due `due`. */
export function queueIndexAttributes(
  caseId: string,
  userId: string,
  step: string,
  due: string,
): { due_p: string; owner_due_p: string; step_due_p: string; due_s: string } {
  const shard = dueShard(caseId);
  return { due_p: `q#${shard}`, owner_due_p: userId, step_due_p: `${step}#${shard}`, due_s: dueSortKey(due, caseId) };
}

/** Whether an award is paid (an `award_paid` event is recorded) or not. */
export type AwardState = 'unpaid' | 'paid';

/** The partition values (one per shard) of the awards in `state`. */
export function awardPartitions(state: AwardState): string[] {
  return Array.from({ length: DUE_SHARDS }, (_, k) => `${state}#${k}`);
}

/** The index attributes of an award of case `caseId` in `state`, its payment due `due`. */
export function awardIndexAttributes(
  caseId: string,
  state: AwardState,
  due: string,
): { award_p: string; award_s: string } {
  return { award_p: `${state}#${dueShard(caseId)}`, award_s: dueSortKey(due, caseId) };
}

/**
 * Counter families of `case-stats` (lambdas/data/counters/keys.ts) kept by dispute writes: entries
 * per due day and due month of the whole queue, of each owner's and of the unpaid awards, so that
 * counts by date range (overdue: before today; due soon: the next business days) are read from a
 * few dozen small items at most, whatever the number of cases.
 */
export type DueCounterFamily = { kind: 'all' } | { kind: 'owner'; userId: string } | { kind: 'award-unpaid' };

function familyName(family: DueCounterFamily): string {
  if (family.kind === 'owner') return `dq-owner#${family.userId}`;
  return family.kind === 'all' ? 'dq' : 'award-unpaid';
}

/** The day and month counter items of `family` for entries due on `due` (`YYYY-MM-DD`). */
export function dueCounterKeys(
  family: DueCounterFamily,
  due: string,
): { day: { scope: string; bucket: string }; month: { scope: string; bucket: string } } {
  const name = familyName(family);
  return {
    day: { scope: `${name}#day`, bucket: due },
    month: { scope: `${name}#month`, bucket: monthOfDay(due) },
  };
}

/** The scopes of the day and month counters of `family`. */
export function dueCounterScopes(family: DueCounterFamily): { day: string; month: string } {
  const keys = dueCounterKeys(family, '0000-00-00');
  return { day: keys.day.scope, month: keys.month.scope };
}

/**
 * The dispute totals: `dispute-totals` items, one per write shard of the case (like the case
 * counters' `all` scope), and one per owner (`dispute-owner-totals`, bucket the user id). Each holds
 * `awards_n`, `awards_unpaid`, `awarded_cents`, `award_paid_cents`, `unpaid_cents`.
 */
export function disputeTotalsKeys(
  userId: string,
  shard: number,
): { all: { scope: string; bucket: string }; owner: { scope: string; bucket: string } } {
  return {
    all: { scope: 'dispute-totals', bucket: `shard#${shard}` },
    owner: { scope: 'dispute-owner-totals', bucket: userId },
  };
}
