/**
 * Recount of the analytics counters (decision record 0028) from the cases themselves, for the
 * cases written before those counters existed: pay amounts per status on the counter items of
 * ./keys.ts `caseStatsKeys`, and the payer and aging items of `analyticsKeys`. Run after the
 * index-key refresh: by every local start (local/), and on AWS by `npm run number:cases`.
 *
 * It reads the cases table whole (a Scan: a one-off operation, never on a request path) and SETs
 * each counter to its recounted value; payer and aging items no live case counts any more are set
 * to zero. Case writes during a run may be counted twice or not at all: run it when the stage is
 * quiet (docs/operations.md). A finished run records {@link ANALYTICS_VERSION} on the case-number
 * counter item, and `unlessComplete` then costs one GetItem.
 */
import { UpdateCommand, paginateScan } from '@aws-sdk/lib-dynamodb';
import { CASE_STATUSES } from '../../../shared';
import { ddb } from '../../lib/aws';
import { getEnv } from '../../lib/env';
import { parseCaseItem } from '../case/repository';
import { analyticsKeys, caseStatsKeys } from './keys';
import { markMigrationDone, migrationDone } from './migrations';
import { caseShard, dayOf, enteredDay, payerBucket, queryCounters } from './stats';

/** The generation of analytics counters this code writes. */
export const ANALYTICS_VERSION = 1;
const COMPLETE_ATTRIBUTE = 'analytics_version';

type Key = { scope: string; bucket: string };
const idOf = (key: Key) => `${key.scope}\u0000${key.bucket}`;

/** What a run did: live cases read and counter items written. */
export interface RecountResult {
  cases: number;
  items: number;
}

/** Recount the analytics counters (see the module doc). Throws only DynamoDB's errors. */
export async function recountAnalytics(options: { unlessComplete?: boolean } = {}): Promise<RecountResult> {
  const { CASES_TABLE, CASE_STATS_TABLE } = getEnv();
  if (options.unlessComplete && (await migrationDone(COMPLETE_ATTRIBUTE, ANALYTICS_VERSION))) {
    return { cases: 0, items: 0 };
  }

  const totals = new Map<string, { key: Key; values: Record<string, number | string> }>();
  const at = (key: Key, initial: Record<string, number | string>) => {
    let entry = totals.get(idOf(key));
    if (!entry) totals.set(idOf(key), (entry = { key, values: { ...initial } }));
    return entry.values;
  };
  const noPayPerStatus = Object.fromEntries(CASE_STATUSES.map((s) => [`pay_${s.value}`, 0]));
  let cases = 0;
  for await (const page of paginateScan({ client: ddb() }, { TableName: CASES_TABLE, ConsistentRead: true })) {
    for (const raw of page.Items ?? []) {
      const item = parseCaseItem(raw);
      if (item.deleted_at !== undefined) continue;
      cases += 1;
      const pay = item.pay_amount_cents ?? 0;
      const keys = caseStatsKeys(item.user_id, dayOf(item.created_at), caseShard(item.case_id));
      for (const key of Object.values(keys)) {
        const values = at(key, noPayPerStatus);
        values[`pay_${item.case_status}`] = Number(values[`pay_${item.case_status}`] ?? 0) + pay;
      }
      const payer = payerBucket(item);
      const byPayer = at(analyticsKeys.payer(payer.bucket), { n_total: 0, pay_cents: 0, label: payer.label });
      byPayer.n_total = Number(byPayer.n_total) + 1;
      byPayer.pay_cents = Number(byPayer.pay_cents) + pay;
      const aging = at(analyticsKeys.aging(item.case_status, enteredDay(item)), { n_total: 0 });
      aging.n_total = Number(aging.n_total) + 1;
    }
  }
  // Payer and aging items that no live case counts any more (a deleted case's, say) go to zero.
  for (const scope of ['payer', ...CASE_STATUSES.map((s) => analyticsKeys.aging(s.value, '').scope)]) {
    const { items } = await queryCounters({
      TableName: CASE_STATS_TABLE,
      KeyConditionExpression: '#s = :s',
      ExpressionAttributeNames: { '#s': 'scope' },
      ExpressionAttributeValues: { ':s': scope },
    });
    for (const item of items)
      at({ scope, bucket: String(item.bucket) }, { n_total: 0, ...(scope === 'payer' ? { pay_cents: 0 } : {}) });
  }

  for (const { key, values } of totals.values()) {
    const entries = Object.entries(values);
    await ddb().send(
      new UpdateCommand({
        TableName: CASE_STATS_TABLE,
        Key: key,
        UpdateExpression: `SET ${entries.map((_, i) => `#a${i} = :a${i}`).join(', ')}`,
        ExpressionAttributeNames: Object.fromEntries(entries.map(([name], i) => [`#a${i}`, name])),
        ExpressionAttributeValues: Object.fromEntries(entries.map(([, value], i) => [`:a${i}`, value])),
      }),
    );
  }
  await markMigrationDone(COMPLETE_ATTRIBUTE, ANALYTICS_VERSION);
  return { cases, items: totals.size };
}
