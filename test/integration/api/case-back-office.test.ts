/**
 * The back office's case calls through the local gateway, Cognito tokens and dynalite: PUT /case status moves with a reason for a move backwards and the history they
 * leave, PATCH /case pay_amount, the counts of GET /case/stats following both, and what a
 * back-office user can read and do on another owner's case (details, surgeon, facility, documents).
 */
import './quiet';
import { getCase } from '../../../lambdas/data/case/repository';
import { importStarterList } from '../../../lambdas/cpt_codes/starter';
import { setUserType } from '../../../lambdas/data/user/repository';
import type { UploadTicket } from '../../../shared';
import type { StatusHistoryEntry } from '../../../shared/workflow';
import { useLocalStack, type TestUser } from '../../support/local';
import { caseBody, ownSurgeonAndFacility, signedInProvider, type Refs } from './support';

jest.setTimeout(90_000);

const local = useLocalStack();

interface ApiCase {
  case_id: string;
  user_id: string;
  case_status: number;
  surgeon_id: string;
  facility_id: string;
  pay_amount?: number;
  version: number;
  note_file: string;
  status_history: StatusHistoryEntry[];
}
interface CaseAnswer {
  success: boolean;
  message: string;
  case: ApiCase;
}
interface ErrorAnswer {
  success: false;
  message: string;
  errors?: { field: string; message: string }[];
}
interface StatsAnswer {
  total_cases: number;
  total_revenue: number;
  pending_cases: number;
  incomplete_cases: number;
  by_status: Record<string, number>;
}

const REASON_REQUIRED = 'A reason is required to move a case back to an earlier status';

let owner: TestUser;
let other: TestUser;
let admin: TestUser;
let refs: Refs;

beforeAll(async () => {
  await importStarterList();
  [owner, other, admin] = await Promise.all([
    signedInProvider(local, { first_name: 'Olive', last_name: 'Owner' }),
    signedInProvider(local),
    signedInProvider(local, { first_name: 'Casey', last_name: 'Admin' }),
  ]);
  await setUserType(admin.sub, 10);
  refs = await ownSurgeonAndFacility(local, owner);
});

async function createCase(): Promise<ApiCase> {
  const res = await local.api<CaseAnswer>('POST', '/case', { token: owner.accessToken, body: caseBody(refs) });
  if (res.status !== 201) throw new Error(`create failed ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.case;
}

function putStatus(user: TestUser, body: Record<string, unknown>) {
  return local.api<CaseAnswer & ErrorAnswer>('PUT', '/case', { token: user.accessToken, body });
}

async function stats(query: Record<string, string> = { range: 'all' }): Promise<StatsAnswer> {
  const res = await local.api<StatsAnswer>('GET', '/case/stats', { token: admin.accessToken, query });
  expect(res.status).toBe(200);
  return res.body;
}

describe('PUT /case { case_id, case_status, reason? }', () => {
  it('moves a case forward without a reason and records from, to, who (with the name), when and why', async () => {
    // Prepare
    const c = await createCase();
    // Act
    const res = await putStatus(admin, { case_id: c.case_id, case_status: 20 });
    const read = await local.api<CaseAnswer>('GET', '/case', {
      token: admin.accessToken,
      query: { case_id: c.case_id },
    });
    // Assess
    expect(res.status).toBe(200);
    expect(res.body.case.case_status).toBe(20);
    expect(read.body.case.status_history).toEqual([
      { from: null, to: 0, by: owner.sub, by_name: 'Olive Owner', at: expect.any(String), why: 'auto' },
      { from: 0, to: 20, by: admin.sub, by_name: 'Casey Admin', at: expect.any(String), why: 'manual' },
    ]);
    const at = read.body.case.status_history[1]!.at;
    expect(Math.abs(Date.parse(at) - Date.now())).toBeLessThan(60_000);
  });

  it('keeps a reason given with a forward move', async () => {
    // Prepare
    const c = await createCase();
    // Act
    const res = await putStatus(admin, { case_id: c.case_id, case_status: 30, reason: '  Billing packet complete ' });
    // Assess
    expect(res.status).toBe(200);
    expect(res.body.case.status_history[1]).toMatchObject({ from: 0, to: 30, reason: 'Billing packet complete' });
  });

  it('refuses a move to a lower status without a reason, or with a blank one, with 400 and writes nothing', async () => {
    // Prepare
    const c = await createCase();
    await putStatus(admin, { case_id: c.case_id, case_status: 40 });
    const before = await getCase(c.case_id);
    // Act
    const missing = await putStatus(admin, { case_id: c.case_id, case_status: 20 });
    const blank = await putStatus(admin, { case_id: c.case_id, case_status: 20, reason: '   ' });
    const nulled = await putStatus(admin, { case_id: c.case_id, case_status: 0, reason: null });
    const tooLong = await putStatus(admin, { case_id: c.case_id, case_status: 20, reason: 'x'.repeat(501) });
    // Assess
    for (const res of [missing, blank, nulled]) {
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(REASON_REQUIRED);
      expect(res.body.errors).toEqual([{ field: 'reason', message: REASON_REQUIRED }]);
    }
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toBe('reason must be at most 500 characters');
    const after = await getCase(c.case_id);
    expect(after).toEqual(before);
  });

  it('moves a case back with a reason and keeps the reason in the history', async () => {
    // Prepare
    const c = await createCase();
    await putStatus(admin, { case_id: c.case_id, case_status: 40 });
    // Act
    const res = await putStatus(admin, {
      case_id: c.case_id,
      case_status: 10,
      reason: 'Payer asked for a corrected claim',
    });
    // Assess
    expect(res.status).toBe(200);
    expect(res.body.case.case_status).toBe(10);
    expect(res.body.case.status_history.slice(1)).toEqual([
      { from: 0, to: 40, by: admin.sub, by_name: 'Casey Admin', at: expect.any(String), why: 'manual' },
      {
        from: 40,
        to: 10,
        by: admin.sub,
        by_name: 'Casey Admin',
        at: expect.any(String),
        why: 'manual',
        reason: 'Payer asked for a corrected claim',
      },
    ]);
    expect((await getCase(c.case_id))?.user_status).toBe(`${owner.sub}#10`);
  });

  it('applies the same rule to a back-office PATCH that sets case_status', async () => {
    // Prepare
    const c = await createCase();
    await putStatus(admin, { case_id: c.case_id, case_status: 50 });
    // Act
    const refused = await local.api<ErrorAnswer>('PATCH', '/case', {
      token: admin.accessToken,
      body: { case_id: c.case_id, case_status: 20, patient_last: 'Changed' },
    });
    const moved = await local.api<CaseAnswer>('PATCH', '/case', {
      token: admin.accessToken,
      body: { case_id: c.case_id, case_status: 20, reason: 'Settlement reversed' },
    });
    // Assess
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(REASON_REQUIRED);
    expect(moved.status).toBe(200);
    expect(moved.body.case.status_history.at(-1)).toMatchObject({ from: 50, to: 20, reason: 'Settlement reversed' });
    expect((await getCase(c.case_id))?.patient_last).toBe('Doe');
  });

  it('refuses a provider with 403 even on their own case and with a reason, and an unknown case with 404', async () => {
    // Prepare
    const c = await createCase();
    // Act
    const provider = await putStatus(owner, { case_id: c.case_id, case_status: 20, reason: 'mine' });
    const unknown = await putStatus(admin, { case_id: `${owner.sub}_1700000000000`, case_status: 0, reason: 'x' });
    // Assess
    expect(provider.status).toBe(403);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Case not found');
    expect((await getCase(c.case_id))?.case_status).toBe(0);
  });
});

describe('PATCH /case pay_amount (dollars, stored as cents)', () => {
  it('lets the back office set it, stores integer cents, and refuses providers with 403', async () => {
    // Prepare
    const c = await createCase();
    // Act
    const set = await local.api<CaseAnswer>('PATCH', '/case', {
      token: admin.accessToken,
      body: { case_id: c.case_id, pay_amount: 1234.56 },
    });
    const provider = await local.api<ErrorAnswer>('PATCH', '/case', {
      token: owner.accessToken,
      body: { case_id: c.case_id, pay_amount: 1 },
    });
    const threeDecimals = await local.api<ErrorAnswer>('PATCH', '/case', {
      token: admin.accessToken,
      body: { case_id: c.case_id, pay_amount: 10.005 },
    });
    // Assess
    expect(set.status).toBe(200);
    expect(set.body.case.pay_amount).toBe(1234.56);
    expect(provider.status).toBe(403);
    expect(threeDecimals.status).toBe(400);
    const stored = await getCase(c.case_id);
    expect(stored?.pay_amount_cents).toBe(123_456);
    const ownerRead = await local.api<CaseAnswer>('GET', '/case', {
      token: owner.accessToken,
      query: { case_id: c.case_id },
    });
    expect(ownerRead.body.case.pay_amount).toBe(1234.56);
  });
});

describe('GET /case/stats follows status and pay changes', () => {
  it('moves the status counts on PUT and the revenue on PATCH, for all users and for the owner', async () => {
    // Prepare
    const c = await createCase();
    const allBefore = await stats();
    const ownerBefore = await stats({ range: 'all', user_id: owner.sub });
    // Act
    await putStatus(admin, { case_id: c.case_id, case_status: 20 });
    const afterPut = await stats();
    await local.api('PATCH', '/case', { token: admin.accessToken, body: { case_id: c.case_id, pay_amount: 150.25 } });
    const afterPatch = await stats();
    await putStatus(admin, { case_id: c.case_id, case_status: 0, reason: 'Missing signature' });
    const afterBack = await stats();
    const ownerAfter = await stats({ range: 'all', user_id: owner.sub });
    // Assess
    expect(afterPut.total_cases).toBe(allBefore.total_cases);
    expect(afterPut.by_status['0']).toBe(allBefore.by_status['0']! - 1);
    expect(afterPut.by_status['20']).toBe(allBefore.by_status['20']! + 1);
    expect(afterPut.pending_cases).toBe(allBefore.pending_cases + 1);
    expect(afterPut.incomplete_cases).toBe(allBefore.incomplete_cases - 1);
    expect(afterPatch.total_revenue).toBeCloseTo(allBefore.total_revenue + 150.25, 2);
    expect(afterBack.by_status['20']).toBe(allBefore.by_status['20']);
    expect(afterBack.by_status['0']).toBe(allBefore.by_status['0']);
    expect(afterBack.total_revenue).toBeCloseTo(allBefore.total_revenue + 150.25, 2);
    expect(ownerAfter.total_revenue).toBeCloseTo(ownerBefore.total_revenue + 150.25, 2);
    expect(ownerAfter.by_status).toEqual(ownerBefore.by_status);
  });

  it('leaves the counts alone when a move is refused', async () => {
    // Prepare
    const c = await createCase();
    await putStatus(admin, { case_id: c.case_id, case_status: 30 });
    const before = await stats();
    // Act
    const refused = await putStatus(admin, { case_id: c.case_id, case_status: 20 });
    // Assess
    expect(refused.status).toBe(400);
    expect(await stats()).toEqual(before);
  });
});

describe("the back office on another owner's case", () => {
  it('reads the case, its surgeon and facility, and attaches and reads a document; another provider cannot', async () => {
    // Prepare
    const c = await createCase();
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
    // Act
    const details = await local.api<CaseAnswer>('GET', '/case', {
      token: admin.accessToken,
      query: { case_id: c.case_id },
    });
    const surgeons = await local.api<{ surgeons: { surgeon_id: string }[] }>('GET', '/surgeon', {
      token: admin.accessToken,
      query: { user_id: owner.sub },
    });
    const facilities = await local.api<{ facilities: { facility_id: string }[] }>('GET', '/facility', {
      token: admin.accessToken,
      query: { user_id: owner.sub },
    });
    const ticket = await local.api<UploadTicket>('POST', '/document', {
      token: admin.accessToken,
      body: {
        case_id: c.case_id,
        slot: 'op_note',
        file_name: 'op.pdf',
        content_type: 'application/pdf',
        size: pdf.length,
      },
    });
    const put = await fetch(ticket.body.upload.url, {
      method: ticket.body.upload.method,
      headers: ticket.body.upload.headers,
      body: new Uint8Array(pdf),
    });
    const confirmed = await local.api<CaseAnswer>('POST', '/document/confirm', {
      token: admin.accessToken,
      body: { key: ticket.body.key },
    });
    const key = confirmed.body.case.note_file;
    const link = await local.api<{ url: string }>('GET', '/document', { token: admin.accessToken, query: { key } });
    const ownerLink = await local.api<{ url: string }>('GET', '/document', {
      token: owner.accessToken,
      query: { key },
    });
    const otherCase = await local.api('GET', '/case', { token: other.accessToken, query: { case_id: c.case_id } });
    const otherSurgeons = await local.api('GET', '/surgeon', {
      token: other.accessToken,
      query: { user_id: owner.sub },
    });
    const otherFacilities = await local.api('GET', '/facility', {
      token: other.accessToken,
      query: { user_id: owner.sub },
    });
    const otherLink = await local.api('GET', '/document', { token: other.accessToken, query: { key } });
    // Assess
    expect(details.status).toBe(200);
    expect(details.body.case.user_id).toBe(owner.sub);
    expect(surgeons.body.surgeons.map((s) => s.surgeon_id)).toContain(details.body.case.surgeon_id);
    expect(facilities.body.facilities.map((f) => f.facility_id)).toContain(details.body.case.facility_id);
    expect([ticket.status, put.status, confirmed.status]).toEqual([200, 200, 200]);
    expect(key).toContain(`private/case-documents/${owner.sub}/`);
    expect([link.status, ownerLink.status]).toEqual([200, 200]);
    expect(Buffer.from(await (await fetch(link.body.url)).arrayBuffer()).equals(pdf)).toBe(true);
    expect(otherCase.status).toBe(404);
    expect(otherSurgeons.status).toBe(403);
    expect(otherFacilities.status).toBe(403);
    expect(otherLink.status).toBe(404);
  });
});
