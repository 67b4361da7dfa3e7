/**
 * The back-office home, the analytics dashboard and the provider pipeline in a real browser against
 * the seeded local runtime: the home's System Status is measured
 * (GET /health), the analytics page draws its chart and really asks for the chosen range, the phone
 * menu shows the role and closes on navigation, and the pipeline's links set the case list's
 * filter. No serious or critical axe-core violations on the home and the dashboard.
 */
import { expectNoSeriousAxeViolations } from './support/axe';
import { describeBrowser } from './support/browser';
import { PROVIDER1, useE2EStack } from './support/stack';
import { eventually, signInWithTokens, trackPageErrors, waitForPath } from './support/ui';

jest.setTimeout(120_000);

const CASE_ADMIN = 'caseadmin@example.com';

describeBrowser('Back-office home and analytics (browser)', () => {
  const e2e = useE2EStack();

  it('shows a measured System Status on the home, and the dashboard draws its chart and filters by range', async () => {
    // Prepare
    const { page } = await e2e.newPage();
    const errors = trackPageErrors(page);
    await signInWithTokens(e2e, page, CASE_ADMIN, '/back-office');

    // Act
    const status = page.getByRole('list', { name: 'System Status' });
    await status.getByText('Database Connected').waitFor();

    // Assess
    expect(await status.textContent()).toBe('API OperationalDatabase Connected');
    expect(await page.getByText(/^Checked at .* \(\d+ ms\)$/).count()).toBe(1);
    await page.getByRole('link', { name: 'Create New Case' }).waitFor();
    await expectNoSeriousAxeViolations(page, { label: 'the back-office home' });

    // Act
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
    await waitForPath(page, '/back-office/dashboard');
    await page.getByRole('table', { name: 'Cases by Status' }).waitFor();

    // Assess
    await eventually(async () => expect(await page.locator('.recharts-bar-rectangle').count()).toBeGreaterThan(0));
    const total = Number(
      (await page.getByRole('heading', { name: 'Total Cases' }).locator('..').textContent())!.replace(/\D/g, ''),
    );
    expect(total).toBeGreaterThan(0);
    await expectNoSeriousAxeViolations(page, { label: 'the analytics dashboard' });

    // Act
    const asked = page.waitForRequest((r) => r.url().includes('/case/stats') && r.url().includes('range=7d'));
    await page.getByLabel('Time range').selectOption('7d');

    // Assess
    await asked;
    await eventually(() => expect(new URL(page.url()).search).toBe('?range=7d'));
    await page.getByText('Cases created in the last 7 days, by their current status.').waitFor();
    expect(errors).toEqual([]);
  });

  it("gives a provider on a phone the menu with the role, and the pipeline's links set the list's filter", async () => {
    // Prepare
    const { page } = await e2e.newPage({ mobile: true });
    await signInWithTokens(e2e, page, PROVIDER1, '/dashboard');
    const pipeline = page.getByRole('navigation', { name: 'Your pipeline' });
    await pipeline.getByRole('link', { name: /^All/ }).waitFor();

    // Act
    await pipeline.getByRole('link', { name: /^Incomplete/ }).click();

    // Assess
    await eventually(() => expect(new URL(page.url()).search).toBe('?status=incomplete'));
    // The router writes the URL before React commits the new render, so the select follows a moment later.
    await eventually(async () => expect(await page.getByLabel('Status filter').inputValue()).toBe('incomplete'));

    // Act
    await page.getByRole('button', { name: 'Menu' }).click();

    // Assess
    await page.getByText('Provider (0)').waitFor();
    await page.getByText(PROVIDER1).waitFor();
    await page.getByRole('link', { name: 'Surgeons' }).click();
    await waitForPath(page, '/surgeon-management');
    await eventually(async () =>
      expect(await page.getByRole('button', { name: 'Menu' }).getAttribute('aria-expanded')).toBe('false'),
    );
  });
});
