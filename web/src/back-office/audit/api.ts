/**
 * API layer of the audit screen, built on `apiFetch` (web/src/lib/api.ts):
 * - {@link fetchAuditPage}: GET /audit with the filters -> one page `{ entries, next_cursor? }`
 *   (user_type 100 or more; newest first);
 * - {@link fetchAllAuditEntries}: every page of the filtered entries, for the CSV export, at most
 *   {@link MAX_EXPORT_ENTRIES} (the export says when it stopped there);
 * - {@link auditCsv}: the entries as CSV text (RFC 4180: comma-separated, CRLF, fields quoted when
 *   they hold a comma, quote or line break, quotes doubled; a leading = + - @ is prefixed with `'`
 *   so that a spreadsheet never runs a cell as a formula).
 * Answers of another shape throw an Error {@link AUDIT_UNREADABLE}; failed calls throw `ApiError`.
 */
import { AuditPageSchema, type AuditEntryView, type AuditPage } from '../../../../shared/schemas/audit';
import { apiFetch } from '../../lib/api';

export const AUDIT_UNREADABLE = 'The server answered in a form this page cannot read. Please try again.';
/** Entries per page on screen and per request of the export. */
export const AUDIT_PAGE_SIZE = 50;
/** Most entries one CSV export holds. */
export const MAX_EXPORT_ENTRIES = 10_000;

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

/** Every filtered entry (newest first), page after page; `truncated` when {@link MAX_EXPORT_ENTRIES} was reached. */
export async function fetchAllAuditEntries(
  filters: AuditFilters,
  onProgress?: (count: number) => void,
): Promise<{ entries: AuditEntryView[]; truncated: boolean }> {
  const entries: AuditEntryView[] = [];
  let cursor: string | undefined;
  do {
    const page = await fetchAuditPage(filters, cursor, undefined, 100);
    entries.push(...page.entries);
    onProgress?.(entries.length);
    cursor = page.next_cursor;
  } while (cursor && entries.length < MAX_EXPORT_ENTRIES);
  return { entries: entries.slice(0, MAX_EXPORT_ENTRIES), truncated: cursor !== undefined };
}

/** Columns of the CSV export, in order (the API's field names). */
export const AUDIT_CSV_COLUMNS = [
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

function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The entries as CSV text with a header row; `resource_ids` joined by spaces. */
export function auditCsv(entries: readonly AuditEntryView[]): string {
  const rows = entries.map((e) =>
    AUDIT_CSV_COLUMNS.map((c) => {
      const v = e[c];
      return csvField(Array.isArray(v) ? v.join(' ') : v === null || v === undefined ? '' : String(v));
    }).join(','),
  );
  return [AUDIT_CSV_COLUMNS.join(','), ...rows].join('\r\n') + '\r\n';
}

/** Offer `text` as a download named `filename`. */
export function saveCsv(text: string, filename: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
