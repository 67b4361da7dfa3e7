/**
 * Keys of the case counters (`case-stats`): the table, the `byCaseCount` index and the counter
 * items one case write touches. Reads and writes: lambdas/data/counters/stats.ts.
 * Pure data, no AWS imports: the CDK app and the local runtime read it through lambdas/lib/tables.ts.
 */
import { stringIndex, stringTable } from '../keys';

/**
 * Counters of cases (decision record 0010): one item per (scope, bucket), each holding `n_<status>`
 * (cases per status), `n_total` and `pay_cents` (sum of pay_amount, integer cents), changed with
 * ADD in the same transaction as every case write. Keys are built only by {@link caseStatsKeys}.
 * Owner items also carry `board` = {@link OWNER_BOARD} and `n_total`, the key of the `byCaseCount`
 * index that answers "top users" with one Query.
 */
export const CASE_STATS_TABLE = stringTable(
  'case-stats',
  'CASE_STATS_TABLE',
  ['scope', 'bucket'],
  [stringIndex('byCaseCount', 'board', 'n_total', 'N')],
);

/** Partition of the owner items in the `byCaseCount` index (top users). */
export const OWNER_BOARD = 'owners';
/** Counter shards of the `all` scope (written by every case write): spreads them over this many items. */
export const CASE_STATS_SHARDS = 8;

/**
 * Keys of the counter items one case touches (decision record 0010); `shard` is the case's own
 * (0..CASE_STATS_SHARDS-1, from its id), `day` its creation day `YYYY-MM-DD` (UTC):
 * - `all`: scope `all`, bucket `shard#<k>` (sum the shards for the totals);
 * - `day` / `month`: scope `day` / `month`, bucket `<day>` / `<YYYY-MM>`: a range reads its whole
 *   months from `month` and only its partial months from `day` (at most 12 + 62 items for a year,
 *   whatever the number of cases);
 * - `owner`: scope `owner`, bucket `<user id>` (a provider's totals; top users through `byCaseCount`);
 * - `ownerDay` / `ownerMonth`: scope `owner-day#<user id>` / `owner-month#<user id>`, bucket
 *   `<day>` / `<YYYY-MM>` (a provider's counts over a range, read the same way).
 */
export function caseStatsKeys(
  userId: string,
  day: string,
  shard: number,
): Record<'all' | 'day' | 'month' | 'owner' | 'ownerDay' | 'ownerMonth', { scope: string; bucket: string }> {
  return {
    all: { scope: 'all', bucket: `shard#${shard}` },
    day: { scope: 'day', bucket: day },
    month: { scope: 'month', bucket: day.slice(0, 7) },
    owner: { scope: 'owner', bucket: userId },
    ownerDay: { scope: `owner-day#${userId}`, bucket: day },
    ownerMonth: { scope: `owner-month#${userId}`, bucket: day.slice(0, 7) },
  };
}

/**
 * Keys of the analytics counters (decision record 0028), changed with ADD in the same transaction
 * as every case write, like the items of {@link caseStatsKeys}:
 * - `payer`: scope `payer`, bucket the folded payer name (lambdas/data/counters/stats.ts
 *   `payerBucket`): `n_total`, `pay_cents` and `label` (the name as last written);
 * - `aging`: scope `aging#<status>`, bucket the UTC day the case entered that status: `n_total`
 *   (cases in that status since that day; a histogram of days in status reads one partition a status).
 */
export const analyticsKeys = {
  payer: (bucket: string) => ({ scope: 'payer', bucket }),
  aging: (status: number, day: string) => ({ scope: `aging#${status}`, bucket: day }),
};

/**
 * The counter item of case numbers (docs/decisions/0022-case-numbers.md): attribute `n`, the
 * highest number handed out so far; grown only by ADD, so a number is never given twice.
 */
export const CASE_NUMBER_COUNTER_KEY = { scope: 'sequence', bucket: 'case_number' } as const;
