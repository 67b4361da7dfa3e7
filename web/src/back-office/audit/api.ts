/**
 * API layer of the audit screen, built on `apiFetch` (web/src/lib/api.ts):
 * - {@link fetchAuditPage}: GET /audit with the filters -> one page `{ entries, next_cursor? }`
 *   (user_type 100 or more; newest first);
 * - `AUDIT_CSV_COLUMNS`: the columns of the CSV export (shared/csv-columns.ts).
 * Answers of another shape throw an Error {@link AUDIT_UNREADABLE}; failed calls throw `ApiError`.
 */
import { AuditPageSchema, type AuditPage } from '../../../../shared/schemas/audit';
import { apiFetch } from '../../lib/api';

export const AUDIT_UNREADABLE = 'The server answered in a form this page cannot read. Please try again.';
/** Entries per page on screen and per request of the export. */
export const AUDIT_PAGE_SIZE = 50;

/** The filters of the screen (empty text = not filtered); dates `YYYY-MM-DD` (UTC days). */
export interface AuditFilters {
  userId: string;
  caseId: string;
  action: string;
  from: string;
  to: string;
}

export const NO_AUDIT_FILTERS: AuditFilters = { userId: '', caseId: '', action: '', from: '', to: '' };

/** The query of GET /audit for `filters` (no page): also the server export's filters. */
export function auditQuery(filters: AuditFilters) {
  return {
    user_id: filters.userId.trim(),
    case_id: filters.caseId.trim(),
    action: filters.action.trim(),
    from: filters.from,
    to: filters.to,
  };
}

export async function fetchAuditPage(
  filters: AuditFilters,
  cursor?: string,
  signal?: AbortSignal,
  limit = AUDIT_PAGE_SIZE,
): Promise<AuditPage> {
  const parsed = AuditPageSchema.safeParse(
    await apiFetch<unknown>('/audit', { query: { ...auditQuery(filters), limit, cursor }, signal }),
  );
  if (!parsed.success) throw new Error(AUDIT_UNREADABLE);
  return parsed.data;
}

export { AUDIT_CSV_COLUMNS } from '../../../../shared/csv-columns';
