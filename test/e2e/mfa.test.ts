/**
 * Two-step sign-in in a real browser against the local runtime: a
 * provider turns on TOTP MFA from the profile screen, scanning nothing but reading the setup key
 * shown on screen (otplib computes the codes an authenticator app would), signs out everywhere (the
 * refresh token the browser held no longer refreshes), signs in again with a code (a wrong one is
 * refused first), then turns two-step sign-in off again. The setup and the code step have no
 * serious or critical axe-core violations.
 */
import type { Page } from 'playwright-core';
import { generateSync } from 'otplib';
import { MFA_SECTION_MESSAGES } from '../../web/src/auth/mfaMessages';
import { TOTP_MESSAGES } from '../../web/src/auth/totp';
import { expectNoSeriousAxeViolations } from './support/axe';
import { describeBrowser } from './support/browser';
import { DEMO_PASSWORD, PROVIDER1, PROVIDER2, useE2EStack } from './support/stack';
import { afterSignedInText, signInThroughUi, trackPageErrors, waitForPath } from './support/ui';

jest.setTimeout(150_000);

/** The TOTP period, in seconds (RFC 6238; Cognito's). */
const PERIOD = 30;

/**
 * A code the app would show for `secret`, other than `used` (Cognito refuses a code used again in
 * the same period): the current one, else the next period's, which Cognito accepts as clock drift
 * (one period either way), so the test never waits up to 30 s for the clock to move on.
 */
function freshCode(secret: string, used: readonly string[] = []): string {
  const now = Date.now() / 1000;
  const code = [0, PERIOD].map((d) => generateSync({ secret, epoch: now + d })).find((c) => !used.includes(c));
  if (!code) throw new Error('The current and the next TOTP codes were both used already');
  return code;
}

/** A 6-digit code that is none of the codes Cognito would accept now (previous, current, next). */
function wrongCode(secret: string): string {
  const now = Date.now() / 1000;
  const near = new Set([-PERIOD, 0, PERIOD].map((d) => generateSync({ secret, epoch: now + d })));
  return ['000000', '111111', '222222', '333333'].find((c) => !near.has(c))!;
}

describeBrowser('Two-step sign-in with an authenticator app (browser)', () => {
  const e2e = useE2EStack();

  /** The profile screen through the header's Profile link (desktop). */
  async function openProfile(page: Page): Promise<void> {
    await page.locator('header').getByRole('link', { name: 'Profile', exact: true }).click();
    await waitForPath(page, '/update-profile');
  }

  it('turns TOTP on from the profile, revokes the session on sign-out and asks for a code at sign-in', async () => {
    // Prepare
    const { page } = await e2e.newPage();
    const pageErrors = trackPageErrors(page);
    await signInThroughUi(page, e2e.url, PROVIDER1);
    await waitForPath(page, '/dashboard');

    // Act: set up the authenticator app on the profile screen (the header's link: no page load)
    await openProfile(page);
    const section = page.getByRole('region', { name: MFA_SECTION_MESSAGES.heading });
    await section.getByText(MFA_SECTION_MESSAGES.isOff, { exact: true }).waitFor({ timeout: 30_000 });
    await section.getByRole('button', { name: 'Set up authenticator app' }).click();
    await section.getByRole('img', { name: MFA_SECTION_MESSAGES.qrAlt }).waitFor();
    await expectNoSeriousAxeViolations(page, { label: 'the authenticator app setup' });
    const secret = ((await section.getByTestId('totp-secret').textContent()) ?? '').replace(/\s/g, '');
    const codeField = section.getByLabel(/Enter the 6-digit code/);
    await codeField.fill(wrongCode(secret));
    await section.getByRole('button', { name: 'Verify and turn on' }).click();
    await section.getByText(TOTP_MESSAGES.codeMismatch, { exact: true }).waitFor();
    const setupCode = freshCode(secret);
    await codeField.fill(setupCode);
    await section.getByRole('button', { name: 'Verify and turn on' }).click();

    // Assess: on
    await section.getByText(MFA_SECTION_MESSAGES.turnedOn, { exact: true }).waitFor();
    await section.getByText(MFA_SECTION_MESSAGES.isOn, { exact: true }).waitFor();
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);

    // Act: sign out (global), keeping the refresh token the browser held
    const refreshToken = await page.evaluate(() => {
      const key = Object.keys(localStorage).find((k) => k.endsWith('.refreshToken'));
      return key ? localStorage.getItem(key) : null;
    });
    await page.getByRole('button', { name: 'Sign Out' }).first().click();
    await page.waitForFunction(() => !Object.keys(localStorage).some((k) => k.endsWith('.refreshToken')));
    const refresh = await fetch(`${e2e.url}/cognito/`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.GetTokensFromRefreshToken',
      },
      body: JSON.stringify({ ClientId: e2e.stack.clientId, RefreshToken: refreshToken }),
    });
    const refreshBody = (await refresh.json()) as { __type?: string };

    // Assess: the old session cannot be refreshed
    expect(refreshToken).toBeTruthy();
    expect(refresh.status).toBe(400);
    expect(refreshBody.__type).toBe('NotAuthorizedException');

    // Act: sign in again: password, then a wrong code, then the app's code
    await page.goto(`${e2e.url}/auth`);
    await page.getByRole('heading', { name: 'Sign In', level: 1 }).waitFor();
    await page.getByLabel('Email').fill(PROVIDER1);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByRole('heading', { name: 'Enter Your Code', level: 1 }).waitFor({ timeout: 30_000 });
    await expectNoSeriousAxeViolations(page, { label: 'the sign-in code step' });
    const signInField = page.getByLabel('6-digit code');
    await signInField.fill(wrongCode(secret));
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText(TOTP_MESSAGES.codeMismatch, { exact: true }).waitFor();
    await signInField.fill(freshCode(secret, [setupCode]));

    // Assess: signed in
    await afterSignedInText(page, () => page.getByRole('button', { name: 'Confirm' }).click());
    await waitForPath(page, '/dashboard');

    // Act: turn two-step sign-in off again
    await openProfile(page);
    await section.getByText(MFA_SECTION_MESSAGES.isOn, { exact: true }).waitFor({ timeout: 30_000 });
    await section.getByRole('button', { name: 'Turn off two-step sign-in' }).click();
    await section.getByRole('button', { name: 'Turn off', exact: true }).click();

    // Assess: off, and the next sign-in asks for the password only
    await section.getByText(MFA_SECTION_MESSAGES.turnedOff, { exact: true }).waitFor();
    const tokens = await e2e.signIn(PROVIDER1);
    expect(tokens.accessToken).toBeTruthy();
    expect(pageErrors).toEqual([]);
  });

  it('fits the setup on a phone screen, and Cancel leaves two-step sign-in off', async () => {
    // Prepare
    const { page } = await e2e.newPage({ mobile: true });
    await signInThroughUi(page, e2e.url, PROVIDER2);
    await waitForPath(page, '/dashboard');
    await page.goto(`${e2e.url}/update-profile`);
    const section = page.getByRole('region', { name: MFA_SECTION_MESSAGES.heading });

    // Act
    await section.getByRole('button', { name: 'Set up authenticator app' }).click({ timeout: 30_000 });
    const qr = section.getByRole('img', { name: MFA_SECTION_MESSAGES.qrAlt });
    await qr.waitFor();
    const width = page.viewportSize()?.width ?? 0;
    const boxes = await Promise.all(
      [qr, section.getByTestId('totp-secret'), section.getByLabel(/Enter the 6-digit code/)].map((l) =>
        l.boundingBox(),
      ),
    );
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    await section.getByRole('button', { name: 'Cancel' }).click();

    // Assess
    for (const box of boxes) {
      expect(box).not.toBeNull();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(width);
    }
    expect(scrollWidth).toBeLessThanOrEqual(width);
    await section.getByText(MFA_SECTION_MESSAGES.isOff, { exact: true }).waitFor();
    expect((await e2e.signIn(PROVIDER2)).accessToken).toBeTruthy();
  });
});
