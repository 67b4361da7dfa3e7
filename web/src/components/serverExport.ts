/**
 * The server export of a list above the browser's 10,000 rows (docs/decisions/0029-server-exports.md):
 * {@link startServerExport} (POST /export) and {@link serverExportStatus} (GET /export), both on
 * `apiFetch`. Answers of another shape throw an Error {@link EXPORT_UNREADABLE}; failed calls throw `ApiError`.
 */
import { ExportStatusSchema, type ExportList, type ExportStatus } from '../../../shared/schemas/export';
import { apiFetch } from '../lib/api';

export const EXPORT_UNREADABLE = 'The server answered in a form this page cannot read. Please try again.';

/** A list's filters as its call's query parameters; absent and empty values are not filters. */
export type ExportFilters = Record<string, string | number | boolean | undefined | null>;

/** What the server exports: the list and the filters on screen. */
export interface ServerExportTarget {
  list: ExportList;
  filters: ExportFilters;
}

/** Start the export; resolves with its id. */
export async function startServerExport(target: ServerExportTarget, signal?: AbortSignal): Promise<string> {
  const filters = Object.fromEntries(
    Object.entries(target.filters).filter(([, v]) => v !== undefined && v !== null && v !== ''),
  );
  const body = await apiFetch<{ export_id?: unknown }>('/export', {
    method: 'POST',
    body: { list: target.list, filters },
    signal,
  });
  if (typeof body?.export_id !== 'string') throw new Error(EXPORT_UNREADABLE);
  return body.export_id;
}

/** The export's state: rows so far, and the link once done. */
export async function serverExportStatus(exportId: string, signal?: AbortSignal): Promise<ExportStatus> {
  const parsed = ExportStatusSchema.safeParse(
    await apiFetch<unknown>('/export', { query: { export_id: exportId }, signal }),
  );
  if (!parsed.success) throw new Error(EXPORT_UNREADABLE);
  return parsed.data;
}
