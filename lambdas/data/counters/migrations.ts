/**
 * Markers of the one-off data migrations run by every local start and by `npm run number:cases`
 * (the index-key refresh, the analytics recount): a finished run records its generation in an
 * attribute of the case-number counter item, so a later start costs one GetItem. Throws only
 * DynamoDB's errors.
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../../lib/aws';
import { getEnv } from '../../lib/env';
import { CASE_NUMBER_COUNTER_KEY } from './keys';

/** Whether a run of generation `version` or later has finished (its marker `attribute` says so). */
export async function migrationDone(attribute: string, version: number): Promise<boolean> {
  const counter = await ddb().send(
    new GetCommand({ TableName: getEnv().CASE_STATS_TABLE, Key: CASE_NUMBER_COUNTER_KEY, ConsistentRead: true }),
  );
  const done = counter.Item?.[attribute];
  return typeof done === 'number' && done >= version;
}

/** Record that a run of generation `version` finished (marker `attribute`). */
export async function markMigrationDone(attribute: string, version: number): Promise<void> {
  await ddb().send(
    new UpdateCommand({
      TableName: getEnv().CASE_STATS_TABLE,
      Key: CASE_NUMBER_COUNTER_KEY,
      UpdateExpression: 'SET #c = :v',
      ExpressionAttributeNames: { '#c': attribute },
      ExpressionAttributeValues: { ':v': version },
    }),
  );
}
