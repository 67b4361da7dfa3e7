/**
 * Provider case screens in a real browser against the local runtime with the demo data
 * (spec provider-side sections 2 and 4): sign-in, the Case List and its status filter, the
 * Add/Edit Case form, Case Details, delete, and that one provider cannot open another's case.
 */
import type { Locator, Page } from 'playwright-core';
import { CASE_STATUSES, UI_MESSAGES } from '../../shared';
import { TIMING_MS } from '../../shared/constants';
import { STARTER_CODES } from '../../lambdas/cpt_codes/starter';
import { describeBrowser } from './support/browser';
import { PROVIDER1, PROVIDER2, useE2EStack } from './support/stack';
import {
  afterText,
  eventually,
  signInThroughUi,
  signInWithTokens,
  trackPageErrors,
  waitForDelayedPath,
  waitForPath,
} from './support/ui';

jest.setTimeout(90_000);

const CASE_LIST_COLUMNS = [
  'Case ID',
  'Date',
  'Patient',
  'Status',
  'Days in Status',
  'Insurance',
  'Procedure Codes',
  'Pay Amount',
  'Demo Sheet',
  'Op Note',
  'Actions',
];

interface ApiCase {
  case_id: string;
  user_id: string;
  case_status: number;
  case_date: string;
  patient_first: string;
  patient_last: string;
}

describeBrowser('Provider case screens (browser)', () => {
  const e2e = useE2EStack();

  /** The signed-in provider's cases as the API returns them (every page). */
  async function casesOf(email: string): Promise<ApiCase[]> {
    const tokens = await e2e.signIn(email);
    const cases: ApiCase[] = [];
    let cursor: string | undefined;
    for (let pages = 0; pages < 20; pages++) {
      const res = await e2e.api<{ cases: ApiCase[]; next_cursor?: string }>('GET', '/case', {
        token: tokens.accessToken,
        query: { user_id: tokens.sub, limit: 200, ...(cursor ? { cursor } : {}) },
      });
      if (res.status !== 200) throw new Error(`GET /case for ${email}: ${res.status} ${JSON.stringify(res.body)}`);
      cases.push(...res.body.cases);
      cursor = res.body.next_cursor;
      if (!cursor) break;
    }
    return cases;
  }

  const casesTable = (page: Page): Locator => page.getByRole('table', { name: 'Cases' });
  const caseRows = (page: Page): Locator => casesTable(page).locator('tbody').getByRole('row');

  /** The case ids of the rows shown, in order. */
  async function shownCaseIds(page: Page): Promise<string[]> {
    const ids = await caseRows(page).evaluateAll((rows) => rows.map((r) => r.getAttribute('data-case-id') ?? ''));
    return ids;
  }

  /**
   * Click Load more until the list has no more pages (the list shows 50 cases a page);
   * each click must add rows and update the "Showing N cases" status.
   */
  async function showEveryCase(page: Page): Promise<void> {
    const more = page.getByRole('button', { name: 'Load more' });
    for (let clicks = 0; clicks < 20; clicks++) {
      await page.getByText(/^Showing [\d,]+ cases?$/).waitFor();
      if (!(await more.isVisible())) return;
      const before = await caseRows(page).count();
      await more.click();
      await eventually(async () => expect(await caseRows(page).count()).toBeGreaterThan(before));
      await eventually(async () =>
        expect(await page.getByText(/^Showing [\d,]+ cases?$/).textContent()).toBe(
          `Showing ${await caseRows(page).count()} cases`,
        ),
      );
    }
  }

  /** Sign in (with tokens: the form is covered above) and wait for the Case List with its rows. */
  async function signInToDashboard(page: Page, email: string): Promise<void> {
    await signInWithTokens(e2e, page, email, '/dashboard');
    await page.getByRole('heading', { name: 'Cases', level: 1 }).waitFor();
    await caseRows(page).first().waitFor();
  }

  it('signs provider1 in, lists their cases with the spec columns, and filters them by status', async () => {
    // Prepare
    const allCases = await casesOf(PROVIDER1);
    const closed = CASE_STATUSES.find((s) => s.label === 'Closed')!;
    const closedIds = allCases.filter((c) => c.case_status === closed.value).map((c) => c.case_id);
    expect(allCases.length).toBeGreaterThan(closedIds.length);
    expect(closedIds.length).toBeGreaterThan(0);
    const { page } = await e2e.newPage();
    const pageErrors = trackPageErrors(page);

    // Act: sign in
    await signInThroughUi(page, e2e.url, PROVIDER1);

    // Assess: the Case List with the spec's columns and every case of provider1
    await waitForPath(page, '/dashboard');
    await page.getByRole('heading', { name: 'Cases', level: 1 }).waitFor();
    await caseRows(page).first().waitFor();
    const headers = await casesTable(page).getByRole('columnheader').allTextContents();
    expect(headers.map((h) => h.trim())).toEqual(CASE_LIST_COLUMNS);
    await showEveryCase(page);
    await eventually(async () => expect(await caseRows(page).count()).toBe(allCases.length));
    expect(new Set(await shownCaseIds(page))).toEqual(new Set(allCases.map((c) => c.case_id)));

    // Act: filter on Closed
    const filter = page.getByRole('combobox', { name: 'Status filter' });
    await filter.selectOption({ label: 'Closed' });

    // Assess: only provider1's closed cases, and the filter is kept in the URL
    await showEveryCase(page);
    await eventually(async () => expect((await shownCaseIds(page)).sort()).toEqual([...closedIds].sort()));
    expect(new URL(page.url()).searchParams.get('status')).toBe(closed.key);

    // Act: back to All Cases
    await filter.selectOption({ label: 'All Cases' });

    // Assess: every case again
    await eventually(async () => expect(await caseRows(page).count()).toBe(allCases.length));
    expect(new URL(page.url()).searchParams.get('status')).toBeNull();
    expect(pageErrors).toEqual([]);
  });

  it('finds a case by "last, first" in the search box, and orders the list by the Date header both ways', async () => {
    // Prepare: one of provider1's patients, and every case of that name (provider1's own only)
    const allCases = await casesOf(PROVIDER1);
    const target = allCases[Math.floor(allCases.length / 2)]!;
    const sameName = allCases
      .filter(
        (c) =>
          c.patient_last.toLowerCase() === target.patient_last.toLowerCase() &&
          c.patient_first.toLowerCase().startsWith(target.patient_first.toLowerCase()),
      )
      .map((c) => c.case_id);
    const { page } = await e2e.newPage();
    const pageErrors = trackPageErrors(page);
    await signInWithTokens(e2e, page, PROVIDER1, '/dashboard');
    await caseRows(page).first().waitFor();

    // Act: search by the whole name, last name first
    await page.getByRole('textbox', { name: 'Search cases' }).fill(`${target.patient_last}, ${target.patient_first}`);

    // Assess: that patient's cases, the search kept in the URL, the order off while searching
    await eventually(async () => expect((await shownCaseIds(page)).sort()).toEqual([...sameName].sort()));
    expect(new URL(page.url()).searchParams.get('q')).toBe(`${target.patient_last}, ${target.patient_first}`);
    expect(await page.getByRole('combobox', { name: 'Order' }).isDisabled()).toBe(true);

    // Act: clear the search, then sort by the Date header
    await page.getByRole('textbox', { name: 'Search cases' }).fill('');
    await eventually(async () => expect(new URL(page.url()).searchParams.get('q')).toBeNull());
    const dateHeader = casesTable(page).getByRole('columnheader', { name: 'Date' });
    await dateHeader.getByRole('button', { name: 'Date' }).click();

    // Assess: latest case date first, then (a second click) earliest first, as the API orders them
    const shownDates = async () =>
      (await caseRows(page).evaluateAll((rows) => rows.map((r) => r.children[1]?.textContent ?? ''))).map((d) => {
        const [mm, dd, yyyy] = d.split('/');
        return `${yyyy}-${mm}-${dd}`;
      });
    const byDate = allCases.map((c) => c.case_date).sort();
    await eventually(async () => expect(await dateHeader.getAttribute('aria-sort')).toBe('descending'));
    await eventually(async () => expect(await shownDates()).toEqual([...byDate].reverse().slice(0, 50)));
    await dateHeader.getByRole('button', { name: 'Date' }).click();
    await eventually(async () => expect(await dateHeader.getAttribute('aria-sort')).toBe('ascending'));
    await eventually(async () => expect(await shownDates()).toEqual(byDate.slice(0, 50)));
    expect(new URL(page.url()).searchParams.get('sort')).toBe('case_date');
    expect(pageErrors).toEqual([]);
  });

  it('lets provider1 add a case with two CPT codes, see it, edit it and delete it', async () => {
    // Prepare: two starter codes sharing a 4-digit prefix (the suggestions of the second row
    // leave out the code the first row already holds)
    const prefix = '4756';
    const [firstCode, secondCode] = STARTER_CODES.filter((c) => c.cpt_code.startsWith(prefix)).map((c) => c.cpt_code);
    expect(firstCode).toBeDefined();
    expect(secondCode).toBeDefined();
    const patientFirst = 'Zulu';
    const patientLast = `Etoe${Date.now().toString(36)}`;
    const editedLast = `${patientLast}Edited`;
    const { page } = await e2e.newPage();
    const pageErrors = trackPageErrors(page);
    // Playwright's clock, so that the redirects 1.5 s after each save need not be waited out.
    await page.clock.install();
    await signInToDashboard(page, PROVIDER1);

    // Act: open the form and fill it
    await page.getByRole('button', { name: 'Add New Case' }).click();
    await waitForPath(page, '/case/new');
    await page.getByRole('heading', { name: 'Add New Case', level: 1 }).waitFor();
    await page.getByLabel('Case date').fill('2026-01-15');
    await page.getByLabel('Patient first name').fill(patientFirst);
    await page.getByLabel('Patient last name').fill(patientLast);

    const insurance = page.getByRole('combobox', { name: 'Insurance provider' });
    await insurance.fill('A');
    // one character: no suggestions yet (they start at 2)
    expect(await insurance.getAttribute('aria-expanded')).toBe('false');
    await insurance.fill('Ae');
    await page.getByRole('option', { name: 'Aetna', exact: true }).click();
    expect(await insurance.inputValue()).toBe('Aetna');

    const surgeon = page.getByRole('combobox', { name: 'Primary surgeon' });
    await eventually(async () => expect(await surgeon.locator('option').count()).toBeGreaterThan(1));
    await surgeon.selectOption({ index: 1 });
    const facility = page.getByRole('combobox', { name: 'Facility' });
    await eventually(async () => expect(await facility.locator('option').count()).toBeGreaterThan(1));
    await facility.selectOption({ index: 1 });

    const code1 = page.getByRole('combobox', { name: 'Procedure code 1' });
    await code1.fill(prefix);
    await page.getByRole('option', { name: new RegExp(`^${firstCode} - `) }).click();
    expect(await code1.inputValue()).toBe(firstCode);

    await page.getByRole('button', { name: 'Add procedure code' }).click();
    const code2 = page.getByRole('combobox', { name: 'Procedure code 2' });
    await code2.fill(prefix);
    const secondOption = page.getByRole('option', { name: new RegExp(`^${secondCode} - `) });
    await secondOption.waitFor();
    // the code already in row 1 is not suggested again
    expect(await page.getByRole('option', { name: new RegExp(`^${firstCode} - `) }).count()).toBe(0);
    await secondOption.click();
    expect(await code2.inputValue()).toBe(secondCode);

    await afterText(page, 'Case Created Successfully', () => page.getByRole('button', { name: 'Save Case' }).click());

    // Assess: success banner, then Case Details of the new case after 1.5 s
    await waitForDelayedPath(page, /^\/case\/(?!new$)[^/]+$/, TIMING_MS.caseSaveRedirect, 5_000);
    const caseId = decodeURIComponent(new URL(page.url()).pathname.slice('/case/'.length));
    await page.getByRole('heading', { name: 'Case Details', level: 1 }).waitFor();
    await page.getByText(`${patientFirst} ${patientLast}`, { exact: true }).waitFor();
    const codes = page.getByRole('list', { name: 'Procedure codes' }).getByRole('listitem');
    await eventually(async () => {
      const items = await codes.allTextContents();
      expect(items).toHaveLength(2);
      expect(items[0]).toMatch(new RegExp(`^${firstCode}\\b`));
      expect(items[1]).toMatch(new RegExp(`^${secondCode}\\b`));
    });
    // The id is shown under the title and in the Case ID field: the field is the one checked.
    await page.locator('.suture-case-fields').getByText(caseId, { exact: true }).waitFor();

    // Act: back to the list
    await page.getByRole('button', { name: 'Back to Case List' }).click();

    // Assess: the new case is listed
    await waitForPath(page, '/dashboard');
    const row = casesTable(page).locator(`tbody tr[data-case-id="${caseId}"]`);
    await row.waitFor();
    expect(await row.getByRole('cell').nth(2).textContent()).toBe(`${patientFirst} ${patientLast}`);
    // A new case has been in its status for 0 days.
    expect(await row.getByRole('cell').nth(4).textContent()).toBe('0 days');
    expect(await row.getByRole('cell').nth(5).textContent()).toBe('Aetna');
    // The row's controls name the case by its number (the Case ID column) and patient.
    const caseNumber = (await row.getByRole('cell').nth(0).getByRole('link').textContent()) ?? '';
    expect(caseNumber).toMatch(/^C-\d{6}$/);

    // Act: edit the patient's last name from the list
    await row.getByRole('button', { name: `Edit case ${caseNumber} (${patientFirst} ${patientLast})` }).click();
    await waitForPath(page, `/case/${encodeURIComponent(caseId)}/edit`);
    await page.getByRole('heading', { name: 'Edit Case', level: 1 }).waitFor();
    const lastName = page.getByLabel('Patient last name');
    await eventually(async () => expect(await lastName.inputValue()).toBe(patientLast));
    await lastName.fill(editedLast);
    await afterText(page, 'Case Updated Successfully', () => page.getByRole('button', { name: 'Update Case' }).click());

    // Assess: the details show the new name
    await waitForDelayedPath(page, `/case/${encodeURIComponent(caseId)}`, TIMING_MS.caseSaveRedirect, 5_000);
    await page.getByText(`${patientFirst} ${editedLast}`, { exact: true }).waitFor();

    // Act: delete it from the list, confirming the dialog
    await page.getByRole('button', { name: 'Back to Case List' }).click();
    await waitForPath(page, '/dashboard');
    // (the list may show its cached rows for a moment while it reloads)
    await eventually(async () =>
      expect(await row.getByRole('cell').nth(2).textContent()).toBe(`${patientFirst} ${editedLast}`),
    );
    await row.getByRole('button', { name: `Delete case ${caseNumber} (${patientFirst} ${editedLast})` }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete case' });
    await dialog.getByText('Are you sure you want to delete this case?', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();

    // Assess: the row is gone and the API no longer has the case
    await row.waitFor({ state: 'detached' });
    expect(await dialog.isVisible()).toBe(false);
    const tokens = await e2e.signIn(PROVIDER1);
    const res = await e2e.api('GET', '/case', { token: tokens.accessToken, query: { case_id: caseId } });
    expect(res.status).toBe(404);
    expect(pageErrors).toEqual([]);
  });

  it("does not show provider1's cases to provider2", async () => {
    // Prepare
    const [provider1Cases, provider2Cases] = await Promise.all([casesOf(PROVIDER1), casesOf(PROVIDER2)]);
    const foreign = provider1Cases[0]!;
    const { page } = await e2e.newPage();
    const pageErrors = trackPageErrors(page);

    // Act: provider2 signs in
    await signInToDashboard(page, PROVIDER2);

    // Assess: only provider2's own cases are listed
    await eventually(async () => expect(await caseRows(page).count()).toBe(provider2Cases.length));
    const shown = await shownCaseIds(page);
    expect(new Set(shown)).toEqual(new Set(provider2Cases.map((c) => c.case_id)));
    expect(shown).not.toContain(foreign.case_id);

    // Act: open provider1's case by its URL
    await page.goto(`${e2e.url}/case/${encodeURIComponent(foreign.case_id)}`);

    // Assess: an error panel, not the case
    const alert = page.getByRole('alert').filter({ hasText: 'Failed to load case details' });
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(/not found/i);
    await alert.getByRole('button', { name: 'Back to Case List' }).waitFor();
    expect(await page.getByRole('button', { name: 'Edit Case' }).count()).toBe(0);
    expect(await page.getByText(foreign.case_id).count()).toBe(0);
    expect(await page.getByRole('list', { name: 'Procedure codes' }).count()).toBe(0);

    // Act: and its edit form
    await page.goto(`${e2e.url}/case/${encodeURIComponent(foreign.case_id)}/edit`);

    // Assess: an error panel, no form with provider1's values
    await page.getByRole('alert').filter({ hasText: 'Failed to load case details' }).waitFor();
    expect(await page.getByLabel('Patient last name').count()).toBe(0);
    expect(pageErrors).toEqual([]);
  });

  it('shows the beta-testing notice until it is dismissed, also after a reload, in one line on a phone', async () => {
    // Prepare
    const { page } = await e2e.newPage();
    await signInToDashboard(page, PROVIDER2);
    const notice = page.getByRole('status').filter({ hasText: UI_MESSAGES.betaNotice });
    await notice.waitFor();

    // Act & Assess: on a phone, one line at most 48 px tall; a tap shows it whole
    await page.setViewportSize({ width: 390, height: 844 });
    const text = notice.getByRole('button', { name: UI_MESSAGES.betaNotice });
    await text.waitFor();
    expect((await notice.boundingBox())!.height).toBeLessThanOrEqual(48);
    await text.click();
    expect(await text.getAttribute('aria-expanded')).toBe('true');
    expect((await notice.boundingBox())!.height).toBeGreaterThan(48);
    await page.setViewportSize({ width: 1280, height: 900 });

    // Act & Assess: shown, then dismissed
    await notice.getByRole('button', { name: /dismiss/i }).click();
    await notice.waitFor({ state: 'detached' });

    // Act: reload
    await page.reload();
    await caseRows(page).first().waitFor();

    // Assess: still dismissed
    expect(await notice.count()).toBe(0);
  });
});
