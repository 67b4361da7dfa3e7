/**
 * The Reports page in Chromium against the seeded local runtime: reportadmin
 * sees the permission, generates the payment report of every provider and the downloaded PDF holds
 * the seeded providers' Paid cases; the history lists it and downloads the same file again; a case admin (user_type 10) is sent to
 * /dashboard. No axe-core violation of impact serious or critical on the page.
 */
import { expectNoSeriousAxeViolations } from './support/axe';
import { describeBrowser, downloadedBytes } from './support/browser';
import { PROVIDER1, useE2EStack } from './support/stack';
import { eventually, signInWithTokens, trackPageErrors, waitForPath } from './support/ui';
import { pdfText } from '../support/pdf-text';

jest.setTimeout(180_000);

describeBrowser('Reports (browser)', () => {
  const e2e = useE2EStack();

  it('lets reportadmin download the payment report of every provider, with the Paid cases in it', async () => {
    // Prepare
    const { page } = await e2e.newPage();
    const errors = trackPageErrors(page);
    const provider = await e2e.signIn(PROVIDER1);
    const paid = await e2e.api<{ cases: { case_id: string }[] }>('GET', '/case/filter', {
      token: provider.accessToken,
      query: { user_id: provider.sub, filter: 20, limit: 200 },
    });

    // Act
    await signInWithTokens(e2e, page, 'reportadmin@example.com', '/back-office/reports');
    await page.getByText('Reporting Enabled').waitFor();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Generate Report' }).click();
    const file = await download;

    // Assess
    expect(file.suggestedFilename()).toMatch(/^provider-payment-report_all_.*\.pdf$/);
    const text = pdfText(await downloadedBytes(file));
    expect(paid.body.cases.length).toBeGreaterThan(0);
    for (const c of paid.body.cases) expect(text).toContain(c.case_id);
    expect(text).toMatch(/Grand total \(\d+ cases?, \d+ providers?\)/);
    await page.getByText(/Report downloaded: provider-payment-report_all_/).waitFor();
    await eventually(async () => expect(await page.getByRole('table').getByText('Success').count()).toBeGreaterThan(0));

    // Act: the same report again, from the history (kept server-side)
    const again = page.waitForEvent('download');
    await page.getByRole('button', { name: `Download ${file.suggestedFilename()}` }).click();
    const copy = await again;

    // Assess
    expect(copy.suggestedFilename()).toBe(file.suggestedFilename());
    expect((await downloadedBytes(copy)).equals(await downloadedBytes(file))).toBe(true);
    await expectNoSeriousAxeViolations(page);
    expect(errors).toEqual([]);
  });

  it('sends a case admin without reporting access to /dashboard', async () => {
    // Prepare
    const { page } = await e2e.newPage();
    await signInWithTokens(e2e, page, 'caseadmin@example.com', '/back-office');

    // Act
    await page.goto(`${e2e.url}/back-office/reports`);

    // Assess
    await waitForPath(page, '/dashboard');
  });
});
