/**
 * API layer of the Reports page (spec back-office-and-shell sections 2
 * "Reports", 7 and 8 "Reports"), built on `apiFetch` / `apiFetchBlob` (web/src/lib/api.ts):
 * - {@link fetchReportPermission}: GET /report/permission -> `{ userType, hasReportingAccess, error }`;
 * - {@link generatePaymentReport}: POST /report/provider-payment `{ user_id?, time_zone }` -> the PDF
 *   as a Blob and its file name (Content-Disposition; a dated default when the header is unreadable);
 * - {@link fetchReportHistory}: GET /report/history -> the caller's 10 most recent reports;
 * - {@link downloadKeptReport}: GET /report/download?id= -> a presigned link to a kept report, opened
 *   at once (the link's answer is an attachment under the report's file name);
 * - {@link searchProviders}: GET /user/list?search=&limit= (user_type 20 or more) -> one page of users.
 * Answers of another shape throw an Error {@link REPORT_UNREADABLE}; failed calls throw `ApiError`.
 */
import {
  ReportDownloadAnswerSchema,
  ReportHistoryResponseSchema,
  ReportPermissionSchema,
  type ReportHistoryEntry,
  type ReportPermission,
} from '../../../../shared/schemas/report';
import { UserListPageSchema, type UserRecord as UserListItem } from '../../../../shared/schemas/users';
import { apiFetch } from '../../lib/api';
import { apiFetchBlob } from '../../lib/apiFile';

/** An answer of another shape (a server of another version). */
export const REPORT_UNREADABLE = 'The server answered in a form this page cannot read. Please try again.';

/** Providers shown by the picker for one search. */
export const PROVIDER_SEARCH_LIMIT = 20;

export async function fetchReportPermission(signal?: AbortSignal): Promise<ReportPermission> {
  const parsed = ReportPermissionSchema.safeParse(await apiFetch<unknown>('/report/permission', { signal }));
  if (!parsed.success) throw new Error(REPORT_UNREADABLE);
  return parsed.data;
}

export async function fetchReportHistory(signal?: AbortSignal): Promise<ReportHistoryEntry[]> {
  const parsed = ReportHistoryResponseSchema.safeParse(await apiFetch<unknown>('/report/history', { signal }));
  if (!parsed.success) throw new Error(REPORT_UNREADABLE);
  return parsed.data.reports;
}

/** Download a kept report again: answers its file name. */
export async function downloadKeptReport(id: string): Promise<string> {
  const parsed = ReportDownloadAnswerSchema.safeParse(await apiFetch<unknown>('/report/download', { query: { id } }));
  if (!parsed.success) throw new Error(REPORT_UNREADABLE);
  const link = document.createElement('a');
  link.href = parsed.data.url;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  return parsed.data.filename;
}

/** The browser's time zone (IANA name), for "Generated at" in the PDF; undefined when unknown. */
function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

export interface ReportFile {
  blob: Blob;
  filename: string;
}

/** The PDF of the Paid cases of `userId`, or of every provider when it is blank. */
export async function generatePaymentReport(userId: string | undefined): Promise<ReportFile> {
  const file = await apiFetchBlob('/report/provider-payment', {
    method: 'POST',
    body: { ...(userId ? { user_id: userId } : {}), time_zone: browserTimeZone() },
  });
  const filename = file.filename ?? `provider-payment-report_${new Date().toISOString().slice(0, 10)}.pdf`;
  return { blob: file.blob, filename };
}

/** One page of users matching `search` (name, email or NPI prefix, server-side). */
export async function searchProviders(search: string, signal?: AbortSignal): Promise<UserListItem[]> {
  const body = await apiFetch<unknown>('/user/list', {
    query: { search: search.trim(), limit: PROVIDER_SEARCH_LIMIT },
    signal,
  });
  const parsed = UserListPageSchema.safeParse(body);
  if (!parsed.success) throw new Error('Invalid response format from user list API');
  return parsed.data.users;
}

/** Save a Blob as a file through a temporary link (the browser's download). */
export function saveFile(file: ReportFile): void {
  const url = URL.createObjectURL(file.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.filename;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
