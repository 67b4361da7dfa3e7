/**
 * /user Lambda (spec provider-side sections 3, 5, 7).
 *
 * - GET /user?user_id=  -> 200 { success, user } | 404 { success: false, message: 'User not found' }.
 *   No user_id: the caller's own. Another user's profile: back office (user_type >= 10) only;
 *   others get the same 404 as a missing profile (no existence leak).
 * - POST /user (profile create payload, any alias names) -> 201 { success, message, user }.
 *   user_npi must be 10 digits with a valid check digit (shared/npi.ts; 400 'NPI not found or
 *   invalid', as for surgeons). `documents` must be empty and `document_key`
 *   empty or absent (400 naming the field): documents come through POST /document.
 *   user_id comes from the token (`sub`), user_email from the user pool (`callerEmail`: the id
 *   token's email claim, or Cognito GetUser with the access token), never from the body. An existing
 *   profile is checked first, so that the client's "already exists" fallback works even when the
 *   body would not pass the setup schema. Validated with
 *   the setup screen's schema (ProfileSetupFormSchema after normalizeProfileInput). An existing
 *   profile -> 409 { success: false, message: 'User already exists' } (the client then updates).
 * - Creating a profile, or changing its NPI or a name, asks the registry whose the NPI is: another
 *   person's name sets `npi_review` (shown to the back office), a match clears it (./npi-review.ts).
 * - PATCH /user (partial; ProfileFormSchema.partial()) -> 200 { success, message, user }; only the
 *   sent fields change. The reminder settings (`notify_deadlines`, `notify_days_ahead`: back office
 *   only, else 400; `weekly_summary`; shared/schemas/reminders.ts) change the same way. `user_type` in a body is ignored: nobody sets their own user_type.
 *   Another user's id -> 404 'User not found'. user_npi: the same check digit as POST. `documents`
 *   and `document_key` may only keep or drop what is stored (each entry equal to a stored one, same
 *   document_type and document_name), never add a path: 400 naming the field.
 * - PATCH /user { user_id: <another user>, user_type } (spec back office, User detail): a type change. Callers
 *   below 10 get 404 'User not found' (no existence leak); the rules of `userTypeChangeRefusal`
 *   (shared/schemas/users.ts) answer 403 with their message; the Cognito group follows
 *   (./accounts.ts), then the profile's user_type changes only while it is still the one checked
 *   (409 otherwise, and the group is put back). -> 200 { success, message, user }. The caller's own
 *   id with `user_type` and no profile field -> 403 'You cannot change your own user type.'
 * - DELETE /user?user_id= -> 200 { success, message }. No user_id: the caller's own profile; an
 *   empty or blank user_id -> 400 'user_id must not be empty' and nothing deleted. Another user: callers below 10 get 404 'User not found'; `userDeleteRefusal` (user
 *   admins, 20 or more, up to their own type minus 1) answers 403; allowed: the Cognito account is
 *   disabled (AdminDisableUser), then the profile removed; their cases stay.
 * - GET /user/list?search=&limit=&cursor= (user_type >= 20, else 403) -> 200 { success, users,
 *   next_cursor?, total, total_is_lower_bound? } (./lists.ts).
 * - GET /audit (user_type >= 100, else 403): the audit trail (docs/security.md; ./audit.ts).
 * - POST /user/invite { email } (user_type >= 20, else 403) -> 201 { success, message, user:
 *   { user_id, email, status } }: AdminCreateUser with Cognito's invitation (./accounts.ts); a
 *   pending invitation's email again -> 200, the invitation sent again; 400 for a bad email, 409
 *   when the email has any other account.
 * - GET /user/invitations?limit=&cursor= (user_type >= 20, else 403) -> 200 { success, invitations:
 *   [{ user_id, email, invited_at, expires_at }], next_cursor? }: the invitations not accepted yet
 *   (./accounts.ts listPendingInvitations; at most 60 a page, Cognito's limit).
 */
import * as z from 'zod';
import { npiReviewFor } from './npi-review';
import {
  BACK_OFFICE_REMINDER_FIELDS,
  REMINDER_FIELDS,
  REMINDER_MESSAGES,
  ReminderSettingsSchema,
  type ReminderSettings,
} from '../../shared/schemas/reminders';
import {
  API_MESSAGES,
  PROFILE_MESSAGES,
  ProfileDocumentSchema,
  ProfileFormSchema,
  ProfileSetupFormSchema,
  InviteUserSchema,
  USER_MGMT_MESSAGES,
  UserTypeChangeSchema,
  canManageUsers,
  invitationResentMessage,
  invitationSentMessage,
  isBackOffice,
  userDeleteRefusal,
  userTypeChangeRefusal,
  normalizeProfileInput,
  toUserType,
  TEXT_LIMITS,
  tooLongMessage,
  type NpiReview,
} from '../../shared';
import { callerEmail, callerUserType, requireCaller } from '../lib/auth';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError, type FieldError } from '../lib/errors';
import { bodyObject, created, ok, queryParam, type ApiEvent } from '../lib/http';
import { MAX_CURSOR_LENGTH, parseLimit } from '../lib/paging';
import { disableAccount, inviteUser, listPendingInvitations, setRoleGroup } from './accounts';
import { getEnv } from '../lib/env';
import { invokeAsync } from '../lib/invoke';
import { logger } from '../lib/logger';
import { audit } from '../lib/audit';
import { writeAuditEntry } from '../lib/audit-writer';
import { apiHandler } from '../lib/middleware';
import { auditAnswer } from '../data/audit/trail';
import { userListAnswer } from '../data/user/list-answer';
import { parseInput } from '../lib/validation';
import {
  createProfile,
  deleteProfile,
  getProfile,
  profileFieldsFromForm,
  setUserType,
  toApiProfile,
  updateProfile,
  type ProfileDocument,
  type ProfileFields,
  type ProfileItem,
} from '../data/user/repository';

/** Message of DELETE /user with an empty or blank user_id. */
export const BLANK_USER_ID_MESSAGE = 'user_id must not be empty';

/**
 * Profile documents in a POST or PATCH body against the stored profile (`undefined` on POST): each
 * `documents` entry must equal a stored entry and `document_key` be empty or the stored one; a
 * body can keep or drop documents, never add a path. 400 naming the field.
 */
function checkProfileDocuments(
  extras: { documents?: ProfileDocument[]; document_key?: string },
  stored: ProfileItem | undefined,
): void {
  const errors: FieldError[] = [];
  const storedDocs = stored?.documents ?? [];
  (extras.documents ?? []).forEach((doc, i) => {
    const known = storedDocs.some(
      (s) => s.document_name === doc.document_name && s.document_type === doc.document_type,
    );
    if (!known) errors.push({ field: `documents.${i}.document_name`, message: PROFILE_MESSAGES.documentNotStored });
  });
  const key = extras.document_key ?? '';
  if (key !== '' && key !== (stored?.document_key ?? '')) {
    errors.push({ field: 'document_key', message: PROFILE_MESSAGES.documentKeyNotStored });
  }
  if (errors.length) throw new ValidationError(errors);
}

const ExtrasSchema = z.object({
  documents: z.array(ProfileDocumentSchema).max(100, 'At most 100 documents').optional(),
  referred_by_user: z.string().trim().max(200, 'referred_by_user must be at most 200 characters').optional(),
  document_key: z.string().trim().max(1024).optional(),
});

async function getUser(event: ApiEvent) {
  const caller = requireCaller(event);
  const target = queryParam(event, 'user_id') ?? caller.sub;
  const trail = audit(event).touched('user', [target]);
  if (target !== caller.sub && !isBackOffice(await callerUserType(event))) {
    trail.deniedIfNotFound();
    throw new NotFoundError(API_MESSAGES.userNotFound);
  }
  const item = await getProfile(target);
  if (!item) throw new NotFoundError(API_MESSAGES.userNotFound);
  return ok({ success: true, user: toApiProfile(item) });
}

async function createUser(event: ApiEvent) {
  const caller = requireCaller(event);
  const body = bodyObject(event);
  if (await getProfile(caller.sub)) throw new ConflictError(API_MESSAGES.userAlreadyExists);
  const form = parseInput(ProfileSetupFormSchema, normalizeProfileInput(body));
  const extras = parseInput(ExtrasSchema, body);
  checkProfileDocuments(extras, undefined);
  const fields = profileFieldsFromForm(form);
  const review = await npiReviewFor({
    user_npi: fields.user_npi ?? '',
    first_name: fields.first_name ?? '',
    last_name: fields.last_name ?? '',
  });
  const item = await createProfile({
    user_id: caller.sub,
    user_email: await callerEmail(event, caller),
    ...profileFieldsFromForm(form),
    documents: extras.documents ?? [],
    referred_by_user: extras.referred_by_user ?? '',
    document_key: extras.document_key,
    ...(review && review !== 'unknown' ? { npi_review: review } : {}),
  });
  audit(event).touched('user', [item.user_id]);
  return created({ success: true, message: 'User created successfully', user: toApiProfile(item) });
}

const PartialProfileSchema = ProfileFormSchema.partial();

/** Body keys of a type change besides `user_type` (anything else makes it a profile edit). */
const TYPE_CHANGE_KEYS = new Set(['user_id', 'user_type']);

/**
 * PATCH /user { user_id, user_type } on another user (see module doc). Every
 * check happens before any write; a refused change writes nothing.
 */
async function changeUserType(event: ApiEvent, targetId: string, body: Record<string, unknown>) {
  const caller = requireCaller(event);
  const trail = audit(event).touched('user', [targetId]);
  const callerType = await callerUserType(event);
  if (!isBackOffice(callerType)) {
    trail.deniedIfNotFound();
    throw new NotFoundError(API_MESSAGES.userNotFound);
  }
  if (!canManageUsers(callerType)) throw new ForbiddenError(USER_MGMT_MESSAGES.accessDenied);
  const { user_type: newType } = parseInput(UserTypeChangeSchema, { user_id: targetId, user_type: body.user_type });
  const target = await getProfile(targetId);
  if (!target) throw new NotFoundError(API_MESSAGES.userNotFound);
  const targetType = toUserType(target.user_type);
  const refusal = userTypeChangeRefusal({ callerType, targetType, newType, self: targetId === caller.sub });
  if (refusal) throw new ForbiddenError(refusal);
  await setRoleGroup(targetId, targetType, newType);
  let item: ProfileItem;
  try {
    item = await setUserType(targetId, newType, { expectedUserType: targetType });
  } catch (err) {
    // The profile changed in between: put the group back (best effort), answer the error.
    await setRoleGroup(targetId, newType, targetType).catch((e: unknown) =>
      logger.error('Could not put a user back in their group', { error: (e as Error)?.name }),
    );
    throw err;
  }
  logger.info('User type changed', { target: targetId, from: targetType, to: newType });
  return ok({ success: true, message: USER_MGMT_MESSAGES.userTypeUpdated, user: toApiProfile(item) });
}

async function patchUser(event: ApiEvent) {
  const caller = requireCaller(event);
  const body = bodyObject(event);
  const requested = (typeof body.user_id === 'string' && body.user_id.trim()) || queryParam(event, 'user_id');
  // An id no user can have is refused before anything is read (and kept out of the audit entry).
  if (requested && requested.length > TEXT_LIMITS.id) {
    audit(event).denied();
    throw new ValidationError([{ field: 'user_id', message: tooLongMessage('user_id', TEXT_LIMITS.id) }]);
  }
  const typeOnly = 'user_type' in body && Object.keys(body).every((k) => TYPE_CHANGE_KEYS.has(k));
  if (requested && requested !== caller.sub) {
    if ('user_type' in body) return changeUserType(event, requested, body);
    audit(event).touched('user', [requested]).deniedIfNotFound();
    throw new NotFoundError(API_MESSAGES.userNotFound);
  }
  audit(event).touched('user', [caller.sub]);
  if (typeOnly) throw new ForbiddenError(USER_MGMT_MESSAGES.ownType);

  const normalized = normalizeProfileInput(body);
  const parsed = parseInput(PartialProfileSchema, normalized);
  // Only the fields the client sent (schema defaults must not overwrite stored values).
  const sent = Object.fromEntries(Object.entries(parsed).filter(([k]) => k in normalized)) as typeof parsed;
  const extras = parseInput(ExtrasSchema, body);
  const reminders = await reminderSettingsOfBody(event, body);
  if (extras.documents !== undefined || extras.document_key !== undefined) {
    const stored = await getProfile(caller.sub);
    if (!stored) throw new NotFoundError(API_MESSAGES.userNotFound);
    checkProfileDocuments(extras, stored);
  }
  const patch: Omit<Partial<ProfileFields>, 'npi_review'> & { npi_review?: NpiReview | null } = {
    ...(await reviewOfPatch(caller.sub, profileFieldsFromForm(sent))),
    ...profileFieldsFromForm(sent),
    ...(extras.documents !== undefined ? { documents: extras.documents } : {}),
    ...(extras.referred_by_user !== undefined ? { referred_by_user: extras.referred_by_user } : {}),
    ...(extras.document_key !== undefined ? { document_key: extras.document_key } : {}),
    ...reminders,
  };
  const item = await updateProfile(caller.sub, patch);
  return ok({ success: true, message: 'User updated successfully', user: toApiProfile(item) });
}

/**
 * The reminder settings a PATCH /user body sends (docs/decisions/0030-deadline-reminders.md), only
 * those present. `notify_deadlines` and `notify_days_ahead` are for back-office users: a provider
 * sending either gets a 400 naming it, and nothing changes.
 */
async function reminderSettingsOfBody(event: ApiEvent, body: Record<string, unknown>): Promise<ReminderSettings> {
  const sent = Object.fromEntries(REMINDER_FIELDS.filter((k) => k in body).map((k) => [k, body[k]]));
  if (Object.keys(sent).length === 0) return {};
  const settings = parseInput(ReminderSettingsSchema, sent);
  const backOfficeOnly = BACK_OFFICE_REMINDER_FIELDS.filter((k) => k in sent);
  if (backOfficeOnly.length && !isBackOffice(await callerUserType(event))) {
    throw new ValidationError(
      backOfficeOnly.map((field) => ({ field, message: REMINDER_MESSAGES.backOfficeOnly(field) })),
    );
  }
  return settings;
}

/**
 * The review flag a profile edit sets or clears (`npi_review`): asked of the registry only when the
 * edit changes the NPI or a name; nothing when it does not, or when the registry cannot be asked.
 */
async function reviewOfPatch(
  userId: string,
  fields: Partial<ProfileFields>,
): Promise<{ npi_review?: NpiReview | null }> {
  if (fields.user_npi === undefined && fields.first_name === undefined && fields.last_name === undefined) return {};
  const stored = await getProfile(userId);
  if (!stored) return {};
  const next = {
    user_npi: fields.user_npi ?? stored.user_npi ?? '',
    first_name: fields.first_name ?? stored.first_name ?? '',
    last_name: fields.last_name ?? stored.last_name ?? '',
  };
  if (
    next.user_npi === stored.user_npi &&
    next.first_name === stored.first_name &&
    next.last_name === stored.last_name
  ) {
    return {};
  }
  const review = next.user_npi ? await npiReviewFor(next) : null;
  return review === 'unknown' ? {} : { npi_review: review };
}

/**
 * Ask the document Lambda (the only one with a bucket grant) to delete a deleted profile's files,
 * asynchronously. The profile is already gone, so a failure is logged, not answered.
 */
async function deleteProfileFiles(userId: string, profile: ProfileItem | undefined): Promise<void> {
  if (!profile) return;
  const keys = [
    ...(Array.isArray(profile.documents) ? profile.documents.map((d) => d.document_name) : []),
    profile.document_key,
  ].filter((k): k is string => typeof k === 'string' && k !== '');
  const documentFunction = getEnv().DOCUMENT_FUNCTION_NAME;
  if (!keys.length || !documentFunction) return;
  try {
    await invokeAsync(documentFunction, {
      type: 'suture.delete-profile-documents',
      user_id: userId,
      keys: [...new Set(keys)],
    });
  } catch (err) {
    logger.error('Could not ask for the documents of a deleted profile to be deleted', {
      error: (err as Error)?.message,
    });
  }
}

async function deleteUser(event: ApiEvent) {
  const caller = requireCaller(event);
  const raw = event.queryStringParameters?.user_id;
  if (raw !== undefined && raw.trim() === '') {
    throw new ValidationError([{ field: 'user_id', message: BLANK_USER_ID_MESSAGE }]);
  }
  const target = queryParam(event, 'user_id') ?? caller.sub;
  const trail = audit(event).touched('user', [target]);
  if (target !== caller.sub) {
    const callerType = await callerUserType(event);
    if (!isBackOffice(callerType)) {
      trail.deniedIfNotFound();
      throw new NotFoundError(API_MESSAGES.userNotFound);
    }
    if (!canManageUsers(callerType)) throw new ForbiddenError(USER_MGMT_MESSAGES.accessDenied);
    const profile = await getProfile(target);
    if (!profile) throw new NotFoundError(API_MESSAGES.userNotFound);
    // back-office-and-shell section 6: the maximum deletable type is the admin's own type minus 1.
    const refusal = userDeleteRefusal({ callerType, targetType: toUserType(profile.user_type) });
    if (refusal) throw new ForbiddenError(refusal);
    // Spec back-office-and-shell section 2, User Management: the account can no longer sign in; their cases stay.
    await disableAccount(target);
  }
  const deleted = await deleteProfile(target);
  await deleteProfileFiles(target, deleted);
  return ok({ success: true, message: 'User deleted successfully' });
}

/** GET /user/invitations (beyond the spec; see module doc). */
async function listInvitations(event: ApiEvent) {
  requireCaller(event);
  if (!canManageUsers(await callerUserType(event))) throw new ForbiddenError(USER_MGMT_MESSAGES.accessDenied);
  const page = await listPendingInvitations(
    parseLimit(event.queryStringParameters?.limit),
    queryParam(event, 'cursor', MAX_CURSOR_LENGTH),
  );
  audit(event).touched(
    'user',
    page.invitations.map((i) => i.user_id),
  );
  return ok({ success: true, ...page });
}

/** POST /user/invite (beyond the spec, docs/decisions/0009-spec-departures.md; see module doc). */
async function inviteNewUser(event: ApiEvent) {
  requireCaller(event);
  if (!canManageUsers(await callerUserType(event))) throw new ForbiddenError(USER_MGMT_MESSAGES.accessDenied);
  const { email } = parseInput(InviteUserSchema, bodyObject(event));
  const { resent, ...account } = await inviteUser(email.toLowerCase());
  audit(event).touched('user', [account.user_id]);
  logger.info(resent ? 'User invitation sent again' : 'User invited', { user: account.user_id });
  return resent
    ? ok({ success: true, message: invitationResentMessage(account.email), user: account })
    : created({ success: true, message: invitationSentMessage(account.email), user: account });
}

export const handler = apiHandler(
  'user',
  {
    'GET /user/list': async (event: ApiEvent) => ok(await userListAnswer(event)),
    'POST /user/invite': inviteNewUser,
    'GET /user/invitations': listInvitations,
    'GET /user': getUser,
    'GET /audit': async (event: ApiEvent) => ok(await auditAnswer(event)),
    'POST /user': createUser,
    'PATCH /user': patchUser,
    'DELETE /user': deleteUser,
  },
  { writeAudit: writeAuditEntry },
);
