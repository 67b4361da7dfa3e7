/**
 * /lists Lambda: the back office's reference lists (spec back-office "List Management"; spec back-office-and-shell
 * section 2 "List Management"; shapes in shared/schemas/reference-lists.ts). Token required on all.
 *
 * - GET /lists/insurance?search=&limit=&cursor= -> { success, insurance_types: [{ insurance_id, name,
 *   created_at, updated_at }], next_cursor?, total }: every signed-in user (the case form's insurance
 *   suggestions read it); name order, `search` = prefix of the name ignoring case and accents.
 * - POST /lists/insurance { name } -> 201 { success, message, insurance_type };
 *   PATCH /lists/insurance { insurance_id, name } -> { success, message, insurance_type };
 *   DELETE /lists/insurance?insurance_id= -> { success, message }. 409 for a name already listed, 404
 *   for an unknown id.
 * - GET /lists/doctor_types?search=&limit=&cursor= -> { success, doctor_types: [{ code, grouping,
 *   classification, specialization, display_name? }], next_cursor?, total } (NUCC taxonomy, code order).
 * - POST /lists/import { kind: 'cpt' | 'nucc', file_name, size } -> 201 { success, job, key, upload:
 *   { method: 'PUT', url, headers }, expires_in }; POST /lists/import/start { job_id } -> 202
 *   { success, job } (400 not uploaded / already started, 409 another import of that list runs); GET /lists/import?job_id= -> { success, job } (see ./imports.ts for the job).
 *
 * Who: user_type >= 100 (Global Admin, Super User) for everything but GET /lists/insurance; others
 * get 403 'Access denied: List management requires user_type >= 100'. `limit` defaults to 50 and is
 * capped at 200 (lambdas/lib/paging.ts); cursors are opaque and bound to the list and search.
 *
 * Internal event (not from API Gateway): {@link ListImportEvent}, the asynchronous self-invocation
 * that runs an import (the function name is the invocation's own `context.functionName`).
 */
import type { Context } from 'aws-lambda';
import {
  ImportRequestSchema,
  ImportStartSchema,
  InsuranceCreateSchema,
  InsuranceRenameSchema,
  LIST_MESSAGES,
  canManageLists,
} from '../../shared';
import { callerUserType, requireCaller } from '../lib/auth';
import { ForbiddenError, ValidationError } from '../lib/errors';
import { bodyObject, created, json, ok, queryParam, type ApiEvent } from '../lib/http';
import { writeAuditEntry } from '../lib/audit-writer';
import { apiHandler, observed } from '../lib/middleware';
import { audit } from '../lib/audit';
import { MAX_CURSOR_LENGTH, parseLimit } from '../lib/paging';
import { parseInput } from '../lib/validation';
import {
  createImportJob,
  getImportJob,
  isListImportEvent,
  runImportJob,
  startImportJob,
  type ListImportEvent,
} from './imports';
import {
  createInsurance,
  deleteInsurance,
  listDoctorTypes,
  listInsurance,
  renameInsurance,
} from '../data/lists/repository';

/** Throws ForbiddenError (403) unless the caller's user_type is 100 or more. */
async function requireListManager(event: ApiEvent): Promise<void> {
  if (!canManageLists(await callerUserType(event))) throw new ForbiddenError(LIST_MESSAGES.listAccessDenied);
}

function pageParams(event: ApiEvent) {
  return {
    search: queryParam(event, 'search', 100),
    limit: parseLimit(queryParam(event, 'limit')),
    cursor: queryParam(event, 'cursor', MAX_CURSOR_LENGTH),
  };
}

async function getInsurance(event: ApiEvent) {
  return ok({ success: true, ...(await listInsurance(pageParams(event))) });
}

async function addInsurance(event: ApiEvent) {
  await requireListManager(event);
  const { name } = parseInput(InsuranceCreateSchema, bodyObject(event));
  const insurance_type = await createInsurance(name);
  return created({ success: true, message: 'Insurance type added', insurance_type });
}

async function patchInsurance(event: ApiEvent) {
  await requireListManager(event);
  const { insurance_id, name } = parseInput(InsuranceRenameSchema, bodyObject(event));
  const insurance_type = await renameInsurance(insurance_id, name);
  return ok({ success: true, message: 'Insurance type renamed', insurance_type });
}

async function removeInsurance(event: ApiEvent) {
  await requireListManager(event);
  const id = queryParam(event, 'insurance_id');
  if (!id) throw new ValidationError([{ field: 'insurance_id', message: 'insurance_id is required' }]);
  await deleteInsurance(id);
  return ok({ success: true, message: 'Insurance type removed' });
}

async function getDoctorTypes(event: ApiEvent) {
  await requireListManager(event);
  return ok({ success: true, ...(await listDoctorTypes(pageParams(event))) });
}

async function requestImport(event: ApiEvent) {
  await requireListManager(event);
  const request = parseInput(ImportRequestSchema, bodyObject(event));
  const ticket = await createImportJob(request, requireCaller(event).sub);
  audit(event).touched('list-import', [ticket.job.job_id]);
  return created({ success: true, ...ticket });
}

async function startImport(event: ApiEvent, context: Context) {
  await requireListManager(event);
  const { job_id } = parseInput(ImportStartSchema, bodyObject(event));
  audit(event).touched('list-import', [job_id]);
  return json(202, { success: true, job: await startImportJob(job_id, context.functionName) });
}

async function importStatus(event: ApiEvent) {
  await requireListManager(event);
  const jobId = queryParam(event, 'job_id', 100);
  if (!jobId) throw new ValidationError([{ field: 'job_id', message: 'job_id is required' }]);
  return ok({ success: true, job: await getImportJob(jobId) });
}

const api = apiHandler(
  'lists',
  {
    'GET /lists/insurance': getInsurance,
    'POST /lists/insurance': addInsurance,
    'PATCH /lists/insurance': patchInsurance,
    'DELETE /lists/insurance': removeInsurance,
    'GET /lists/doctor_types': getDoctorTypes,
    'POST /lists/import': requestImport,
    'POST /lists/import/start': startImport,
    'GET /lists/import': importStatus,
  },
  { writeAudit: writeAuditEntry },
);

const importJob = observed((event: ListImportEvent) => runImportJob(event.job_id));

/** The Lambda entry point: API Gateway events through the routes above, or an import job to run. */
export async function handler(event: unknown, context: Context): Promise<unknown> {
  if (isListImportEvent(event)) return importJob(event, context);
  return api(event as ApiEvent, context);
}
