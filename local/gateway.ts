/**
 * Local API gateway: routes `/api/<path>` to the Lambda handlers through the shared route table
 * (`shared/api-routes.ts`), with the checks of the HTTP API Cognito JWT authorizer, and builds the
 * same payload v2.0 event that API Gateway gives the Lambdas on AWS.
 *
 * - unknown route: 404 `{"message":"Not Found"}`; OPTIONS (CORS preflight): 204, with the CORS
 *   headers only when the `Origin` is one of `allowedOrigins` (the runtime's own origins),
 *   as the HTTP API answers for its SPA origin only; other answers carry
 *   `Access-Control-Allow-Origin` for those origins only, too;
 * - every answer carries `responseHeaders` (the security headers and CSP of
 *   infra/security-headers.ts);
 * - a rate limit per caller ({@link GatewayOptions.rateLimit}): the caller is
 *   the verified token's `sub` on auth routes, else the source IP; beyond the limit 429
 *   `{"message":"Too Many Requests"}` with `Retry-After`, before the handler runs (never a 5xx);
 * - auth routes: `Authorization: Bearer <jwt>` (or the bare token), an access or id token of the
 *   user pool: RS256 signature against the pool's JWKS, `iss`, `exp`, token_use id|access, `aud`
 *   (id token) or `client_id` (access token) equal to the app client id; any failure: 401
 *   `{"message":"Unauthorized"}`; a token verified once is not verified again until its `exp`
 *   ({@link VerifiedTokenCache});
 * - `requestContext.authorizer.jwt.claims` holds the verified claims as strings, as API Gateway
 *   passes them (arrays as `[a b]`, numbers and booleans as text);
 * - a handler that throws gives 500 `{"message":"Internal Server Error"}`, one that runs past 30 s
 *   503 `{"message":"Service Unavailable"}`, a body over 10 MB 413, as API Gateway does (reading
 *   stops at the limit and the connection is closed after the answer: the body is never buffered).
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { JwtRsaVerifier } from 'aws-jwt-verify';
import { SimpleJwksCache } from 'aws-jwt-verify/jwk';
import type { JwtPayload } from 'aws-jwt-verify/jwt-model';
import { ROUTES, type Resource, type RouteDef } from '../lambdas/routes';
import { RATE_LIMIT, type RateLimit } from '../infra/security-headers';
import { TokenBucketLimiter } from './rate-limit';
import { inProcessInvoker, type LambdaInvoker } from './lambda-handlers';
import { VIEWER_IP_HEADER, auditEntry } from '../lambdas/lib/audit';
import { writeAuditEntry } from '../lambdas/lib/audit-writer';
import { ORIGIN_VERIFY_HEADER } from '../lambdas/lib/origin';
import { BodyTooLargeError, readBody } from './util';

export { lambdaContext } from './lambda-handlers';

/** The event the Lambdas receive: payload v2.0 with the JWT authorizer context on auth routes. */
export type LocalApiEvent = APIGatewayProxyEventV2 & {
  requestContext: APIGatewayProxyEventV2['requestContext'] & {
    authorizer?: {
      principalId: string;
      integrationLatency: number;
      jwt: { claims: Record<string, string>; scopes: string[] | null };
    };
  };
};

export interface GatewayOptions {
  /** Project root (handlers are `<root>/lambdas/<resource>/handler.ts`). */
  root: string;
  /** Expected `iss`, e.g. `http://127.0.0.1:3000/cognito/local_abc`. */
  issuer: string;
  /** Where the JWKS is fetched (cognito-local's own address is fine). */
  jwksUri: string;
  /** App client id: `aud` of id tokens, `client_id` of access tokens. */
  clientId: string;
  /** Host header value to put in the event's domainName. */
  domainName: string;
  /**
   * What runs the handlers: the runtime's Lambda pool (./lambda-pool.ts), or by default the
   * handlers of `<root>/lambdas/` on this thread (./lambda-handlers.ts).
   */
  invoker?: LambdaInvoker;
  /** Origins answered with CORS headers (the runtime's own, e.g. `http://127.0.0.1:3000`); default none. */
  allowedOrigins?: readonly string[];
  /** Headers added to every answer (the security headers and CSP); default none. */
  responseHeaders?: Readonly<Record<string, string>>;
  /**
   * Requests per caller: default {@link RATE_LIMIT} (20 per second, burst 40: the deployed
   * stage's numbers); `false`: no limit (benchmarks and tests that send many requests).
   */
  rateLimit?: RateLimit | false;
  /** Clock of the rate limit, ms since the epoch (tests); default `Date.now`. */
  now?: () => number;
  /**
   * The token sent to the handlers in `x-suture-origin-verify`, replacing any value the client sent,
   * as CloudFront's `/api/*` origin does (lambdas/lib/origin.ts); default none (header removed).
   */
  originVerify?: string;
}

export const CORS_HEADERS = {
  'access-control-allow-methods': 'GET,POST,PUT,PATCH,DELETE,OPTIONS',
  'access-control-allow-headers':
    'authorization,content-type,x-amz-date,x-api-key,x-amz-security-token,x-amz-user-agent',
  'access-control-max-age': '600',
} as const;

/** Headers the SPA may read from another allowed origin (the HTTP API exposes the same). */
const CORS_EXPOSE_HEADERS = { 'access-control-expose-headers': 'Content-Disposition' } as const;

/** HTTP API limits: 30 s integration timeout (then 503), 10 MB payload (then 413). */
export const INTEGRATION_TIMEOUT_MS = 30_000;
export const MAX_PAYLOAD_BYTES = 10 * 1024 * 1024;
const INTEGRATION_TIMEOUT = Symbol('timeout');

const TEXT_TYPES = /^(text\/|application\/(json|.*\+json|x-www-form-urlencoded|xml|.*\+xml|javascript))/i;

/** Find the route for a method and a path relative to the API base (exact match, like HTTP API). */
export function findRoute(method: string, path: string): RouteDef | undefined {
  return (ROUTES as readonly RouteDef[]).find((r) => r.method === method && r.path === path);
}

/**
 * Claims as API Gateway's JWT authorizer passes them to a payload v2.0 Lambda: every value a
 * string; arrays as `[a b]` (e.g. `cognito:groups` -> `"[admin surgeon]"`).
 */
export function toGatewayClaims(payload: Record<string, unknown>): Record<string, string> {
  const claims: Record<string, string> = {};
  for (const [key, value] of Object.entries(payload)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) claims[key] = `[${value.map(String).join(' ')}]`;
    else if (typeof value === 'object') claims[key] = JSON.stringify(value);
    else claims[key] = String(value);
  }
  return claims;
}

/** Format of `requestContext.time`, e.g. `12/Mar/2020:19:03:58 +0000`. */
function gatewayTime(date: Date): string {
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(date.getUTCDate())}/${months[date.getUTCMonth()]}/${date.getUTCFullYear()}:${pad(date.getUTCHours())}:${pad(
    date.getUTCMinutes(),
  )}:${pad(date.getUTCSeconds())} +0000`;
}

export interface EventInput {
  method: string;
  /** Path relative to the API base, e.g. `/case`. */
  path: string;
  /** Raw query string without `?`. */
  rawQueryString: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
  sourceIp: string;
  domainName: string;
  /** Value of the origin header (GatewayOptions.originVerify); absent: the header is removed. */
  originVerify?: string;
  claims?: Record<string, string>;
  scopes?: string[] | null;
}

/** Build the API Gateway HTTP API payload v2.0 event for one request. */
export function buildEvent(input: EventInput): LocalApiEvent {
  const headers: Record<string, string> = {};
  let cookies: string[] | undefined;
  for (const [key, value] of Object.entries(input.headers)) {
    if (value === undefined) continue;
    if (key === 'cookie') {
      cookies = (Array.isArray(value) ? value.join('; ') : value).split(/;\s*/).filter(Boolean);
      continue;
    }
    headers[key.toLowerCase()] = Array.isArray(value) ? value.join(',') : value;
  }
  // As the `/api/*` CloudFront Function: the viewer's address, whatever the client sent.
  headers[VIEWER_IP_HEADER] = input.sourceIp;
  if (input.originVerify) headers[ORIGIN_VERIFY_HEADER] = input.originVerify;
  else delete headers[ORIGIN_VERIFY_HEADER];

  let queryStringParameters: Record<string, string> | undefined;
  if (input.rawQueryString) {
    const grouped = new Map<string, string[]>();
    for (const [k, v] of new URLSearchParams(input.rawQueryString)) grouped.set(k, [...(grouped.get(k) ?? []), v]);
    queryStringParameters = Object.fromEntries([...grouped].map(([k, v]) => [k, v.join(',')]));
  }

  let body: string | undefined;
  let isBase64Encoded = false;
  if (input.body.length > 0) {
    const type = headers['content-type'] ?? '';
    if (!type || TEXT_TYPES.test(type)) body = input.body.toString('utf8');
    else {
      body = input.body.toString('base64');
      isBase64Encoded = true;
    }
  }

  const now = new Date();
  const routeKey = `${input.method} ${input.path}`;
  const event: LocalApiEvent = {
    version: '2.0',
    routeKey,
    rawPath: input.path,
    rawQueryString: input.rawQueryString,
    cookies,
    headers,
    queryStringParameters,
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      domainName: input.domainName,
      domainPrefix: input.domainName.split('.')[0] ?? input.domainName,
      http: {
        method: input.method,
        path: input.path,
        protocol: 'HTTP/1.1',
        sourceIp: input.sourceIp,
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey,
      stage: '$default',
      time: gatewayTime(now),
      timeEpoch: now.getTime(),
      ...(input.claims
        ? {
            authorizer: {
              principalId: '',
              integrationLatency: 0,
              jwt: { claims: input.claims, scopes: input.scopes ?? null },
            },
          }
        : {}),
    },
    body,
    isBase64Encoded,
  };
  return event;
}

function send(res: ServerResponse, status: number, headers: Record<string, string>, body: string | Buffer): void {
  res.writeHead(status, { ...headers, 'content-length': String(Buffer.byteLength(body)) });
  res.end(body);
}

function sendJson(res: ServerResponse, status: number, payload: unknown, extra: Record<string, string> = {}): void {
  send(res, status, { 'content-type': 'application/json', ...extra }, JSON.stringify(payload));
}

/** Write a Lambda result back the way API Gateway interprets a payload v2.0 response. */
function writeResult(res: ServerResponse, result: unknown, extra: Record<string, string>): number {
  if (result === null || result === undefined || typeof result !== 'object' || !('statusCode' in result)) {
    // No statusCode: API Gateway assumes 200 and JSON (a string is passed as is).
    const body = typeof result === 'string' ? result : JSON.stringify(result ?? null);
    send(res, 200, { 'content-type': 'application/json', ...extra }, body);
    return 200;
  }
  const r = result as APIGatewayProxyStructuredResultV2;
  const status = r.statusCode ?? 200;
  const headers: Record<string, string> = { ...extra };
  for (const [k, v] of Object.entries(r.headers ?? {})) headers[k.toLowerCase()] = String(v);
  // A string body may come as its UTF-8 bytes from the Lambda pool (InvokeOptions.bodyBytes).
  const raw = r.body as string | Uint8Array | undefined;
  const body =
    raw === undefined ? '' : raw instanceof Uint8Array ? raw : r.isBase64Encoded ? Buffer.from(raw, 'base64') : raw;
  const outHeaders: Record<string, string | string[]> = {
    ...headers,
    'content-length': String(Buffer.byteLength(body)),
  };
  if (r.cookies?.length) outHeaders['set-cookie'] = r.cookies;
  res.writeHead(status, outHeaders);
  res.end(body);
  return status;
}

/**
 * Claims of tokens already verified, until their `exp` (the local API within
 * 1.3x of the raw Query, docs/figures.md; the RSA signature check was a fixed cost of every request). A token is the
 * same bytes on every request of a session, so its signature, issuer, audience and token_use
 * checks give the same answer every time; only `exp` depends on the clock, and it is checked again
 * on every hit (an expired token is dropped and answered 401 as before). No check is skipped that
 * the JWT authorizer would make on a repeated token (neither checks revocation). At most
 * `maxEntries` tokens are kept (the oldest verified go first). Times in ms since the epoch.
 */
export class VerifiedTokenCache {
  private readonly entries = new Map<string, { payload: JwtPayload; expiresAtMs: number }>();

  constructor(private readonly maxEntries = 1000) {}

  /** The claims of a token verified before and not expired at `nowMs`, else undefined. */
  get(token: string, nowMs: number = Date.now()): JwtPayload | undefined {
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    if (nowMs >= entry.expiresAtMs) {
      this.entries.delete(token);
      return undefined;
    }
    return entry.payload;
  }

  /** Remember a verified token's claims; tokens without a numeric `exp` are not kept. */
  set(token: string, payload: JwtPayload): void {
    if (typeof payload.exp !== 'number') return;
    this.entries.delete(token);
    this.entries.set(token, { payload, expiresAtMs: payload.exp * 1000 });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
  }

  get size(): number {
    return this.entries.size;
  }
}

export interface Gateway {
  /**
   * Handle one `/api` request; `path` is relative to `/api` (e.g. `/case`), `rawQueryString`
   * without `?`; `body` when already read, else it is read here, at most {@link MAX_PAYLOAD_BYTES}.
   * Resolves with the status code sent.
   */
  handle(
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    rawQueryString: string,
    body?: Buffer,
  ): Promise<number>;
  /** Verify a bearer token like the JWT authorizer; resolves with the claims or undefined. */
  verify(authorization: string | undefined): Promise<JwtPayload | undefined>;
  /**
   * Call a resource's handler with an event or Invoke payload and a context of deadline `timeoutMs`
   * (the local Lambda Invoke API uses it too): resolves with its result, rejects with its error.
   */
  invoke(resource: Resource, event: unknown, timeoutMs: number): Promise<unknown>;
}

/** Create the local gateway. Handlers are imported on first use and cached (by `options.invoker`). */
export function createGateway(options: GatewayOptions): Gateway {
  const invoker = options.invoker ?? inProcessInvoker(options.root);
  const verifier = JwtRsaVerifier.create(
    {
      issuer: options.issuer,
      audience: null,
      jwksUri: options.jwksUri,
      customJwtCheck: ({ payload }) => {
        if (payload.token_use === 'id') {
          if (payload.aud !== options.clientId) throw new Error('aud mismatch');
        } else if (payload.token_use === 'access') {
          if (payload.client_id !== options.clientId) throw new Error('client_id mismatch');
        } else {
          throw new Error('token_use must be id or access');
        }
      },
    },
    {
      jwksCache: new SimpleJwksCache({
        fetcher: { fetch: async (uri: string) => (await fetch(uri)).arrayBuffer() },
      }),
    },
  );

  const verified = new VerifiedTokenCache();
  const allowedOrigins = new Set(options.allowedOrigins ?? []);
  const responseHeaders = options.responseHeaders ?? {};
  const rateLimit = options.rateLimit ?? RATE_LIMIT;
  const limiter = rateLimit === false ? undefined : new TokenBucketLimiter(rateLimit, options.now ?? Date.now);

  async function verify(authorization: string | undefined): Promise<JwtPayload | undefined> {
    if (!authorization) return undefined;
    const token = authorization.replace(/^Bearer\s+/i, '').trim();
    if (!token) return undefined;
    const known = verified.get(token);
    if (known) return known;
    try {
      const payload = (await verifier.verify(token)) as JwtPayload;
      // aws-jwt-verify checks `exp` only when present; API Gateway refuses a token without it.
      if (typeof payload.exp !== 'number') return undefined;
      verified.set(token, payload);
      return payload;
    } catch {
      return undefined;
    }
  }

  async function handle(
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    rawQueryString: string,
    given?: Buffer,
  ): Promise<number> {
    const method = req.method ?? 'GET';
    const origin = req.headers.origin;
    const corsAllowed = origin !== undefined && allowedOrigins.has(origin);
    const cors: Record<string, string> = {
      ...responseHeaders,
      vary: 'Origin',
      ...(corsAllowed ? { 'access-control-allow-origin': origin, ...CORS_EXPOSE_HEADERS } : {}),
    };

    let body: Buffer;
    try {
      body = given ?? (await readBody(req, MAX_PAYLOAD_BYTES));
      if (body.length > MAX_PAYLOAD_BYTES) throw new BodyTooLargeError(MAX_PAYLOAD_BYTES);
    } catch (err) {
      if (!(err instanceof BodyTooLargeError)) throw err;
      // Closing the connection after the answer: the rest of the body is never read.
      sendJson(res, 413, { message: 'Request Entity Too Large' }, { ...cors, connection: 'close' });
      return 413;
    }
    if (method === 'OPTIONS') {
      send(res, 204, corsAllowed ? { ...cors, ...CORS_HEADERS } : cors, '');
      return 204;
    }
    const route = findRoute(method, path);
    if (!route) {
      sendJson(res, 404, { message: 'Not Found' }, cors);
      return 404;
    }

    const sourceIp = req.socket.remoteAddress?.replace(/^::ffff:/, '') ?? '127.0.0.1';
    const payload = route.auth ? await verify(req.headers.authorization) : undefined;
    if (limiter) {
      const decision = limiter.take(typeof payload?.sub === 'string' ? `sub:${payload.sub}` : `ip:${sourceIp}`);
      if (!decision.allowed) {
        sendJson(
          res,
          429,
          { message: 'Too Many Requests' },
          { ...cors, 'retry-after': String(decision.retryAfterSeconds) },
        );
        return 429;
      }
    }

    let claims: Record<string, string> | undefined;
    let scopes: string[] | null = null;
    if (route.auth) {
      if (!payload) {
        // The refusal is audited as denied, as on AWS (docs/decisions/0012-refused-requests-in-the-audit-trail.md).
        const refused = buildEvent({
          method,
          path,
          rawQueryString,
          headers: req.headers,
          body: Buffer.alloc(0),
          sourceIp,
          domainName: options.domainName,
          originVerify: options.originVerify,
          claims: undefined,
          scopes: null,
        });
        await writeAuditEntry(auditEntry(refused, 401)).catch((err: unknown) =>
          console.error(`The audit entry of a 401 could not be written: ${(err as Error)?.name}`),
        );
        sendJson(res, 401, { message: 'Unauthorized' }, { ...cors, 'www-authenticate': 'Bearer' });
        return 401;
      }
      claims = toGatewayClaims(payload as Record<string, unknown>);
      scopes = typeof payload.scope === 'string' && payload.scope ? payload.scope.split(' ') : null;
    }

    const event = buildEvent({
      method,
      path,
      rawQueryString,
      headers: req.headers,
      body,
      sourceIp,
      domainName: options.domainName,
      originVerify: options.originVerify,
      claims,
      scopes,
    });

    let result: unknown;
    let timer: NodeJS.Timeout | undefined;
    try {
      const timeout = new Promise<typeof INTEGRATION_TIMEOUT>((resolve) => {
        timer = setTimeout(() => resolve(INTEGRATION_TIMEOUT), INTEGRATION_TIMEOUT_MS);
      });
      result = await Promise.race([
        invoker.invoke(route.resource, event, INTEGRATION_TIMEOUT_MS, { bodyBytes: true }),
        timeout,
      ]);
      if (result === INTEGRATION_TIMEOUT) {
        console.error(`[api] ${method} ${path} timed out after ${INTEGRATION_TIMEOUT_MS} ms`);
        sendJson(res, 503, { message: 'Service Unavailable' }, cors);
        return 503;
      }
    } catch (err) {
      // Name and message only: bodies and stack locals may hold PHI.
      const e = err as Error;
      console.error(`[api] ${method} ${path} handler error: ${e?.name ?? 'Error'}: ${e?.message ?? String(err)}`);
      sendJson(res, 500, { message: 'Internal Server Error' }, cors);
      return 500;
    } finally {
      clearTimeout(timer);
    }
    return writeResult(res, result, cors);
  }

  return { handle, verify, invoke: (resource, event, timeoutMs) => invoker.invoke(resource, event, timeoutMs) };
}
