/**
 * Keys of the cases table: the table, its indexes (by owner, owner and status, status and month,
 * month, the search prefixes of every owner and of one owner, the case-date and status-change
 * orders, the soft-deleted) and the builders of their composite keys.
 * Pure data, no AWS imports: the CDK app and the local runtime read it through lambdas/lib/tables.ts.
 */
import { searchAttributes, searchIndexes, stringIndex, stringTable } from '../keys';

/**
 * The searched texts of a case, in search order (docs/decisions/0024-case-search-and-sort.md): case
 * id, case number, "last first", "first last", member ID, insurance provider. `last` keeps the
 * name of the index that held the last name alone: "last first" starts with it.
 */
export const CASE_SEARCH_TEXTS = ['id', 'num', 'last', 'name', 'member', 'ins'] as const;
export type CaseSearchText = (typeof CASE_SEARCH_TEXTS)[number];

/**
 * The texts whose prefixes many owners share (names, insurers): one owner's search reads them from
 * an index partitioned by owner (`byUserSearch<Name>`, partition `user_id`, the same sort attribute
 * as the index of every owner), never from every owner's matches. The others (id, number, member
 * ID) are identifiers: their matches are few, and an owner's search filters them by owner.
 */
export const OWNER_SEARCH_TEXTS = ['last', 'name', 'ins'] as const satisfies readonly CaseSearchText[];

/** The owner-partitioned search index of `text` ({@link OWNER_SEARCH_TEXTS}). */
export function ownerSearchIndex(text: CaseSearchText): { index: string; p: string; s: string } {
  const { index, s } = searchAttributes(text);
  return { index: index.replace(/^bySearch/, 'byUserSearch'), p: 'user_id', s };
}

/** Partition value (`list_p`) of the indexes of every live case ordered by case date or status change. */
export const ALL_CASES_PARTITION = 'case';

export const CASES_TABLE = stringTable(
  'cases',
  'CASES_TABLE',
  ['case_id'],
  [
    stringIndex('byUser', 'user_id', 'created_at'),
    stringIndex('byUserStatus', 'user_status', 'created_at'),
    stringIndex('byStatusMonth', 'status_month', 'created_at'),
    stringIndex('byMonth', 'created_month', 'created_at'),
    ...searchIndexes(...CASE_SEARCH_TEXTS),
    ...OWNER_SEARCH_TEXTS.map(ownerSearchIndex).map(({ index, p, s }) => stringIndex(index, p, s)),
    // Orders (docs/decisions/0024-case-search-and-sort.md): `sort_date` is the case date and
    // `sort_changed` the time of the last status change, copies a soft delete removes.
    stringIndex('byUserDate', 'user_id', 'sort_date'),
    stringIndex('byUserChanged', 'user_id', 'sort_changed'),
    stringIndex('byDate', 'list_p', 'sort_date'),
    stringIndex('byChanged', 'list_p', 'sort_changed'),
    stringIndex('byStatusChanged', 'status_p', 'sort_changed'),
    // Soft-deleted cases (decision record 0006): partition `deleted_p` = DELETED_CASES_PARTITION, newest delete first.
    stringIndex('byDeleted', 'deleted_p', 'deleted_at'),
  ],
);

/**
 * Partition value (`deleted_p`) of the `byDeleted` index of the cases table: every soft-deleted case
 * carries it, no live case does (decision record 0006; lambdas/data/case/repository.ts softDeleteCase).
 */
export const DELETED_CASES_PARTITION = 'deleted';

/** `user_status` attribute of a case for the byUserStatus index. */
export function userStatusKey(userId: string, caseStatus: number): string {
  return `${userId}#${caseStatus}`;
}

/** `status_p` attribute of a case for the byStatusChanged index. */
export function statusPartition(caseStatus: number): string {
  return `s${caseStatus}`;
}

/** `YYYY-MM` of an ISO time (UTC), the month partition of `byMonth` / `byStatusMonth`. */
export function monthOf(isoTime: string): string {
  return isoTime.slice(0, 7);
}

/** `status_month` attribute of a case for the byStatusMonth index. */
export function statusMonthKey(caseStatus: number, isoCreatedAt: string): string {
  return `${caseStatus}#${monthOf(isoCreatedAt)}`;
}

/** Case id per spec (provider-side section 3): the owner's user id, `_`, a millisecond timestamp. */
export function buildCaseId(userId: string, epochMs: number): string {
  return `${userId}_${epochMs}`;
}

/**
 * Key of the fixed item GET /health reads (a measured System Status): one
 * GetItem on `cases`, eventually consistent (half a read unit). The item never exists: case ids are
 * `${sub}_<ms>` ({@link buildCaseId}) and never start with `#`, so the read returns nothing and
 * touches no case data; what is measured is that the table answers.
 */
export function healthProbeKey(): { case_id: string } {
  return { case_id: '#health-probe' };
}
