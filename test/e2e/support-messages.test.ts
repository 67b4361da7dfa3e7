/**
 * Messages that reach support in a real browser (docs/decisions/0027-email-and-support-messages.md),
 * on a desktop and on a phone: a signed-out visitor sends the Contact form and is thanked with a
 * reference number; locally the email reaches the support address in the SES emulator; the Global
 * Admin finds the message in the Support inbox (a table on a desktop, cards on a phone), reads it
 * and marks it handled. No serious or critical axe-core violations on the form, the thank-you and
 * the inbox.
 */
import { DEFAULT_SUPPORT_EMAIL } from '../../shared/config';
import { sentEmails } from '../../local/ses';
import { expectNoSeriousAxeViolations } from './support/axe';
import { describeBrowser } from './support/browser';
import { useE2EStack } from './support/stack';
import { eventually, signInWithTokens, trackPageErrors } from './support/ui';

jest.setTimeout(120_000);

const GLOBAL_ADMIN = 'globaladmin@example.com';

describeBrowser('Messages to support (browser)', () => {
  const e2e = useE2EStack();

  it.each([
    ['a desktop', false],
    ['a phone', true],
  ])(
    'on %s: a signed-out visitor sends the contact form, and the Global Admin reads it in the Support inbox',
    async (_device, mobile) => {
      // Prepare
      const subject = `Pricing for our practice (${mobile ? 'phone' : 'desktop'} ${Date.now()})`;
      const text = 'We are four surgeons in Albany.\nWhat would Suture cost us a month?';
      const visitor = await e2e.newPage({ mobile });
      const errors = trackPageErrors(visitor.page);
      await visitor.page.goto(`${e2e.url}/contact`);
      await visitor.page.getByRole('heading', { name: 'Contact Us', level: 1 }).waitFor();

      // Act: the visitor writes and sends
      await visitor.page.getByLabel('First Name').fill('Ada');
      await visitor.page.getByLabel('Last Name').fill('Lovelace');
      await visitor.page.getByLabel('Email').fill('ada@example.com');
      await visitor.page.getByLabel('Organization').fill('Analytical Surgery');
      await visitor.page.getByRole('combobox', { name: 'Inquiry Type' }).selectOption('pricing');
      await visitor.page.getByLabel('Subject').fill(subject);
      await visitor.page.getByRole('textbox', { name: 'Message', exact: true }).fill(text);
      await expectNoSeriousAxeViolations(visitor.page, { label: `/contact form on ${_device}` });
      await visitor.page.getByRole('button', { name: 'Send Message' }).click();

      // Assess: thanked with the reference
      await visitor.page.getByRole('heading', { name: 'Thank You!' }).waitFor();
      const thanks = await visitor.page.getByText(/Your reference number is/).textContent();
      const reference = /S-[0-9A-Z]{8}/.exec(thanks ?? '')?.[0];
      expect(reference).toBeDefined();
      await expectNoSeriousAxeViolations(visitor.page, { label: `/contact thank-you on ${_device}` });
      if (!e2e.remote) {
        const emails = await sentEmails(e2e.stack.endpoints.ses);
        const email = emails.find((e) => e.subject === `[${reference}] ${subject}`);
        expect(email?.destination.to).toEqual([DEFAULT_SUPPORT_EMAIL]);
        expect(email?.replyTo).toEqual(['ada@example.com']);
        expect(email?.body.text).toContain(text);
      }

      // Act: the Global Admin opens the Support inbox from the navigation and reads the message
      const admin = await e2e.newPage({ mobile });
      const adminErrors = trackPageErrors(admin.page);
      await signInWithTokens(e2e, admin.page, GLOBAL_ADMIN, '/back-office/support');
      await admin.page.getByRole('heading', { name: 'Support Inbox', level: 1 }).waitFor();
      // A table on a desktop; on a phone, cards (no sideways scrolling) with the same Read button.
      await admin.page.getByRole(mobile ? 'list' : 'table', { name: 'Open messages, newest first' }).waitFor();
      expect(
        await admin.page.getByRole(mobile ? 'table' : 'list', { name: 'Open messages, newest first' }).count(),
      ).toBe(0);
      await admin.page.getByRole('button', { name: `Read message ${reference}` }).click();

      // Assess: the message as sent
      const view = admin.page.getByRole('region', { name: subject });
      await view.waitFor();
      expect(await view.getByText(/four surgeons in Albany/).textContent()).toBe(text);
      await view.getByRole('link', { name: 'Ada Lovelace <ada@example.com>' }).waitFor();
      await expectNoSeriousAxeViolations(admin.page, { label: `/back-office/support on ${_device}` });

      // Act: mark it handled
      await view.getByRole('button', { name: 'Mark handled' }).click();

      // Assess: it leaves Open for Handled
      await admin.page.getByText(`Message ${reference} marked handled.`).waitFor();
      await eventually(async () =>
        expect(await admin.page.getByRole('button', { name: `Read message ${reference}` }).count()).toBe(0),
      );
      await admin.page.getByRole('button', { name: 'Handled', exact: true }).click();
      await admin.page.getByRole('button', { name: `Read message ${reference}` }).waitFor();
      expect(errors).toEqual([]);
      expect(adminErrors).toEqual([]);
    },
  );
});
