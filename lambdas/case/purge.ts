/**
 * The 30-day purge of soft-deleted cases (issue 9, section 2): cases deleted more than
 * {@link RESTORE_WINDOW_DAYS} days ago are removed for good, with their documents.
 *
 * Run by a schedule on AWS (an EventBridge rule, infra/api.ts, sends {@link PURGE_EVENT} to the case
 * Lambda once a day); the event carries no clock and no ids, so whoever may invoke the function can
 * only purge what is already past the window. Reads one Query of the `byDeleted` index
 * (`deleted_p = 'deleted' AND deleted_at < cutoff`, oldest first; never a Scan), at most
 * {@link PURGE_BATCH} cases per run (the next run takes the rest). Each case is removed by a
 * DeleteItem conditional on the `deleted_at` read (a case restored in between is left alone); its
 * counters were already taken out at the soft delete, so none change here. Then the document Lambda
 * (the only one with a bucket grant) is asked to delete its files (the same internal event as the
 * detach of a PATCH, `suture.delete-case-documents`, asynchronous). The removal is logged with the
 * case ids only (no PHI); the audit trail of H-audit records it when it lands.
 */
import { DeleteCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { parseFileKeys } from '../../shared';
import { ddb } from '../lib/aws';
import { getEnv } from '../lib/env';
import { isConditionalCheckFailed } from '../lib/errors';
import { invokeAsync } from '../lib/invoke';
import { logger } from '../lib/logger';
import { DELETED_CASES_PARTITION } from '../lib/tables';
import { RESTORE_WINDOW_DAYS, type CaseItem } from './repository';

/** `type` of the internal event that runs the purge (the schedule's input). */
export const PURGE_EVENT = 'suture.purge-deleted-cases';
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

/** Every document key a case references (flat fields and file_keys), without blanks or repeats. */
export function documentKeysOf(item: CaseItem): string[] {
  const files = parseFileKeys(item.file_keys ?? '');
  const keys = [item.demo_file, item.note_file, item.misc_file, files.demographic_sheet, files.op_note].concat(
    files.misc_documents,
  );
  return [...new Set(keys.filter((k): k is string => typeof k === 'string' && k !== ''))];
}

/**
 * Remove for good the cases deleted more than {@link RESTORE_WINDOW_DAYS} days before `now` (ms
 * precision), at most `limit` (default {@link PURGE_BATCH}), oldest delete first, and ask for their
 * documents to be deleted. Resolves with the ids removed and whether more are waiting. A failure to
 * ask for the documents is logged (the case is already gone); a DynamoDB error rejects.
 */
export async function purgeDeletedCases(options: { now?: Date; limit?: number } = {}): Promise<PurgeResult> {
  const now = options.now ?? new Date();
  const limit = options.limit ?? PURGE_BATCH;
  const cutoff = new Date(now.getTime() - RESTORE_WINDOW_DAYS * DAY_MS).toISOString();
  const table = getEnv().CASES_TABLE;
  const out = await ddb().send(
    new QueryCommand({
      TableName: table,
      IndexName: 'byDeleted',
      KeyConditionExpression: '#p = :p AND #da < :cutoff',
      ExpressionAttributeNames: { '#p': 'deleted_p', '#da': 'deleted_at' },
      ExpressionAttributeValues: { ':p': DELETED_CASES_PARTITION, ':cutoff': cutoff },
      ScanIndexForward: true,
      Limit: limit + 1,
    }),
  );
  const found = (out.Items ?? []) as CaseItem[];
  const batch = found.slice(0, limit);
  const purged: string[] = [];
  const documentFunction = getEnv().DOCUMENT_FUNCTION_NAME;
  for (const item of batch) {
    try {
      await ddb().send(
        new DeleteCommand({
          TableName: table,
          Key: { case_id: item.case_id },
          ConditionExpression: '#da = :da',
          ExpressionAttributeNames: { '#da': 'deleted_at' },
          ExpressionAttributeValues: { ':da': item.deleted_at },
        }),
      );
    } catch (err) {
      // Restored (or purged by another run) since the Query: leave it.
      if (isConditionalCheckFailed(err)) continue;
      throw err;
    }
    purged.push(item.case_id);
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
  return { purged, more: found.length > limit || out.LastEvaluatedKey !== undefined };
}
