/**
 * Reports generated, kept server-side (issue 8, section 5: "Reports are recorded server-side (id,
 * reportType, userId, generatedAt, status, filename, case count, total), and the page lists the
 * caller's 10 most recent"), in the reports table (lambdas/lib/tables.ts `REPORTS_TABLE`).
 *
 * Item: `user_id` (the back-office user who asked; partition), `report_id` (sort key and id:
 * `reportId(generated_at, random)`), `report_type`, `target_user_id` ('' = every provider),
 * `generated_at` (ISO), `status` ('success' | 'error'), `filename`, `case_count`, `total_cents`
 * (integer cents). Never patient data.
 */
import { randomBytes } from 'node:crypto';
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { REPORT_HISTORY_LIMIT, centsToDollars, type ReportHistoryEntry } from '../../../shared';
import { ddb } from '../../lib/aws';
import { getEnv } from '../../lib/env';
import { reportId } from './keys';

export interface ReportRecord {
  callerId: string;
  reportType: string;
  /** The provider asked for; '' for every provider. */
  targetUserId: string;
  generatedAt: Date;
  status: 'success' | 'error';
  filename: string;
  caseCount: number;
  totalCents: number;
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
        generated_at: generatedAt,
        status: record.status,
        filename: record.filename,
        case_count: record.caseCount,
        total_cents: record.totalCents,
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
  return (out.Items ?? []).map((item) => ({
    id: String(item.report_id),
    reportType: String(item.report_type ?? ''),
    userId: String(item.target_user_id ?? ''),
    generatedAt: String(item.generated_at ?? ''),
    status: item.status === 'success' ? 'success' : 'error',
    filename: String(item.filename ?? ''),
    case_count: typeof item.case_count === 'number' ? item.case_count : 0,
    total: centsToDollars(typeof item.total_cents === 'number' ? item.total_cents : 0),
  }));
}
