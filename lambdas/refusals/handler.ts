/**
 * The refusals Lambda: writes one `denied` audit entry for each request the HTTP API's JWT
 * authorizer refused with 401, read from the API's access log through a CloudWatch Logs
 * subscription (infra/refusals.ts; docs/decisions/0012-refused-requests-in-the-audit-trail.md).
 * Such a request never reaches a Lambda, so the middleware could not audit it.
 *
 * Entries have the middleware's shape and go through its writer (lambdas/lib/audit-writer.ts), one
 * PutItem each that never replaces an existing entry: the audit table stays append-only (no
 * BatchWriteItem, which may also delete), and a batch delivered again writes nothing twice.
 */
import type { CloudWatchLogsEvent } from 'aws-lambda';
import { refusedRequestEntry } from '../lib/audit';
import { writeAuditEntry } from '../lib/audit-writer';
import { logger } from '../lib/logger';
import { METRIC_NAMES, count } from '../lib/metrics';
import { observed } from '../lib/middleware';
import { decodeSubscriptionPayload, scanRefusals } from './access-log';

/** Audit writes in flight at once (a delivery may carry thousands of lines). */
export const WRITES_IN_FLIGHT = 25;

/** What one delivery did: entries written (or already there), lines ignored, lines malformed. */
export interface RefusalsResult {
  recorded: number;
  ignored: number;
  malformed: number;
}

/** Some entries of a delivery could not be written; Lambda delivers it again (the written ones are kept). */
export class RefusalAuditWriteError extends Error {
  override name = 'RefusalAuditWriteError';
}

/**
 * Record the refusals of one subscription delivery. Malformed lines are counted
 * (`AccessLogLineMalformed`) and logged without their text (it holds the client's user agent), not thrown.
 * @throws SubscriptionPayloadError when `awslogs.data` does not decode;
 *   RefusalAuditWriteError after every entry was tried, when some could not be written.
 */
export async function recordRefusals(event: CloudWatchLogsEvent): Promise<RefusalsResult> {
  const payload = decodeSubscriptionPayload(event.awslogs.data);
  const scan = scanRefusals(payload);
  if (scan.malformed > 0) {
    count(METRIC_NAMES.accessLogLineMalformed, scan.malformed);
    logger.warn('Access-log lines could not be read', { malformed: scan.malformed, logGroup: payload.logGroup });
  }
  const failures: unknown[] = [];
  for (let i = 0; i < scan.refusals.length; i += WRITES_IN_FLIGHT) {
    const writes = scan.refusals
      .slice(i, i + WRITES_IN_FLIGHT)
      .map((r) => writeAuditEntry(refusedRequestEntry(r), Date.now(), { ifAbsent: true }));
    for (const outcome of await Promise.allSettled(writes)) {
      if (outcome.status === 'rejected') failures.push(outcome.reason);
    }
  }
  if (failures.length > 0) {
    throw new RefusalAuditWriteError(`${failures.length} of ${scan.refusals.length} refusal entries were not written`, {
      cause: failures[0],
    });
  }
  return { recorded: scan.refusals.length, ignored: scan.ignored, malformed: scan.malformed };
}

/** The Lambda entry point (a CloudWatch Logs subscription delivery, invoked asynchronously). */
export const handler = observed((event: CloudWatchLogsEvent) => recordRefusals(event));
