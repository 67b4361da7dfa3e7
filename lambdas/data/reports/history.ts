/**
 * Reports generated, kept server-side (spec back-office "Reports": the page lists the caller's 10
 * most recent), in the reports table (./keys.ts `REPORTS_TABLE`). Items never hold patient data; a
 * successful report's PDF is kept in the documents bucket and its key stored as `object_key`.
 */
import { randomBytes } from 'node:crypto';
import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { REPORT_HISTORY_LIMIT, centsToDollars, type ReportHistoryEntry } from '../../../shared';
import { ddb } from '../../lib/aws';
import { getEnv } from '../../lib/env';
import * as z from 'zod';
import { parseItems } from '../item';
import { reportId } from './keys';

/**
 * The item schema of a history item (the partition is the back-office user who asked; the id
 * starts with the generation time). Fields older items may lack read as empty (`target_name`, the
 * provider's name, is stored since the history names providers: older items answer '').
 */
const ReportItemSchema = z.looseObject({
  user_id: z.string(),
  report_id: z.string().min(1),
  report_type: z.string().default(''),
  target_user_id: z.string().default(''),
  target_name: z.string().default(''),
  generated_at: z.string().default(''),
  status: z.string().optional(),
  filename: z.string().default(''),
  case_count: z.number().default(0),
  total_cents: z.number().int().default(0),
  object_key: z.string().optional(),
});

export interface ReportRecord {
  callerId: string;
  reportType: string;
  /** The provider asked for; '' for every provider. */
  targetUserId: string;
  /** That provider's name when the report was made ('' for every provider or a profile without one). */
  targetName: string;
  generatedAt: Date;
  status: 'success' | 'error';
  filename: string;
  caseCount: number;
  totalCents: number;
  /** Where the PDF is kept in the documents bucket (`reportObjectKey` of ./keys.ts); absent when not kept. */
  objectKey?: string;
}

/** Write one history item; answers its id. */
export async function recordReport(record: ReportRecord): Promise<string> {
  const generatedAt = record.generatedAt.toISOString();
  const id = reportId(generatedAt, randomBytes(4).toString('hex'));
  await ddb().send(
    new PutCommand({
      TableName: getEnv().REPORTS_TABLE,
      Item: {
        user_id: record.callerId,
        report_id: id,
        report_type: record.reportType,
        target_user_id: record.targetUserId,
        ...(record.targetName ? { target_name: record.targetName } : {}),
        generated_at: generatedAt,
        status: record.status,
        filename: record.filename,
        case_count: record.caseCount,
        total_cents: record.totalCents,
        ...(record.objectKey ? { object_key: record.objectKey } : {}),
      },
    }),
  );
  return id;
}

/** The caller's most recent reports, newest first (one Query, at most `limit` items). */
export async function recentReports(callerId: string, limit = REPORT_HISTORY_LIMIT): Promise<ReportHistoryEntry[]> {
  const out = await ddb().send(
    new QueryCommand({
      TableName: getEnv().REPORTS_TABLE,
      KeyConditionExpression: 'user_id = :u',
      ExpressionAttributeValues: { ':u': callerId },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return parseItems(ReportItemSchema, out.Items, 'reports', ['user_id', 'report_id']).map((item) => ({
    id: item.report_id,
    reportType: item.report_type,
    userId: item.target_user_id,
    providerName: item.target_name,
    generatedAt: item.generated_at,
    status: item.status === 'success' ? 'success' : 'error',
    filename: item.filename,
    case_count: item.case_count,
    total: centsToDollars(item.total_cents),
    downloadable: item.status === 'success' && item.object_key !== undefined,
  }));
}

/**
 * The kept file of one of the caller's reports: its object key and file name, or undefined when the
 * caller has no such report or its file is not kept (an error, a report made before files were
 * kept). One GetItem in the caller's own partition, so no one reaches another's report.
 */
export async function keptReport(
  callerId: string,
  id: string,
): Promise<{ objectKey: string; filename: string } | undefined> {
  const out = await ddb().send(
    new GetCommand({ TableName: getEnv().REPORTS_TABLE, Key: { user_id: callerId, report_id: id } }),
  );
  const [item] = parseItems(ReportItemSchema, out.Item ? [out.Item] : [], 'reports', ['user_id', 'report_id']);
  if (!item || item.status !== 'success' || !item.object_key) return undefined;
  return { objectKey: item.object_key, filename: item.filename };
}
