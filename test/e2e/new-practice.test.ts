/**
 * A new practice, alone, from sign-up to a submitted case with its documents (spec provider-side,
 * end-to-end bullet; spec provider-side sections 2, 4, 5 and 8), in Chromium at 1280x900 and at
 * 390x844 (phone):
 *
 * 1. a user without a profile signs in and completes /profile-setup, and finds the getting-started
 *    checklist on the empty case list (its surgeon and facility steps done after 2 and 3);
 * 2. adds a surgeon found in the (local, fictitious) NPI registry search;
 * 3. adds a facility entered by hand;
 * 4. creates a case with a demographic sheet and an operative note, the uploads' progress seen;
 * 5. sees the case become Submitted by the workflow rule, with the automatic history entry;
 * 6. views (new tab, the stored bytes) and downloads (the original file name) a document;
 * 7. replaces the demographic sheet; 8. deletes the operative note: back to Incomplete (UI and API);
 * 9. every screen visited has no axe-core violation of impact serious or critical;
 * 10. on the phone, no screen scrolls sideways and the case list shows cards, not the table.
 *
 * Screenshots of the phone journey go to /tmp/journey-shots/ (not part of the repository); the axe
 * counts per screen are printed after the file and written to /tmp/journey-shots/axe-counts.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { STARTER_CODES } from '../../lambdas/cpt_codes/starter';
import { withNpiCheckDigit } from '../../shared/npi';
import { FACILITY_MESSAGES } from '../../shared/schemas/surgeon';
import { TIMING_MS } from '../../shared/constants';
import { formatAxeViolations, seriousAxeViolations } from './support/axe';
import { describeBrowser, downloadedBytes } from './support/browser';
import { DEMO_PASSWORD, NEW_USER, itLocalOnly, useE2EStack } from './support/stack';
import { afterText, eventually, signInThroughUi, trackPageErrors, waitForDelayedPath, waitForPath } from './support/ui';

jest.setTimeout(180_000);

const SHOTS_DIR = '/tmp/journey-shots';
const PHONE_WIDTH = 390;

/** A small but real PDF (pdf-lib) padded to about `kib` KiB with an attached random file. */
async function makePdf(title: string, kib: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([612, 792]).drawText(title, { x: 72, y: 700, size: 18, font });
  // Random bytes do not compress: the file keeps its size, so the upload takes a moment.
  await doc.attach(randomBytes(kib * 1024), 'padding.bin', { mimeType: 'application/octet-stream' });
  return Buffer.from(await doc.save());
}

interface ProgressSample {
  label: string;
  value: number;
}

interface ApiCase {
  case_id: string;
  case_status: number;
  status_history?: { from: number | null; to: number; why: string }[];
}

interface JourneyOptions {
  mobile: boolean;
  email: string;
  /** Distinguishes this journey's patient and facility names. */
  tag: string;
}

describeBrowser('A new practice from sign-up to a submitted case (browser)', () => {
  const e2e = useE2EStack();
  /** Serious or critical axe violations per journey and screen. */
  const axeCounts: Record<string, number> = {};

  afterAll(() => {
    mkdirSync(SHOTS_DIR, { recursive: true });
    writeFileSync(`${SHOTS_DIR}/axe-counts.json`, JSON.stringify(axeCounts, null, 2));
    console.log(
      `axe violations of impact serious or critical per screen:\n${Object.entries(axeCounts)
        .map(([screen, n]) => `  ${screen}: ${n}`)
        .join('\n')}`,
    );
  });

  async function runJourney(page: Page, context: BrowserContext, opts: JourneyOptions): Promise<void> {
    const { mobile, email, tag } = opts;
    const pageErrors = trackPageErrors(page);
    const journey = mobile ? 'phone' : 'desktop';
    let shot = 0;
    /** Phone screens wider than the viewport (asserted empty at the end, so every such screen is named). */
    const wideScreens: { screen: string; scrollWidth: number; offenders: string[] }[] = [];
    /** Serious or critical axe violations per screen (asserted empty at the end, likewise). */
    const axeFailures: string[] = [];
    if (mobile) mkdirSync(SHOTS_DIR, { recursive: true });

    /** The checks of every screen: axe (serious/critical: none); on the phone no sideways scroll and a screenshot. */
    const checkScreen = async (screen: string): Promise<void> => {
      const serious = await seriousAxeViolations(page);
      axeCounts[`${journey} ${screen}`] = serious.length;
      if (serious.length > 0) axeFailures.push(formatAxeViolations(serious, screen));
      if (mobile) {
        // The page must not scroll sideways; on failure, name the elements that stick out.
        const overflow = await page.evaluate(() => {
          const width = document.documentElement.clientWidth;
          const offenders = [...document.body.querySelectorAll('*')]
            .filter((el) => el.getBoundingClientRect().right + window.scrollX > width + 1)
            .slice(-5)
            .map((el) => {
              const text = (el.textContent ?? '').trim().slice(0, 40);
              return `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} right=${Math.round(el.getBoundingClientRect().right + window.scrollX)} "${text}"`;
            });
          return { scrollWidth: document.documentElement.scrollWidth, offenders };
        });
        if (overflow.scrollWidth > PHONE_WIDTH + 1) wideScreens.push({ screen, ...overflow });
        shot += 1;
        await page.screenshot({
          path: `${SHOTS_DIR}/${String(shot).padStart(2, '0')}-${screen.replace(/\W+/g, '-')}.png`,
          fullPage: true,
        });
      }
    };

    /** Follow a link of the header (on the phone, through its menu). */
    const navigate = async (label: string): Promise<void> => {
      const header = page.locator('header');
      const menu = header.getByRole('button', { name: 'Menu', exact: true });
      if (mobile && (await menu.isVisible())) await menu.click();
      await header.getByRole('link', { name: label, exact: true }).click();
    };

    // ---------------------------------------------------------------- 1. Profile setup
    // Prepare
    const npi = withNpiCheckDigit(mobile ? '293847561' : '192837465');

    // Act: sign in as a user without a profile (the page's clock is Playwright's, so that the
    // redirects a fixed delay after each save need not be waited out)
    await page.clock.install();
    await signInThroughUi(page, e2e.url, email);

    // Assess: sent to profile setup
    await waitForPath(page, '/profile-setup');
    await page.getByRole('heading', { name: 'Set Up Your Profile', level: 1 }).waitFor();
    // (the header's links would lead nowhere before the profile exists: none are shown)
    const menuButton = page.locator('header').getByRole('button', { name: 'Menu', exact: true });
    if (mobile) await menuButton.click();
    expect(await page.locator('header').getByRole('link', { name: 'Surgeons', exact: true }).count()).toBe(0);
    if (mobile) await page.locator('header').getByRole('button', { name: 'Close menu', exact: true }).click();
    await checkScreen('profile setup');

    // Act: complete the profile
    await page.getByLabel('First Name').fill('Casey');
    await page.getByLabel('Last Name').fill(`Newcomer${tag}`);
    await page.getByLabel('Address Line 1').fill('100 Main St');
    await page.getByLabel('City').fill('Springfield');
    await page.getByRole('combobox', { name: 'State' }).selectOption('IL');
    await page.getByLabel('ZIP Code').fill('62701');
    await page.getByLabel('Phone Number').fill('(555) 123-4567');
    await page.getByLabel('NPI Number').fill(npi);
    await page.getByRole('combobox', { name: 'Messaging Preference' }).selectOption({ label: 'Email' });
    const illinois = page.getByRole('checkbox', { name: 'Illinois (IL)' });
    await illinois.locator('xpath=ancestor::label[1]').click();
    expect(await illinois.isChecked()).toBe(true);
    await afterText(page, 'Profile created successfully! You can now access the application.', () =>
      page.getByRole('button', { name: 'Create Profile' }).click(),
    );

    // Assess: welcomed to the empty Case List
    await waitForDelayedPath(page, '/dashboard', TIMING_MS.profileSaveRedirect, 10_000);
    await page.getByRole('heading', { name: 'No cases found' }).waitFor();
    const gettingStarted = page.getByRole('list', { name: 'Getting started' });
    /** Each step of the getting-started checklist with its state, once none is being checked. */
    const checklist = async (): Promise<string[]> => {
      await eventually(async () => expect(await gettingStarted.textContent()).not.toContain('Checking'));
      return (await gettingStarted.getByRole('listitem').allTextContents()).map((t) => t.replace(/\s+/g, ' ').trim());
    };
    expect(await checklist()).toEqual([
      '1. Complete your profileDone',
      '2. Add a surgeonTo do',
      '3. Add a facilityTo do',
      '4. Create your first caseTo do',
    ]);
    await checkScreen('case list empty');

    // ---------------------------------------------------------------- 2. A surgeon found by search
    // Prepare: a last name the local (fictitious) registry has
    const registry = (await (
      await fetch(`${e2e.url}/nppes/api/?version=2.1&enumeration_type=NPI-1&last_name=SM*&limit=5`)
    ).json()) as { results: { number: string; basic: { last_name: string } }[] };
    const registryLast = registry.results[0]?.basic.last_name;
    expect(registryLast).toBeDefined();
    const lastName = registryLast!.charAt(0) + registryLast!.slice(1).toLowerCase();

    // Act: open Surgeons, then Add Surgeon
    await navigate('Surgeons');
    await waitForPath(page, '/surgeon-management');
    await page.getByRole('heading', { name: 'Surgeons', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'No surgeons yet' }).waitFor();
    await checkScreen('surgeon list empty');
    await page.getByRole('button', { name: 'Add Surgeon' }).first().click();
    await waitForPath(page, '/surgeon/new');

    // Act: search by the last name and pick the first result
    await page.getByRole('textbox', { name: 'Search surgeons' }).fill(lastName);
    const surgeonResults = page.getByRole('listbox', { name: 'Surgeon search results' });
    await surgeonResults.waitFor();
    const firstOption = surgeonResults.getByRole('option').first();
    const optionText = (await firstOption.textContent()) ?? '';
    expect(optionText).toContain(lastName);
    const surgeonNpi = /NPI (\d{10})/.exec(optionText)?.[1];
    expect(surgeonNpi).toBeDefined();
    await checkScreen('surgeon add with results');
    await firstOption.click();

    // Assess: the selected surgeon is summarised
    const selectedSurgeon = page.getByRole('region', { name: 'Selected surgeon' });
    await selectedSurgeon.waitFor();
    expect(await selectedSurgeon.textContent()).toContain(surgeonNpi!);
    expect(await selectedSurgeon.textContent()).toContain(lastName);
    const surgeonFirst = (
      await selectedSurgeon
        .locator('xpath=.//dt[normalize-space()="First name"]/following-sibling::dd[1]')
        .textContent()
    )?.trim();
    expect(surgeonFirst).toBeTruthy();
    await checkScreen('surgeon add selected');

    // Act: save it
    await afterText(page, 'Surgeon added successfully!', () =>
      page.getByRole('button', { name: 'Save Surgeon' }).click(),
    );

    // Assess: success, then the list with the surgeon within about 2 s
    await waitForDelayedPath(page, '/surgeon-management', TIMING_MS.surgeonFacilitySaveRedirect, 2_500);
    const surgeonRow = page.getByRole('list', { name: 'Surgeons' }).getByRole('listitem');
    await eventually(async () => {
      const rows = await surgeonRow.allTextContents();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toContain(surgeonNpi!);
      expect(rows[0]).toContain(lastName);
    });
    await checkScreen('surgeon list');

    // ---------------------------------------------------------------- 3. A facility entered by hand
    // Prepare
    const facilityName = `Lakeside Surgery Center ${tag}`;

    // Act: open Facilities, Add Facility, manual entry
    await navigate('Facilities');
    await waitForPath(page, '/facility-management');
    await page.getByRole('heading', { name: 'Facilities', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'No facilities yet' }).waitFor();
    await checkScreen('facility list empty');
    await page.getByRole('button', { name: 'Add Facility' }).first().click();
    await waitForPath(page, '/facility/new');
    await page.getByText(FACILITY_MESSAGES.searchHint, { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Add Manual Entry' }).click();
    await page.getByRole('textbox', { name: 'Facility name' }).fill(facilityName);
    await page.getByRole('button', { name: 'Use Manual Entry' }).click();

    // Assess: the manual entry is the selection
    const selectedFacility = page.getByRole('region', { name: 'Selected facility' });
    await selectedFacility.waitFor();
    await eventually(async () => expect(await selectedFacility.textContent()).toContain(facilityName));
    await checkScreen('facility add manual');

    // Act: save it
    await afterText(page, 'Facility added successfully!', () =>
      page.getByRole('button', { name: 'Save Facility' }).click(),
    );

    // Assess: success, then listed
    await waitForDelayedPath(page, '/facility-management', TIMING_MS.surgeonFacilitySaveRedirect, 2_500);
    await eventually(async () => {
      const rows = await page.getByRole('list', { name: 'Facilities' }).getByRole('listitem').allTextContents();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toContain(facilityName);
    });
    // The spec supports no facility update: no Edit pencil on the row.
    expect(await page.getByRole('button', { name: /^Edit / }).count()).toBe(0);
    await checkScreen('facility list');

    // ---------------------------------------------------------------- 4. A case with two documents
    // Prepare: two PDFs of a few hundred KiB, a starter CPT code, a patient
    const [demoPdf, notePdf, demoPdf2] = await Promise.all([
      makePdf(`Demographic sheet ${tag}`, 300),
      makePdf(`Operative note ${tag}`, 400),
      makePdf(`Demographic sheet v2 ${tag}`, 200),
    ]);
    const demoName = `demographic-sheet-${tag}.pdf`;
    const noteName = `operative-note-${tag}.pdf`;
    const demo2Name = `demographic-sheet-${tag}-v2.pdf`;
    const cpt = STARTER_CODES.find((c) => c.cpt_code.startsWith('4756'))!.cpt_code;
    const patientLast = `Journey${tag}`;

    // Act: Case List -> Add New Case, fill the form, choose the files
    await navigate('Case List');
    await waitForPath(page, '/dashboard');
    expect(await checklist()).toEqual([
      '1. Complete your profileDone',
      '2. Add a surgeonDone',
      '3. Add a facilityDone',
      '4. Create your first caseTo do',
    ]);
    await checkScreen('case list getting started');
    await gettingStarted.getByRole('link', { name: '4. Create your first case' }).click();
    await waitForPath(page, '/case/new');
    await page.getByRole('heading', { name: 'Add New Case', level: 1 }).waitFor();
    await page.getByLabel('Case date').fill('2026-01-15');
    await page.getByLabel('Patient first name').fill('Pat');
    await page.getByLabel('Patient last name').fill(patientLast);
    const insurance = page.getByRole('combobox', { name: 'Insurance provider' });
    await insurance.fill('Ae');
    await page.getByRole('option', { name: 'Aetna', exact: true }).click();
    const surgeonSelect = page.getByRole('combobox', { name: 'Primary surgeon' });
    await surgeonSelect.selectOption({ label: `Dr. ${surgeonFirst} ${lastName}` });
    await page.getByRole('combobox', { name: 'Facility' }).selectOption({ label: facilityName });
    const code1 = page.getByRole('combobox', { name: 'Procedure code 1' });
    await code1.fill(cpt);
    await page.getByRole('option', { name: new RegExp(`^${cpt} - `) }).click();
    expect(await code1.inputValue()).toBe(cpt);
    await page
      .getByLabel('Demographic Sheet', { exact: true })
      .setInputFiles({ name: demoName, mimeType: 'application/pdf', buffer: demoPdf });
    await page
      .getByLabel('Operative Note', { exact: true })
      .setInputFiles({ name: noteName, mimeType: 'application/pdf', buffer: notePdf });
    await page.getByRole('list', { name: 'Chosen Demographic Sheet' }).getByText(demoName).waitFor();
    await page.getByRole('list', { name: 'Chosen Operative Note' }).getByText(noteName).waitFor();
    // (a surgeon's office is not shown developer instructions)
    expect(await page.getByText('npm run', { exact: false }).count()).toBe(0);
    await checkScreen('case form');

    // Record every progress bar state from now on (the bars come and go within the same page).
    await page.evaluate(() => {
      const seen: { label: string; value: number }[] = [];
      (window as unknown as { __progressSeen: typeof seen }).__progressSeen = seen;
      const record = () => {
        document.querySelectorAll('[role="progressbar"]').forEach((el) => {
          const label = el.getAttribute('aria-label') ?? '';
          const value = Number(el.getAttribute('aria-valuenow'));
          const last = [...seen].reverse().find((s) => s.label === label);
          if (!last || last.value !== value) seen.push({ label, value });
        });
      };
      new MutationObserver(record).observe(document.body, {
        subtree: true,
        childList: true,
        attributes: true,
        attributeFilter: ['aria-valuenow'],
      });
    });
    await afterText(page, 'Case Created Successfully', () => page.getByRole('button', { name: 'Save Case' }).click());

    // Assess: saved, the files sent with progress, then Case Details
    // (the redirect's delay starts once both files are sent)
    await eventually(
      async () => {
        const seen = await page.evaluate(
          () => (window as unknown as { __progressSeen: ProgressSample[] }).__progressSeen,
        );
        for (const name of [demoName, noteName])
          expect(seen).toContainEqual({ label: `Uploading ${name}`, value: 100 });
      },
      { timeout: 30_000 },
    );
    await waitForDelayedPath(page, /^\/case\/(?!new$)[^/]+$/, TIMING_MS.caseSaveRedirect, 30_000);
    const caseId = decodeURIComponent(new URL(page.url()).pathname.slice('/case/'.length));
    const progress = await page.evaluate(
      () => (window as unknown as { __progressSeen: ProgressSample[] }).__progressSeen,
    );
    for (const name of [demoName, noteName]) {
      const values = progress.filter((p) => p.label === `Uploading ${name}`).map((p) => p.value);
      expect({ name, first: values[0], last: values[values.length - 1] }).toEqual({ name, first: 0, last: 100 });
      expect(values).toEqual([...values].sort((a, b) => a - b));
    }

    // ---------------------------------------------------------------- 5. Submitted by the workflow
    await page.getByRole('heading', { name: 'Case Details', level: 1 }).waitFor();
    const statusValue = page.locator('xpath=//dt[normalize-space()="Status"]/following-sibling::dd[1]');
    await eventually(async () => expect((await statusValue.textContent())?.trim()).toBe('Submitted'));
    await page.getByRole('heading', { name: 'Status History', level: 2 }).waitFor();
    const history = page.getByRole('list', { name: 'Status history' }).getByRole('listitem');
    await eventually(async () => {
      const entries = (await history.allTextContents()).map((t) => t.replace(/\s+/g, ' ').trim());
      expect(entries.length).toBeGreaterThanOrEqual(2);
      expect(entries[entries.length - 1]).toMatch(/^Incomplete\s*→?\s*to\s*Submitted\s*Automatic \(case complete\)/);
    });
    const slotName = (slot: string): Locator => page.getByTestId(`${slot}-file-name`);
    expect(await slotName('demographic_sheet').textContent()).toBe(demoName);
    expect(await slotName('op_note').textContent()).toBe(noteName);
    await checkScreen('case details submitted');

    // ---------------------------------------------------------------- 6. View and download
    // Prepare: the navigations of any other tab
    const otherTabUrls: string[] = [];
    context.on('request', (req) => {
      if (req.isNavigationRequest() && req.frame().page() !== page && req.url() !== 'about:blank') {
        otherTabUrls.push(req.url());
      }
    });

    // Act: View Demographic Sheet
    const [viewTab] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('button', { name: 'View Demographic Sheet', exact: true }).click(),
      // Awaited from the press: the banner clears itself after 3 s, and the new tab takes CPU.
      page.getByText('Document opened successfully!', { exact: true }).waitFor(),
    ]);

    // Assess: a new tab on a signed link that serves exactly the uploaded PDF, inline
    const viewUrl = await eventually(() => {
      expect(otherTabUrls.length).toBeGreaterThan(0);
      return otherTabUrls[0]!;
    });
    expect(new URL(viewUrl).origin).toBe(e2e.url);
    const viewed = await fetch(viewUrl);
    expect(viewed.status).toBe(200);
    const viewedBytes = Buffer.from(await viewed.arrayBuffer());
    expect(viewedBytes.subarray(0, 4).toString('latin1')).toBe('%PDF');
    expect(viewedBytes.equals(demoPdf)).toBe(true);
    expect(viewed.headers.get('content-disposition') ?? '').toMatch(/^inline/);
    await viewTab.close();

    // Act: Download Operative Note
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download Operative Note', exact: true }).click(),
      // Before the bytes are read: the banner clears itself after 3 s.
      page.getByText('Document download started!', { exact: true }).waitFor(),
    ]);

    // Assess: saved under its original name, with the uploaded bytes
    expect(download.suggestedFilename()).toBe(noteName);
    expect((await downloadedBytes(download)).equals(notePdf)).toBe(true);

    // ---------------------------------------------------------------- 7. Replace the demographic sheet
    // Act: Replace -> the system file chooser -> a new file
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      page.getByRole('button', { name: 'Replace Demographic Sheet', exact: true }).click(),
    ]);
    await afterText(page, 'Demographic Sheet uploaded successfully!', () =>
      chooser.setFiles({ name: demo2Name, mimeType: 'application/pdf', buffer: demoPdf2 }),
    );

    // Assess: uploaded, the new name shown, still Submitted
    await eventually(async () => expect(await slotName('demographic_sheet').textContent()).toBe(demo2Name));
    expect((await statusValue.textContent())?.trim()).toBe('Submitted');

    // ---------------------------------------------------------------- 8. Delete the operative note
    // Act: Delete -> confirm
    await page.getByRole('button', { name: 'Delete Operative Note', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete document' });
    await dialog
      .getByText('Are you sure you want to delete Operative Note? This action cannot be undone.', { exact: true })
      .waitFor();
    await checkScreen('case details delete dialog');
    await afterText(page, 'Operative Note deleted successfully!', () =>
      dialog.getByRole('button', { name: 'Delete', exact: true }).click(),
    );

    // Assess: deleted, the slot empty, the case back to Incomplete (screen and API)
    await page.getByRole('button', { name: 'Upload Operative Note', exact: true }).waitFor();
    await eventually(async () => expect((await statusValue.textContent())?.trim()).toBe('Incomplete'));
    await eventually(async () => {
      const entries = (await history.allTextContents()).map((t) => t.replace(/\s+/g, ' ').trim());
      expect(entries[entries.length - 1]).toMatch(/^Submitted\s*→?\s*to\s*Incomplete\s*Automatic \(case incomplete\)/);
    });
    const missing = await page.getByRole('list', { name: 'Missing to submit' }).getByRole('listitem').allTextContents();
    expect(missing).toEqual(['Operative note']);
    const tokens = await e2e.signIn(email);
    const stored = await e2e.api<{ case: ApiCase }>('GET', '/case', {
      token: tokens.accessToken,
      query: { case_id: caseId },
    });
    expect(stored.status).toBe(200);
    const storedCase = stored.body.case;
    expect(storedCase.case_status).toBe(0);
    expect(storedCase.status_history?.length).toBeGreaterThanOrEqual(2);
    expect(storedCase.status_history?.at(-1)).toMatchObject({ from: 10, to: 0, why: 'auto' });
    expect(storedCase.status_history?.some((h) => h.to === 10 && h.why === 'auto')).toBe(true);
    await checkScreen('case details incomplete');

    // ---------------------------------------------------------------- The case in the Case List
    // Act
    await page.getByRole('button', { name: 'Back to Case List' }).click();
    await waitForPath(page, '/dashboard');

    // Assess: the case is listed, as a card on the phone and a table row on the desktop
    const cases = mobile ? page.getByRole('list', { name: 'Cases' }) : page.getByRole('table', { name: 'Cases' });
    const entry = cases.locator(`[data-case-id="${caseId}"]`);
    await entry.waitFor();
    await eventually(async () => {
      const text = (await entry.textContent()) ?? '';
      expect(text).toContain(`Pat ${patientLast}`);
      expect(text).toContain('Incomplete');
    });
    // (the demographic sheet is attached, the operative note no longer is)
    if (mobile) {
      expect(await page.getByRole('table', { name: 'Cases' }).count()).toBe(0);
      expect(await cases.getByRole('listitem').count()).toBe(1);
      const text = (await entry.textContent()) ?? '';
      expect(text).toContain('Demo SheetPresent');
      expect(text).toContain('Op NoteMissing');
    } else {
      expect(await page.getByRole('list', { name: 'Cases' }).count()).toBe(0);
      const cells = entry.getByRole('cell');
      // By header, not position: the list's columns grow (Days in Status).
      const headers = await page.getByRole('table', { name: 'Cases' }).getByRole('columnheader').allTextContents();
      const [demo, note] = [headers.indexOf('Demo Sheet'), headers.indexOf('Op Note')];
      expect([await cells.nth(demo).textContent(), await cells.nth(note).textContent()]).toEqual([
        'Present',
        'Missing',
      ]);
    }
    await checkScreen('case list');
    expect(axeFailures).toEqual([]);
    expect(wideScreens).toEqual([]);
    expect(pageErrors).toEqual([]);
  }

  it('takes a new practice at a desk from sign-up to a case with documents, submitted then incomplete', async () => {
    // Prepare
    const { page, context } = await e2e.newPage();

    // Act & Assess
    await runJourney(page, context, { mobile: false, email: NEW_USER, tag: 'Desk' });
  });

  itLocalOnly(
    'takes a new practice on a phone through the same journey without sideways scrolling',
    "creates its account with the local Cognito's administrator calls (e2e.stack.createAccount)",
    async () => {
      // Prepare: a fresh account (the first journey gave newuser a profile)
      const email = `phone-practice-${Date.now()}@example.com`;
      await e2e.stack.createAccount(email, DEMO_PASSWORD, ['surgeon']);
      const { page, context } = await e2e.newPage({ mobile: true });

      // Act & Assess
      await runJourney(page, context, { mobile: true, email, tag: 'Phone' });
    },
  );
});
