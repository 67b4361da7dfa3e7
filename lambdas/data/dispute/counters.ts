/**
 * The dispute counters of `case-stats` (docs/decisions/0019-dispute-data.md), kept on write: every
 * dispute write carries, in its own transaction, ADD updates taking the counters from what the case's
 * record counted before to what it counts after. Queue entries and unpaid awards are counted per
 * due day and due month (so "overdue" and "due soon", which change with the calendar, are sums over
 * date ranges at read time); amounts per write shard and per owner.
 */
import * as z from 'zod';
import { getEnv } from '../../lib/env';
import { queryAll } from '../../lib/dynamo';
import { parseItems } from '../item';
import { caseShard, rangeCounters, type CounterUpdate } from '../counters/stats';
import { dueCounterKeys, dueCounterScopes, disputeTotalsKeys, type DueCounterFamily } from './keys';
import type { AwardEntry, DisputeRecord } from './items';

/** What the counters see of a case's record. */
export type CountedDispute = Pick<DisputeRecord, 'case_id' | 'user_id' | 'queue' | 'award'>;

/** Award totals of one award (all zero without one). */
function awardTotals(award: AwardEntry | undefined): Record<string, number> {
  if (!award) return { awards_n: 0, awards_unpaid: 0, awarded_cents: 0, award_paid_cents: 0, unpaid_cents: 0 };
  const unpaid = award.state === 'unpaid';
  return {
    awards_n: 1,
    awards_unpaid: unpaid ? 1 : 0,
    awarded_cents: award.award_cents,
    award_paid_cents: award.paid_cents,
    unpaid_cents: unpaid ? award.award_cents : 0,
  };
}

/**
 * The counter updates taking `case-stats` from `before` to `after` (undefined: no record yet), one
 * Update per counter item (deltas on the same item merged: a transaction may name an item once),
 * none for an item whose deltas cancel out. The owner of a case never changes.
 */
export function disputeCounterUpdates(before: CountedDispute | undefined, after: CountedDispute): CounterUpdate[] {
  const deltas = new Map<string, { key: { scope: string; bucket: string }; add: Map<string, number> }>();
  const add = (key: { scope: string; bucket: string }, attr: string, n: number) => {
    if (n === 0) return;
    const id = `${key.scope}\u0000${key.bucket}`;
    const entry = deltas.get(id) ?? { key, add: new Map<string, number>() };
    entry.add.set(attr, (entry.add.get(attr) ?? 0) + n);
    deltas.set(id, entry);
  };
  const countDue = (family: DueCounterFamily, due: string, n: number) => {
    const keys = dueCounterKeys(family, due);
    add(keys.day, 'n', n);
    add(keys.month, 'n', n);
  };
  const side = (record: CountedDispute | undefined, sign: 1 | -1) => {
    if (!record) return;
    if (record.queue) {
      countDue({ kind: 'all' }, record.queue.due, sign);
      countDue({ kind: 'owner', userId: record.user_id }, record.queue.due, sign);
    }
    if (record.award?.state === 'unpaid') countDue({ kind: 'award-unpaid' }, record.award.due, sign);
    const totals = disputeTotalsKeys(record.user_id, caseShard(record.case_id));
    for (const [attr, n] of Object.entries(awardTotals(record.award))) {
      add(totals.all, attr, sign * n);
      add(totals.owner, attr, sign * n);
    }
  };
  side(before, -1);
  side(after, 1);

  const table = getEnv().CASE_STATS_TABLE;
  const updates: CounterUpdate[] = [];
  for (const { key, add: attrs } of deltas.values()) {
    const live = [...attrs].filter(([, n]) => n !== 0);
    if (live.length === 0) continue;
    const names: Record<string, string> = {};
    const values: Record<string, unknown> = {};
    live.forEach(([attr, n], i) => {
      names[`#a${i}`] = attr;
      values[`:a${i}`] = n;
    });
    updates.push({
      Update: {
        TableName: table,
        Key: key,
        UpdateExpression: `ADD ${live.map((_, i) => `#a${i} :a${i}`).join(', ')}`,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      },
    });
  }
  return updates;
}

const TotalsSchema = z.looseObject({ scope: z.string(), bucket: z.string() }).catchall(z.unknown());

/**
 * Entries of `family` due on `from`..`to` (YYYY-MM-DD, both included; `from` undefined: since the
 * first): whole months from the month counters, the partial months from the day counters
 * (lambdas/data/counters/stats.ts rangeCounters: at most 3 Queries of small items).
 */
export async function countDue(family: DueCounterFamily, from: string | undefined, to: string): Promise<number> {
  if (from !== undefined && from > to) return 0;
  const scopes = dueCounterScopes(family);
  const items = await rangeCounters(scopes.day, scopes.month, from ?? FIRST_DAY, to);
  return items.reduce((sum, item) => sum + (typeof item.n === 'number' ? item.n : 0), 0);
}

/** Before any due date (the month walk of "since the first" starts at its month). */
const FIRST_DAY = '0000-01-01';

/** Award totals (integer cents and counts) of every case (`ownerId` undefined) or of one owner's. */
export interface AwardTotals {
  awards_n: number;
  awards_unpaid: number;
  awarded_cents: number;
  award_paid_cents: number;
  unpaid_cents: number;
}

/** The award totals: the write shards summed (one Query), or the owner's item. */
export async function readAwardTotals(ownerId?: string): Promise<AwardTotals> {
  const keys = disputeTotalsKeys(ownerId ?? '', 0);
  const out = await queryAll({
    TableName: getEnv().CASE_STATS_TABLE,
    KeyConditionExpression: ownerId === undefined ? '#s = :s' : '#s = :s AND #b = :b',
    ExpressionAttributeNames: { '#s': 'scope', ...(ownerId === undefined ? {} : { '#b': 'bucket' }) },
    ExpressionAttributeValues: {
      ':s': ownerId === undefined ? keys.all.scope : keys.owner.scope,
      ...(ownerId === undefined ? {} : { ':b': keys.owner.bucket }),
    },
  });
  const totals: AwardTotals = { awards_n: 0, awards_unpaid: 0, awarded_cents: 0, award_paid_cents: 0, unpaid_cents: 0 };
  for (const item of parseItems(TotalsSchema, out.items, 'case-stats', ['scope', 'bucket'])) {
    for (const attr of Object.keys(totals) as (keyof AwardTotals)[]) {
      const v = item[attr];
      if (typeof v === 'number' && Number.isFinite(v)) totals[attr] += v;
    }
  }
  return totals;
}
