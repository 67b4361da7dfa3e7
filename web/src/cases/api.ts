/**
 * Case screens' API layer (spec provider-side sections 3 and 7), built on `apiFetch`.
 *
 * Every case the server returns goes through {@link normalizeCase}, which accepts the shapes the
 * spec lists: nested `patient {first, last, ins_provider}` or flat `patient_first`, `patient_last`,
 * `ins_provider`; procedure codes as strings, `{procedure_code, procedure_desc}` objects, a
 * JSON-array string or comma-separated text; `pay_amount` in dollars (number or numeric text).
 * Errors are `ApiError` from `web/src/lib/api` (message already in the spec's words) or
 * `CaseApiError` for the client-side rules below.
 */
import {
  parseFileKeys,
  parseProcedureCodes,
  type CaseFormOutput,
  type CptCode,
  type FileKeys,
  type StatusHistoryEntry,
} from '../../../shared';
import { CPT_SUGGESTIONS_SHOWN, DEFAULT_PAGE_LIMIT } from '../../../shared/constants';
import { CASE_MESSAGES, CASE_TEXT_FIELDS, type CaseSort, type CaseTextFields } from '../../../shared/schemas/case';
import { CaseListPageSchema } from '../../../shared/schemas/lists';
import { InsuranceListPageSchema } from '../../../shared/schemas/insurance-list';
import { ApiError, apiFetch } from '../lib/api';

/** Client-side rule broken before any call (spec provider-side section 8 "Others"). */
export class CaseApiError extends Error {
  override name = 'CaseApiError';
}

export const NO_USER_FOR_CASE_ID = 'Unable to generate case ID - user not authenticated';

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

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

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

/** The first array found under one of `keys`, or the body itself when it is an array. */
function listFrom(body: unknown, keys: readonly string[]): unknown[] {
  if (Array.isArray(body)) return body;
  if (isObject(body)) {
    for (const k of keys) {
      const v = body[k];
      if (Array.isArray(v)) return v;
      if (isObject(v)) {
        const inner = listFrom(v, keys);
        if (inner.length) return inner;
      }
    }
  }
  return [];
}

/** True for the answers the case list treats as "no cases" rather than an error (back-office section 8). */
function isNoCases(err: unknown): boolean {
  return err instanceof ApiError && /no cases found|insufficient permissions/i.test(err.message);
}

/** Cases per page of the provider's case list (the server's default page size). */
export const CASE_PAGE_LIMIT = DEFAULT_PAGE_LIMIT;

/** One page of the user's cases; `next_cursor` undefined on the last page. */
export interface CasePage {
  cases: CaseView[];
  next_cursor?: string;
}

/** What the provider's case list asks for besides the owner; empty members are not sent. */
export interface CaseListView {
  /** A status number, or undefined for every status. */
  status?: number;
  /** Search text (trimmed; '' = none). */
  search?: string;
  /** Case dates from / to, YYYY-MM-DD ('' = open). */
  from?: string;
  to?: string;
  /** The order; undefined = newest created first. */
  sort?: CaseSort;
}

/**
 * One page of the user's cases, in the order asked for (newest created first by default).
 * With only `status` (a status number): GET /case/filter?user_id=&filter=&limit=50&cursor=; with a
 * search, a date range or an order: GET /case?user_id=&status=&search=&from=&to=&sort=; with
 * nothing: GET /case?user_id=&limit=50&cursor=. `cursor` is the previous page's `next_cursor` (absent: the
 * first page). The answer is read by the shared `CaseListPageSchema` (`cases`, `data` or the body
 * itself; a server that does not page answers one page without `next_cursor`); malformed cases are
 * dropped. 'No cases found' / 'insufficient permissions' -> an empty last page. `signal` aborts the call.
 */
export async function listCasesPage(
  userId: string,
  view: CaseListView = {},
  cursor?: string,
  signal?: AbortSignal,
): Promise<CasePage> {
  const { status } = view;
  const narrowed = Boolean(view.search || view.from || view.to || view.sort);
  try {
    const page = { limit: CASE_PAGE_LIMIT, cursor };
    const body =
      status === undefined || narrowed
        ? await apiFetch<unknown>('/case', {
            query: {
              user_id: userId,
              status,
              search: view.search || undefined,
              from: view.from || undefined,
              to: view.to || undefined,
              // The server answers a search in the order of what it matched.
              sort: view.search ? undefined : view.sort,
              ...page,
            },
            forbidden: 'cases',
            signal,
          })
        : await apiFetch<unknown>('/case/filter', {
            query: { user_id: userId, filter: status, ...page },
            forbidden: 'cases',
            signal,
          });
    const answer = CaseListPageSchema.parse(body);
    const cases = answer.cases.flatMap((raw) => {
      try {
        return [normalizeCase(raw)];
      } catch {
        return [];
      }
    });
    return answer.next_cursor === undefined ? { cases } : { cases, next_cursor: answer.next_cursor };
  } catch (err) {
    if (isNoCases(err)) return { cases: [] };
    throw err;
  }
}

/** One case: GET /case?case_id= (answer wrapped in `case` or `data`, or bare). */
export async function getCase(caseId: string): Promise<CaseView> {
  const body = await apiFetch<unknown>('/case', { query: { case_id: caseId } });
  const raw = isObject(body)
    ? isObject(body.case)
      ? body.case
      : isObject(body.data)
        ? isObject(body.data.case)
          ? body.data.case
          : body.data
        : body
    : body;
  return normalizeCase(raw);
}

/** The id a save answered with (the server may retry a colliding id), else `fallback`. */
function savedCaseId(body: unknown, fallback: string): string {
  if (isObject(body)) {
    for (const candidate of [body.case, body.data, body]) {
      if (isObject(candidate) && text(candidate.case_id)) return text(candidate.case_id);
    }
  }
  return fallback;
}

/** A new case id as the spec builds it: `{userId}_{Date.now()}` (ms timestamp). */
export function newCaseId(userId: string, now: number = Date.now()): string {
  return `${userId}_${now}`;
}

/**
 * Create a case: POST /case with user_id, case_id (`caseId`, else {@link newCaseId}), case_date,
 * surgeon_id, facility_id, patient {first, last, ins_provider}, procedure_codes (code strings).
 * A form passes the id it generated once per form session, so that a retried POST answers 409
 * instead of creating a second case.
 * Resolves with the saved case id. Throws `CaseApiError` when there is no user id.
 */
export async function createCase(
  userId: string | undefined,
  form: CaseFormOutput,
  clientCaseId?: string,
): Promise<string> {
  if (!userId) throw new CaseApiError(NO_USER_FOR_CASE_ID);
  const caseId = clientCaseId ?? newCaseId(userId);
  const body = await apiFetch<unknown>('/case', {
    method: 'POST',
    body: {
      user_id: userId,
      case_id: caseId,
      case_date: form.case_date,
      surgeon_id: form.primary_surgeon,
      facility_id: form.facility,
      patient: { first: form.patient_first, last: form.patient_last, ins_provider: form.insurance_provider },
      procedure_codes: form.procedure_codes,
      ...patientClaimFields(form, false),
    },
  });
  return savedCaseId(body, caseId);
}

/**
 * The form's optional patient fields for a body: those given, trimmed; with `clearing` (an edit) the
 * empty ones too, as '', which clears them.
 */
function patientClaimFields(
  form: Pick<CaseFormOutput, 'patient_dob' | 'member_id' | 'claim_number'>,
  clearing: boolean,
): Record<string, string> {
  const fields = { patient_dob: form.patient_dob, member_id: form.member_id, claim_number: form.claim_number };
  return Object.fromEntries(
    Object.entries(fields)
      .map(([name, value]) => [name, (value ?? '').trim()])
      .filter(([, value]) => clearing || value !== ''),
  );
}

/** Fields of PATCH /case as the form fills them (spec provider-side section 5 "Case update call"). */
export interface CaseUpdate extends Partial<CaseTextFields> {
  case_id: string;
  procedure_codes?: readonly string[];
}

/**
 * The PATCH /case body: case_id, then each other field only if it is non-empty trimmed text;
 * procedure_codes only if at least one non-empty code remains. Throws `CaseApiError`
 * 'case_id is required for case updates'.
 */
export function buildUpdateBody(update: CaseUpdate): Record<string, unknown> {
  const caseId = update.case_id?.trim() ?? '';
  if (!caseId) throw new CaseApiError(CASE_MESSAGES.caseIdRequired);
  const body: Record<string, unknown> = { case_id: caseId };
  for (const f of CASE_TEXT_FIELDS) {
    const v = update[f]?.trim();
    if (v) body[f] = v;
  }
  const codes = (update.procedure_codes ?? []).map((c) => c.trim()).filter(Boolean);
  if (codes.length > 0) body.procedure_codes = codes;
  return body;
}

/**
 * Update a case from the form: PATCH /case. Resolves with the case id. `version` is the one the form
 * was loaded with: when someone saved the case in between, the server answers 409 with its message
 * ('The case was changed by someone else. Reload it and try again.') instead of overwriting.
 */
export async function updateCase(
  caseId: string,
  userId: string | undefined,
  form: CaseFormOutput,
  version?: number,
): Promise<string> {
  const body = buildUpdateBody({
    case_id: caseId,
    user_id: userId,
    case_date: form.case_date,
    surgeon_id: form.primary_surgeon,
    facility_id: form.facility,
    patient_first: form.patient_first,
    patient_last: form.patient_last,
    ins_provider: form.insurance_provider,
    procedure_codes: form.procedure_codes,
  });
  Object.assign(body, patientClaimFields(form, true));
  if (version !== undefined) body.version = version;
  const answer = await apiFetch<unknown>('/case', { method: 'PATCH', body });
  return savedCaseId(answer, caseId);
}

/** Delete a case: DELETE /case?case_id=. */
export async function deleteCase(caseId: string): Promise<void> {
  await apiFetch<unknown>('/case', { method: 'DELETE', query: { case_id: caseId } });
}

/** A surgeon or facility choice for the form's selects and the details page. */
export interface Choice {
  id: string;
  label: string;
}

/**
 * CPT suggestions: GET /cpt_codes?search=&limit=N (answer a list, or `cpt_codes`/`data`), at most
 * `limit` codes (default the 5 the form shows; more when the caller filters some out).
 */
export async function searchCpt(
  search: string,
  signal?: AbortSignal,
  limit: number = CPT_SUGGESTIONS_SHOWN,
): Promise<CptCode[]> {
  const body = await apiFetch<unknown>('/cpt_codes', { query: { search, limit }, signal });
  return listFrom(body, ['cpt_codes', 'data', 'codes'])
    .filter(isObject)
    .map((c) => ({ cpt_code: text(c.cpt_code ?? c.code), cpt_description: text(c.cpt_description ?? c.description) }))
    .filter((c) => c.cpt_code !== '')
    .slice(0, limit);
}

/** Most payers the case form loads for its insurance suggestions (one page of GET /lists/insurance). */
export const INSURANCE_SUGGESTIONS_LOADED = 200;

/**
 * The payer names of the Insurance Types list, in name order: GET
 * /lists/insurance?limit=200, one page (read by the shared `InsuranceListPageSchema`). Throws
 * `ApiError` or a ZodError; the form then keeps the spec's 20 names (see `useInsuranceNames`).
 */
export async function listInsuranceNames(signal?: AbortSignal): Promise<string[]> {
  const body = await apiFetch<unknown>('/lists/insurance', { query: { limit: INSURANCE_SUGGESTIONS_LOADED }, signal });
  return InsuranceListPageSchema.parse(body).insurance_types.map((p) => p.name);
}
