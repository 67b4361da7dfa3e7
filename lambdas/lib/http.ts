/**
 * Event and response helpers of the API Lambdas (API Gateway HTTP API, payload v2.0).
 *
 * `ApiEvent` is the event after the shared middleware ran: headers lower-cased, `body` parsed from
 * JSON (undefined when the request had none), the JWT authorizer's claims under
 * `requestContext.authorizer.jwt.claims` on routes that need a token.
 */
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { TEXT_LIMITS, tooLongMessage } from '../../shared/constants';
import { ValidationError } from './errors';

/** Claims as the HTTP API JWT authorizer passes them (values are usually strings). */
export type JwtClaims = Record<string, string | number | boolean | string[] | undefined>;

export type ApiEvent = Omit<APIGatewayProxyEventV2, 'body' | 'requestContext'> & {
  /** Parsed JSON body; undefined when the request had no body. */
  body?: unknown;
  requestContext: APIGatewayProxyEventV2['requestContext'] & {
    authorizer?: { jwt?: { claims?: JwtClaims; scopes?: string[] | null } };
  };
};

export type ApiResult = APIGatewayProxyStructuredResultV2;
export type RouteHandler = (event: ApiEvent, context: Context) => Promise<ApiResult>;

/** A JSON answer (`content-type: application/json`; `cache-control: no-store`, as bodies may hold PHI). */
export function json(statusCode: number, body: unknown): ApiResult {
  return {
    statusCode,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
    body: JSON.stringify(body),
  };
}

/** 200 with `body`. */
export function ok(body: unknown): ApiResult {
  return json(200, body);
}

/** 201 with `body`. */
export function created(body: unknown): ApiResult {
  return json(201, body);
}

/** The query string parameters (empty object when none). */
export function queryParams(event: ApiEvent): Record<string, string | undefined> {
  return event.queryStringParameters ?? {};
}

/**
 * A query parameter trimmed; empty text counts as absent. Longer than `maxLength` characters
 * (default TEXT_LIMITS.id, 200: ids, status numbers) -> ValidationError (400) '<name> must be at
 * most N characters', so that no over-long key reaches DynamoDB (key-size limits).
 */
export function queryParam(event: ApiEvent, name: string, maxLength: number = TEXT_LIMITS.id): string | undefined {
  const v = queryParams(event)[name]?.trim();
  if (v === undefined || v === '') return undefined;
  if (v.length > maxLength) throw new ValidationError(tooLongMessage(name, maxLength));
  return v;
}

/**
 * The body as a JSON object. A missing body counts as `{}` (the schema then reports the missing
 * fields); arrays and scalars are a 400 "Request body must be a JSON object".
 */
export function bodyObject(event: ApiEvent): Record<string, unknown> {
  const body = event.body;
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body)) throw new ValidationError('Request body must be a JSON object');
  return body as Record<string, unknown>;
}
