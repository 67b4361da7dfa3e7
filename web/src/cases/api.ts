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
import { type CaseFormOutput, type CptCode } from '../../../shared';
import { CPT_SUGGESTIONS_SHOWN, DEFAULT_PAGE_LIMIT } from '../../../shared/constants';
import { CASE_MESSAGES, CASE_TEXT_FIELDS, type CaseSort, type CaseTextFields } from '../../../shared/schemas/case';
import { CaseListPageSchema } from '../../../shared/schemas/lists';
import { InsuranceListPageSchema } from '../../../shared/schemas/insurance-list';
import { ApiError, apiFetch } from '../lib/api';

export {
  CaseApiError,
  normalizeCase,
  normalizeProcedureCodes,
  parseStatusHistory,
  type CaseView,
  type ProcedureCode,
} from '../../../shared/case-view';
import { CaseApiError, isObject, normalizeCase, text, type CaseView } from '../../../shared/case-view';

export const NO_USER_FOR_CASE_ID = 'Unable to generate case ID - user not authenticated';

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
/** The query of GET /case for a provider's list in `view` (no page): also the server export's filters. */
export function caseListQuery(userId: string, view: CaseListView = {}) {
  return {
    user_id: userId,
    status: view.status,
    search: view.search || undefined,
    from: view.from || undefined,
    to: view.to || undefined,
    // The server answers a search in the order of what it matched.
    sort: view.search ? undefined : view.sort,
  };
}

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
            query: { ...caseListQuery(userId, view), ...page },
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
