/**
 * Browser helpers shared by the end-to-end tests (playwright-core has no auto-retrying `expect`,
 * so assertions that wait for the page go through {@link eventually}).
 */
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD } from './stack';

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

/** Wait until the page's pathname is `path` (string: exact; RegExp: tested against the pathname). */
export async function waitForPath(page: Page, path: string | RegExp, timeout = 15_000): Promise<void> {
  await page.waitForURL((url) => (typeof path === 'string' ? url.pathname === path : path.test(url.pathname)), {
    timeout,
  });
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
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.getByText(SIGNED_IN_TEXT, { exact: true }).waitFor({ timeout: 30_000 });
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
