/**
 * The app shell in a real browser against the local runtime: an unknown
 * path shows 'Page Not Found' with a link home, signed out and signed in; a signed-out deep link to
 * a case goes to /auth and back to the case after sign-in; the SPA is served precompressed by
 * Accept-Encoding; /auth and the 404 page have no serious or critical axe-core violations; the
 * header shows no links during profile setup; the case form keeps a CPT code that no list holds
 * only when the user confirms it, and tells providers about the starter list in a plain sentence;
 * after 14 minutes without activity (the browser's clock moved on) the user is warned, may stay, and
 * a minute after a warning is signed out with a notice on /auth (web/src/auth/IdleSignOut.tsx; README "Departures").
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { expectNoSeriousAxeViolations } from './support/axe';
import { describeBrowser } from './support/browser';
import { TIMING_MS } from '../../shared/constants';
import { CPT_UNKNOWN_MESSAGES } from '../../shared/cpt-messages';
import { AUTH_MESSAGES, IDLE_MESSAGES } from '../../shared/messages';
import { DEMO_PASSWORD, NEW_USER, PROVIDER1, WEB_DIST, itLocalOnly, useE2EStack } from './support/stack';
import {
  afterSignedInText,
  afterText,
  eventually,
  signInThroughUi,
  signInWithTokens,
  trackPageErrors,
  waitForDelayedPath,
  waitForPath,
} from './support/ui';

jest.setTimeout(90_000);

/** GET `url` with the given Accept-Encoding; resolves with the status, headers and raw body bytes. */
function rawGet(
  url: string,
  acceptEncoding?: string,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** The entry script of the build (`assets/index-<hash>.js`). */
function entryScript(): string {
  const manifest = JSON.parse(readFileSync(join(WEB_DIST, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    { file: string; isEntry?: boolean }
  >;
  const entry = Object.values(manifest).find((c) => c.isEntry);
  if (!entry) throw new Error('The build manifest has no entry chunk');
  return entry.file;
}

describeBrowser('App shell (browser)', () => {
  const e2e = useE2EStack();

  it('shows Page Not Found with a link home for an unknown path when signed out, and the link leads to sign-in', async () => {
    // Prepare
    const { page } = await e2e.newPage();
    const errors = trackPageErrors(page);

    // Act
    await page.goto(`${e2e.url}/no-such-page/123`);

    // Assess
    await page.getByRole('heading', { name: 'Page Not Found', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/no-such-page/123');
    await eventually(async () => expect(await page.title()).toBe('Page Not Found | Suture'));
    await expectNoSeriousAxeViolations(page, { label: 'the 404 page (signed out)' });
    await page.getByRole('link', { name: 'Go to Home' }).click();
    await waitForPath(page, '/auth');
    await page.getByRole('heading', { name: 'Sign In', level: 1 }).waitFor();
    expect(errors).toEqual([]);
  });

  it('marks the current page in the navigation and shows a focus ring on the link the keyboard reaches', async () => {
    // Prepare
    const { page } = await e2e.newPage();
    await page.goto(`${e2e.url}/about`);
    const about = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About', exact: true });
    await about.waitFor();

    // Act: Tab until a link has the focus.
    let focusedTag = '';
    for (let i = 0; i < 15 && focusedTag !== 'A'; i++) {
      await page.keyboard.press('Tab');
      focusedTag = await page.evaluate(() => document.activeElement?.tagName ?? '');
    }
    const ring = await page.evaluate(() => {
      const style = getComputedStyle(document.activeElement!);
      return { style: style.outlineStyle, width: style.outlineWidth, color: style.outlineColor };
    });
    const current = await about.evaluate((a) => ({
      ariaCurrent: a.getAttribute('aria-current'),
      background: getComputedStyle(a).backgroundColor,
    }));

    // Assess: the theme's primary 60 (#2f78c4) ring, and primary 10 (#e8f1fa) behind the current page.
    expect(focusedTag).toBe('A');
    expect(ring).toEqual({ style: 'solid', width: '3px', color: 'rgb(47, 120, 196)' });
    expect(current).toEqual({ ariaCurrent: 'page', background: 'rgb(232, 241, 250)' });

    // Act: a script moves the focus to <main> (as after a page change) while the keyboard is in use.
    const main = await page.evaluate(() => {
      const el = document.getElementById('main')!;
      el.focus({ preventScroll: true });
      return { focusVisible: el.matches(':focus-visible'), outline: getComputedStyle(el).outlineStyle };
    });
    // Assess: the browser counts it as keyboard focus, yet what is no control draws no ring.
    expect(main).toEqual({ focusVisible: true, outline: 'none' });
  });

  it('serves the SPA under the Content-Security-Policy, and a provider signs in and sees the case list with nothing refused', async () => {
    // Prepare
    const { page } = await e2e.newPage();
    const errors = trackPageErrors(page);

    // Act
    const document = await page.goto(`${e2e.url}/auth`);
    await signInThroughUi(page, e2e.url, PROVIDER1);
    await waitForPath(page, '/dashboard');
    await page.getByRole('heading', { name: 'Cases', level: 1 }).waitFor();

    // Assess (the same headers as CloudFront, infra/security-headers.ts)
    const headers = document?.headers() ?? {};
    expect(headers['content-security-policy']).toContain("script-src 'self';");
    expect(headers['x-frame-options']).toBe('DENY');
    expect(errors).toEqual([]);
  });

  it('shows Page Not Found to a signed-in provider, whose link home leads to the case list', async () => {
    // Prepare
    const { page } = await e2e.newPage();
    await signInWithTokens(e2e, page, PROVIDER1, '/dashboard');

    // Act
    await page.goto(`${e2e.url}/case-list-typo`);

    // Assess
    await page.getByRole('heading', { name: 'Page Not Found', level: 1 }).waitFor();
    await expectNoSeriousAxeViolations(page, { label: 'the 404 page (signed in)' });
    await page.getByRole('link', { name: 'Go to Home' }).click();
    await waitForPath(page, '/dashboard');
    await page.getByRole('heading', { name: 'Cases', level: 1 }).waitFor();
  });

  it('has no serious or critical axe-core violations on the profile editing page', async () => {
    // Prepare
    const { page } = await e2e.newPage();

    // Act
    await signInWithTokens(e2e, page, PROVIDER1, '/update-profile');
    await page.getByRole('heading', { name: 'Profile', level: 1 }).waitFor();
    await page.getByLabel('First Name').waitFor();

    // Assess
    await expectNoSeriousAxeViolations(page, { label: '/update-profile' });
  });

  it('sends a signed-out deep link to a case to sign-in and back to that case afterwards', async () => {
    // Prepare
    const tokens = await e2e.signIn(PROVIDER1);
    const list = await e2e.api<{ cases: { case_id: string }[] }>('GET', '/case', {
      token: tokens.accessToken,
      query: { user_id: tokens.sub },
    });
    const caseId = list.body.cases[0]?.case_id;
    if (!caseId) throw new Error(`provider1 has no demo case: ${JSON.stringify(list.body)}`);
    const casePath = `/case/${encodeURIComponent(caseId)}`;
    const { page } = await e2e.newPage();

    // Act
    await page.goto(`${e2e.url}${casePath}`);
    await waitForPath(page, '/auth');
    const next = new URL(page.url()).searchParams.get('next');
    await page.getByRole('heading', { name: 'Sign In', level: 1 }).waitFor();
    await page.getByLabel('Email').fill(PROVIDER1);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await afterSignedInText(page, () => page.getByRole('button', { name: 'Sign In', exact: true }).click());

    // Assess
    expect(next).toBe(casePath);
    await waitForPath(page, casePath);
    await page.getByRole('heading', { name: 'Case Details', level: 1 }).waitFor();
  });

  it('sends whoever signs in after a sign-out on a case page to their own home, not to that case', async () => {
    // Prepare: provider1 on one of their cases
    const { page } = await e2e.newPage();
    await signInWithTokens(e2e, page, PROVIDER1, '/dashboard');
    await page.locator('a[href^="/case/"]:visible').first().click();
    await page.getByRole('heading', { name: 'Case Details', level: 1 }).waitFor();

    // Act: sign out there
    await page.getByRole('button', { name: 'Sign Out' }).click();

    // Assess: the sign-in page without a return link to the previous user's case
    await waitForPath(page, '/auth');
    await page.getByRole('heading', { name: 'Sign In', level: 1 }).waitFor();
    await new Promise((r) => setTimeout(r, 300));
    expect(new URL(page.url()).searchParams.get('next')).toBeNull();
  });

  it('does not follow a sign-in return link to another site', async () => {
    // Prepare
    const { page } = await e2e.newPage();
    await page.goto(`${e2e.url}/auth?next=${encodeURIComponent('//evil.example/steal')}`);
    await page.getByRole('heading', { name: 'Sign In', level: 1 }).waitFor();

    // Act
    await page.getByLabel('Email').fill(PROVIDER1);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();

    // Assess
    await waitForPath(page, '/dashboard');
    expect(new URL(page.url()).origin).toBe(e2e.url);
  });

  it('has no serious or critical axe-core violations on the sign-in page', async () => {
    // Prepare
    const { page } = await e2e.newPage();

    // Act
    await page.goto(`${e2e.url}/auth`);
    await page.getByRole('heading', { name: 'Sign In', level: 1 }).waitFor();

    // Assess
    await expectNoSeriousAxeViolations(page, { label: '/auth' });
  });

  itLocalOnly(
    'serves the precompressed SPA by Accept-Encoding: brotli, gzip, or plain',
    "compares the local runtime's static server with the local build in web/dist",
    async () => {
      // Prepare
      const file = entryScript();
      const plain = readFileSync(join(WEB_DIST, file));
      const url = `${e2e.url}/${file}`;

      // Act
      const br = await rawGet(url, 'gzip, deflate, br, zstd');
      const gz = await rawGet(url, 'gzip, deflate');
      const none = await rawGet(url);
      const refusedBr = await rawGet(url, 'br;q=0, gzip');

      // Assess
      expect(br.status).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      expect(br.headers['content-type']).toMatch(/javascript/);
      expect(br.body.length).toBeLessThan(plain.length / 2);
      expect(brotliDecompressSync(br.body).equals(plain)).toBe(true);
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.body).equals(plain)).toBe(true);
      expect(refusedBr.headers['content-encoding']).toBe('gzip');
      expect(none.headers['content-encoding']).toBeUndefined();
      expect(none.headers.vary).toMatch(/accept-encoding/i);
      expect(none.body.equals(plain)).toBe(true);
    },
  );

  it('shows no header links during profile setup, and the logo stays on the setup page', async () => {
    // Prepare
    const { page } = await e2e.newPage();

    // Act
    await signInThroughUi(page, e2e.url, NEW_USER);
    await waitForPath(page, '/profile-setup');
    await page.getByRole('heading', { name: 'Set Up Your Profile', level: 1 }).waitFor();

    // Assess
    const nav = page.getByRole('navigation', { name: 'Main' });
    await eventually(async () => expect(await nav.getByRole('link').count()).toBe(1));
    await eventually(async () =>
      expect(await nav.getByRole('link', { name: 'Suture home' }).getAttribute('href')).toBe('/profile-setup'),
    );
    expect(await nav.getByRole('link', { name: 'Case List' }).count()).toBe(0);
    await nav.getByRole('button', { name: 'Sign Out' }).waitFor();
    await expectNoSeriousAxeViolations(page, { label: '/profile-setup' });
  });

  it('saves a CPT code that no list holds only after the user confirms it', async () => {
    // Prepare
    const { page } = await e2e.newPage();
    // Playwright's clock, so that the redirect 1.5 s after the save need not be waited out.
    await page.clock.install();
    await signInWithTokens(e2e, page, PROVIDER1, '/case/new');
    await page.getByRole('heading', { name: 'Add New Case', level: 1 }).waitFor();
    await page.getByLabel('Case date').fill('2026-02-03');
    await page.getByLabel('Patient first name').fill('Testa');
    await page.getByLabel('Patient last name').fill('Unknowncode');
    await page.getByRole('combobox', { name: 'Insurance provider' }).fill('Aetna');
    const surgeon = page.getByRole('combobox', { name: 'Primary surgeon' });
    await eventually(async () => expect(await surgeon.locator('option').count()).toBeGreaterThan(1));
    await surgeon.selectOption({ index: 1 });
    const facility = page.getByRole('combobox', { name: 'Facility' });
    await eventually(async () => expect(await facility.locator('option').count()).toBeGreaterThan(1));
    await facility.selectOption({ index: 1 });

    // Act: a code of the right shape that is in no list
    const code = page.getByRole('combobox', { name: 'Procedure code 1' });
    await code.fill('99999');
    await code.press('Escape');
    await page.getByText(CPT_UNKNOWN_MESSAGES.notInList('99999'), { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Save Case' }).click();

    // Assess: not saved until confirmed
    await page.getByTestId('cpt-unknown-blocked').waitFor();
    expect(new URL(page.url()).pathname).toBe('/case/new');
    // Providers see no system message about the CPT list itself.
    expect(await page.getByText(/CPT code list is not loaded|starter list/i).count()).toBe(0);

    // Act: confirm and save
    // Amplify UI draws the box over a visually hidden input: click the label, as a user does.
    await page.getByText(CPT_UNKNOWN_MESSAGES.keepAnyway('99999'), { exact: true }).click();
    await eventually(async () =>
      expect(await page.getByRole('checkbox', { name: CPT_UNKNOWN_MESSAGES.keepAnyway('99999') }).isChecked()).toBe(
        true,
      ),
    );
    await afterText(page, 'Case Created Successfully', () => page.getByRole('button', { name: 'Save Case' }).click());

    // Assess
    await waitForDelayedPath(page, /^\/case\/(?!new$)[^/]+$/, TIMING_MS.caseSaveRedirect, 5_000);
    await page.getByRole('heading', { name: 'Case Details', level: 1 }).waitFor();
    await eventually(async () =>
      expect(await page.getByRole('list', { name: 'Procedure codes' }).textContent()).toContain('99999'),
    );
  });

  it('warns a provider on a phone after 14 minutes without activity, keeps the session on Stay Signed In, and signs out a minute after the next warning with a notice on sign-in', async () => {
    // Prepare: the browser's clock is Playwright's, so that 15 idle minutes pass at once.
    const { page } = await e2e.newPage({ mobile: true });
    const errors = trackPageErrors(page);
    await page.clock.install();
    await signInWithTokens(e2e, page, PROVIDER1, '/dashboard');
    await page.getByRole('heading', { name: 'Cases', level: 1 }).waitFor();
    // The idle timer loads beside the page (web/src/shell/SignedInLayout.tsx): let it arrive first.
    await page.waitForLoadState('networkidle');
    const dialog = page.getByRole('dialog', { name: IDLE_MESSAGES.title });
    const shots = '/tmp/journey-shots';
    mkdirSync(shots, { recursive: true });
    const warnAfterMs = TIMING_MS.idleSignOut - TIMING_MS.idleWarning;

    // Act: idle until the warning
    await page.clock.fastForward(warnAfterMs + 1_000);

    // Assess: the warning, with Stay Signed In focused
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('you will be signed out in');
    await eventually(async () =>
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(IDLE_MESSAGES.stay),
    );
    await expectNoSeriousAxeViolations(page, { label: 'the inactivity warning' });
    await page.screenshot({ path: `${shots}/idle-warning-phone.png` });

    // Act: stay
    await page.getByRole('button', { name: IDLE_MESSAGES.stay }).click();

    // Assess: still signed in, and a minute later (no longer idle) no warning
    await dialog.waitFor({ state: 'hidden' });
    await page.clock.fastForward(TIMING_MS.idleWarning);
    expect(await dialog.isVisible()).toBe(false);
    expect(new URL(page.url()).pathname).toBe('/dashboard');

    // Act: idle again until the warning (14 minutes since Stay Signed In), then past its minute
    await page.clock.fastForward(warnAfterMs - TIMING_MS.idleWarning + 1_000);
    await dialog.waitFor();
    await page.clock.fastForward(TIMING_MS.idleWarning + 1_000);

    // Assess: signed out, and /auth says why
    await waitForPath(page, '/auth');
    await page.getByText(AUTH_MESSAGES.idleSignedOut, { exact: true }).waitFor();
    await page.screenshot({ path: `${shots}/idle-signed-out-phone.png` });
    await page.goto(`${e2e.url}/dashboard`);
    await waitForPath(page, '/auth');
    expect(errors).toEqual([]);
  });
});
