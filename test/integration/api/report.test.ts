/**
 * The provider payment report through the local gateway and the real emulators: GET /report/permission per user type, the 403s below user_type 50, the 404 when nothing is
 * in status Paid, the PDF read back (provider names and NPIs, case ids, subtotals, grand total; only
 * Paid cases; one provider with user_id), the history (server-side, newest first, errors too, each
 * naming its provider), the reading of every page of the lists (a small page size, cases over
 * several months).
 *
 * Cases are written through the repository (the code the Lambda runs) with chosen statuses, pay
 * amounts and creation months. PDF text is read with test/support/pdf-text.ts.
 */
import './quiet';
import { createCase as repoCreateCase, type CaseItem } from '../../../lambdas/data/case/repository';
import { loadCursorKey } from '../../../lambdas/lib/cursor-seal';
import { collectPaidCases } from '../../../lambdas/report/data';
import { recordReport } from '../../../lambdas/data/reports/history';
import { useLocalStack, type TestUser } from '../../support/local';
import { pdfText, pdfTextPages } from '../../support/pdf-text';
import { profileBody, signedInAdmin, signedInProvider } from './support';
import { REPORT_DOWNLOAD_TTL_SECONDS, REPORT_MESSAGES } from '../../../shared/schemas/report';

jest.setTimeout(120_000);

// Its own runtime: the report covers every Paid case in the table (404 when there is none).
const local = useLocalStack({ isolated: true });

interface Permission {
  userType: number;
  hasReportingAccess: boolean;
  error: string | null;
}
interface HistoryAnswer {
  reports: {
    id: string;
    reportType: string;
    userId: string;
    providerName: string;
    generatedAt: string;
    status: string;
    filename: string;
    case_count: number;
    total: number;
    downloadable: boolean;
  }[];
}

let seq = 0;
const BASE_MS = Date.now() - 3_600_000;
function seedCase(
  userId: string,
  fields: { daysAgo?: number; last: string; status: number; payCents?: number; codes?: string[] },
): Promise<CaseItem> {
  seq += 1;
  return repoCreateCase({
    user_id: userId,
    case_date: `2026-01-${String(10 + seq).padStart(2, '0')}`,
    surgeon_id: 's1',
    facility_id: 'f1',
    patient_first: 'Pat',
    patient_last: fields.last,
    ins_provider: 'Northwind Health',
    procedure_codes: fields.codes ?? ['27447'],
    created_at: new Date(BASE_MS - (fields.daysAgo ?? 0) * 86_400_000 + seq * 1000).toISOString(),
    case_status: fields.status,
    ...(fields.payCents !== undefined ? { pay_amount_cents: fields.payCents } : {}),
  });
}

/** POST /report/provider-payment with the raw answer (bytes, headers). */
async function generate(user: TestUser, body: unknown = {}) {
  const res = await fetch(`${local.apiUrl}/report/provider-payment`, {
    method: 'POST',
    headers: { authorization: `Bearer ${user.accessToken}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const bytes = new Uint8Array(await res.arrayBuffer());
  const json = () => JSON.parse(Buffer.from(bytes).toString('utf8')) as { message: string };
  return { status: res.status, headers: res.headers, bytes, json };
}

let provider1: TestUser;
let provider2: TestUser;
let caseAdmin: TestUser;
let userAdmin: TestUser;
let reportAdmin: TestUser;
let globalAdmin: TestUser;
let superUser: TestUser;
const npi1 = profileBody().user_npi as string;
const npi2 = profileBody().user_npi as string;

beforeAll(async () => {
  // collectPaidCases pages in this process: read the cursor key as a Lambda's cold start does.
  await loadCursorKey();
  [provider1, provider2, caseAdmin, userAdmin, reportAdmin, globalAdmin, superUser] = await Promise.all([
    signedInProvider(local, { first_name: 'Ada', last_name: 'Quill', user_npi: npi1 }),
    signedInProvider(local, { first_name: 'Bram', last_name: 'Oakes', user_npi: npi2 }),
    signedInAdmin(local, 10),
    signedInAdmin(local, 20),
    signedInAdmin(local, 50),
    signedInAdmin(local, 100),
    signedInAdmin(local, 1000),
  ]);
});

describe('who may report', () => {
  it('answers the user type and reporting access of each user type, with the spec message below 50', async () => {
    // Prepare
    const users: [TestUser, number][] = [
      [provider1, 0],
      [caseAdmin, 10],
      [userAdmin, 20],
      [reportAdmin, 50],
      [globalAdmin, 100],
      [superUser, 1000],
    ];

    // Act
    const answers = await Promise.all(
      users.map(([u]) => local.api<Permission>('GET', '/report/permission', { token: u.accessToken })),
    );

    // Assess
    answers.forEach((res, i) => {
      const type = users[i]![1];
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        userType: type,
        hasReportingAccess: type >= 50,
        error: type >= 50 ? null : 'Access denied: Reporting functionality requires user_type >= 50',
      });
    });
  });

  it('refuses the report and the history below user_type 50 with 403, and anonymous callers with 401', async () => {
    // Act
    const refused = await Promise.all(
      [provider1, caseAdmin, userAdmin].flatMap((u) => [
        local.api<{ message: string }>('POST', '/report/provider-payment', { token: u.accessToken, body: {} }),
        local.api<{ message: string }>('GET', '/report/history', { token: u.accessToken }),
      ]),
    );
    const anonymous = await Promise.all([
      local.api('GET', '/report/permission'),
      local.api('POST', '/report/provider-payment', { body: {} }),
      local.api('GET', '/report/history'),
    ]);

    // Assess
    for (const res of refused) {
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(REPORT_MESSAGES.requiresUserType);
    }
    expect(anonymous.map((r) => r.status)).toEqual([401, 401, 401]);
  });
});

describe('the provider payment report', () => {
  it('answers 404 with the spec message when no case is in status Paid, and records the error', async () => {
    // Prepare: cases in other statuses only
    await seedCase(provider1.sub, { last: 'Notyet', status: 10 });
    await seedCase(provider2.sub, { last: 'Later', status: 30, payCents: 5000 });

    // Act
    const res = await generate(reportAdmin);
    const history = await local.api<HistoryAnswer>('GET', '/report/history', { token: reportAdmin.accessToken });

    // Assess
    expect(res.status).toBe(404);
    expect(res.json().message).toBe("Sorry, we can't find any cases in pending payment status.");
    expect(history.body.reports).toHaveLength(1);
    expect(history.body.reports[0]).toMatchObject({
      reportType: 'provider-payment',
      userId: '',
      status: 'error',
      case_count: 0,
      total: 0,
    });
  });

  it('lists every provider with Paid cases: names, NPIs, case numbers and ids, pay amounts, subtotals and the grand total', async () => {
    // Prepare: Paid cases over three months, and others that must stay out
    const a1 = await seedCase(provider1.sub, { last: 'Alder', status: 20, payCents: 123_456, daysAgo: 0 });
    const a2 = await seedCase(provider1.sub, { last: 'Birch', status: 20, payCents: 100_000, daysAgo: 45 });
    const b1 = await seedCase(provider2.sub, { last: 'Cedar', status: 20, payCents: 2_550, daysAgo: 75 });
    const b2 = await seedCase(provider2.sub, { last: 'Dogwood', status: 20, daysAgo: 10, codes: ['29881', '47562'] });
    const closed = await seedCase(provider2.sub, { last: 'Elm', status: 90, payCents: 999_999 });

    // Act
    const res = await generate(reportAdmin, { time_zone: 'America/Chicago' });

    // Assess
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="provider-payment-report_all_\d{4}-\d{2}-\d{2}_\d{6}\.pdf"$/,
    );
    expect(Buffer.from(res.bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    const text = pdfText(res.bytes);
    expect(text).toContain('Provider Payment Report');
    expect(text).toMatch(/Generated at: \d{2}\/\d{2}\/\d{4}, \d{1,2}:\d{2}:\d{2} [AP]M C[SD]T/);
    expect(text).toContain(`Ada Quill - NPI ${npi1}`);
    expect(text).toContain(`Bram Oakes - NPI ${npi2}`);
    // Each case by its number, its id beside it.
    for (const c of [a1, a2, b1, b2]) expect(text).toContain(`${c.case_number}\n${c.case_id}`);
    expect(text).not.toContain(closed.case_id);
    expect(text).toContain('Alder, Pat');
    expect(text).toContain('29881, 47562');
    expect(text).toContain('$1,234.56');
    expect(text).toContain('$0.00');
    expect(text).toMatch(/Subtotal for Ada Quill \(2 cases\)\n\$2,234\.56/);
    expect(text).toMatch(/Subtotal for Bram Oakes \(2 cases\)\n\$25\.50/);
    expect(text).toMatch(/Grand total \(4 cases, 2 providers\)\n\$2,260\.06/);
    expect(text).toContain('Page 1 of 1');
    // Ada Quill's section comes before Bram Oakes's (providers by name).
    expect(text.indexOf('Ada Quill - NPI')).toBeLessThan(text.indexOf('Bram Oakes - NPI'));
  });

  it('holds only the chosen provider when user_id is given', async () => {
    // Act
    const res = await generate(globalAdmin, { user_id: provider2.sub });

    // Assess
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain(`provider-payment-report_${provider2.sub.slice(0, 8)}_`);
    const text = pdfText(res.bytes);
    expect(text).toContain(`Bram Oakes - NPI ${npi2}`);
    expect(text).not.toContain('Ada Quill');
    expect(text).toMatch(/Grand total \(2 cases, 1 provider\)\n\$25\.50/);
  });

  it('answers 404 for a provider without Paid cases and 400 for a bad time zone, recording only the 404', async () => {
    // Prepare
    const before = await local.api<HistoryAnswer>('GET', '/report/history', { token: superUser.accessToken });

    // Act
    const none = await generate(superUser, { user_id: caseAdmin.sub });
    const bad = await generate(superUser, { time_zone: 'Mars/Olympus' });
    const after = await local.api<HistoryAnswer>('GET', '/report/history', { token: superUser.accessToken });

    // Assess
    expect(none.status).toBe(404);
    expect(none.json().message).toBe(REPORT_MESSAGES.notFound);
    expect(bad.status).toBe(400);
    expect(bad.json().message).toBe('time_zone must be a time zone name such as America/New_York');
    expect(before.body.reports).toEqual([]);
    expect(after.body.reports).toHaveLength(1);
    // The provider's name is stored with the entry, also for a report that found nothing.
    expect(after.body.reports[0]).toMatchObject({
      userId: caseAdmin.sub,
      providerName: 'Admin Quill',
      status: 'error',
    });
  });
});

describe('the report history', () => {
  it("lists the caller's own reports, newest first, at most 10, with case counts and totals in dollars", async () => {
    // Prepare: 11 more reports by reportAdmin (1 error earlier, 1 success earlier), one by globalAdmin earlier
    for (let i = 0; i < 11; i++) {
      const res = await generate(reportAdmin, i % 2 === 0 ? {} : { user_id: provider1.sub });
      expect(res.status).toBe(200);
    }

    // Act
    const res = await local.api<HistoryAnswer>('GET', '/report/history', { token: reportAdmin.accessToken });
    const other = await local.api<HistoryAnswer>('GET', '/report/history', { token: globalAdmin.accessToken });

    // Assess
    expect(res.status).toBe(200);
    const reports = res.body.reports;
    expect(reports).toHaveLength(10);
    const times = reports.map((r) => r.generatedAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(new Set(reports.map((r) => r.id)).size).toBe(10);
    // The newest (i = 10): every provider, 4 cases, $2,260.06; the one before: provider1 only.
    expect(reports[0]).toMatchObject({
      status: 'success',
      userId: '',
      providerName: '',
      case_count: 4,
      total: 2260.06,
    });
    expect(reports[1]).toMatchObject({
      status: 'success',
      userId: provider1.sub,
      providerName: 'Ada Quill',
      case_count: 2,
      total: 2234.56,
    });
    expect(reports[0]!.filename).toMatch(/^provider-payment-report_all_.*\.pdf$/);
    expect(other.body.reports).toHaveLength(1);
    expect(other.body.reports[0]).toMatchObject({
      userId: provider2.sub,
      providerName: 'Bram Oakes',
      status: 'success',
      case_count: 2,
    });
  });

  it("answers '' as the provider name of an entry kept before names were stored", async () => {
    // Prepare: an entry as older code wrote it (no target_name), before superUser's 404 entry
    await recordReport({
      callerId: superUser.sub,
      reportType: 'provider-payment',
      targetUserId: provider1.sub,
      targetName: '',
      generatedAt: new Date(BASE_MS),
      status: 'success',
      filename: 'provider-payment-report_old.pdf',
      caseCount: 1,
      totalCents: 100,
    });

    // Act
    const res = await local.api<HistoryAnswer>('GET', '/report/history', { token: superUser.accessToken });

    // Assess
    expect(res.body.reports.map((r) => [r.userId, r.providerName])).toEqual([
      [caseAdmin.sub, 'Admin Quill'],
      [provider1.sub, ''],
    ]);
  });

  it('downloads a kept report again, the same file, for its maker only; errors and older entries offer none', async () => {
    // Prepare: a fresh report by globalAdmin; superUser holds an error entry and one kept before files were.
    const made = await generate(globalAdmin, { user_id: provider2.sub });
    expect(made.status).toBe(200);
    const mine = (await local.api<HistoryAnswer>('GET', '/report/history', { token: globalAdmin.accessToken })).body
      .reports[0]!;
    const superEntries = (await local.api<HistoryAnswer>('GET', '/report/history', { token: superUser.accessToken }))
      .body.reports;
    const download = (u: TestUser, id: string) =>
      local.api<{ url: string; filename: string; expires_in: number; message?: string }>('GET', '/report/download', {
        token: u.accessToken,
        query: { id },
      });

    // Act
    const again = await download(globalAdmin, mine.id);
    const file = await fetch(again.body.url);
    const bytes = new Uint8Array(await file.arrayBuffer());
    const byAnother = await download(reportAdmin, mine.id);
    const ofError = await download(superUser, superEntries[0]!.id);
    const ofOlder = await download(superUser, superEntries[1]!.id);
    const noId = await download(globalAdmin, ' ');

    // Assess
    expect(mine).toMatchObject({ status: 'success', downloadable: true });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ filename: mine.filename, expires_in: REPORT_DOWNLOAD_TTL_SECONDS });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toContain(`filename="${mine.filename}"`);
    expect(Buffer.from(bytes).equals(Buffer.from(made.bytes))).toBe(true);
    expect(superEntries.map((r) => r.downloadable)).toEqual([false, false]);
    for (const refused of [byAnother, ofError, ofOlder]) {
      expect(refused.status).toBe(404);
      expect(refused.body.message).toBe(REPORT_MESSAGES.reportNotFound);
    }
    expect(noId.status).toBe(400);
  });
});

describe('reading the Paid cases', () => {
  it('reads every page of the lists to the end, one provider or all, over several months', async () => {
    // Prepare: 5 more Paid cases of provider1 across months (7 in all, 9 over both providers)
    for (let i = 0; i < 5; i++)
      await seedCase(provider1.sub, { last: `Page${i}`, status: 20, payCents: 100, daysAgo: i * 20 });

    // Act
    const one = await collectPaidCases(provider1.sub, { pageSize: 2 });
    const all = await collectPaidCases(undefined, { pageSize: 2 });

    // Assess
    expect(one.caseCount).toBe(7);
    expect(one.pagesRead).toBeGreaterThanOrEqual(4);
    expect(all.caseCount).toBe(9);
    expect(all.providers.map((p) => p.name)).toEqual(['Ada Quill', 'Bram Oakes']);
    expect(all.providers[0]!.cases).toHaveLength(7);
    expect(all.totalCents).toBe(226_006 + 500);
    expect(new Set(all.providers.flatMap((p) => p.cases.map((c) => c.case_id))).size).toBe(9);
  });

  it('refuses a report over the case limit with 413 before building it', async () => {
    // Act
    const run = collectPaidCases(undefined, { pageSize: 2, maxCases: 3 });

    // Assess
    await expect(run).rejects.toMatchObject({ name: 'PayloadTooLargeError' });
  });

  it('keeps every page of a PDF readable with the page numbers', async () => {
    // Act
    const res = await generate(reportAdmin);

    // Assess
    const pages = pdfTextPages(res.bytes);
    expect(pages.length).toBeGreaterThanOrEqual(1);
    expect(pages[pages.length - 1]).toContain(`Page ${pages.length} of ${pages.length}`);
  });
});
