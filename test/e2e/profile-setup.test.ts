/**
 * Profile completeness in a real browser (spec provider-side sections 2, 4 and 5): a signed-in
 * user without a profile is sent to /profile-setup, an empty submit lists every required field,
 * and a valid profile takes the user to the Case List; an NPI the registry holds under another
 * person's name is said so on Validate, saved only after a confirmation, and flagged for review.
 */
import { withNpiCheckDigit } from '../../shared/npi';
import { PROFILE_MESSAGES } from '../../shared/schemas/profile';
import { NPI_MESSAGES } from '../../shared/schemas/reference';
import { UI_MESSAGES } from '../../shared/messages';
import { TIMING_MS } from '../../shared/constants';
import { titleCaseName } from '../../shared/display';
import { describeBrowser } from './support/browser';
import { NEW_USER, useE2EStack } from './support/stack';
import {
  afterText,
  eventually,
  pathOf,
  signInThroughUi,
  trackPageErrors,
  waitForDelayedPath,
  waitForPath,
} from './support/ui';

jest.setTimeout(90_000);

/** Messages of the fields an empty setup form is missing (messaging preference has a default). */
const REQUIRED_MESSAGES = [
  PROFILE_MESSAGES.firstNameRequired,
  PROFILE_MESSAGES.lastNameRequired,
  PROFILE_MESSAGES.addressRequired,
  PROFILE_MESSAGES.cityRequired,
  PROFILE_MESSAGES.stateRequired,
  PROFILE_MESSAGES.zipRequired,
  PROFILE_MESSAGES.phoneRequired,
  PROFILE_MESSAGES.npiRequired,
  PROFILE_MESSAGES.statesRequired,
];

const SUMMARY_HEADING = /^Please complete these (\d+) field\(s\) before continuing:$/;

describeBrowser('Profile setup (browser)', () => {
  const e2e = useE2EStack();

  it('sends a user without a profile to profile setup, lists the missing fields, then lets them in', async () => {
    // Prepare
    const npi = withNpiCheckDigit('192837465');
    const { page } = await e2e.newPage();
    const pageErrors = trackPageErrors(page);

    // Act: sign in as the demo account that has no profile (Playwright's clock, so that the
    // redirect a second after saving need not be waited out)
    await page.clock.install();
    await signInThroughUi(page, e2e.url, NEW_USER);

    // Assess: forced to the setup screen for a new user
    await waitForPath(page, '/profile-setup');
    expect(new URL(page.url()).searchParams.get('reason')).toBe('new_user');
    await page.getByRole('heading', { name: 'Set Up Your Profile', level: 1 }).waitFor();
    await page.getByText('Please provide your information to get started.', { exact: true }).waitFor();

    // Act: submit the empty form
    const submit = page.getByRole('button', { name: 'Create Profile' });
    await submit.click();

    // Assess: the summary counts exactly the messages it lists, one per required field
    const summaryHeading = page.getByText(SUMMARY_HEADING);
    await summaryHeading.waitFor();
    const n = Number(SUMMARY_HEADING.exec((await summaryHeading.textContent())?.trim() ?? '')?.[1]);
    const summary = page.getByRole('alert').filter({ has: summaryHeading });
    const listed = (await summary.getByRole('listitem').allTextContents()).map((t) => t.trim());
    expect(n).toBeGreaterThan(0);
    expect(listed).toHaveLength(n);
    expect([...listed].sort()).toEqual([...REQUIRED_MESSAGES].sort());
    expect(pathOf(page)).toBe('/profile-setup');

    // Act: fill in a valid profile and submit again
    await page.getByLabel('First Name').fill('Casey');
    await page.getByLabel('Last Name').fill('Newcomer');
    await page.getByLabel('Address Line 1').fill('100 Main St');
    await page.getByLabel('City').fill('Springfield');
    await page.getByRole('combobox', { name: 'State' }).selectOption('IL');
    await page.getByLabel('ZIP Code').fill('62701');
    await page.getByLabel('Phone Number').fill('(555) 123-4567');
    await page.getByLabel('NPI Number').fill(npi);
    await page.getByRole('combobox', { name: 'Messaging Preference' }).selectOption({ label: 'Email' });
    // (the checkbox input is visually hidden under its label, which is what a user clicks)
    const illinois = page.getByRole('checkbox', { name: 'Illinois (IL)' });
    await illinois.locator('xpath=ancestor::label[1]').click();
    expect(await illinois.isChecked()).toBe(true);
    await page.getByRole('group', { name: /^States Licensed \(1 selected\)$/ }).waitFor();
    // the summary follows the fields as they are corrected
    await eventually(async () => expect(await summaryHeading.count()).toBe(0));
    await afterText(page, 'Profile created successfully! You can now access the application.', () => submit.click());

    // Assess: success banner, then the (empty) Case List
    await waitForDelayedPath(page, '/dashboard', TIMING_MS.profileSaveRedirect, 10_000);
    await page.getByRole('heading', { name: 'Cases', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'No cases found' }).waitFor();

    // Assess: the profile was stored as entered
    const tokens = await e2e.signIn(NEW_USER);
    const res = await e2e.api<{ user: Record<string, unknown> }>('GET', '/user', {
      token: tokens.accessToken,
      query: { user_id: tokens.sub },
    });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({
      first_name: 'Casey',
      last_name: 'Newcomer',
      city: 'Springfield',
      state: 'IL',
      zipcode: '62701',
      user_npi: npi,
      states_licensed: ['IL'],
    });

    // Act: change the NPI to a registry surgeon's, who is someone else
    const registry = (await (
      await fetch(`${e2e.url}/nppes/api/?version=2.1&enumeration_type=NPI-1&last_name=SM*&limit=1`)
    ).json()) as { results: { number: string; basic: { first_name: string; last_name: string } }[] };
    const other = registry.results[0]!;
    const otherName = `${titleCaseName(other.basic.first_name)} ${titleCaseName(other.basic.last_name)}`;
    await page.goto(`${e2e.url}/update-profile`);
    await page.getByLabel('NPI Number').fill(other.number);
    await page.getByRole('button', { name: 'Validate' }).click();

    // Assess: Validate says whose the NPI is, and saving asks first
    await page.getByText(NPI_MESSAGES.otherPerson(otherName, 'Casey Newcomer'), { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Update Profile' }).click();
    const confirm = page.getByRole('dialog', { name: 'Save an NPI registered to someone else?' });
    await confirm.getByText(NPI_MESSAGES.confirmOtherPerson(otherName)).waitFor();
    await afterText(page, UI_MESSAGES.profileUpdated, () =>
      confirm.getByRole('button', { name: 'Save anyway' }).click(),
    );
    const flagged = await e2e.api<{ user: Record<string, unknown> }>('GET', '/user', { token: tokens.accessToken });
    expect(flagged.body.user).toMatchObject({
      user_npi: other.number,
      npi_review: { reason: 'name_mismatch', registry_name: otherName },
    });
    expect(pageErrors).toEqual([]);
  });
});
