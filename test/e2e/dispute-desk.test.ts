/**
 * The dispute desk in a real browser against the seeded local runtime. Desktop: the case admin
 * records an initial payment on a case of provider1 without a dispute and sees the open
 * negotiation deadline, records the notice, the IDR initiation and the entity selection, finds the
 * case in Deadlines, records the determination and a late award payment and finds the case among
 * the paid awards; provider1 sees the panel read-only. Phone (390 x 844): Deadlines, a seeded
 * case (the whole Case Details page with its Dispute panel) and Awards fit the width, and
 * provider1's panel is read-only. axe: no serious or critical violation on any of these screens.
 */
import { addCalendarDays, businessCalendar } from '../../shared/dispute';
import { todayInNewYork } from '../../lambdas/data/dispute/calendar';
import { expectNoSeriousAxeViolations } from './support/axe';
import { describeBrowser } from './support/browser';
import { PROVIDER1, useE2EStack } from './support/stack';
import { followMainNavLink, signInWithTokens, trackPageErrors, waitForPath } from './support/ui';
import type { Page } from 'playwright-core';

jest.setTimeout(150_000);

const CASE_ADMIN = 'caseadmin@example.com';
const PHONE_WIDTH = 390;
/** The Dispute panel of Case Details. */
const PANEL = 'section[aria-labelledby="dispute-heading"]';
const READ_ONLY_TEXT = 'The back office records the dispute of this case; you see it as it stands.';

interface CaseRow {
  case_id: string;
  case_date: string;
  case_status: number;
}

/** The link to a case in the back-office lists (its accessible name ends with the full id). */
const caseLink = (page: Page, caseId: string) => page.locator(`a[aria-label$="(full id ${caseId})"]:visible`);

/**
 * The page's scroll width (a phone screen must not scroll sideways) and the elements inside
 * `within` (CSS selector; default the whole body) that reach past the viewport's right edge.
 */
async function overflowOf(page: Page, within = 'body') {
  return page.evaluate((selector) => {
    const root = document.querySelector(selector) ?? document.body;
    return {
      scrollWidth: document.documentElement.scrollWidth,
      offenders: [...root.querySelectorAll('*')]
        .filter((el) => el.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
        .slice(-5)
        .map((el) =>
          `${el.tagName.toLowerCase()} ${((el.textContent ?? '').trim() || (el.getAttribute('aria-label') ?? '')).slice(0, 30)}`.trim(),
        ),
    };
  }, within);
}

/** Record one event through the panel's Add event form and wait for its confirmation. */
async function recordEvent(page: Page, type: string, label: string, date: string, fields: Record<string, string> = {}) {
  const form = page.getByRole('form', { name: 'Add event' });
  await form.getByLabel('Event', { exact: true }).selectOption(type);
  await form.getByLabel('Event date').fill(date);
  for (const [name, value] of Object.entries(fields)) {
    const field = form.getByLabel(name, { exact: true });
    if ((await field.evaluate((el) => el.tagName)) === 'SELECT') await field.selectOption(value);
    else await field.fill(value);
  }
  await form.getByRole('button', { name: 'Record event' }).click();
  await form
    .getByRole('status')
    .filter({ hasText: `${label} recorded.` })
    .waitFor();
}

describeBrowser('The dispute desk (browser)', () => {
  const e2e = useE2EStack();

  it('takes a case from the initial payment to a late award payment, through Deadlines and Awards (desktop)', async () => {
    // Prepare: provider1's oldest case before Received Payment (no dispute), and its dates: the
    // payment 150 days ago, each later step inside its window, the award paid 40 days after the decision
    const provider = await e2e.signIn(PROVIDER1);
    const listed = await Promise.all(
      [20, 30].map((status) =>
        e2e.api<{ cases: CaseRow[] }>('GET', '/case', {
          token: provider.accessToken,
          query: { user_id: provider.sub, status, limit: 50 },
        }),
      ),
    );
    const target = listed.flatMap((r) => r.body.cases).sort((a, b) => a.case_date.localeCompare(b.case_date))[0]!;
    const cal = businessCalendar();
    const today = todayInNewYork();
    const paid = cal.addBusinessDays(addCalendarDays(today, -151), 1);
    const notice = cal.addBusinessDays(paid, 10);
    const initiated = cal.addBusinessDays(notice, 31);
    const selected = cal.addBusinessDays(initiated, 2);
    const decided = cal.addBusinessDays(selected, 25);
    const awardPaid = addCalendarDays(decided, 40);
    expect(target.case_date <= paid && awardPaid <= today).toBe(true);

    const { page } = await e2e.newPage();
    const errors = trackPageErrors(page);
    await signInWithTokens(e2e, page, CASE_ADMIN, `/case/${encodeURIComponent(target.case_id)}`);
    const panel = page.getByRole('region', { name: 'Dispute' });
    await panel.getByText('No dispute events recorded yet.').waitFor();

    // Act: the initial payment
    await recordEvent(page, 'initial_payment_received', 'Initial payment received', paid, {
      'Amount (dollars)': '1234.56',
    });

    // Assess: the open negotiation deadline, 30 business days from the payment, long past
    await panel.getByText('Open negotiation to be started by', { exact: false }).first().waitFor();
    await panel.getByText('Next deadline:').waitFor();
    await expectNoSeriousAxeViolations(page, { label: 'Case Details with the Dispute panel' });

    // Act: the notice, the IDR initiation and the entity selection
    await recordEvent(page, 'open_negotiation_sent', 'Open negotiation notice sent', notice);
    await recordEvent(page, 'idr_initiated', 'IDR initiated', initiated);
    await recordEvent(page, 'entity_selected', 'IDR entity selected', selected, {
      'IDR entity name': 'Fictitious Resolution Services LLC',
      'Selected by': 'joint',
    });

    // Assess: the case is in Deadlines, its offers overdue
    await followMainNavLink(page, 'Deadlines', '/back-office/deadlines');
    const link = caseLink(page, target.case_id);
    await link.waitFor();
    const row = page.getByRole('row').filter({ has: link });
    await row.getByText('Offers and fees due').waitFor();
    await row.getByText('Overdue').waitFor();
    await expectNoSeriousAxeViolations(page, { label: 'Deadlines' });

    // Act: the determination and the award payment, 40 days after it
    await link.click();
    await waitForPath(page, `/case/${encodeURIComponent(target.case_id)}`);
    await recordEvent(page, 'determination', 'Payment determination', decided, {
      'Amount (dollars)': '18500.00',
      'Prevailing party': 'provider',
    });
    await recordEvent(page, 'award_paid', 'Award paid', awardPaid, { 'Amount (dollars)': '18500.00' });

    // Assess: the award payment deadline met late; the case among the paid awards
    const awardItem = panel.getByRole('listitem').filter({ hasText: 'Award payment due' });
    await awardItem.getByText('Met late').waitFor();
    await followMainNavLink(page, 'Awards', '/back-office/awards');
    await page.getByRole('definition').first().waitFor();
    await page.getByLabel('Awards', { exact: true }).selectOption('paid');
    await caseLink(page, target.case_id).waitFor();
    await expectNoSeriousAxeViolations(page, { label: 'Awards' });
    expect(errors).toEqual([]);

    // Assess: provider1 sees the same dispute, read-only
    const { page: own } = await e2e.newPage();
    await signInWithTokens(e2e, own, PROVIDER1, `/case/${encodeURIComponent(target.case_id)}`);
    const ownPanel = own.getByRole('region', { name: 'Dispute' });
    await ownPanel.getByText(READ_ONLY_TEXT).waitFor();
    await ownPanel.getByText('Award paid', { exact: true }).first().waitFor();
    expect(await ownPanel.getByRole('form', { name: 'Add event' }).count()).toBe(0);
    expect(await ownPanel.getByRole('button', { name: /^Delete/ }).count()).toBe(0);
    await expectNoSeriousAxeViolations(own, { label: 'the read-only Dispute panel' });
  });

  it('fits Deadlines, a dispute and Awards to a phone, and shows provider1 the panel read-only there', async () => {
    // Prepare
    const { page } = await e2e.newPage({ mobile: true });
    const errors = trackPageErrors(page);

    // Act: Deadlines, then the first case of the queue
    await signInWithTokens(e2e, page, CASE_ADMIN, '/back-office/deadlines');
    const first = page.locator('a[aria-label*="(full id "]:visible').first();
    await first.waitFor();
    const overflowDeadlines = await overflowOf(page);
    await expectNoSeriousAxeViolations(page, { label: 'Deadlines (phone)' });
    const caseId = /\(full id (.+)\)$/.exec((await first.getAttribute('aria-label')) ?? '')![1]!;
    await first.click();
    await waitForPath(page, `/case/${encodeURIComponent(caseId)}`);
    const panel = page.getByRole('region', { name: 'Dispute' });
    await panel.getByRole('list', { name: 'Dispute timeline' }).waitFor();
    await panel.getByRole('form', { name: 'Add event' }).waitFor();
    // The whole case page: its hidden file inputs once reached past the edge without scrolling it.
    const overflowCase = await overflowOf(page);
    await expectNoSeriousAxeViolations(page, { label: 'the Dispute panel (phone)' });
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('link', { name: 'Awards', exact: true }).click();
    await waitForPath(page, '/back-office/awards');
    await page.getByRole('definition').first().waitFor();
    await page.locator('a[aria-label*="(full id "]:visible').first().waitFor();
    const overflowAwards = await overflowOf(page);
    await expectNoSeriousAxeViolations(page, { label: 'Awards (phone)' });

    // Assess
    for (const [screen, overflow] of [
      ['Deadlines', overflowDeadlines],
      ['Case Details with the Dispute panel', overflowCase],
      ['Awards', overflowAwards],
    ] as const) {
      expect({ screen, ...overflow }).toEqual({ screen, offenders: [], scrollWidth: PHONE_WIDTH });
    }
    expect(errors).toEqual([]);

    // Act: provider1 on the same case (a seeded dispute of theirs)
    const { page: own } = await e2e.newPage({ mobile: true });
    await signInWithTokens(e2e, own, PROVIDER1, `/case/${encodeURIComponent(caseId)}`);
    const ownPanel = own.getByRole('region', { name: 'Dispute' });

    // Assess
    await ownPanel.getByText(READ_ONLY_TEXT).waitFor();
    await ownPanel.getByRole('list', { name: 'Dispute timeline' }).waitFor();
    expect(await ownPanel.getByRole('form', { name: 'Add event' }).count()).toBe(0);
    const ownOverflow = await overflowOf(own, PANEL);
    expect(ownOverflow.offenders).toEqual([]);
    expect(ownOverflow.scrollWidth).toBeLessThanOrEqual(PHONE_WIDTH);
  });
});
