/**
 * /export Lambda: exports of a list above the browser's 10,000 rows
 * (docs/decisions/0029-server-exports.md; shapes in shared/schemas/export.ts). Token required.
 *
 * - POST /export { list, filters } -> 202 { success, export_id }: the caller needs what the list's
 *   own call needs (403 with its message otherwise); an unknown list or filter, or a filter value
 *   the list refuses -> 400 naming it, and nothing is written.
 * - GET /export?export_id= -> { success, export_id, list, state, rows, url?, expires_in?, error? }:
 *   the caller's own exports only (any other id -> 404).
 *
 * Internal event (not from API Gateway): {@link ExportJobEvent}, the asynchronous self-invocation
 * that writes the file (the function name is the invocation's own `context.functionName`).
 */
import type { Context } from 'aws-lambda';
import { ExportQuerySchema, ExportRequestSchema } from '../../shared/schemas/export';
import { requireCaller } from '../lib/auth';
import { bodyObject, json, ok, queryParams, type ApiEvent } from '../lib/http';
import { writeAuditEntry } from '../lib/audit-writer';
import { apiHandler, observed } from '../lib/middleware';
import { audit } from '../lib/audit';
import { parseInput } from '../lib/validation';
import { exportStatus, isExportJobEvent, runExport, startExport, type ExportJobEvent } from './job';

async function start(event: ApiEvent, context: Context) {
  const caller = requireCaller(event);
  const request = parseInput(ExportRequestSchema, bodyObject(event));
  const exportId = await startExport(
    request,
    { user_id: caller.sub, ...(caller.username ? { username: caller.username } : {}) },
    context.functionName,
  );
  audit(event).touched('export', [exportId]);
  return json(202, { success: true, export_id: exportId });
}

async function status(event: ApiEvent) {
  const caller = requireCaller(event);
  const { export_id } = parseInput(ExportQuerySchema, { export_id: queryParams(event).export_id?.trim() });
  // A 404 may hide another user's export.
  audit(event).touched('export', [export_id]).deniedIfNotFound();
  return ok(await exportStatus(caller.sub, export_id));
}

const api = apiHandler('export', { 'POST /export': start, 'GET /export': status }, { writeAudit: writeAuditEntry });

const exportJob = observed((event: ExportJobEvent) => runExport(event));

/** The Lambda entry point: API Gateway events through the routes above, or an export to write. */
export async function handler(event: unknown, context: Context): Promise<unknown> {
  if (isExportJobEvent(event)) return exportJob(event, context);
  return api(event as ApiEvent, context);
}
