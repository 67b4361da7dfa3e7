/**
 * The caller's identity from the JWT claims: `sub` (the user id everywhere),
 * `email` (id tokens only), `username` (access tokens), `cognito:groups` (API Gateway passes arrays
 * as `[a b]`). No AWS SDK here: the middleware bundle needs only this, so a Lambda that never reads
 * a table (check_npi) does not bundle the DynamoDB client (bundle size and cold
 * init). The role (user_type) and the decisions built on it are in ./auth.
 */
import { API_MESSAGES } from '../../shared';
import { UnauthorizedError } from './errors';
import type { ApiEvent, JwtClaims } from './http';

export interface Caller {
  /** Cognito `sub`: the user id. */
  sub: string;
  /** Email when the token carries it (id tokens), else undefined. */
  email?: string;
  /** `username` claim (access tokens), when present. */
  username?: string;
  /** Cognito groups (admin, surgeon, staff). */
  groups: string[];
}

/** Parse `cognito:groups` as API Gateway passes it (`[a b]`), as a JSON array, an array or one name. */
export function parseGroups(value: JwtClaims[string]): string[] {
  if (value === undefined) return [];
  if (Array.isArray(value)) return value.map(String);
  const text = String(value).trim();
  if (!text) return [];
  if (text.startsWith('[')) {
    // A JSON array has a quote or `]` after the bracket; API Gateway's `[a b]` never does, and is
    // not handed to JSON.parse (a thrown SyntaxError per request was a measurable cost).
    if (/^\[\s*(["\]])/.test(text)) {
      try {
        const parsed: unknown = JSON.parse(text);
        if (Array.isArray(parsed)) return parsed.map(String);
      } catch {
        /* not JSON after all: read as API Gateway's form */
      }
    }
    return text
      .slice(1, -1)
      .split(/[\s,]+/)
      .filter(Boolean);
  }
  return text.split(/[\s,]+/).filter(Boolean);
}

const callerCache = new WeakMap<ApiEvent, Caller | undefined>();

/**
 * The caller from the JWT claims, or undefined on routes without a token. Read once per event
 * (the claims of an invocation do not change; the middleware and the handlers all ask).
 */
export function getCaller(event: ApiEvent): Caller | undefined {
  if (callerCache.has(event)) return callerCache.get(event);
  const caller = readCaller(event);
  callerCache.set(event, caller);
  return caller;
}

function readCaller(event: ApiEvent): Caller | undefined {
  const claims = event.requestContext.authorizer?.jwt?.claims;
  const sub = claims?.sub;
  if (typeof sub !== 'string' || sub.trim() === '') return undefined;
  const email = typeof claims?.email === 'string' && claims.email ? claims.email : undefined;
  const username = typeof claims?.username === 'string' && claims.username ? claims.username : undefined;
  return { sub, email, username, groups: parseGroups(claims?.['cognito:groups']) };
}

/** The caller; throws `UnauthorizedError` ('User not authenticated') when there is none. */
export function requireCaller(event: ApiEvent): Caller {
  const caller = getCaller(event);
  if (!caller) throw new UnauthorizedError(API_MESSAGES.userNotAuthenticated);
  return caller;
}

const knownUserTypes = new WeakMap<ApiEvent, number>();

/** Record the caller's user_type once a handler has loaded it (lambdas/lib/auth.ts), for the audit entry. */
export function rememberUserType(event: ApiEvent, userType: number): void {
  knownUserTypes.set(event, userType);
}

/** The caller's user_type if this request loaded it, else undefined (the audit never loads it itself). */
export function knownUserType(event: ApiEvent): number | undefined {
  return knownUserTypes.get(event);
}
