/**
 * File signatures ("magic bytes") per extension (spec provider-side section 3: the first bytes of an uploaded
 * object must match its extension). Pure functions, no I/O.
 *
 * - pdf: `%PDF`
 * - docx, xlsx, pptx: a zip archive, `PK\x03\x04`
 * - doc, xls, ppt: OLE2 compound file, `D0 CF 11 E0 A1 B1 1A E1`
 * - jpg, jpeg: `FF D8 FF`
 * - png: `89 50 4E 47 0D 0A 1A 0A`
 * - rtf: `{\rtf`
 * - txt: valid UTF-8 (an optional BOM allowed) without NUL bytes. Only a prefix of the file is
 *   read, so a multi-byte sequence cut at the end of the prefix is accepted when `truncated`.
 */
import { CONTENT_TYPE_BY_EXTENSION } from '../../shared/schemas/document';

/** Bytes of the object read to check its type (the whole file when it is shorter). */
export const SNIFF_BYTES = 64 * 1024;

const SIGNATURES: Record<string, readonly number[]> = {
  pdf: [0x25, 0x50, 0x44, 0x46],
  docx: [0x50, 0x4b, 0x03, 0x04],
  xlsx: [0x50, 0x4b, 0x03, 0x04],
  pptx: [0x50, 0x4b, 0x03, 0x04],
  doc: [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1],
  xls: [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1],
  ppt: [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1],
  jpg: [0xff, 0xd8, 0xff],
  jpeg: [0xff, 0xd8, 0xff],
  png: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  rtf: [0x7b, 0x5c, 0x72, 0x74, 0x66],
};

/**
 * true when `bytes` is UTF-8 text without NUL. With `truncated`, an incomplete multi-byte sequence
 * at the very end (at most 3 bytes) is accepted, since the rest of the file was not read.
 */
export function isUtf8Text(bytes: Uint8Array, truncated = false): boolean {
  if (bytes.includes(0)) return false;
  let end = bytes.length;
  if (truncated) {
    // Drop a trailing partial sequence: find the last lead byte within the final 3 bytes.
    for (let i = bytes.length - 1; i >= Math.max(0, bytes.length - 3); i--) {
      const b = bytes[i] as number;
      if ((b & 0xc0) === 0x80) continue; // continuation byte
      const need = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
      if (bytes.length - i < need) end = i;
      break;
    }
  }
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, end));
    return true;
  } catch {
    return false;
  }
}

/**
 * Do the first bytes of a file match its extension? `head` is the start of the file (up to
 * {@link SNIFF_BYTES}); `truncated` says the file is longer than `head`. Unknown extensions: false.
 */
export function matchesExtension(ext: string, head: Uint8Array, truncated = false): boolean {
  const e = ext.toLowerCase();
  if (e === 'txt') return isUtf8Text(head, truncated);
  const sig = SIGNATURES[e];
  if (!sig || head.length < sig.length) return false;
  return sig.every((b, i) => head[i] === b);
}

/**
 * The Content-Type stored with and served for each extension (the server chooses it, not the client):
 * the shared table, with text files marked UTF-8.
 */
export const CONTENT_TYPES: Record<string, string> = {
  ...CONTENT_TYPE_BY_EXTENSION,
  txt: 'text/plain; charset=utf-8',
};

/** Content-Type for an extension (application/octet-stream when unknown). */
export function contentTypeFor(ext: string): string {
  return CONTENT_TYPES[ext.toLowerCase()] ?? 'application/octet-stream';
}
