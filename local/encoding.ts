/**
 * Content negotiation for the precompressed SPA files ("serve brotli or gzip,
 * precompressed at build time, as CloudFront does with compression on"). The Vite build writes
 * `<file>.br` and `<file>.gz` beside each text asset (web/vite.config.ts); serveStatic sends one of
 * them with `Content-Encoding` when the browser accepts it.
 */

/** Encodings the build writes, in order of preference, with the file suffix of each. */
export const PRECOMPRESSED = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;

export type ContentEncoding = (typeof PRECOMPRESSED)[number]['encoding'];

/**
 * The q-value (0 to 1) an Accept-Encoding header gives `encoding` (RFC 9110 section 12.5.3):
 * a listed name, else `*`, else 0. `x-gzip` counts as gzip.
 */
export function acceptedQuality(acceptEncoding: string | undefined, encoding: ContentEncoding): number {
  if (!acceptEncoding) return 0;
  let wildcard: number | undefined;
  for (const part of acceptEncoding.split(',')) {
    const [rawName, ...params] = part.trim().split(';');
    const name = (rawName ?? '').trim().toLowerCase();
    if (!name) continue;
    let q = 1;
    for (const p of params) {
      const m = /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(p);
      if (m) q = Math.min(1, Math.max(0, Number(m[1]) || 0));
    }
    if (name === encoding || (encoding === 'gzip' && name === 'x-gzip')) return q;
    if (name === '*') wildcard = q;
  }
  return wildcard ?? 0;
}

/**
 * The precompressed variant to send: the accepted encoding with the highest q-value among those
 * for which `exists(suffix)` is true (brotli first on a tie), or undefined for the plain file.
 */
export function pickEncoding(
  acceptEncoding: string | undefined,
  exists: (suffix: string) => boolean,
): { encoding: ContentEncoding; suffix: string } | undefined {
  let best: { encoding: ContentEncoding; suffix: string; q: number } | undefined;
  for (const { encoding, suffix } of PRECOMPRESSED) {
    const q = acceptedQuality(acceptEncoding, encoding);
    if (q > 0 && (!best || q > best.q) && exists(suffix)) best = { encoding, suffix, q };
  }
  return best && { encoding: best.encoding, suffix: best.suffix };
}
