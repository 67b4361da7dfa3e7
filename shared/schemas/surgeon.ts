/**
 * Surgeon and facility schemas (spec provider-side sections 3, 5 and 7).
 * NPI numbers are stored as numbers (0 when none / manual entry), as the spec's entities say.
 */
import * as z from 'zod';
import { TEXT_LIMITS, tooLongMessage } from '../constants';
import { isValidNpi } from '../npi';
import { isUsStateCode } from '../states';

export const SURGEON_MESSAGES = {
  searchBothNames: 'Please enter both first name and last name',
  manualBothNames: 'Please enter both first and last name (e.g., "John Smith")',
  selectOrManual: 'Please search and select a surgeon, or create a manual entry',
  manualNoName: 'Please provide both first and last name for the surgeon',
  notFound: 'Surgeon not found',
  added: 'Surgeon added successfully!',
  updated: 'Surgeon updated successfully!',
  saveFailed: 'Failed to save surgeon. Please try again.',
} as const;

export const FACILITY_MESSAGES = {
  nameMin: 'Please enter a facility name with at least 2 characters',
  selectOrManual: 'Please search and select a facility, or create a manual entry',
  manualNoName: 'Please provide a facility name',
  notFound: 'Facility not found',
  saveFailed: 'Failed to save facility. Please try again.',
  editUnsupported: 'Facility updates are not currently supported by the backend. Please contact support.',
  /** Under the search field: what the registry matches, and what narrows it. */
  searchHint:
    'The NPI registry matches only the start of an organization\'s name: "Mercy" finds "Mercy Hospital", not ' +
    '"St. Mary Mercy". City, state and ZIP code narrow the search.',
} as const;

/**
 * NPI as sent by clients: number or digit text; empty/missing -> 0 (none, manual entry); otherwise
 * 10 digits ('NPI must be exactly 10 digits') with a valid check digit ('NPI not found or invalid',
 * the spec's client-level NPI text; Luhn with prefix 80840, shared/npi.ts).
 */
const NpiNumberSchema = z.preprocess(
  (v) => (v === undefined || v === null || v === '' ? 0 : typeof v === 'string' ? Number(v.trim()) : v),
  z
    .number({ error: 'NPI must be exactly 10 digits' })
    .int('NPI must be exactly 10 digits')
    .refine((n) => n === 0 || (n >= 1_000_000_000 && n <= 9_999_999_999), {
      error: 'NPI must be exactly 10 digits',
      abort: true,
    })
    .refine((n) => n === 0 || isValidNpi(String(n)), 'NPI not found or invalid'),
);

const optText = z
  .string()
  .trim()
  .max(TEXT_LIMITS.text, tooLongMessage('Address and city', TEXT_LIMITS.text))
  .optional()
  .default('');
/** A required name: `missing` when absent or empty, then at most TEXT_LIMITS.name characters. */
const nameText = (missing: string, field: string) =>
  z.string({ error: missing }).trim().min(1, missing).max(TEXT_LIMITS.name, tooLongMessage(field, TEXT_LIMITS.name));
/** The id of an item in PATCH bodies; `missing` when absent. */
const itemId = (missing: string) =>
  z.string({ error: missing }).trim().min(1, missing).max(TEXT_LIMITS.id, tooLongMessage('id', TEXT_LIMITS.id));
const optState = z
  .string()
  .trim()
  .toUpperCase()
  .refine((s) => s === '' || /^[A-Z]{2}$/.test(s), 'Please use 2-letter state code (e.g., CA, NY)')
  .optional()
  .default('');
const optZip = z
  .string()
  .trim()
  .refine((s) => s === '' || /^\d{5}(-?\d{4})?$/.test(s), 'Zip code must be 5 digits')
  .optional()
  .default('');

/** POST /surgeon body (user_id ignored: the owner is the caller). */
export const SurgeonBodySchema = z.object({
  user_id: z.string().max(TEXT_LIMITS.id).optional(),
  first_name: nameText(SURGEON_MESSAGES.manualNoName, 'First name'),
  last_name: nameText(SURGEON_MESSAGES.manualNoName, 'Last name'),
  surgeon_npi: NpiNumberSchema,
  surgeon_addr: optText,
  surgeon_city: optText,
  surgeon_state: optState,
  surgeon_zip: optZip,
  manual_entry: z.boolean().optional().default(false),
});
/** The manual-entry form of Add Surgeon: both names, else the spec's 'Please enter both first and last name'. */
export const SurgeonManualEntrySchema = z.object({
  first_name: nameText(SURGEON_MESSAGES.manualBothNames, 'First name'),
  last_name: nameText(SURGEON_MESSAGES.manualBothNames, 'Last name'),
});
/** PATCH /surgeon body: id plus any of the fields. */
export const SurgeonUpdateBodySchema = SurgeonBodySchema.omit({ user_id: true })
  .partial()
  .extend({ id: itemId(SURGEON_MESSAGES.notFound) });

export interface Surgeon {
  surgeon_id: string;
  id: string;
  user_id: string;
  first_name: string;
  last_name: string;
  surgeon_npi: number;
  surgeon_addr: string;
  surgeon_city: string;
  surgeon_state: string;
  surgeon_zip: string;
  manual_entry: boolean;
  createdAt: string;
  updatedAt: string;
}

/** POST /facility body. */
export const FacilityBodySchema = z.object({
  user_id: z.string().max(TEXT_LIMITS.id).optional(),
  facility_name: nameText(FACILITY_MESSAGES.manualNoName, 'Facility name'),
  facility_npi: NpiNumberSchema,
  facility_addr: optText,
  facility_city: optText,
  facility_state: optState,
  facility_zip: optZip,
  manual_entry: z.boolean().optional().default(false),
});
/**
 * The manual-entry form of Add Facility: the fields of a found facility, as typed (text), the name
 * required and the NPI optional (blank, or 10 digits with a valid check digit).
 */
export const FacilityManualEntrySchema = z.object({
  facility_name: nameText(FACILITY_MESSAGES.manualNoName, 'Facility name'),
  facility_addr: z
    .string()
    .trim()
    .max(TEXT_LIMITS.text, tooLongMessage('Address and city', TEXT_LIMITS.text))
    .optional(),
  facility_city: z
    .string()
    .trim()
    .max(TEXT_LIMITS.text, tooLongMessage('Address and city', TEXT_LIMITS.text))
    .optional(),
  facility_state: z
    .string()
    .trim()
    .refine((s) => s === '' || isUsStateCode(s.toUpperCase()), 'Please use 2-letter state code (e.g., CA, NY)')
    .optional(),
  facility_zip: z
    .string()
    .trim()
    .refine((s) => s === '' || /^\d{5}(-?\d{4})?$/.test(s), 'Zip code must be 5 digits')
    .optional(),
  facility_npi: z
    .string()
    .trim()
    .refine((s) => s === '' || /^\d{10}$/.test(s), { error: 'NPI must be exactly 10 digits', abort: true })
    .refine((s) => s === '' || isValidNpi(s), 'NPI not found or invalid')
    .optional(),
});
export type FacilityManualEntry = z.infer<typeof FacilityManualEntrySchema>;
/** PATCH /facility body: id plus any of the fields. */
export const FacilityUpdateBodySchema = FacilityBodySchema.omit({ user_id: true })
  .partial()
  .extend({ id: itemId(FACILITY_MESSAGES.notFound) });

export interface Facility {
  facility_id: string;
  id: string;
  user_id: string;
  facility_name: string;
  facility_npi: number;
  facility_addr: string;
  facility_city: string;
  facility_state: string;
  facility_zip: string;
  manual_entry: boolean;
  createdAt: string;
  updatedAt: string;
}

// Search answers (GET /surgeon/search, GET /facility/search) and the tolerant list parsers: ./search-responses.ts.
