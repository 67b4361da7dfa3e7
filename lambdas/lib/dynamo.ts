/**
 * Small DynamoDB helpers shared by the repositories: paginated Query and SET update expressions.
 * Request paths use GetItem, Query, BatchGetItem and conditional writes only (no Scan).
 */
import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { ddb } from './aws';

/** Run a Query to the end (following LastEvaluatedKey) and return all items. */
export async function queryAll<T>(input: QueryCommandInput): Promise<T[]> {
  const items: T[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const out = await ddb().send(new QueryCommand({ ...input, ExclusiveStartKey: startKey }));
    items.push(...((out.Items ?? []) as T[]));
    startKey = out.LastEvaluatedKey;
  } while (startKey);
  return items;
}

export interface SetUpdate {
  UpdateExpression: string;
  ExpressionAttributeNames: Record<string, string>;
  ExpressionAttributeValues: Record<string, unknown>;
}

/**
 * `SET #a = :a, #b = :b` for every field whose value is not undefined. Names are `#f<i>`, values
 * `:f<i>`, so callers may add their own `#x` / `:x` placeholders for conditions.
 */
export function setUpdate(fields: Record<string, unknown>): SetUpdate {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const parts: string[] = [];
  let i = 0;
  for (const [field, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    names[`#f${i}`] = field;
    values[`:f${i}`] = value;
    parts.push(`#f${i} = :f${i}`);
    i += 1;
  }
  return {
    UpdateExpression: `SET ${parts.join(', ')}`,
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  };
}
