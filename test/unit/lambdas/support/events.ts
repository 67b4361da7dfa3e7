/**
 * Build API Gateway HTTP API payload v2.0 events (the shape the local gateway and AWS send) and
 * invoke a handler with them.
 */
import type { Context } from 'aws-lambda';
import type { ApiEvent, ApiResult } from '../../../../lambdas/lib/http';

export interface EventInput {
  method: string;
  path: string;
  query?: Record<string, string>;
  /** Object -> JSON text; string -> sent as is. */
  body?: unknown;
  /** Caller's sub; undefined = no authorizer context. */
  sub?: string;
  claims?: Record<string, string>;
  headers?: Record<string, string>;
}

export function apiEvent(input: EventInput): ApiEvent {
  const routeKey = `${input.method} ${input.path}`;
  const claims = input.sub !== undefined ? { sub: input.sub, token_use: 'access', ...(input.claims ?? {}) } : undefined;
  return {
    version: '2.0',
    routeKey,
    rawPath: input.path,
    rawQueryString: new URLSearchParams(input.query ?? {}).toString(),
    headers: { 'Content-Type': 'application/json', ...(input.headers ?? {}) },
    queryStringParameters: input.query,
    requestContext: {
      accountId: '000000000000',
      apiId: 'test',
      domainName: 'api.test',
      domainPrefix: 'api',
      http: { method: input.method, path: input.path, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'jest' },
      requestId: 'req-1',
      routeKey,
      stage: '$default',
      time: '01/Jan/2026:00:00:00 +0000',
      timeEpoch: 0,
      ...(claims ? { authorizer: { jwt: { claims, scopes: null } } } : {}),
    },
    body:
      input.body === undefined ? undefined : typeof input.body === 'string' ? input.body : JSON.stringify(input.body),
    isBase64Encoded: false,
  } as ApiEvent;
}

export const context = {
  functionName: 'test',
  awsRequestId: 'req-1',
  getRemainingTimeInMillis: () => 30_000,
} as unknown as Context;

/** Parsed JSON answers are checked with matchers, so the body is loosely typed on purpose. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnswerBody = Record<string, any>;

export interface Answer {
  status: number;
  body: AnswerBody;
  headers: Record<string, unknown>;
}

/** Invoke a middy handler and parse its JSON answer. */
export async function invoke(
  handler: (event: ApiEvent, context: Context) => Promise<ApiResult>,
  input: EventInput,
): Promise<Answer> {
  const res = await handler(apiEvent(input), context);
  return {
    status: res.statusCode ?? 200,
    body: res.body ? (JSON.parse(res.body) as AnswerBody) : {},
    headers: (res.headers ?? {}) as Record<string, unknown>,
  };
}
