/**
 * The application metrics (Powertools Metrics, CloudWatch embedded metric format): requests by route
 * and status class, audit writes and document confirms by outcome, the export job's memory peaks.
 * Stored during a request and
 * written once, as one EMF line, when the request ends (`observed` in ./middleware.ts).
 *
 * Namespace from `POWERTOOLS_METRICS_NAMESPACE` (`Suture/<stage>`, set by infra/monitoring.ts, which
 * alarms on {@link METRIC_NAMES}.auditWriteFailed); `POWERTOOLS_METRICS_DISABLED=true` turns them off
 * (the local runtime does, unless `SUTURE_OBSERVABILITY=1`). Dimensions never carry ids or PHI.
 * See docs/decisions/0013-observability.md.
 */
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { ERROR_STATUS } from './errors';
import { logger } from './logger';

/** The `service` dimension of every metric. */
export const SERVICE_DIMENSION = 'suture';

/** Every count Suture emits (its other metrics: {@link EXPORT_MEMORY_METRICS}). */
export const METRIC_NAMES = {
  requests: 'Requests',
  auditWriteSucceeded: 'AuditWriteSucceeded',
  auditWriteFailed: 'AuditWriteFailed',
  documentConfirmed: 'DocumentConfirmed',
  /** A confirm answered 4xx (not found, not the caller's, not a PDF, ...). */
  documentConfirmRefused: 'DocumentConfirmRefused',
  /** A confirm that threw an error answered 5xx. */
  documentConfirmFailed: 'DocumentConfirmFailed',
  /** An access-log line the refusals Lambda could not read (lambdas/refusals/). */
  accessLogLineMalformed: 'AccessLogLineMalformed',
} as const;

/** The export job's memory peaks, in megabytes, one of each a job (lambdas/export/memory.ts). */
export const EXPORT_MEMORY_METRICS = { heapPeak: 'ExportHeapPeak', rssPeak: 'ExportRssPeak' } as const;

/** A metric name of {@link METRIC_NAMES}. */
export type MetricName = (typeof METRIC_NAMES)[keyof typeof METRIC_NAMES];

/** The one Metrics instance of a Lambda; its own warnings go to the structured logger. */
export const metrics = new Metrics({ serviceName: SERVICE_DIMENSION, logger });

/** Add `value` (default 1) to the count `name`. */
export function count(name: MetricName, value = 1): void {
  metrics.addMetric(name, MetricUnit.Count, value);
}

/** `2xx`, `3xx`, `4xx` or `5xx` of an HTTP status (anything outside 200 to 599 is `5xx`). */
export function statusClass(status: number): string {
  return status >= 200 && status < 600 ? `${Math.floor(status / 100)}xx` : '5xx';
}

/**
 * Count a request by its route key (`GET /case`) and status class. Every metric of the request is
 * then published under three dimension sets: `service` alone (what the alarms read), `service` and
 * `statusClass`, and `service`, `route` and `statusClass`.
 */
export function countRequest(routeKey: string | undefined, status: number): void {
  const cls = statusClass(status);
  count(METRIC_NAMES.requests);
  // An empty set publishes under the default dimensions only (service).
  metrics.addDimensions({});
  metrics.addDimensions({ statusClass: cls });
  if (routeKey) metrics.addDimensions({ route: routeKey, statusClass: cls });
}

/** The status the middleware answers for a thrown value (see errorResponse in ./middleware.ts). */
function answeredStatus(err: unknown): number {
  const e = err as { name?: unknown; statusCode?: unknown; expose?: unknown } | null;
  if (e?.name === 'ZodError') return 400;
  const mapped = typeof e?.name === 'string' ? ERROR_STATUS[e.name] : undefined;
  if (mapped !== undefined) return mapped;
  return typeof e?.statusCode === 'number' && e.expose === true ? e.statusCode : 500;
}

/**
 * Wrap a route handler so that its outcome is counted: `succeeded` when it answers, `refused` when it
 * throws an error the middleware answers 4xx (lambdas/lib/errors.ts ERROR_STATUS), `failed` otherwise.
 * The error is rethrown unchanged.
 */
export function countOutcome<A extends unknown[], R>(
  handler: (...args: A) => Promise<R>,
  names: { succeeded: MetricName; refused: MetricName; failed: MetricName },
): (...args: A) => Promise<R> {
  return async (...args: A) => {
    try {
      const result = await handler(...args);
      count(names.succeeded);
      return result;
    } catch (err) {
      count(answeredStatus(err) < 500 ? names.refused : names.failed);
      throw err;
    }
  };
}
