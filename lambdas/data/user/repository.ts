/**
 * Profiles in the users table (PK `user_id`; ./keys.ts USERS_TABLE).
 *
 * Stored names are the canonical ones of the spec (provider-side section 3): addr1, addr2,
 * zipcode, telephone, user_npi, message_pref (number 0..3), states_licensed (array of 2-letter
 * codes), documents, user_type (number; absent = 0), referred_by_user, createdAt / updatedAt (ISO).
 * {@link toApiProfile} adds the aliases clients read (address1, address2, zip_code,
 * telephone_number, phone, npi, messaging_pref).
 *
 * Exported plain functions (also used by the local runtime's seeding, `local/seed.ts`, and by
 * tests; they read table names from the Lambda environment, `getEnv()`):
 * - {@link createProfile}(input, { now }) -> ProfileItem. Conditional put: an existing profile
 *   throws `ConflictError('User already exists')`. Accepts every stored field, including
 *   `user_type` and `createdAt`, for seeding.
 * - {@link getProfile}(userId) -> ProfileItem | undefined (GetItem).
 * - {@link updateProfile}(userId, patch, { now }) -> ProfileItem (only the given fields change;
 *   a missing profile throws `NotFoundError('User not found')`). `user_type` is not part of the
 *   patch: use {@link setUserType}.
 * - {@link setUserType}(userId, userType) -> ProfileItem: back-office tooling, seeding and tests
 *   only; no API call reaches it (nobody sets their own user_type).
 * - {@link deleteProfile}(userId) -> the deleted ProfileItem (`NotFoundError` when missing).
 * - {@link countUsers}() -> number of profiles (the counter item {@link USER_COUNT_KEY}).
 *
 * Index attributes (`userIndexAttributes`, ./keys.ts): every
 * create writes them, and every update that changes a name, the email or the NPI rewrites them
 * (reading the stored profile first, and writing only while it is unchanged). Create and delete
 * change the profile counter `n_users` in the same transaction (TransactWriteItems).
 * - {@link profileFieldsFromForm}(form) maps validated form fields (shared ProfileFormSchema
 *   names) to stored names.
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { API_MESSAGES, DEFAULT_MESSAGING_PREF, toUserType, type NpiReview, type Profile } from '../../../shared';
import { ddb } from '../../lib/aws';
import * as z from 'zod';
import { buildUpdate, conditionOf } from '../../lib/dynamo';
import { getEnv } from '../../lib/env';
import { ConflictError, NotFoundError, isConditionalCheckFailed } from '../../lib/errors';
import {
  REMINDER_PARTITION,
  USER_COUNT_KEY,
  USER_SEARCH_ATTRIBUTES,
  userIndexAttributes,
  type UserIndexAttributes,
} from './keys';
import {
  EMAIL_OFF_REASONS,
  NOTIFY_DAYS_AHEAD,
  REMINDER_FIELDS,
  type EmailOff,
  type EmailOffReason,
} from '../../../shared/schemas/reminders';
import { TransactionConditionError, transactWrite } from '../../lib/transact';
import { VersionSchema, parseItem, versionGuard, versionOf } from '../item';

/** One entry of a profile's `documents` list (spec provider-side section 3). */
export type ProfileDocument = Profile['documents'][number];

/**
 * A stored profile: the shared {@link Profile} (canonical names), with `user_type` optional as
 * stored (absent counts as 0, provider) and the legacy single `document_key`.
 */
export type ProfileItem = Omit<Profile, 'user_type'> & {
  /** Absent counts as 0 (provider). */
  user_type?: number;
  /** Legacy single document path (spec provider-side section 3). */
  document_key?: string;
  /** Optimistic lock (lambdas/data/item.ts): absent on profiles written before it, then 0. */
  version?: number;
  /** Set while the NPI awaits back-office review (lambdas/user/npi-review.ts). */
  npi_review?: NpiReview;
  /** `byReminder` partition ({@link REMINDER_PARTITION}) while a reminder email is on. */
  reminder_p?: string;
} & Partial<UserIndexAttributes>;

/**
 * The item schema of a profile: every read of the users table goes through it. Fields older
 * profiles may lack stay optional (the API shape fills them in, {@link toApiProfile}).
 */
export const ProfileItemSchema = z.looseObject({
  user_id: z.string().min(1),
  user_email: z.string().optional(),
  first_name: z.string().optional(),
  last_name: z.string().optional(),
  addr1: z.string().optional(),
  addr2: z.string().optional(),
  city: z.string().optional(),
  state: z.string().optional(),
  zipcode: z.string().optional(),
  telephone: z.string().optional(),
  user_npi: z.string().optional(),
  message_pref: z.number().optional(),
  states_licensed: z.array(z.string()).optional(),
  documents: z.array(z.looseObject({ document_type: z.string(), document_name: z.string() })).optional(),
  referred_by_user: z.string().optional(),
  user_type: z.number().optional(),
  document_key: z.string().optional(),
  createdAt: z.string().optional(),
  updatedAt: z.string().optional(),
  version: VersionSchema,
  npi_review: z
    .looseObject({ reason: z.literal('name_mismatch'), registry_name: z.string(), at: z.string() })
    .optional(),
  list_p: z.string().optional(),
  list_name: z.string().optional(),
  notify_deadlines: z.boolean().optional(),
  notify_days_ahead: z.number().optional(),
  weekly_summary: z.boolean().optional(),
  email_off: z.looseObject({ reason: z.enum(EMAIL_OFF_REASONS), at: z.string() }).optional(),
  reminder_p: z.string().optional(),
  ...Object.fromEntries(USER_SEARCH_ATTRIBUTES.map((name) => [name, z.string().optional()])),
}) as unknown as z.ZodType<ProfileItem>;

/** A stored profile parsed with {@link ProfileItemSchema} (`MalformedItemError`, a 500, when it does not match). */
export function parseProfileItem(item: unknown): ProfileItem {
  return parseItem(ProfileItemSchema, item, 'users', ['user_id']);
}

/** The editable fields (stored names). */
export type ProfileFields = Omit<ProfileItem, 'user_id' | 'user_type' | 'createdAt' | 'updatedAt'>;

export type CreateProfileInput = { user_id: string } & Partial<ProfileFields> & {
    user_type?: number;
    createdAt?: string;
  };

/** The profile as the API returns it: stored names plus the aliases the spec lists. */
export type ApiProfile = Profile & {
  address1: string;
  address2: string;
  zip_code: string;
  telephone_number: string;
  phone: string;
  npi: string;
  messaging_pref: number;
  document_key?: string;
  npi_review?: NpiReview;
  notify_deadlines: boolean;
  notify_days_ahead: number;
  weekly_summary: boolean;
};

function table(): string {
  return getEnv().USERS_TABLE;
}

/**
 * Form fields (names of the shared ProfileFormSchema output) to stored names. Only fields present in
 * `form` appear in the result, so a partial PATCH stays partial.
 */
export function profileFieldsFromForm(form: {
  first_name?: string;
  last_name?: string;
  address1?: string;
  address2?: string;
  city?: string;
  state?: string;
  zipcode?: string;
  telephone_number?: string;
  user_npi?: string;
  messaging_pref?: number;
  states_licensed?: string[];
}): Partial<ProfileFields> {
  const out: Partial<ProfileFields> = {};
  if (form.first_name !== undefined) out.first_name = form.first_name;
  if (form.last_name !== undefined) out.last_name = form.last_name;
  if (form.address1 !== undefined) out.addr1 = form.address1;
  if (form.address2 !== undefined) out.addr2 = form.address2;
  if (form.city !== undefined) out.city = form.city;
  if (form.state !== undefined) out.state = form.state.toUpperCase();
  if (form.zipcode !== undefined) out.zipcode = form.zipcode;
  if (form.telephone_number !== undefined) out.telephone = form.telephone_number;
  if (form.user_npi !== undefined) out.user_npi = form.user_npi;
  if (form.messaging_pref !== undefined) out.message_pref = form.messaging_pref;
  if (form.states_licensed !== undefined) out.states_licensed = [...new Set(form.states_licensed)];
  return out;
}

/**
 * The editable profile fields with their defaults: text '' , message_pref 1 (spec provider-side
 * section 3), lists []. Used for new profiles and for answering older items that lack a field.
 */
function withFieldDefaults(source: Partial<ProfileFields>): Omit<ProfileFields, 'document_key'> {
  return {
    user_email: source.user_email ?? '',
    first_name: source.first_name ?? '',
    last_name: source.last_name ?? '',
    addr1: source.addr1 ?? '',
    addr2: source.addr2 ?? '',
    city: source.city ?? '',
    state: source.state ?? '',
    zipcode: source.zipcode ?? '',
    telephone: source.telephone ?? '',
    user_npi: source.user_npi ?? '',
    message_pref: source.message_pref ?? DEFAULT_MESSAGING_PREF,
    states_licensed: source.states_licensed ?? [],
    documents: source.documents ?? [],
    referred_by_user: source.referred_by_user ?? '',
  };
}

/** Add the aliases to a stored profile; user_type defaults to 0. */
export function toApiProfile(item: ProfileItem): ApiProfile {
  const fields = withFieldDefaults(item);
  return {
    user_id: item.user_id,
    ...fields,
    user_type: toUserType(item.user_type),
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
    address1: fields.addr1,
    address2: fields.addr2,
    zip_code: fields.zipcode,
    telephone_number: fields.telephone,
    phone: fields.telephone,
    npi: fields.user_npi,
    messaging_pref: fields.message_pref,
    ...(item.document_key ? { document_key: item.document_key } : {}),
    ...(item.npi_review ? { npi_review: item.npi_review } : {}),
    ...reminderSettingsOf(item),
  };
}

/** The reminder settings of a profile with their defaults (off, {@link NOTIFY_DAYS_AHEAD} default). */
export function reminderSettingsOf(
  item: Pick<ProfileItem, 'notify_deadlines' | 'notify_days_ahead' | 'weekly_summary' | 'email_off'>,
): { notify_deadlines: boolean; notify_days_ahead: number; weekly_summary: boolean; email_off?: EmailOff } {
  return {
    notify_deadlines: item.notify_deadlines === true,
    notify_days_ahead: item.notify_days_ahead ?? NOTIFY_DAYS_AHEAD.default,
    weekly_summary: item.weekly_summary === true,
    ...(item.email_off ? { email_off: { reason: item.email_off.reason, at: item.email_off.at } } : {}),
  };
}

/**
 * The `byReminder` attribute after a change of reminder settings (`fields`) to `stored`: set while
 * a reminder email is on, removed when none is; opting in again clears a bounce's `email_off`.
 */
function reminderChange(
  stored: ProfileItem,
  fields: Partial<ProfileItem>,
): { set: Partial<ProfileItem>; remove: string[] } {
  const merged = { ...stored, ...fields };
  const on = merged.notify_deadlines === true || merged.weekly_summary === true;
  const optedIn = fields.notify_deadlines === true || fields.weekly_summary === true;
  return {
    set: on ? { reminder_p: REMINDER_PARTITION } : {},
    remove: [
      ...(!on && stored.reminder_p !== undefined ? ['reminder_p'] : []),
      ...(optedIn && stored.email_off ? ['email_off'] : []),
    ],
  };
}

/**
 * Create a profile. Missing text fields are stored as '' (message_pref defaults to 1, lists to []).
 * Throws `ConflictError('User already exists')` when the user already has a profile.
 */
export async function createProfile(input: CreateProfileInput, options: { now?: Date } = {}): Promise<ProfileItem> {
  const now = (options.now ?? new Date()).toISOString();
  const fields: ProfileItem = {
    user_id: input.user_id,
    ...withFieldDefaults(input),
    ...(input.user_type !== undefined ? { user_type: input.user_type } : {}),
    ...(input.document_key ? { document_key: input.document_key } : {}),
    ...(input.npi_review ? { npi_review: input.npi_review } : {}),
    createdAt: input.createdAt ?? now,
    updatedAt: now,
    version: 1,
  };
  const item: ProfileItem = { ...fields, ...userIndexAttributes(fields) };
  try {
    await transactWrite([
      { Put: { TableName: table(), Item: item, ConditionExpression: 'attribute_not_exists(user_id)' } },
      counterChange(1),
    ]);
  } catch (err) {
    if (err instanceof TransactionConditionError) throw new ConflictError(API_MESSAGES.userAlreadyExists);
    throw err;
  }
  return item;
}

/** The counter update of a transaction: `n_users` plus `delta` (spec back-office "User Management"). */
function counterChange(delta: 1 | -1) {
  return {
    Update: {
      TableName: table(),
      Key: { ...USER_COUNT_KEY },
      UpdateExpression: 'ADD #n :d',
      ExpressionAttributeNames: { '#n': 'n_users' },
      ExpressionAttributeValues: { ':d': delta },
    },
  };
}

/**
 * Number of profiles: the counter kept by {@link createProfile} and {@link deleteProfile} (one
 * GetItem). Profiles written before the counter existed are not in it (see the README backfill note).
 */
export async function countUsers(): Promise<number> {
  const out = await ddb().send(new GetCommand({ TableName: table(), Key: { ...USER_COUNT_KEY } }));
  const n = out.Item?.n_users;
  return typeof n === 'number' && n > 0 ? n : 0;
}

/** One profile by user id (GetItem), or undefined. */
export async function getProfile(userId: string): Promise<ProfileItem | undefined> {
  // Ids starting with '#' are the table's own items (the counter), never a profile.
  if (userId.startsWith('#')) return undefined;
  const out = await ddb().send(new GetCommand({ TableName: table(), Key: { user_id: userId } }));
  return out.Item === undefined ? undefined : parseProfileItem(out.Item);
}

/**
 * Update an existing profile, its `version` growing by 1 (set to 1 on a profile without one); with
 * `expectedVersion` (0 = a profile without a version), only while it is still at that version
 * (optimistic locking): a lost race throws `ConflictError`, a missing profile `NotFoundError`.
 * `extra` adds a condition of the caller's (its names and values).
 */
async function conditionalUpdate(
  userId: string,
  fields: Record<string, unknown>,
  options: {
    expectedVersion?: number;
    remove?: readonly string[];
    extra?: { condition: string; names: Record<string, string>; values: Record<string, unknown> };
  } = {},
): Promise<ProfileItem> {
  if (userId.startsWith('#')) throw new NotFoundError(API_MESSAGES.userNotFound);
  const { expectedVersion, remove = [], extra } = options;
  const locked = expectedVersion !== undefined;
  const guard = locked ? versionGuard(expectedVersion === 0 ? {} : { version: expectedVersion }) : undefined;
  const update = buildUpdate({
    set: fields,
    remove,
    version: guard ? { next: guard.next } : 'increment',
    condition: [
      { condition: 'attribute_exists(#pk)', names: { '#pk': 'user_id' }, values: {} },
      ...(guard ? [guard] : []),
      ...(extra ? [extra] : []),
    ],
  });
  try {
    const out = await ddb().send(
      new UpdateCommand({ TableName: table(), Key: { user_id: userId }, ...update, ReturnValues: 'ALL_NEW' }),
    );
    return parseProfileItem(out.Attributes);
  } catch (err) {
    if (!isConditionalCheckFailed(err)) throw err;
    if ((locked || extra) && (await getProfile(userId))) throw new ConflictError(PROFILE_CONFLICT_MESSAGE);
    throw new NotFoundError(API_MESSAGES.userNotFound);
  }
}

/** 409 of a profile write that lost a race (optimistic locking on `version`). */
export const PROFILE_CONFLICT_MESSAGE = 'The profile was changed at the same time. Reload it and try again.';

/**
 * Change the given fields of an existing profile (undefined fields are left alone; `npi_review:
 * null` removes the review flag). Throws `NotFoundError('User not found')` when there is no profile.
 */
export async function updateProfile(
  userId: string,
  patch: Omit<Partial<ProfileFields>, 'npi_review'> & { npi_review?: NpiReview | null },
  options: { now?: Date; expectedVersion?: number } = {},
): Promise<ProfileItem> {
  const {
    user_id: _ignoredId,
    user_type: _ignoredType,
    npi_review: review,
    ...rest
  } = patch as Partial<ProfileItem> & { npi_review?: NpiReview | null };
  // null clears the review flag; a flag sets it.
  const fields: Partial<ProfileItem> = review ? { ...rest, npi_review: review } : rest;
  const clearReview = review === null ? ['npi_review'] : [];
  for (const name of ['list_p', 'list_name', 'reminder_p', 'email_off', ...USER_SEARCH_ATTRIBUTES])
    delete (fields as Record<string, unknown>)[name];
  const updatedAt = (options.now ?? new Date()).toISOString();
  const indexed = (['first_name', 'last_name', 'user_email', 'user_npi'] as const).some((k) => fields[k] !== undefined);
  const reminders = REMINDER_FIELDS.some((k) => fields[k] !== undefined);
  if (!indexed && !reminders)
    return conditionalUpdate(
      userId,
      { ...fields, updatedAt },
      { expectedVersion: options.expectedVersion, remove: clearReview },
    );
  // A searched field changes: rewrite the index attributes from the stored profile plus the patch,
  // only while the stored profile is the one read (else 409).
  const stored = await getProfile(userId);
  if (!stored) throw new NotFoundError(API_MESSAGES.userNotFound);
  if (options.expectedVersion !== undefined && versionOf(stored) !== options.expectedVersion) {
    throw new ConflictError(PROFILE_CONFLICT_MESSAGE);
  }
  const index = userIndexAttributes({ ...stored, ...fields, user_id: userId });
  const reminder = reminders ? reminderChange(stored, fields) : { set: {}, remove: [] };
  const remove = [
    ...USER_SEARCH_ATTRIBUTES.filter((name) => index[name] === undefined && stored[name] !== undefined),
    ...clearReview,
    ...reminder.remove,
  ];
  return conditionalUpdate(
    userId,
    { ...fields, ...index, ...reminder.set, updatedAt },
    { expectedVersion: versionOf(stored), remove },
  );
}

/**
 * Rewrite the index attributes of a stored profile that differ from {@link userIndexAttributes}
 * (a change of how the search texts are kept; ../refresh-keys.ts), only while it is the version
 * read. Resolves true when it wrote, false when nothing differed or the profile changed meanwhile
 * (that write kept the keys).
 */
export async function refreshProfileIndexKeys(stored: ProfileItem): Promise<boolean> {
  const index = userIndexAttributes(stored);
  const changed = Object.fromEntries(
    Object.entries(index).filter(([name, value]) => (stored as Record<string, unknown>)[name] !== value),
  );
  const remove = USER_SEARCH_ATTRIBUTES.filter((name) => index[name] === undefined && stored[name] !== undefined);
  if (Object.keys(changed).length === 0 && remove.length === 0) return false;
  try {
    await conditionalUpdate(stored.user_id, changed, { expectedVersion: versionOf(stored), remove });
    return true;
  } catch (err) {
    if (err instanceof ConflictError || err instanceof NotFoundError) return false;
    throw err;
  }
}

/**
 * Set a profile's user_type (PATCH /user type change; seeding, tests). With
 * `expectedUserType`, only while the stored type is still that one (absent counts as 0): a lost
 * race throws `ConflictError`, a missing profile `NotFoundError('User not found')`.
 */
export async function setUserType(
  userId: string,
  userType: number,
  options: { now?: Date; expectedUserType?: number } = {},
): Promise<ProfileItem> {
  const fields = { user_type: userType, updatedAt: (options.now ?? new Date()).toISOString() };
  const expected = options.expectedUserType;
  if (expected === undefined) return conditionalUpdate(userId, fields);
  // The type read is the condition (a concurrent edit of other fields does not matter here).
  return conditionalUpdate(userId, fields, {
    extra: {
      condition: expected === 0 ? '(attribute_not_exists(#ut) OR #ut = :ut)' : '#ut = :ut',
      names: { '#ut': 'user_type' },
      values: { ':ut': expected },
    },
  });
}

/**
 * Delete a profile and resolve with what was stored (its `documents` name the files to delete);
 * throws `NotFoundError('User not found')` when there is none. The profile counter goes down in
 * the same transaction; the delete happens only while the profile is the one read (a change in
 * between answers `ConflictError`).
 */
export async function deleteProfile(userId: string): Promise<ProfileItem> {
  const stored = await getProfile(userId);
  if (!stored) throw new NotFoundError(API_MESSAGES.userNotFound);
  try {
    await transactWrite([
      {
        Delete: {
          TableName: table(),
          Key: { user_id: userId },
          ...conditionOf([
            { condition: 'attribute_exists(#pk)', names: { '#pk': 'user_id' }, values: {} },
            versionGuard(stored),
          ]),
        },
      },
      counterChange(-1),
    ]);
  } catch (err) {
    if (!(err instanceof TransactionConditionError)) throw err;
    if (await getProfile(userId)) throw new ConflictError(PROFILE_CONFLICT_MESSAGE);
    throw new NotFoundError(API_MESSAGES.userNotFound);
  }
  return stored;
}

/**
 * Turn every reminder email of `userId` off after an SES bounce or complaint, and record why
 * (`email_off`, shown on the profile). Resolves false when there is no such profile.
 */
export async function turnEmailOff(userId: string, reason: EmailOffReason, now: Date = new Date()): Promise<boolean> {
  try {
    await conditionalUpdate(
      userId,
      {
        notify_deadlines: false,
        weekly_summary: false,
        email_off: { reason, at: now.toISOString() },
        updatedAt: now.toISOString(),
      },
      { remove: ['reminder_p'] },
    );
    return true;
  } catch (err) {
    if (err instanceof NotFoundError) return false;
    throw err;
  }
}
