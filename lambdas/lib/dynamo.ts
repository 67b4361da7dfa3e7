/**
 * Small DynamoDB helpers shared by the data modules: a Query to the end, batched GetItem, and the
 * one builder of update and condition expressions. Request paths use GetItem, Query, BatchGetItem and conditional writes only
 * (no Scan).
 */
import {
  BatchGetCommand,
  paginateQuery,
  type DynamoDBDocumentClient,
  type QueryCommandInput,
} from '@aws-sdk/lib-dynamodb';
import type * as z from 'zod';
import { parseItems } from '../data/item';
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

export interface BatchGetAllInput<T> {
  table: string;
  /** The item schema (of the projection, when there is one): every item read is parsed with it. */
  schema: z.ZodType<T>;
  /** The key attributes of an item, the only ones a malformed-item log names. */
  keyNames: readonly string[];
  keys: Record<string, unknown>[];
  /** ProjectionExpression and its names, when only some attributes are needed. */
  projection?: { expression: string; names: Record<string, string> };
  /** Sends per group of 100 keys while some stay unprocessed (default SDK_MAX_ATTEMPTS; {@link resendUnprocessed}). */
  maxAttempts?: number;
}

/**
 * Read items by key in groups of 100, retrying UnprocessedKeys. Resolves with the items found (any
 * order, parsed with `schema`: `MalformedItemError` otherwise) and the number of keys still
 * unprocessed after `maxAttempts` tries, for the caller to decide whether that is an error (an
 * import) or acceptable (best-effort descriptions).
 */
export async function batchGetAll<T>(
  doc: DynamoDBDocumentClient,
  input: BatchGetAllInput<T>,
): Promise<{ items: T[]; unprocessed: number }> {
  const { table, keys, projection, maxAttempts, schema, keyNames } = input;
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
        items.push(...parseItems(schema, out.Responses?.[table], table, keyNames));
        return (out.UnprocessedKeys?.[table]?.Keys ?? []) as Record<string, unknown>[];
      },
      maxAttempts,
    );
    unprocessed += left.length;
  }
  return { items, unprocessed };
}

/**
 * Run a Query to the end (`paginateQuery` of @aws-sdk/lib-dynamodb follows LastEvaluatedKey) for
 * reads that must see every item of a bounded partition (the counted months, a range of counters).
 * Resolves with the raw items, for the caller's item schema, and the items DynamoDB read (ScannedCount).
 */
export async function queryAll(
  input: QueryCommandInput,
): Promise<{ items: Record<string, unknown>[]; scanned: number }> {
  const items: Record<string, unknown>[] = [];
  let scanned = 0;
  for await (const page of paginateQuery({ client: ddb() }, input)) {
    items.push(...(page.Items ?? []));
    scanned += page.ScannedCount ?? 0;
  }
  return { items, scanned };
}

/** One condition of a write: its expression and the placeholders it uses. */
export interface WriteCondition {
  condition: string;
  names: Record<string, string>;
  values: Record<string, unknown>;
}

/** The condition parts of a write (DynamoDB refuses an empty ExpressionAttributeValues). */
export interface ConditionParts {
  ConditionExpression?: string;
  ExpressionAttributeNames?: Record<string, string>;
  ExpressionAttributeValues?: Record<string, unknown>;
}

/** Whether `expression` is one parenthesized whole, e.g. `(a OR b)` but not `(a) OR (b)`. */
function isWrapped(expression: string): boolean {
  if (!expression.startsWith('(')) return false;
  let depth = 0;
  for (let i = 0; i < expression.length; i++) {
    if (expression[i] === '(') depth++;
    else if (expression[i] === ')' && --depth === 0) return i === expression.length - 1;
  }
  return false;
}

/**
 * `conditions` joined with AND, their names and values merged (placeholders must not clash). A
 * condition holding OR is parenthesized unless it already is (DynamoDB refuses redundant parentheses).
 */
export function conditionOf(conditions: readonly WriteCondition[]): ConditionParts {
  if (conditions.length === 0) return {};
  const names = Object.assign({}, ...conditions.map((c) => c.names)) as Record<string, string>;
  const values = Object.assign({}, ...conditions.map((c) => c.values)) as Record<string, unknown>;
  return {
    ConditionExpression: conditions
      .map((c) =>
        conditions.length > 1 && / OR /i.test(c.condition) && !isWrapped(c.condition)
          ? `(${c.condition})`
          : c.condition,
      )
      .join(' AND '),
    ...(Object.keys(names).length ? { ExpressionAttributeNames: names } : {}),
    ...(Object.keys(values).length ? { ExpressionAttributeValues: values } : {}),
  };
}

/** The expression parts of an UpdateItem (or a transaction's Update action). */
export interface UpdateParts extends ConditionParts {
  UpdateExpression: string;
}

/**
 * The one builder of update expressions (docs/decisions/0010-data-layer.md): `SET` every field of
 * `set` whose value is not undefined, `REMOVE` the names of `remove`, `ADD` the numbers of `add`,
 * the optimistic-lock `version` (set to `next`, or `'increment'`: one more than stored, 1 for an
 * item without one), and the `condition`s joined with AND. Its own placeholders are `#f<i>`/`:f<i>`,
 * `#r<i>`, `#a<i>`/`:a<i>`, `#v`/`:vnext`/`:v0`/`:v1`; a condition may use `#v` for the version.
 * Throws `RangeError` when nothing would change.
 */
export function buildUpdate(input: {
  set?: Record<string, unknown>;
  remove?: readonly string[];
  add?: Record<string, number>;
  version?: { next: number } | 'increment';
  condition?: readonly WriteCondition[];
}): UpdateParts {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const sets: string[] = [];
  const adds: string[] = [];
  Object.entries(input.set ?? {}).forEach(([field, value], i) => {
    if (value === undefined) return;
    names[`#f${i}`] = field;
    values[`:f${i}`] = value;
    sets.push(`#f${i} = :f${i}`);
  });
  if (input.version !== undefined) {
    names['#v'] = 'version';
    if (input.version === 'increment') {
      Object.assign(values, { ':v0': 0, ':v1': 1 });
      sets.push('#v = if_not_exists(#v, :v0) + :v1');
    } else {
      values[':vnext'] = input.version.next;
      sets.push('#v = :vnext');
    }
  }
  const removes = (input.remove ?? []).map((field, i) => {
    names[`#r${i}`] = field;
    return `#r${i}`;
  });
  Object.entries(input.add ?? {}).forEach(([field, value], i) => {
    names[`#a${i}`] = field;
    values[`:a${i}`] = value;
    adds.push(`#a${i} :a${i}`);
  });
  const clauses = [
    ...(sets.length ? [`SET ${sets.join(', ')}`] : []),
    ...(removes.length ? [`REMOVE ${removes.join(', ')}`] : []),
    ...(adds.length ? [`ADD ${adds.join(', ')}`] : []),
  ];
  if (clauses.length === 0) throw new RangeError('An update must change something');
  const condition = conditionOf(input.condition ?? []);
  const allNames = { ...names, ...condition.ExpressionAttributeNames };
  const allValues = { ...values, ...condition.ExpressionAttributeValues };
  return {
    UpdateExpression: clauses.join(' '),
    ...(condition.ConditionExpression ? { ConditionExpression: condition.ConditionExpression } : {}),
    ExpressionAttributeNames: allNames,
    ...(Object.keys(allValues).length ? { ExpressionAttributeValues: allValues } : {}),
  };
}
