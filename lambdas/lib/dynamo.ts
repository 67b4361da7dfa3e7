/**
 * Small DynamoDB helpers shared by the repositories: paginated Query, batched GetItem and SET
 * update expressions. Request paths use GetItem, Query, BatchGetItem and conditional writes only
 * (no Scan).
 */
import {
  BatchGetCommand,
  QueryCommand,
  type DynamoDBDocumentClient,
  type QueryCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { SDK_MAX_ATTEMPTS, ddb } from './aws';

/**
 * Send `pending` with `send`, then what it answers unprocessed again, until nothing is left or
 * `maxAttempts` sends were made, waiting between sends with exponential backoff and full jitter
 * (from 50 ms, at most 3 s). A loop of its own: the SDK retries a failed call, not the unprocessed
 * part of a successful BatchGetItem or BatchWriteItem. Resolves with what stayed unprocessed.
 */
export async function resendUnprocessed<T>(
  pending: T[],
  send: (batch: T[]) => Promise<T[]>,
  maxAttempts: number = SDK_MAX_ATTEMPTS,
): Promise<T[]> {
  let left = pending;
  for (let attempt = 0; left.length > 0 && attempt < maxAttempts; attempt++) {
    if (attempt > 0) await new Promise((r) => setTimeout(r, Math.random() * Math.min(3000, 50 * 2 ** attempt)));
    left = await send(left);
  }
  return left;
}

/** BatchGetItem's limit of keys per request. */
const BATCH_GET_MAX_KEYS = 100;

export interface BatchGetAllInput {
  table: string;
  keys: Record<string, unknown>[];
  /** ProjectionExpression and its names, when only some attributes are needed. */
  projection?: { expression: string; names: Record<string, string> };
  /** Sends per group of 100 keys while some stay unprocessed (default SDK_MAX_ATTEMPTS; {@link resendUnprocessed}). */
  maxAttempts?: number;
}

/**
 * Read items by key in groups of 100, retrying UnprocessedKeys. Resolves with the items found (any
 * order) and the number of keys still unprocessed after `maxAttempts` tries, for the caller to
 * decide whether that is an error (an import) or acceptable (best-effort descriptions).
 */
export async function batchGetAll<T>(
  doc: DynamoDBDocumentClient,
  input: BatchGetAllInput,
): Promise<{ items: T[]; unprocessed: number }> {
  const { table, keys, projection, maxAttempts } = input;
  const items: T[] = [];
  let unprocessed = 0;
  for (let start = 0; start < keys.length; start += BATCH_GET_MAX_KEYS) {
    const left = await resendUnprocessed(
      keys.slice(start, start + BATCH_GET_MAX_KEYS),
      async (pending) => {
        const out = await doc.send(
          new BatchGetCommand({
            RequestItems: {
              [table]: {
                Keys: pending,
                ...(projection
                  ? { ProjectionExpression: projection.expression, ExpressionAttributeNames: projection.names }
                  : {}),
              },
            },
          }),
        );
        items.push(...((out.Responses?.[table] ?? []) as T[]));
        return (out.UnprocessedKeys?.[table]?.Keys ?? []) as Record<string, unknown>[];
      },
      maxAttempts,
    );
    unprocessed += left.length;
  }
  return { items, unprocessed };
}

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
