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
import { CASE_STATS_SHARDS, OWNER_BOARD, analyticsKeys, caseStatsKeys } from './keys';
import { shardOf } from '../keys';
import { ownerNames } from '../user/owners';

/**
 * What the counters need of a case: owner, id, creation time, status and pay amount (cents); for
 * the analytics counters also its payer and when it entered its status (`status_changed_at`, else
 * the last history entry, else the creation time).
 */
export interface CountedCase {
  case_id: string;
  user_id: string;
  created_at: string;
  case_status: number;
  pay_amount_cents?: number | null;
  ins_provider?: string;
  status_changed_at?: string;
  status_history?: readonly { at: string }[];
}

/** The UTC day (`YYYY-MM-DD`) a counted case entered its status (see {@link CountedCase}). */
export function enteredDay(c: CountedCase): string {
  const history = Array.isArray(c.status_history) ? c.status_history : [];
  return dayOf(c.status_changed_at || history[history.length - 1]?.at || c.created_at);
}

/** The payer counter key of a case: its insurer, trimmed, spaces collapsed, lower-cased, at most 100 characters. */
export function payerBucket(c: Pick<CountedCase, 'ins_provider'>): { bucket: string; label: string } {
  const label = (c.ins_provider ?? '').replace(/\s+/g, ' ').trim().slice(0, 100);
  return { bucket: label.toLowerCase() || NO_PAYER, label: label || 'No payer' };
}

/** The payer bucket of a case without an insurer. */
export const NO_PAYER = '(none)';

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
  // The six items every counted change touches: counts, pay amounts, and pay amounts per status.
  const shared = new Deltas();
  const pay = (c: CountedCase | undefined) => c?.pay_amount_cents ?? 0;
  if (before) {
    shared.add(`n_${before.case_status}`, -1);
    shared.add(`pay_${before.case_status}`, -pay(before));
  }
  if (after) {
    shared.add(`n_${after.case_status}`, 1);
    shared.add(`pay_${after.case_status}`, pay(after));
  }
  shared.add('n_total', (after ? 1 : 0) - (before ? 1 : 0));
  shared.add('pay_cents', pay(after) - pay(before));

  const table = getEnv().CASE_STATS_TABLE;
  const update = (
    key: { scope: string; bucket: string },
    deltas: Deltas,
    extra?: { set: string; names: object; values: object },
  ): CounterUpdate => {
    const { parts, names, values } = deltas.expression();
    return {
      Update: {
        TableName: table,
        Key: key,
        UpdateExpression: `ADD ${parts.join(', ')}${extra ? ` SET ${extra.set}` : ''}`,
        ExpressionAttributeNames: { ...names, ...(extra?.names ?? {}) },
        ExpressionAttributeValues: { ...values, ...(extra?.values ?? {}) },
      },
    };
  };
  const updates: CounterUpdate[] = [];
  if (!shared.empty()) {
    const keys = caseStatsKeys(ref.user_id, dayOf(ref.created_at), caseShard(ref.case_id));
    updates.push(
      update(keys.all, shared),
      update(keys.day, shared),
      update(keys.month, shared),
      // The owner item is also the row of the top-users index (board, n_total).
      update(keys.owner, shared, {
        set: '#board = :board, #owner = :owner',
        names: { '#board': 'board', '#owner': 'owner_id' },
        values: { ':board': OWNER_BOARD, ':owner': ref.user_id },
      }),
      update(keys.ownerDay, shared),
      update(keys.ownerMonth, shared),
    );
  }

  // Analytics (decision record 0028): cases and pay amounts per payer, cases per status and day entered.
  const side = new Map<string, { key: { scope: string; bucket: string }; deltas: Deltas; label?: string }>();
  const at = (key: { scope: string; bucket: string }, label?: string) => {
    const id = `${key.scope}\u0000${key.bucket}`;
    let entry = side.get(id);
    if (!entry) side.set(id, (entry = { key, deltas: new Deltas(), ...(label !== undefined ? { label } : {}) }));
    return entry.deltas;
  };
  for (const [c, sign] of [
    [before, -1],
    [after, 1],
  ] as const) {
    if (!c) continue;
    const payer = payerBucket(c);
    const byPayer = at(analyticsKeys.payer(payer.bucket), payer.label);
    byPayer.add('n_total', sign);
    byPayer.add('pay_cents', sign * pay(c));
    at(analyticsKeys.aging(c.case_status, enteredDay(c))).add('n_total', sign);
  }
  for (const { key, deltas, label } of side.values()) {
    if (deltas.empty()) continue;
    updates.push(
      update(
        key,
        deltas,
        label !== undefined
          ? { set: '#label = :label', names: { '#label': 'label' }, values: { ':label': label } }
          : undefined,
      ),
    );
  }
  return updates;
}

/**
 * Counter updates summed per counter item (scope and bucket): the ADDs added up, the SETs (an owner's
 * board row, a payer's label) as the last update added gave them. Many writes' updates then apply
 * as one update per item, with the same totals as applying each (the back-office bench's bulk loads).
 * Takes the updates of {@link counterUpdates} and of the dispute counters (`ADD #n :v, ...` with an
 * optional `SET #n = :v, ...`); throws Error on any other expression.
 */
export class CounterTotals {
  private readonly items = new Map<
    string,
    { table: string; key: { scope: string; bucket: string }; add: Map<string, number>; set: Map<string, unknown> }
  >();

  /** Add the updates of one write. */
  add(updates: readonly CounterUpdate[]): void {
    for (const { Update: u } of updates) {
      const parsed = /^ADD (.+?)(?: SET (.+))?$/.exec(u.UpdateExpression);
      if (!parsed) throw new Error(`Not a counter update: ${u.UpdateExpression}`);
      const id = `${u.TableName}\u0000${u.Key.scope}\u0000${u.Key.bucket}`;
      let entry = this.items.get(id);
      if (!entry) {
        entry = { table: u.TableName, key: { ...u.Key }, add: new Map(), set: new Map() };
        this.items.set(id, entry);
      }
      const bad = () => new Error(`Not a counter update: ${u.UpdateExpression}`);
      const attr = (ref = '') => {
        const name = u.ExpressionAttributeNames[ref];
        if (name === undefined) throw bad();
        return name;
      };
      const value = (ref = '') => {
        if (!(ref in u.ExpressionAttributeValues)) throw bad();
        return u.ExpressionAttributeValues[ref];
      };
      for (const part of parsed[1]!.split(', ')) {
        const [nameRef, valueRef] = part.split(' ');
        const n = value(valueRef);
        if (typeof n !== 'number') throw bad();
        entry.add.set(attr(nameRef), (entry.add.get(attr(nameRef)) ?? 0) + n);
      }
      for (const part of parsed[2]?.split(', ') ?? []) {
        const [nameRef, valueRef] = part.split(' = ');
        entry.set.set(attr(nameRef), value(valueRef));
      }
    }
  }

  /** One update per counter item (zero sums dropped; an item with nothing left is left out), in the order first added. */
  updates(): CounterUpdate[] {
    const out: CounterUpdate[] = [];
    for (const { table, key, add, set } of this.items.values()) {
      const adds = [...add].filter(([, n]) => n !== 0);
      if (adds.length === 0 && set.size === 0) continue;
      const names: Record<string, string> = {};
      const values: Record<string, unknown> = {};
      adds.forEach(([attr, n], i) => {
        names[`#a${i}`] = attr;
        values[`:a${i}`] = n;
      });
      [...set].forEach(([attr, v], i) => {
        names[`#s${i}`] = attr;
        values[`:s${i}`] = v;
      });
      const clauses = [
        adds.length ? `ADD ${adds.map((_, i) => `#a${i} :a${i}`).join(', ')}` : '',
        set.size ? `SET ${[...set].map((_, i) => `#s${i} = :s${i}`).join(', ')}` : '',
      ];
      out.push({
        Update: {
          TableName: table,
          Key: key,
          UpdateExpression: clauses.filter(Boolean).join(' '),
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
        },
      });
    }
    return out;
  }
}

/** Additions to counter attributes, zeros dropped, as an ADD expression. */
class Deltas {
  private readonly map = new Map<string, number>();
  add(attr: string, n: number): void {
    this.map.set(attr, (this.map.get(attr) ?? 0) + n);
  }
  empty(): boolean {
    return [...this.map.values()].every((n) => n === 0);
  }
  expression(): { parts: string[]; names: Record<string, string>; values: Record<string, unknown> } {
    const names: Record<string, string> = {};
    const values: Record<string, unknown> = {};
    const parts: string[] = [];
    [...this.map]
      .filter(([, n]) => n !== 0)
      .forEach(([attr, n], i) => {
        names[`#a${i}`] = attr;
        values[`:a${i}`] = n;
        parts.push(`#a${i} :a${i}`);
      });
    return { parts, names, values };
  }
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
  /** Every status value as text -> sum of the pay amounts of its cases, dollars. */
  amount_by_status: Record<string, number>;
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
  const centsByStatus: Record<string, number> = Object.fromEntries(CASE_STATUSES.map((s) => [String(s.value), 0]));
  let total = 0;
  let payCents = 0;
  for (const item of items) {
    for (const s of CASE_STATUSES) {
      byStatus[String(s.value)] = (byStatus[String(s.value)] ?? 0) + num(item[`n_${s.value}`]);
      centsByStatus[String(s.value)] = (centsByStatus[String(s.value)] ?? 0) + num(item[`pay_${s.value}`]);
    }
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
    amount_by_status: Object.fromEntries(Object.entries(centsByStatus).map(([k, cents]) => [k, centsToDollars(cents)])),
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

/** Months of pay amounts in the analytics (the current month and the 11 before). */
export const ANALYTICS_MONTHS = 12;
/** Payers named in the payer mix; the rest are summed as "Other payers". */
export const PAYER_MIX_SIZE = 8;
/** Payer items one analytics read takes at most (one Query page); more are summed as "Other payers". */
export const MAX_PAYER_ITEMS = 1000;
/** The first day of each bucket of days in status (shared/schemas/lists.ts AGING_BUCKET_LABELS). */
export const AGING_BUCKET_STARTS = [0, 8, 31, 61, 91] as const;

/** The answer of GET /case/analytics (shared/schemas/lists.ts `CaseAnalyticsSchema`). */
export interface CaseAnalytics {
  /** Oldest month first: cases created that month and the sum of their pay amounts (dollars). */
  pay_by_month: { month: string; cases: number; amount: number }[];
  /** Most cases first, at most PAYER_MIX_SIZE payers then "Other payers" (cases and pay amounts, dollars). */
  payer_mix: { payer: string; cases: number; amount: number }[];
  /** Every status but Closed: cases per bucket of days in that status (AGING_BUCKET_STARTS order). */
  aging: { status: number; buckets: number[] }[];
}

/**
 * The back office's analytics (decision record 0028), all from counter items: pay amounts by month
 * (one Query of 12 month items), the payer mix (one Query of the payer items, at most
 * MAX_PAYER_ITEMS) and days in status (one Query a status of its day items, one item a day).
 * Throws only on DynamoDB errors.
 */
export async function readCaseAnalytics(now: Date = new Date()): Promise<CaseAnalytics> {
  const table = getEnv().CASE_STATS_TABLE;
  const thisMonth = now.toISOString().slice(0, 7);
  const months = [thisMonth];
  while (months.length < ANALYTICS_MONTHS) months.unshift(previousMonth(months[0]!));
  const scopeQuery = (scope: string, extra: Partial<QueryCommandInput> = {}) =>
    queryCounters({
      TableName: table,
      KeyConditionExpression: '#s = :s',
      ExpressionAttributeNames: { '#s': 'scope' },
      ExpressionAttributeValues: { ':s': scope },
      ...extra,
    }).then((out) => out.items);
  const statuses = CASE_STATUSES.filter((s) => s.value !== CASE_STATUSES[CASE_STATUSES.length - 1]!.value);
  const [monthItems, payerPage, ...agingItems] = await Promise.all([
    queryCounters({
      TableName: table,
      KeyConditionExpression: '#s = :s AND #b BETWEEN :from AND :to',
      ExpressionAttributeNames: { '#s': 'scope', '#b': 'bucket' },
      ExpressionAttributeValues: { ':s': 'month', ':from': months[0], ':to': thisMonth },
    }).then((out) => out.items),
    ddb()
      .send(
        new QueryCommand({
          TableName: table,
          KeyConditionExpression: '#s = :s',
          ExpressionAttributeNames: { '#s': 'scope' },
          ExpressionAttributeValues: { ':s': analyticsKeys.payer('').scope },
          Limit: MAX_PAYER_ITEMS,
        }),
      )
      .then((out) => parseItems(CounterItemSchema, out.Items, 'case-stats', ['scope', 'bucket'])),
    ...statuses.map((s) => scopeQuery(analyticsKeys.aging(s.value, '').scope)),
  ]);

  const byMonth = new Map(monthItems.map((item) => [String(item.bucket), item]));
  const pay_by_month = months.map((month) => ({
    month,
    cases: num(byMonth.get(month)?.n_total),
    amount: centsToDollars(num(byMonth.get(month)?.pay_cents)),
  }));

  const payers = payerPage
    .map((item) => ({ payer: String(item.label ?? item.bucket), cases: num(item.n_total), cents: num(item.pay_cents) }))
    .filter((p) => p.cases > 0)
    .sort((a, b) => b.cases - a.cases || a.payer.localeCompare(b.payer));
  const named = payers.slice(0, PAYER_MIX_SIZE);
  const rest = payers.slice(PAYER_MIX_SIZE);
  const payer_mix = named.map((p) => ({ payer: p.payer, cases: p.cases, amount: centsToDollars(p.cents) }));
  if (rest.length > 0) {
    payer_mix.push({
      payer: 'Other payers',
      cases: rest.reduce((n, p) => n + p.cases, 0),
      amount: centsToDollars(rest.reduce((n, p) => n + p.cents, 0)),
    });
  }

  const today = Date.parse(`${now.toISOString().slice(0, 10)}T00:00:00Z`);
  const aging = statuses.map((s, i) => {
    const buckets = AGING_BUCKET_STARTS.map(() => 0);
    for (const item of agingItems[i] ?? []) {
      const days = Math.max(0, Math.round((today - Date.parse(`${String(item.bucket)}T00:00:00Z`)) / 86_400_000));
      let b = AGING_BUCKET_STARTS.length - 1;
      while (b > 0 && days < AGING_BUCKET_STARTS[b]!) b -= 1;
      buckets[b]! += num(item.n_total);
    }
    return { status: s.value, buckets };
  });
  return { pay_by_month, payer_mix, aging };
}
