/**
 * Sending a file's bytes to the presigned upload of POST /document, with
 * XMLHttpRequest so that `upload.onprogress` reports the real transfer (fetch cannot).
 *
 * - PUT: the file as the body, with exactly the ticket's `headers` (they are signed; nothing added).
 * - POST: a multipart form with the ticket's `fields` first, then the file as `file` (S3 POST policy).
 *
 * Progress is reported as whole percent 0..100. No AWS credentials are involved: the URL is signed.
 */
import { DOCUMENT_MESSAGES, type UploadTicket } from '../../../shared';

/** The part of XMLHttpRequest the uploader uses (a fake one in tests). */
export interface XhrLike {
  open(method: string, url: string): void;
  setRequestHeader(name: string, value: string): void;
  send(body: Blob | FormData): void;
  abort(): void;
  readonly status: number;
  readonly statusText: string;
  readonly responseText: string;
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null };
  onload: (() => void) | null;
  onerror: (() => void) | null;
  onabort: (() => void) | null;
  ontimeout: (() => void) | null;
}

/** A failed transfer; `message` reads 'Upload failed: {reason}' (spec provider-side section 8). */
export class UploadError extends Error {
  override name = 'UploadError';
  constructor(
    reason: string,
    /** HTTP status of the storage answer, 0 when there was none (network failure). */
    readonly status: number,
  ) {
    super(DOCUMENT_MESSAGES.uploadFailed(reason));
  }
}

export interface UploadOptions {
  /** Called with whole percent 0..100 as bytes leave the browser (100 once storage accepted them). */
  onProgress?: (percent: number) => void;
  /** Aborting rejects with a DOMException named 'AbortError'. */
  signal?: AbortSignal;
  /** Builds the request (tests pass a fake). Default `new XMLHttpRequest()`. */
  createXhr?: () => XhrLike;
}

/** Percent 0..100 (whole) of `loaded` out of `total` bytes; 0 when the total is unknown. */
export function progressPercent(loaded: number, total: number): number {
  if (!(total > 0)) return 0;
  return Math.max(0, Math.min(100, Math.floor((loaded / total) * 100)));
}

/** The reason a storage error answer gives: S3's XML `<Message>`, else 'HTTP {status} {text}'. */
export function storageErrorReason(status: number, statusText: string, body: string): string {
  const message = /<Message>([^<]*)<\/Message>/.exec(body)?.[1]?.trim();
  if (message) return message;
  return `HTTP ${status}${statusText ? ` ${statusText}` : ''}`;
}

/** Headers a page may not set (the browser sends them, with the same values the signature expects). */
const BROWSER_SET_HEADERS = new Set(['content-length', 'host']);

function abortError(): DOMException {
  return new DOMException('The upload was cancelled', 'AbortError');
}

/**
 * Send `file` as the ticket says. Resolves when storage answered 2xx. Rejects with
 * {@link UploadError} (non-2xx answer, network failure) or an 'AbortError' DOMException.
 */
export function sendToStorage(upload: UploadTicket['upload'], file: Blob, opts: UploadOptions = {}): Promise<void> {
  const { onProgress, signal, createXhr = () => new XMLHttpRequest() as unknown as XhrLike } = opts;
  return new Promise<void>((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    const xhr = createXhr();
    const onAbortSignal = () => xhr.abort();
    const done = () => signal?.removeEventListener('abort', onAbortSignal);
    let last = -1;
    const report = (p: number) => {
      if (p !== last) {
        last = p;
        onProgress?.(p);
      }
    };
    xhr.upload.onprogress = (e) => {
      // 100 is reported only once storage has answered: the last byte sent is not yet a stored file.
      if (e.lengthComputable) report(Math.min(99, progressPercent(e.loaded, e.total)));
    };
    xhr.onload = () => {
      done();
      if (xhr.status >= 200 && xhr.status < 300) {
        report(100);
        resolve();
      } else {
        reject(new UploadError(storageErrorReason(xhr.status, xhr.statusText, xhr.responseText ?? ''), xhr.status));
      }
    };
    xhr.onerror = () => {
      done();
      reject(new UploadError('Network error. Please check your internet connection.', 0));
    };
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => {
      done();
      reject(abortError());
    };
    signal?.addEventListener('abort', onAbortSignal);

    xhr.open(upload.method, upload.url);
    report(0);
    if (upload.method === 'PUT') {
      for (const [name, value] of Object.entries(upload.headers ?? {})) {
        // The browser sets these itself (from the URL and the file); setting them is refused.
        if (!BROWSER_SET_HEADERS.has(name.toLowerCase())) xhr.setRequestHeader(name, value);
      }
      xhr.send(file);
    } else {
      const form = new FormData();
      for (const [name, value] of Object.entries(upload.fields ?? {})) form.append(name, value);
      // S3 ignores every field after `file`: it must come last.
      form.append('file', file);
      xhr.send(form);
    }
  });
}
