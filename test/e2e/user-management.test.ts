/**
 * User management in a real browser: useradmin finds a provider by name, opens
 * the detail and changes their type; invites a new user, who signs in with the temporary password of
 * the invitation (printed in the local server log), chooses a new password and lands on profile setup.
 */
import { describeBrowser } from './support/browser';
import { expectNoSeriousAxeViolations } from './support/axe';
import { itLocalOnly, useE2EStack } from './support/stack';
import { eventually, signInWithTokens, trackPageErrors, waitForPath } from './support/ui';

jest.setTimeout(120_000);

const USER_ADMIN = 'useradmin@example.com';

describeBrowser('User management (browser)', () => {
  const e2e = useE2EStack();

  it('lets useradmin find a provider by name, view them and change their type', async () => {
    // Prepare
    const { page } = await e2e.newPage();
    const pageErrors = trackPageErrors(page);
    const provider = await e2e.signIn('provider2@example.com');
    const own = await e2e.api<{ user: { last_name: string; first_name: string } }>('GET', '/user', {
      token: provider.accessToken,
    });
    await signInWithTokens(e2e, page, USER_ADMIN, '/back-office');

    // Act: the navigation entry, then a search by the provider's last name
    await page.getByRole('link', { name: 'User Mgmt' }).first().click();
    await waitForPath(page, '/back-office/users');
    await page.getByText(/^Showing \d+ of \d+$/).waitFor();
    await expectNoSeriousAxeViolations(page, { label: 'user list' });
    await page.getByLabel('Search users').fill(own.body.user.last_name.slice(0, 4).toLowerCase());
    const link = page.getByRole('row').filter({ hasText: provider.sub }).getByRole('link');
    await link.waitFor();
    await link.click();

    // Assess: the detail page
    await waitForPath(page, `/back-office/users/${provider.sub}`);
    await page.getByRole('heading', { name: 'Basic Information' }).waitFor();
    await expectNoSeriousAxeViolations(page, { label: 'user detail' });

    // Act: change the type to Case Admin (10)
    await page.getByLabel('User type').selectOption('10');
    await page.getByRole('button', { name: 'Change user type' }).click();
    const confirm = page.getByRole('dialog', { name: 'Change user type' });
    await confirm.getByText(/They will see every practice's cases, patient details included\./).waitFor();
    await confirm.getByRole('button', { name: 'Change user type' }).click();

    // Assess
    await page.getByText('User type updated successfully: Case Admin (10)').waitFor();
    await eventually(async () => {
      const after = await e2e.api<{ user: { user_type: number } }>('GET', '/user', { token: provider.accessToken });
      expect(after.body.user.user_type).toBe(10);
    });
    expect(pageErrors).toEqual([]);
  });

  itLocalOnly(
    'invites a user who signs in with the temporary password, chooses a new one and reaches profile setup',
    "reads the temporary password from the local Cognito's invitation log (e2e.logs)",
    async () => {
      // Prepare
      const email = `invited-${Date.now()}@example.com`;
      const admin = await e2e.newPage();
      await signInWithTokens(e2e, admin.page, USER_ADMIN, '/back-office/users');

      // Act: invite
      await admin.page.getByLabel('Email').fill(email);
      await admin.page.getByRole('button', { name: 'Send invitation' }).click();
      await admin.page.getByText(`Invitation sent to ${email}`, { exact: false }).waitFor();
      const line = e2e.logs.find((l) => l.includes(`invitation email to ${email}`)) ?? '';
      const temporary = /temporary password is (\S+)\.$/.exec(line)?.[1];
      expect(temporary).toBeDefined();

      // Act: the new user's first sign-in
      const { page } = await e2e.newPage();
      await page.goto(`${e2e.url}/auth`);
      await page.getByRole('heading', { name: 'Sign In', level: 1 }).waitFor();
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill(temporary!);
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await page.getByRole('heading', { name: 'Choose a New Password' }).waitFor();
      await page.getByLabel('New password', { exact: true }).fill('Invited-Passw0rd!');
      await page.getByLabel('Confirm new password', { exact: true }).fill('Invited-Passw0rd!');
      await page.getByRole('button', { name: 'Set Password and Sign In' }).click();

      // Assess
      await waitForPath(page, '/profile-setup');
      await page.getByRole('heading', { name: 'Set Up Your Profile', level: 1 }).waitFor();
    },
  );
});
