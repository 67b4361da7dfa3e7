/**
 * The one middleware bundle of the API Lambdas (issue 2, section 4: "One shared middleware bundle
 * handles JSON bodies, validation, auth context, an error-name-to-status table and a generic 500
 * body; handlers hold no try/catch boilerplate").
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
 *    environment is a logged 500);
 * 2. Powertools logger context (request id, function name, route key; never the event or body);
 * 3. header names lower-cased (@middy/http-header-normalizer);
 * 4. JSON body parsed (@middy/http-json-body-parser, content type not required); an empty body is
 *    `undefined` (GET/DELETE), invalid JSON is a 400 'Request body must be valid JSON';
 * 5. routing (@middy/http-router) on method + path, the path taken from the event's `routeKey`
 *    (`GET /case`), so a stage prefix never matters; the handlers must cover exactly the
 *    resource's routes of `lambdas/routes.ts` (checked when the module loads), and routes with
 *    `auth: true` need a caller (`sub` claim) or answer 401 — defence in depth behind the JWT
 *    authorizer;
 * 6. errors: `ERROR_STATUS` maps the error's name to a status and the answer is
 *    `{ success: false, message, ...error.body }` (+ `errors: [{ field, message }]` for a
 *    `ValidationError`; a stray `ZodError` is treated as one); anything else is logged (name,
 *    message, stack — never the body) and answered 500 `{ success: false, message: 'Internal server error' }`.
 */
import middy from '@middy/core';
import httpHeaderNormalizer from '@middy/http-header-normalizer';
import httpJsonBodyParser from '@middy/http-json-body-parser';
import httpRouterHandler, { type Method } from '@middy/http-router';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { Context } from 'aws-lambda';
import { ZodError } from 'zod';
import { API_MESSAGES } from '../../shared';
import { ROUTES, type Resource, type RouteDef } from '../routes';
import { requireCaller } from './auth';
import { getEnv } from './env';
import { ApiError, ERROR_STATUS, NotFoundError, ValidationError } from './errors';
import { json, type ApiEvent, type ApiResult, type RouteHandler } from './http';
import { logger } from './logger';
import { fieldErrors } from './validation';

/** `METHOD /path` of a route, as API Gateway writes `routeKey`. */
export type RouteKey = `${RouteDef['method']} ${string}`;

type MiddyRequest = middy.Request<ApiEvent, ApiResult, Error, Context>;

/** Raised when the Lambda environment fails its schema (a deployment fault, answered 500). */
export class ConfigurationError extends Error {
  override name = 'ConfigurationError';
}

/** Turn any thrown value into the HTTP answer (the error-name-to-status table). Exported for tests. */
export function errorResponse(error: unknown, routeKey?: string): ApiResult {
  let err = error;
  if (err instanceof ZodError) err = new ValidationError(fieldErrors(err));
  const name = (err as { name?: unknown } | null)?.name;
  const status = typeof name === 'string' ? ERROR_STATUS[name] : undefined;
  if (status !== undefined && err instanceof Error) {
    const extra = err instanceof ApiError ? err.body : {};
    const errors = err instanceof ValidationError ? { errors: err.errors } : {};
    // Expected outcomes: name and status only (messages may echo user input).
    logger.info('Request refused', { routeKey, error: name, status });
    return json(status, { success: false, message: err.message, ...errors, ...extra });
  }
  // @middy/util http errors (e.g. a route the router does not know).
  const httpErr = err as { statusCode?: unknown; expose?: unknown; message?: unknown };
  if (typeof httpErr?.statusCode === 'number' && httpErr.expose === true && httpErr.statusCode < 500) {
    logger.info('Request refused', { routeKey, status: httpErr.statusCode });
    return json(httpErr.statusCode, { success: false, message: String(httpErr.message) });
  }
  const e = err instanceof Error ? err : new Error(String(err));
  logger.error('Unhandled error', { routeKey, error: { name: e.name, message: e.message, stack: e.stack } });
  return json(500, { success: false, message: API_MESSAGES.internalError });
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

const routeKeyPath: middy.MiddlewareObj<ApiEvent, ApiResult, Error, Context> = {
  before: (request: MiddyRequest) => {
    const { event } = request;
    const key = event.routeKey;
    const space = key?.indexOf(' ') ?? -1;
    if (key && space > 0 && event.requestContext?.http) event.requestContext.http.path = key.slice(space + 1);
    logger.appendKeys({ routeKey: key });
  },
};

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
    try {
      await libraryJsonParser.before?.(request as never);
    } catch {
      throw new ValidationError(API_MESSAGES.invalidJson);
    }
  },
};

const errorHandler: middy.MiddlewareObj<ApiEvent, ApiResult, Error, Context> = {
  onError: (request: MiddyRequest) => {
    request.response = errorResponse(request.error, request.event?.routeKey);
  },
};

/**
 * Build a resource's Lambda handler from its route handlers, keyed `METHOD /path`.
 * Throws at module load when the keys differ from the resource's routes in `lambdas/routes.ts`.
 */
export function apiHandler(resource: Resource, handlers: Record<string, RouteHandler>) {
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

  return middy<ApiEvent, ApiResult, Error, Context>()
    .use(errorHandler)
    .use(envCheck)
    .use(injectLambdaContext(logger, { resetKeys: true }))
    .use(routeKeyPath)
    .use(httpHeaderNormalizer())
    .use(jsonBody)
    .handler(router as unknown as (event: ApiEvent, context: Context) => Promise<ApiResult>);
}
