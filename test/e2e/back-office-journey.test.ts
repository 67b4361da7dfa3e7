/**
 * The back office across its areas in a real browser against the seeded local runtime: a case created by a provider raises Total Cases on the back-office home; the case
 * admin moves it to Paid with a pay amount and the analytics' Pending Cases and Total Revenue
 * follow; the global admin searches the CPT codes; a provider reaches none of the back-office
 * routes (each sends them to /dashboard) and sees none of their links.
 */
import { expectNoSeriousAxeViolations } from './support/axe';
import { describeBrowser } from './support/browser';
import { PROVIDER1, useE2EStack } from './support/stack';
import {
  eventually,
  followMainNavLink,
  signInThroughUi,
  signInWithTokens,
  trackPageErrors,
  waitForPath,
} from './support/ui';
import type { Page } from 'playwright-core';

jest.setTimeout(150_000);

const CASE_ADMIN = 'caseadmin@example.com';
const GLOBAL_ADMIN = 'globaladmin@example.com';

const BACK_OFFICE_PATHS = [
  '/back-office',
  '/back-office/dashboard',
  '/back-office/cases',
  '/back-office/users',
  '/back-office/reports',
  '/back-office/list-management',
  '/back-office/faq',
];

/** The figure of an analytics or home card, by its heading ('Total Cases' -> 1234; '$1,250.75' -> 1250.75). */
async function cardValue(page: Page, heading: string): Promise<number> {
  const text = (await page.getByRole('heading', { name: heading, exact: true }).locator('..').textContent()) ?? '';
  const figure = text.replace(heading, '').replace(/[^0-9.]/g, '');
  return Number(figure);
}

describeBrowser('The back office across its areas (browser)', () => {
  const e2e = useE2EStack();

  it('counts a new case on the home, and the analytics follow its move to Paid with a pay amount', async () => {
    // Prepare: the case admin's home and analytics before
    const { page } = await e2e.newPage();
    const errors = trackPageErrors(page);
    await signInThroughUi(page, e2e.url, CASE_ADMIN);
    await waitForPath(page, '/back-office');
    await eventually(async () => expect(await cardValue(page, 'Total Cases')).toBeGreaterThan(0));
    const totalBefore = await cardValue(page, 'Total Cases');
    await followMainNavLink(page, 'Dashboard', '/back-office/dashboard');
    await page.getByRole('table', { name: 'Cases by Status' }).waitFor();
    expect(await page.getByLabel('Time range').inputValue()).toBe('30d');
    const pendingBefore = await cardValue(page, 'Pending Cases');
    const revenueBefore = await cardValue(page, 'Total Revenue');

    // Act: provider1 records a case (through the API), the case admin finds it by the patient's
    // name, moves it to Paid from the row and enters the pay amount on Case Details
    const provider = await e2e.signIn(PROVIDER1);
    const surgeons = await e2e.api<{ surgeons: { surgeon_id: string }[] }>('GET', '/surgeon', {
      token: provider.accessToken,
      query: { user_id: provider.sub, limit: 1 },
    });
    const facilities = await e2e.api<{ facilities: { facility_id: string }[] }>('GET', '/facility', {
      token: provider.accessToken,
      query: { user_id: provider.sub, limit: 1 },
    });
    const lastName = `Journeyman${Date.now().toString(36)}`;
    const created = await e2e.api<{ case: { case_id: string; case_number: string } }>('POST', '/case', {
      token: provider.accessToken,
      body: {
        case_date: '2026-11-02',
        surgeon_id: surgeons.body.surgeons[0]!.surgeon_id,
        facility_id: facilities.body.facilities[0]!.facility_id,
        patient: { first: 'Quinn', last: lastName, ins_provider: 'Aetna' },
        procedure_codes: ['47562'],
      },
    });
    expect(created.status).toBe(201);
    const caseId = created.body.case.case_id;
    const caseNumber = created.body.case.case_number;

    await followMainNavLink(page, 'Home', '/back-office');
    await eventually(async () => expect(await cardValue(page, 'Total Cases')).toBe(totalBefore + 1));

    await followMainNavLink(page, 'Case Mgmt', '/back-office/cases');
    await page.getByPlaceholder('Search cases...').fill(lastName);
    const row = page.locator(`tr[data-case-id="${caseId}"]`);
    // The search's own list, not the unfiltered one it replaces (which would take the dialog with it).
    await eventually(async () => expect(await page.locator('tr[data-case-id]').count()).toBe(1));
    await page.waitForLoadState('networkidle');
    await row.waitFor();
    await row.getByLabel(`Change status of case ${caseNumber} (Quinn ${lastName})`).selectOption('20');
    await page.getByRole('dialog', { name: 'Change status' }).getByRole('button', { name: 'Change status' }).click();
    await eventually(async () =>
      expect(await row.locator('[data-status]').first().getAttribute('data-status')).toBe('20'),
    );
    // The change's answer, its message under the select and the list's refetch move the row's cells:
    // click the link only once the page is still, or the click lands where the link was.
    await page.waitForLoadState('networkidle');
    await row.getByRole('link').first().click();
    await waitForPath(page, `/case/${encodeURIComponent(caseId)}`);
    await page.getByRole('textbox', { name: 'Pay Amount (USD)' }).fill('1,250.75');
    await page.getByRole('button', { name: 'Save Pay Amount' }).click();
    await page.getByText('Pay amount saved').waitFor();

    // Assess: the analytics of the last 30 days count it as pending, with its amount
    await followMainNavLink(page, 'Dashboard', '/back-office/dashboard');
    await page.getByRole('table', { name: 'Cases by Status' }).waitFor();
    expect(await page.getByLabel('Time range').inputValue()).toBe('30d');
    await eventually(async () => expect(await cardValue(page, 'Pending Cases')).toBe(pendingBefore + 1));
    expect(await cardValue(page, 'Total Revenue')).toBeCloseTo(revenueBefore + 1250.75, 2);
    expect(errors).toEqual([]);
  });

  it('lets the global admin search the CPT codes', async () => {
    // Prepare
    const { page } = await e2e.newPage();
    const errors = trackPageErrors(page);
    await signInWithTokens(e2e, page, GLOBAL_ADMIN, '/back-office');

    // Act
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'List Mgmt' }).click();
    await waitForPath(page, '/back-office/list-management');
    await page.getByRole('tab', { name: 'CPT Codes' }).click();
    await page.getByLabel('Search CPT codes').fill('47562');

    // Assess
    await page.getByRole('cell', { name: '47562', exact: true }).waitFor();
    await expectNoSeriousAxeViolations(page, { label: 'the CPT codes tab' });
    expect(errors).toEqual([]);
  });

  it('sends a provider from every back-office route to /dashboard and shows them none of its links', async () => {
    // Prepare
    const { page } = await e2e.newPage();
    await signInWithTokens(e2e, page, PROVIDER1, '/dashboard');

    for (const path of BACK_OFFICE_PATHS) {
      // Act
      await page.goto(`${e2e.url}${path}`);

      // Assess
      await waitForPath(page, '/dashboard');
    }
    const links = await page.getByRole('navigation', { name: 'Main' }).getByRole('link').allTextContents();
    expect(links).toEqual(expect.arrayContaining(['Case List', 'Surgeons', 'Facilities']));
    for (const label of ['Home', 'Dashboard', 'Case Mgmt', 'User Mgmt', 'Reports', 'List Mgmt']) {
      expect(links).not.toContain(label);
    }
  });
});
