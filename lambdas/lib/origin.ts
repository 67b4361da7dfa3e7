/**
 * Requests reach the API only through CloudFront and its WAF ("an AWS WAF web ACL
 * in front of both the SPA and the API"). An HTTP API's execute-api URL cannot be switched off
 * without a custom domain, so the distribution's `/api/*` origin adds {@link ORIGIN_VERIFY_HEADER}
 * with a per-stack token (infra/api.ts `Api.originVerifyToken`; CloudFront replaces any value a viewer
 * sends), the Lambdas get the same token as `ORIGIN_VERIFY`, and the middleware answers 403 to a
 * request without it ({@link checkOrigin}). The local runtime sets a random token per start and its
 * gateway adds the header, as CloudFront does.
 *
 * No AWS SDK here (the middleware of check_npi bundles none).
 */
import { timingSafeEqual } from 'node:crypto';
import { API_MESSAGES } from '../../shared';
import { ForbiddenError } from './errors';
import type { ApiEvent } from './http';

/** The header CloudFront's API origin adds (lower case, as API Gateway passes header names). */
export const ORIGIN_VERIFY_HEADER = 'x-suture-origin-verify';

/** Whether `given` equals `expected`, in time independent of where they differ. */
export function sameToken(given: string | undefined, expected: string): boolean {
  if (given === undefined) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Throws `ForbiddenError` ('Insufficient permissions', 403) when `expected` (the `ORIGIN_VERIFY`
 * environment variable) is set and the event lacks the header with that value; then removes the
 * header from the event, so that no handler or log sees the token. No-op when `expected` is unset.
 */
export function checkOrigin(event: ApiEvent, expected: string | undefined): void {
  if (!expected) return;
  const headers = event.headers ?? {};
  if (!sameToken(headers[ORIGIN_VERIFY_HEADER], expected)) {
    throw new ForbiddenError(API_MESSAGES.insufficientPermissions);
  }
  delete headers[ORIGIN_VERIFY_HEADER];
}
