/**
 * Profile schemas (spec provider-side sections 3 and 5).
 *
 * - `ProfileFormSchema` / `ProfileSetupFormSchema`: the profile screens' fields (form names) with the
 *   spec's exact messages; setup needs at least one licensed state, editing does not.
 * - `normalizeProfileInput`: maps the API's aliases (addr1/address1, zipcode/zip_code,
 *   telephone/telephone_number/phone, user_npi/npi, message_pref/messaging_pref, states_licensed as
 *   array, JSON string or comma-separated text) onto the form names, so the Lambda validates POST and
 *   PATCH /user bodies with the same schema the forms use.
 * - `Profile`: the stored and returned shape.
 */
import * as z from 'zod';
import { PROFILE_DOCUMENT_TYPES, TEXT_LIMITS, tooLongMessage } from '../constants';
import { isValidNpi } from '../npi';
import { isUsStateCode } from '../states';
import type { EmailOff } from './reminders';

/** Required text: the spec's "required" message when missing or empty, then a length limit. */
const requiredText = (required: string, field: string, max: number = TEXT_LIMITS.text) =>
  z.string({ error: required }).trim().min(1, { error: required, abort: true }).max(max, tooLongMessage(field, max));

export const PROFILE_MESSAGES = {
  firstNameRequired: 'First name is required',
  firstNameMin: 'First name must be at least 2 characters',
  lastNameRequired: 'Last name is required',
  lastNameMin: 'Last name must be at least 2 characters',
  addressRequired: 'Address is required',
  cityRequired: 'City is required',
  stateRequired: 'State is required',
  stateFormat: 'Please use 2-letter state code (e.g., CA, NY)',
  zipRequired: 'Zip code is required',
  zipFormat: 'Zip code must be 5 digits',
  phoneRequired: 'Phone number is required',
  phoneFormat: 'Phone number must be in format (555) 123-4567',
  npiRequired: 'NPI number is required',
  npiFormat: 'NPI must be exactly 10 digits',
  messagingRequired: 'Messaging preference is required',
  messagingInvalid: 'Invalid messaging preference',
  statesRequired: 'At least one licensed state is required',
  documentTypeInvalid: 'Please select a valid document type',
  /** Check digit wrong: the surgeon schema's text (NPI_MESSAGES.checkDigit). */
  npiInvalid: 'NPI not found or invalid',
  /** POST/PATCH /user: a documents entry that is not stored. */
  documentNotStored: 'documents can only keep or remove stored documents; upload documents through POST /document',
  /** POST/PATCH /user: a document_key that is not the stored one. */
  documentKeyNotStored:
    'document_key can only keep or clear the stored document; upload documents through POST /document',
} as const;

const M = PROFILE_MESSAGES;

/** US 10-digit phone with optional parentheses and separators, optional leading 1/+1. */
export const US_PHONE_PATTERN = /^(\+?1[\s.-]?)?\(?\d{3}\)?[\s.-]?\d{3}[\s.-]?\d{4}$/;

const profileFields = {
  first_name: requiredText(M.firstNameRequired, 'First name', TEXT_LIMITS.name).min(2, M.firstNameMin),
  last_name: requiredText(M.lastNameRequired, 'Last name', TEXT_LIMITS.name).min(2, M.lastNameMin),
  address1: requiredText(M.addressRequired, 'Address'),
  address2: z
    .string()
    .trim()
    .max(TEXT_LIMITS.text, tooLongMessage('Address line 2', TEXT_LIMITS.text))
    .optional()
    .default(''),
  city: requiredText(M.cityRequired, 'City'),
  state: requiredText(M.stateRequired, 'State')
    .length(2, { error: M.stateFormat, abort: true })
    .refine((s) => isUsStateCode(s.toUpperCase()), M.stateFormat),
  zipcode: requiredText(M.zipRequired, 'Zip code').regex(/^\d{5}(-\d{4})?$/, M.zipFormat),
  telephone_number: requiredText(M.phoneRequired, 'Phone number').regex(US_PHONE_PATTERN, M.phoneFormat),
  // 10 digits, then the check digit (shared/npi.ts), as the surgeon and facility schemas do.
  user_npi: requiredText(M.npiRequired, 'NPI number')
    .regex(/^\d{10}$/, { error: M.npiFormat, abort: true })
    .refine(isValidNpi, M.npiInvalid),
  // Missing or empty: "required"; present but not a whole number 0..3 (text, boolean, 7): "invalid".
  messaging_pref: z.preprocess(
    (v) => (v === '' || v === null ? undefined : typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
    z
      .number({
        error: (issue) => (issue.input === undefined ? M.messagingRequired : M.messagingInvalid),
      })
      .int(M.messagingInvalid)
      .min(0, M.messagingInvalid)
      .max(3, M.messagingInvalid),
  ),
  document_type: z.union([z.literal(''), z.enum(PROFILE_DOCUMENT_TYPES)], { error: M.documentTypeInvalid }).optional(),
};

/** Profile editing screen (/update-profile): licensed states optional. */
/** Licensed states: 2-letter codes of the 50 states (spec provider-side section 3). */
const stateCodes = z
  .array(
    z.string().refine((s) => isUsStateCode(s.toUpperCase()), M.stateFormat),
    { error: M.stateFormat },
  )
  .max(50, M.stateFormat);
export const ProfileFormSchema = z.object({
  ...profileFields,
  states_licensed: stateCodes.default([]),
});

/** Profile setup screen (/profile-setup): at least one licensed state. */
export const ProfileSetupFormSchema = z.object({
  ...profileFields,
  states_licensed: stateCodes.min(1, M.statesRequired),
});

export type ProfileFormInput = z.input<typeof ProfileFormSchema>;
export type ProfileForm = z.output<typeof ProfileFormSchema>;

/** A profile document entry (spec provider-side section 3). */
export const ProfileDocumentSchema = z.object({
  document_type: z.string().max(TEXT_LIMITS.text, tooLongMessage('document_type', TEXT_LIMITS.text)),
  /** Storage path of the document. */
  document_name: z.string().max(TEXT_LIMITS.path, tooLongMessage('document_name', TEXT_LIMITS.path)),
});

/** Stored and returned profile (canonical names; user_type missing counts as 0). */
export interface Profile {
  user_id: string;
  user_email: string;
  first_name: string;
  last_name: string;
  addr1: string;
  addr2: string;
  city: string;
  state: string;
  zipcode: string;
  telephone: string;
  user_npi: string;
  message_pref: number;
  states_licensed: string[];
  documents: { document_type: string; document_name: string }[];
  user_type: number;
  referred_by_user: string;
  createdAt: string;
  updatedAt: string;
  /** Reminder settings (shared/schemas/reminders.ts); absent on profiles that never set them. */
  notify_deadlines?: boolean;
  notify_days_ahead?: number;
  weekly_summary?: boolean;
  /** Set while a bounce or complaint keeps email reminders off. */
  email_off?: EmailOff;
}

/** Parse states_licensed from an array, a JSON-array string or comma-separated text. */
export function parseStatesLicensed(value: unknown): string[] {
  if (Array.isArray(value))
    return value
      .map(String)
      .map((s) => s.trim().toUpperCase())
      .filter(Boolean);
  if (typeof value !== 'string' || value.trim() === '') return [];
  const text = value.trim();
  if (text.startsWith('[')) {
    try {
      return parseStatesLicensed(JSON.parse(text) as unknown);
    } catch {
      /* fall through to comma-separated */
    }
  }
  return text
    .replace(/[[\]"]/g, '')
    .split(',')
    .map((s) => s.trim().toUpperCase())
    .filter(Boolean);
}

function pick(raw: Record<string, unknown>, ...names: string[]): unknown {
  for (const n of names) {
    const v = raw[n];
    if (v !== undefined && v !== null) return v;
  }
  return undefined;
}

/**
 * Map an API body with any of the spec's alias names onto the form field names. Only keys present
 * in the body appear in the result (so PATCH can validate a partial update with `.partial()`).
 */
export function normalizeProfileInput(raw: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const map: [string, string[]][] = [
    ['first_name', ['first_name']],
    ['last_name', ['last_name']],
    ['address1', ['address1', 'addr1']],
    ['address2', ['address2', 'addr2']],
    ['city', ['city']],
    ['state', ['state']],
    ['zipcode', ['zipcode', 'zip_code']],
    ['telephone_number', ['telephone_number', 'telephone', 'phone']],
    ['user_npi', ['user_npi', 'npi']],
    ['messaging_pref', ['messaging_pref', 'message_pref']],
    ['document_type', ['document_type']],
  ];
  for (const [target, names] of map) {
    const v = pick(raw, ...names);
    if (v !== undefined) out[target] = typeof v === 'number' && target !== 'messaging_pref' ? String(v) : v;
  }
  if (typeof out.state === 'string') out.state = out.state.trim().toUpperCase();
  if (typeof out.user_npi === 'string') out.user_npi = out.user_npi.trim();
  if (raw.states_licensed !== undefined && raw.states_licensed !== null) {
    // Arrays and text are parsed; any other type is passed on for the schema to refuse (400).
    const v = raw.states_licensed;
    out.states_licensed = Array.isArray(v) || typeof v === 'string' ? parseStatesLicensed(v) : v;
  }
  return out;
}

/** Completeness (back-office-and-shell section 4): first and last name, NPI, phone, address 1, city, state, zip. */
export function isProfileComplete(p: Partial<Profile> | null | undefined): boolean {
  if (!p) return false;
  return [p.first_name, p.last_name, p.user_npi, p.telephone, p.addr1, p.city, p.state, p.zipcode].every(
    (v) => typeof v === 'string' && v.trim() !== '',
  );
}
