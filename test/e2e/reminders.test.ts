/**
 * Deadline reminders in a real browser (docs/decisions/0030-deadline-reminders.md), on a desktop and on
 * a phone: a back-office user opts in to the morning digest on their profile; the Global Admin presses
 * "Send reminders now" on the email viewer (a debug page) and the user's digest appears there, grouped
 * by step with the seeded deadlines. Each device uses its own back-office user (caseadmin on the
 * desktop): a user gets one digest a day. No serious or critical axe-core violations on either page.
 */
import { expectNoSeriousAxeViolations } from './support/axe';
import { describeBrowser } from './support/browser';
import { useE2EStack } from './support/stack';
import { eventually, signInWithTokens, trackPageErrors } from './support/ui';

jest.setTimeout(120_000);

const GLOBAL_ADMIN = 'globaladmin@example.com';

describeBrowser('Deadline reminders by email (browser)', () => {
  const e2e = useE2EStack();

  it.each([
    ['a desktop', false, 'caseadmin@example.com'],
    ['a phone', true, 'useradmin@example.com'],
  ])(
    'on %s: a back-office user opts in to reminders, and "Send reminders now" puts their digest in the email viewer',
    async (device, mobile, email) => {
      // Prepare
      const user = await e2e.newPage({ mobile });
      const errors = trackPageErrors(user.page);
      await signInWithTokens(e2e, user.page, email, '/update-profile');
      const section = user.page.getByRole('region', { name: 'Email reminders' });
      await section.waitFor();

      // Act: opt in, 10 business days ahead
      // Amplify's checkbox input is visually hidden: its label takes the click.
      await section.getByText(/Email me a digest of deadlines/).click();
      await eventually(async () =>
        expect(await section.getByRole('checkbox', { name: /Email me a digest of deadlines/ }).isChecked()).toBe(true),
      );
      await section.getByRole('combobox', { name: /Deadlines due within/ }).selectOption('10');
      await section.getByText('SMS messages: not available yet', { exact: false }).waitFor();
      await section.getByRole('button', { name: 'Save email reminders' }).click();

      // Assess: saved, and still on after a reload
      await section.getByText('Email reminder settings saved.').waitFor();
      await expectNoSeriousAxeViolations(user.page, { label: `/update-profile reminders on ${device}` });
      await user.page.reload();
      expect(
        await user.page
          .getByRole('region', { name: 'Email reminders' })
          .getByRole('checkbox', { name: /Email me a digest of deadlines/ })
          .isChecked(),
      ).toBe(true);
      expect(errors).toEqual([]);
      // A deployed stage has no email viewer (its email goes out through SES).
      if (e2e.remote) return;

      // Act: the Global Admin sends the reminders now from the email viewer
      const admin = await e2e.newPage({ mobile });
      const adminErrors = trackPageErrors(admin.page);
      await signInWithTokens(e2e, admin.page, GLOBAL_ADMIN, '/debug/emails');
      await admin.page.getByRole('heading', { name: 'Email viewer', level: 1 }).waitFor();
      await admin.page.getByRole('button', { name: 'Send reminders now' }).click();

      // Assess: the run's answer, and the user's digest in the viewer, without a patient's name
      await admin.page.getByText(/^Reminders sent: \d+ emails? sent, \d+ skipped\.$/).waitFor();
      const digest = admin.page
        .getByRole('listitem')
        .filter({ hasText: `To ${email}` })
        .filter({ has: admin.page.getByRole('heading', { name: /^Suture deadlines: \d+ overdue/ }) });
      await digest.waitFor();
      const text = (await digest.textContent()) ?? '';
      expect(text).toMatch(/due within 10 business days/);
      expect(text).toMatch(/C-\d{6} \(case id /);
      expect(text).toContain('/case/');
      await expectNoSeriousAxeViolations(admin.page, { label: `/debug/emails on ${device}` });
      expect(adminErrors).toEqual([]);
    },
  );
});
