/**
 * The 30-day purge of soft-deleted cases (decision record 0006): cases deleted more than
 * {@link RESTORE_WINDOW_DAYS} days ago are removed for good, with their documents.
 *
 * Run by a schedule on AWS (an EventBridge rule, infra/api.ts, sends {@link PURGE_EVENT} to the case
 * Lambda once a day); the event carries no clock and no ids, so whoever may invoke the function can
 * only purge what is already past the window. Reads one Query of the `byDeleted` index
 * (`deleted_p = 'deleted' AND deleted_at < cutoff`, oldest first; never a Scan), at most
 * {@link PURGE_BATCH} cases per run (the next run takes the rest). Each case is removed by a
 * DeleteItem conditional on the `deleted_at` read (a case restored in between is left alone); its
 * counters were already taken out at the soft delete, so none change here. Its notes are deleted
 * (lambdas/data/notes/repository.ts). Then the document Lambda
 * (the only one with a bucket grant) is asked to delete its files (the same internal event as the
 * detach of a PATCH, `suture.delete-case-documents`, asynchronous): the attached documents and
 * the ones soft-deleted from the case earlier (`deleted_documents`). The removal is logged with the
 * case ids only (no PHI).
 *
 * Audit (decision record 0006; "that removal is audited too"): before each DeleteItem, one entry is
 * written through the same writer as the middleware (lambdas/lib/audit-writer.ts), actor `system`,
 * action {@link PURGE_AUDIT_ACTION}, resource `case` and the case id, outcome `allowed`. A failed
 * audit write stops the purge of that case (it stays deleted; the next run tries again) and the run
 * rejects with that error after the cases before it. When the DeleteItem then finds the case restored
 * meanwhile, a second entry with outcome `failed` (status 409) says the removal did not happen.
 */
import { randomUUID } from 'node:crypto';
import { parseFileKeys } from '../../shared';
import { PURGE_AUDIT_ACTION } from '../../shared/api-routes';
import { getEnv } from '../lib/env';
import { isConditionalCheckFailed } from '../lib/errors';
import { invokeAsync } from '../lib/invoke';
import { logger } from '../lib/logger';
import { systemAuditEntry, type AuditWriter } from '../lib/audit';
import { writeAuditEntry } from '../lib/audit-writer';
import { RESTORE_WINDOW_DAYS, expiredDeletedCases, purgeDeletedCase, type CaseItem } from '../data/case/repository';
import { deleteNotesOfCase } from '../data/notes/repository';

/** `type` of the internal event that runs the purge (the schedule's input). */
export const PURGE_EVENT = 'suture.purge-deleted-cases';
/** `action` of the audit entry of a removal for good (decision record 0006; declared in shared/api-routes.ts). */
export { PURGE_AUDIT_ACTION };
/** Cases removed at most per run. */
export const PURGE_BATCH = 200;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The internal event of the schedule. */
export interface PurgeEvent {
  type: typeof PURGE_EVENT;
}
/** What a purge run answers: the case ids removed, and whether more are past the window. */
export interface PurgeResult {
  purged: string[];
  more: boolean;
}

/** true for the internal event `{ type: PURGE_EVENT }`. */
export function isPurgeEvent(event: unknown): event is PurgeEvent {
  return !!event && typeof event === 'object' && (event as { type?: unknown }).type === PURGE_EVENT;
}

/**
 * Every document key a case references (flat fields, file_keys, and the documents soft-deleted from
 * it, `deleted_documents`), without blanks or repeats.
 */
export function documentKeysOf(item: CaseItem): string[] {
  const files = parseFileKeys(item.file_keys ?? '');
  const removed = Array.isArray(item.deleted_documents) ? item.deleted_documents.map((d) => d?.key) : [];
  const keys = [item.demo_file, item.note_file, item.misc_file, files.demographic_sheet, files.op_note].concat(
    files.misc_documents,
    removed,
  );
  return [...new Set(keys.filter((k): k is string => typeof k === 'string' && k !== ''))];
}

/**
 * Remove for good the cases deleted more than {@link RESTORE_WINDOW_DAYS} days before `now` (ms
 * precision), at most `limit` (default {@link PURGE_BATCH}), oldest delete first, each after its
 * audit entry (see the module doc), and ask for their documents to be deleted. Resolves with the ids
 * removed and whether more are waiting. A failure to ask for the documents is logged (the case is
 * already gone); a failed audit write or a DynamoDB error rejects (the cases before it are purged).
 * `runId` (the Lambda request id; default random) prefixes each entry's request id
 * (`<runId>:<case_id>`); `writeAudit` defaults to the audit table's writer (tests pass a failing one).
 */
export async function purgeDeletedCases(
  options: { now?: Date; limit?: number; runId?: string; writeAudit?: AuditWriter } = {},
): Promise<PurgeResult> {
  const now = options.now ?? new Date();
  const runId = options.runId || `purge-${randomUUID()}`;
  const writeAudit = options.writeAudit ?? writeAuditEntry;
  const limit = options.limit ?? PURGE_BATCH;
  const cutoff = new Date(now.getTime() - RESTORE_WINDOW_DAYS * DAY_MS).toISOString();
  const { items: found, more } = await expiredDeletedCases(cutoff, limit);
  const batch = found.slice(0, limit);
  const purged: string[] = [];
  const documentFunction = getEnv().DOCUMENT_FUNCTION_NAME;
  for (const item of batch) {
    const entry = (outcome: 'allowed' | 'failed') =>
      systemAuditEntry({
        action: PURGE_AUDIT_ACTION,
        resourceType: 'case',
        ids: [item.case_id],
        caseId: item.case_id,
        outcome,
        ...(outcome === 'failed' ? { status: 409 } : {}),
        // Unique per entry: it makes the entry's sort key.
        requestId: `${runId}:${item.case_id}${outcome === 'failed' ? ':not-removed' : ''}`,
        now,
      });
    // No unaudited removal: a failed write stops here, before the case is touched.
    await writeAudit(entry('allowed'));
    try {
      await purgeDeletedCase(item);
    } catch (err) {
      // Restored (or purged by another run) since the Query: leave it, and say so in the trail.
      if (isConditionalCheckFailed(err)) {
        await writeAudit(entry('failed')).catch((e: unknown) =>
          logger.error('Could not record an abandoned purge', { case_id: item.case_id, error: (e as Error)?.message }),
        );
        continue;
      }
      throw err;
    }
    purged.push(item.case_id);
    // Its notes go with it; the case is gone, so a failure here cannot be retried by a later run.
    await deleteNotesOfCase(item.case_id).catch((err: unknown) =>
      logger.error('Could not delete the notes of a purged case', {
        case_id: item.case_id,
        error: (err as Error)?.message,
      }),
    );
    const keys = documentKeysOf(item);
    if (!keys.length || !documentFunction) continue;
    try {
      await invokeAsync(documentFunction, {
        type: 'suture.delete-case-documents',
        case_id: item.case_id,
        owner_id: item.user_id,
        keys,
      });
    } catch (err) {
      logger.error('Could not ask for the documents of a purged case to be deleted', {
        case_id: item.case_id,
        error: (err as Error)?.message,
      });
    }
  }
  logger.info('Purged soft-deleted cases', { count: purged.length, case_ids: purged });
  return { purged, more };
}
