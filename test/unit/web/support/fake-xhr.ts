/**
 * A stand-in for XMLHttpRequest in unit tests of the document uploads: records what was sent and
 * lets the test drive progress and the storage answer. `FakeXhr.instances` holds every request made.
 */
import type { XhrLike } from '../../../../web/src/documents/upload';

type ProgressHandler = (e: { lengthComputable: boolean; loaded: number; total: number }) => void;

export class FakeXhr implements XhrLike {
  static instances: FakeXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = undefined;
  status = 0;
  statusText = '';
  responseText = '';
  aborted = false;
  upload: { onprogress: ProgressHandler | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  ontimeout: (() => void) | null = null;

  constructor() {
    FakeXhr.instances.push(this);
  }
  open(method: string, url: string): void {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string): void {
    this.headers[name] = value;
  }
  send(body: Blob | FormData): void {
    this.body = body;
  }
  abort(): void {
    this.aborted = true;
    this.onabort?.();
  }
  /** Report `loaded` of `total` bytes sent. */
  progress(loaded: number, total: number): void {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  /** Storage answers with `status` (and an optional body). */
  respond(status: number, statusText = '', body = ''): void {
    this.status = status;
    this.statusText = statusText;
    this.responseText = body;
    this.onload?.();
  }
  /** The connection fails. */
  fail(): void {
    this.onerror?.();
  }
}
