/**
 * The case-number counter of `case-stats` (docs/decisions/0022-case-numbers.md): one item whose `n`
 * is the highest number handed out. Numbers are reserved with one UpdateItem `ADD n :count` whose
 * returned value is used, so concurrent writers always get different numbers; a number reserved
 * by a write that then fails is skipped, never handed out again.
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../../lib/aws';
import { getEnv } from '../../lib/env';
import { isConditionalCheckFailed } from '../../lib/errors';
import { CASE_NUMBER_COUNTER_KEY } from './keys';

const table = () => getEnv().CASE_STATS_TABLE;

/**
 * Reserve `count` (1 or more) consecutive numbers; resolves with the first (the last is
 * `first + count - 1`). Throws RangeError for a bad count, else only DynamoDB's errors.
 */
export async function reserveCaseNumbers(count = 1): Promise<number> {
  if (!Number.isSafeInteger(count) || count < 1) throw new RangeError(`Reserve at least one case number, got ${count}`);
  const out = await ddb().send(
    new UpdateCommand({
      TableName: table(),
      Key: CASE_NUMBER_COUNTER_KEY,
      UpdateExpression: 'ADD #n :count',
      ExpressionAttributeNames: { '#n': 'n' },
      ExpressionAttributeValues: { ':count': count },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  const last = out.Attributes?.n;
  if (typeof last !== 'number' || !Number.isSafeInteger(last))
    throw new Error('The case-number counter is not a number');
  return last - count + 1;
}

/** The highest number handed out (0 before the first), strongly consistent. */
export async function readCaseNumberCounter(): Promise<number> {
  const out = await ddb().send(
    new GetCommand({ TableName: table(), Key: CASE_NUMBER_COUNTER_KEY, ConsistentRead: true }),
  );
  const n = out.Item?.n;
  return typeof n === 'number' && Number.isSafeInteger(n) ? n : 0;
}

/**
 * Make the counter at least `highest` (a number found on a case, e.g. after a restore of the cases
 * table without its counters), so that the next reservation is above it. Resolves true when it
 * raised the counter, false when it was already there.
 */
export async function raiseCaseNumberCounter(highest: number): Promise<boolean> {
  try {
    await ddb().send(
      new UpdateCommand({
        TableName: table(),
        Key: CASE_NUMBER_COUNTER_KEY,
        UpdateExpression: 'SET #n = :n',
        ConditionExpression: 'attribute_not_exists(#n) OR #n < :n',
        ExpressionAttributeNames: { '#n': 'n' },
        ExpressionAttributeValues: { ':n': highest },
      }),
    );
    return true;
  } catch (err) {
    if (isConditionalCheckFailed(err)) return false;
    throw err;
  }
}
