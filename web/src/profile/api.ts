/**
 * Profile calls (spec provider-side sections 3, 5, 7 and 8).
 *
 * - {@link fetchProfile}(userId): GET /user?user_id= -> the normalised {@link Profile}, or null when
 *   there is none (404, or a message about user not found / no user found / resource not found:
 *   provider-side section 8 "Profile load at startup"). Other failures throw `ApiError`.
 * - {@link createProfile}(user, form): POST /user with the spec's create payload; an answer saying
 *   the user "already exists" (409, or success false) falls back to {@link updateProfile}.
 * - {@link updateProfile}(user, form): PATCH /user with the update payload.
 * - {@link checkNpi}(npi): GET /check_npi with the session's token (sign-in required: decision
 *   0009-spec-departures), read as the NPI Validate button does (provider-side section 5).
 * Save failures throw {@link ProfileSaveError} whose message is ready to show.
 */
import {
  NPI_MESSAGES,
  isProfileComplete,
  parseStatesLicensed,
  toUserType,
  type NpiCheckResult,
  type Profile,
  type ProfileForm,
} from '../../../shared';
import { titleCaseName } from '../../../shared/display';
import { EmailOffSchema, type ReminderSettings } from '../../../shared/schemas/reminders';
import { UI_MESSAGES, messageTemplates } from '../../../shared/messages';
import { ApiError, apiFetch } from '../lib/api';
import { apiErrorMessage } from '../lib/apiErrors';
import type { AuthUser } from '../auth/session';

/** Why the profile screen is shown (back-office-and-shell section 4). */
export type ProfileReason = 'new_user' | 'incomplete_profile';

export function isProfileReason(value: unknown): value is ProfileReason {
  return value === 'new_user' || value === 'incomplete_profile';
}

/** The reason the gate forces a user to /profile-setup, or null when the profile is fine. */
export function profileGateReason(profile: Profile | null | undefined): ProfileReason | null {
  if (profile === null) return 'new_user';
  if (profile === undefined) return null;
  return isProfileComplete(profile) ? null : 'incomplete_profile';
}

const NOT_FOUND = /user not found|no user found|resource not found/i;

function asRecord(value: unknown): Record<string, unknown> | undefined {
  if (typeof value === 'string') {
    try {
      return asRecord(JSON.parse(value) as unknown);
    } catch {
      return undefined;
    }
  }
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

function text(raw: Record<string, unknown>, ...names: string[]): string {
  for (const n of names) {
    const v = raw[n];
    if (typeof v === 'string') return v;
    if (typeof v === 'number') return String(v);
  }
  return '';
}

/**
 * Unwrap a profile answer: `user`, `data.user`, `success` plus `user`, `body` (object or JSON
 * string) or flat (provider-side section 3). Returns undefined when no profile is inside.
 */
export function unwrapProfile(answer: unknown): Record<string, unknown> | undefined {
  const root = asRecord(answer);
  if (!root) return undefined;
  const candidates = [root.user, asRecord(root.data)?.user, root.data, root.body];
  for (const c of candidates) {
    const rec = asRecord(c);
    if (rec) return unwrapProfile(rec) ?? rec;
  }
  return 'user_id' in root || 'first_name' in root ? root : undefined;
}

/** Map a raw profile (any alias names) onto the canonical {@link Profile} shape. */
export function normalizeProfile(raw: Record<string, unknown>): Profile {
  const pref = Number(raw.message_pref ?? raw.messaging_pref);
  return {
    user_id: text(raw, 'user_id', 'id'),
    user_email: text(raw, 'user_email', 'email'),
    first_name: text(raw, 'first_name'),
    last_name: text(raw, 'last_name'),
    addr1: text(raw, 'addr1', 'address1'),
    addr2: text(raw, 'addr2', 'address2'),
    city: text(raw, 'city'),
    state: text(raw, 'state').toUpperCase(),
    zipcode: text(raw, 'zipcode', 'zip_code'),
    telephone: text(raw, 'telephone', 'telephone_number', 'phone'),
    user_npi: text(raw, 'user_npi', 'npi'),
    message_pref: Number.isInteger(pref) && pref >= 0 && pref <= 3 ? pref : 1,
    states_licensed: parseStatesLicensed(raw.states_licensed),
    documents: Array.isArray(raw.documents) ? (raw.documents as Profile['documents']) : [],
    user_type: toUserType(raw.user_type),
    referred_by_user: text(raw, 'referred_by_user'),
    createdAt: text(raw, 'createdAt', 'created_at'),
    updatedAt: text(raw, 'updatedAt', 'updated_at'),
    ...reminderFieldsOf(raw),
  };
}

/** The reminder settings of a raw profile (shared/schemas/reminders.ts), when the answer carries them. */
function reminderFieldsOf(raw: Record<string, unknown>): Partial<Profile> {
  const out: Partial<Profile> = {};
  if (typeof raw.notify_deadlines === 'boolean') out.notify_deadlines = raw.notify_deadlines;
  if (typeof raw.notify_days_ahead === 'number') out.notify_days_ahead = raw.notify_days_ahead;
  if (typeof raw.weekly_summary === 'boolean') out.weekly_summary = raw.weekly_summary;
  const off = EmailOffSchema.safeParse(raw.email_off);
  if (off.success) out.email_off = off.data;
  return out;
}

/** PATCH /user with reminder settings only. Resolves with the saved profile. Throws {@link ProfileSaveError}. */
export async function saveReminderSettings(settings: ReminderSettings): Promise<Profile | undefined> {
  try {
    const answer = await apiFetch<SaveAnswer>('/user', { method: 'PATCH', body: settings, forbidden: 'user' });
    return checkAnswer(answer, UI_MESSAGES.profileSaveFailed);
  } catch (err) {
    throw saveError(err, UI_MESSAGES.profileSaveFailed);
  }
}

/** GET /user?user_id=: the profile, or null when the user has none. Throws `ApiError` otherwise. */
export async function fetchProfile(userId: string, signal?: AbortSignal): Promise<Profile | null> {
  try {
    const answer = await apiFetch<unknown>('/user', { query: { user_id: userId }, forbidden: 'user', signal });
    const raw = unwrapProfile(answer);
    return raw ? normalizeProfile(raw) : null;
  } catch (err) {
    if (err instanceof ApiError && (err.status === 404 || NOT_FOUND.test(err.message))) return null;
    throw err;
  }
}

/** A profile save that failed; `message` is the text to show, `fieldErrors` the server's per-field messages. */
export class ProfileSaveError extends Error {
  override name = 'ProfileSaveError';
  constructor(
    message: string,
    readonly fieldErrors: { field: string; message: string }[] = [],
  ) {
    super(message);
  }
}

interface SaveAnswer {
  success?: boolean;
  message?: string;
  user?: unknown;
}

/** POST /user body (provider-side section 7: message_pref as text, states_licensed JSON-encoded). */
export function createPayload(user: AuthUser, form: ProfileForm) {
  return {
    user_id: user.sub,
    user_email: user.email,
    first_name: form.first_name,
    last_name: form.last_name,
    addr1: form.address1,
    addr2: form.address2,
    city: form.city,
    state: form.state,
    zipcode: form.zipcode,
    telephone: form.telephone_number,
    user_npi: form.user_npi,
    referred_by_user: '',
    message_pref: String(form.messaging_pref),
    states_licensed: JSON.stringify(form.states_licensed),
  };
}

/** PATCH /user body (provider-side section 7, with the profile screens' extra alias fields). */
export function updatePayload(user: AuthUser, form: ProfileForm) {
  return {
    user_id: user.sub,
    first_name: form.first_name,
    last_name: form.last_name,
    addr1: form.address1,
    addr2: form.address2,
    address1: form.address1,
    address2: form.address2,
    city: form.city,
    state: form.state,
    zipcode: form.zipcode,
    telephone: form.telephone_number,
    telephone_number: form.telephone_number,
    message_pref: String(form.messaging_pref),
    messaging_pref: form.messaging_pref,
    states_licensed: form.states_licensed,
    user_npi: form.user_npi,
  };
}

function fieldErrorsOf(body: unknown): { field: string; message: string }[] {
  const errors = asRecord(body)?.errors;
  if (!Array.isArray(errors)) return [];
  return errors.filter(
    (e): e is { field: string; message: string } =>
      !!e && typeof e === 'object' && typeof e.field === 'string' && typeof e.message === 'string',
  );
}

/**
 * Turn a failure of a save call into a {@link ProfileSaveError} with the spec's words: the server's
 * message for answers about the request (4xx, `fallback` when it gave none); an EMPTY message for
 * network failures and server errors (status 0 or 5xx), so that each screen shows its own text
 * ('An error occurred while saving your profile. Please try again.' on setup, 'Failed to update
 * profile. Please try again.' on editing; spec provider-side section 8).
 */
function saveError(err: unknown, fallback: string): ProfileSaveError {
  if (err instanceof ProfileSaveError) return err;
  const message = apiErrorMessage('profileSave', err, fallback);
  return new ProfileSaveError(message, message && err instanceof ApiError ? fieldErrorsOf(err.body) : []);
}

function checkAnswer(answer: SaveAnswer | undefined, fallback: string): Profile | undefined {
  if (answer && answer.success === false) throw new ProfileSaveError(answer.message || fallback);
  const raw = unwrapProfile(answer);
  return raw ? normalizeProfile(raw) : undefined;
}

/** PATCH /user. Resolves with the saved profile when the answer holds one. Throws {@link ProfileSaveError}. */
export async function updateProfile(user: AuthUser, form: ProfileForm): Promise<Profile | undefined> {
  try {
    const answer = await apiFetch<SaveAnswer>('/user', {
      method: 'PATCH',
      body: updatePayload(user, form),
      forbidden: 'user',
    });
    return checkAnswer(answer, UI_MESSAGES.profileSaveFailed);
  } catch (err) {
    throw saveError(err, UI_MESSAGES.profileSaveFailed);
  }
}

const ALREADY_EXISTS = /already exists/i;

/**
 * POST /user; when the user already exists (409 or success false with 'already exists') it updates
 * instead. Resolves with the saved profile when the answer holds one. Throws {@link ProfileSaveError}.
 */
export async function createProfile(user: AuthUser, form: ProfileForm): Promise<Profile | undefined> {
  let answer: SaveAnswer | undefined;
  try {
    answer = await apiFetch<SaveAnswer>('/user', {
      method: 'POST',
      body: createPayload(user, form),
      forbidden: 'user',
    });
  } catch (err) {
    if (err instanceof ApiError && ALREADY_EXISTS.test(err.message)) return updateProfile(user, form);
    throw saveError(err, UI_MESSAGES.profileSaveFailed);
  }
  if (answer?.success === false && ALREADY_EXISTS.test(answer.message ?? '')) return updateProfile(user, form);
  return checkAnswer(answer, UI_MESSAGES.profileSaveFailed);
}

/** Outcome of the NPI Validate button; a valid one carries the registry's names (title-cased). */
export type NpiOutcome =
  { valid: true; message: string; first_name: string; last_name: string } | { valid: false; message: string };

/**
 * The NPI Validate button (provider-side section 5): valid only when the answer says valid and gives
 * non-empty first and last names; the message is the spec's. Never throws.
 */
export async function checkNpi(npi: string): Promise<NpiOutcome> {
  const value = npi.trim();
  if (!value) return { valid: false, message: NPI_MESSAGES.enterNpi };
  let result: Partial<NpiCheckResult> | undefined;
  try {
    result = await apiFetch<Partial<NpiCheckResult>>('/check_npi', { query: { npi: value } });
  } catch (err) {
    if (!(err instanceof ApiError) || err.status === 0) return { valid: false, message: NPI_MESSAGES.error };
    const body = asRecord(err.body);
    const serverText = body ? text(body, 'error', 'message') : '';
    if (serverText) return { valid: false, message: serverText };
    if (err.status === 403) return { valid: false, message: NPI_MESSAGES.unavailable };
    if (err.status === 404) return { valid: false, message: 'NPI not found' };
    if (err.status >= 500) return { valid: false, message: 'NPI validation service error - please try again' };
    return { valid: false, message: NPI_MESSAGES.failed };
  }
  const first = typeof result?.first_name === 'string' ? result.first_name.trim() : undefined;
  const last = typeof result?.last_name === 'string' ? result.last_name.trim() : undefined;
  if (result?.valid && first && last) {
    const [firstName, lastName] = [titleCaseName(first), titleCaseName(last)];
    return {
      valid: true,
      message: messageTemplates.npiValidated(firstName, lastName),
      first_name: firstName,
      last_name: lastName,
    };
  }
  if (result?.valid) {
    return {
      valid: false,
      message: first === undefined && last === undefined ? NPI_MESSAGES.noName : NPI_MESSAGES.noValidName,
    };
  }
  return { valid: false, message: result?.error || result?.message || NPI_MESSAGES.failed };
}
