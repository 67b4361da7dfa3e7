/**
 * End-to-end harness: the whole local runtime (infra/local/index.ts) with the demo data AND the
 * built SPA (`web/dist`), plus one Chromium for the file.
 *
 * ```ts
 * const e2e = useE2EStack();                 // top of the test file
 * it('...', async () => {
 *   const { page } = await e2e.newPage();    // fresh browser context, closed after the test
 *   await signInThroughUi(page, e2e.url, PROVIDER1);
 * });
 * ```
 *
 * `useE2EStack` registers beforeAll (temporary data dir, `startLocal({ seed: true, port: 0 })`,
 * Chromium) and afterAll (close both, delete the dir); contexts opened with `newPage` are closed
 * after each test. The SPA must have been built first (`npm run build:web`; `npm run test:e2e`
 * does it). Set SUTURE_LOCAL_LOG=1 to see the runtime's request log.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DEMO_PASSWORD, PROJECT_ROOT, startLocal, type LocalStack, type SignInResult } from '../../../infra/local';
import { launchBrowser, newPage } from './browser';

/** The built SPA the runtime serves. */
export const WEB_DIST = join(PROJECT_ROOT, 'web', 'dist');

export const PROVIDER1 = 'provider1@example.com';
export const PROVIDER2 = 'provider2@example.com';
export const NEW_USER = 'newuser@example.com';
export { DEMO_PASSWORD };

export interface E2EStack {
  readonly stack: LocalStack;
  /** Base URL of the SPA, e.g. `http://127.0.0.1:41234` (no trailing slash). */
  readonly url: string;
  readonly apiUrl: string;
  readonly browser: Browser;
  /** Lines the runtime logged. */
  readonly logs: string[];
  /** A fresh context and page (desktop viewport unless `mobile`), closed after the current test. */
  newPage(opts?: { mobile?: boolean }): Promise<{ context: BrowserContext; page: Page }>;
  /** Tokens of a demo account (default password {@link DEMO_PASSWORD}). */
  signIn(email: string, password?: string): Promise<SignInResult>;
  /** Call the API with a bearer token; resolves with the status and the parsed JSON body. */
  api<T = unknown>(
    method: string,
    path: string,
    options?: { token?: string; query?: Record<string, string | number | undefined>; body?: unknown },
  ): Promise<{ status: number; body: T }>;
}

/** Throw a clear message when the SPA has not been built. */
export function assertWebBuilt(): void {
  if (!existsSync(join(WEB_DIST, 'index.html'))) {
    throw new Error(
      `The end-to-end tests need the built web app, but ${join(WEB_DIST, 'index.html')} is missing: ` +
        'run `npm run build:web` first (or `npm run test:e2e`, which builds it).',
    );
  }
}

export function useE2EStack(): E2EStack {
  let stack: LocalStack | undefined;
  let browser: Browser | undefined;
  let dataDir: string | undefined;
  const contexts: BrowserContext[] = [];
  const logs: string[] = [];

  beforeAll(async () => {
    assertWebBuilt();
    // The Lambdas' INFO lines (one per request, one per refused request) are noise here.
    process.env.LOG_LEVEL ??= process.env.SUTURE_LOCAL_LOG ? 'INFO' : 'WARN';
    process.env.POWERTOOLS_LOG_LEVEL ??= process.env.SUTURE_LOCAL_LOG ? 'INFO' : 'WARN';
    dataDir = mkdtempSync(join(tmpdir(), 'suture-e2e-'));
    // Both at once; whichever started is kept even when the other failed, so afterAll closes it
    // (a Chromium left running would keep jest from exiting).
    const [started, launched] = await Promise.allSettled([
      startLocal({
        dataDir,
        port: 0,
        seed: true,
        webDist: WEB_DIST,
        // Tests drive the SPA faster than a person and prepare data through the API (issue 9, section 4).
        rateLimit: false,
        quiet: !process.env.SUTURE_LOCAL_LOG,
        log: (line) => {
          logs.push(line);
          if (process.env.SUTURE_LOCAL_LOG) console.log(line);
        },
      }),
      launchBrowser(),
    ]);
    if (started.status === 'fulfilled') stack = started.value;
    if (launched.status === 'fulfilled') browser = launched.value;
    if (started.status === 'rejected') throw started.reason;
    if (launched.status === 'rejected') throw launched.reason;
  }, 180_000);

  afterEach(async () => {
    const open = contexts.splice(0);
    await Promise.all(open.map((c) => c.close().catch(() => undefined)));
  });

  afterAll(async () => {
    await browser?.close().catch(() => undefined);
    browser = undefined;
    await stack?.close();
    stack = undefined;
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  const getStack = (): LocalStack => {
    if (!stack) throw new Error('useE2EStack: the stack is not running (use it inside tests or hooks)');
    return stack;
  };
  const getBrowser = (): Browser => {
    if (!browser) throw new Error('useE2EStack: the browser is not running (use it inside tests or hooks)');
    return browser;
  };

  return {
    get stack() {
      return getStack();
    },
    get url() {
      return getStack().url;
    },
    get apiUrl() {
      return getStack().apiUrl;
    },
    get browser() {
      return getBrowser();
    },
    logs,
    async newPage(opts = {}) {
      const opened = await newPage(getBrowser(), opts);
      contexts.push(opened.context);
      return opened;
    },
    signIn: (email, password = DEMO_PASSWORD) => getStack().signIn(email, password),
    async api<T>(
      method: string,
      path: string,
      options: { token?: string; query?: Record<string, string | number | undefined>; body?: unknown } = {},
    ) {
      const url = new URL(`${getStack().apiUrl}${path}`);
      for (const [k, v] of Object.entries(options.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
      const headers: Record<string, string> = {};
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      if (options.body !== undefined) headers['content-type'] = 'application/json';
      const res = await fetch(url, {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
      });
      const text = await res.text();
      let body: unknown = undefined;
      if (text !== '') {
        try {
          body = JSON.parse(text);
        } catch {
          body = text;
        }
      }
      return { status: res.status, body: body as T };
    },
  };
}
