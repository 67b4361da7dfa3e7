/**
 * Read the text of a PDF written by pdf-lib with the standard fonts, without a PDF parser package
 * (none is in the project; pdf-lib itself cannot extract text). Enough for the reports Suture
 * writes (lambdas/report/pdf.ts), not a general PDF reader:
 * - every `stream ... endstream` is taken; `/FlateDecode` ones are inflated with node:zlib;
 * - in each content stream, the strings shown by `Tj` (hex `<...>` or literal `(...)`) are decoded
 *   as WinAnsi (windows-1252, the encoding of the standard fonts), one string per line;
 * - a page is a content stream that draws text (pdf-lib keeps one content stream per page, and
 *   the report draws "Page N of M" into each, so pages are ordered by that number when present).
 */
import { inflateSync } from 'node:zlib';

/** WinAnsi (windows-1252) 0x80..0x9F; the rest is Latin-1. (Node's TextDecoder may read this label as Latin-1.) */
const WIN_ANSI_HIGH =
  '\u20ac\ufffd\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\ufffd\u017d\ufffd' +
  '\ufffd\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\ufffd\u017e\u0178';
const WIN_ANSI = {
  decode: (bytes: Uint8Array): string =>
    Array.from(bytes, (b) => (b >= 0x80 && b <= 0x9f ? WIN_ANSI_HIGH[b - 0x80]! : String.fromCharCode(b))).join(''),
};

function decodeHex(hex: string): string {
  const clean = hex.replace(/\s+/g, '');
  const bytes = new Uint8Array(Math.ceil(clean.length / 2));
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt((clean.slice(2 * i, 2 * i + 2) + '0').slice(0, 2), 16);
  return WIN_ANSI.decode(bytes);
}

function decodeLiteral(body: string): string {
  const out: number[] = [];
  for (let i = 0; i < body.length; i++) {
    const ch = body[i]!;
    if (ch !== '\\') {
      out.push(ch.charCodeAt(0) & 0xff);
      continue;
    }
    const next = body[++i] ?? '';
    const escapes: Record<string, number> = { n: 10, r: 13, t: 9, b: 8, f: 12, '(': 40, ')': 41, '\\': 92 };
    if (next in escapes) out.push(escapes[next]!);
    else if (/[0-7]/.test(next)) {
      let oct = next;
      while (oct.length < 3 && /[0-7]/.test(body[i + 1] ?? '')) oct += body[++i];
      out.push(parseInt(oct, 8) & 0xff);
    }
  }
  return WIN_ANSI.decode(Uint8Array.from(out));
}

/** The decoded streams of a PDF (inflated when Flate-encoded), as latin1 text. */
export function pdfStreams(bytes: Uint8Array): string[] {
  const raw = Buffer.from(bytes);
  const text = raw.toString('latin1');
  const streams: string[] = [];
  const re = /stream\r?\n/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text))) {
    if (text.slice(Math.max(0, m.index - 3), m.index) === 'end') continue;
    const start = m.index + m[0].length;
    const end = text.indexOf('endstream', start);
    if (end < 0) break;
    const dictStart = text.lastIndexOf('<<', m.index);
    const dict = text.slice(dictStart, m.index);
    const data = raw.subarray(start, end);
    let decoded: Buffer = data;
    if (dict.includes('/FlateDecode')) {
      try {
        decoded = inflateSync(data);
      } catch {
        decoded = Buffer.alloc(0);
      }
    }
    streams.push(decoded.toString('latin1'));
    re.lastIndex = end;
  }
  return streams;
}

/** The strings a content stream shows (`Tj`), in order. */
export function shownStrings(content: string): string[] {
  const out: string[] = [];
  const re = /<([0-9A-Fa-f\s]*)>\s*Tj|\(((?:\\.|[^\\)])*)\)\s*Tj/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(content))) out.push(m[1] !== undefined ? decodeHex(m[1]) : decodeLiteral(m[2] ?? ''));
  return out;
}

/** The text of each page (one shown string per line), ordered by "Page N of M" where present. */
export function pdfTextPages(bytes: Uint8Array): string[] {
  const pages = pdfStreams(bytes)
    .map(shownStrings)
    .filter((lines) => lines.length > 0)
    .map((lines) => lines.join('\n'));
  const number = (page: string) => Number(/Page (\d+) of \d+/.exec(page)?.[1] ?? Number.MAX_SAFE_INTEGER);
  return pages
    .map((page, i) => ({ page, i }))
    .sort((a, b) => number(a.page) - number(b.page) || a.i - b.i)
    .map((p) => p.page);
}

/** The whole text of a PDF, page after page. */
export function pdfText(bytes: Uint8Array): string {
  return pdfTextPages(bytes).join('\n');
}
