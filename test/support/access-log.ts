/**
 * What CloudWatch Logs sends the refusals Lambda (lambdas/refusals/): API access-log lines in the
 * format the stack configures, wrapped in a subscription event (base64 of gzip of the JSON payload).
 */
import { gzipSync } from 'node:zlib';
import type { CloudWatchLogsEvent } from 'aws-lambda';
import type { ACCESS_LOG_FORMAT } from '../../lambdas/refusals/access-log';

/** An access-log line as API Gateway writes it: every field of the format, `-` for no value; a 401 by default. */
export function accessLogLine(fields: Partial<Record<keyof typeof ACCESS_LOG_FORMAT, string>> = {}): string {
  return JSON.stringify({
    requestId: 'BhAmfhfJIAMEbVw=',
    requestTime: '26/Nov/2026:17:22:43 +0000',
    sourceIp: '130.176.1.10',
    userAgent: 'Mozilla/5.0',
    caller: '-',
    routeKey: 'GET /case',
    status: '401',
    responseLatency: '2',
    integrationLatency: '-',
    integrationError: '-',
    ...fields,
  });
}

/** The Lambda event of one delivery of `messages`, recorded at `timestamp` + their index (ms). */
export function subscriptionEvent(
  messages: readonly string[],
  options: { timestamp: number; messageType?: string },
): CloudWatchLogsEvent {
  const payload = {
    messageType: options.messageType ?? 'DATA_MESSAGE',
    owner: '123456789012',
    logGroup: 'SutureApiAccessLogs',
    logStream: 'stream',
    subscriptionFilters: ['refusals'],
    logEvents: messages.map((message, i) => ({ id: `${i}`, timestamp: options.timestamp + i, message })),
  };
  return { awslogs: { data: gzipSync(JSON.stringify(payload)).toString('base64') } };
}
