/**
 * Jest harness for integration tests against the real local runtime (emulators + gateway +
 * Lambda handlers), see local/index.ts.
 *
 * ```ts
 * const local = useLocalStack();              // call at the top of a describe / file
 * it('...', async () => {
 *   const user = await local.createSignedInUser({ groups: ['surgeon'] });
 *   const { status, body } = await local.api('GET', '/case', { token: user.accessToken, query: { user_id: user.sub } });
 * });
 * ```
 *
 * By default a suite uses its Jest worker's shared runtime (test/support/shared-runtime.ts): suites
 * of one worker run one after another on the same data, so each test isolates its data by fresh
 * users and ids. A suite that needs a runtime of its own (a restart, the seed, a rate limit, a
 * changed Lambda environment, a query over a whole table) passes `isolated` or one of the runtime
 * options: beforeAll then starts one on a random port with a fresh temporary data dir, afterAll
 * closes it and deletes the dir. Set SUTURE_LOCAL_LOG=1 to see the runtime's request log and the
 * Lambdas' INFO logs (default level WARN).
 */
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LocalStack, SignInResult } from '../../local';
import type { RateLimit } from '../../infra/security-headers';
import { runtimesDir, sharedStack, workerRuntime, type SharedRuntimeInfo } from './shared-runtime';
import { checkAnswer } from './answer-schemas';
import { seededDataDir } from './seeded-data';

export interface UseLocalStackOptions {
  /** A runtime of this suite's own instead of the worker's shared one (implied by the options below). */
  isolated?: boolean;
  /** Seed the demo accounts and data (slower; default false). */
  seed?: boolean;
  /** Threads of the runtime's Lambda pool (default the runtime's; 0 = handlers on the main thread). */
  lambdaWorkers?: number;
  /**
   * The API's rate limit per caller: default `false` (tests send many requests from one caller);
   * pass `RATE_LIMIT` of infra/security-headers.ts to test the deployed numbers.
   */
  rateLimit?: RateLimit | false;
  /** The rate limiter's clock, epoch milliseconds (default `Date.now`; implies a runtime of its own). */
  rateLimitClock?: () => number;
}

export interface ApiOptions {
  /** Bearer token (access or id token). */
  token?: string;
  /** Query parameters; undefined values are left out. */
  query?: Record<string, string | number | boolean | undefined>;
  /** JSON body (objects are serialised; strings are sent as they are). */
  body?: unknown;
  headers?: Record<string, string>;
}

export interface ApiResponse<T = unknown> {
  status: number;
  /** Parsed JSON, or the raw text when the body is not JSON (empty body: undefined). */
  body: T;
  headers: Headers;
}

export interface TestUser extends SignInResult {
  email: string;
  password: string;
}

export interface LocalStackHandle {
  /** The running stack (throws outside beforeAll/afterAll). */
  readonly stack: LocalStack;
  readonly url: string;
  readonly apiUrl: string;
  readonly dataDir: string;
  /** Lines the runtime logged (request log and notices) since this suite started or attached. */
  readonly logs: string[];
  createAccount(email: string, password: string, groups?: readonly string[]): Promise<string>;
  signIn(email: string, password: string): Promise<SignInResult>;
  /**
   * Create a fresh account (unique email unless given) and sign it in.
   * Default password `Test-Passw0rd!`, default groups ['surgeon'].
   */
  createSignedInUser(options?: { email?: string; password?: string; groups?: readonly string[] }): Promise<TestUser>;
  /** Call the API: `path` relative to the API base, e.g. `/case`. */
  api<T = unknown>(method: string, path: string, options?: ApiOptions): Promise<ApiResponse<T>>;
  /** Close the stack and start it again on the same data dir (what a restart of `npm start` does; own runtime only). */
  restart(): Promise<void>;
}

let userCounter = 0;

/**
 * Register beforeAll/afterAll that give the enclosing describe block or file a local stack: the
 * worker's shared runtime, or one of its own (see the module comment). The SPA is served from
 * `<dataDir>/web-dist` (empty: tests may write files there).
 */
export function useLocalStack(options: UseLocalStackOptions = {}): LocalStackHandle {
  const own =
    options.isolated ||
    options.seed ||
    options.lambdaWorkers !== undefined ||
    options.rateLimit !== undefined ||
    options.rateLimitClock !== undefined;
  const sharedDir = own ? undefined : runtimesDir();
  let stack: LocalStack | undefined;
  let dataDir: string | undefined;
  let shared: { info: SharedRuntimeInfo; fromLine: number } | undefined;
  const logs: string[] = [];
  const log = (line: string) => {
    logs.push(line);
    if (process.env.SUTURE_LOCAL_LOG) console.log(line);
  };
  const sharedLogs = (): string[] => {
    if (!shared) return [];
    let text = '';
    try {
      text = readFileSync(shared.info.logFile, 'utf8');
    } catch {
      // nothing logged yet
    }
    return text.split('\n').slice(shared.fromLine, -1);
  };
  const start = async () => {
    // The Lambdas' structured logs only when asked (they go straight to stdout).
    process.env.LOG_LEVEL ??= process.env.SUTURE_LOCAL_LOG ? 'INFO' : 'WARN';
    // Loaded here: suites on the shared runtime do not load the emulators.
    const { startLocal } = await import('../../local');
    stack = await startLocal({
      dataDir,
      port: 0,
      seed: options.seed ?? false,
      lambdaWorkers: options.lambdaWorkers,
      log,
      webDist: join(dataDir!, 'web-dist'),
      rateLimit: options.rateLimit ?? false,
      rateLimitClock: options.rateLimitClock,
    });
  };

  // With seed, room to wait for another worker's seed (./seeded-data.ts), then to seed its own.
  const startTimeout = options.seed ? 300_000 : 180_000;
  beforeAll(async () => {
    if (sharedDir) {
      const info = await workerRuntime(sharedDir);
      // The Lambda environment in this suite's process too: suites call repositories directly.
      Object.assign(process.env, info.env);
      for (const name of info.unsetEnv) delete process.env[name];
      shared = { info, fromLine: 0 };
      shared.fromLine = sharedLogs().length;
      stack = sharedStack(info);
      return;
    }
    dataDir = mkdtempSync(join(tmpdir(), 'suture-local-'));
    // A copy of the run's seeded data (./seeded-data.ts): the seed then finds the demo data in place.
    const seeded = options.seed ? await seededDataDir() : undefined;
    if (seeded) cpSync(seeded, dataDir, { recursive: true });
    await start();
  }, startTimeout);

  afterAll(async () => {
    if (shared) return;
    await stack?.close();
    stack = undefined;
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  const get = (): LocalStack => {
    if (!stack) throw new Error('useLocalStack: the stack is not running (use it inside tests or hooks)');
    return stack;
  };

  const api = async <T>(method: string, path: string, opts: ApiOptions = {}): Promise<ApiResponse<T>> => {
    const url = new URL(`${get().apiUrl}${path}`);
    for (const [k, v] of Object.entries(opts.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    let body: string | undefined;
    if (opts.body !== undefined) {
      body = typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body);
      headers['content-type'] ??= 'application/json';
    }
    const res = await fetch(url, { method, headers, body });
    const text = await res.text();
    let parsed: unknown = text === '' ? undefined : text;
    if (text !== '') {
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = text;
      }
    }
    checkAnswer(method, path, res.status, parsed, res.headers.get('content-type'));
    return { status: res.status, body: parsed as T, headers: res.headers };
  };

  return {
    get stack() {
      return get();
    },
    get url() {
      return get().url;
    },
    get apiUrl() {
      return get().apiUrl;
    },
    get dataDir() {
      return get().dataDir;
    },
    get logs() {
      return shared ? sharedLogs() : logs;
    },
    createAccount: (email, password, groups) => get().createAccount(email, password, groups),
    signIn: (email, password) => get().signIn(email, password),
    async createSignedInUser(opts = {}) {
      userCounter += 1;
      const email = opts.email ?? `user${userCounter}-${Date.now().toString(36)}@test.example.com`;
      const password = opts.password ?? 'Test-Passw0rd!';
      await get().createAccount(email, password, opts.groups ?? ['surgeon']);
      const tokens = await get().signIn(email, password);
      return { ...tokens, email, password };
    },
    api,
    async restart() {
      if (shared) throw new Error("useLocalStack: restart needs a runtime of the suite's own ({ isolated: true })");
      await get().close();
      stack = undefined;
      await start();
    },
  };
}
