/**
 * The deadline queue and the awards list (docs/decisions/0019-dispute-data.md): pages of the
 * `byDue` / `byOwnerDue` / `byStepDue` and `byAward` indexes, soonest due first, each a range of due
 * dates. Sharded families are merged lazily (lambdas/lib/paging.ts queryShardsInOrder); one owner's
 * entries are one partition (queryPage). The cursor is sealed and bound to the list and its filters
 * as asked; it resumes after its last entry within the range of the day it is used.
 */
import type { QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { getEnv } from '../../lib/env';
import { PageKeySchema, decodeCursor, encodeCursor, queryPage, queryShardsInOrder } from '../../lib/paging';
import { awardPartitions, queuePartitions, type AwardState, type QueueFamily } from './keys';
import { parseAwardItem, parseQueueItem, type AwardItem, type QueueItem } from './items';

/** A range of due dates (YYYY-MM-DD, both included; either open). */
export interface DueRange {
  from?: string;
  to?: string;
}

/** One page: the entries, the next page's cursor (absent on the last) and the index items read. */
export interface DuePage<T> {
  items: T[];
  next_cursor?: string;
  scanned: number;
}

const table = () => getEnv().DISPUTES_TABLE;
/** Above every case id character: closes a range of `<due>#<case_id>` sort keys. */
const HIGH = '\uffff';

/** Sort-key bounds of a due range (`<due>#<case_id>` keys), both included. */
function boundsOf(range: DueRange): { lo: string; hi: string } {
  return { lo: range.from ?? '0000', hi: `${range.to ?? '9999'}#${HIGH}` };
}

/** The Query of one partition between sort keys `lo` and `hi` (both included). */
function rangeQuery(
  spec: { indexName: string; attribute: string; sortAttr: string },
  partition: string,
  bounds: { lo: string; hi: string },
  order: 'asc' | 'desc',
): QueryCommandInput {
  return {
    TableName: table(),
    IndexName: spec.indexName,
    KeyConditionExpression: '#p = :p AND #s BETWEEN :lo AND :hi',
    ExpressionAttributeNames: { '#p': spec.attribute, '#s': spec.sortAttr },
    ExpressionAttributeValues: { ':p': partition, ':lo': bounds.lo, ':hi': bounds.hi },
    ScanIndexForward: order === 'asc',
  };
}

const MergeCursorSchema = z.object({ past: z.string().min(1).max(512) });
const KeyCursorSchema = z.object({ k: PageKeySchema });

/**
 * One page of a sharded family merged in `order`, or of a single partition (with an optional
 * FilterExpression) paged by key. `scope` names the list and its filters as asked, not the dates
 * they stand for: the range follows today, and a cursor taken before midnight in New York resumes
 * after the last entry it answered, within the range of the new day.
 */
async function pageOf(
  spec: { indexName: string; attribute: string; values: string[]; sortAttr: string },
  range: DueRange,
  options: { limit: number; cursor?: string; scope: string; order: 'asc' | 'desc'; filter?: { step: string } },
): Promise<{ items: Record<string, unknown>[]; next_cursor?: string; scanned: number }> {
  const merged = spec.values.length > 1;
  const mergeState = merged ? decodeCursor(options.cursor, options.scope, MergeCursorSchema) : undefined;
  const keyState = merged ? undefined : decodeCursor(options.cursor, options.scope, KeyCursorSchema);
  const bounds = boundsOf(range);
  const asc = options.order === 'asc';
  // A merged page resumes past the last key answered: the key condition starts there (U+0001 sorts
  // below every character of a case id, so the last key itself is not read again going forward).
  if (mergeState && asc && `${mergeState.past}\u0001` > bounds.lo) bounds.lo = `${mergeState.past}\u0001`;
  if (mergeState && !asc && mergeState.past < bounds.hi) bounds.hi = mergeState.past;
  // One partition resumes after its start key, unless the day's range now starts past it.
  const at = keyState?.k[spec.sortAttr];
  const startKey = typeof at === 'string' && (asc ? at >= bounds.lo : at <= bounds.hi) ? keyState!.k : undefined;
  if (bounds.lo > bounds.hi) return { items: [], scanned: 0 };
  const queries = spec.values.map((value) => {
    const input = rangeQuery(spec, value, bounds, options.order);
    if (!options.filter) return input;
    return {
      ...input,
      FilterExpression: '#step = :step',
      ExpressionAttributeNames: { ...input.ExpressionAttributeNames, '#step': 'step' },
      ExpressionAttributeValues: { ...input.ExpressionAttributeValues, ':step': options.filter.step },
    };
  });
  if (!merged) {
    const page = await queryPage(queries[0]!, {
      limit: options.limit,
      startKey,
      keyNames: ['case_id', 'sk', spec.attribute, spec.sortAttr],
    });
    return {
      items: page.items,
      ...(page.lastKey ? { next_cursor: encodeCursor(options.scope, { k: page.lastKey }) } : {}),
      scanned: page.scanned,
    };
  }
  const page = await queryShardsInOrder(queries, {
    limit: options.limit,
    sortKey: spec.sortAttr,
    order: options.order,
    ...(mergeState ? { past: mergeState.past } : {}),
  });
  const last = page.items[page.items.length - 1]?.[spec.sortAttr];
  return {
    items: page.items,
    ...(page.more && typeof last === 'string' ? { next_cursor: encodeCursor(options.scope, { past: last }) } : {}),
    scanned: page.scanned,
  };
}

/** What a queue page asks for: whose entries, which step, the due range, the page. */
export interface QueueQuery {
  ownerId?: string;
  step?: string;
  /** The date filters as asked (e.g. `overdue:` or `:10`), for the cursor: `range` follows today. */
  dateFilters: string;
  range: DueRange;
  limit: number;
  cursor?: string;
}

/**
 * One page of the queue, soonest due first: every case's next open deadline, or one owner's, or one
 * step's (owner and step: the owner's partition filtered by step), within `range`.
 */
export async function queuePage(query: QueueQuery): Promise<DuePage<QueueItem>> {
  const family: QueueFamily =
    query.ownerId !== undefined
      ? { kind: 'owner', userId: query.ownerId }
      : query.step !== undefined
        ? { kind: 'step', step: query.step }
        : { kind: 'all' };
  const scope = `dispute:queue:${query.ownerId ?? '*'}:${query.step ?? '*'}:${query.dateFilters}`;
  const page = await pageOf({ ...queuePartitions(family), sortAttr: 'due_s' }, query.range, {
    limit: query.limit,
    cursor: query.cursor,
    scope,
    order: 'asc',
    ...(query.ownerId !== undefined && query.step !== undefined ? { filter: { step: query.step } } : {}),
  });
  return { ...page, items: page.items.map(parseQueueItem) };
}

/**
 * One page of the awards in `state`, within a range of payment due dates: unpaid soonest due first,
 * paid most recently due first. `dateFilters` names the range as asked (e.g. `overdue`).
 */
export async function awardsPage(query: {
  state: AwardState;
  dateFilters: string;
  range: DueRange;
  limit: number;
  cursor?: string;
}): Promise<DuePage<AwardItem>> {
  const scope = `dispute:awards:${query.state}:${query.dateFilters}`;
  const page = await pageOf(
    { indexName: 'byAward', attribute: 'award_p', values: awardPartitions(query.state), sortAttr: 'award_s' },
    query.range,
    { limit: query.limit, cursor: query.cursor, scope, order: query.state === 'paid' ? 'desc' : 'asc' },
  );
  return { ...page, items: page.items.map(parseAwardItem) };
}
