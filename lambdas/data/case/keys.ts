/**
 * Keys of the cases table: the table, its indexes (by owner, owner and status, status and month,
 * month, the three search prefixes, the soft-deleted) and the builders of their composite keys.
 * Pure data, no AWS imports: the CDK app and the local runtime read it through lambdas/lib/tables.ts.
 */
import { searchIndexes, stringIndex, stringTable } from '../keys';

export const CASES_TABLE = stringTable(
  'cases',
  'CASES_TABLE',
  ['case_id'],
  [
    stringIndex('byUser', 'user_id', 'created_at'),
    stringIndex('byUserStatus', 'user_status', 'created_at'),
    stringIndex('byStatusMonth', 'status_month', 'created_at'),
    stringIndex('byMonth', 'created_month', 'created_at'),
    ...searchIndexes('id', 'last', 'ins'),
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
