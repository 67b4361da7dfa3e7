/**
 * /report Lambda: the provider payment report (spec back-office-and-shell
 * sections 2 "Reports", 3, 8 "Reports" and 9). Request and response shapes: shared/schemas/report.ts.
 *
 * - GET /report/permission -> 200 `{ userType, hasReportingAccess, error }` for every signed-in
 *   user: access from user_type 50 (spec section 6, Report Admin); without it `error` is
 *   'Access denied: Reporting functionality requires user_type >= 50', else null.
 * - POST /report/provider-payment `{ user_id?, time_zone? }` (user_type >= 50, else 403 with that
 *   message) -> 200 `application/pdf`, base64 body with `isBase64Encoded: true` (API Gateway sends
 *   the bytes), `Content-Disposition: attachment; filename="provider-payment-report_<all|user id
 *   first 8>_<YYYY-MM-DD_HHmmss UTC>.pdf"`, `X-Report-Cases: <n>`. The cases in status Paid (20) of
 *   `user_id`, or of every provider when it is blank or absent (lambdas/report/data.ts: indexes only,
 *   read to the end), laid out by lambdas/report/pdf.ts. None: 404 "Sorry, we can't find any cases in
 *   pending payment status."; more than MAX_REPORT_CASES cases or a PDF over MAX_PDF_BYTES: 413
 *   (lambdas/report/constants.ts). A bad body: 400, nothing recorded. Every generation past the
 *   access and input checks is recorded (lambdas/data/reports/history.ts), success or error.
 * - GET /report/history (user_type >= 50, else 403) -> 200 `{ reports: [{ id, reportType, userId,
 *   providerName, generatedAt, status, filename, case_count, total, downloadable }] }`: the caller's
 *   10 most recent, newest first; `providerName` is read once when the report is made and stored with it.
 * - GET /report/download?id= (user_type >= 50, else 403) -> 200 `{ url, filename, expires_in }`: a
 *   presigned GET of one of the caller's own kept reports (the PDF is kept under `private/reports/`
 *   of the documents bucket when it is made); any other id: 404.
 *
 * Sizing (FUNCTION_SIZING in lambdas/routes.ts, applied by infra/api.ts): 1,769 MB (one full vCPU) and 29 s, inside the HTTP API's
 * 30 s integration limit; figures in the README ("Provider payment report").
 */
import { randomUUID } from 'node:crypto';
import {
  PROVIDER_PAYMENT_REPORT,
  ProviderPaymentBodySchema,
  REPORT_DOWNLOAD_TTL_SECONDS,
  REPORT_MESSAGES,
  ReportDownloadQuerySchema,
  canReport,
  type ReportPermission,
} from '../../shared';
import { callerUserType, requireCaller } from '../lib/auth';
import { ForbiddenError, NotFoundError, PayloadTooLargeError } from '../lib/errors';
import { bodyObject, ok, queryParams, type ApiEvent, type ApiResult } from '../lib/http';
import { logger } from '../lib/logger';
import { writeAuditEntry } from '../lib/audit-writer';
import { apiHandler } from '../lib/middleware';
import { audit } from '../lib/audit';
import { parseInput } from '../lib/validation';
import { MAX_PDF_BYTES, MAX_REPORT_CASES } from './constants';
import { collectPaidCases } from './data';
import { keptReport, recentReports, recordReport } from '../data/reports/history';
import { ownerNames } from '../data/user/owners';
import { renderPaymentReport } from './pdf';
import { reportObjectKey } from '../data/reports/keys';
import { presignDownload, putObject } from '../lib/storage';

/** The file name of a report: no patient or provider name, only the scope and the time (UTC). */
export function reportFilename(targetUserId: string | undefined, generatedAt: Date): string {
  const iso = generatedAt.toISOString();
  const stamp = `${iso.slice(0, 10)}_${iso.slice(11, 19).replace(/:/g, '')}`;
  const scope = targetUserId ? targetUserId.slice(0, 8).replace(/[^A-Za-z0-9-]/g, '') || 'provider' : 'all';
  return `provider-payment-report_${scope}_${stamp}.pdf`;
}

async function requireReporting(event: ApiEvent): Promise<void> {
  if (!canReport(await callerUserType(event))) throw new ForbiddenError(REPORT_MESSAGES.requiresUserType);
}

async function permission(event: ApiEvent) {
  const userType = await callerUserType(event);
  const access = canReport(userType);
  const body: ReportPermission = {
    userType,
    hasReportingAccess: access,
    error: access ? null : REPORT_MESSAGES.requiresUserType,
  };
  return ok(body);
}

async function providerPayment(event: ApiEvent): Promise<ApiResult> {
  const caller = requireCaller(event);
  await requireReporting(event);
  const input = parseInput(ProviderPaymentBodySchema, bodyObject(event));
  // The report's scope: one provider's id, or every provider (decision record 0005).
  audit(event).touched('provider-payment-report', [input.user_id ?? 'all-providers']);
  const generatedAt = new Date();
  const filename = reportFilename(input.user_id, generatedAt);
  const record = { callerId: caller.sub, reportType: PROVIDER_PAYMENT_REPORT, targetUserId: input.user_id ?? '' };
  let targetName = '';
  let caseCount = 0;
  let totalCents = 0;
  try {
    // Stored with the history entry, so that the history names the provider without a read per entry.
    if (input.user_id) targetName = (await ownerNames([input.user_id])).get(input.user_id) ?? '';
    const started = Date.now();
    const data = await collectPaidCases(input.user_id);
    caseCount = data.caseCount;
    totalCents = data.totalCents;
    if (data.caseCount === 0) throw new NotFoundError(REPORT_MESSAGES.notFound);
    const read = Date.now();
    const pdf = await renderPaymentReport({
      generatedAt,
      timeZone: input.time_zone,
      scope: input.user_id ? (data.providers[0]?.name ?? input.user_id) : 'All providers',
      providers: data.providers,
    });
    if (pdf.bytes.length > MAX_PDF_BYTES) {
      throw new PayloadTooLargeError(REPORT_MESSAGES.tooLarge(data.caseCount, MAX_REPORT_CASES));
    }
    // Counts and timings only: never names or case data.
    logger.info('Payment report generated', {
      cases: data.caseCount,
      providers: data.providers.length,
      listPages: data.pagesRead,
      pdfPages: pdf.pages,
      pdfBytes: pdf.bytes.length,
      readMs: read - started,
      renderMs: Date.now() - read,
    });
    const objectKey = await keepReport(caller.sub, pdf.bytes);
    await recordReport({
      ...record,
      targetName,
      generatedAt,
      status: 'success',
      filename,
      caseCount,
      totalCents,
      objectKey,
    });
    return {
      statusCode: 200,
      headers: {
        'content-type': 'application/pdf',
        'content-disposition': `attachment; filename="${filename}"`,
        'cache-control': 'no-store',
        'x-report-cases': String(data.caseCount),
      },
      body: Buffer.from(pdf.bytes).toString('base64'),
      isBase64Encoded: true,
    };
  } catch (err) {
    // The failure is recorded too (spec back-office "Reports"), then answered by the middleware as it is
    // (an unexpected error is logged there); a failed record is logged, never hides the first error.
    await recordReport({ ...record, targetName, generatedAt, status: 'error', filename, caseCount, totalCents }).catch(
      (recordErr: unknown) =>
        logger.error('Could not record a failed report', { error: (recordErr as Error)?.name ?? 'Error' }),
    );
    throw err;
  }
}

/**
 * Keep the PDF for a later download; answers its key, or undefined when it could not be written
 * (the report is still answered, its history entry just offers no download).
 */
async function keepReport(callerId: string, bytes: Uint8Array): Promise<string | undefined> {
  const key = reportObjectKey(callerId, randomUUID());
  try {
    await putObject(key, bytes, 'application/pdf');
    return key;
  } catch (err) {
    logger.error('Could not keep a report for download', { error: (err as Error)?.name ?? 'Error' });
    return undefined;
  }
}

async function download(event: ApiEvent) {
  const caller = requireCaller(event);
  await requireReporting(event);
  const { id } = parseInput(ReportDownloadQuerySchema, queryParams(event));
  audit(event).touched('provider-payment-report', [id]);
  // Looked up in the caller's own partition only: another's id names nothing here, as a made-up one.
  const kept = await keptReport(caller.sub, id);
  if (!kept) throw new NotFoundError(REPORT_MESSAGES.reportNotFound);
  const url = await presignDownload(kept.objectKey, {
    disposition: 'attachment',
    fileName: kept.filename,
    contentType: 'application/pdf',
    expiresIn: REPORT_DOWNLOAD_TTL_SECONDS,
  });
  return ok({ url, filename: kept.filename, expires_in: REPORT_DOWNLOAD_TTL_SECONDS });
}

async function history(event: ApiEvent) {
  const caller = requireCaller(event);
  await requireReporting(event);
  return ok({ reports: await recentReports(caller.sub) });
}

export const handler = apiHandler(
  'report',
  {
    'GET /report/permission': permission,
    'POST /report/provider-payment': providerPayment,
    'GET /report/history': history,
    'GET /report/download': download,
  },
  { writeAudit: writeAuditEntry },
);
