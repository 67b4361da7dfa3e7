/**
 * The case update tests of the debug patch tool, /debug-patch (spec back-office-and-shell sections
 * 2 "Debug screens" and 7: "runs several case update tests" with PATCH /case, bearer token, JSON
 * body). They run against this deployment's API through `apiFetch` and change nothing a user would
 * see: every accepted PATCH writes back a value the case already holds.
 *
 * 1. GET /case?case_id=: the case can be read (200). Stops here otherwise.
 * 2. PATCH with only case_id: accepted (200), status unchanged.
 * 3. PATCH writing back the stored ins_provider (or case_date): accepted (200), value unchanged.
 * 4. PATCH with a stale `version`: refused with 409 (optimistic locking).
 * 5. PATCH with case_date 'not-a-date': refused with 400.
 * 6. PATCH of a case id that does not exist: 404.
 * 7. GET again: status and the written-back value unchanged.
 *
 * Logs name fields and statuses only, never their values (no patient data in logs: STANDARDS).
 */
import type { ApiRequest } from '../lib/api';

/** The spec's alert for an empty case id (section 2 / 5). */
export const CASE_ID_REQUIRED = 'Please enter a case ID';

export interface PatchTestResult {
  name: string;
  /** e.g. '200', '409'. */
  expected: string;
  /** HTTP status received (0: network failure), or null when skipped. */
  status: number | null;
  passed: boolean;
  skipped?: boolean;
  /** What was seen, without field values. */
  detail: string;
}

/** `apiFetch` or a stand-in: resolves with the JSON body, throws an error carrying `status`. */
export type ApiCall = (path: string, req?: ApiRequest) => Promise<unknown>;

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The case object of a GET /case or PATCH /case answer (wrapped in `case` or `data`, or bare). */
function caseOf(body: unknown): Json | undefined {
  if (!isObject(body)) return undefined;
  if (isObject(body.case)) return body.case;
  if (isObject(body.data)) return isObject(body.data.case) ? body.data.case : body.data;
  return body;
}

async function call(
  api: ApiCall,
  path: string,
  req: ApiRequest,
): Promise<{ status: number; body?: unknown; message: string }> {
  try {
    const body = await api(path, req);
    return { status: 200, body, message: 'OK' };
  } catch (err) {
    const e = err as { status?: unknown; message?: unknown };
    return {
      status: typeof e.status === 'number' ? e.status : 0,
      message: typeof e.message === 'string' ? e.message : String(err),
    };
  }
}

/**
 * Run the tests for `caseId` (trimmed; throws Error {@link CASE_ID_REQUIRED} when empty) and
 * resolve with one result per test. `log` receives a line per request.
 */
export async function runPatchTests(
  rawCaseId: string,
  api: ApiCall,
  log: (line: string) => void,
): Promise<PatchTestResult[]> {
  const caseId = rawCaseId.trim();
  if (!caseId) throw new Error(CASE_ID_REQUIRED);
  const results: PatchTestResult[] = [];
  const record = (r: PatchTestResult) => {
    results.push(r);
    log(`${r.skipped ? 'SKIP' : r.passed ? 'PASS' : 'FAIL'} ${r.name}: ${r.detail}`);
  };
  const patch = async (body: Json) => {
    log(`PATCH /case fields: ${Object.keys(body).join(', ')}`);
    const res = await call(api, '/case', { method: 'PATCH', body });
    log(`PATCH /case -> ${res.status} ${res.status === 200 ? '' : res.message}`.trim());
    return res;
  };

  log(`GET /case?case_id=${caseId}`);
  const read = await call(api, '/case', { query: { case_id: caseId } });
  log(`GET /case -> ${read.status}`);
  const before = caseOf(read.body);
  record({
    name: 'Read the case',
    expected: '200',
    status: read.status,
    passed: read.status === 200 && before !== undefined,
    detail:
      read.status === 200 ? `status ${String(before?.case_status)}, version ${String(before?.version)}` : read.message,
  });
  if (read.status !== 200 || !before) return results;

  const only = await patch({ case_id: caseId });
  const afterOnly = caseOf(only.body);
  record({
    name: 'PATCH with only case_id',
    expected: '200',
    status: only.status,
    passed: only.status === 200 && afterOnly?.case_status === before.case_status,
    detail: only.status === 200 ? `status ${String(afterOnly?.case_status)}` : only.message,
  });

  const field = (['ins_provider', 'case_date'] as const).find((f) => typeof before[f] === 'string' && before[f] !== '');
  if (field) {
    const same = await patch({ case_id: caseId, [field]: before[field] });
    const after = caseOf(same.body);
    record({
      name: `PATCH writing back the stored ${field}`,
      expected: '200',
      status: same.status,
      passed: same.status === 200 && after?.[field] === before[field],
      detail:
        same.status === 200 ? `${field} ${after?.[field] === before[field] ? 'unchanged' : 'CHANGED'}` : same.message,
    });
  } else {
    record({
      name: 'PATCH writing back a stored field',
      expected: '200',
      status: null,
      passed: true,
      skipped: true,
      detail: 'the case has no insurance provider or case date to write back',
    });
  }

  const version = typeof before.version === 'number' ? before.version : undefined;
  if (version !== undefined) {
    const stale = await patch({ case_id: caseId, version: version + 1000 });
    record({
      name: 'PATCH with a stale version',
      expected: '409',
      status: stale.status,
      passed: stale.status === 409,
      detail: stale.message,
    });
  } else {
    record({
      name: 'PATCH with a stale version',
      expected: '409',
      status: null,
      passed: true,
      skipped: true,
      detail: 'the answer carries no version',
    });
  }

  const bad = await patch({ case_id: caseId, case_date: 'not-a-date' });
  record({
    name: 'PATCH with an invalid case_date',
    expected: '400',
    status: bad.status,
    passed: bad.status === 400,
    detail: bad.message,
  });

  const missing = await patch({ case_id: `${caseId}_debug_missing` });
  record({
    name: 'PATCH of a case that does not exist',
    expected: '404',
    status: missing.status,
    passed: missing.status === 404,
    detail: missing.message,
  });

  log(`GET /case?case_id=${caseId}`);
  const reread = await call(api, '/case', { query: { case_id: caseId } });
  log(`GET /case -> ${reread.status}`);
  const after = caseOf(reread.body);
  const unchanged =
    after !== undefined && after.case_status === before.case_status && (!field || after[field] === before[field]);
  record({
    name: 'Read the case again',
    expected: '200, unchanged',
    status: reread.status,
    passed: reread.status === 200 && unchanged,
    detail: reread.status === 200 ? (unchanged ? 'status and fields unchanged' : 'the case CHANGED') : reread.message,
  });
  return results;
}
