/**
 * /case Lambda (spec provider-side sections 3, 4, 5, 7; issue 2, sections 3 and 4).
 *
 * - GET /case/health (no token) -> { status: 'ok', service: 'case', time }.
 * - GET /case?case_id= -> { success, case } (procedure_codes as [{ procedure_code, procedure_desc }]).
 *   Missing, or someone else's case for a provider -> 404 'Case not found' (no existence leak).
 * - GET /case?status=&user_id= -> { success, cases, count }, newest first. status: a number
 *   (0..90) or a filter key; absent or 'all' = every status. user_id: a provider may pass only their
 *   own id (or none); another id -> 403 'No cases found or insufficient permissions'. Back office
 *   (user_type >= 10) may pass any id, or none for all users' cases.
 * - GET /case/filter?user_id=&filter= -> { success, cases, count }: the user's cases of one status
 *   (same user_id rule; no user_id = the caller's own).
 * - POST /case -> 201 { success, message, case_id, case }. New cases start at 0 (Incomplete);
 *   user_id is the caller; a body case_id is kept only when it is `${sub}_<ms>`, else generated;
 *   surgeon_id / facility_id must be among the caller's own (else 400 'Primary surgeon not found'
 *   / 'Facility not found').
 * - PATCH /case (case_id + any fields) -> { success, message, case }: the owner or back office;
 *   only sent fields change; file fields cleared with '' or null; pay_amount (dollars) back office
 *   only (403 otherwise); `version` in the body (optional) must match (409 otherwise).
 * - PUT /case { case_id, case_status } -> { success, message, case }: user_type >= 10 only (403).
 * - DELETE /case?case_id= -> { success, message }: the owner or back office; else 404.
 */
import { z } from 'zod';
import {
  API_MESSAGES,
  CASE_STATUSES,
  CaseStatusBodySchema,
  CreateCaseBodySchema,
  UpdateCaseBodySchema,
  canChangeCaseStatus,
  caseStatusByKey,
  dollarsToCents,
  isBackOffice,
  isCaseStatus,
  liftPatient,
  parseFileKeys,
} from '../../shared';
import { callerUserType, canActOnOwnedItem, requireCaller, resolveScope } from '../lib/auth';
import { ForbiddenError, NotFoundError, ValidationError, type FieldError } from '../lib/errors';
import { bodyObject, created, ok, queryParam, type ApiEvent } from '../lib/http';
import { apiHandler } from '../lib/middleware';
import { buildCaseId } from '../lib/tables';
import { parseInput } from '../lib/validation';
import { getEnv } from '../lib/env';
import { invokeAsync } from '../lib/invoke';
import { logger } from '../lib/logger';
import { getFacility } from '../facility/repository';
import { getSurgeon } from '../surgeon/repository';
import {
  createCase,
  deleteCase,
  getCase,
  listAllCases,
  listCasesByStatus,
  listCasesForUser,
  toApiCases,
  updateCase,
  type CaseItem,
  type CasePatch,
} from './repository';

export const SURGEON_NOT_FOUND = 'Primary surgeon not found';
export const FACILITY_NOT_FOUND = 'Facility not found';
export const STATUS_PARAM_MESSAGE = `status must be one of ${CASE_STATUSES.map((s) => s.value).join(', ')} or a status filter key`;

/** Parse a status query parameter: a number, a filter key, or ''/'all' (= undefined). */
export function parseStatusParam(value: string | undefined, field = 'status'): number | undefined {
  if (value === undefined || value === '' || value.toLowerCase() === 'all') return undefined;
  const n = /^\d+$/.test(value) ? Number(value) : caseStatusByKey(value.toLowerCase())?.value;
  if (n === undefined || !isCaseStatus(n)) throw new ValidationError([{ field, message: STATUS_PARAM_MESSAGE }]);
  return n;
}

/** `${sub}_<ms>`: the only client-chosen case ids accepted (spec provider-side section 3). */
export function isOwnCaseId(caseId: string | undefined, sub: string): caseId is string {
  if (!caseId || !caseId.startsWith(`${sub}_`)) return false;
  return /^\d{10,16}$/.test(caseId.slice(sub.length + 1));
}

/** The case if the caller may act on it, else 404 'Case not found' (same answer as a missing case). */
async function accessibleCase(event: ApiEvent, caseId: string): Promise<CaseItem> {
  const caller = requireCaller(event);
  const item = await getCase(caseId);
  if (!item) throw new NotFoundError(API_MESSAGES.caseNotFound);
  const userType = item.user_id === caller.sub ? 0 : await callerUserType(event);
  if (!canActOnOwnedItem(caller.sub, userType, item.user_id)) throw new NotFoundError(API_MESSAGES.caseNotFound);
  return item;
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

function fileKeysText(value: string | Record<string, unknown> | null | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (value === null) return '';
  return typeof value === 'string' ? value.trim() : JSON.stringify(value);
}

async function health() {
  return ok({ status: 'ok', service: 'case', time: new Date().toISOString() });
}

async function getOneOrList(event: ApiEvent) {
  const caseId = queryParam(event, 'case_id');
  if (caseId) {
    const item = await accessibleCase(event, caseId);
    return ok({ success: true, case: (await toApiCases([item]))[0] });
  }
  const status = parseStatusParam(queryParam(event, 'status'));
  const userId = await resolveScope(event, queryParam(event, 'user_id'), {
    allowAll: true,
    forbiddenMessage: API_MESSAGES.noCasesOrPermission,
  });
  const items =
    userId !== undefined
      ? await listCasesForUser(userId, status)
      : status !== undefined
        ? await listCasesByStatus(status)
        : await listAllCases();
  const cases = await toApiCases(items);
  return ok({ success: true, cases, count: cases.length });
}

async function filter(event: ApiEvent) {
  const status = parseStatusParam(queryParam(event, 'filter'), 'filter');
  const userId = (await resolveScope(event, queryParam(event, 'user_id'), {
    forbiddenMessage: API_MESSAGES.noCasesOrPermission,
  })) as string;
  const cases = await toApiCases(await listCasesForUser(userId, status));
  return ok({ success: true, cases, count: cases.length });
}

async function create(event: ApiEvent) {
  const caller = requireCaller(event);
  const input = parseInput(CreateCaseBodySchema, liftPatient(bodyObject(event)));
  await checkReferences(caller.sub, input.surgeon_id, input.facility_id);
  const now = new Date();
  const item = await createCase(
    {
      user_id: caller.sub,
      case_id: isOwnCaseId(input.case_id, caller.sub) ? input.case_id : buildCaseId(caller.sub, now.getTime()),
      case_date: input.case_date,
      surgeon_id: input.surgeon_id,
      facility_id: input.facility_id,
      patient_first: input.patient.first,
      patient_last: input.patient.last,
      ins_provider: input.patient.ins_provider,
      procedure_codes: input.procedure_codes,
      demo_file: input.demo_file ?? '',
      note_file: input.note_file ?? '',
      misc_file: input.misc_file ?? '',
      file_keys: fileKeysText(input.file_keys) ?? '',
    },
    { now },
  );
  const apiCase = (await toApiCases([item]))[0];
  return created({ success: true, message: 'Case created successfully', case_id: item.case_id, case: apiCase });
}

const VERSION_MESSAGE = 'version must be a whole number';
/** `version`: a number or digit text, 1 or more (no coercion of booleans or empty text). */
const PatchSchema = UpdateCaseBodySchema.extend({
  version: z
    .union([z.number(), z.string().trim().regex(/^\d+$/).transform(Number)], { error: VERSION_MESSAGE })
    .pipe(z.number().int(VERSION_MESSAGE).min(1, VERSION_MESSAGE))
    .optional(),
});

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

async function update(event: ApiEvent) {
  const body = flattenPatient(bodyObject(event));
  const input = parseInput(PatchSchema, body);
  const current = await accessibleCase(event, input.case_id);
  if (input.pay_amount !== undefined && !isBackOffice(await callerUserType(event))) {
    throw new ForbiddenError(API_MESSAGES.insufficientPermissions);
  }
  // Only a changed surgeon or facility is looked up (the form always sends both).
  await checkReferences(
    current.user_id,
    input.surgeon_id === current.surgeon_id ? undefined : input.surgeon_id,
    input.facility_id === current.facility_id ? undefined : input.facility_id,
  );

  const patch: CasePatch = {};
  const sent = (k: string) => k in body && body[k] !== undefined;
  if (sent('case_date')) patch.case_date = input.case_date;
  if (sent('surgeon_id')) patch.surgeon_id = input.surgeon_id;
  if (sent('facility_id')) patch.facility_id = input.facility_id;
  if (sent('patient_first')) patch.patient_first = input.patient_first;
  if (sent('patient_last')) patch.patient_last = input.patient_last;
  if (sent('ins_provider')) patch.ins_provider = input.ins_provider;
  if (sent('procedure_codes')) patch.procedure_codes = input.procedure_codes;
  if (sent('demo_file')) patch.demo_file = input.demo_file ?? '';
  if (sent('note_file')) patch.note_file = input.note_file ?? '';
  if (sent('misc_file')) patch.misc_file = input.misc_file ?? '';
  if (sent('file_keys')) patch.file_keys = fileKeysText(input.file_keys) ?? '';
  if (input.pay_amount !== undefined) {
    patch.pay_amount_cents = input.pay_amount === null ? null : dollarsToCents(input.pay_amount);
  }

  const item = await updateCase(current.case_id, patch, {
    expectedVersion: input.version ?? current.version,
    ownerId: current.user_id,
  });
  return ok({ success: true, message: 'Case updated successfully', case: (await toApiCases([item]))[0] });
}

async function setStatus(event: ApiEvent) {
  requireCaller(event);
  if (!canChangeCaseStatus(await callerUserType(event))) throw new ForbiddenError(API_MESSAGES.insufficientPermissions);
  const input = parseInput(CaseStatusBodySchema, bodyObject(event));
  const current = await getCase(input.case_id);
  if (!current) throw new NotFoundError(API_MESSAGES.caseNotFound);
  const item = await updateCase(
    current.case_id,
    { case_status: input.case_status },
    { expectedVersion: current.version, ownerId: current.user_id },
  );
  return ok({ success: true, message: 'Case status updated successfully', case: (await toApiCases([item]))[0] });
}

async function remove(event: ApiEvent) {
  const caseId = queryParam(event, 'case_id');
  if (!caseId) throw new ValidationError([{ field: 'case_id', message: 'case_id is required' }]);
  const current = await accessibleCase(event, caseId);
  await deleteCase(current.case_id);
  // The files go too (issue 6, section 3): the document Lambda, the only one with a bucket grant,
  // deletes them asynchronously. The case is already gone, so a failure here is logged, not answered.
  const files = parseFileKeys(current.file_keys);
  const keys = [current.demo_file, current.note_file, current.misc_file, files.demographic_sheet, files.op_note]
    .concat(files.misc_documents)
    .filter((k): k is string => typeof k === 'string' && k !== '');
  const documentFunction = getEnv().DOCUMENT_FUNCTION_NAME;
  if (keys.length && documentFunction) {
    try {
      await invokeAsync(documentFunction, {
        type: 'suture.delete-case-documents',
        case_id: current.case_id,
        owner_id: current.user_id,
        keys: [...new Set(keys)],
      });
    } catch (err) {
      logger.error('Could not ask for the documents of a deleted case to be deleted', {
        error: (err as Error)?.message,
      });
    }
  }
  return ok({ success: true, message: 'Case deleted successfully' });
}

export const handler = apiHandler('case', {
  'GET /case/health': health,
  'GET /case/filter': filter,
  'GET /case': getOneOrList,
  'POST /case': create,
  'PATCH /case': update,
  'PUT /case': setStatus,
  'DELETE /case': remove,
});
