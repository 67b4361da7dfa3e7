/**
 * The security headers, the Content-Security-Policy and the API rate limit, declared once for the
 * CloudFront distribution (infra/web.ts, a response headers policy), the HTTP API stage
 * (infra/api.ts, throttling) and the local runtime (local/index.ts and gateway.ts), so that
 * `npm start` holds the same line as AWS (OWASP ASVS 4.0.3 V14.4;
 * HIPAA 164.312(e)(1) transmission security).
 *
 * What the SPA needs (checked in web/): its own scripts only (Vite emits no inline script:
 * `modulePreload.polyfill` is off); inline styles (Amplify UI's ThemeProvider writes a `<style>`
 * element and components set `style` attributes), hence `style-src 'self' 'unsafe-inline'`;
 * images from itself, `data:` and `blob:`; `fetch` to the API (its own origin: `/api` of the same
 * CloudFront distribution on AWS, of the same server locally), to Cognito's user pool endpoint
 * (Amplify Auth) and to the documents bucket (presigned PUT uploads); nothing framed, no plugins.
 */

/** HSTS max-age: two years, in seconds (the value the HSTS preload list asks for). */
export const HSTS_MAX_AGE_SECONDS = 63_072_000;

/** The Referrer-Policy: the origin only to other origins (presigned URLs never leak as referrers). */
export const REFERRER_POLICY = 'strict-origin-when-cross-origin';

/**
 * The rate limit per caller: a token bucket refilled with `ratePerSecond`
 * tokens per second up to `burst` tokens; a request takes one token, and a request that finds no
 * token is answered 429. Locally the caller is the token's `sub` (verified), else the source IP.
 * On AWS the same numbers are the HTTP API stage's default route throttling (infra/api.ts), which
 * API Gateway applies to the stage as a whole, not per caller.
 */
export const RATE_LIMIT = { ratePerSecond: 20, burst: 40 } as const;

/** The shape of {@link RATE_LIMIT}. */
export interface RateLimit {
  /** Steady rate, requests per second (> 0). */
  ratePerSecond: number;
  /** Bucket size, requests (>= 1). */
  burst: number;
}

/**
 * The Content-Security-Policy of the SPA.
 * @param connectSources Origins the SPA calls besides its own (`'self'` is always first): the API,
 *   Cognito's endpoint and the documents bucket. Duplicates and the empty string are dropped; the
 *   values may be CDK tokens (they are joined as text).
 * @returns The header value, directives separated by `; `.
 */
export function contentSecurityPolicy(connectSources: readonly string[]): string {
  const connect = ["'self'", ...new Set(connectSources.filter((s) => s !== ''))];
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src ${connect.join(' ')}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * The connect-src origins of a deployed stage in `region` besides `'self'` (used by infra/web.ts). The
 * API is served by the same CloudFront distribution under `/api` (infra/web.ts), so it is `'self'`:
 * - Cognito's user pool endpoint `https://cognito-idp.<region>.amazonaws.com`;
 * - the documents bucket's presigned URLs `https://*.s3.<region>.amazonaws.com` (the SDK presigns
 *   virtual-hosted URLs `https://<bucket>.s3.<region>.amazonaws.com/...`).
 * The bucket is named by a wildcard in its region, not by its own host: it takes the CloudFront domain
 * as its CORS origin, so naming it in the distribution's policy would make a dependency cycle
 * (distribution -> policy -> bucket -> distribution).
 * @param region An AWS region or a CDK token for it.
 * @param urlSuffix `amazonaws.com` or a token for the partition's suffix.
 */
export function deployedConnectSources(region: string, urlSuffix = 'amazonaws.com'): string[] {
  return [`https://cognito-idp.${region}.${urlSuffix}`, `https://*.s3.${region}.${urlSuffix}`];
}

/**
 * The security headers as the local runtime sends them (lower-case names), the same values as the
 * CloudFront response headers policy of infra/web.ts.
 * @param csp The Content-Security-Policy, from {@link contentSecurityPolicy}.
 */
export function securityHeaders(csp: string): Record<string, string> {
  return {
    'strict-transport-security': `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains`,
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': REFERRER_POLICY,
    'content-security-policy': csp,
  };
}
