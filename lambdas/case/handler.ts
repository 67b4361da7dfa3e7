/**
 * /case Lambda (spec provider-side sections 3, 4, 5, 7).
 *
 * - GET /case/health (no token) -> { status: 'ok', service: 'case', time }.
 * - GET /health (no token) -> { status, api: 'ok', database: 'ok' | 'error', checked_at,
 *   latency_ms }: one GetItem of a fixed key; 200, or 503 with the same body when the database
 *   failed (lambdas/case/health.ts).
 * - GET /case?case_id= -> { success, case } (procedure_codes as [{ procedure_code, procedure_desc }]).
 *   Missing, or someone else's case for a provider -> 404 'Case not found' (no existence leak).
 * - Lists page (lambdas/data/case/lists.ts): `limit` (default 50, capped at 200) and `cursor`;
 *   answers `{ success, cases, count, next_cursor? }` (next_cursor absent on the last page; a bad
 *   or foreign cursor 400). Back-office reads add `owner_name` to each case. `search=` (prefix of
 *   case id, patient last name or insurance provider) narrows any list.
 * - GET /case/stats?range=7d|30d|90d|1y|all&user_id= -> { success, range, total_cases, total_revenue,
 *   pending_cases, incomplete_cases, by_status, top_users, disputes }: back office; a provider only with
 *   their own user_id (no top users); else 403. `disputes` (lambdas/data/dispute/counters.ts) counts
 *   the state of today whatever the range.
 * - GET /case?status=&user_id= -> { success, cases, count, next_cursor? }, newest first. status: a number
 *   (0..90) or a filter key; absent or 'all' = every status. user_id: a provider may pass only their
 *   own id (or none); another id -> 403 'No cases found or insufficient permissions'. Back office
 *   (user_type >= 10) may pass any id, or none for all users' cases.
 * - GET /case/filter?user_id=&filter= -> { success, cases, count, next_cursor? }: the user's cases of one status
 *   (same user_id rule; no user_id = the caller's own).
 * - POST /case -> 201 { success, message, case_id, case }. New cases start at 0 (Incomplete), or
 *   Submitted when already complete (the workflow rule, shared/workflow.ts, applied by the
 *   repository); user_id is the caller; a body case_id is kept only when it is `${sub}_<ms>`, else
 *   generated (a generated id that collides is retried with the next millisecond); a kept case_id
 *   that exists -> 409 'A case with this id already exists' and nothing written (a double submit).
 *   surgeon_id / facility_id must be among the caller's own (else 400 'Primary surgeon not found'
 *   / 'Facility not found'). File fields (demo_file, note_file, misc_file, file_keys) must be empty
 *   or absent (400 naming the field): documents are attached after creation through POST /document.
 * - PATCH /case (case_id + any fields) -> { success, message, case }: the owner or back office;
 *   only sent fields change; pay_amount (dollars) back office only (403 otherwise); `version` in the
 *   body (optional) must match (409 otherwise; without it a concurrent write is re-read and retried
 *   once by the repository, except when file fields are sent: those were checked against the
 *   version read, so a concurrent write is a 409). File fields only keep or detach what is stored:
 *   demo_file / note_file / misc_file accept '' or null (detach) or the key already stored;
 *   file_keys ('' or null: detach all) only when every key of each slot is already stored in that
 *   slot (the stored original file names are kept); anything else 400 naming the field. A detached
 *   document is soft-deleted (docs/decisions/0006-soft-delete-and-30-day-purge.md): recorded in the case's `deleted_documents` by the
 *   same write, its object kept in the versioned bucket.
 * - PUT /case { case_id, case_status, reason? } -> { success, message, case }: user_type >= 10 only
 *   (403, checked first); bad body 400; unknown case 404; a move to a LOWER status code without a
 *   non-blank `reason` (text, at most 500 characters) -> 400 { field: 'reason', message: 'A reason
 *   is required to move a case back to an earlier status' } and nothing written (the rule is checked in the repository against the version written). The history entry keeps
 *   `reason`. The same rule applies to `case_status` + `reason` in a back-office PATCH.
 * - Status history in answers: GET /case?case_id= and the POST/PUT/PATCH answers add `by_name`
 *   ("First Last" of the acting user, one batched read; absent when unknown) to each entry.
 * - Status: a provider cannot set one by any call. `case_status` in a POST or
 *   PATCH body, and PUT /case, are back office only (user_type >= 10; providers 403 whatever the
 *   value); back office sets it as a manual change (history `why: 'manual'`). Every other write
 *   applies the workflow rule in the repository and records `why: 'auto'`. `GET /case` returns
 *   `status_history` ({ from, to, by, at, why }[], oldest first).
 * - DELETE /case?case_id= -> { success, message }: the owner or back office; else 404. A SOFT delete
 *   (docs/decisions/0006-soft-delete-and-30-day-purge.md): out of every list, search and count at once, documents kept in the bucket;
 *   a deleted case answers 404 to GET/PATCH/PUT/DELETE like a missing one.
 * - GET /case/deleted?limit=&cursor= -> { success, cases, count, next_cursor? } and POST /case/restore
 *   { case_id } -> { success, message, case }: user_type >= 100 only (403); see listDeleted / restore.
 * - GET and POST /case/notes: the notes on a case (./notes.ts).
 * - POST /case/bulk: many status moves or pay amounts, each item through PATCH /case's code path
 *   (./bulk.ts; docs/decisions/0025-bulk-and-undo.md).
 */
import type { APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import * as z from 'zod';
import {
  API_MESSAGES,
  CASE_MESSAGES,
  CasePatchBodySchema,
  CaseStatusBodySchema,
  CreateCaseBodySchema,
  RestoreCaseBodySchema,
  canChangeCaseStatus,
  canRestoreCases,
  dollarsToCents,
  isBackOffice,
  liftPatient,
  parseFileKeys,
  type Case,
  type FileKeys,
} from '../../shared';
import { callerUserType, requireCaller, resolveScope } from '../lib/auth';
import { ForbiddenError, NotFoundError, ValidationError, type FieldError } from '../lib/errors';
import { bodyObject, created, ok, queryParam, type ApiEvent } from '../lib/http';
import { audit } from '../lib/audit';
import { writeAuditEntry } from '../lib/audit-writer';
import { apiHandler, observed } from '../lib/middleware';
import { buildCaseId } from '../data/case/keys';
import { parseInput } from '../lib/validation';
import { getFacility } from '../data/owned/facilities';
import { getSurgeon } from '../data/owned/surgeons';
import { listCases } from '../data/case/lists';
import { accessibleCase } from '../data/case/access';
import { caseListAnswer, pageAnswer, parseStatusParam } from '../data/case/list-answer';
import { health as systemHealth } from './health';
import { getNotes, postNote } from './notes';
import { bulkUpdate } from './bulk';
import { openApiDocument } from './openapi';
import { ownerNames } from '../data/user/owners';
import { isPurgeEvent, purgeDeletedCases, type PurgeEvent, type PurgeResult } from './purge';
import { STATS_RANGES, readCaseAnalytics, readCaseStats, type StatsRange } from '../data/counters/stats';
import { readDisputeStats } from '../data/dispute/stats';
import { todayInNewYork } from '../data/dispute/calendar';
import { MAX_CURSOR_LENGTH, decodeCursor, encodeCursor, parseLimit } from '../lib/paging';
import {
  createCase,
  deleteCase,
  getCase,
  listDeletedCases,
  restoreCase,
  toApiCases,
  toApiDeletedCase,
  updateCase,
  PATIENT_CLAIM_FIELDS,
  type CaseItem,
  type CasePatch,
} from '../data/case/repository';

export const SURGEON_NOT_FOUND = 'Primary surgeon not found';
export const FACILITY_NOT_FOUND = 'Facility not found';
/** `${sub}_<ms>`: the only client-chosen case ids accepted (spec provider-side section 3). */
export function isOwnCaseId(caseId: string | undefined, sub: string): caseId is string {
  if (!caseId || !caseId.startsWith(`${sub}_`)) return false;
  return /^\d{10,16}$/.test(caseId.slice(sub.length + 1));
}

/** surgeon_id / facility_id must belong to the case owner; both problems reported at once. */
async function checkReferences(ownerId: string, surgeonId?: string, facilityId?: string): Promise<void> {
  const [surgeon, facility] = await Promise.all([
    surgeonId === undefined ? true : getSurgeon(ownerId, surgeonId),
    facilityId === undefined ? true : getFacility(ownerId, facilityId),
  ]);
  const errors: FieldError[] = [];
  if (!surgeon) errors.push({ field: 'surgeon_id', message: SURGEON_NOT_FOUND });
  if (!facility) errors.push({ field: 'facility_id', message: FACILITY_NOT_FOUND });
  if (errors.length) throw new ValidationError(errors);
}

const FILE_FIELDS = ['demo_file', 'note_file', 'misc_file'] as const;
type FileField = (typeof FILE_FIELDS)[number];

/** True when a field is in the body with a value (null counts: it clears). */
function sentField(body: Record<string, unknown>, field: string): boolean {
  return field in body && body[field] !== undefined;
}

/**
 * A provider cannot set a status by any call: `case_status` in a body needs
 * back-office access (403 otherwise, whatever the value). Returns the validated status, or
 * undefined when the body has none.
 */
async function requestedStatus(event: ApiEvent, body: Record<string, unknown>): Promise<number | undefined> {
  if (!sentField(body, 'case_status')) return undefined;
  if (!canChangeCaseStatus(await callerUserType(event))) throw new ForbiddenError(API_MESSAGES.insufficientPermissions);
  return parseInput(CaseStatusBodySchema.pick({ case_status: true }), body).case_status;
}

const keysOf = (fk: FileKeys): string[] =>
  [fk.demographic_sheet, fk.op_note, ...fk.misc_documents, ...Object.keys(fk.file_names)].filter((k) => k !== '');

/** POST /case: every file field empty or absent (documents come through POST /document). */
function checkNoFilesOnCreate(input: {
  demo_file?: string | null;
  note_file?: string | null;
  misc_file?: string | null;
  file_keys?: string | Record<string, unknown> | null;
}): void {
  const errors: FieldError[] = [];
  for (const field of FILE_FIELDS) {
    if ((input[field] ?? '') !== '') errors.push({ field, message: CASE_MESSAGES.fileOnCreate(field) });
  }
  if (keysOf(parseFileKeys(input.file_keys ?? '')).length > 0) {
    errors.push({ field: 'file_keys', message: CASE_MESSAGES.fileOnCreate('file_keys') });
  }
  if (errors.length) throw new ValidationError(errors);
}

/**
 * PATCH /case file fields against the stored case: a file field may only keep
 * or detach what is stored. Returns the values to write ('' = detach; file_keys as JSON text with
 * the stored original names of the kept keys, '' when nothing is left); 400 naming each bad field.
 */
function fileFieldsPatch(
  body: Record<string, unknown>,
  input: { demo_file?: string | null; note_file?: string | null; misc_file?: string | null; file_keys?: string | null },
  current: CaseItem,
): { patch: Partial<Record<FileField | 'file_keys', string>>; detached: string[] } {
  const errors: FieldError[] = [];
  const stored = parseFileKeys(current.file_keys ?? '');
  // The documents as stored: file_keys, with the flat fields as fallbacks (older items).
  const before = {
    ...stored,
    demographic_sheet: stored.demographic_sheet || current.demo_file || '',
    op_note: stored.op_note || current.note_file || '',
  };
  let after = { ...before, misc_documents: [...before.misc_documents], file_names: { ...before.file_names } };
  let sentAny = false;
  for (const field of FILE_FIELDS) {
    if (!sentField(body, field)) continue;
    sentAny = true;
    const value = input[field] ?? '';
    if (value !== '' && value !== (current[field] ?? '')) {
      errors.push({ field, message: CASE_MESSAGES.fileNotStored(field) });
    } else if (value === '') {
      // Detach: the slot in file_keys goes with the flat field, so the completeness rule and the
      // document calls read the same documents.
      if (field === 'demo_file') after.demographic_sheet = '';
      if (field === 'note_file') after.op_note = '';
      if (field === 'misc_file' && current.misc_file)
        after.misc_documents = after.misc_documents.filter((k) => k !== current.misc_file);
    }
  }
  if (sentField(body, 'file_keys')) {
    sentAny = true;
    const sent = parseFileKeys(input.file_keys ?? '');
    const allowed = {
      demographic_sheet: new Set([stored.demographic_sheet, current.demo_file ?? '']),
      op_note: new Set([stored.op_note, current.note_file ?? '']),
      misc: new Set([...stored.misc_documents, current.misc_file ?? '']),
    };
    const ok =
      (sent.demographic_sheet === '' || allowed.demographic_sheet.has(sent.demographic_sheet)) &&
      (sent.op_note === '' || allowed.op_note.has(sent.op_note)) &&
      sent.misc_documents.every((k) => allowed.misc.has(k));
    const kept = new Set(keysOf({ ...sent, file_names: {} }));
    const namesOk = Object.keys(sent.file_names).every((k) => kept.has(k));
    if (!ok || !namesOk) errors.push({ field: 'file_keys', message: CASE_MESSAGES.fileNotStored('file_keys') });
    else
      after = {
        demographic_sheet: after.demographic_sheet && sent.demographic_sheet,
        op_note: after.op_note && sent.op_note,
        misc_documents: [...new Set(sent.misc_documents)].filter((k) => after.misc_documents.includes(k)),
        file_names: {},
      };
  }
  if (errors.length) throw new ValidationError(errors);
  if (!sentAny) return { patch: {}, detached: [] };
  const kept = new Set([after.demographic_sheet, after.op_note, ...after.misc_documents].filter((k) => k !== ''));
  after.file_names = Object.fromEntries(Object.entries(before.file_names).filter(([k]) => kept.has(k)));
  const detached = [before.demographic_sheet, before.op_note, ...before.misc_documents].filter(
    (k) => k !== '' && !kept.has(k),
  );
  const next: Record<FileField | 'file_keys', string> = {
    demo_file: after.demographic_sheet,
    note_file: after.op_note,
    misc_file: after.misc_documents[after.misc_documents.length - 1] ?? '',
    file_keys: kept.size === 0 ? '' : JSON.stringify(after),
  };
  // Only what changes is written.
  const patch = Object.fromEntries(
    Object.entries(next).filter(([field, value]) => value !== (current[field as FileField | 'file_keys'] ?? '')),
  );
  return { patch, detached };
}

/**
 * One case in the API shape with `by_name` on each status history entry (who
 * made each change), from one batched read of the users table (lambdas/data/user/owners.ts).
 */
async function apiCaseWithNames(item: CaseItem): Promise<Case> {
  const apiCase = (await toApiCases([item]))[0] as Case;
  const history = apiCase.status_history ?? [];
  if (history.length === 0) return apiCase;
  const names = await ownerNames(history.map((h) => h.by));
  return {
    ...apiCase,
    status_history: history.map((h) => {
      const name = names.get(h.by);
      return name ? { ...h, by_name: name } : h;
    }),
  };
}

async function health() {
  return ok({ status: 'ok', service: 'case', time: new Date().toISOString() });
}

async function getOneOrList(event: ApiEvent) {
  const caseId = queryParam(event, 'case_id');
  if (caseId) {
    const item = await accessibleCase(event, caseId);
    return ok({ success: true, case: await apiCaseWithNames(item) });
  }
  return ok(await caseListAnswer(event));
}

const RANGE_MESSAGE = `range must be one of ${Object.keys(STATS_RANGES).join(', ')}`;

/**
 * GET /case/stats?range=&user_id=: back office reads every case's counts
 * (with top users) or, with `user_id`, one owner's; a provider only their own (no top users);
 * another id -> 403. range absent = all; unknown -> 400.
 */
async function stats(event: ApiEvent) {
  const caller = requireCaller(event);
  const rawRange = queryParam(event, 'range') ?? 'all';
  if (!Object.hasOwn(STATS_RANGES, rawRange)) throw new ValidationError([{ field: 'range', message: RANGE_MESSAGE }]);
  const requested = queryParam(event, 'user_id');
  let ownerId: string | undefined;
  if (requested !== undefined && requested !== '' && requested === caller.sub) ownerId = caller.sub;
  else {
    if (!isBackOffice(await callerUserType(event))) throw new ForbiddenError(API_MESSAGES.insufficientPermissions);
    ownerId = requested === '' ? undefined : requested;
  }
  // Dispute counts are the state of today, whatever the range of the case counts.
  const [cases, disputes] = await Promise.all([
    readCaseStats(rawRange as StatsRange, ownerId),
    readDisputeStats(ownerId, todayInNewYork()),
  ]);
  return ok({ success: true, ...cases, disputes });
}

/** GET /case/analytics: the back office's charts (user_type 10 or more; else 403), all from counters. */
async function analytics(event: ApiEvent) {
  if (!isBackOffice(await callerUserType(event))) throw new ForbiddenError(API_MESSAGES.insufficientPermissions);
  return ok({ success: true, ...(await readCaseAnalytics()) });
}

async function filter(event: ApiEvent) {
  const status = parseStatusParam(queryParam(event, 'filter'), 'filter');
  const userId = (await resolveScope(event, queryParam(event, 'user_id'), {
    forbiddenMessage: API_MESSAGES.noCasesOrPermission,
  })) as string;
  const page = await listCases({
    ownerId: userId,
    status,
    limit: parseLimit(queryParam(event, 'limit')),
    cursor: queryParam(event, 'cursor', MAX_CURSOR_LENGTH),
  });
  audit(event).touched(
    'case',
    page.items.map((c) => c.case_id),
  );
  return ok(await pageAnswer(page, userId !== requireCaller(event).sub));
}

async function create(event: ApiEvent) {
  const caller = requireCaller(event);
  const body = bodyObject(event);
  const status = await requestedStatus(event, body);
  const input = parseInput(CreateCaseBodySchema, liftPatient(body));
  checkNoFilesOnCreate(input);
  await checkReferences(caller.sub, input.surgeon_id, input.facility_id);
  const now = new Date();
  const clientId = isOwnCaseId(input.case_id, caller.sub);
  const item = await createCase(
    {
      user_id: caller.sub,
      case_id: clientId ? input.case_id : buildCaseId(caller.sub, now.getTime()),
      case_date: input.case_date,
      surgeon_id: input.surgeon_id,
      facility_id: input.facility_id,
      patient_first: input.patient.first,
      patient_last: input.patient.last,
      ins_provider: input.patient.ins_provider,
      procedure_codes: input.procedure_codes,
      patient_dob: input.patient_dob ?? '',
      member_id: input.member_id ?? '',
      claim_number: input.claim_number ?? '',
      ...(status !== undefined ? { case_status: status } : {}),
    },
    // A client's case id that exists is a double submit: 409, never a second case.
    { now, actor: caller.sub, retryOnCollision: !clientId },
  );
  audit(event).touched('case', [item.case_id]);
  const apiCase = await apiCaseWithNames(item);
  return created({ success: true, message: 'Case created successfully', case_id: item.case_id, case: apiCase });
}

/** PATCH accepts the nested `patient` of POST too (flat names win). */
function flattenPatient(body: Record<string, unknown>): Record<string, unknown> {
  const p = body.patient;
  if (!p || typeof p !== 'object' || Array.isArray(p)) return body;
  const { patient: _nested, ...rest } = body;
  const nested = p as Record<string, unknown>;
  return {
    ...(nested.first !== undefined ? { patient_first: nested.first } : {}),
    ...(nested.last !== undefined ? { patient_last: nested.last } : {}),
    ...(nested.ins_provider !== undefined ? { ins_provider: nested.ins_provider } : {}),
    ...rest,
  };
}

/**
 * PATCH /case's rules applied to `rawBody` (see the module doc): the one code path of a case write
 * by PATCH, also taken by each item of POST /case/bulk. Resolves with the case written; throws the
 * call's errors (400, 403, 404, 409).
 */
async function patchCase(event: ApiEvent, rawBody: Record<string, unknown>): Promise<CaseItem> {
  const caller = requireCaller(event);
  const body = flattenPatient(rawBody);
  const status = await requestedStatus(event, body);
  const input = parseInput(CasePatchBodySchema, body);
  const current = await accessibleCase(event, input.case_id);
  const { patch: files, detached } = fileFieldsPatch(body, input, current);
  if (input.pay_amount !== undefined && !isBackOffice(await callerUserType(event))) {
    throw new ForbiddenError(API_MESSAGES.insufficientPermissions);
  }
  // Only a changed surgeon or facility is looked up (the form always sends both).
  await checkReferences(
    current.user_id,
    input.surgeon_id === current.surgeon_id ? undefined : input.surgeon_id,
    input.facility_id === current.facility_id ? undefined : input.facility_id,
  );

  const patch: CasePatch = { ...files };
  const sent = (k: string) => sentField(body, k);
  if (sent('case_date')) patch.case_date = input.case_date;
  if (sent('surgeon_id')) patch.surgeon_id = input.surgeon_id;
  if (sent('facility_id')) patch.facility_id = input.facility_id;
  if (sent('patient_first')) patch.patient_first = input.patient_first;
  if (sent('patient_last')) patch.patient_last = input.patient_last;
  if (sent('ins_provider')) patch.ins_provider = input.ins_provider;
  if (sent('procedure_codes')) patch.procedure_codes = input.procedure_codes;
  for (const field of PATIENT_CLAIM_FIELDS) if (sent(field)) patch[field] = input[field] ?? '';
  if (input.pay_amount !== undefined) {
    patch.pay_amount_cents = input.pay_amount === null ? null : dollarsToCents(input.pay_amount);
  }
  if (status !== undefined) {
    audit(event).statusTo(status);
    patch.case_status = status;
    if (input.reason !== undefined) patch.status_reason = input.reason;
  }

  // Without a client version the repository re-reads and retries once on a concurrent write; file
  // fields were checked against the version read here, so they are written only onto that version.
  const filesSent = Object.keys(files).length > 0;
  // Detached documents are soft-deleted: recorded on the case in the same
  // write, their objects kept in the versioned bucket.
  if (detached.length > 0) patch.deleted_document_keys = detached;
  return updateCase(current.case_id, patch, {
    expectedVersion: input.version ?? (filesSent ? current.version : undefined),
    ownerId: current.user_id,
    actor: caller.sub,
  });
}

async function update(event: ApiEvent) {
  const item = await patchCase(event, bodyObject(event));
  return ok({ success: true, message: 'Case updated successfully', case: await apiCaseWithNames(item) });
}

async function setStatus(event: ApiEvent) {
  const caller = requireCaller(event);
  if (!canChangeCaseStatus(await callerUserType(event))) throw new ForbiddenError(API_MESSAGES.insufficientPermissions);
  const input = parseInput(CaseStatusBodySchema, bodyObject(event));
  audit(event).touched('case', [input.case_id]).statusTo(input.case_status);
  const current = await getCase(input.case_id);
  if (!current) throw new NotFoundError(API_MESSAGES.caseNotFound);
  const item = await updateCase(
    current.case_id,
    { case_status: input.case_status, ...(input.reason !== undefined ? { status_reason: input.reason } : {}) },
    { ownerId: current.user_id, actor: caller.sub },
  );
  return ok({ success: true, message: 'Case status updated successfully', case: await apiCaseWithNames(item) });
}

/**
 * DELETE /case: a soft delete (docs/decisions/0006-soft-delete-and-30-day-purge.md; `deleteCase`). The documents stay in
 * the bucket (no request to the document Lambda): a restore gives them back, the purge removes them.
 */
async function remove(event: ApiEvent) {
  const caller = requireCaller(event);
  const caseId = queryParam(event, 'case_id');
  if (!caseId) throw new ValidationError([{ field: 'case_id', message: 'case_id is required' }]);
  const current = await accessibleCase(event, caseId);
  await deleteCase(current.case_id, { actor: caller.sub });
  return ok({ success: true, message: 'Case deleted successfully' });
}

/** Cursor scope of GET /case/deleted. */
const DELETED_SCOPE = 'case:byDeleted';
/** Resume state of GET /case/deleted: the last `byDeleted` key returned. */
const DeletedCursorSchema = z.object({ case_id: z.string(), deleted_p: z.string(), deleted_at: z.string() });

async function requireRestorer(event: ApiEvent): Promise<void> {
  requireCaller(event);
  if (!canRestoreCases(await callerUserType(event))) throw new ForbiddenError(API_MESSAGES.insufficientPermissions);
}

/**
 * GET /case/deleted?limit=&cursor= (user_type >= 100, else 403) ->
 * `{ success, cases: [case + owner_name, deleted_at, deleted_by, deleted_by_name], count, next_cursor? }`
 * (shared/schemas/deleted-cases.ts), most recently deleted first, paged like every list
 * (lambdas/lib/paging.ts). The audit entry holds the ids returned.
 */
async function listDeleted(event: ApiEvent) {
  await requireRestorer(event);
  const limit = parseLimit(queryParam(event, 'limit'));
  const startKey = decodeCursor(queryParam(event, 'cursor', MAX_CURSOR_LENGTH), DELETED_SCOPE, DeletedCursorSchema);
  const page = await listDeletedCases(limit, startKey);
  // The ids returned: a list records what it showed.
  audit(event).touched(
    'case',
    page.items.map((c) => c.case_id),
  );
  const names = await ownerNames(page.items.flatMap((c) => [c.user_id, c.deleted_by ?? '']).filter(Boolean));
  const cases = page.items.map((c) => ({
    ...toApiDeletedCase(c),
    owner_name: names.get(c.user_id) ?? '',
    deleted_by_name: names.get(c.deleted_by ?? '') ?? '',
  }));
  return ok({
    success: true,
    cases,
    count: cases.length,
    ...(page.lastKey ? { next_cursor: encodeCursor(DELETED_SCOPE, page.lastKey) } : {}),
  });
}

/**
 * POST /case/restore { case_id } (user_type >= 100, else 403) ->
 * `{ success, message: 'Case restored successfully', case }`: back in every list, search and count,
 * with its documents. 404 'Case not found' when no such case is deleted; 409
 * 'A case can be restored only within 30 days of its deletion' (repository RESTORE_EXPIRED_MESSAGE)
 * more than 30 days after the delete; 400 without case_id. The audit entry holds the case id.
 */
async function restore(event: ApiEvent) {
  const caller = requireCaller(event);
  await requireRestorer(event);
  const input = parseInput(RestoreCaseBodySchema, bodyObject(event));
  audit(event).touched('case', [input.case_id]);
  const item = await restoreCase(input.case_id, { actor: caller.sub });
  return ok({ success: true, message: 'Case restored successfully', case: await apiCaseWithNames(item) });
}

const api = apiHandler(
  'case',
  {
    'GET /case/health': health,
    'GET /health': systemHealth,
    'GET /case/filter': filter,
    'GET /case/stats': stats,
    'GET /case/analytics': analytics,
    'GET /case/deleted': listDeleted,
    'POST /case/restore': restore,
    'GET /case/notes': getNotes,
    'POST /case/notes': postNote,
    'GET /case': getOneOrList,
    'POST /case': create,
    'PATCH /case': update,
    'PUT /case': setStatus,
    'POST /case/bulk': (event: ApiEvent) => bulkUpdate(event, patchCase),
    'DELETE /case': remove,
    'GET /openapi.json': openApiDocument,
  },
  { writeAudit: writeAuditEntry },
);

const purge = observed((_event: PurgeEvent, context: Context) => purgeDeletedCases({ runId: context?.awsRequestId }));

/**
 * The Lambda entry point: API Gateway events through the routes above, or the internal event of
 * the daily schedule `{ type: 'suture.purge-deleted-cases' }` (the 30-day purge, ./purge.ts;
 * docs/decisions/0006-soft-delete-and-30-day-purge.md), which answers `{ purged: string[], more: boolean }`.
 */
export function handler(event: ApiEvent, context: Context): Promise<APIGatewayProxyStructuredResultV2>;
export function handler(event: PurgeEvent, context: Context): Promise<PurgeResult>;
export async function handler(event: ApiEvent | PurgeEvent, context: Context): Promise<unknown> {
  if (isPurgeEvent(event)) return purge(event, context);
  return api(event as ApiEvent, context);
}
