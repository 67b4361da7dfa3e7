/**
 * Administrator calls on the Cognito user pool for user management (spec back-office section 2,
 * User Management). The pool id comes from `USER_POOL_ID` (lambdas/lib/env.ts; granted by
 * RESOURCE_ACCESS `cognitoAdmin`).
 * Accounts are addressed by the user id (the `sub`), which is the Cognito username of a pool whose
 * username attribute is the email (AWS), and which cognito-local also resolves.
 *
 * - {@link setRoleGroup}(userId, fromType, toType): the Cognito group follows the user_type
 *   ({@link roleGroupFor}: `admin` for 10 or more, `surgeon` otherwise): AdminAddUserToGroup of the
 *   new group, then AdminRemoveUserFromGroup of the old one, only when the group changes.
 * - {@link disableAccount}(userId): AdminDisableUser (the account can no longer sign in).
 * - {@link inviteUser}(email): AdminCreateUser with Cognito's own invitation (a temporary password
 *   by email; status FORCE_CHANGE_PASSWORD), then the `surgeon` group (a new profile is type 0).
 *   When the email's account exists and has not accepted (FORCE_CHANGE_PASSWORD, enabled: the
 *   temporary password lasts 7 days, infra/auth.ts), the invitation is sent again (AdminCreateUser
 *   with MessageAction RESEND: a new temporary password, a new 7 days); otherwise throws
 *   `ConflictError` ({@link USER_EXISTS_MESSAGE}).
 * - {@link listPendingInvitations}(limit, cursor): the invited accounts that have not set their own
 *   password (ListUsers, filter `cognito:user_status = "FORCE_CHANGE_PASSWORD"`), a page at a time.
 * An account that does not exist (a profile without one) is logged and skipped by the first two:
 * the profile is what decides a role (lambdas/lib/auth.ts).
 */
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminDisableUserCommand,
  AdminGetUserCommand,
  AdminRemoveUserFromGroupCommand,
  ListUsersCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import * as z from 'zod';
import { isBackOffice, type CognitoGroup } from '../../shared';
import { cognitoClient } from '../lib/aws';
import { getEnv } from '../lib/env';
import { ConflictError } from '../lib/errors';
import { logger } from '../lib/logger';
import { MAX_CURSOR_LENGTH, badCursor, decodeCursor, encodeCursor } from '../lib/paging';

/** 409 of an invitation to an email that already has an account. */
export const USER_EXISTS_MESSAGE = 'An account with this email already exists';

/** The Cognito group of a user_type: `admin` for back office (10 or more), else `surgeon`. */
export function roleGroupFor(userType: number): CognitoGroup {
  return isBackOffice(userType) ? 'admin' : 'surgeon';
}

function poolId(): string {
  const id = getEnv().USER_POOL_ID;
  if (!id) throw new Error('USER_POOL_ID is not set: the user Lambda needs the cognitoAdmin access');
  return id;
}

const isUserNotFound = (err: unknown) => (err as { name?: string })?.name === 'UserNotFoundException';

/** Move the account to the group of `toType` when it differs from that of `fromType` (see module doc). */
export async function setRoleGroup(userId: string, fromType: number, toType: number): Promise<void> {
  const from = roleGroupFor(fromType);
  const to = roleGroupFor(toType);
  if (from === to) return;
  const UserPoolId = poolId();
  try {
    await cognitoClient().send(new AdminAddUserToGroupCommand({ UserPoolId, Username: userId, GroupName: to }));
    await cognitoClient().send(new AdminRemoveUserFromGroupCommand({ UserPoolId, Username: userId, GroupName: from }));
  } catch (err) {
    if (!isUserNotFound(err)) throw err;
    logger.warn('A profile without a user pool account changed type; no group to change');
  }
}

/** Disable the account (AdminDisableUser); a missing account is logged and skipped. */
export async function disableAccount(userId: string): Promise<void> {
  try {
    await cognitoClient().send(new AdminDisableUserCommand({ UserPoolId: poolId(), Username: userId }));
  } catch (err) {
    if (!isUserNotFound(err)) throw err;
    logger.warn('A deleted profile had no user pool account to disable');
  }
}

/** The account an invitation created (or reached again): its id (`sub`), email and Cognito status. */
export interface InvitedAccount {
  user_id: string;
  email: string;
  status: string;
  /** true when the account existed and its invitation was sent again (MessageAction RESEND). */
  resent: boolean;
}

/** Cognito's status of an invited account that has not set its own password yet. */
const PENDING_STATUS = 'FORCE_CHANGE_PASSWORD';

/** Create the account with Cognito's invitation email, or send a pending one again (see module doc). */
export async function inviteUser(email: string): Promise<InvitedAccount> {
  const UserPoolId = poolId();
  let out;
  try {
    out = await cognitoClient().send(
      new AdminCreateUserCommand({
        UserPoolId,
        Username: email,
        DesiredDeliveryMediums: ['EMAIL'],
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'email_verified', Value: 'true' },
        ],
      }),
    );
  } catch (err) {
    if ((err as { name?: string })?.name === 'UsernameExistsException') return resendInvitation(UserPoolId, email);
    throw err;
  }
  const user = out.User;
  const sub = user?.Attributes?.find((a) => a.Name === 'sub')?.Value ?? user?.Username ?? '';
  await cognitoClient().send(
    new AdminAddUserToGroupCommand({ UserPoolId, Username: sub || email, GroupName: roleGroupFor(0) }),
  );
  return { user_id: sub, email, status: user?.UserStatus ?? PENDING_STATUS, resent: false };
}

/** Cognito's answers when the account left the pending state between the read and the resend. */
const CHANGED_MEANWHILE = new Set(['UserNotFoundException', 'UnsupportedUserStateException']);

/**
 * The invitation of an existing account sent again, when it is still pending and enabled (a deleted
 * user's account is disabled: 409 like any other known email). Read first (AdminGetUser), so that a
 * signed-up or disabled account gets no email. The `surgeon` group is added again (harmless when
 * there), in case the first invitation's group call failed.
 * @throws ConflictError ({@link USER_EXISTS_MESSAGE}) when the account is not a pending invitation,
 *   also when it stopped being one (deleted or accepted) between the read and the resend
 */
async function resendInvitation(UserPoolId: string, email: string): Promise<InvitedAccount> {
  try {
    const existing = await cognitoClient().send(new AdminGetUserCommand({ UserPoolId, Username: email }));
    if (existing.UserStatus !== PENDING_STATUS || existing.Enabled === false) {
      throw new ConflictError(USER_EXISTS_MESSAGE);
    }
    await cognitoClient().send(
      new AdminCreateUserCommand({
        UserPoolId,
        Username: email,
        MessageAction: 'RESEND',
        DesiredDeliveryMediums: ['EMAIL'],
      }),
    );
    const sub = existing.UserAttributes?.find((a) => a.Name === 'sub')?.Value ?? existing.Username ?? '';
    await cognitoClient().send(
      new AdminAddUserToGroupCommand({ UserPoolId, Username: sub || email, GroupName: roleGroupFor(0) }),
    );
    return { user_id: sub, email, status: PENDING_STATUS, resent: true };
  } catch (err) {
    if (CHANGED_MEANWHILE.has((err as { name?: string })?.name ?? '')) {
      throw new ConflictError(USER_EXISTS_MESSAGE, { cause: err });
    }
    throw err;
  }
}

/** The most accounts ListUsers answers per call (Cognito's limit, below the API's 200). */
export const MAX_INVITATIONS_PAGE = 60;

/** Days an invitation's temporary password lasts (infra/auth.ts `tempPasswordValidity`). */
export const INVITATION_VALID_DAYS = 7;

/** One pending invitation: the account's id (`sub`), email, and when it was (last) sent, ISO UTC. */
export interface PendingInvitation {
  user_id: string;
  email: string;
  /**
   * When the invitation was (last) sent: Cognito's last-modified time of the account, which a resend
   * sets; an admin edit of a pending account's attributes would move it too (Suture makes none).
   */
  invited_at: string;
  /** `invited_at` + {@link INVITATION_VALID_DAYS} days: after it, the temporary password is refused. */
  expires_at: string;
}

const InvitationCursorSchema = z.object({ token: z.string().min(1).max(MAX_CURSOR_LENGTH) });
const INVITATIONS_SCOPE = 'invitations';

/**
 * A page of pending invitations (see module doc), in the order Cognito lists them: at most
 * `min(limit, MAX_INVITATIONS_PAGE)` accounts, disabled ones (deleted users) left out, so a page may
 * hold fewer and still carry `next_cursor` (Cognito's PaginationToken, wrapped by encodeCursor).
 * @throws ValidationError (400) for a cursor not made here, or one Cognito refuses
 */
export async function listPendingInvitations(
  limit: number,
  cursor: string | undefined,
): Promise<{ invitations: PendingInvitation[]; next_cursor?: string }> {
  const state = decodeCursor(cursor, INVITATIONS_SCOPE, InvitationCursorSchema);
  let out;
  try {
    out = await cognitoClient().send(
      new ListUsersCommand({
        UserPoolId: poolId(),
        Filter: `cognito:user_status = "${PENDING_STATUS}"`,
        Limit: Math.min(limit, MAX_INVITATIONS_PAGE),
        ...(state ? { PaginationToken: state.token } : {}),
      }),
    );
  } catch (err) {
    if (state && (err as { name?: string })?.name === 'InvalidParameterException') throw badCursor(err);
    throw err;
  }
  const invitations: PendingInvitation[] = [];
  for (const user of out.Users ?? []) {
    if (user.Enabled === false || user.UserStatus !== PENDING_STATUS) continue;
    const attribute = (name: string) => user.Attributes?.find((a) => a.Name === name)?.Value;
    const sentAt = new Date(user.UserLastModifiedDate ?? user.UserCreateDate ?? 0);
    invitations.push({
      user_id: attribute('sub') ?? user.Username ?? '',
      email: attribute('email') ?? '',
      invited_at: sentAt.toISOString(),
      expires_at: new Date(sentAt.getTime() + INVITATION_VALID_DAYS * 86_400_000).toISOString(),
    });
  }
  return {
    invitations,
    ...(out.PaginationToken ? { next_cursor: encodeCursor(INVITATIONS_SCOPE, { token: out.PaginationToken }) } : {}),
  };
}
