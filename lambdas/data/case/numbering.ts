/**
 * Numbering of the cases created before case numbers (docs/decisions/0022-case-numbers.md): every
 * case without `case_number`, live or soft-deleted, gets one in creation order (`created_at`, of a
 * deleted case `deleted_created_at`, then `case_id`), from a block reserved on the counter in one
 * ADD, so it never collides with a case created meanwhile. Run by the seed and every local start
 * (local/), and on AWS by `npm run number:cases` (bin/number-cases.ts, docs/operations.md).
 *
 * Idempotent: a case that has a number keeps it (each write is conditional on its absence), and a
 * second run finds nothing to do. It reads the whole table (a Scan, projected to four attributes):
 * a one-off operation, never on a request path.
 */
import { GetCommand, UpdateCommand, paginateScan } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { formatCaseNumber, parseCaseNumber } from '../../../shared';
import { ddb } from '../../lib/aws';
import { getEnv } from '../../lib/env';
import { isConditionalCheckFailed } from '../../lib/errors';
import { parseItems } from '../item';
import { raiseCaseNumberCounter, reserveCaseNumbers } from '../counters/case-numbers';
import { CASE_NUMBER_COUNTER_KEY } from '../counters/keys';
import { searchKey } from '../keys';

/** What the numbering reads of each case. */
const NumberingItemSchema = z.looseObject({
  case_id: z.string().min(1),
  case_number: z.string().optional(),
  created_at: z.string().optional(),
  deleted_created_at: z.string().optional(),
});

/** What a run did. */
export interface NumberingResult {
  /** Cases read. */
  cases: number;
  /** Cases given a number by this run (0 on a second run). */
  numbered: number;
  /** The highest number on a case after the run (0 when there is none). */
  highest: number;
}

/** Attribute of the counter item that says a run left no case without a number. */
const COMPLETE_ATTRIBUTE = 'numbering_complete_at';

/**
 * Number every case that has no number (see the module doc). With `unlessComplete`, nothing is
 * read when an earlier run recorded that it left none (every case created since gets its number
 * on create): what a start runs, one GetItem. Throws only DynamoDB's errors.
 */
export async function numberExistingCases(
  options: { unlessComplete?: boolean; now?: Date } = {},
): Promise<NumberingResult> {
  const { CASES_TABLE, CASE_STATS_TABLE } = getEnv();
  if (options.unlessComplete) {
    const counter = await ddb().send(
      new GetCommand({ TableName: CASE_STATS_TABLE, Key: CASE_NUMBER_COUNTER_KEY, ConsistentRead: true }),
    );
    if (counter.Item?.[COMPLETE_ATTRIBUTE] !== undefined) return { cases: 0, numbered: 0, highest: 0 };
  }

  const items: z.infer<typeof NumberingItemSchema>[] = [];
  const pages = paginateScan(
    { client: ddb() },
    {
      TableName: CASES_TABLE,
      ConsistentRead: true,
      ProjectionExpression: '#id, #num, #ca, #dca',
      ExpressionAttributeNames: {
        '#id': 'case_id',
        '#num': 'case_number',
        '#ca': 'created_at',
        '#dca': 'deleted_created_at',
      },
    },
  );
  for await (const page of pages) items.push(...parseItems(NumberingItemSchema, page.Items, 'cases', ['case_id']));

  let highest = 0;
  for (const item of items) highest = Math.max(highest, parseCaseNumber(item.case_number) ?? 0);
  const created = (item: (typeof items)[number]) => item.created_at ?? item.deleted_created_at ?? '';
  const missing = items
    .filter((item) => item.case_number === undefined)
    .sort((a, b) => created(a).localeCompare(created(b)) || a.case_id.localeCompare(b.case_id));

  // Above every number on a case, even if the counter was lost or restored older than the cases.
  if (highest > 0) await raiseCaseNumberCounter(highest);
  let numbered = 0;
  if (missing.length > 0) {
    const first = await reserveCaseNumbers(missing.length);
    for (const [i, item] of missing.entries()) {
      const n = first + i;
      const number = formatCaseNumber(n);
      const key = searchKey(number)!;
      try {
        await ddb().send(
          new UpdateCommand({
            TableName: CASES_TABLE,
            Key: { case_id: item.case_id },
            // A write like any other: the version grows (an item from before versions gets 1).
            // With the keys of the number's search index (./keys.ts CASE_SEARCH_TEXTS).
            UpdateExpression: 'SET #num = :num, #sp = :sp, #s = :s ADD #v :one',
            ConditionExpression: 'attribute_exists(#id) AND attribute_not_exists(#num)',
            ExpressionAttributeNames: {
              '#id': 'case_id',
              '#num': 'case_number',
              '#v': 'version',
              '#sp': 'search_num_p',
              '#s': 'search_num',
            },
            ExpressionAttributeValues: { ':num': number, ':sp': key.p, ':s': key.s, ':one': 1 },
          }),
        );
        numbered += 1;
        highest = Math.max(highest, n);
      } catch (err) {
        // Numbered by a concurrent run, or purged since the read: this number stays unused.
        if (!isConditionalCheckFailed(err)) throw err;
      }
    }
  }
  await ddb().send(
    new UpdateCommand({
      TableName: CASE_STATS_TABLE,
      Key: CASE_NUMBER_COUNTER_KEY,
      UpdateExpression: 'SET #c = :at',
      ExpressionAttributeNames: { '#c': COMPLETE_ATTRIBUTE },
      ExpressionAttributeValues: { ':at': (options.now ?? new Date()).toISOString() },
    }),
  );
  return { cases: items.length, numbered, highest };
}
