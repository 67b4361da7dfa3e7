/**
 * Case schemas (spec provider-side sections 3, 5 and 7).
 *
 * - `CaseFormSchema`: the Add/Edit Case form with the spec's messages.
 * - `CreateCaseBodySchema` / `UpdateCaseBodySchema` / `CaseStatusBodySchema`: the API bodies of
 *   POST, PATCH and PUT /case; the Lambda validates with them, built from the same field rules.
 * - `Case`: the returned case shape (pay_amount in dollars; stored as integer cents).
 */
import { z } from 'zod';
import { MAX_PROCEDURE_CODES } from '../constants';
import { isCaseStatus } from '../statuses';

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
  invalidPayAmount: 'pay_amount must be a non-negative amount in dollars',
} as const;

const M = CASE_MESSAGES;
const requiredText = (required: string) => z.string({ error: required }).trim().min(1, { error: required, abort: true });

/** ISO calendar date YYYY-MM-DD that exists. */
export const CaseDateSchema = requiredText(M.caseDateRequired).refine((s) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
}, M.invalidDate);

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

const patientFirst = requiredText(M.patientFirstRequired).min(2, M.patientFirstMin);
const patientLast = requiredText(M.patientLastRequired).min(2, M.patientLastMin);
const insProvider = requiredText(M.insuranceRequired);
const surgeonId = requiredText(M.surgeonRequired);
const facilityId = requiredText(M.facilityRequired);

/** Add/Edit Case form. Procedure rows are objects for useFieldArray; at least one row always remains. */
export const CaseFormSchema = z.object({
  case_date: CaseDateSchema,
  patient_first: patientFirst,
  patient_last: patientLast,
  insurance_provider: insProvider,
  primary_surgeon: surgeonId,
  facility: facilityId,
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
      .map((v) => (typeof v === 'string' ? v : v && typeof v === 'object' && 'procedure_code' in v ? String((v as { procedure_code: unknown }).procedure_code) : ''))
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

const fileRef = z.union([z.string().trim().max(1024), z.null()]).optional();

/** POST /case body (spec provider-side section 7). `patient` nested; flat names tolerated. */
export const CreateCaseBodySchema = z.object({
  user_id: z.string().optional(),
  case_id: z.string().trim().optional(),
  case_date: CaseDateSchema,
  surgeon_id: surgeonId,
  facility_id: facilityId,
  patient: z.object({ first: patientFirst, last: patientLast, ins_provider: insProvider }),
  procedure_codes: z.preprocess((v) => (v === undefined ? [] : parseProcedureCodes(v)), ProcedureCodesSchema),
  file_keys: z.union([z.string(), z.record(z.string(), z.unknown()), z.null()]).optional(),
  demo_file: fileRef,
  note_file: fileRef,
  misc_file: fileRef,
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
  case_id: z.string({ error: M.caseIdRequired }).trim().min(1, M.caseIdRequired),
  user_id: z.string().optional(),
  case_date: CaseDateSchema.optional(),
  surgeon_id: surgeonId.optional(),
  facility_id: facilityId.optional(),
  patient_first: patientFirst.optional(),
  patient_last: patientLast.optional(),
  ins_provider: insProvider.optional(),
  procedure_codes: z.preprocess((v) => (v === undefined ? undefined : parseProcedureCodes(v)), ProcedureCodesSchema.optional()),
  demo_file: fileRef,
  note_file: fileRef,
  misc_file: fileRef,
  file_keys: z.union([z.string(), z.null()]).optional(),
  pay_amount: z.coerce.number({ error: M.invalidPayAmount }).min(0, M.invalidPayAmount).optional(),
});
export type UpdateCaseBody = z.infer<typeof UpdateCaseBodySchema>;

/** PUT /case body: change status (needs user_type 10 or more). */
export const CaseStatusBodySchema = z.object({
  case_id: z.string({ error: M.caseIdRequired }).trim().min(1, M.caseIdRequired),
  case_status: z.coerce.number({ error: M.invalidStatus }).refine(isCaseStatus, M.invalidStatus),
});

/** A case as the API returns it. */
export interface Case {
  case_id: string;
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
}
