/**
 * List Management in a real browser against the local runtime with the demo data (spec
 * back-office-and-shell section 2): the Global Admin imports the NUCC taxonomy from the browser (presigned upload, server-side
 * import, progress until done) and searches it, adds a payer that the case form then suggests; a
 * Report Admin (user_type 50) is sent away from the page. No serious or critical axe-core violations.
 */
import { expectNoSeriousAxeViolations } from './support/axe';
import { describeBrowser } from './support/browser';
import { PROVIDER1, useE2EStack } from './support/stack';
import { signInWithTokens, trackPageErrors, waitForPath } from './support/ui';
import { sharedDataFile } from '../support/shared-data';

jest.setTimeout(120_000);

const GLOBAL_ADMIN = 'globaladmin@example.com';
const REPORT_ADMIN = 'reportadmin@example.com';

describeBrowser('List Management (browser)', () => {
  const e2e = useE2EStack();

  it('imports the NUCC taxonomy from the browser, shows its progress until done, and searches it', async () => {
    // Prepare
    const { page } = await e2e.newPage();
    const errors = trackPageErrors(page);
    await signInWithTokens(e2e, page, GLOBAL_ADMIN, '/back-office');
    // Act
    await page.getByRole('link', { name: 'List Mgmt' }).first().click();
    await waitForPath(page, '/back-office/list-management');
    await page.getByRole('heading', { name: 'List Management', level: 1 }).waitFor();
    await page.getByRole('tab', { name: 'CPT Codes' }).focus();
    await page.keyboard.press('ArrowRight');
    await page.getByRole('tab', { name: 'Doctor Types', selected: true }).waitFor();
    await page.getByText('No doctor types yet. Import the NUCC taxonomy file to fill this list.').waitFor();
    await page.getByLabel('CSV file').setInputFiles(sharedDataFile('nucc/nucc_taxonomy_251.csv'));
    await page.getByText('Imported nucc_taxonomy_251.csv').waitFor({ timeout: 60_000 });
    const summary = await page.getByText(/^Done: 883 new/).textContent();
    await page.getByLabel('Search doctor types').fill('orthopaedic surgery');
    await page.getByRole('cell', { name: '207X00000X' }).waitFor();
    // Assess
    expect(summary).toContain('883 codes in the list.');
    expect(await page.getByText('Rows read: 883 (883 codes)').count()).toBe(1);
    await expectNoSeriousAxeViolations(page);
    expect(errors).toEqual([]);
  });

  it('adds a payer that the case form then suggests to a provider', async () => {
    // Prepare
    const admin = await e2e.newPage();
    await signInWithTokens(e2e, admin.page, GLOBAL_ADMIN, '/back-office/list-management');
    await admin.page.getByRole('tab', { name: 'Insurance Types' }).click();
    await admin.page.getByRole('cell', { name: 'Aetna', exact: true }).waitFor();
    // Act
    await admin.page.getByLabel('New insurance type').fill('Zenith Mutual Health');
    await admin.page.getByRole('button', { name: 'Add', exact: true }).click();
    await admin.page.getByText('Added Zenith Mutual Health').waitFor();
    const provider = await e2e.newPage();
    await signInWithTokens(e2e, provider.page, PROVIDER1, '/case/new');
    await provider.page.getByLabel('Insurance provider').fill('Zen');
    // Assess
    await provider.page.getByRole('option', { name: 'Zenith Mutual Health' }).waitFor();
  });

  it('sends a Report Admin (user_type 50) from the page back to the back-office home, with no List Mgmt link', async () => {
    // Prepare
    const { page } = await e2e.newPage();
    await signInWithTokens(e2e, page, REPORT_ADMIN, '/back-office');
    // Act
    await page.goto(`${e2e.url}/back-office/list-management`);
    await waitForPath(page, '/back-office');
    // Assess
    expect(await page.getByRole('link', { name: 'List Mgmt' }).count()).toBe(0);
  });
});
