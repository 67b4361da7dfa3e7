import { TokenBucketLimiter } from '../../../local/rate-limit';
import {
  RATE_LIMIT,
  contentSecurityPolicy,
  deployedConnectSources,
  securityHeaders,
} from '../../../infra/security-headers';

describe('the rate limit per caller', () => {
  it('lets a burst of 40 through at once and refuses the 41st', () => {
    // Prepare
    const limiter = new TokenBucketLimiter(RATE_LIMIT, () => 1_000);
    // Act
    const decisions = Array.from({ length: 41 }, () => limiter.take('sub:a'));
    // Assess
    expect(decisions.slice(0, 40).every((d) => d.allowed)).toBe(true);
    expect(decisions[40]).toEqual({ allowed: false, retryAfterSeconds: 1 });
  });

  it('refills 20 tokens per second, never beyond the burst', () => {
    // Prepare
    let now = 0;
    const limiter = new TokenBucketLimiter({ ratePerSecond: 20, burst: 40 }, () => now);
    for (let i = 0; i < 40; i++) limiter.take('ip:10.0.0.1');
    // Act: half a second refills 10 tokens
    now = 500;
    const afterHalf = Array.from({ length: 11 }, () => limiter.take('ip:10.0.0.1').allowed);
    now = 60_000; // a minute idle: full again, 40 and no more
    const afterMinute = Array.from({ length: 41 }, () => limiter.take('ip:10.0.0.1').allowed);
    // Assess
    expect(afterHalf.filter(Boolean)).toHaveLength(10);
    expect(afterHalf[10]).toBe(false);
    expect(afterMinute.filter(Boolean)).toHaveLength(40);
  });

  it('keeps callers apart: one caller over its limit leaves another untouched', () => {
    // Prepare
    const limiter = new TokenBucketLimiter({ ratePerSecond: 1, burst: 2 }, () => 0);
    limiter.take('sub:a');
    limiter.take('sub:a');
    // Act
    const a = limiter.take('sub:a');
    const b = limiter.take('sub:b');
    // Assess
    expect(a.allowed).toBe(false);
    expect(a.retryAfterSeconds).toBe(1);
    expect(b).toEqual({ allowed: true, retryAfterSeconds: 0 });
  });

  it('keeps at most maxKeys buckets, dropping the least recently used', () => {
    // Prepare
    const limiter = new TokenBucketLimiter({ ratePerSecond: 1, burst: 1 }, () => 0, 2);
    limiter.take('a'); // a empty
    limiter.take('b');
    // Act
    limiter.take('c'); // drops a
    const a = limiter.take('a'); // a starts full again
    // Assess
    expect(limiter.size).toBe(2);
    expect(a.allowed).toBe(true);
  });

  it('refuses a limit that cannot work', () => {
    // Act & Assess
    expect(() => new TokenBucketLimiter({ ratePerSecond: 0, burst: 10 })).toThrow(RangeError);
    expect(() => new TokenBucketLimiter({ ratePerSecond: 5, burst: 0 })).toThrow(RangeError);
  });
});

describe('the Content-Security-Policy', () => {
  it("allows only the SPA's own scripts and the given origins to connect to, without duplicates", () => {
    // Act
    const csp = contentSecurityPolicy(['http://127.0.0.1:3000', 'http://127.0.0.1:3000', '']);
    // Assess
    const directives = Object.fromEntries(csp.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));
    expect(directives['default-src']).toEqual(["'self'"]);
    expect(directives['script-src']).toEqual(["'self'"]);
    expect(directives['connect-src']).toEqual(["'self'", 'http://127.0.0.1:3000']);
    expect(directives['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
    expect(directives['img-src']).toEqual(["'self'", 'data:', 'blob:']);
    expect(directives['object-src']).toEqual(["'none'"]);
    expect(directives['frame-ancestors']).toEqual(["'none'"]);
  });

  it("names the region's Cognito and S3 hosts for a deployed stage, and no API host (the API is /api of the same origin)", () => {
    // Act
    const sources = deployedConnectSources('eu-west-1');
    // Assess
    expect(sources).toEqual(['https://cognito-idp.eu-west-1.amazonaws.com', 'https://*.s3.eu-west-1.amazonaws.com']);
  });

  it('sends HSTS for two years, nosniff, DENY, strict-origin-when-cross-origin and the CSP', () => {
    // Act
    const headers = securityHeaders("default-src 'self'");
    // Assess
    expect(headers).toEqual({
      'strict-transport-security': 'max-age=63072000; includeSubDomains',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'content-security-policy': "default-src 'self'",
    });
  });
});
