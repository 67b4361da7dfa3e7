/**
 * Counts and sums of cases without scans (decision record 0010).
 *
 * Every case write that changes what is counted (a create, a delete, a status change, a pay amount
 * change) carries, in the SAME TransactWriteItems as the case item, ADD updates of six counter
 * items of `case-stats` (keys: `caseStatsKeys` in lambdas/lib/tables.ts): the case's shard of the
 * totals, its creation day and month, its owner, and its owner's creation day and month. Each item holds
 * `n_<status>` (cases per status), `n_total` (cases) and `pay_cents` (sum of pay_amount in integer
 * cents). Counts therefore stay exact whatever the concurrency: a case write and its counter
 * updates commit together or not at all (README, "Counts and the transaction layer").
 *
 * Reads ({@link readCaseStats}): range `all` sums the CASE_STATS_SHARDS `all` items (one Query);
 * a range sums the month items of its whole months and the day items of its partial months
 * ({@link rangeCounters}: at most 74 small items for a year). A provider's own stats read their
 * owner item (all) or their owner-month and owner-day items (range). Top users: the 5 owner items with the highest `n_total`, one Query on
 * the `byCaseCount` index (all-time whatever the range: a per-range ranking would need every
 * owner's day items), names from one BatchGetItem on the users table.
 */
import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { CASE_STATUSES, FIRST_PAID_STATUS, INITIAL_CASE_STATUS, centsToDollars } from '../../../shared';
import { ddb } from '../../lib/aws';
import * as z from 'zod';
import { queryAll } from '../../lib/dynamo';
import { getEnv } from '../../lib/env';
import { parseItems } from '../item';
import { CASE_STATS_SHARDS, OWNER_BOARD, caseStatsKeys } from './keys';
import { shardOf } from '../keys';
import { ownerNames } from '../user/owners';

/** What the counters need of a case: owner, id, creation time, status and pay amount (cents). */
export interface CountedCase {
  case_id: string;
  user_id: string;
  created_at: string;
  case_status: number;
  pay_amount_cents?: number | null;
}

/** One ADD update of a counter item, for a TransactWriteItems `Update` action. */
export interface CounterUpdate {
  Update: {
    TableName: string;
    Key: { scope: string; bucket: string };
    UpdateExpression: string;
    ExpressionAttributeNames: Record<string, string>;
    ExpressionAttributeValues: Record<string, unknown>;
  };
}

/** The counter shard of a case (0..CASE_STATS_SHARDS-1), stable for its id (FNV-1a of the id). */
export function caseShard(caseId: string): number {
  return shardOf(caseId, CASE_STATS_SHARDS);
}

/** `YYYY-MM-DD` (UTC) of an ISO time. */
export function dayOf(isoTime: string): string {
  return isoTime.slice(0, 10);
}

/**
 * The counter updates that take the counts from `before` to `after` (undefined = the case does not
 * exist on that side: a create or a delete). The owner and creation time of a case never change.
 * Returns [] when nothing counted changes (then the case write needs no transaction).
 */
export function counterUpdates(before: CountedCase | undefined, after: CountedCase | undefined): CounterUpdate[] {
  const ref = after ?? before;
  if (!ref) return [];
  const deltas = new Map<string, number>();
  const add = (attr: string, n: number) => {
    if (n !== 0) deltas.set(attr, (deltas.get(attr) ?? 0) + n);
  };
  if (before) add(`n_${before.case_status}`, -1);
  if (after) add(`n_${after.case_status}`, 1);
  add('n_total', (after ? 1 : 0) - (before ? 1 : 0));
  add('pay_cents', (after?.pay_amount_cents ?? 0) - (before?.pay_amount_cents ?? 0));
  for (const [attr, n] of [...deltas]) if (n === 0) deltas.delete(attr);
  if (deltas.size === 0) return [];

  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const parts: string[] = [];
  [...deltas].forEach(([attr, n], i) => {
    names[`#a${i}`] = attr;
    values[`:a${i}`] = n;
    parts.push(`#a${i} :a${i}`);
  });
  const table = getEnv().CASE_STATS_TABLE;
  const keys = caseStatsKeys(ref.user_id, dayOf(ref.created_at), caseShard(ref.case_id));
  const update = (key: { scope: string; bucket: string }, extra?: { set: string; names: object; values: object }) => ({
    Update: {
      TableName: table,
      Key: key,
      UpdateExpression: `ADD ${parts.join(', ')}${extra ? ` SET ${extra.set}` : ''}`,
      ExpressionAttributeNames: { ...names, ...(extra?.names ?? {}) },
      ExpressionAttributeValues: { ...values, ...(extra?.values ?? {}) },
    },
  });
  return [
    update(keys.all),
    update(keys.day),
    update(keys.month),
    // The owner item is also the row of the top-users index (board, n_total).
    update(keys.owner, {
      set: '#board = :board, #owner = :owner',
      names: { '#board': 'board', '#owner': 'owner_id' },
      values: { ':board': OWNER_BOARD, ':owner': ref.user_id },
    }),
    update(keys.ownerDay),
    update(keys.ownerMonth),
  ];
}

/** The ranges of GET /case/stats (decision record 0010): days back from today (UTC), today included. */
export const STATS_RANGES = { '7d': 7, '30d': 30, '90d': 90, '1y': 365, all: undefined } as const;
export type StatsRange = keyof typeof STATS_RANGES;

/** The answer of GET /case/stats, less `success` (decision record 0010). */
export interface CaseStats {
  range: StatsRange;
  total_cases: number;
  /** Sum of pay_amount, dollars. */
  total_revenue: number;
  /** Cases with status Paid (spec back-office section 2, Analytics: "Pending Cases"). */
  pending_cases: number;
  incomplete_cases: number;
  /** Every status value as text -> cases. */
  by_status: Record<string, number>;
  top_users: { user_id: string; name: string; case_count: number }[];
}

/** One counter item of `case-stats` as read: `n_<status>`, `n_total`, `pay_cents` (integer cents). */
export interface CounterItem {
  [attr: string]: unknown;
}

/**
 * The item schema of a counter item (or of its projection, which may omit `scope`): its bucket and
 * numeric counters; `board` and `owner_id` of owner items are text.
 */
export const CounterItemSchema = z
  .looseObject({ scope: z.string().optional(), bucket: z.string() })
  .catchall(z.union([z.number(), z.string()])) as z.ZodType<CounterItem>;

/** Counter items of a Query read to the end, parsed (the key names the scope and bucket only). */
export async function queryCounters(input: QueryCommandInput): Promise<{ items: CounterItem[]; scanned: number }> {
  const out = await queryAll(input);
  return { items: parseItems(CounterItemSchema, out.items, 'case-stats', ['scope', 'bucket']), scanned: out.scanned };
}

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

/** The month after `YYYY-MM`. */
export function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12
    ? `${String(y + 1).padStart(4, '0')}-01`
    : `${String(y).padStart(4, '0')}-${String(m + 1).padStart(2, '0')}`;
}

/** The month before `YYYY-MM`. */
export function previousMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 1
    ? `${String(y - 1).padStart(4, '0')}-12`
    : `${String(y).padStart(4, '0')}-${String(m - 1).padStart(2, '0')}`;
}

/**
 * The counter items of the days `from`..`to` (UTC `YYYY-MM-DD`, both included): whole months from
 * `monthScope`, the partial months at either end from `dayScope` (at most 3 Queries and, for a
 * year, 12 month items + 62 day items, whatever the number of cases). Throws only on DynamoDB errors.
 */
export async function rangeCounters(
  dayScope: string,
  monthScope: string,
  from: string,
  to: string,
): Promise<CounterItem[]> {
  const table = getEnv().CASE_STATS_TABLE;
  // Bounded by construction: at most 31 day or 12 month items per Query.
  const between = async (scope: string, lo: string, hi: string) =>
    (
      await queryCounters({
        TableName: table,
        KeyConditionExpression: '#s = :s AND #b BETWEEN :from AND :to',
        ExpressionAttributeNames: { '#s': 'scope', '#b': 'bucket' },
        ExpressionAttributeValues: { ':s': scope, ':from': lo, ':to': hi },
      })
    ).items;
  const fromMonth = from.slice(0, 7);
  const toMonth = to.slice(0, 7);
  if (fromMonth === toMonth) return between(dayScope, from, to);
  const firstFull = from.endsWith('-01') ? fromMonth : nextMonth(fromMonth);
  const lastFull = previousMonth(toMonth);
  const parts = await Promise.all([
    from.endsWith('-01') ? Promise.resolve([]) : between(dayScope, from, `${fromMonth}-31`),
    firstFull <= lastFull ? between(monthScope, firstFull, lastFull) : Promise.resolve([]),
    between(dayScope, `${toMonth}-01`, to),
  ]);
  return parts.flat();
}

/** First day (UTC, `YYYY-MM-DD`) of a range of `days` ending today. */
export function rangeStartDay(days: number, now: Date): string {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - (days - 1)));
  return start.toISOString().slice(0, 10);
}

/**
 * Counts of all cases (`ownerId` undefined; with top users) or of one owner's cases (no top users),
 * created within `range`. Throws only on DynamoDB errors.
 */
export async function readCaseStats(range: StatsRange, ownerId?: string, now: Date = new Date()): Promise<CaseStats> {
  const table = getEnv().CASE_STATS_TABLE;
  const days = STATS_RANGES[range];
  const today = now.toISOString().slice(0, 10);
  let items: CounterItem[];
  if (ownerId === undefined) {
    items =
      days === undefined
        ? await queryCounters({
            TableName: table,
            KeyConditionExpression: '#s = :s',
            ExpressionAttributeNames: { '#s': 'scope' },
            ExpressionAttributeValues: { ':s': 'all' },
          }).then((out) => out.items)
        : await rangeCounters('day', 'month', rangeStartDay(days, now), today);
  } else {
    const keys = caseStatsKeys(ownerId, today, 0);
    items =
      days === undefined
        ? await queryCounters({
            TableName: table,
            KeyConditionExpression: '#s = :s AND #b = :b',
            ExpressionAttributeNames: { '#s': 'scope', '#b': 'bucket' },
            ExpressionAttributeValues: { ':s': keys.owner.scope, ':b': keys.owner.bucket },
          }).then((out) => out.items)
        : await rangeCounters(keys.ownerDay.scope, keys.ownerMonth.scope, rangeStartDay(days, now), today);
  }

  const byStatus: Record<string, number> = Object.fromEntries(CASE_STATUSES.map((s) => [String(s.value), 0]));
  let total = 0;
  let payCents = 0;
  for (const item of items) {
    for (const s of CASE_STATUSES)
      byStatus[String(s.value)] = (byStatus[String(s.value)] ?? 0) + num(item[`n_${s.value}`]);
    total += num(item.n_total);
    payCents += num(item.pay_cents);
  }
  return {
    range,
    total_cases: total,
    total_revenue: centsToDollars(payCents),
    pending_cases: byStatus[String(FIRST_PAID_STATUS)] ?? 0,
    incomplete_cases: byStatus[String(INITIAL_CASE_STATUS)] ?? 0,
    by_status: byStatus,
    top_users: ownerId === undefined ? await topUsers(5) : [],
  };
}

/** The `count` owners with the most cases (all-time), with their names (one Query, one BatchGet). */
export async function topUsers(count: number): Promise<CaseStats['top_users']> {
  const out = await ddb().send(
    new QueryCommand({
      TableName: getEnv().CASE_STATS_TABLE,
      IndexName: 'byCaseCount',
      KeyConditionExpression: '#b = :b AND #n > :zero',
      ExpressionAttributeNames: { '#b': 'board', '#n': 'n_total' },
      ExpressionAttributeValues: { ':b': OWNER_BOARD, ':zero': 0 },
      ScanIndexForward: false,
      Limit: count,
    }),
  );
  const rows = parseItems(CounterItemSchema, out.Items, 'case-stats', ['scope', 'bucket']).map((item) => ({
    user_id: String(item.owner_id ?? item.bucket),
    case_count: num(item.n_total),
  }));
  const names = await ownerNames(rows.map((r) => r.user_id));
  return rows.map((r) => ({ user_id: r.user_id, name: names.get(r.user_id) ?? '', case_count: r.case_count }));
}
