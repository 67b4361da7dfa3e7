/**
 * User management (spec back-office-and-shell sections 2, 3, 6 and 8):
 * the rules on user types, the messages, and the response schemas the SPA parses.
 *
 * Calls (all need a token; user_type of the caller read from their profile):
 * - GET /user/list?search=&limit=&cursor= (user_type >= 20) -> 200 `{ success: true, users: ApiProfile[],
 *   next_cursor?, total, total_is_lower_bound? }`; `total` = all profiles, or with `search` the
 *   matching ones (bounded count: `total_is_lower_bound: true` when it stopped at its bound).
 *   < 20 -> 403 {@link USER_MGMT_MESSAGES.accessDenied}; bad cursor / limit -> 400.
 * - GET /user?user_id= -> 200 `{ success: true, user }` (another user's: user_type >= 10), else 404.
 * - PATCH /user `{ user_id, user_type }` (another user's id) -> 200 `{ success: true, message, user }`;
 *   rules in {@link userTypeChangeRefusal}; 403 with its message; 400 for a bad user_type; 404 for
 *   a missing user or a provider caller. Own id with `user_type` and nothing else -> 403
 *   {@link USER_MGMT_MESSAGES.ownType}.
 * - DELETE /user?user_id= (another user's) -> 200 `{ success: true, message }`; rule in
 *   {@link userDeleteRefusal}; the account is disabled in Cognito, the profile removed, cases kept.
 * - POST /user/invite `{ email }` (user_type >= 20) -> 201 `{ success: true, message, user: { user_id,
 *   email, status } }`; the same email again while its invitation is pending (not accepted, account
 *   enabled) -> 200, same shape, {@link invitationResentMessage}: the invitation sent again with a new
 *   temporary password; 400 for a bad email; 409 when the email has any other account.
 * - GET /user/invitations?limit=&cursor= (user_type >= 20) -> 200 {@link InvitationsPageSchema}.
 */
import * as z from 'zod';
import { USER_TYPE, toUserType } from '../roles';
import type { Profile } from './profile';
import type { NpiReview } from './reference';

export const USER_MGMT_MESSAGES = {
  /** Spec section 8, user lists. */
  unavailable: 'Backend API is currently unavailable. User listing will work once the backend server is running.',
  authRequired: 'Authentication required. Please sign in again.',
  accessDenied: 'Access denied: Back office functionality requires elevated permissions.',
  invalidList: 'Invalid response format from user list API',
  /** Spec section 8, user detail. */
  noUserId: 'No user ID provided',
  notFoundOrInvalid: 'User not found or invalid response format',
  /** Spec section 5, NPI check on the user detail. */
  noNpi: 'No NPI number to validate',
  npiNoValidName: 'No valid name information found',
  npiNoName: 'No name information returned',
  npiFailed: 'NPI validation failed',
  /** Type changes and deletions. */
  ownType: 'You cannot change your own user type.',
  targetNotBelow: 'You can only manage users whose user type is below your own.',
  userTypeInvalid: 'user_type must be a whole number from 0 to 1000000',
  userTypeUpdated: 'User type updated successfully',
  userDeleted: 'User deleted successfully',
  /** Invitations (beyond the spec). */
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email address',
} as const;

/** "Error loading users: {message}" (spec section 8). */
export const usersLoadError = (message: string) => `Error loading users: ${message}`;
/** "Failed to load user details: {message}" (spec section 8). */
export const userDetailLoadError = (message: string) => `Failed to load user details: ${message}`;
/** "NPI validated successfully for {name}" (spec section 5). */
export const npiValidatedFor = (name: string) => `NPI validated successfully for ${name}`;
/** 403 of a type above the caller's own. */
export const typeAboveOwnMessage = (own: number) => `You can only set a user type below your own (${own}).`;
/** 403 of a deletion of a type above the caller's own minus 1 (spec section 6). */
export const deleteAboveMessage = (own: number) =>
  `You can only delete users whose user type is at most ${own - 1} (your own type minus 1).`;
/** 201 message of an invitation. */
export const invitationSentMessage = (email: string) => `Invitation sent to ${email}`;
/** 200 message of a pending invitation sent again (a new temporary password, valid 7 days). */
export const invitationResentMessage = (email: string) => `Invitation sent again to ${email}`;

/** Largest user_type a PATCH may set (a bound for bad input, above every threshold). */
export const MAX_USER_TYPE = 1_000_000;

/**
 * Why a type change is refused, or undefined when allowed: the caller must be a
 * user admin (20 or more), never change their own type, change only a user whose current type is
 * below their own, and set a type below their own.
 */
export function userTypeChangeRefusal(input: {
  callerType: number;
  targetType: number;
  newType: number;
  self: boolean;
}): string | undefined {
  if (input.self) return USER_MGMT_MESSAGES.ownType;
  if (input.callerType < USER_TYPE.USER_ADMIN) return USER_MGMT_MESSAGES.accessDenied;
  if (input.targetType >= input.callerType) return USER_MGMT_MESSAGES.targetNotBelow;
  if (input.newType >= input.callerType) return typeAboveOwnMessage(input.callerType);
  return undefined;
}

/**
 * Why deleting another user is refused, or undefined when allowed (spec section 6: user admins,
 * 20 or more; the largest deletable type is the caller's own minus 1).
 */
export function userDeleteRefusal(input: { callerType: number; targetType: number }): string | undefined {
  if (input.callerType < USER_TYPE.USER_ADMIN) return USER_MGMT_MESSAGES.accessDenied;
  if (input.targetType > input.callerType - 1) return deleteAboveMessage(input.callerType);
  return undefined;
}

/** The user types the SPA offers for a caller: the role thresholds (and `current`) below the caller's own. */
export function assignableUserTypes(callerType: number, current?: number): number[] {
  const values = new Set<number>(Object.values(USER_TYPE));
  if (current !== undefined) values.add(current);
  return [...values].filter((t) => t < callerType).sort((a, b) => a - b);
}

/** The PATCH /user type-change body. */
export const UserTypeChangeSchema = z.object({
  user_id: z.string().trim().min(1, 'user_id is required').max(200),
  user_type: z
    .number({ message: USER_MGMT_MESSAGES.userTypeInvalid })
    .int(USER_MGMT_MESSAGES.userTypeInvalid)
    .min(0, USER_MGMT_MESSAGES.userTypeInvalid)
    .max(MAX_USER_TYPE, USER_MGMT_MESSAGES.userTypeInvalid),
});

/** The POST /user/invite body (also the SPA's invite form). */
export const InviteUserSchema = z.object({
  email: z
    .string({ message: USER_MGMT_MESSAGES.emailRequired })
    .trim()
    .min(1, USER_MGMT_MESSAGES.emailRequired)
    .max(254, USER_MGMT_MESSAGES.emailInvalid)
    .pipe(z.email(USER_MGMT_MESSAGES.emailInvalid)),
});
export type InviteUserInput = z.input<typeof InviteUserSchema>;

/** A user as the SPA shows it (spec section 3, User; alternate names read by {@link normalizeUser}). */
export type UserRecord = Omit<Profile, 'documents' | 'message_pref'> & {
  /** Undefined when the server sent none. */
  message_pref: number | undefined;
  /** Set while the profile's NPI awaits back-office review (the registry names someone else). */
  npi_review?: NpiReview;
};

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (...values: unknown[]): string => {
  for (const v of values) {
    if (typeof v === 'string') return v;
    if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  }
  return '';
};

function statesOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value !== 'string' || value.trim() === '') return [];
  try {
    const parsed: unknown = JSON.parse(value);
    if (Array.isArray(parsed)) return parsed.map(String);
  } catch {
    /* comma-separated */
  }
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * A user object in any of the spec's names (section 3: id, email, address1, zip_code, phone, npi,
 * created_at tolerated) -> {@link UserRecord}; undefined when it has no user id.
 */
export function normalizeUser(raw: unknown): UserRecord | undefined {
  if (!isRecord(raw)) return undefined;
  const userId = text(raw.user_id, raw.id);
  if (!userId) return undefined;
  const pref = raw.message_pref ?? raw.messaging_pref;
  return {
    user_id: userId,
    user_email: text(raw.user_email, raw.email),
    first_name: text(raw.first_name),
    last_name: text(raw.last_name),
    user_type: toUserType(raw.user_type),
    addr1: text(raw.addr1, raw.address1),
    addr2: text(raw.addr2, raw.address2),
    city: text(raw.city),
    state: text(raw.state),
    zipcode: text(raw.zipcode, raw.zip_code),
    telephone: text(raw.telephone, raw.phone, raw.telephone_number),
    user_npi: text(raw.user_npi, raw.npi),
    states_licensed: statesOf(raw.states_licensed),
    message_pref: pref === undefined || pref === null || pref === '' ? undefined : toUserType(pref),
    referred_by_user: text(raw.referred_by_user),
    createdAt: text(raw.createdAt, raw.created_at),
    updatedAt: text(raw.updatedAt, raw.updated_at),
    ...(isRecord(raw.npi_review) && raw.npi_review.reason === 'name_mismatch'
      ? {
          npi_review: {
            reason: 'name_mismatch' as const,
            registry_name: text(raw.npi_review.registry_name),
            at: text(raw.npi_review.at),
          },
        }
      : {}),
  };
}

/** One page of the user list as the SPA reads it. */
export interface UserListPage {
  users: UserRecord[];
  next_cursor?: string;
  total: number;
  total_is_lower_bound: boolean;
}

/**
 * A GET /user/list answer -> {@link UserListPage}: the list under `users` or `data`, or the body
 * itself (spec section 7); `total` defaults to the number of users. Anything else fails with
 * {@link USER_MGMT_MESSAGES.invalidList}.
 */
export const UserListPageSchema: z.ZodType<UserListPage, unknown> = z.unknown().transform((body, ctx) => {
  const list = Array.isArray(body)
    ? body
    : isRecord(body)
      ? Array.isArray(body.users)
        ? body.users
        : Array.isArray(body.data)
          ? body.data
          : undefined
      : undefined;
  if (!list) {
    ctx.addIssue({ code: 'custom', message: USER_MGMT_MESSAGES.invalidList });
    return z.NEVER;
  }
  const users = list.map(normalizeUser).filter((u): u is UserRecord => u !== undefined);
  const record = isRecord(body) ? body : {};
  const total = typeof record.total === 'number' && record.total >= 0 ? record.total : users.length;
  const cursor = typeof record.next_cursor === 'string' && record.next_cursor !== '' ? record.next_cursor : undefined;
  return {
    users,
    ...(cursor ? { next_cursor: cursor } : {}),
    total,
    total_is_lower_bound: record.total_is_lower_bound === true,
  };
});

/** The user of a GET /user answer, under `user`, `data.user` or `body` (object or JSON text); spec section 3. */
export function userFromResponse(body: unknown): UserRecord | undefined {
  if (!isRecord(body)) return undefined;
  let inner: unknown = body.user ?? (isRecord(body.data) ? body.data.user : undefined) ?? body.body;
  if (typeof inner === 'string') {
    try {
      inner = JSON.parse(inner);
    } catch {
      return undefined;
    }
  }
  if (isRecord(inner) && isRecord(inner.user)) inner = inner.user;
  return normalizeUser(inner);
}

/** A POST /user/invite answer. */
export const InviteResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  user: z.object({ user_id: z.string(), email: z.string(), status: z.string() }),
});
export type InviteResponse = z.infer<typeof InviteResponseSchema>;

/**
 * A GET /user/invitations page (user_type 20 or more; lambdas/user/accounts.ts): the invitations not
 * accepted yet, `invited_at` when (last) sent and `expires_at` when its temporary password stops
 * working (7 days later), both ISO UTC; `next_cursor` while Cognito has more.
 */
export const InvitationsPageSchema = z.object({
  success: z.literal(true),
  invitations: z.array(
    z.object({ user_id: z.string(), email: z.string(), invited_at: z.string(), expires_at: z.string() }),
  ),
  next_cursor: z.string().optional(),
});
export type InvitationsPage = z.infer<typeof InvitationsPageSchema>;
export type PendingInvitation = InvitationsPage['invitations'][number];

/** "First Last" of a listed user, else the email, else the id (the case screens' user filter). */
export function userDisplayName(u: Pick<UserRecord, 'first_name' | 'last_name' | 'user_email' | 'user_id'>): string {
  return `${u.first_name} ${u.last_name}`.trim() || u.user_email || u.user_id;
}
