/**
 * API layer of the audit screen, built on `apiFetch` (web/src/lib/api.ts):
 * - {@link fetchAuditPage}: GET /audit with the filters -> one page `{ entries, next_cursor? }`
 *   (user_type 100 or more; newest first);
 * - {@link AUDIT_CSV_COLUMNS}: the columns of the CSV export (written by web/src/components/csv.ts).
 * Answers of another shape throw an Error {@link AUDIT_UNREADABLE}; failed calls throw `ApiError`.
 */
import { AuditPageSchema, type AuditEntryView, type AuditPage } from '../../../../shared/schemas/audit';
import { apiFetch } from '../../lib/api';
import type { CsvColumn } from '../../components/csv';

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

function query(filters: AuditFilters, limit: number, cursor?: string) {
  return {
    user_id: filters.userId.trim(),
    case_id: filters.caseId.trim(),
    action: filters.action.trim(),
    from: filters.from,
    to: filters.to,
    limit,
    cursor,
  };
}

export async function fetchAuditPage(
  filters: AuditFilters,
  cursor?: string,
  signal?: AbortSignal,
  limit = AUDIT_PAGE_SIZE,
): Promise<AuditPage> {
  const parsed = AuditPageSchema.safeParse(
    await apiFetch<unknown>('/audit', { query: query(filters, limit, cursor), signal }),
  );
  if (!parsed.success) throw new Error(AUDIT_UNREADABLE);
  return parsed.data;
}

/** Columns of the CSV export, in order (the API's field names). */
const AUDIT_CSV_FIELDS = [
  'at',
  'user_id',
  'user_type',
  'username',
  'action',
  'status',
  'outcome',
  'resource_type',
  'resource_ids',
  'request_id',
  'source_ip',
  'user_agent',
  // The one case an entry is about, and its number (docs/decisions/0022-case-numbers.md).
  'case_id',
  'case_number',
] as const;

/** Columns of the CSV export, headed by the API's field names; `at` stays a full UTC timestamp. */
export const AUDIT_CSV_COLUMNS: readonly CsvColumn<AuditEntryView>[] = AUDIT_CSV_FIELDS.map((field) => ({
  header: field,
  value: (entry: AuditEntryView) => entry[field],
}));
