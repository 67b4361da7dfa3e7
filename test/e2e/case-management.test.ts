/**
 * Back-office Case Management in a real browser against the local runtime with the demo data
 * (spec back-office-and-shell): the case admin finds a provider's case by patient name, moves it to
 * Paid from the row, enters its pay amount on Case Details, moves it back with a reason, sees
 * the history and writes a note to the practice; on a phone (390 x 844) the screen shows one card
 * per case without sideways scrolling, and a long note wraps; no axe-core violations of impact
 * serious or critical.
 */
import { expectNoSeriousAxeViolations } from './support/axe';
import { describeBrowser } from './support/browser';
import { PROVIDER1, useE2EStack } from './support/stack';
import { eventually, signInThroughUi, trackPageErrors, waitForPath } from './support/ui';

jest.setTimeout(120_000);

const CASE_ADMIN = 'caseadmin@example.com';
const PHONE_WIDTH = 390;

const e2e = useE2EStack();

interface ApiCase {
  case_id: string;
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

describeBrowser('Case Management (/back-office/cases)', () => {
  it('finds a case by patient name, moves it to Paid, enters the pay amount and moves it back with a reason', async () => {
    // Prepare
    const target = await providerCase();
    const { page } = await e2e.newPage();
    const errors = trackPageErrors(page);
    await signInThroughUi(page, e2e.url, CASE_ADMIN);
    await waitForPath(page, '/back-office');
    await page.locator('header').getByRole('link', { name: 'Case Mgmt', exact: true }).click();
    await waitForPath(page, '/back-office/cases');
    await page.getByText(/^Showing \d+ of \d+ cases$/).waitFor();

    // Act: search by the patient's last name
    await page.getByPlaceholder('Search cases...').fill(target.patient_last);
    await page.getByText(new RegExp(`^Showing \\d+ of \\d+ cases? matching "${target.patient_last}"$`)).waitFor();
    const row = page.locator(`tr[data-case-id="${target.case_id}"]`);
    await row.waitFor();
    await row.getByLabel(`Change status of case ${target.case_id}`).selectOption('20');
    // Assess
    await eventually(async () =>
      expect(await row.locator('[data-status]').first().getAttribute('data-status')).toBe('20'),
    );
    await expectNoSeriousAxeViolations(page, { label: 'case management' });

    // Act: Case Details, pay amount, then back to Submitted with a reason
    await row.getByRole('link').first().click();
    await waitForPath(page, `/case/${encodeURIComponent(target.case_id)}`);
    await page.getByRole('textbox', { name: 'Pay Amount (USD)' }).fill('1,250.75');
    await page.getByRole('button', { name: 'Save Pay Amount' }).click();
    await page.getByText('Pay amount saved').waitFor();
    await page.getByLabel('Change Status').selectOption('10');
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
    // The Post button fades back from its loading colours: axe would measure the contrast mid-way.
    await page.waitForFunction(() => document.getAnimations().length === 0);
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
    expect(errors).toEqual([]);
  });

  it('works on a phone: one card per case, no sideways scrolling, the status control in each card, notes that wrap', async () => {
    // Prepare
    const { page } = await e2e.newPage({ mobile: true });
    await signInThroughUi(page, e2e.url, CASE_ADMIN);
    await waitForPath(page, '/back-office');
    // Act
    await page.goto(`${e2e.url}/back-office/cases`);
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
});
