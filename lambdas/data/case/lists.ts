/**
 * Paged case lists and search (decision record 0010; spec provider-side section 7,
 * back-office-and-shell sections 2 and 7). Every list reads at most one page plus one item of its
 * index (lambdas/lib/paging.ts), never a whole partition and never a Scan.
 *
 * - One owner's cases (provider list, back office by owner), newest first: `byUser`, or
 *   `byUserStatus` with a status.
 * - All cases (back office), newest first: `byMonth`, month after month from the newest month with
 *   cases back to the oldest (both read from the month counters of `case-stats`, one item each); with
 *   a status: `byStatusMonth` the same way. An empty month costs one Query that reads nothing.
 * - Search (back office): the lower-cased prefix `q` of the case id (`bySearchId`), then of the
 *   patient last name (`bySearchLast`), then of the insurance provider (`bySearchIns`), each group
 *   in its index's key order. A case found in an earlier group is filtered out of the later ones
 *   (so no case appears twice); a status or owner narrows with a FilterExpression (reads may then
 *   exceed the page, bounded at 1,000 items per request: a short page still has a `next_cursor`).
 *
 * Each list is a sequence of "segments" (one Query each: a month, or a search group) read in
 * order; the cursor holds the segment and the DynamoDB key to resume after, inside a scope naming
 * the list and its filters (a cursor of another list is a 400; so is a state of another kind of
 * list, and a month outside the counted months, which no real cursor carries).
 *
 * Every list Query reads only what the list answer needs ({@link LIST_ATTRIBUTES}, plus the index
 * key its cursor is built from): not the case's index keys, which no answer shows (the API within
 * 1.3x of the raw Query; a page of 50 is some 30% smaller to send, parse and
 * unmarshal). FilterExpressions still see the whole item (DynamoDB filters before it projects).
 */
import type { QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { CASE_TEXT_FIELDS } from '../../../shared';
import { getEnv } from '../../lib/env';
import { ValidationError } from '../../lib/errors';
import {
  CURSOR_MESSAGE,
  PageKeySchema,
  decodeCursor,
  encodeCursor,
  pageSegments,
  type PageKey,
  type Segment,
} from '../../lib/paging';
import { searchGroups, searchSegment, type ExtraFilters } from '../search';
import { statusMonthKey, userStatusKey } from './keys';
import { parseCaseItem, type CaseItem, type indexAttributes } from './repository';
import { previousMonth, queryCounters } from '../counters/stats';

export { previousMonth };

/** What a case list asks for. */
export interface CaseListQuery {
  /** One owner's cases; undefined = all owners (back office). */
  ownerId?: string;
  status?: number;
  /** Prefix text (trimmed, lower-cased here); non-empty = a search. */
  search?: string;
  /** 1..200 (lambdas/lib/paging.ts parseLimit). */
  limit: number;
  cursor?: string;
}

/** One page: the cases, the cursor of the next page (absent on the last) and the items read. */
export interface CasePage {
  items: CaseItem[];
  next_cursor?: string;
  /** Items DynamoDB read for the page (index items; ScannedCount), for benchmarks and tests. */
  scanned: number;
}

export type { Segment };

/** Resume state of a list: its segment (a month, or an index/search group) and the key to resume after. */
interface CursorState {
  g: number | string;
  k?: PageKey;
}
/** State of the month walk: `g` a real month `YYYY-MM` (checked against the counted months too). */
const MonthCursorSchema = z.object({ g: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/), k: PageKeySchema.optional() });
/** State of an index list or search: `g` the segment 0..`last`. */
const groupCursorSchema = (last: number) =>
  z.object({ g: z.number().int().min(0).max(last), k: PageKeySchema.optional() });
const OwnerCursorSchema = groupCursorSchema(0);

const table = () => getEnv().CASES_TABLE;

/**
 * The attributes of a stored case that a list answer reads: `toApiCase` (./repository.ts) and the
 * owner names of back-office pages (`user_id`). Every other attribute of {@link CaseItem} is an
 * index key ({@link indexAttributes}); the check below fails to compile when a new attribute is in
 * neither group, so that a field added to cases is not silently left out of the lists.
 */
export const LIST_ATTRIBUTES = [
  'case_id',
  'case_number',
  ...CASE_TEXT_FIELDS,
  'procedure_codes',
  'cpt_descriptors',
  'case_status',
  'demo_file',
  'note_file',
  'misc_file',
  'file_keys',
  'pay_amount_cents',
  'created_at',
  'updated_at',
  'version',
  'status_history',
] as const satisfies readonly (keyof CaseItem)[];

type Unclassified = Exclude<
  keyof CaseItem,
  (typeof LIST_ATTRIBUTES)[number] | keyof ReturnType<typeof indexAttributes> | SoftDeleteAttribute
>;
/**
 * Soft-delete attributes (decision record 0006) no list reads: those only a soft-deleted case carries
 * (no list holds such a case), and the record of documents deleted from a case (never answered).
 */
type SoftDeleteAttribute = 'deleted_at' | 'deleted_by' | 'deleted_p' | 'deleted_created_at' | 'deleted_documents';
/** Compile-time check: every attribute of a case is listed or an index key. */
const EVERY_ATTRIBUTE_CLASSIFIED: [Unclassified] extends [never] ? true : { notClassified: Unclassified } = true;
void EVERY_ATTRIBUTE_CLASSIFIED;

/**
 * A segment's Query reading {@link LIST_ATTRIBUTES} and the key attributes its cursor is built from
 * (`keyNames`), with placeholders for every name (some are DynamoDB reserved words).
 */
export function listProjection(segment: Segment): QueryCommandInput {
  const names: Record<string, string> = { ...segment.input.ExpressionAttributeNames };
  const tokens = [...new Set<string>([...LIST_ATTRIBUTES, ...segment.keyNames])].map((name, i) => {
    names[`#l${i}`] = name;
    return `#l${i}`;
  });
  return { ...segment.input, ProjectionExpression: tokens.join(', '), ExpressionAttributeNames: names };
}

/** Longest search text honoured (longer text is cut; no stored key is longer than the case id). */
export const MAX_SEARCH_LENGTH = 100;

/** One page of segments ({@link pageSegments} of lambdas/lib/paging.ts), read with the list projection. */
async function pageCases<G extends number | string>(
  segmentAt: (g: G) => Segment | undefined,
  nextG: (g: G) => G,
  start: { g: G; k?: PageKey },
  limit: number,
): Promise<{ items: CaseItem[]; next?: CursorState; scanned: number }> {
  const projected = (g: G) => {
    const segment = segmentAt(g);
    return segment && { input: listProjection(segment), keyNames: segment.keyNames };
  };
  const page = await pageSegments(projected, nextG, start, limit);
  return { ...page, items: page.items.map(parseCaseItem) };
}

function badCursor(): ValidationError {
  return new ValidationError([{ field: 'cursor', message: CURSOR_MESSAGE }]);
}

function encode(scope: string, next: CursorState | undefined): string | undefined {
  return next ? encodeCursor(scope, next) : undefined;
}

/** One page of a case list or search (see module doc). Throws `ValidationError` (400) for a bad cursor. */
export async function listCases(query: CaseListQuery): Promise<CasePage> {
  const search = (query.search ?? '').trim().toLowerCase().slice(0, MAX_SEARCH_LENGTH);
  if (search !== '') return searchCases({ ...query, search });
  if (query.ownerId !== undefined) return ownerCases(query, query.ownerId);
  return allCases(query);
}

async function ownerCases(query: CaseListQuery, ownerId: string): Promise<CasePage> {
  const scope = `case:owner:${ownerId}:${query.status ?? 'all'}`;
  const state = decodeCursor(query.cursor, scope, OwnerCursorSchema);
  const segment: Segment =
    query.status === undefined
      ? {
          input: {
            TableName: table(),
            IndexName: 'byUser',
            KeyConditionExpression: 'user_id = :u',
            ExpressionAttributeValues: { ':u': ownerId },
            ScanIndexForward: false,
          },
          keyNames: ['case_id', 'user_id', 'created_at'],
        }
      : {
          input: {
            TableName: table(),
            IndexName: 'byUserStatus',
            KeyConditionExpression: 'user_status = :us',
            ExpressionAttributeValues: { ':us': userStatusKey(ownerId, query.status) },
            ScanIndexForward: false,
          },
          keyNames: ['case_id', 'user_status', 'created_at'],
        };
  const out = await pageCases<number>(
    (g) => (g === 0 ? segment : undefined),
    (g) => g + 1,
    { g: state?.g ?? 0, k: state?.k },
    query.limit,
  );
  return { items: out.items, next_cursor: encode(scope, out.next), scanned: out.scanned };
}

/**
 * Months with counted cases, newest first (one Query on the `month` counters: one small item per
 * month), and those of them holding cases of `status` (all cases without one), from the counters
 * written with every case (lambdas/data/counters/stats.ts). A list walks only the latter, so a rare status
 * costs no Query for the months without it.
 */
async function countedMonths(status?: number): Promise<{ all: string[]; withCases: string[]; read: number }> {
  const attr = status === undefined ? 'n_total' : `n_${status}`;
  const all: string[] = [];
  const withCases: string[] = [];
  // Every month that ever had a case: one item per month, read to the end.
  const out = await queryCounters({
    TableName: getEnv().CASE_STATS_TABLE,
    KeyConditionExpression: '#s = :s',
    ProjectionExpression: '#b, #n',
    ExpressionAttributeNames: { '#s': 'scope', '#b': 'bucket', '#n': attr },
    ExpressionAttributeValues: { ':s': 'month' },
    ScanIndexForward: false,
  });
  for (const item of out.items) {
    const bucket = item.bucket as string;
    all.push(bucket);
    const n = item[attr];
    if (typeof n === 'number' && n > 0) withCases.push(bucket);
  }
  return { all, withCases, read: out.scanned };
}

async function allCases(query: CaseListQuery): Promise<CasePage> {
  const scope = `case:all:${query.status ?? 'all'}`;
  const state = decodeCursor(query.cursor, scope, MonthCursorSchema);
  const months = await countedMonths(query.status);
  const newest = months.all[0];
  const oldest = months.all[months.all.length - 1];
  // Counted months only grow, so a real cursor's month is within them; any other month is forged.
  if (state && (!newest || !oldest || state.g < oldest || state.g > newest)) throw badCursor();
  // The months to read, newest first, from the cursor's month (kept even if it has since emptied:
  // its Query then reads nothing) down to the oldest.
  const walk = months.withCases.filter((m) => state === undefined || m < state.g);
  if (state) walk.unshift(state.g);
  if (walk.length === 0) return { items: [], scanned: months.read };
  const position = new Map(walk.map((m, i) => [m, i]));
  const segmentAt = (month: string): Segment | undefined => {
    if (!position.has(month)) return undefined;
    return query.status === undefined
      ? {
          input: {
            TableName: table(),
            IndexName: 'byMonth',
            KeyConditionExpression: 'created_month = :m',
            ExpressionAttributeValues: { ':m': month },
            ScanIndexForward: false,
          },
          keyNames: ['case_id', 'created_month', 'created_at'],
        }
      : {
          input: {
            TableName: table(),
            IndexName: 'byStatusMonth',
            KeyConditionExpression: 'status_month = :sm',
            ExpressionAttributeValues: { ':sm': statusMonthKey(query.status, `${month}-01`) },
            ScanIndexForward: false,
          },
          keyNames: ['case_id', 'status_month', 'created_at'],
        };
  };
  const nextMonth = (month: string) => walk[(position.get(month) ?? walk.length) + 1] ?? '';
  const out = await pageCases<string>(segmentAt, nextMonth, { g: walk[0]!, k: state?.k }, query.limit);
  return { items: out.items, next_cursor: encode(scope, out.next), scanned: out.scanned + months.read };
}

/** Case id, then patient last name, then insurance provider (the search indexes of ./keys.ts). */
const SEARCH_GROUPS = searchGroups('id', 'last', 'ins');

async function searchCases(query: CaseListQuery & { search: string }): Promise<CasePage> {
  const q = query.search;
  const scope = `case:search:${query.ownerId ?? 'all'}:${query.status ?? 'all'}:${q}`;
  const state = decodeCursor(query.cursor, scope, groupCursorSchema(SEARCH_GROUPS.length - 1));
  const segmentAt = (g: number): Segment | undefined => {
    const group = SEARCH_GROUPS[g];
    if (!group) return undefined;
    const extra: ExtraFilters = { names: {}, values: {}, filters: [] };
    if (query.status !== undefined) {
      extra.names['#st'] = 'case_status';
      extra.values[':st'] = query.status;
      extra.filters.push('#st = :st');
    }
    if (query.ownerId !== undefined) {
      extra.names['#o'] = 'user_id';
      extra.values[':o'] = query.ownerId;
      extra.filters.push('#o = :o');
    }
    return searchSegment(table(), 'case_id', group, q, extra);
  };
  const out = await pageCases<number>(segmentAt, (g) => g + 1, { g: state?.g ?? 0, k: state?.k }, query.limit);
  return { items: out.items, next_cursor: encode(scope, out.next), scanned: out.scanned };
}
