/**
 * The HTTP API's access log as this Lambda reads it: the line format the stack configures
 * ({@link ACCESS_LOG_FORMAT}, set on the `$default` stage by infra/api.ts), the CloudWatch Logs
 * subscription payload that carries the lines, and the refusals found in them
 * (docs/decisions/0012-refused-requests-in-the-audit-trail.md). Pure: no AWS calls.
 */
import { gunzipSync } from 'node:zlib';
import * as z from 'zod';

/**
 * The HTTP API's access log line (JSON): request id, caller (source IP, user agent,
 * the JWT's `sub`), route, status, latency in ms, integration latency and error. Never a body or a header.
 * Every value is written as a JSON string; API Gateway writes `-` for a value it does not have.
 */
export const ACCESS_LOG_FORMAT = {
  requestId: '$context.requestId',
  requestTime: '$context.requestTime',
  sourceIp: '$context.identity.sourceIp',
  userAgent: '$context.identity.userAgent',
  caller: '$context.authorizer.claims.sub',
  routeKey: '$context.routeKey',
  status: '$context.status',
  responseLatency: '$context.responseLatency',
  integrationLatency: '$context.integrationLatency',
  integrationError: '$context.integrationErrorMessage',
} as const;

/** The subscription filter's pattern: the lines answered 401 (the Lambda checks each line again). */
export const REFUSAL_FILTER = { field: '$.status', value: '401' } as const;

/** A CloudWatch Logs subscription payload once decoded (the `awslogs.data` of a Lambda event). */
const DecodedPayloadSchema = z.object({
  messageType: z.string(),
  logGroup: z.string(),
  logEvents: z.array(
    z.object({ id: z.string(), timestamp: z.number().int().min(0).max(8.64e15), message: z.string() }),
  ),
});
export type SubscriptionPayload = z.infer<typeof DecodedPayloadSchema>;

/** `awslogs.data` that is not gzip + base64 of the payload CloudWatch Logs sends. */
export class SubscriptionPayloadError extends Error {
  override name = 'SubscriptionPayloadError';
}

/**
 * Decode `awslogs.data` (base64 of gzip of JSON). A `CONTROL_MESSAGE` (CloudWatch Logs checking that
 * the destination is reachable) decodes like any other and carries no access-log lines.
 * @throws SubscriptionPayloadError when it is not such a payload.
 */
export function decodeSubscriptionPayload(data: string): SubscriptionPayload {
  let json: unknown;
  try {
    json = JSON.parse(gunzipSync(Buffer.from(data, 'base64')).toString('utf8'));
  } catch (err) {
    throw new SubscriptionPayloadError('awslogs.data is not gzip + base64 of JSON', { cause: err });
  }
  const parsed = DecodedPayloadSchema.safeParse(json);
  if (!parsed.success) throw new SubscriptionPayloadError('awslogs.data is not a CloudWatch Logs subscription payload');
  return parsed.data;
}

/** `-` (API Gateway's "no value") and absence both read as ''. */
const logValue = z
  .string()
  .max(4096)
  .optional()
  .transform((v) => (v === undefined || v === '-' ? '' : v));

/** The fields of a line this Lambda uses. */
const AccessLogLineSchema = z.object({
  requestId: z.string().regex(/^[A-Za-z0-9_=+/-]{1,128}$/),
  routeKey: z.string().min(1).max(1024),
  status: z.string().regex(/^\d{3}$/),
  sourceIp: logValue,
  userAgent: logValue,
  integrationLatency: logValue,
});

/** A request the JWT authorizer refused with 401, as its access-log line tells it. */
export interface RefusedRequest {
  requestId: string;
  routeKey: string;
  /** When CloudWatch Logs recorded the line (the same on every delivery of it). */
  at: Date;
  sourceIp: string;
  userAgent: string;
}

/** What a payload's lines hold. */
export interface RefusalScan {
  refusals: RefusedRequest[];
  /** Lines of other answers, and 401s a Lambda gave (its middleware audited those). */
  ignored: number;
  /** Lines that are not the configured JSON format (counted and logged by the caller, never thrown). */
  malformed: number;
}

/** true when one of the format's fields is named twice in `line`: a value was not escaped, the line is not trusted. */
function namesAFieldTwice(line: string): boolean {
  return Object.keys(ACCESS_LOG_FORMAT).some((field) => line.split(`"${field}":`).length > 2);
}

/**
 * The refusals among a payload's lines: status 401 with no integration latency (the authorizer
 * answered; no Lambda ran). A line that is not JSON, misses a field, or names a field twice
 * (a client's text that broke out of its value would otherwise choose the request id) is malformed.
 */
export function scanRefusals(payload: SubscriptionPayload): RefusalScan {
  const scan: RefusalScan = { refusals: [], ignored: 0, malformed: 0 };
  for (const event of payload.logEvents) {
    let json: unknown;
    try {
      json = JSON.parse(event.message);
    } catch {
      scan.malformed += 1;
      continue;
    }
    const line = AccessLogLineSchema.safeParse(json);
    if (!line.success || namesAFieldTwice(event.message)) {
      scan.malformed += 1;
      continue;
    }
    if (line.data.status !== '401' || line.data.integrationLatency !== '') {
      scan.ignored += 1;
      continue;
    }
    scan.refusals.push({
      requestId: line.data.requestId,
      routeKey: line.data.routeKey,
      at: new Date(event.timestamp),
      sourceIp: line.data.sourceIp,
      userAgent: line.data.userAgent,
    });
  }
  return scan;
}
