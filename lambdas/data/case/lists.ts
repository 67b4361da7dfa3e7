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
 * - Ordered by case date or last status change (`sort`, or a date range or `min_days_in_status`
 *   without one; docs/decisions/0024-case-search-and-sort.md): one owner's `byUserDate` /
 *   `byUserChanged`, every owner's `byDate` / `byChanged` (one partition), with a status and by
 *   status change `byStatusChanged`. The date range or the days in status bound the key when the
 *   index is ordered by it; otherwise they, and a status, narrow with a FilterExpression.
 * - Search: the folded prefix `q` (`searchText` of ../keys.ts) of the case id, the case number,
 *   "last first", "first last", the member ID, then the insurance provider (./keys.ts
 *   CASE_SEARCH_TEXTS), each group in its index's key order. A case found in an earlier group is
 *   filtered out of the later ones (so no case appears twice). One owner's names and insurers are
 *   read from the indexes partitioned by owner (./keys.ts OWNER_SEARCH_TEXTS); the identifiers
 *   from every owner's, filtered by owner. A status, date range or days in status narrows with a
 *   FilterExpression.
 *
 * A FilterExpression may make reads exceed the page, bounded at 1,000 items per request: a short
 * page still has a `next_cursor`.
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
import { CASE_SORTS, CASE_TEXT_FIELDS, type CaseSort } from '../../../shared';
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
import { searchGroups, searchSegment, type ExtraFilters, type SearchGroup } from '../search';
import { searchText } from '../keys';
import {
  ALL_CASES_PARTITION,
  CASE_SEARCH_TEXTS,
  OWNER_SEARCH_TEXTS,
  ownerSearchIndex,
  statusMonthKey,
  statusPartition,
  userStatusKey,
} from './keys';
import { changedBefore } from './aging';
import { parseCaseItem, type CaseItem, type indexAttributes } from './repository';
import { previousMonth, queryCounters } from '../counters/stats';

export { previousMonth };

/** What a case list asks for. */
export interface CaseListQuery {
  /** One owner's cases; undefined = all owners (back office). */
  ownerId?: string;
  status?: number;
  /** Prefix text (folded here); non-empty = a search. */
  search?: string;
  /** Case dates from / to (YYYY-MM-DD, inclusive). */
  from?: string;
  to?: string;
  /** Only cases this many whole days or more in their status (./aging.ts). */
  minDaysInStatus?: number;
  /** The order; absent = newest created first (a date range alone: `-case_date`; days in status alone: `status_changed`). */
  sort?: CaseSort;
  /** Today in America/New_York (YYYY-MM-DD), the day days in status count to; default the clock's. */
  today?: string;
  /** 1..200 (lambdas/lib/paging.ts parseLimit). */
  limit: number;
  cursor?: string;
}

export { CASE_SORTS, type CaseSort };

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
  'status_changed_at',
  'patient_dob',
  'member_id',
  'claim_number',
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

/**
 * One page of a case list or search (see module doc). Throws `ValidationError` (400) for a bad
 * cursor, or a `sort` with a search (matches come in the order of what they matched).
 */
export async function listCases(query: CaseListQuery): Promise<CasePage> {
  const search = searchText(query.search).slice(0, MAX_SEARCH_LENGTH).trim();
  if (search !== '') {
    if (query.sort !== undefined) throw new ValidationError([{ field: 'sort', message: SORT_WITH_SEARCH_MESSAGE }]);
    return searchCases({ ...query, search });
  }
  const hasRange = query.from !== undefined || query.to !== undefined;
  const order =
    query.sort ?? (hasRange ? '-case_date' : query.minDaysInStatus !== undefined ? 'status_changed' : undefined);
  if (order !== undefined) return orderedCases(query, order);
  if (query.ownerId !== undefined) return ownerCases(query, query.ownerId);
  return allCases(query);
}

/** Message of the 400 of `sort` with `search`. */
export const SORT_WITH_SEARCH_MESSAGE =
  'sort cannot be combined with search: matches come in the order of what they matched';

/**
 * The conditions a date range, a days-in-status bound and a status put on a Query: as key
 * conditions on the index's sort attribute `sortAttr` when it is the one they bound, else as filters.
 */
function narrowing(
  query: CaseListQuery,
  sortAttr: 'sort_date' | 'sort_changed' | undefined,
  statusInKey: boolean,
): { key: string[]; filters: ExtraFilters } {
  const key: string[] = [];
  const filters: ExtraFilters = { names: {}, values: {}, filters: [] };
  const put = (attr: string, token: string, clause: (name: string) => string) => {
    if (sortAttr === attr) {
      key.push(clause('#s'));
      return;
    }
    filters.names[token] = attr;
    filters.filters.push(clause(token));
  };
  if (query.from !== undefined && query.to !== undefined) {
    put('sort_date', '#fd', (n) => `${n} BETWEEN :from AND :to`);
    Object.assign(filters.values, { ':from': query.from, ':to': query.to });
  } else if (query.from !== undefined) {
    put('sort_date', '#fd', (n) => `${n} >= :from`);
    filters.values[':from'] = query.from;
  } else if (query.to !== undefined) {
    put('sort_date', '#fd', (n) => `${n} <= :to`);
    filters.values[':to'] = query.to;
  }
  if (query.minDaysInStatus !== undefined) {
    put('sort_changed', '#fc', (n) => `${n} < :cut`);
    filters.values[':cut'] = changedBefore(query.minDaysInStatus, query.today);
  }
  if (query.status !== undefined && !statusInKey) {
    filters.names['#st'] = 'case_status';
    filters.values[':st'] = query.status;
    filters.filters.push('#st = :st');
  }
  return { key, filters };
}

/** The scope part of the filters beyond owner and status (a cursor of other filters is a 400). */
function filterScope(query: CaseListQuery): string {
  return `${query.from ?? ''}:${query.to ?? ''}:${query.minDaysInStatus ?? ''}`;
}

/** A list ordered by case date or last status change (see module doc). */
async function orderedCases(query: CaseListQuery, order: CaseSort): Promise<CasePage> {
  const byDate = order.endsWith('case_date');
  const sortAttr = byDate ? 'sort_date' : 'sort_changed';
  const owner = query.ownerId;
  const statusInKey = owner === undefined && !byDate && query.status !== undefined;
  const [index, partitionAttr, partition] =
    owner !== undefined
      ? [byDate ? 'byUserDate' : 'byUserChanged', 'user_id', owner]
      : statusInKey
        ? ['byStatusChanged', 'status_p', statusPartition(query.status as number)]
        : [byDate ? 'byDate' : 'byChanged', 'list_p', ALL_CASES_PARTITION];
  const { key, filters } = narrowing(query, sortAttr, statusInKey);
  const scope = `case:order:${owner ?? 'all'}:${query.status ?? 'all'}:${order}:${filterScope(query)}`;
  const state = decodeCursor(query.cursor, scope, OwnerCursorSchema);
  const segment: Segment = {
    input: {
      TableName: table(),
      IndexName: index,
      KeyConditionExpression: ['#p = :p', ...key].join(' AND '),
      ...(filters.filters.length ? { FilterExpression: filters.filters.join(' AND ') } : {}),
      ExpressionAttributeNames: { '#p': partitionAttr, ...(key.length ? { '#s': sortAttr } : {}), ...filters.names },
      ExpressionAttributeValues: { ':p': partition, ...filters.values },
      ScanIndexForward: !order.startsWith('-'),
    },
    keyNames: ['case_id', partitionAttr, sortAttr],
  };
  return oneSegmentPage(segment, scope, state, query.limit);
}

/** One page of a list that is one Query (`segment`), resumed from the cursor's `state`. */
async function oneSegmentPage(
  segment: Segment,
  scope: string,
  state: CursorState | undefined,
  limit: number,
): Promise<CasePage> {
  const out = await pageCases<number>(
    (g) => (g === 0 ? segment : undefined),
    (g) => g + 1,
    { g: 0, k: state?.k },
    limit,
  );
  return { items: out.items, next_cursor: encode(scope, out.next), scanned: out.scanned };
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
  return oneSegmentPage(segment, scope, state, query.limit);
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

/** The search groups of ./keys.ts CASE_SEARCH_TEXTS, in search order. */
const SEARCH_GROUPS = searchGroups(...CASE_SEARCH_TEXTS);
/** The same groups for one owner: names and insurers from the indexes partitioned by owner. */
const OWNER_SEARCH_GROUPS: (SearchGroup & { byOwner: boolean })[] = SEARCH_GROUPS.map((group, i) => {
  const text = CASE_SEARCH_TEXTS[i]!;
  if (!(OWNER_SEARCH_TEXTS as readonly string[]).includes(text)) return { ...group, byOwner: false };
  const { index, p } = ownerSearchIndex(text);
  return { ...group, index, p, byOwner: true };
});

async function searchCases(query: CaseListQuery & { search: string }): Promise<CasePage> {
  const q = query.search;
  const scope = `case:search:${query.ownerId ?? 'all'}:${query.status ?? 'all'}:${q}:${filterScope(query)}`;
  const state = decodeCursor(query.cursor, scope, groupCursorSchema(SEARCH_GROUPS.length - 1));
  const owner = query.ownerId;
  const segmentAt = (g: number): Segment | undefined => {
    const group = owner === undefined ? SEARCH_GROUPS[g] : OWNER_SEARCH_GROUPS[g];
    if (!group) return undefined;
    const { filters: extra } = narrowing(query, undefined, false);
    const byOwner = 'byOwner' in group && group.byOwner;
    if (owner !== undefined && !byOwner) {
      extra.names['#o'] = 'user_id';
      extra.values[':o'] = owner;
      extra.filters.push('#o = :o');
    }
    return searchSegment(table(), 'case_id', group, q, extra, byOwner ? owner : undefined);
  };
  const out = await pageCases<number>(segmentAt, (g) => g + 1, { g: state?.g ?? 0, k: state?.k }, query.limit);
  return { items: out.items, next_cursor: encode(scope, out.next), scanned: out.scanned };
}
