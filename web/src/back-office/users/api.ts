/**
 * User management's API layer (spec back-office-and-shell sections 2, 5, 7, 8), built on `apiFetch`.
 * Answers are read by the shared schemas (shared/schemas/users.ts); failures are worded by the
 * screens through web/src/lib/apiErrors.ts.
 */
import {
  InvitationsPageSchema,
  InviteResponseSchema,
  USER_MGMT_MESSAGES,
  UserListPageSchema,
  npiValidatedFor,
  userFromResponse,
  type InvitationsPage,
  type InviteResponse,
  type UserListPage,
  type UserRecord,
} from '../../../../shared/schemas/users';
import { DEFAULT_PAGE_LIMIT } from '../../../../shared/constants';
import { titleCaseName } from '../../../../shared/display';
import { ApiError, apiFetch } from '../../lib/api';

/** Rows per page of the user list. */
export const USER_PAGE_LIMIT = DEFAULT_PAGE_LIMIT;

/** The answer was not a user list: the spec's "Invalid response format from user list API". */
export class UserListFormatError extends Error {
  override name = 'UserListFormatError';
  constructor() {
    super(USER_MGMT_MESSAGES.invalidList);
  }
}

/** The detail answer held no user: "User not found or invalid response format". */
export class UserNotFoundError extends Error {
  override name = 'UserNotFoundError';
  constructor() {
    super(USER_MGMT_MESSAGES.notFoundOrInvalid);
  }
}

/** One page of GET /user/list?search=&limit=&cursor= (throws ApiError or UserListFormatError). */
export async function listUsersPage(search: string, cursor?: string, signal?: AbortSignal): Promise<UserListPage> {
  const body = await apiFetch<unknown>('/user/list', {
    query: { search: search.trim() || undefined, limit: USER_PAGE_LIMIT, cursor },
    signal,
  });
  const parsed = UserListPageSchema.safeParse(body);
  if (!parsed.success) throw new UserListFormatError();
  return parsed.data;
}

/** GET /user?user_id= (another user's profile; throws UserNotFoundError for a 404 or no user). */
export async function getUser(userId: string, signal?: AbortSignal): Promise<UserRecord> {
  let body: unknown;
  try {
    body = await apiFetch<unknown>('/user', { query: { user_id: userId }, signal });
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) throw new UserNotFoundError();
    throw err;
  }
  const user = userFromResponse(body);
  if (!user) throw new UserNotFoundError();
  return user;
}

/** PATCH /user { user_id, user_type } -> the user as changed. */
export async function changeUserType(userId: string, userType: number): Promise<UserRecord> {
  const body = await apiFetch<unknown>('/user', { method: 'PATCH', body: { user_id: userId, user_type: userType } });
  const user = userFromResponse(body);
  if (!user) throw new UserNotFoundError();
  return user;
}

/** DELETE /user?user_id= (another user: account disabled, profile removed, cases kept). */
export async function deleteUser(userId: string): Promise<void> {
  await apiFetch<unknown>('/user', { method: 'DELETE', query: { user_id: userId } });
}

/** Invitations read per page (GET /user/invitations answers at most 60, Cognito's limit). */
export const INVITATIONS_PAGE_LIMIT = 20;

/** GET /user/invitations: a page of the invitations not accepted yet. */
export async function listInvitationsPage(cursor?: string, signal?: AbortSignal): Promise<InvitationsPage> {
  const body = await apiFetch<unknown>('/user/invitations', {
    query: { limit: INVITATIONS_PAGE_LIMIT, cursor },
    signal,
  });
  return InvitationsPageSchema.parse(body);
}

/** POST /user/invite { email }. */
export async function inviteUser(email: string): Promise<InviteResponse> {
  const body = await apiFetch<unknown>('/user/invite', { method: 'POST', body: { email: email.trim() } });
  return InviteResponseSchema.parse(body);
}

/** Outcome of the NPI Validate button on the user detail. */
export interface NpiCheck {
  valid: boolean;
  message: string;
}

/**
 * The user detail's NPI Validate (spec section 5): GET /check_npi (with the token: sign-in
 * required, decision 0009-spec-departures); valid only if
 * the answer is valid with non-empty first and last names. Never throws.
 */
export async function validateNpi(npi: string): Promise<NpiCheck> {
  const value = npi.trim();
  if (!value) return { valid: false, message: USER_MGMT_MESSAGES.noNpi };
  let result: { valid?: unknown; first_name?: unknown; last_name?: unknown; error?: unknown } | undefined;
  try {
    result = await apiFetch('/check_npi', { query: { npi: value } });
  } catch (err) {
    const body = err instanceof ApiError ? (err.body as { error?: unknown; message?: unknown } | undefined) : undefined;
    const text = typeof body?.error === 'string' ? body.error : typeof body?.message === 'string' ? body.message : '';
    return { valid: false, message: text || USER_MGMT_MESSAGES.npiFailed };
  }
  const first = typeof result?.first_name === 'string' ? result.first_name.trim() : undefined;
  const last = typeof result?.last_name === 'string' ? result.last_name.trim() : undefined;
  if (result?.valid === true && first && last) {
    return { valid: true, message: npiValidatedFor(`${titleCaseName(first)} ${titleCaseName(last)}`) };
  }
  if (result?.valid === true) {
    return {
      valid: false,
      message:
        first === undefined && last === undefined ? USER_MGMT_MESSAGES.npiNoName : USER_MGMT_MESSAGES.npiNoValidName,
    };
  }
  const error = typeof result?.error === 'string' && result.error ? result.error : USER_MGMT_MESSAGES.npiFailed;
  return { valid: false, message: error };
}
