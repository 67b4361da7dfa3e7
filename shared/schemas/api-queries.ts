/**
 * The query parameters of the API routes, for the route contracts (shared/api-contract.ts) and the
 * generated OpenAPI document. Every value arrives as text; empty text counts as absent. Longer
 * text than a parameter's maximum is a 400.
 */
import * as z from 'zod';
import { DEFAULT_PAGE_LIMIT, MAX_PAGE_LIMIT, TEXT_LIMITS } from '../constants';
import { CASE_SORTS } from './case';
import { CaseStatsRangeSchema } from './lists';
import { CptQuerySchema } from './reference';
import { isUsStateCode } from '../states';

/** Longest `cursor` accepted (lambdas/lib/paging.ts MAX_CURSOR_LENGTH). */
const MAX_CURSOR_LENGTH = 4096;

const id = (description: string) => z.string().max(TEXT_LIMITS.id).optional().meta({ description });

/** `limit` and `cursor` of every paged list (lambdas/lib/paging.ts). */
export const PageQuerySchema = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .optional()
    .meta({ description: `Items per page: default ${DEFAULT_PAGE_LIMIT}, above ${MAX_PAGE_LIMIT} capped.` }),
  cursor: z.string().max(MAX_CURSOR_LENGTH).optional().meta({
    description:
      'The `next_cursor` of the previous page, sent with the same filters. Sealed and bound to the caller and the query: another caller, query or stage answers 400.',
  }),
});

const statusText = (description: string) =>
  z
    .string()
    .optional()
    .meta({ description: `${description}: a status value (0..90), a status filter key, or \`all\`.` });

/** GET /case: one case with `case_id`, else a page of cases. */
export const CaseQuerySchema = PageQuerySchema.extend({
  case_id: id('One case (then every other parameter is ignored).'),
  status: statusText('Cases of one status'),
  user_id: id("The owner: a provider only their own id; back office any, or none for all users' cases."),
  search: z.string().max(TEXT_LIMITS.id).optional().meta({
    description:
      'Start of the case id, the case number (C-000123), the patient\'s first or last name, "first last" or "last, first", the member ID, or the insurance provider, ignoring case. A provider searches their own cases.',
  }),
  from: z.string().max(10).optional().meta({ description: 'Cases dated on or after this day (YYYY-MM-DD).' }),
  to: z.string().max(10).optional().meta({ description: 'Cases dated on or before this day (YYYY-MM-DD).' }),
  sort: z.enum(CASE_SORTS).optional().meta({
    description:
      'Order by case date or last status change, `-` for the latest first; not with `search`. Default: newest created first, or `-case_date` with `from`/`to`, or `status_changed` with `min_days_in_status`.',
  }),
  min_days_in_status: z.coerce.number().int().min(0).max(36500).optional().meta({
    description: 'Only cases at least this many whole days (America/New_York) in their status.',
  }),
});

/** GET /case/filter. */
export const CaseFilterQuerySchema = PageQuerySchema.extend({
  user_id: id("The owner (default the caller); another user's id needs back office."),
  filter: statusText('The status'),
});

/** GET /case/stats. */
export const CaseStatsQuerySchema = z.object({
  range: CaseStatsRangeSchema.optional().meta({
    description: 'Cases created in the last 7, 30, 90 days, 1 year, or all (default).',
  }),
  user_id: id("One owner's counts; the caller's own for a provider."),
});

/** GET /case/notes: one page of a case's notes, newest first. */
export const CaseNotesQuerySchema = PageQuerySchema.extend({
  case_id: z.string().min(1).max(TEXT_LIMITS.id).meta({ description: 'The case.' }),
});

/** DELETE /case. */
export const CaseIdQuerySchema = z.object({ case_id: z.string().min(1).max(TEXT_LIMITS.id) });

/** GET /user, DELETE /user. */
export const UserIdQuerySchema = z.object({ user_id: id('Another user (default the caller).') });

/** GET /user/list, GET /lists/insurance, GET /lists/doctor_types. */
export const SearchPageQuerySchema = PageQuerySchema.extend({
  search: z.string().max(TEXT_LIMITS.text).optional().meta({ description: 'Prefix of the name, ignoring case.' }),
});

/** GET /audit. */
export const AuditQuerySchema = PageQuerySchema.extend({
  user_id: id('Entries of one caller.'),
  case_id: id('Entries that touched one case.'),
  action: z.string().max(TEXT_LIMITS.id).optional().meta({ description: 'A route key, e.g. `GET /case`.' }),
  from: z.string().max(40).optional().meta({ description: 'ISO date (whole UTC day) or date-time.' }),
  to: z.string().max(40).optional().meta({ description: 'ISO date (whole UTC day) or date-time; default now.' }),
});

/** GET /surgeon, GET /facility. */
export const OwnedListQuerySchema = PageQuerySchema.extend({
  user_id: id("The owner (default the caller); another user's needs back office."),
});

/** GET /surgeon/search. */
export const SurgeonSearchQuerySchema = z.object({
  first_name: z.string().max(TEXT_LIMITS.name).optional(),
  last_name: z.string().max(TEXT_LIMITS.name).optional(),
});

/**
 * GET /facility/search: the start of the organisation's name (the registry matches only the start,
 * a trailing wildcard), narrowed by the registry's own `city`, `state` and `postal_code` (`zip`).
 */
export const FacilitySearchQuerySchema = z.object({
  facility_name: z.string().max(TEXT_LIMITS.name).optional(),
  city: z
    .string()
    .trim()
    .max(TEXT_LIMITS.text, `city must be at most ${TEXT_LIMITS.text} characters`)
    .optional()
    .meta({ description: 'Exact city (any case).' }),
  state: z
    .string()
    .trim()
    .transform((v) => v.toUpperCase())
    .refine((v) => v === '' || isUsStateCode(v), 'state must be a 2-letter US state code')
    .optional(),
  zip: z
    .string()
    .trim()
    .regex(/^(\d{5})?$/, 'zip must be 5 digits')
    .optional(),
});

/** DELETE /surgeon. */
export const SurgeonIdQuerySchema = z.object({ surgeon_id: z.string().min(1).max(TEXT_LIMITS.id) });
/** DELETE /facility. */
export const FacilityIdQuerySchema = z.object({ facility_id: z.string().min(1).max(TEXT_LIMITS.id) });

/** GET /cpt_codes. */
export const CptCodesQuerySchema = CptQuerySchema;

/** GET /check_npi. */
export const NpiQuerySchema = z.object({ npi: z.string().regex(/^\d{10}$/) });

/** GET /document, DELETE /document. */
export const DocumentKeyQuerySchema = z.object({ key: z.string().min(1).max(TEXT_LIMITS.path) });
/** GET /document. */
export const DocumentLinkQuerySchema = DocumentKeyQuerySchema.extend({
  disposition: z.enum(['inline', 'attachment']).optional().meta({ description: 'Default inline.' }),
});

/** DELETE /lists/insurance. */
export const InsuranceIdQuerySchema = z.object({ insurance_id: z.string().min(1).max(TEXT_LIMITS.id) });
/** GET /lists/import. */
export const ImportJobQuerySchema = z.object({ job_id: z.string().min(1).max(100) });
