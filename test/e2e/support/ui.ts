/**
 * Browser helpers shared by the end-to-end tests (playwright-core has no auto-retrying `expect`,
 * so assertions that wait for the page go through {@link eventually}).
 */
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD, type E2EStack } from './stack';

/** The sign-in success text (spec provider-side section 2). */
export const SIGNED_IN_TEXT = 'Successfully signed in! Redirecting...';

/**
 * Retry `check` (which throws, e.g. a failed `expect`, until the page is in the expected state)
 * until it passes or `timeout` ms have gone by; then rethrow its last error.
 */
export async function eventually<T>(
  check: () => T | Promise<T>,
  { timeout = 10_000, interval = 100 }: { timeout?: number; interval?: number } = {},
): Promise<T> {
  const deadline = Date.now() + timeout;
  for (;;) {
    try {
      return await check();
    } catch (err) {
      if (Date.now() >= deadline) throw err;
      await new Promise((resolve) => setTimeout(resolve, interval));
    }
  }
}

/** Pathname of the page's current URL (e.g. `/dashboard`). */
export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

const pathMatches = (url: URL, path: string | RegExp): boolean =>
  typeof path === 'string' ? url.pathname === path : path.test(url.pathname);

/** Wait until the page's pathname is `path` (string: exact; RegExp: tested against the pathname). */
export async function waitForPath(page: Page, path: string | RegExp, timeout = 15_000): Promise<void> {
  await page.waitForURL((url) => pathMatches(url, path), { timeout });
}

/**
 * Go to `path` by the link `label` of the desktop main navigation, as a user does, and wait for it:
 * the loaded SPA is kept (no second load of its scripts) when reaching the screen is not what a test tests.
 */
export async function followMainNavLink(page: Page, label: string, path: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: label, exact: true }).click();
  await waitForPath(page, path);
}

/**
 * {@link waitForPath} for a page the SPA goes to a fixed delay after an action (e.g. 1.5 s after a
 * save, spec provider-side "Timing"), without waiting the delay out: the page's clock (installed
 * with `page.clock.install()` before the SPA loaded) is moved on, 250 ms at a time, by at most
 * `delayMs` in all. The timeout counts that time too, so a redirect later than `timeout` ms still fails.
 */
export async function waitForDelayedPath(
  page: Page,
  path: string | RegExp,
  delayMs: number,
  timeout = 15_000,
): Promise<void> {
  let moved = 0;
  while (moved < delayMs && !pathMatches(new URL(page.url()), path)) {
    const step = Math.min(250, delayMs - moved);
    await page.clock.fastForward(step);
    moved += step;
    // A moment of real time for the timer's navigation (or for the timer to be set, after a request).
    await page.waitForURL((url) => pathMatches(url, path), { timeout: 50 }).catch(() => undefined);
  }
  await waitForPath(page, path, Math.max(1, timeout - moved));
}

/**
 * Sign in through /auth: fill Email and Password, press Sign In, and wait for the success text
 * 'Successfully signed in! Redirecting...'. Does not wait for the redirect that follows. Waits up to
 * 30 s for it: on 2 cores shared with other suites a sign-in (cognito-local, then the first chunks of
 * the signed-in pages) has taken over 15 s.
 */
export async function signInThroughUi(page: Page, baseUrl: string, email: string, password = DEMO_PASSWORD) {
  await page.goto(`${baseUrl}/auth`);
  await page.getByRole('heading', { name: 'Sign In', level: 1 }).waitFor();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await afterSignedInText(page, () => page.getByRole('button', { name: 'Sign In', exact: true }).click());
}

/**
 * Run `act` (the press that completes a sign-in), then wait up to `timeoutMs` (default 30 s) until the
 * page has shown 'Successfully signed in! Redirecting...' (100 ms before the redirect,
 * TIMING_MS.signInRedirect): {@link afterText}.
 */
export function afterSignedInText(page: Page, act: () => Promise<unknown>, timeoutMs = 30_000): Promise<void> {
  return afterText(page, SIGNED_IN_TEXT, act, timeoutMs);
}

/**
 * Run `act`, then wait up to `timeoutMs` (default 30 s) until the page has shown `text`, even if only
 * for a moment: a success message before a redirect or a banner that clears itself can be gone
 * before a poll looks on a loaded machine, so a MutationObserver set before `act` records that it
 * appeared (in-app navigations keep it). Throws on timeout, saying where the page was and its alerts.
 */
export async function afterText(
  page: Page,
  text: string,
  act: () => Promise<unknown>,
  timeoutMs = 30_000,
): Promise<void> {
  await page.evaluate((wanted) => {
    const w = window as unknown as { __sutureTextsSeen?: Set<string> };
    const seen = (w.__sutureTextsSeen ??= new Set());
    seen.delete(wanted);
    const look = () => {
      if (document.body?.textContent?.includes(wanted)) {
        seen.add(wanted);
        observer.disconnect();
      }
    };
    const observer = new MutationObserver(look);
    observer.observe(document.documentElement, { subtree: true, childList: true, characterData: true });
  }, text);
  await act();
  try {
    await page.waitForFunction(
      (wanted) => (window as unknown as { __sutureTextsSeen?: Set<string> }).__sutureTextsSeen?.has(wanted) === true,
      text,
      { timeout: timeoutMs },
    );
  } catch (err) {
    const alerts = await page
      .getByRole('alert')
      .allTextContents()
      .catch(() => []);
    throw new Error(
      `"${text}" not shown within ${timeoutMs} ms; the page is at ${page.url()}, alerts: ${JSON.stringify(alerts)}`,
      {
        cause: err,
      },
    );
  }
}

/**
 * Sign in without the form, for tests whose subject comes after the sign-in: USER_PASSWORD_AUTH at
 * the pool (as the form's Amplify call does), the tokens written where Amplify v6 keeps them
 * (localStorage `CognitoIdentityServiceProvider.<client id>.<username>.<token>`, and `LastAuthUser`),
 * then `path` opened and waited for. Saves the /auth page and the home page a test then leaves
 * (about 2 s each on 2 cores, docs/decisions/0020-ci-time.md); the form itself stays covered by the
 * suites that sign in through it (shell, mfa, profile setup, new practice, the back-office journey).
 */
export async function signInWithTokens(
  e2e: Pick<E2EStack, 'url' | 'config' | 'signIn'>,
  page: Page,
  email: string,
  path: string,
  password = DEMO_PASSWORD,
): Promise<void> {
  const tokens = await e2e.signIn(email, password);
  const claims = JSON.parse(Buffer.from(tokens.accessToken.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
    username?: string;
  };
  const username = claims.username ?? email;
  const prefix = `CognitoIdentityServiceProvider.${e2e.config.userPoolClientId}`;
  const entries: [string, string][] = [
    [`${prefix}.LastAuthUser`, username],
    [`${prefix}.${username}.accessToken`, tokens.accessToken],
    [`${prefix}.${username}.idToken`, tokens.idToken],
    [`${prefix}.${username}.refreshToken`, tokens.refreshToken],
    [`${prefix}.${username}.clockDrift`, '0'],
    [`${prefix}.${username}.signInDetails`, JSON.stringify({ loginId: email, authFlowType: 'USER_PASSWORD_AUTH' })],
  ];
  // localStorage belongs to the origin: a small static file of the SPA's origin opens it without the app.
  await page.goto(`${e2e.url}/favicon.svg`);
  await page.evaluate((items) => {
    for (const [key, value] of items) localStorage.setItem(key, value);
  }, entries);
  await page.goto(`${e2e.url}${path}`);
  await waitForPath(page, new URL(path, e2e.url).pathname);
}

/**
 * Collect uncaught page errors (for a clearer failure when the SPA crashes) and what the browser
 * refused under the Content-Security-Policy (the SPA works under the CSP of
 * infra/security-headers.ts; Chromium reports each refusal as a console error).
 */
export function trackPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  page.on('console', (msg) => {
    if (msg.type() === 'error' && /Content Security Policy/i.test(msg.text())) errors.push(`CSP: ${msg.text()}`);
  });
  return errors;
}
