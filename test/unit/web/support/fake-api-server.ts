/**
 * A fake Suture API at the network boundary for web component tests (Mock Service Worker, `msw/node`):
 * the SPA's real client (web/src/lib/api.ts, apiFile.ts) sends real requests, and this server answers
 * them by route key (`GET /case`, from shared/api-routes.ts) and records what it received.
 * Needs the docblock `@jest-environment ./test/unit/web/support/msw-environment.ts`.
 *
 * const api = useFakeApi();                     // at the top of a test file
 * api.on('GET /audit', ({ query }) => ({ entries: [] }));   // per-test answer (typed where known)
 * api.on('POST /case', () => reply(409, { message: 'Case already exists' }));
 * expect(api.requests('POST /case')[0]?.body).toEqual({ ... });
 *
 * A route without a handler answers 404 and fails the test's expectations that depend on it; a request
 * outside the API (other than /config.json) is an error.
 */
import { configure } from '@testing-library/dom';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { Amplify } from 'aws-amplify';
import { STATUS_CODES } from 'node:http';
import { ROUTES } from '../../../../shared/api-routes';
import type { AuditPage } from '../../../../shared/schemas/audit';
import type { DeletedCasePage, RestoreCaseResponse } from '../../../../shared/schemas/deleted-cases';
import type { CaseStatsResponse } from '../../../../shared/schemas/lists';
import type { DocTypesSchema, DocumentLink, UploadTicket } from '../../../../shared/schemas/document';
import type { DoctorTypeListPage, ImportJob, InsuranceListPage } from '../../../../shared/schemas/reference-lists';
import type { ReportDownloadAnswer, ReportHistoryResponse, ReportPermission } from '../../../../shared/schemas/report';
import type { FacilitySearchResponse, SurgeonSearchResponse } from '../../../../shared/schemas/search-responses';
import type { CptPage, NpiCheckResult } from '../../../../shared/schemas/reference';
import type { InvitationsPage, InviteResponse, UserListPage } from '../../../../shared/schemas/users';
import type { z } from 'zod';
import { loadConfig } from '../../../../web/src/lib/config';

type Route = (typeof ROUTES)[number];
/** `<METHOD> <path>` of every route in the shared route table. */
export type RouteKey = Route extends infer R
  ? R extends { method: infer M extends string; path: infer P extends string }
    ? `${M} ${P}`
    : never
  : never;

/**
 * The answer body of the routes whose shape the shared schemas state; other routes take any JSON.
 * Partial so that a test writes only what the screen reads.
 */
interface KnownAnswers {
  'GET /audit': AuditPage;
  'GET /case/deleted': DeletedCasePage;
  'POST /case/restore': RestoreCaseResponse;
  'GET /case/stats': CaseStatsResponse;
  'GET /doc_types': z.infer<typeof DocTypesSchema>;
  'POST /document': UploadTicket;
  'GET /document': DocumentLink;
  'GET /lists/insurance': InsuranceListPage;
  'GET /lists/doctor_types': DoctorTypeListPage;
  'GET /lists/import': ImportJob;
  'GET /report/permission': ReportPermission;
  'GET /report/history': ReportHistoryResponse;
  'GET /report/download': ReportDownloadAnswer;
  'GET /surgeon/search': SurgeonSearchResponse;
  'GET /facility/search': FacilitySearchResponse;
  'GET /cpt_codes': CptPage;
  'GET /check_npi': NpiCheckResult;
  'GET /user/list': UserListPage;
  'GET /user/invitations': InvitationsPage;
  'POST /user/invite': InviteResponse;
}
/** Top-level fields beyond the schema are allowed: the server also sends e.g. `success`. */
export type AnswerOf<K extends RouteKey> = K extends keyof KnownAnswers
  ? DeepPartial<KnownAnswers[K]> & Record<string, unknown>
  : unknown;
type DeepPartial<T> = T extends readonly (infer U)[]
  ? readonly DeepPartial<U>[]
  : T extends object
    ? { [P in keyof T]?: DeepPartial<T[P]> }
    : T;

/** A request the fake API received. */
export interface ReceivedRequest {
  key: RouteKey;
  method: string;
  /** The route's path under the API base, e.g. `/case/filter`. */
  path: string;
  /** The query parameters as sent (strings). */
  query: Record<string, string>;
  /** The parsed JSON body, undefined without one. */
  body: unknown;
  headers: Headers;
  signal: AbortSignal;
}

/** What a handler gives back: the JSON body of a 200, or a Response made with {@link reply} or {@link networkError}. */
export type RouteHandler<K extends RouteKey> = (
  req: ReceivedRequest,
) => AnswerOf<K> | Response | Promise<AnswerOf<K> | Response>;

/** The API base the SPA is configured with in these tests (config.json's `apiUrl`). */
export const API_URL = 'http://localhost/api';

/** A config.json for the tests (shared/config.ts schema). */
export const TEST_CONFIG = {
  region: 'us-east-1',
  userPoolId: 'us-east-1_test',
  userPoolClientId: 'test-client',
  apiUrl: API_URL,
  stage: 'dev',
  debugPages: false,
  supportEmail: 'support@suture.example',
};

/**
 * An answer with this status (and its standard status text) and JSON body, e.g.
 * `reply(409, { message: 'Surgeon already exists' })`.
 */
export function reply(status: number, body?: unknown): Response {
  const init = { status, statusText: STATUS_CODES[status] ?? '' };
  return body === undefined ? new HttpResponse(null, init) : HttpResponse.json(body, init);
}

/** No answer at all: the client sees a network failure. */
export function networkError(): Response {
  return HttpResponse.error();
}

const ROUTE_KEYS = new Set<string>(ROUTES.map((r) => `${r.method} ${r.path}`));

/** The fake API of one test file: handlers by route key and the requests received. */
export class FakeApi {
  private readonly handlers = new Map<RouteKey, RouteHandler<RouteKey>>();
  private readonly received: ReceivedRequest[] = [];
  private fallbackHandler: ((req: ReceivedRequest) => unknown) | undefined;

  /** Answer `key` with `handler` (or always this body) until the end of the test. */
  on<K extends RouteKey>(key: K, handler: RouteHandler<K> | AnswerOf<K>): this {
    const fn = typeof handler === 'function' ? (handler as RouteHandler<K>) : () => handler as AnswerOf<K>;
    this.handlers.set(key, fn as RouteHandler<RouteKey>);
    return this;
  }

  /**
   * Answer every route without its own handler (a test's in-memory server that switches on
   * `req.path`): the JSON body of a 200, or a Response.
   */
  fallback(handler: (req: ReceivedRequest) => unknown): this {
    this.fallbackHandler = handler;
    return this;
  }

  /** The requests received for `key` (every request without one), oldest first. */
  requests(key?: RouteKey): ReceivedRequest[] {
    return key ? this.received.filter((r) => r.key === key) : [...this.received];
  }

  /** Forget handlers and requests (after each test). */
  reset(): void {
    this.handlers.clear();
    this.fallbackHandler = undefined;
    this.received.length = 0;
  }

  /** @internal The MSW resolver of every API request. */
  async answer(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const path = url.pathname.slice(new URL(API_URL).pathname.length);
    const key = `${request.method} ${path}`;
    if (!ROUTE_KEYS.has(key)) return reply(404, { message: `No route ${key}` });
    const text = await request.text();
    const received: ReceivedRequest = {
      key: key as RouteKey,
      method: request.method,
      path,
      query: Object.fromEntries(url.searchParams),
      body: text ? JSON.parse(text) : undefined,
      headers: request.headers,
      signal: request.signal,
    };
    this.received.push(received);
    const handler = this.handlers.get(received.key) ?? this.fallbackHandler;
    if (!handler) return reply(404, { message: `No fake answer for ${key}` });
    const out = await handler(received);
    if (out instanceof Response) return out;
    return out === undefined ? new HttpResponse(null, { status: 204 }) : HttpResponse.json(out as never);
  }
}

/**
 * Start the fake API for this test file: listens before the first test, forgets handlers and requests
 * after each, stops after the last. Loads config.json from it and signs in with a fixed access token
 * (Amplify's token provider), so the client sends `Authorization: Bearer test-access-token`.
 */
export function useFakeApi(): FakeApi {
  // Answers cross a real fetch and the interceptor, not a resolved mock: on a busy CI machine, where
  // the unit project runs niced beside the browser suites (docs/decisions/0020-ci-time.md), the first
  // render of a screen can take more than the 1 s findBy* waits by default. A passing test never
  // waits for these limits; the project's 30 s test timeout (jest.config.js) stays.
  configure({ asyncUtilTimeout: 10_000 });
  const api = new FakeApi();
  const server = setupServer(
    http.get('http://localhost/config.json', () => HttpResponse.json(TEST_CONFIG)),
    http.all(`${API_URL}/*`, ({ request }) => api.answer(request)),
  );
  beforeAll(async () => {
    server.listen({ onUnhandledRequest: 'error' });
    await loadConfig();
    Amplify.configure(Amplify.getConfig(), {
      Auth: {
        tokenProvider: {
          getTokens: async () => ({
            accessToken: { payload: { sub: 'test-user' }, toString: () => 'test-access-token' },
          }),
        },
      },
    });
  });
  afterEach(() => api.reset());
  afterAll(() => server.close());
  return api;
}
