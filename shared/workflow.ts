/**
 * The case workflow rule (spec provider-side section 4 and back-office-and-shell
 * FAQ: "statuses update automatically from the case workflow once the needed information is entered").
 *
 * A case is complete when it has a case date, patient first and last name, insurance provider,
 * surgeon, facility, at least one procedure code, a demographic sheet and an operative note.
 * - A complete case at Incomplete (0) moves to Submitted (10) on the write that completes it.
 * - A Submitted (10) case that loses a required field or document goes back to Incomplete (0).
 * - Every other status (20 and above) is left alone: those are set by the back office.
 *
 * This is the one place the rule lives; every write path of a case (create, update, document
 * attach and detach) applies {@link autoStatus}. Pure functions, no I/O.
 */
import * as z from 'zod';

/** What the rule reads of a case (stored item or API shape: flat names, file references as text). */
export interface CompletenessInput {
  case_date?: string | null;
  patient_first?: string | null;
  patient_last?: string | null;
  ins_provider?: string | null;
  surgeon_id?: string | null;
  facility_id?: string | null;
  /** Codes as strings or `{ procedure_code }` objects. */
  procedure_codes?: readonly (string | { procedure_code: string })[] | null;
  /** Storage key of the demographic sheet; '' or absent = missing. */
  demo_file?: string | null;
  /** Storage key of the operative note; '' or absent = missing. */
  note_file?: string | null;
}

/** The required parts, in the order the UI lists what is missing. */
export const COMPLETENESS_REQUIREMENTS = [
  { field: 'case_date', label: 'Case date' },
  { field: 'patient_first', label: 'Patient first name' },
  { field: 'patient_last', label: 'Patient last name' },
  { field: 'ins_provider', label: 'Insurance provider' },
  { field: 'surgeon_id', label: 'Surgeon' },
  { field: 'facility_id', label: 'Facility' },
  { field: 'procedure_codes', label: 'At least one procedure code' },
  { field: 'demo_file', label: 'Demographic sheet' },
  { field: 'note_file', label: 'Operative note' },
] as const satisfies readonly { field: keyof CompletenessInput; label: string }[];

export type CompletenessField = (typeof COMPLETENESS_REQUIREMENTS)[number]['field'];

const filled = (v: unknown): boolean => typeof v === 'string' && v.trim() !== '';

/** The required parts the case lacks (empty list: complete), in {@link COMPLETENESS_REQUIREMENTS} order. */
export function missingForSubmission(c: CompletenessInput): CompletenessField[] {
  return COMPLETENESS_REQUIREMENTS.filter(({ field }) => {
    if (field === 'procedure_codes') {
      const codes = c.procedure_codes ?? [];
      return !codes.some((code) => filled(typeof code === 'string' ? code : code?.procedure_code));
    }
    return !filled(c[field]);
  }).map((r) => r.field);
}

/** true when nothing required is missing. */
export function isCaseComplete(c: CompletenessInput): boolean {
  return missingForSubmission(c).length === 0;
}

/** Incomplete and Submitted: the only statuses the workflow rule moves between. */
export const INCOMPLETE_STATUS = 0;
export const SUBMITTED_STATUS = 10;

/**
 * The status a case should have after a write, given its status before the write and its content
 * after it: 0 -> 10 when complete, 10 -> 0 when no longer complete, anything else unchanged.
 */
export function autoStatus(currentStatus: number, after: CompletenessInput): number {
  if (currentStatus === INCOMPLETE_STATUS && isCaseComplete(after)) return SUBMITTED_STATUS;
  if (currentStatus === SUBMITTED_STATUS && !isCaseComplete(after)) return INCOMPLETE_STATUS;
  return currentStatus;
}

/**
 * One entry of a case's status history (`status_history` on the stored case and in GET /case).
 * `from` is null for the status a case was created with.
 */
export interface StatusHistoryEntry {
  from: number | null;
  to: number;
  /** User id (Cognito `sub`) of the caller whose write caused the change. */
  by: string;
  /** ISO 8601 time of the change. */
  at: string;
  /** `auto`: the workflow rule above; `manual`: the caller set the status (back office). */
  why: 'auto' | 'manual';
  /**
   * Why a back-office user made a manual change: required (non-blank) when the
   * change moves the case to a lower status code, optional otherwise; absent when none was given.
   */
  reason?: string;
  /**
   * "First Last" of the user `by` names, added by GET /case?case_id= and the PUT/PATCH answers
   * (never stored); absent when the user has no profile (or `by` is `system`).
   */
  by_name?: string;
}

/**
 * {@link StatusHistoryEntry} as a zod schema, for clients that parse `status_history` of GET /case
 * (the server writes it in `lambdas/data/case/repository.ts`, oldest entry first).
 */
export const StatusHistoryEntrySchema = z.object({
  from: z.number().nullable(),
  to: z.number(),
  by: z.string(),
  at: z.string(),
  why: z.enum(['auto', 'manual']),
  reason: z.string().optional(),
  by_name: z.string().optional(),
}) satisfies z.ZodType<StatusHistoryEntry>;
