/**
 * Reference calls: CPT codes and the NPI check (spec provider-side section 7).
 */
import * as z from 'zod';
import { CPT_DEFAULT_PAGE_SIZE } from '../constants';

export interface CptCode {
  cpt_code: string;
  cpt_description: string;
}

/** GET /cpt_codes query: `search` alone, or `page`, `limit`, `search`. Limit capped at 100. */
export const CptQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1, 'page must be 1 or more').optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1, 'limit must be between 1 and 100')
    .max(100, 'limit must be between 1 and 100')
    .optional(),
});

/** Paged answer of GET /cpt_codes. */
export interface CptPage {
  cpt_codes: CptCode[];
  total: number;
  page: number;
  total_pages: number;
  limit: number;
}
export const CPT_DEFAULT_PAGE = { page: 1, limit: CPT_DEFAULT_PAGE_SIZE } as const;

export const NPI_MESSAGES = {
  enterNpi: 'Please enter an NPI number',
  format: 'NPI must be exactly 10 digits',
  /** Check digit wrong (spec provider-side section 5, the client-level NPI check text). */
  checkDigit: 'NPI not found or invalid',
  notFound: 'NPI not found or invalid',
  unavailable: 'NPI validation service is temporarily unavailable',
  noName: 'NPI validation failed: No name information returned',
  noValidName: 'NPI validation failed: No valid name information found',
  failed: 'NPI validation failed',
  error: 'Error validating NPI. Please try again.',
  /** Validate found the NPI, but under another person's name than the profile's. */
  otherPerson: (registered: string, profile: string) =>
    `This NPI is registered to ${registered}, not to ${profile || 'the name in this profile'}.`,
  /** The confirmation before saving such an NPI. */
  confirmOtherPerson: (registered: string) =>
    `The NPI you entered is registered to ${registered}. Save it anyway? The billing office will review your profile before relying on it.`,
  /** The User Management badge of a flagged profile. */
  reviewBadge: 'NPI to review',
} as const;

/**
 * Why a profile awaits back-office review of its NPI (stored on the user item as `npi_review`): the
 * registry answered the NPI with another person's name (`registry_name`) when it was saved (`at`, ISO).
 */
export interface NpiReview {
  reason: 'name_mismatch';
  registry_name: string;
  at: string;
}

/** Letters of a name, lower-cased, for comparison ("O'Neil-Smith" -> "oneilsmith"). */
function nameKey(name: string): string {
  return name.toLowerCase().replace(/[^a-z]/g, '');
}

/**
 * Whether the registry's person is the profile's: same last name and the same first name, or one
 * first name the start of the other ("Rob" / "Robert"), letters only and case aside. An
 * organisation or a record without a last name never matches a person.
 */
export function sameRegisteredPerson(
  profile: { first_name: string; last_name: string },
  registry: { first_name: string; last_name: string },
): boolean {
  const [pf, pl, rf, rl] = [profile.first_name, profile.last_name, registry.first_name, registry.last_name].map(
    nameKey,
  );
  if (!pl || !rl || pl !== rl) return false;
  if (!pf || !rf) return false;
  return pf.startsWith(rf) || rf.startsWith(pf);
}

/** GET /check_npi answer. `status` is NPPES's basic.status ("A" active) when found. */
export interface NpiCheckResult {
  valid: boolean;
  first_name: string;
  last_name: string;
  status: string;
  error: string;
  message: string;
  /** NPI-1 individual or NPI-2 organisation, when found. */
  enumeration_type?: string;
  organization_name?: string;
}
