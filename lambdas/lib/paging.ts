/**
 * Server paging of every list call: `limit` (default
 * {@link DEFAULT_PAGE_LIMIT}, capped at {@link MAX_PAGE_LIMIT}) and an opaque `cursor`; the answer
 * carries `next_cursor` only when another page exists.
 *
 * A cursor is sealed (lambdas/lib/cursor-seal.ts, docs/decisions/0011-sealed-cursors.md): AES-256-GCM
 * of the list's resume state (usually a DynamoDB `ExclusiveStartKey`) with the stage's key, bound to
 * a scope that names the list, its caller and its filters (built by the caller, e.g.
 * `case:byUser:<user id>:<status>`). Nothing of it is readable in a URL. A cursor that does not open
 * (another stage, list, owner or filter, or a changed byte) or whose state fails the caller's zod
 * schema is a `ValidationError` (400, field `cursor`, {@link CURSOR_MESSAGE}); nothing is read with it.
 *
 * {@link queryPage} reads one page of a Query with `Limit = limit + 1`: the extra item only tells
 * whether another page exists (so the last page has no `next_cursor`, and an exact multiple of
 * `limit` never answers an empty last page), and the cursor is built from the key of the last item
 * returned. Items read per page: at most `limit + 1` (before any FilterExpression).
 */
import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { DEFAULT_PAGE_LIMIT, MAX_PAGE_LIMIT } from '../../shared/constants';
import { ddb } from './aws';
import { CursorKeyError, openCursor, sealCursor } from './cursor-seal';
import { ValidationError } from './errors';

export { DEFAULT_PAGE_LIMIT, MAX_PAGE_LIMIT };

/** Message of the 400 for a forged, damaged or stale cursor. */
export const CURSOR_MESSAGE = 'cursor is not valid for this list; start again from the first page';
/**
 * Longest cursor accepted (characters). Callers read the `cursor` query parameter with this bound,
 * not the 200 of ids: a cursor carries a scope and a DynamoDB key and is often longer than 200.
 */
export const MAX_CURSOR_LENGTH = 4096;
/** Message of the 400 for a limit that is not a whole number of 1 or more. */
export const LIMIT_MESSAGE = `limit must be a whole number from 1 to ${MAX_PAGE_LIMIT}`;

/** A DynamoDB key as the DocumentClient gives it (attribute name -> string or number). */
export type PageKey = Record<string, string | number>;
export const PageKeySchema: z.ZodType<PageKey> = z.record(
  z.string().min(1).max(255),
  z.union([z.string().max(2048), z.number().finite()]),
);

/**
 * `limit` query parameter -> number of items per page. Absent or empty: {@link DEFAULT_PAGE_LIMIT};
 * above {@link MAX_PAGE_LIMIT}: capped (not an error); not a whole number >= 1: `ValidationError` (400).
 */
export function parseLimit(raw: string | undefined | null): number {
  if (raw === undefined || raw === null || raw.trim() === '') return DEFAULT_PAGE_LIMIT;
  const text = raw.trim();
  if (!/^\d+$/.test(text) || Number(text) < 1) throw new ValidationError([{ field: 'limit', message: LIMIT_MESSAGE }]);
  return Math.min(MAX_PAGE_LIMIT, Number(text));
}

/** An opaque cursor for `state` (any JSON value) within `scope` (see module doc). */
export function encodeCursor(scope: string, state: unknown): string {
  return sealCursor(scope, state);
}

/** The 400 of a cursor that is not valid for its list ({@link CURSOR_MESSAGE}), with its `cause`. */
export function badCursor(cause?: unknown): ValidationError {
  return new ValidationError([{ field: 'cursor', message: CURSOR_MESSAGE }], { cause });
}

/**
 * The state of a cursor made by {@link encodeCursor} for the same `scope`, checked with `schema`;
 * undefined when `raw` is absent or empty (first page). Throws `ValidationError` (400) otherwise.
 */
export function decodeCursor<T>(raw: string | undefined | null, scope: string, schema: z.ZodType<T>): T | undefined {
  if (raw === undefined || raw === null || raw === '') return undefined;
  if (raw.length > MAX_CURSOR_LENGTH || !/^[A-Za-z0-9_-]+$/.test(raw)) throw badCursor();
  let opened: unknown;
  try {
    opened = openCursor(raw, scope);
  } catch (err) {
    // No key is the function's fault (500), not the cursor's.
    if (err instanceof CursorKeyError) throw err;
    throw badCursor(err);
  }
  const state = schema.safeParse(opened);
  if (!state.success) throw badCursor(state.error);
  return state.data;
}

/** The key attributes of `item` named in `keyNames` (table key plus index key), for a cursor. */
export function keyOf(item: Record<string, unknown>, keyNames: readonly string[]): PageKey {
  const key: PageKey = {};
  for (const name of keyNames) {
    const value = item[name];
    if (typeof value === 'string' || typeof value === 'number') key[name] = value;
  }
  return key;
}

/**
 * An item as DynamoDB answers it: the pages hold raw items, which the data module parses with its
 * item schema (lambdas/data/item.ts), never casts.
 */
export type StoredItem = Record<string, unknown>;

/** One page of a Query: the items and, when more exist, the key to resume after the last one. */
export interface QueryPage<T> {
  items: T[];
  /** Key of the last item returned; absent on the last page. */
  lastKey?: PageKey;
  /** Items DynamoDB read for this page (ScannedCount, summed over the calls). */
  scanned: number;
}

/**
 * Read up to `limit` items of `input` (a Query; its own Limit and ExclusiveStartKey are replaced)
 * starting after `startKey`, reading `limit + 1` to know whether more exist. `keyNames` are the
 * attributes of the table key and the index key (e.g. `['case_id', 'user_id', 'created_at']`).
 * With a FilterExpression, reading goes on (at most `maxRead` items in all, default 1,000) until
 * the page is full; when the budget runs out first, the page may be short but still carries a
 * `lastKey`.
 */
export async function queryPage(
  input: QueryCommandInput,
  options: { limit: number; startKey?: PageKey; keyNames: readonly string[]; maxRead?: number },
): Promise<QueryPage<StoredItem>> {
  const { limit, keyNames } = options;
  const maxRead = Math.max(limit + 1, options.maxRead ?? 1000);
  const items: StoredItem[] = [];
  let startKey: Record<string, unknown> | undefined = options.startKey;
  let scanned = 0;
  for (;;) {
    const want = limit + 1 - items.length;
    let out;
    try {
      out = await ddb().send(
        new QueryCommand({ ...input, Limit: Math.min(want, maxRead - scanned), ExclusiveStartKey: startKey }),
      );
    } catch (err) {
      // A start key DynamoDB refuses (not of this index) came from a cursor: 400, not 500.
      if (startKey && (err as { name?: string })?.name === 'ValidationException') throw badCursor(err);
      throw err;
    }
    scanned += out.ScannedCount ?? out.Items?.length ?? 0;
    items.push(...(out.Items ?? []));
    startKey = out.LastEvaluatedKey;
    if (items.length > limit) {
      const page = items.slice(0, limit);
      return { items: page, lastKey: keyOf(page[page.length - 1]!, keyNames), scanned };
    }
    if (!startKey) return { items, scanned };
    if (scanned >= maxRead) {
      // Budget spent with a short page: resume where DynamoDB stopped.
      return { items, lastKey: startKey as PageKey, scanned };
    }
  }
}

/** One Query of a segmented list (a month, a search group, an owner's index) and its index's key attributes. */
export interface Segment {
  input: QueryCommandInput;
  keyNames: readonly string[];
}

/** Items a look-ahead reads per call, and at most in all, through a filtered segment. */
const PROBE_BATCH = 50;
const MAX_PROBE_READ = 1000;

/**
 * One page of a list made of segments read one after the other (the months of a month walk, the
 * search groups of a search): from `start` (segment `g`, key `k` in it) until `limit` items are
 * collected or no segment remains. `segmentAt(g)` is segment `g` or undefined past the last;
 * `nextG(g)` the one after `g`. Each segment is read with {@link queryPage}; a full page looks
 * ahead (one item, or with a FilterExpression batches of 50 up to 1,000 read) so that the last
 * page has no `next`. Items read: `limit + 1` plus what a FilterExpression discards.
 */
export async function pageSegments<G>(
  segmentAt: (g: G) => Segment | undefined,
  nextG: (g: G) => G,
  start: { g: G; k?: PageKey },
  limit: number,
): Promise<{ items: StoredItem[]; next?: { g: G; k?: PageKey }; scanned: number }> {
  const items: StoredItem[] = [];
  let scanned = 0;
  let g = start.g;
  let key = start.k;
  for (let segment = segmentAt(g); segment; g = nextG(g), key = undefined, segment = segmentAt(g)) {
    const { input } = segment;
    const need = limit - items.length;
    if (need === 0) {
      // The page is full: is there anything after it? One item answers; a filtered item does not,
      // so read on until one passes or the segment ends (bounded like queryPage).
      let probeKey = key;
      let read = 0;
      const filtered = input.FilterExpression !== undefined;
      for (;;) {
        const out = await ddb().send(
          new QueryCommand({
            ...input,
            Limit: filtered ? Math.min(PROBE_BATCH, MAX_PROBE_READ - read) : 1,
            ExclusiveStartKey: probeKey,
          }),
        );
        const n = out.ScannedCount ?? 0;
        scanned += n;
        read += n;
        if ((out.Items ?? []).length > 0) return { items, next: { g, k: key }, scanned };
        probeKey = out.LastEvaluatedKey as PageKey | undefined;
        if (!probeKey) break;
        if (read >= MAX_PROBE_READ) return { items, next: { g, k: probeKey }, scanned };
      }
      continue;
    }
    const page = await queryPage(input, { limit: need, startKey: key, keyNames: segment.keyNames });
    scanned += page.scanned;
    items.push(...page.items);
    if (page.lastKey) return { items, next: { g, k: page.lastKey }, scanned };
  }
  return { items, scanned };
}

/** One page merged from write-sharded partitions ({@link queryShardsNewestFirst}). */
export interface MergedPage<T> {
  /** At most `limit` items, newest (greatest sort key) first. */
  items: T[];
  /** Whether a shard may hold more items older than the last one (then a next page is offered). */
  more: boolean;
  /** Items DynamoDB read for this page (ScannedCount, summed over every shard's calls). */
  scanned: number;
}

/**
 * The newest `limit` items of partitions written in shards (hot keys spread over write shards; the
 * audit table's days and `byAction`, lambdas/lib/tables.ts AUDIT_TABLE): `queries`
 * holds one Query per shard, on the same table or index and the same sort-key range, with
 * `ScanIndexForward: false` (their own Limit and ExclusiveStartKey are replaced). The sort key
 * `sortKey` must be a string unique across shards (the audit's `<ISO time>#<request id>`), so the
 * position of a page is the sort key of its last item: `before` (exclusive) resumes after it; the
 * caller also puts it as the upper bound of the queries' key condition, so nothing newer is read.
 *
 * A k-way merge that reads lazily, in rounds ({@link queryShardsInOrder}). `more` is true when a
 * shard still has an item older than the page's last (when no shard has one buffered, each shard
 * whose last read stopped at its Limit reads one more item to tell, so a next page is never empty
 * unless a shard's FilterExpression drops what it reads).
 * @throws the SDK's error of a failed Query (the caller's 500)
 */
export async function queryShardsNewestFirst(
  queries: readonly QueryCommandInput[],
  options: { limit: number; sortKey: string; before?: string },
): Promise<MergedPage<StoredItem>> {
  return queryShardsInOrder(queries, {
    limit: options.limit,
    sortKey: options.sortKey,
    past: options.before,
    order: 'desc',
  });
}

/** Share of a page's count the shards read in the first round, and of what it still lacks later. */
const FIRST_ROUND_SHARE = 0.7;
const LATER_ROUND_SHARE = 0.75;

/**
 * {@link queryShardsNewestFirst} in either order: `desc` (greatest sort key first; the queries read
 * with `ScanIndexForward: false`) or `asc` (smallest first: soonest due dates; the queries read
 * forward). `past` is the sort key of the previous page's last item (exclusive), in reading order.
 *
 * Reads go in rounds, in parallel within a round: a round comes when a shard that still has items
 * has none buffered (the merge cannot choose the next item without it), and tops every such shard up
 * to its share of what the page still lacks (70 % of it on the first round, 75 % later, spread over
 * the shards not read to their end), so that few items are left unanswered at the end of a page.
 * The page stops when full; the caller resumes every shard past its last item. Items read per full
 * page of 50 over 4 shards a hash spreads: about 1.1x the items answered (at most 1.2x on all but
 * rare pages), in about 6 rounds; the former fixed batches of `ceil(limit / shards) + 1` read 1.4x.
 * @throws the SDK's error of a failed Query (the caller's 500)
 */
export async function queryShardsInOrder(
  queries: readonly QueryCommandInput[],
  options: { limit: number; sortKey: string; past?: string; order: 'asc' | 'desc' },
): Promise<MergedPage<StoredItem>> {
  const { limit, sortKey, past } = options;
  const first = (a: string, b: string) => (options.order === 'desc' ? a > b : a < b);
  const shards = queries.map((input) => ({
    input,
    buffer: [] as StoredItem[],
    startKey: undefined as Record<string, unknown> | undefined,
    done: false,
  }));
  let scanned = 0;
  const read = async (shard: (typeof shards)[number], size: number) => {
    const out = await ddb().send(new QueryCommand({ ...shard.input, Limit: size, ExclusiveStartKey: shard.startKey }));
    scanned += out.ScannedCount ?? out.Items?.length ?? 0;
    for (const item of out.Items ?? []) {
      const key = item[sortKey];
      if (typeof key === 'string' && (past === undefined || first(past, key))) shard.buffer.push(item);
    }
    shard.startKey = out.LastEvaluatedKey;
    shard.done = !out.LastEvaluatedKey;
  };
  const items: StoredItem[] = [];
  let share = FIRST_ROUND_SHARE;
  while (items.length < limit) {
    const open = shards.filter((s) => !s.done);
    if (open.some((s) => s.buffer.length === 0)) {
      const target = Math.max(1, Math.ceil((share * (limit - items.length)) / open.length));
      const low = open.filter((s) => s.buffer.length < target);
      await Promise.all(low.map((s) => read(s, target - s.buffer.length)));
      share = LATER_ROUND_SHARE;
      continue;
    }
    let next: (typeof shards)[number] | undefined;
    for (const s of shards) {
      if (s.buffer.length && (!next || first(s.buffer[0]![sortKey] as string, next.buffer[0]![sortKey] as string))) {
        next = s;
      }
    }
    if (!next) break;
    items.push(next.buffer.shift()!);
  }
  // A full page, and only shards whose last read stopped at its Limit may hold more: one item each
  // tells (DynamoDB gives a LastEvaluatedKey at the Limit even when nothing follows).
  if (!shards.some((s) => s.buffer.length > 0)) {
    const unknown = shards.filter((s) => !s.done);
    if (unknown.length) await Promise.all(unknown.map((s) => read(s, 1)));
  }
  return { items, more: shards.some((s) => s.buffer.length > 0 || !s.done), scanned };
}
