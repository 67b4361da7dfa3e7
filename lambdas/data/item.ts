/**
 * Reading stored items through their zod item schema (docs/decisions/0010-data-layer.md): every
 * data module parses what DynamoDB returns instead of casting it, so an item that does not match
 * its schema stops at the data layer instead of reaching a rule or an answer.
 *
 * A malformed item is logged by its table and key only (never its attributes: they may hold PHI)
 * and thrown as {@link MalformedItemError}, which the middleware answers as a 500 with the request id.
 */
import * as z from 'zod';
import { logger } from '../lib/logger';

/** A stored item that does not match its item schema (a 500: a fault of the data, not of the caller). */
export class MalformedItemError extends Error {
  override name = 'MalformedItemError';
  constructor(
    readonly table: string,
    readonly key: Record<string, unknown>,
  ) {
    // Table and key only: the item's attributes never reach a log or an answer.
    super(`Malformed item in table ${table}`);
  }
}

/** The key attributes of `item` named in `keyNames` (ids only, safe to log). */
function keyOf(item: unknown, keyNames: readonly string[]): Record<string, unknown> {
  const record = (item ?? {}) as Record<string, unknown>;
  return Object.fromEntries(keyNames.map((name) => [name, record[name]]));
}

/**
 * `item` parsed with `schema`. Throws {@link MalformedItemError} (logged with `table` and the
 * attributes `keyNames` of the item, plus the paths and codes of the failed checks) when it does
 * not match; never logs a value.
 */
export function parseItem<T>(schema: z.ZodType<T>, item: unknown, table: string, keyNames: readonly string[]): T {
  const parsed = schema.safeParse(item);
  if (parsed.success) return parsed.data;
  const key = keyOf(item, keyNames);
  logger.error('Malformed item', {
    table,
    key,
    issues: parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), code: issue.code })),
  });
  throw new MalformedItemError(table, key);
}

/** {@link parseItem} of an optional item (a GetItem's `Item`): undefined stays undefined. */
export function parseOptionalItem<T>(
  schema: z.ZodType<T>,
  item: unknown,
  table: string,
  keyNames: readonly string[],
): T | undefined {
  return item === undefined ? undefined : parseItem(schema, item, table, keyNames);
}

/** {@link parseItem} of each item of a Query or BatchGetItem answer (absent: none). */
export function parseItems<T>(
  schema: z.ZodType<T>,
  items: readonly unknown[] | undefined,
  table: string,
  keyNames: readonly string[],
): T[] {
  return (items ?? []).map((item) => parseItem(schema, item, table, keyNames));
}

/**
 * The optimistic-lock version of a stored item (docs/decisions/0010-data-layer.md): an integer
 * that grows by 1 with every write. Items written before versions existed have none and count as
 * version 0; their next write gives them version 1.
 */
export const VersionSchema = z.number().int().nonnegative().optional();

/** The stored version of `item` (0 when it has none yet). */
export function versionOf(item: { version?: number }): number {
  return item.version ?? 0;
}

/**
 * The condition of a write that expects `item` to still be at the version read: `#v = :read`, or,
 * for an item written before versions, `attribute_not_exists(#v)`; `next` is the version the write
 * sets (the read one + 1), so an item without one is migrated on its next write.
 */
export function versionGuard(item: { version?: number }): {
  condition: string;
  names: Record<string, string>;
  values: Record<string, unknown>;
  next: number;
} {
  const next = versionOf(item) + 1;
  return item.version === undefined
    ? { condition: 'attribute_not_exists(#v)', names: { '#v': 'version' }, values: {}, next }
    : { condition: '#v = :read', names: { '#v': 'version' }, values: { ':read': item.version }, next };
}
