/**
 * File downloads from the API (the payment report PDF), apart from ./api.ts so
 * that the pages loaded with /auth do not carry it (the /auth chunk is at its budget). Same request,
 * token and error messages as `apiFetch`.
 */
import { apiErrorFor, sendApiRequest, type ApiRequest } from './api';

/** A file the API answered (e.g. the payment report PDF). */
export interface ApiFile {
  blob: Blob;
  /** From `Content-Disposition: attachment; filename="..."`; undefined when absent or unreadable. */
  filename?: string;
  contentType: string;
}

/** The `filename` of a Content-Disposition header (`filename*=UTF-8''...` preferred), else undefined. */
export function filenameFromDisposition(header: string | null | undefined): string | undefined {
  if (!header) return undefined;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      /* fall through to the plain form */
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;\s]+))/.exec(header);
  const name = (plain?.[1] ?? plain?.[2] ?? '').trim();
  return name === '' ? undefined : name;
}

/**
 * Call the API for a file (the payment report): the same request and errors as
 * {@link apiFetch} (`ApiError` with the spec's message, status 0 for a network failure), but a 2xx
 * answer resolves with its bytes as a Blob, its content type and the file name of its
 * Content-Disposition header.
 */
export async function apiFetchBlob(path: string, req: ApiRequest = {}): Promise<ApiFile> {
  const res = await sendApiRequest(path, req, 'application/pdf, application/json');
  if (!res.ok) {
    const text = await res.text();
    let parsed: unknown = text || undefined;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      /* not JSON: kept as text */
    }
    throw apiErrorFor(res, parsed, req.forbidden ?? 'default');
  }
  const blob = await res.blob();
  return {
    blob,
    filename: filenameFromDisposition(res.headers.get('content-disposition')),
    contentType: res.headers.get('content-type') ?? blob.type,
  };
}
