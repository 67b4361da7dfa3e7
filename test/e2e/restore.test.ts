/**
 * Nothing destroyed by one click, in a real browser against the seeded local runtime: a provider deletes a case that has documents from their case list; the global
 * admin finds it under Case Management's Deleted cases, restores it after the confirmation, and it
 * reappears in Case Management with its documents; Case Details' "Who accessed this case" shows the
 * delete and the restore.
 */
import type { Page } from 'playwright-core';
import type { UploadTicket } from '../../shared';
import { expectNoSeriousAxeViolations } from './support/axe';
import { describeBrowser } from './support/browser';
import { PROVIDER1, useE2EStack } from './support/stack';
import { signInWithTokens, trackPageErrors, waitForPath } from './support/ui';

jest.setTimeout(240_000);

const GLOBAL_ADMIN = 'globaladmin@example.com';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

describeBrowser('Restore of a deleted case (browser)', () => {
  const e2e = useE2EStack();

  /** A new case of provider1 with both documents attached (through the API, as the SPA sends them). */
  async function caseWithDocuments(lastName: string): Promise<{ caseId: string; caseNumber: string; token: string }> {
    const provider = await e2e.signIn(PROVIDER1);
    const token = provider.accessToken;
    const [surgeons, facilities] = await Promise.all([
      e2e.api<{ surgeons: { surgeon_id: string }[] }>('GET', '/surgeon', {
        token,
        query: { user_id: provider.sub, limit: 1 },
      }),
      e2e.api<{ facilities: { facility_id: string }[] }>('GET', '/facility', {
        token,
        query: { user_id: provider.sub, limit: 1 },
      }),
    ]);
    const created = await e2e.api<{ case: { case_id: string; case_number: string } }>('POST', '/case', {
      token,
      body: {
        case_date: '2026-11-05',
        surgeon_id: surgeons.body.surgeons[0]!.surgeon_id,
        facility_id: facilities.body.facilities[0]!.facility_id,
        patient: { first: 'Rowan', last: lastName, ins_provider: 'Aetna' },
        procedure_codes: ['47562'],
      },
    });
    expect(created.status).toBe(201);
    const caseId = created.body.case.case_id;
    const caseNumber = created.body.case.case_number;
    for (const slot of ['demographic_sheet', 'op_note']) {
      const ticket = await e2e.api<UploadTicket>('POST', '/document', {
        token,
        body: { case_id: caseId, slot, file_name: `${slot}.pdf`, content_type: 'application/pdf', size: PDF.length },
      });
      expect(ticket.status).toBe(200);
      const put = await fetch(ticket.body.upload.url, {
        method: 'PUT',
        headers: ticket.body.upload.headers,
        body: new Uint8Array(PDF),
      });
      expect(put.status).toBe(200);
      const confirmed = await e2e.api('POST', '/document/confirm', { token, body: { key: ticket.body.key } });
      expect(confirmed.status).toBe(200);
    }
    return { caseId, caseNumber, token };
  }

  /** What Case Details' "Who accessed this case" says about the case open on `page`, newest first. */
  async function caseAccessOf(page: Page): Promise<string[]> {
    await page.getByRole('button', { name: 'Show who accessed this case' }).click();
    const table = page.getByRole('table', { name: 'Requests about this case, newest first' });
    await table.waitFor();
    // The What column (When, Who, What, ...): the trail in words (web/src/back-office/audit/describe.ts).
    return table.locator('tbody tr td:nth-child(3)').allTextContents();
  }

  it('lets globaladmin restore a case a provider deleted, with its documents, and shows both in the case audit view', async () => {
    // Prepare: provider1's case with its two documents, on their case list
    const lastName = `Restored${Date.now().toString(36)}`;
    const { caseId, caseNumber, token } = await caseWithDocuments(lastName);
    const provider = await e2e.newPage();
    const providerErrors = trackPageErrors(provider.page);
    await signInWithTokens(e2e, provider.page, PROVIDER1, '/dashboard');
    const row = provider.page.getByRole('table', { name: 'Cases' }).locator(`tbody tr[data-case-id="${caseId}"]`);
    await row.waitFor();

    // Act: the provider deletes it, confirming the dialog
    await row.getByRole('button', { name: `Delete case ${caseNumber} (Rowan ${lastName})` }).click();
    const deleteDialog = provider.page.getByRole('dialog', { name: 'Delete case' });
    await deleteDialog.getByRole('button', { name: 'Delete', exact: true }).click();

    // Assess: gone for the provider
    await row.waitFor({ state: 'detached' });
    expect((await e2e.api('GET', '/case', { token, query: { case_id: caseId } })).status).toBe(404);

    // Act: globaladmin opens Deleted cases from Case Management and restores it
    const admin = await e2e.newPage();
    const adminErrors = trackPageErrors(admin.page);
    const { page } = admin;
    await signInWithTokens(e2e, page, GLOBAL_ADMIN, '/back-office/cases');
    await page.getByRole('link', { name: 'Deleted cases' }).click();
    await waitForPath(page, '/back-office/cases/deleted');
    await page.getByRole('heading', { name: 'Deleted Cases', level: 1 }).waitFor();
    const deletedRow = page.getByRole('row').filter({ hasText: caseId });
    await deletedRow.waitFor();
    const deletedText = (await deletedRow.textContent()) ?? '';
    await expectNoSeriousAxeViolations(page, { label: 'deleted cases' });
    // The deleted case is named by its number, its id beside it.
    await deletedRow.getByRole('button', { name: `Restore case ${caseNumber}`, exact: true }).click();
    const restoreDialog = page.getByRole('dialog', { name: 'Restore case' });
    await restoreDialog.getByText(`Restore case ${caseNumber}?`, { exact: false }).waitFor();
    await restoreDialog.getByRole('button', { name: 'Restore', exact: true }).click();

    // Assess: restored, out of the deleted list
    await page.getByText('Case restored successfully.', { exact: false }).waitFor();
    await deletedRow.waitFor({ state: 'detached' });
    expect(deletedText).toContain(`Rowan ${lastName}`);
    expect(deletedText).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);

    // Assess: back in Case Management (found by the patient's name), with its documents
    await page.goto(`${e2e.url}/back-office/cases?q=${encodeURIComponent(lastName.toLowerCase())}`);
    const restoredRow = page.locator(`tr[data-case-id="${caseId}"]`).first();
    await restoredRow.waitFor();
    await restoredRow.getByRole('link').first().click();
    await waitForPath(page, `/case/${encodeURIComponent(caseId)}`);
    await page.getByRole('button', { name: 'View Demographic Sheet' }).waitFor();
    await page.getByRole('button', { name: 'View Operative Note' }).waitFor();
    const back = await e2e.api<{ case: { case_status: number } }>('GET', '/case', {
      token,
      query: { case_id: caseId },
    });
    expect(back.status).toBe(200);
    expect(back.body.case.case_status).toBe(10);

    // Assess: the case's own audit view shows the delete and the restore, by case number
    const actions = await caseAccessOf(page);
    expect(actions.indexOf(`Restored case ${caseNumber}`)).toBeGreaterThan(-1);
    expect(actions.indexOf(`Restored case ${caseNumber}`)).toBeLessThan(actions.indexOf(`Deleted case ${caseNumber}`));
    await expectNoSeriousAxeViolations(page, { label: 'who accessed this case' });
    expect(providerErrors).toEqual([]);
    expect(adminErrors).toEqual([]);
  });
});
