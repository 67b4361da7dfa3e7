/**
 * The one middleware bundle of the API Lambdas: JSON bodies, validation, auth context, errors to
 * statuses and the audit entry, so handlers hold no try/catch boilerplate.
 *
 * ```ts
 * export const handler = apiHandler('surgeon', {
 *   'GET /surgeon': listSurgeons,
 *   'POST /surgeon': createSurgeon,
 *   ...
 * });
 * ```
 *
 * What runs, in order:
 * 1. the Lambda environment is validated with zod (`getEnv`, cached after the cold start; a bad
 *    environment is a logged 500), then the cold-start tasks run once (lambdas/lib/cold-start.ts:
 *    the cursor key of a function that pages);
 * 1b. the origin: with `ORIGIN_VERIFY` set, a request without CloudFront's origin header is a 403
 *    (lambdas/lib/origin.ts: no call past the WAF);
 * 2. Powertools logger context (request id, function name, route key; never the event or body);
 * 3. header names lower-cased (@middy/http-header-normalizer);
 * 4. JSON body parsed (@middy/http-json-body-parser); an empty body is `undefined` (GET/DELETE).
 *    A non-empty body needs `Content-Type: application/json` (parameters allowed; a charset other
 *    than utf-8 is refused): anything else, or none, is a 415 {@link UNSUPPORTED_MEDIA_TYPE_MESSAGE}.
 *    Invalid JSON is a 400 'Request body must be valid JSON';
 * 4b. text checked ({@link findUnsafeText}): every string and object key of the
 *    JSON body and every query parameter name and value. NUL and the other C0 controls, DEL, the C1
 *    controls (U+0080 to U+009F) and lone UTF-16 surrogates are a 400 naming the field by its dotted
 *    path (`patient.first`, `procedure_codes.1`). TAB, LF and CR are refused too, except in the
 *    fields of {@link MULTILINE_TEXT_FIELDS} (free text that may span lines; no API field is one
 *    today: names, ids, codes, storage keys and file names must stay on one line, since they end up
 *    in logs, keys and Content-Disposition headers). Bodies nested deeper than {@link MAX_BODY_DEPTH}
 *    are a 400;
 * 5. routing (@middy/http-router) on method + path, the path taken from the event's `routeKey`
 *    (`GET /case`), so a stage prefix never matters; the handlers must cover exactly the
 *    resource's routes of `lambdas/routes.ts` (checked when the module loads), and routes with
 *    `auth: true` need a caller (`sub` claim) or answer 401 — defence in depth behind the JWT
 *    authorizer;
 * 6. errors ({@link errorResponse}): an `ApiError`'s status (or `ERROR_STATUS` by name) and
 *    `{ success: false, message, ...error.body }` (+ `errors: [{ field, message }]` for a
 *    `ValidationError`; a stray `ZodError` is treated as one); DynamoDB throttling is a 429 with
 *    `Retry-After`; anything else is logged with its cause (never the body) and answered 500
 *    `{ success: false, message: 'Internal server error', request_id }`.
 * 7. audit (lambdas/lib/audit.ts, docs/decisions/0005-fail-closed-audit-write.md): on every route with `auth: true` (and any
 *    path the router does not know), one audit entry (and one per item of a bulk request) is written after the answer is known, whatever
 *    it is (401, 403, 404, 5xx included), with the ids the handler declared through
 *    `audit(event).touched(...)`. When that write fails, the answer becomes a 500 (no unaudited
 *    access). Routes without a token (health, check_npi) touch no PHI and are not audited;
 * 8. observability ({@link observed}): the request counted by route and status class, an X-Ray
 *    subsegment around it, and its metrics written once when it ends (docs/decisions/0013-observability.md).
 */
import middy from '@middy/core';
import httpHeaderNormalizer from '@middy/http-header-normalizer';
import httpJsonBodyParser from '@middy/http-json-body-parser';
import httpRouterHandler, { type Method } from '@middy/http-router';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { logMetrics } from '@aws-lambda-powertools/metrics/middleware';
import { captureLambdaHandler } from '@aws-lambda-powertools/tracer/middleware';
import type { Context } from 'aws-lambda';
import { ZodError } from 'zod';
import { API_MESSAGES } from '../../shared';
import { ROUTES, type Resource, type RouteDef } from '../routes';
import { auditEntries, type AuditWriter } from './audit';
import { requireCaller } from './caller';
import { coldStart } from './cold-start';
import { getEnv } from './env';
import {
  ApiError,
  ERROR_STATUS,
  NotFoundError,
  TooManyRequestsError,
  UnsupportedMediaTypeError,
  ValidationError,
  isThrottlingError,
  type FieldError,
} from './errors';
import { json, type ApiEvent, type ApiResult, type RouteHandler } from './http';
import { logger } from './logger';
import { countRequest, metrics } from './metrics';
import { checkOrigin } from './origin';
import { tracer } from './tracer';
import { fieldErrors } from './validation';

/** `METHOD /path` of a route, as API Gateway writes `routeKey`. */
export type RouteKey = `${RouteDef['method']} ${string}`;

type MiddyRequest = middy.Request<ApiEvent, ApiResult, Error, Context>;

/** Raised when the Lambda environment fails its schema (a deployment fault, answered 500). */
export class ConfigurationError extends Error {
  override name = 'ConfigurationError';
}

/**
 * An error's cause for the logs: `{ name, message, stack, cause? }`, following nested causes at
 * most 5 deep; undefined without a cause. Only what an Error carries (never its other fields, which
 * for an SDK error may hold item data).
 */
export function describeCause(cause: unknown, depth = 0): Record<string, unknown> | undefined {
  if (cause === undefined || cause === null || depth >= 5) return undefined;
  const e = cause instanceof Error ? cause : new Error(String(cause));
  const inner = describeCause(e.cause, depth + 1);
  return { name: e.name, message: e.message, stack: e.stack, ...(inner ? { cause: inner } : {}) };
}

/**
 * Turn any thrown value into the HTTP answer, through the error's status (`ApiError`) or the
 * name-to-status table. DynamoDB throttling becomes a 429 with `Retry-After`; anything unknown is
 * logged (name, message, stack and those of its causes; never the request body) and answered 500
 * with the request id, so a caller can quote it. A refusal (4xx) logs names only: its message, or
 * its cause's, may echo user input. Exported for tests.
 */
export function errorResponse(error: unknown, routeKey?: string, requestId?: string): ApiResult {
  let err = error;
  if (err instanceof ZodError) err = new ValidationError(fieldErrors(err), { cause: err });
  if (isThrottlingError(err)) err = new TooManyRequestsError(API_MESSAGES.serviceUnavailable, { cause: err });
  const name = (err as { name?: unknown } | null)?.name;
  const status = err instanceof ApiError ? err.status : typeof name === 'string' ? ERROR_STATUS[name] : undefined;
  if (status !== undefined && err instanceof Error) {
    const extra = err instanceof ApiError ? err.body : {};
    const errors = err instanceof ValidationError ? { errors: err.errors } : {};
    if (err instanceof TooManyRequestsError) {
      // Not the caller's fault: the whole cause, as for a 500 (SDK errors carry no item data).
      logger.warn('Request throttled', { routeKey, error: name, status, cause: describeCause(err.cause) });
      const answer = json(status, { success: false, message: err.message, ...extra });
      return { ...answer, headers: { ...answer.headers, 'retry-after': String(err.retryAfterSeconds) } };
    }
    // Refusals: names and status only (messages, the cause's too, may echo user input).
    const causeName = (err.cause as { name?: unknown } | undefined)?.name;
    const cause = status >= 500 ? describeCause(err.cause) : typeof causeName === 'string' ? causeName : undefined;
    logger.info('Request refused', { routeKey, error: name, status, ...(cause ? { cause } : {}) });
    return json(status, { success: false, message: err.message, ...errors, ...extra });
  }
  // @middy/util http errors (e.g. a route the router does not know).
  const httpErr = err as { statusCode?: unknown; expose?: unknown; message?: unknown };
  if (typeof httpErr?.statusCode === 'number' && httpErr.expose === true && httpErr.statusCode < 500) {
    logger.info('Request refused', { routeKey, status: httpErr.statusCode });
    return json(httpErr.statusCode, { success: false, message: String(httpErr.message) });
  }
  const e = err instanceof Error ? err : new Error(String(err));
  logger.error('Unhandled error', {
    routeKey,
    error: { name: e.name, message: e.message, stack: e.stack, cause: describeCause(e.cause) },
  });
  return json(500, {
    success: false,
    message: API_MESSAGES.internalError,
    ...(requestId ? { request_id: requestId } : {}),
  });
}

const envCheck: middy.MiddlewareObj<ApiEvent, ApiResult, Error, Context> = {
  before: () => {
    try {
      getEnv();
    } catch (err) {
      const issues = err instanceof ZodError ? err.issues.map((i) => i.path.join('.')).join(', ') : String(err);
      throw new ConfigurationError(`Lambda environment is incomplete: ${issues}`);
    }
  },
};

// Once per cold start, e.g. the cursor key (lambdas/lib/cold-start.ts); a failure is a logged 500.
const coldStartTasks: middy.MiddlewareObj<ApiEvent, ApiResult, Error, Context> = {
  before: () => coldStart(),
};

const originCheck: middy.MiddlewareObj<ApiEvent, ApiResult, Error, Context> = {
  before: (request: MiddyRequest) => checkOrigin(request.event, getEnv().ORIGIN_VERIFY),
};

const routeKeyPath: middy.MiddlewareObj<ApiEvent, ApiResult, Error, Context> = {
  before: (request: MiddyRequest) => {
    const { event } = request;
    const key = event.routeKey;
    const space = key?.indexOf(' ') ?? -1;
    if (key && space > 0 && event.requestContext?.http) event.requestContext.http.path = key.slice(space + 1);
    logger.appendKeys({ routeKey: key });
  },
};

/** Message of the 415 for a body that is not declared JSON. */
export const UNSUPPORTED_MEDIA_TYPE_MESSAGE = 'Request body must be JSON sent with Content-Type: application/json';

/** true for `application/json` with optional parameters (a charset, if any, must be utf-8). */
export function isJsonContentType(header: string | undefined): boolean {
  if (!header) return false;
  const [type, ...params] = header.split(';').map((p) => p.trim().toLowerCase());
  if (type !== 'application/json') return false;
  return params.every((p) => {
    const [name, value = ''] = p.split('=').map((x) => x.trim());
    return name !== 'charset' || ['utf-8', 'utf8', '"utf-8"'].includes(value);
  });
}

/**
 * Fields (last path segment) whose text may hold TAB, LF and CR: free text that may span lines
 * (`text`: a note on a case, POST /case/notes; `message`: a message to support, POST /contact and
 * POST /support/bug).
 */
export const MULTILINE_TEXT_FIELDS: ReadonlySet<string> = new Set<string>(['text', 'message']);
/** Nesting depth of a JSON body beyond which it is refused (400). */
export const MAX_BODY_DEPTH = 32;

// C0 controls but TAB/LF/CR, DEL, C1 controls; then the same with TAB/LF/CR.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_OR_LINE = /[\u0000-\u001F\u007F-\u009F]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The message for text that may not be stored, or undefined when it is fine. */
export function unsafeTextMessage(field: string, text: string, multiline = false): string | undefined {
  const name = field || 'Request body';
  if ((multiline ? CONTROL : CONTROL_OR_LINE).test(text)) return `${name} must not contain control characters`;
  if (LONE_SURROGATE.test(text)) return `${name} must not contain invalid Unicode (a lone surrogate)`;
  return undefined;
}

/**
 * Walk a parsed JSON value and answer the first `{ field, message }` of text that may not be
 * stored (see the module doc), or undefined. `field` is the dotted path (array items by index).
 */
export function findUnsafeText(
  value: unknown,
  path: readonly string[] = [],
  multilineFields: ReadonlySet<string> = MULTILINE_TEXT_FIELDS,
): FieldError | undefined {
  const field = path.join('.');
  if (typeof value === 'string') {
    const last = path[path.length - 1] ?? '';
    const message = unsafeTextMessage(field, value, multilineFields.has(last));
    return message ? { field, message } : undefined;
  }
  if (value === null || typeof value !== 'object') return undefined;
  if (path.length >= MAX_BODY_DEPTH) return { field, message: 'Request body is nested too deeply' };
  const entries: [string, unknown][] = Array.isArray(value)
    ? value.map((v, i) => [String(i), v])
    : Object.entries(value as Record<string, unknown>);
  for (const [key, v] of entries) {
    const keyMessage = Array.isArray(value) ? undefined : unsafeTextMessage('Field names', key);
    if (keyMessage) return { field, message: keyMessage };
    const found = findUnsafeText(v, [...path, key], multilineFields);
    if (found) return found;
  }
  return undefined;
}

// `disableContentTypeCheck` exists at runtime (6.x) but is missing from the package's typings.
const libraryJsonParser = httpJsonBodyParser({ disableContentTypeCheck: true } as Parameters<
  typeof httpJsonBodyParser
>[0]);
const jsonBody: middy.MiddlewareObj<ApiEvent, ApiResult, Error, Context> = {
  before: async (request: MiddyRequest) => {
    const body = request.event.body;
    if (body === undefined || body === null || (typeof body === 'string' && body.trim() === '')) {
      request.event.body = undefined;
      return;
    }
    if (!isJsonContentType(request.event.headers?.['content-type'])) {
      throw new UnsupportedMediaTypeError(UNSUPPORTED_MEDIA_TYPE_MESSAGE);
    }
    try {
      await libraryJsonParser.before?.(request as never);
    } catch {
      throw new ValidationError(API_MESSAGES.invalidJson);
    }
  },
};

const safeText: middy.MiddlewareObj<ApiEvent, ApiResult, Error, Context> = {
  before: (request: MiddyRequest) => {
    const { event } = request;
    for (const [name, value] of Object.entries(event.queryStringParameters ?? {})) {
      const problem =
        unsafeTextMessage('Query parameter names', name) ??
        (value !== undefined ? unsafeTextMessage(name, value) : undefined);
      if (problem) throw new ValidationError([{ field: name, message: problem }]);
    }
    const found = findUnsafeText(event.body);
    if (found) throw new ValidationError([found]);
  },
};

const errorHandler: middy.MiddlewareObj<ApiEvent, ApiResult, Error, Context> = {
  onError: (request: MiddyRequest) => {
    request.response = errorResponse(request.error, request.event?.routeKey, request.event?.requestContext?.requestId);
  },
};

/**
 * Build a resource's Lambda handler from its route handlers, keyed `METHOD /path`.
 * Throws at module load when the keys differ from the resource's routes in `lambdas/routes.ts`, and
 * when the resource has routes with `auth: true` but no `writeAudit` (pass `writeAuditEntry` of
 * ./audit-writer.ts: every guarded request is audited). A resource without
 * guarded routes (check_npi) writes no entry and bundles no DynamoDB client.
 */
export function apiHandler(
  resource: Resource,
  handlers: Record<string, RouteHandler>,
  options: { writeAudit?: AuditWriter } = {},
) {
  const defs = (ROUTES as readonly RouteDef[]).filter((r) => r.resource === resource);
  const expected = new Set(defs.map((r) => `${r.method} ${r.path}`));
  const given = new Set(Object.keys(handlers));
  const missing = [...expected].filter((k) => !given.has(k));
  const extra = [...given].filter((k) => !expected.has(k));
  if (missing.length || extra.length) {
    throw new Error(
      `apiHandler(${resource}): routes differ from lambdas/routes.ts (missing: ${missing.join(', ') || 'none'}; unknown: ${extra.join(', ') || 'none'})`,
    );
  }

  const routes = defs.map((def) => {
    const fn = handlers[`${def.method} ${def.path}`] as RouteHandler;
    const handler = def.auth
      ? (event: ApiEvent, context: Context) => {
          requireCaller(event);
          return fn(event, context);
        }
      : fn;
    return { method: def.method as Method, path: def.path, handler };
  });

  const router = httpRouterHandler<never, never>({
    routes: routes as never,
    notFoundResponse: () => {
      throw new NotFoundError(API_MESSAGES.resourceNotFound);
    },
  });

  const openRoutes = new Set(defs.filter((d) => !d.auth).map((d) => `${d.method} ${d.path}`));
  const { writeAudit } = options;
  if (!writeAudit && defs.some((d) => d.auth)) {
    throw new Error(`apiHandler(${resource}): routes with auth need { writeAudit } (lambdas/lib/audit-writer.ts)`);
  }

  const inner = middy<ApiEvent, ApiResult, Error, Context>()
    .use(errorHandler)
    .use(envCheck)
    .use(coldStartTasks)
    .use(originCheck)
    .use(injectLambdaContext(logger, { resetKeys: true }))
    .use(routeKeyPath)
    .use(httpHeaderNormalizer())
    .use(jsonBody)
    .use(safeText)
    .handler(router as unknown as (event: ApiEvent, context: Context) => Promise<ApiResult>);

  const audited = async (event: ApiEvent, context: Context): Promise<ApiResult> => {
    const result = await inner(event, context);
    if (!writeAudit || openRoutes.has(event.routeKey)) return result;
    try {
      await Promise.all(auditEntries(event, result.statusCode ?? 200).map((entry) => writeAudit(entry)));
    } catch (err) {
      return errorResponse(
        new AuditWriteError('The audit entry could not be written', { cause: err }),
        event.routeKey,
        event.requestContext?.requestId,
      );
    }
    return result;
  };

  return observed(async (event: ApiEvent, context: Context): Promise<ApiResult> => {
    const result = await audited(event, context);
    countRequest(event.routeKey, result.statusCode ?? 200);
    return result;
  });
}

/**
 * `handler` traced (an X-Ray subsegment around it, cold start annotated; never its response, which
 * holds PHI) and with its metrics (./metrics.ts) written once, as one EMF line, when it ends, however
 * it ends. {@link apiHandler} wraps every API request with it; an entry point for other events
 * (the daily purge, the internal document and import events) wraps those with it too.
 */
export function observed<E, R>(handler: (event: E, context: Context) => Promise<R>) {
  return middy<E, R, Error, Context>(handler)
    .use(captureLambdaHandler(tracer, { captureResponse: false }))
    .use(logMetrics(metrics));
}

/** The audit write of a request failed (answered 500: no unaudited access, docs/decisions/0005-fail-closed-audit-write.md). */
export class AuditWriteError extends Error {
  override name = 'AuditWriteError';
}
