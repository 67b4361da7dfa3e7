/**
 * End-to-end harness: the whole local runtime (local/index.ts) with the demo data AND the
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
 * `useE2EStack` registers beforeAll (temporary data dir holding a copy of the run's seeded
 * template, `startLocal({ seed: true, port: 0 })`,
 * Chromium) and afterAll (close both, delete the dir); contexts opened with `newPage` are closed
 * after each test. The SPA must have been built first (`npm run build:web`; `npm run test:e2e`
 * does it). Set SUTURE_LOCAL_LOG=1 to see the runtime's request log.
 *
 * Against a deployed stage: with `SUTURE_E2E_URL=https://<distribution>` no
 * local runtime starts. The tests drive that URL; `apiUrl` and the Cognito client come from its
 * `/config.json`, and `signIn` calls Cognito's InitiateAuth (USER_PASSWORD_AUTH, which the stack's
 * app client allows) at the pool's endpoint. A stage whose config.json says `prod` is refused.
 * `stack` (the local runtime itself) does not exist there: a test that needs it, or the runtime's
 * log (`logs`), or the local build, is declared with {@link itLocalOnly} / {@link describeLocalOnly}
 * and is reported as skipped, with its reason, in such a run. Without SUTURE_E2E_URL (CI) every
 * test runs, local-only ones included.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DEMO_PASSWORD, PROJECT_ROOT, startLocal, type LocalStack, type SignInResult } from '../../../local';
import { PROD_STAGE } from '../../../infra/stage';
import { RuntimeConfigSchema, type RuntimeConfig } from '../../../shared/config';
import { newPage, openBrowser } from './browser';
import { copySeededTemplate } from './seeded-template';

/**
 * Parse `SUTURE_E2E_URL`: undefined when unset or empty (the local runtime), else the http(s) base
 * URL without trailing slash.
 * @throws Error for anything else than an http(s) URL.
 */
export function parseRemoteUrl(value: string | undefined): string | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new Error(
      `SUTURE_E2E_URL must be the stage's URL, e.g. https://d111111abcdef8.cloudfront.net; got "${value}"`,
    );
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new Error(`SUTURE_E2E_URL must be an http(s) URL; got "${value}"`);
  }
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

/** The deployed stage the suite runs against (`SUTURE_E2E_URL`), or undefined: the local runtime. */
export const REMOTE_URL = parseRemoteUrl(process.env.SUTURE_E2E_URL);
/** True in a run against a deployed stage. */
export const IS_REMOTE = REMOTE_URL !== undefined;

/** Tests declared local-only that this run does not run (filled only against a stage). */
export const NOT_RUN_AGAINST_STAGE: { name: string; reason: string }[] = [];

function notRun(name: string, reason: string): string {
  NOT_RUN_AGAINST_STAGE.push({ name, reason });
  console.warn(`Not run against ${REMOTE_URL} (SUTURE_E2E_URL): "${name}": local only, ${reason}.`);
  return `${name} [local only, not run against SUTURE_E2E_URL: ${reason}]`;
}

/**
 * A test that needs the local runtime's hooks (its accounts API, its log, its build, its data):
 * `it` locally and in CI, `it.skip` against SUTURE_E2E_URL, with the reason in its name and a
 * warning, so that the run lists it as skipped and never counts it as passed.
 */
export function itLocalOnly(name: string, reason: string, fn: jest.ProvidesCallback, timeout?: number): void {
  if (IS_REMOTE) it.skip(notRun(name, reason), fn, timeout);
  else it(name, fn, timeout);
}

/** A block of local-only tests (see {@link itLocalOnly}): `describe`, or `describe.skip` against a stage. */
export function describeLocalOnly(name: string, reason: string, fn: () => void): void {
  if (IS_REMOTE) describe.skip(notRun(name, reason), fn);
  else describe(name, fn);
}

/** Read and check a stage's `/config.json`; relative URLs in it are resolved against the stage's URL. */
export async function fetchRemoteConfig(baseUrl: string): Promise<RuntimeConfig> {
  const res = await fetch(`${baseUrl}/config.json`, { headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`GET ${baseUrl}/config.json answered ${res.status}: is SUTURE_E2E_URL a Suture stage?`);
  const config = RuntimeConfigSchema.parse(await res.json());
  if (config.stage === PROD_STAGE) {
    throw new Error(
      `SUTURE_E2E_URL is production (config.json stage "${config.stage}"): the end-to-end tests create and change data; run them against a QA stage.`,
    );
  }
  const absolute = (u: string) => new URL(u, `${baseUrl}/`).toString().replace(/\/+$/, '');
  return {
    ...config,
    apiUrl: absolute(config.apiUrl),
    ...(config.userPoolEndpoint ? { userPoolEndpoint: absolute(config.userPoolEndpoint) } : {}),
  };
}

/**
 * USER_PASSWORD_AUTH sign-in at the pool of `config` (its `userPoolEndpoint`, else Cognito's regional
 * endpoint), as the SPA's Amplify does but without a browser.
 * @throws Error with Cognito's error type and message (e.g. NotAuthorizedException), or when a
 *   challenge (new password, MFA) comes back instead of tokens.
 */
export async function signInWithCognito(config: RuntimeConfig, email: string, password: string): Promise<SignInResult> {
  const endpoint = config.userPoolEndpoint ?? `https://cognito-idp.${config.region}.amazonaws.com/`;
  const res = await fetch(endpoint, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
    },
    body: JSON.stringify({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: config.userPoolClientId,
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  });
  const body = (await res.json().catch(() => ({}))) as {
    __type?: string;
    message?: string;
    ChallengeName?: string;
    AuthenticationResult?: { IdToken?: string; AccessToken?: string; RefreshToken?: string };
  };
  if (!res.ok) throw new Error(`Sign-in of ${email} failed: ${body.__type ?? res.status}: ${body.message ?? ''}`);
  const r = body.AuthenticationResult;
  if (!r?.IdToken || !r.AccessToken || !r.RefreshToken) {
    throw new Error(`Sign-in of ${email} did not return tokens (challenge ${body.ChallengeName ?? 'none'})`);
  }
  const claims = JSON.parse(Buffer.from(r.IdToken.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
    sub: string;
  };
  return { idToken: r.IdToken, accessToken: r.AccessToken, refreshToken: r.RefreshToken, sub: claims.sub };
}

/** The built SPA the runtime serves. */
export const WEB_DIST = join(PROJECT_ROOT, 'web', 'dist');

export const PROVIDER1 = 'provider1@example.com';
export const PROVIDER2 = 'provider2@example.com';
export const NEW_USER = 'newuser@example.com';
export { DEMO_PASSWORD };

export interface E2EStack {
  /** The local runtime; throws in a run against SUTURE_E2E_URL (declare such tests with {@link itLocalOnly}). */
  readonly stack: LocalStack;
  /** True when the suite runs against a deployed stage (SUTURE_E2E_URL). */
  readonly remote: boolean;
  /** Base URL of the SPA, e.g. `http://127.0.0.1:41234` or the stage's URL (no trailing slash). */
  readonly url: string;
  readonly apiUrl: string;
  /** The runtime configuration the SPA reads (`/config.json`). */
  readonly config: RuntimeConfig;
  readonly browser: Browser;
  /** Lines the local runtime logged (always empty against a stage: read it only in local-only tests). */
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
  /**
   * A fresh desktop context and page opened ahead of the next `newPage()`: a page's renderer takes
   * about a second to start, which overlaps the test running before instead of delaying the next.
   */
  let spare: Promise<{ context: BrowserContext; page: Page }> | undefined;
  const openSpare = (launched: Browser): void => {
    spare = newPage(launched);
    spare.catch(() => undefined);
  };

  let remoteConfig: RuntimeConfig | undefined;

  beforeAll(async () => {
    if (REMOTE_URL) {
      // A deployed stage: its SPA, API and user pool; only the browser starts here.
      const [configured, launched] = await Promise.allSettled([fetchRemoteConfig(REMOTE_URL), openBrowser()]);
      if (launched.status === 'fulfilled') browser = launched.value;
      if (configured.status === 'rejected') throw configured.reason;
      if (launched.status === 'rejected') throw launched.reason;
      remoteConfig = configured.value;
      openSpare(launched.value);
      return;
    }
    assertWebBuilt();
    // The Lambdas' INFO lines (one per request, one per refused request) are noise here.
    process.env.LOG_LEVEL ??= process.env.SUTURE_LOCAL_LOG ? 'INFO' : 'WARN';
    process.env.POWERTOOLS_LOG_LEVEL ??= process.env.SUTURE_LOCAL_LOG ? 'INFO' : 'WARN';
    dataDir = mkdtempSync(join(tmpdir(), 'suture-e2e-'));
    // A copy of the run's seeded template when there is one; startLocal's seed then finds the demo
    // data in place and writes nothing.
    copySeededTemplate(dataDir);
    // Both at once; whichever started is kept even when the other failed, so afterAll closes it
    // (a Chromium left running would keep jest from exiting).
    const [started, launched] = await Promise.allSettled([
      startLocal({
        dataDir,
        port: 0,
        seed: true,
        webDist: WEB_DIST,
        // Tests drive the SPA faster than a person and prepare data through the API.
        rateLimit: false,
        quiet: !process.env.SUTURE_LOCAL_LOG,
        log: (line) => {
          logs.push(line);
          if (process.env.SUTURE_LOCAL_LOG) console.log(line);
        },
      }),
      openBrowser().then((launched) => {
        openSpare(launched);
        return launched;
      }),
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
    spare = undefined;
    await browser?.close().catch(() => undefined);
    browser = undefined;
    await stack?.close();
    stack = undefined;
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  const getStack = (): LocalStack => {
    if (REMOTE_URL) {
      throw new Error(
        `useE2EStack: e2e.stack is the local runtime, which a run against SUTURE_E2E_URL (${REMOTE_URL}) does not have: ` +
          'declare this test with itLocalOnly(name, reason, fn) (test/e2e/support/stack.ts)',
      );
    }
    if (!stack) throw new Error('useE2EStack: the stack is not running (use it inside tests or hooks)');
    return stack;
  };
  const getConfig = (): RuntimeConfig => {
    if (REMOTE_URL) {
      if (!remoteConfig) throw new Error('useE2EStack: the stage config is not loaded (use it inside tests or hooks)');
      return remoteConfig;
    }
    return getStack().config;
  };
  const getBrowser = (): Browser => {
    if (!browser) throw new Error('useE2EStack: the browser is not running (use it inside tests or hooks)');
    return browser;
  };

  return {
    get stack() {
      return getStack();
    },
    remote: IS_REMOTE,
    get url() {
      return REMOTE_URL ?? getStack().url;
    },
    get apiUrl() {
      return REMOTE_URL ? getConfig().apiUrl : getStack().apiUrl;
    },
    get config() {
      return getConfig();
    },
    get browser() {
      return getBrowser();
    },
    logs,
    async newPage(opts = {}) {
      const launched = getBrowser();
      // The spare has the desktop viewport: a phone-sized test opens its own (its context's other tabs
      // keep the phone size too).
      const ready = opts.mobile ? undefined : spare;
      if (ready) spare = undefined;
      const opened = (ready && (await ready.catch(() => undefined))) || (await newPage(launched, opts));
      contexts.push(opened.context);
      if (!spare) openSpare(launched);
      return opened;
    },
    signIn: (email, password = DEMO_PASSWORD) =>
      REMOTE_URL ? signInWithCognito(getConfig(), email, password) : getStack().signIn(email, password),
    async api<T>(
      method: string,
      path: string,
      options: { token?: string; query?: Record<string, string | number | undefined>; body?: unknown } = {},
    ) {
      const url = new URL(`${REMOTE_URL ? getConfig().apiUrl : getStack().apiUrl}${path}`);
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
