/**
 * The caller's identity and role (spec provider-side section 6).
 *
 * - Identity: the JWT authorizer's claims at `event.requestContext.authorizer.jwt.claims`: `sub`
 *   (the user id everywhere), `email` (id tokens only), `cognito:groups` (API Gateway passes arrays
 *   as `[a b]`).
 * - Role: the numeric `user_type` of the caller's profile in the users table (missing profile or
 *   attribute = 0), read once per invocation ({@link callerUserType}). Identity groups are not
 *   used for authorization: nobody sets their own user_type, and groups are storage-level only.
 * - Decisions ({@link resolveOwnerScope}, {@link canActOnOwnedItem}) are pure so they can be tested
 *   alone: a provider (user_type < 10) touches only their own data; back office (>= 10) reads all.
 */
import { GetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { API_MESSAGES, isBackOffice } from '../../shared';
import { cognitoClient } from './aws';
import { logger } from './logger';
import { ForbiddenError } from './errors';
import type { ApiEvent } from './http';
import { loadUserType } from './user-type';

export { loadUserType } from './user-type';

export { getCaller, parseGroups, requireCaller, type Caller } from './caller';
import { rememberUserType, requireCaller, type Caller } from './caller';

/**
 * The caller's email address as the user pool holds it, never as a request body claims it.
 * - id token: its `email` claim (verified by the authorizer);
 * - access token (no email claim): Cognito GetUser with that very token (authorised by the token,
 *   no IAM permission), attribute `email`.
 * Answers '' when neither gives one (GetUser failing is logged, not thrown: the email is
 * informational and must not block creating a profile).
 */
export async function callerEmail(event: ApiEvent, caller: Caller): Promise<string> {
  if (caller.email) return caller.email;
  const header = event.headers?.authorization ?? '';
  const token = header.replace(/^Bearer\s+/i, '').trim();
  if (!token) return '';
  try {
    const out = await cognitoClient().send(new GetUserCommand({ AccessToken: token }));
    return out.UserAttributes?.find((a) => a.Name === 'email')?.Value ?? '';
  } catch (err) {
    logger.warn('Could not read the caller email from the user pool', { error: (err as Error)?.name });
    return '';
  }
}

const userTypeCache = new WeakMap<ApiEvent, Promise<number>>();

/** The caller's user_type, loaded once per invocation (cached on the event). Needs a caller. */
export function callerUserType(event: ApiEvent): Promise<number> {
  let cached = userTypeCache.get(event);
  if (!cached) {
    cached = loadUserType(requireCaller(event).sub);
    userTypeCache.set(event, cached);
    cached.then((n) => rememberUserType(event, n)).catch(() => undefined);
    cached.catch(() => userTypeCache.delete(event));
  }
  return cached;
}

/**
 * Whose data a list call reads (GET /case, /case/filter, /surgeon, /facility with `user_id`):
 * - no `requested` id: the caller's own (`allowAll` lets back office read everyone: `undefined`);
 * - the caller's own id: the caller's own;
 * - another id: back office only, else `ForbiddenError(forbiddenMessage)`.
 * Returns the user id to read, or `undefined` for "all users".
 */
export function resolveOwnerScope(input: {
  callerId: string;
  userType: number;
  requested?: string;
  /** Back office without `requested` reads all users (case lists). Default false: own data. */
  allowAll?: boolean;
  forbiddenMessage?: string;
}): string | undefined {
  const { callerId, userType, requested, allowAll = false } = input;
  if (requested === undefined || requested === '') return allowAll && isBackOffice(userType) ? undefined : callerId;
  if (requested === callerId) return callerId;
  if (isBackOffice(userType)) return requested;
  throw new ForbiddenError(input.forbiddenMessage ?? API_MESSAGES.insufficientPermissions);
}

/**
 * May the caller act on an item owned by `ownerId`? The owner always; others only with back-office
 * access (user_type >= 10) when `backOfficeAllowed`. Callers answer 404 on false so existence is
 * not revealed.
 */
export function canActOnOwnedItem(
  callerId: string,
  userType: number,
  ownerId: string,
  backOfficeAllowed = true,
): boolean {
  return callerId === ownerId || (backOfficeAllowed && isBackOffice(userType));
}

/**
 * {@link resolveOwnerScope} for the current request, loading the caller's user_type only when the
 * decision needs it: another user's id requested, or no id at all with `allowAll`. The caller's own
 * id (what the SPA sends) needs no read of the users table.
 */
export async function resolveScope(
  event: ApiEvent,
  requested: string | undefined,
  options: { allowAll?: boolean; forbiddenMessage?: string } = {},
): Promise<string | undefined> {
  const caller = requireCaller(event);
  const needsRole = requested !== undefined && requested !== '' ? requested !== caller.sub : options.allowAll === true;
  const userType = needsRole ? await callerUserType(event) : 0;
  return resolveOwnerScope({ callerId: caller.sub, userType, requested, ...options });
}
