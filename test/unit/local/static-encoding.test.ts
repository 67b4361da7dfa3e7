/**
 * Content negotiation of the local runtime's precompressed SPA files (local/encoding.ts;
 * spec provider-side).
 */
import { acceptedQuality, pickEncoding } from '../../../local/encoding';

const both = () => true;

describe('pickEncoding', () => {
  it('prefers brotli when the browser accepts it and the file exists', () => {
    expect(pickEncoding('gzip, deflate, br, zstd', both)).toEqual({ encoding: 'br', suffix: '.br' });
  });

  it('falls back to gzip when brotli is refused or missing', () => {
    expect(pickEncoding('br;q=0, gzip', both)?.encoding).toBe('gzip');
    expect(pickEncoding('gzip, br', (suffix) => suffix === '.gz')?.encoding).toBe('gzip');
  });

  it('follows the q-values', () => {
    expect(pickEncoding('br;q=0.5, gzip;q=0.9', both)?.encoding).toBe('gzip');
  });

  it('sends the plain file without a header, for identity only, or when nothing precompressed exists', () => {
    expect(pickEncoding(undefined, both)).toBeUndefined();
    expect(pickEncoding('identity', both)).toBeUndefined();
    expect(pickEncoding('gzip, br', () => false)).toBeUndefined();
  });
});

describe('acceptedQuality', () => {
  it('reads a wildcard, x-gzip and explicit refusals', () => {
    expect(acceptedQuality('*', 'br')).toBe(1);
    expect(acceptedQuality('*;q=0.3, br;q=0', 'br')).toBe(0);
    expect(acceptedQuality('x-gzip', 'gzip')).toBe(1);
    expect(acceptedQuality('GZIP;Q=0.7', 'gzip')).toBe(0.7);
  });
});
