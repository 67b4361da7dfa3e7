/**
 * Back-office Case Management in a real browser against the local runtime with the demo data
 * (spec back-office-and-shell): the case admin finds a provider's case by patient name, moves it to
 * Paid from the row after confirming, undoes it and moves it again, enters its pay amount on Case
 * Details, moves it back with a reason, sees the history and writes a note to the practice; on a
 * phone (390 x 844) the screen shows one card per case without sideways scrolling, a long note
 * wraps, and selected cases move together and take their pay amounts in a grid (POST /case/bulk;
 * docs/decisions/0025-bulk-and-undo.md); the aging filter's cases exported as CSV; no axe-core
 * violations of impact serious or critical; on a phone, a filtered list exported with its progress seen.
 */
import { parse } from 'csv-parse/sync';
import { expectNoSeriousAxeViolations } from './support/axe';
import { describeBrowser, downloadedBytes } from './support/browser';
import { PROVIDER1, useE2EStack } from './support/stack';
import { eventually, signInWithTokens, trackPageErrors, waitForPath } from './support/ui';

jest.setTimeout(120_000);

const CASE_ADMIN = 'caseadmin@example.com';
const PHONE_WIDTH = 390;

const e2e = useE2EStack();

interface ApiCase {
  case_id: string;
  case_number: string;
  patient_first: string;
  patient_last: string;
  case_status: number;
  pay_amount?: number;
  status_history: { from: number | null; to: number; reason?: string }[];
}

/** One of provider1's cases at Submitted or below, by the API (the demo data holds several). */
async function providerCase(): Promise<ApiCase> {
  const tokens = await e2e.signIn(PROVIDER1);
  const res = await e2e.api<{ cases: ApiCase[] }>('GET', '/case', { token: tokens.accessToken, query: { limit: 50 } });
  const c = res.body.cases.find((x) => x.case_status <= 10 && x.patient_last.length >= 2);
  if (!c) throw new Error('no demo case of provider1 at Submitted or below');
  return c;
}

/** `count` new cases of provider1 for patient `last` (through the API), at Incomplete. */
async function newProviderCases(last: string, count: number): Promise<string[]> {
  const provider = await e2e.signIn(PROVIDER1);
  const query = { user_id: provider.sub, limit: 1 };
  const [surgeons, facilities] = await Promise.all([
    e2e.api<{ surgeons: { surgeon_id: string }[] }>('GET', '/surgeon', { token: provider.accessToken, query }),
    e2e.api<{ facilities: { facility_id: string }[] }>('GET', '/facility', { token: provider.accessToken, query }),
  ]);
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const created = await e2e.api<{ case: { case_id: string } }>('POST', '/case', {
      token: provider.accessToken,
      body: {
        case_date: '2026-11-02',
        surgeon_id: surgeons.body.surgeons[0]!.surgeon_id,
        facility_id: facilities.body.facilities[0]!.facility_id,
        patient: { first: `Bulk${i}`, last, ins_provider: 'Aetna' },
        procedure_codes: ['47562'],
      },
    });
    ids.push(created.body.case.case_id);
  }
  return ids;
}

describeBrowser('Case Management (/back-office/cases)', () => {
  it('finds a case by patient name, moves it to Paid, enters the pay amount and moves it back with a reason', async () => {
    // Prepare
    const target = await providerCase();
    const { page } = await e2e.newPage();
    const errors = trackPageErrors(page);
    await signInWithTokens(e2e, page, CASE_ADMIN, '/back-office');
    await page.locator('header').getByRole('link', { name: 'Case Mgmt', exact: true }).click();
    await waitForPath(page, '/back-office/cases');
    await page.getByText(/^Showing \d+ of \d+ cases$/).waitFor();

    // Act: search by the patient's last name
    await page.getByPlaceholder('Search cases...').fill(target.patient_last);
    await page.getByText(new RegExp(`^Showing \\d+ of \\d+ cases? matching "${target.patient_last}"$`)).waitFor();
    const row = page.locator(`tr[data-case-id="${target.case_id}"]`);
    await row.waitFor();
    const status = () => row.locator('[data-status]').first().getAttribute('data-status');
    const moveToPaid = async () => {
      await row
        .getByLabel(`Change status of case ${target.case_number} (${target.patient_first} ${target.patient_last})`)
        .selectOption('20');
      const confirm = page.getByRole('dialog', { name: 'Change status' });
      await confirm.getByText(/ → Paid\. You can undo it for 10 seconds\.$/).waitFor();
      await confirm.getByRole('button', { name: 'Change status' }).click();
    };
    await moveToPaid();
    // Assess
    await eventually(async () => expect(await status()).toBe('20'));
    // The pointer over the notice holds it open (10 s otherwise) while axe runs on a loaded machine.
    const undo = row.getByRole('button', { name: /^Undo status change of case / });
    await undo.hover();
    await expectNoSeriousAxeViolations(page, { label: 'case management' });
    // Act: Undo, then the move again
    await undo.click();
    await row.getByText(/^Undone: the status is /).waitFor();
    // Assess
    expect(await status()).toBe(String(target.case_status));
    await moveToPaid();
    await eventually(async () => expect(await status()).toBe('20'));

    // Act: Case Details, pay amount, then back to Submitted with a reason
    await row.getByRole('link').first().click();
    await waitForPath(page, `/case/${encodeURIComponent(target.case_id)}`);
    await page.getByRole('textbox', { name: 'Pay Amount (USD)' }).fill('1,250.75');
    await page.getByRole('button', { name: 'Save Pay Amount' }).click();
    await page.getByText('Pay amount saved').waitFor();
    await page.getByLabel('Change Status', { exact: true }).selectOption('10');
    const dialog = page.getByRole('dialog', { name: 'Move case back to Submitted' });
    await dialog.getByRole('button', { name: 'Move Back' }).click();
    await dialog.getByText('A reason is required to move a case back to an earlier status').waitFor();
    await dialog.getByLabel('Reason').fill('Payer asked for the operative note again');
    await dialog.getByRole('button', { name: 'Move Back' }).click();
    // Assess
    const history = page.getByRole('list', { name: 'Status history' });
    await history.getByText('Reason: Payer asked for the operative note again').waitFor();
    // Act: a note to the practice, with the keyboard only (docs/decisions/0023-case-notes.md)
    const notes = page.getByRole('region', { name: 'Notes' });
    await notes.getByLabel('Add a note').focus();
    await page.keyboard.type('Payer wants the operative note again.');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await notes.getByText('Note posted').waitFor();
    // Assess
    const note = notes.getByRole('listitem').first();
    await note.getByText('Payer wants the operative note again.').waitFor();
    expect(await note.textContent()).toContain('Case Admin');
    await expectNoSeriousAxeViolations(page, { label: 'case details' });
    const admin = await e2e.signIn(CASE_ADMIN);
    const stored = await e2e.api<{ case: ApiCase }>('GET', '/case', {
      token: admin.accessToken,
      query: { case_id: target.case_id },
    });
    expect(stored.body.case.case_status).toBe(10);
    expect(stored.body.case.pay_amount).toBe(1250.75);
    expect(stored.body.case.status_history.at(-1)).toMatchObject({
      from: 20,
      to: 10,
      reason: 'Payer asked for the operative note again',
    });
    expect(stored.body.case.status_history.at(-3)).toMatchObject({ from: 20, to: target.case_status, reason: 'Undo' });
    expect(errors).toEqual([]);
  });

  it('shows Days in Status and narrows to the cases Sent to Biller over 30 days with one press', async () => {
    // Prepare: the API's answer for the same filter (the demo data spreads cases over a year)
    const admin = await e2e.signIn(CASE_ADMIN);
    const expected = await e2e.api<{ cases: { case_id: string; days_in_status: number }[] }>('GET', '/case', {
      token: admin.accessToken,
      query: { status: 30, min_days_in_status: 30, limit: 50 },
    });
    expect(expected.body.cases.length).toBeGreaterThan(0);
    const { page } = await e2e.newPage();
    const pageErrors = trackPageErrors(page);
    await signInWithTokens(e2e, page, CASE_ADMIN, '/back-office/cases');
    const table = page.getByRole('table', { name: 'Cases' });
    await table.locator('tbody tr').first().waitFor();

    // Act
    const quick = page.getByRole('button', { name: 'Sent to Biller over 30 days' });
    await quick.click();

    // Assess: the same cases as the API, longest in status first, each 30 days or more
    const rows = table.locator('tbody tr');
    await eventually(async () =>
      expect(await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-case-id')))).toEqual(
        expected.body.cases.map((c) => c.case_id),
      ),
    );
    const headers = (await table.getByRole('columnheader').allTextContents()).map((h) => h.trim());
    const daysColumn = headers.indexOf('Days in Status');
    const days = await rows.evaluateAll(
      (trs, i) => trs.map((tr) => Number.parseInt(tr.children[i]?.textContent ?? '', 10)),
      daysColumn,
    );
    expect(days).toEqual(expected.body.cases.map((c) => c.days_in_status));
    expect(days.every((d) => d >= 30)).toBe(true);
    expect(await quick.getAttribute('aria-pressed')).toBe('true');
    expect(new URL(page.url()).searchParams.get('aging')).toBe('30');

    // Act: Export CSV of the filtered list
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);

    // Assess: the file parsed back holds the list's cases, with their days in status
    expect(download.suggestedFilename()).toMatch(/^cases-\d{4}-\d{2}-\d{2}\.csv$/);
    const file = await downloadedBytes(download);
    expect([...file.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const exported: Record<string, string>[] = parse(file, { bom: true, columns: true });
    expect(exported.map((r) => r['Case ID'])).toEqual(expected.body.cases.map((c) => c.case_id));
    expect(exported.map((r) => Number(r['Days in Status']))).toEqual(days);
    const n = exported.length;
    await page.getByText(`Exported ${n} ${n === 1 ? 'case' : 'cases'}.`, { exact: true }).waitFor();
    await expectNoSeriousAxeViolations(page);
    expect(pageErrors).toEqual([]);
  });

  it('exports a filtered list on a phone, showing its progress, and the file equals the list', async () => {
    // Prepare: the API's answer for the same filter, every page
    const admin = await e2e.signIn(CASE_ADMIN);
    const expected: string[] = [];
    let cursor: string | undefined;
    do {
      const res = await e2e.api<{ cases: { case_id: string }[]; next_cursor?: string | null }>('GET', '/case', {
        token: admin.accessToken,
        query: { status: 10, limit: 50, ...(cursor ? { cursor } : {}) },
      });
      expected.push(...res.body.cases.map((c) => c.case_id));
      cursor = res.body.next_cursor ?? undefined;
    } while (cursor);
    expect(expected.length).toBeGreaterThan(0);
    const { page } = await e2e.newPage({ mobile: true });
    const pageErrors = trackPageErrors(page);
    await signInWithTokens(e2e, page, CASE_ADMIN, '/back-office/cases?status=submitted');
    await page.getByRole('list', { name: 'Cases' }).locator('li').first().waitFor();
    // From now on the list calls wait until the progress has been seen (the list is on screen): a
    // fixed delay could end before a loaded machine got to look.
    let release!: () => void;
    const progressSeen = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname.endsWith('/case'),
      async (route) => {
        await progressSeen;
        await route.continue();
      },
    );

    // Act
    const downloaded = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();

    // Assess: progress with Cancel, then the file parsed back equals the list
    await page.getByRole('progressbar', { name: 'Exporting cases' }).waitFor();
    await page.getByRole('button', { name: 'Cancel' }).waitFor();
    await page
      .getByRole('status')
      .filter({ hasText: /so far/ })
      .first()
      .waitFor();
    release();
    const download = await downloaded;
    const exported: Record<string, string>[] = parse(await downloadedBytes(download), {
      bom: true,
      columns: true,
    });
    expect(exported.map((r) => r['Case ID'])).toEqual(expected);
    expect(exported.every((r) => r['Status'] === 'Submitted')).toBe(true);
    const n = exported.length;
    await page.getByText(`Exported ${n} ${n === 1 ? 'case' : 'cases'}.`, { exact: true }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(pageErrors).toEqual([]);
  });

  it('works on a phone: one card per case, no sideways scrolling, the status control in each card, notes that wrap', async () => {
    // Prepare
    const { page } = await e2e.newPage({ mobile: true });
    // Act
    await signInWithTokens(e2e, page, CASE_ADMIN, '/back-office/cases');
    const cards = page.getByRole('list', { name: 'Cases' });
    await cards.locator('li').first().waitFor();
    // Assess
    expect(await page.getByRole('table', { name: 'Cases' }).isVisible()).toBe(false);
    const card = cards.locator('li').first();
    expect(await card.locator('select').isVisible()).toBe(true);
    const overflow = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      offenders: [...document.body.querySelectorAll('*')]
        .filter((el) => el.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
        .slice(-5)
        .map((el) => `${el.tagName.toLowerCase()} ${(el.textContent ?? '').trim().slice(0, 30)}`),
    }));
    expect(overflow).toEqual({ scrollWidth: expect.any(Number), offenders: [] });
    expect(overflow.scrollWidth).toBeLessThanOrEqual(PHONE_WIDTH);
    await page.getByText('Top Users by Case Count').waitFor();
    await expectNoSeriousAxeViolations(page, { label: 'case management (phone)' });

    // Act: a long note on Case Details wraps instead of widening the page
    const target = await providerCase();
    await page.goto(`${e2e.url}/case/${encodeURIComponent(target.case_id)}`);
    const notes = page.getByRole('region', { name: 'Notes' });
    await notes.getByLabel('Add a note').fill(`Reference ${'0123456789'.repeat(30)}`);
    await notes.getByRole('button', { name: 'Post' }).click();
    await notes
      .getByRole('listitem')
      .first()
      .getByText(/^Reference 0123/)
      .waitFor();
    // Assess
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE_WIDTH);
  });

  it('moves selected cases together on a phone and sums up', async () => {
    // Prepare
    const last = `Bulkmove${Date.now().toString(36)}`;
    const ids = await newProviderCases(last, 2);
    const { page } = await e2e.newPage({ mobile: true });
    await signInWithTokens(e2e, page, CASE_ADMIN, `/back-office/cases?q=${last}`);
    const cards = page.getByRole('list', { name: 'Cases' });
    await cards.locator('li').nth(1).waitFor();
    // Act: select both with their checkboxes, move them to Sent to Biller
    for (const card of await cards.locator('li').all()) await card.getByRole('checkbox').check();
    const bar = page.getByRole('region', { name: 'Selected cases' });
    await bar.getByText('2 cases selected').waitFor();
    await bar.getByRole('button', { name: 'Move status' }).click();
    const dialog = page.getByRole('dialog', { name: 'Move 2 cases' });
    await dialog.getByLabel('Move to').selectOption('30');
    await dialog.getByRole('list', { name: 'Changes' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE_WIDTH);
    await expectNoSeriousAxeViolations(page, { label: 'bulk move (phone)' });
    await dialog.getByRole('button', { name: 'Move 2 cases' }).click();
    // Assess
    await dialog.getByText('Moved 2 of 2 cases.').waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    const admin = await e2e.signIn(CASE_ADMIN);
    for (const caseId of ids) {
      const stored = await e2e.api<{ case: ApiCase }>('GET', '/case', {
        token: admin.accessToken,
        query: { case_id: caseId },
      });
      expect(stored.body.case.case_status).toBe(30);
    }
    await eventually(async () => expect(await cards.locator('[data-status="30"]').count()).toBe(2));

    // Act: their pay amounts in the grid, one of them mistyped first
    await page.getByRole('checkbox', { name: 'Select all 2 cases shown' }).check();
    await bar.getByRole('button', { name: 'Enter pay amounts' }).click();
    const grid = page.getByRole('dialog', { name: 'Pay amounts of 2 cases' });
    const fields = grid.getByRole('textbox');
    await fields.nth(0).fill('1,200.5');
    await fields.nth(1).fill('12.345');
    await grid.getByRole('button', { name: 'Save pay amounts' }).click();
    await grid.getByText('1 amount needs fixing before anything is sent.').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE_WIDTH);
    await expectNoSeriousAxeViolations(page, { label: 'pay amount grid (phone)' });
    await fields.nth(1).fill('80');
    await grid.getByRole('button', { name: 'Save pay amounts' }).click();
    // Assess
    await grid.getByText('Saved 2 of 2 cases.').waitFor();
    const amounts = await Promise.all(
      ids.map((caseId) =>
        e2e.api<{ case: ApiCase }>('GET', '/case', { token: admin.accessToken, query: { case_id: caseId } }),
      ),
    );
    expect(amounts.map((a) => a.body.case.pay_amount).sort()).toEqual([1200.5, 80].sort());
  });
});
