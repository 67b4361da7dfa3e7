/**
 * Case schemas (spec provider-side sections 3, 5 and 7).
 *
 * - `CaseFormSchema`: the Add/Edit Case form with the spec's messages.
 * - `CreateCaseBodySchema` / `UpdateCaseBodySchema` / `CaseStatusBodySchema`: the API bodies of
 *   POST, PATCH and PUT /case; the Lambda validates with them, built from the same field rules.
 * - `Case`: the returned case shape (pay_amount in dollars; stored as integer cents).
 */
import * as z from 'zod';
import { MAX_PAY_AMOUNT_DOLLARS, MAX_PROCEDURE_CODES, TEXT_LIMITS, tooLongMessage } from '../constants';
import { isCaseStatus } from '../statuses';
import type { StatusHistoryEntry } from '../workflow';

export const CASE_MESSAGES = {
  caseDateRequired: 'Case date is required',
  patientFirstRequired: 'Patient first name is required',
  patientFirstMin: 'First name must be at least 2 characters',
  patientLastRequired: 'Patient last name is required',
  patientLastMin: 'Last name must be at least 2 characters',
  insuranceRequired: 'Insurance provider is required',
  surgeonRequired: 'Primary surgeon is required',
  facilityRequired: 'Facility is required',
  maxCodes: `Maximum ${MAX_PROCEDURE_CODES} procedure codes allowed`,
  caseIdRequired: 'case_id is required for case updates',
  invalidDate: 'Case date must be a valid date (YYYY-MM-DD)',
  invalidCode: 'Procedure codes must be 5-character CPT or HCPCS codes',
  invalidStatus: 'case_status must be one of 0, 10, 20, 30, 40, 50, 60, 70, 80, 90',
  invalidPayAmount: `pay_amount must be an amount in dollars from 0 to ${MAX_PAY_AMOUNT_DOLLARS} with at most 2 decimals`,
  invalidFileKeys: 'file_keys must be a JSON object (demographic_sheet, op_note, misc_documents)',
  dateTooEarly: 'Case date must be on or after 1900-01-01',
  dateTooLate: 'Case date must be no more than one year ahead',
  /** PATCH /case: a file field names a key the server did not issue for it. */
  fileNotStored: (field: string) =>
    `${field} can only keep or clear the document already attached; upload documents through POST /document`,
  /** PUT/PATCH /case: a manual move to a lower status code needs a reason. */
  reasonRequired: 'A reason is required to move a case back to an earlier status',
  invalidDob: 'Date of birth must be a valid date (YYYY-MM-DD)',
  dobTooEarly: 'Date of birth must be on or after 1900-01-01',
  dobNotPast: 'Date of birth must be in the past',
  /** The case form: another case of the same patient on the same date (shared/case-duplicates.ts). */
  duplicateWarning: (numbers: string) => `This patient already has a case on this date (${numbers}). Save anyway?`,
  /** POST /case: documents are attached after creation. */
  fileOnCreate: (field: string) =>
    `${field} must be empty when a case is created; upload documents through POST /document afterwards`,
} as const;

const M = CASE_MESSAGES;
/** Required text: the spec's "required" message when missing or empty, then a length limit. */
const requiredText = (required: string, field: string, max: number) =>
  z.string({ error: required }).trim().min(1, { error: required, abort: true }).max(max, tooLongMessage(field, max));

/** The text fields of a case besides its id (owner, date, surgeon, facility, patient, insurance). */
export const CASE_TEXT_FIELDS = [
  'user_id',
  'case_date',
  'surgeon_id',
  'facility_id',
  'patient_first',
  'patient_last',
  'ins_provider',
] as const;

/** A case's {@link CASE_TEXT_FIELDS}, as stored and as the SPA shows them (`case_date` YYYY-MM-DD). */
export type CaseTextFields = Record<(typeof CASE_TEXT_FIELDS)[number], string>;

/** Orders of a case list (GET /case `sort`): case date or last status change, `-` for the latest first. */
export const CASE_SORTS = ['case_date', '-case_date', 'status_changed', '-status_changed'] as const;
export type CaseSort = (typeof CASE_SORTS)[number];

/** Earliest case date accepted. */
export const MIN_CASE_DATE = '1900-01-01';

/**
 * The latest case date accepted on `now`: the same calendar day one year ahead, in UTC
 * (29 February maps to 1 March). YYYY-MM-DD (spec provider-side).
 */
export function maxCaseDate(now: Date = new Date()): string {
  const d = new Date(Date.UTC(now.getUTCFullYear() + 1, now.getUTCMonth(), now.getUTCDate()));
  return d.toISOString().slice(0, 10);
}

/**
 * ISO calendar date YYYY-MM-DD that exists, from {@link MIN_CASE_DATE} to {@link maxCaseDate}
 * (today in UTC plus one year); out of range: 'Case date must be on or after 1900-01-01' /
 * 'Case date must be no more than one year ahead'.
 */
export const CaseDateSchema = requiredText(M.caseDateRequired, 'Case date', 40)
  .refine(isCalendarDate, { error: M.invalidDate, abort: true })
  .refine((s) => s >= MIN_CASE_DATE, { error: M.dateTooEarly, abort: true })
  .refine((s) => s <= maxCaseDate(), M.dateTooLate);

/** True for YYYY-MM-DD text naming a day that exists. */
export function isCalendarDate(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
}

/** Longest member ID and claim number (characters). */
export const MAX_CLAIM_REFERENCE_LENGTH = 40;

/**
 * `patient_dob`: '' (none) or a YYYY-MM-DD day from {@link MIN_CASE_DATE} to yesterday in UTC
 * (a past date). PHI: never logged.
 */
export const PatientDobSchema = z
  .string({ error: M.invalidDob })
  .trim()
  .refine((s) => s === '' || isCalendarDate(s), { error: M.invalidDob, abort: true })
  .refine((s) => s === '' || s >= MIN_CASE_DATE, { error: M.dobTooEarly, abort: true })
  .refine((s) => s === '' || s < new Date().toISOString().slice(0, 10), M.dobNotPast);

/** `member_id` / `claim_number`: trimmed text of at most {@link MAX_CLAIM_REFERENCE_LENGTH} characters ('' = none). */
const claimReference = (field: string) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .max(MAX_CLAIM_REFERENCE_LENGTH, tooLongMessage(field, MAX_CLAIM_REFERENCE_LENGTH));
export const MemberIdSchema = claimReference('Member ID');
export const ClaimNumberSchema = claimReference('Claim number');

/** The optional patient fields of a POST or PATCH body: text, or null / '' for none. */
const patientClaimBody = {
  patient_dob: z.union([PatientDobSchema, z.null()]).optional(),
  member_id: z.union([MemberIdSchema, z.null()]).optional(),
  claim_number: z.union([ClaimNumberSchema, z.null()]).optional(),
};

/** CPT (5 digits, or 4 digits + F/T/U) and HCPCS Level II (letter + 4 digits), upper-cased. */
export const ProcedureCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^(\d{5}|\d{4}[FTU]|[A-Z]\d{4})$/, M.invalidCode);

/** Drop empty codes (spec: empty codes are dropped on save), then check count and shape. */
export const ProcedureCodesSchema = z
  .array(z.string())
  .transform((codes) => codes.map((c) => c.trim()).filter((c) => c !== ''))
  .pipe(z.array(ProcedureCodeSchema).max(MAX_PROCEDURE_CODES, M.maxCodes));

const patientFirst = requiredText(M.patientFirstRequired, 'Patient first name', TEXT_LIMITS.name).min(
  2,
  M.patientFirstMin,
);
const patientLast = requiredText(M.patientLastRequired, 'Patient last name', TEXT_LIMITS.name).min(2, M.patientLastMin);
const insProvider = requiredText(M.insuranceRequired, 'Insurance provider', TEXT_LIMITS.text);
const surgeonId = requiredText(M.surgeonRequired, 'surgeon_id', TEXT_LIMITS.id);
const facilityId = requiredText(M.facilityRequired, 'facility_id', TEXT_LIMITS.id);
const caseId = z
  .string({ error: M.caseIdRequired })
  .trim()
  .min(1, M.caseIdRequired)
  .max(TEXT_LIMITS.id, tooLongMessage('case_id', TEXT_LIMITS.id));

/**
 * Procedure codes as a request may send them (array, JSON-array text or comma-separated text),
 * as a list of strings; any other type is left as it is so that the array schema refuses it.
 */
function procedureCodesInput(value: unknown): unknown {
  return Array.isArray(value) || typeof value === 'string' ? parseProcedureCodes(value) : value;
}
const procedureCodesBody = z
  .preprocess(procedureCodesInput, z.array(z.string(), { error: M.invalidCode }))
  .pipe(ProcedureCodesSchema);

/** True for text that parses as a JSON object (an empty text counts: it clears the map). */
function isJsonObjectText(text: string): boolean {
  if (text.trim() === '') return true;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}
/** file_keys as JSON text (PATCH) and, on POST, also as an object; at most TEXT_LIMITS.fileKeys characters. */
const fileKeysText = z
  .string({ error: M.invalidFileKeys })
  .max(TEXT_LIMITS.fileKeys, tooLongMessage('file_keys', TEXT_LIMITS.fileKeys))
  .refine(isJsonObjectText, M.invalidFileKeys);
const fileKeysObject = z
  .record(z.string(), z.unknown(), { error: M.invalidFileKeys })
  .refine((o) => JSON.stringify(o).length <= TEXT_LIMITS.fileKeys, tooLongMessage('file_keys', TEXT_LIMITS.fileKeys));

/**
 * pay_amount in dollars: a number or decimal text, 0 to MAX_PAY_AMOUNT_DOLLARS, at most 2 decimals
 * (stored as integer cents); null removes the amount. No coercion of booleans or empty text.
 */
const payAmount = z
  .union(
    [
      z.number(),
      z
        .string()
        .trim()
        .regex(/^\d+(\.\d+)?$/)
        .transform(Number),
      z.null(),
    ],
    { error: M.invalidPayAmount },
  )
  .refine(
    (n) =>
      n === null ||
      (Number.isFinite(n) && n >= 0 && n <= MAX_PAY_AMOUNT_DOLLARS && Math.abs(n * 100 - Math.round(n * 100)) < 1e-6),
    M.invalidPayAmount,
  );

/** case_status: a number or digit text that is one of the spec's status codes (no coercion of null, '' or booleans). */
const caseStatus = z
  .union([z.number(), z.string().trim().regex(/^\d+$/).transform(Number)], { error: M.invalidStatus })
  .refine(isCaseStatus, M.invalidStatus);

/** Longest reason kept with a status change (characters). */
export const MAX_STATUS_REASON_LENGTH = 500;

/**
 * `reason` of a status change (PUT /case, or PATCH /case with case_status): trimmed text of at most
 * {@link MAX_STATUS_REASON_LENGTH} characters; null or absent = none. Whether one is required (a
 * move to a lower status code) is decided against the stored status, in lambdas/data/case/repository.ts.
 */
export const StatusReasonSchema = z
  .union(
    [z.string().trim().max(MAX_STATUS_REASON_LENGTH, tooLongMessage('reason', MAX_STATUS_REASON_LENGTH)), z.null()],
    {
      error: 'reason must be text',
    },
  )
  .optional()
  .transform((r) => (r ? r : undefined));

/** Add/Edit Case form. Procedure rows are objects for useFieldArray; at least one row always remains. */
export const CaseFormSchema = z.object({
  case_date: CaseDateSchema,
  patient_first: patientFirst,
  patient_last: patientLast,
  insurance_provider: insProvider,
  primary_surgeon: surgeonId,
  facility: facilityId,
  patient_dob: PatientDobSchema.default(''),
  member_id: MemberIdSchema.default(''),
  claim_number: ClaimNumberSchema.default(''),
  procedure_codes: z
    .array(z.object({ code: z.string() }))
    .min(1)
    .transform((rows) => rows.map((r) => r.code.trim()).filter((c) => c !== ''))
    .pipe(z.array(ProcedureCodeSchema).max(MAX_PROCEDURE_CODES, M.maxCodes)),
});
export type CaseFormInput = z.input<typeof CaseFormSchema>;
export type CaseFormOutput = z.output<typeof CaseFormSchema>;

/** Parse procedure codes as the server may send them: strings, objects, a JSON-array string or comma-separated text. */
export function parseProcedureCodes(value: unknown): string[] {
  if (Array.isArray(value)) {
    return value
      .map((v) =>
        typeof v === 'string'
          ? v
          : v && typeof v === 'object' && 'procedure_code' in v
            ? String((v as { procedure_code: unknown }).procedure_code)
            : '',
      )
      .map((s) => s.trim())
      .filter(Boolean);
  }
  if (typeof value !== 'string' || value.trim() === '') return [];
  const text = value.trim();
  if (text.startsWith('[')) {
    try {
      return parseProcedureCodes(JSON.parse(text) as unknown);
    } catch {
      /* fall through */
    }
  }
  return text
    .split(',')
    .map((s) => s.replace(/["[\]]/g, '').trim())
    .filter(Boolean);
}

const fileRef = z
  .union([z.string().trim().max(TEXT_LIMITS.path, tooLongMessage('File reference', TEXT_LIMITS.path)), z.null()])
  .optional();

/** POST /case body (spec provider-side section 7). `patient` nested; flat names tolerated. */
export const CreateCaseBodySchema = z.object({
  user_id: z.string().max(TEXT_LIMITS.id).optional(),
  case_id: z.string().trim().max(TEXT_LIMITS.id, tooLongMessage('case_id', TEXT_LIMITS.id)).optional(),
  case_date: CaseDateSchema,
  surgeon_id: surgeonId,
  facility_id: facilityId,
  patient: z.object(
    { first: patientFirst, last: patientLast, ins_provider: insProvider },
    { error: M.patientFirstRequired },
  ),
  procedure_codes: procedureCodesBody.optional().transform((codes) => codes ?? []),
  file_keys: z.union([fileKeysText, fileKeysObject, z.null()], { error: M.invalidFileKeys }).optional(),
  demo_file: fileRef,
  note_file: fileRef,
  misc_file: fileRef,
  ...patientClaimBody,
});
export type CreateCaseBody = z.infer<typeof CreateCaseBodySchema>;

/** Lift flat patient_first/patient_last/ins_provider into `patient` when `patient` is absent. */
export function liftPatient(raw: Record<string, unknown>): Record<string, unknown> {
  if (raw.patient !== undefined) return raw;
  if (raw.patient_first === undefined && raw.patient_last === undefined && raw.ins_provider === undefined) return raw;
  return { ...raw, patient: { first: raw.patient_first, last: raw.patient_last, ins_provider: raw.ins_provider } };
}

/**
 * PATCH /case body: case_id required; other fields optional (the client sends only non-empty text);
 * file fields may be cleared with empty text or null; pay_amount (dollars) only for back office.
 */
export const UpdateCaseBodySchema = z.object({
  case_id: caseId,
  user_id: z.string().max(TEXT_LIMITS.id).optional(),
  case_date: CaseDateSchema.optional(),
  surgeon_id: surgeonId.optional(),
  facility_id: facilityId.optional(),
  patient_first: patientFirst.optional(),
  patient_last: patientLast.optional(),
  ins_provider: insProvider.optional(),
  procedure_codes: procedureCodesBody.optional(),
  demo_file: fileRef,
  note_file: fileRef,
  misc_file: fileRef,
  file_keys: z.union([fileKeysText, z.null()], { error: M.invalidFileKeys }).optional(),
  pay_amount: payAmount.optional(),
  ...patientClaimBody,
  /** With case_status (back office): why; required for a move to a lower status code. */
  reason: StatusReasonSchema,
});
export type UpdateCaseBody = z.infer<typeof UpdateCaseBodySchema>;

const VERSION_MESSAGE = 'version must be a whole number';
/**
 * The PATCH /case body as the handler reads it: {@link UpdateCaseBodySchema} plus the optional
 * `version` of the optimistic lock (a number or digit text, 1 or more; no coercion of booleans or
 * empty text).
 */
export const CasePatchBodySchema = UpdateCaseBodySchema.extend({
  version: z
    .union([z.number(), z.string().trim().regex(/^\d+$/).transform(Number)], { error: VERSION_MESSAGE })
    .pipe(z.number().int(VERSION_MESSAGE).min(1, VERSION_MESSAGE))
    .optional(),
});

/**
 * PUT /case body `{ case_id, case_status, reason? }`: change status (needs user_type 10 or more).
 * A move to a lower status code needs a non-blank `reason` (400 `CASE_MESSAGES.reasonRequired`
 * otherwise, nothing written); the reason is kept in the history entry.
 */
export const CaseStatusBodySchema = z.object({
  case_id: caseId,
  case_status: caseStatus,
  reason: StatusReasonSchema,
});
export type CaseStatusBody = z.infer<typeof CaseStatusBodySchema>;

/** A case as the API returns it. */
export interface Case {
  case_id: string;
  /** "C-000123" (shared/case-number.ts); null only for a case the stage has not numbered yet. */
  case_number: string | null;
  user_id: string;
  case_date: string;
  surgeon_id: string;
  facility_id: string;
  patient: { first: string; last: string; ins_provider: string };
  patient_first: string;
  patient_last: string;
  ins_provider: string;
  /** With descriptions when the CPT list knows the code. */
  procedure_codes: { procedure_code: string; procedure_desc: string }[];
  case_status: number;
  demo_file: string;
  note_file: string;
  misc_file: string;
  file_keys: string;
  /** Dollars (stored as integer cents); absent when not set. */
  pay_amount?: number;
  created_date: string;
  createdAt: string;
  updatedAt: string;
  /** Optimistic-locking version. */
  version: number;
  /** Every status change, oldest first (shared/workflow.ts). */
  status_history?: StatusHistoryEntry[];
  /** ISO time of the last status change (the creation time until the first). */
  status_changed_at: string;
  /** Whole calendar days (America/New_York) since then, computed when answered. */
  days_in_status: number;
  /** YYYY-MM-DD, '' when not given. */
  patient_dob: string;
  /** '' when not given. */
  member_id: string;
  claim_number: string;
}
