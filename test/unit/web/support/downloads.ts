/**
 * The files a component test's page offers for download (web/src/components/csv.ts `saveCsv`):
 * `captureDownloads()` in a describe block answers the list of files saved during each test, each
 * with its name and its text read back byte for byte (the byte-order mark kept). jsdom has no Blob
 * URLs and does not download: this stands in for both.
 */

export interface SavedFile {
  name: string;
  text: Promise<string>;
}

/** The file's text with its byte-order mark (a text read would drop it). */
function readBlob(blob: Blob): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () =>
      resolve(new TextDecoder('utf-8', { ignoreBOM: true }).decode(new Uint8Array(reader.result as ArrayBuffer)));
    reader.readAsArrayBuffer(blob);
  });
}

/** Installs the capture before each test of the calling block and removes it after. */
export function captureDownloads(): SavedFile[] {
  const saved: SavedFile[] = [];
  beforeEach(() => {
    saved.length = 0;
    const blobs = new Map<string, Blob>();
    URL.createObjectURL = (blob: Blob) => {
      const url = `blob:test/${blobs.size}`;
      blobs.set(url, blob);
      return url;
    };
    URL.revokeObjectURL = () => undefined;
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function click(this: HTMLAnchorElement) {
      saved.push({ name: this.download, text: readBlob(blobs.get(this.href)!) });
    });
  });
  afterEach(() => jest.restoreAllMocks());
  return saved;
}
