/**
 * A case as the screens and the CSV exports read it, from whichever shape the server sent (spec
 * provider-side sections 3 and 7): nested `patient {first, last, ins_provider}` or flat fields;
 * procedure codes as strings, `{procedure_code, procedure_desc}` objects, a JSON-array string or
 * comma-separated text; `pay_amount` in dollars (number or numeric text). In shared/ because the
 * export job writes the same rows as the browser (shared/csv-columns.ts).
 */
import { parseFileKeys, type FileKeys } from './schemas/document';
import { parseProcedureCodes, type CaseTextFields } from './schemas/case';
import type { StatusHistoryEntry } from './workflow';

/** Client-side rule broken before any call (spec provider-side section 8 "Others"). */
export class CaseApiError extends Error {
  override name = 'CaseApiError';
}

/** One procedure code with its description ('' when the server sent none). */
export interface ProcedureCode {
  code: string;
  desc: string;
}

/** A case as the screens use it, whatever shape the server sent. */
export interface CaseView extends CaseTextFields {
  case_id: string;
  /** "C-000123" (shared/case-number.ts); '' while the case has none. */
  case_number: string;
  procedure_codes: ProcedureCode[];
  /** Status number; NaN-free (missing counts as 0). */
  case_status: number;
  demo_file: string;
  note_file: string;
  misc_file: string;
  /** The case's documents (`file_keys` JSON text parsed; empty when absent or unreadable). */
  file_keys: FileKeys;
  /** Status changes, oldest first ([] when the server sent none). */
  status_history: StatusHistoryEntry[];
  /** Dollars; undefined when absent. */
  pay_amount?: number;
  /** ISO timestamps ('' when absent). */
  created: string;
  updated: string;
  /** Optimistic-locking version the server gave (sent back on update; undefined when absent). */
  version?: number;
  /** ISO time of the last status change ('' when the server sent none). */
  status_changed_at: string;
  /** Whole days in the current status, as the server counted them (0 when absent). */
  days_in_status: number;
  /** The patient fields of a claim ('' when not given). */
  patient_dob: string;
  member_id: string;
  claim_number: string;
}

type Json = Record<string, unknown>;

/** A plain object (not null, not an array). */
export const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
/** A string as is, a number as text, anything else ''. */
export const text = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

/** Procedure codes with descriptions from any of the spec's shapes (section 3). */
export function normalizeProcedureCodes(value: unknown): ProcedureCode[] {
  let list = value;
  if (typeof list === 'string' && list.trim().startsWith('[')) {
    try {
      list = JSON.parse(list) as unknown;
    } catch {
      /* comma-separated fallback below */
    }
  }
  if (Array.isArray(list) && list.some(isObject)) {
    return list
      .map((item): ProcedureCode => {
        if (isObject(item))
          return {
            code: text(item.procedure_code ?? item.cpt_code ?? item.code).trim(),
            desc: text(item.procedure_desc ?? item.cpt_description ?? item.description).trim(),
          };
        return { code: text(item).trim(), desc: '' };
      })
      .filter((c) => c.code !== '');
  }
  return parseProcedureCodes(list).map((code) => ({ code, desc: '' }));
}

/** Dollars from a number or numeric text; undefined when absent or not a number. */
function dollars(value: unknown): number | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : undefined;
}

/**
 * The readable entries of a `status_history` list (`reason` and `by_name` kept when non-blank);
 * anything malformed is skipped.
 */
export function parseStatusHistory(value: unknown): StatusHistoryEntry[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((e): StatusHistoryEntry[] => {
    if (!isObject(e) || typeof e.to !== 'number') return [];
    return [
      {
        from: typeof e.from === 'number' ? e.from : null,
        to: e.to,
        by: text(e.by),
        at: text(e.at),
        why: e.why === 'manual' ? 'manual' : 'auto',
        ...(typeof e.reason === 'string' && e.reason.trim() !== '' ? { reason: e.reason } : {}),
        ...(typeof e.by_name === 'string' && e.by_name.trim() !== '' ? { by_name: e.by_name } : {}),
      },
    ];
  });
}

/** One server case -> {@link CaseView}. Throws `CaseApiError` 'Invalid case data: missing case_id'. */
export function normalizeCase(raw: unknown): CaseView {
  if (!isObject(raw) || !text(raw.case_id)) throw new CaseApiError('Invalid case data: missing case_id');
  const patient = isObject(raw.patient) ? raw.patient : {};
  const status = Number(raw.case_status ?? 0);
  return {
    case_id: text(raw.case_id),
    case_number: text(raw.case_number),
    user_id: text(raw.user_id),
    case_date: text(raw.case_date),
    surgeon_id: text(raw.surgeon_id),
    facility_id: text(raw.facility_id),
    patient_first: text(patient.first ?? raw.patient_first),
    patient_last: text(patient.last ?? raw.patient_last),
    ins_provider: text(patient.ins_provider ?? raw.ins_provider),
    procedure_codes: normalizeProcedureCodes(raw.procedure_codes),
    case_status: Number.isFinite(status) ? status : 0,
    demo_file: text(raw.demo_file),
    note_file: text(raw.note_file),
    misc_file: text(raw.misc_file),
    file_keys: parseFileKeys(raw.file_keys),
    status_history: parseStatusHistory(raw.status_history),
    pay_amount: dollars(raw.pay_amount),
    created: text(raw.created_date ?? raw.createdAt),
    updated: text(raw.updatedAt ?? raw.updated_date),
    version: typeof raw.version === 'number' && Number.isInteger(raw.version) ? raw.version : undefined,
    status_changed_at: text(raw.status_changed_at),
    days_in_status: typeof raw.days_in_status === 'number' && raw.days_in_status >= 0 ? raw.days_in_status : 0,
    patient_dob: text(raw.patient_dob),
    member_id: text(raw.member_id),
    claim_number: text(raw.claim_number),
  };
}

/** The case has a demographic sheet (flat field or `file_keys`). */
export const hasDemo = (c: Pick<CaseView, 'demo_file' | 'file_keys'>) =>
  (c.demo_file || c.file_keys.demographic_sheet).trim() !== '';
/** The case has an operative note (flat field or `file_keys`). */
export const hasNote = (c: Pick<CaseView, 'note_file' | 'file_keys'>) =>
  (c.note_file || c.file_keys.op_note).trim() !== '';
