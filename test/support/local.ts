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
 * `useLocalStack` registers beforeAll (start on a random port with a fresh temporary data dir)
 * and afterAll (close, delete the dir). Set SUTURE_LOCAL_LOG=1 to see the runtime's request log
 * and the Lambdas' INFO logs (default level WARN).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLocal, type LocalStack, type SignInResult } from '../../local';
import type { RateLimit } from '../../infra/security-headers';

export interface UseLocalStackOptions {
  /** Seed the demo accounts and data (slower; default false). */
  seed?: boolean;
  /** Threads of the runtime's Lambda pool (default the runtime's; 0 = handlers on the main thread). */
  lambdaWorkers?: number;
  /**
   * The API's rate limit per caller (issue 9, section 4): default `false` (tests send many requests
   * from one caller); pass `RATE_LIMIT` of infra/security-headers.ts to test the deployed numbers.
   */
  rateLimit?: RateLimit | false;
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
  /** Lines the runtime logged (request log and notices). */
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
  /** Close the stack and start it again on the same data dir (what a restart of `npm start` does). */
  restart(): Promise<void>;
}

let userCounter = 0;

/**
 * Register beforeAll/afterAll that run a local stack for the enclosing describe block or file.
 * The SPA is served from `<dataDir>/web-dist` (empty: tests may write files there).
 */
export function useLocalStack(options: UseLocalStackOptions = {}): LocalStackHandle {
  let stack: LocalStack | undefined;
  let dataDir: string | undefined;
  const logs: string[] = [];
  const log = (line: string) => {
    logs.push(line);
    if (process.env.SUTURE_LOCAL_LOG) console.log(line);
  };
  const start = async () => {
    // The Lambdas' structured logs only when asked (they go straight to stdout).
    process.env.LOG_LEVEL ??= process.env.SUTURE_LOCAL_LOG ? 'INFO' : 'WARN';
    stack = await startLocal({
      dataDir,
      port: 0,
      seed: options.seed ?? false,
      lambdaWorkers: options.lambdaWorkers,
      log,
      webDist: join(dataDir!, 'web-dist'),
      rateLimit: options.rateLimit ?? false,
    });
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'suture-local-'));
    await start();
  }, 180_000);

  afterAll(async () => {
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
    logs,
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
      await get().close();
      stack = undefined;
      await start();
    },
  };
}
