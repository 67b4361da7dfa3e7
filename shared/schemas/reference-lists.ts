/**
 * Back-office reference lists (spec back-office-and-shell section 2 "List
 * Management"): the calls of `lambdas/lists/handler.ts`, their request and response shapes, and the
 * screen's words. Parsed by the SPA (web/src/back-office/lists) and by the Lambda.
 *
 * Calls (paths relative to the API base; token required on all):
 * - `GET /lists/insurance?search=&limit=&cursor=` (every signed-in user: the case form's insurance
 *   suggestions read it) -> {@link InsuranceListPage} `{ success, insurance_types, next_cursor?, total }`,
 *   in name order; `search` = case-insensitive prefix of the name.
 * - `POST /lists/insurance { name }` (user_type >= 100) -> 201 `{ success, message, insurance_type }`;
 *   `PATCH /lists/insurance { insurance_id, name }` -> `{ success, message, insurance_type }`;
 *   `DELETE /lists/insurance?insurance_id=` -> `{ success, message }`. A name already in the list
 *   (ignoring case and accents) is a 409 {@link LIST_MESSAGES.insuranceExists}; an unknown id 404.
 * - `GET /lists/doctor_types?search=&limit=&cursor=` (user_type >= 100) -> {@link DoctorTypeListPage}
 *   `{ success, doctor_types, next_cursor?, total }` in code order; `search` = prefix of the code or of
 *   a word of grouping, classification or specialization (every word of the search must match).
 * - `POST /lists/import { kind: 'cpt' | 'nucc', file_name, size }` (user_type >= 100) -> 201
 *   {@link ImportTicket} `{ success, job, key, upload: { method: 'PUT', url, headers }, expires_in }`:
 *   PUT the file's bytes to `upload.url` with exactly `upload.headers`, then
 * - `POST /lists/import/start { job_id }` -> 202 `{ success, job }` (the import runs server-side,
 *   asynchronously); 400 when the file was not uploaded or the job already started, 409 while another
 *   import of the same list runs;
 * - `GET /lists/import?job_id=` -> `{ success, job }` ({@link ImportJob}): poll until `status` is
 *   `done` or `failed`.
 */
import * as z from 'zod';
import { InsuranceTypeSchema } from './insurance-list';

/** Rows of the CPT table per page (spec section 9: CPT page size 10). */
export const LIST_PAGE_SIZE = 10;
/** Longest payer name (characters). */
export const INSURANCE_NAME_MAX = 100;
/** Largest file accepted for an import (bytes): the 2025 PFS file is 2.5 MB, the NUCC file 0.5 MB. */
export const MAX_IMPORT_BYTES = 50 * 1024 * 1024;
/** How often the screen polls an import job (ms). */
export const IMPORT_POLL_MS = 1000;

export const LIST_MESSAGES = {
  screenNote: 'List management is available to Global Admin and Super User.',
  noCptMatching: (term: string) => `No CPT codes found matching ${term}`,
  cptLoadFailed: 'Failed to load CPT codes',
  insuranceLoadFailed: 'Failed to load insurance types',
  doctorTypesLoadFailed: 'Failed to load doctor types',
  noInsurance: 'No insurance types yet',
  noInsuranceMatching: (term: string) => `No insurance types found matching ${term}`,
  noDoctorTypes: 'No doctor types yet. Import the NUCC taxonomy file to fill this list.',
  noDoctorTypesMatching: (term: string) => `No doctor types found matching ${term}`,
  insuranceExists: 'An insurance type with this name already exists',
  insuranceNotFound: 'Insurance type not found',
  insuranceNameRequired: 'Insurance name is required',
  removeInsuranceConfirm: (name: string) =>
    `Remove "${name}" from the insurance types? Cases that already name it keep it.`,
  jobNotFound: 'Import job not found',
  fileNotUploaded: 'The file has not been uploaded yet. Upload it, then start the import.',
  jobAlreadyStarted: 'This import has already started',
  importRunning: 'Another import of this list is running. Wait for it to finish, then try again.',
  fileTooLarge: `The file is too large (at most ${MAX_IMPORT_BYTES / 1024 / 1024} MB)`,
  notCsv: 'Choose a CSV file (.csv)',
  listAccessDenied: 'Access denied: List management requires user_type >= 100',
} as const;

/* ------------------------------ insurance types ------------------------------ */

// The answer of GET /lists/insurance lives in its own module: the case form reads it, and should
// not load this module's list-management words and import schemas with it.
export {
  InsuranceListPageSchema,
  InsuranceTypeSchema,
  type InsuranceListPage,
  type InsuranceType,
} from './insurance-list';

const insuranceName = z
  .string({ error: LIST_MESSAGES.insuranceNameRequired })
  .trim()
  .min(1, LIST_MESSAGES.insuranceNameRequired)
  .max(INSURANCE_NAME_MAX, `Insurance name must be at most ${INSURANCE_NAME_MAX} characters`);

/** POST /lists/insurance body. */
export const InsuranceCreateSchema = z.object({ name: insuranceName });
/** PATCH /lists/insurance body. */
export const InsuranceRenameSchema = z.object({
  insurance_id: z.string({ error: 'insurance_id is required' }).trim().min(1, 'insurance_id is required').max(200),
  name: insuranceName,
});
export const InsuranceSavedSchema = z.object({ insurance_type: InsuranceTypeSchema });

/* ------------------------------- doctor types ------------------------------- */

/** One NUCC Health Care Provider Taxonomy code (nucc.org). */
export const DoctorTypeSchema = z.object({
  code: z.string(),
  grouping: z.string(),
  classification: z.string(),
  specialization: z.string(),
  display_name: z.string().optional(),
});
export type DoctorType = z.infer<typeof DoctorTypeSchema>;

export const DoctorTypeListPageSchema = z.object({
  doctor_types: z.array(DoctorTypeSchema),
  next_cursor: z.string().optional(),
  total: z.number().int().min(0),
});
export type DoctorTypeListPage = z.infer<typeof DoctorTypeListPageSchema>;

/* --------------------------------- imports --------------------------------- */

export const IMPORT_KINDS = ['cpt', 'nucc'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

/** POST /lists/import body. */
export const ImportRequestSchema = z.object({
  kind: z.enum(IMPORT_KINDS, { error: "kind must be 'cpt' or 'nucc'" }),
  file_name: z
    .string({ error: 'file_name is required' })
    .trim()
    .min(1, 'file_name is required')
    .max(200, 'file_name must be at most 200 characters')
    .refine((n) => n.toLowerCase().endsWith('.csv'), LIST_MESSAGES.notCsv),
  size: z
    .number({ error: 'size must be a number of bytes' })
    .int('size must be a whole number of bytes')
    .min(1, 'The file is empty')
    .max(MAX_IMPORT_BYTES, LIST_MESSAGES.fileTooLarge),
});
export type ImportRequest = z.infer<typeof ImportRequestSchema>;

/** POST /lists/import/start body. */
export const ImportStartSchema = z.object({
  job_id: z.string({ error: 'job_id is required' }).trim().min(1, 'job_id is required').max(100),
});

export const IMPORT_STATUSES = ['awaiting_upload', 'queued', 'running', 'done', 'failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/**
 * An import job (the progress the List Management tab polls). Counts are whole numbers:
 * `rows_read` data rows of the file, `codes_total` codes kept from them, `codes_written` code items
 * written so far (new or changed codes only: a re-import of the same file writes none), `error` the
 * importer's own message when `failed` (nothing was written for a refused file).
 */
export const ImportJobSchema = z.object({
  job_id: z.string(),
  kind: z.enum(IMPORT_KINDS),
  status: z.enum(IMPORT_STATUSES),
  /** Within `running`: 'parsing' (reading the file) or 'writing'. */
  phase: z.enum(['parsing', 'writing']).optional(),
  file_name: z.string(),
  size: z.number(),
  rows_read: z.number().int().min(0),
  codes_total: z.number().int().min(0),
  /** Codes that need writing (new or changed), known once parsing is done. */
  codes_to_write: z.number().int().min(0).optional(),
  codes_written: z.number().int().min(0),
  /** Search-index items written so far / to write (written before the codes). */
  index_written: z.number().int().min(0).optional(),
  index_total: z.number().int().min(0).optional(),
  inserted: z.number().int().min(0).optional(),
  updated: z.number().int().min(0).optional(),
  unchanged: z.number().int().min(0).optional(),
  /** Codes in the list after the import. */
  total_codes: z.number().int().min(0).optional(),
  error: z.string().optional(),
  created_at: z.string(),
  updated_at: z.string(),
  finished_at: z.string().optional(),
});
export type ImportJob = z.infer<typeof ImportJobSchema>;

export const ImportJobResponseSchema = z.object({ job: ImportJobSchema });

export const ImportTicketSchema = z.object({
  job: ImportJobSchema,
  key: z.string(),
  upload: z.object({
    method: z.literal('PUT'),
    url: z.string(),
    headers: z.record(z.string(), z.string()),
  }),
  /** Seconds the upload URL is valid. */
  expires_in: z.number(),
});
export type ImportTicket = z.infer<typeof ImportTicketSchema>;

/** true once a job will not change any more. */
export function isImportFinished(job: Pick<ImportJob, 'status'>): boolean {
  return job.status === 'done' || job.status === 'failed';
}
