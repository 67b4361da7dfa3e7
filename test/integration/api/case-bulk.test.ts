/**
 * POST /case/bulk through the local gateway and the real emulators (docs/decisions/0025-bulk-and-undo.md):
 * each item is applied on its own with the single calls' rules (a move back needs a reason, unknown
 * cases 404, a stale version 409, bad values 400) and leaves the history and the counts the single
 * call would; every item has its own audit entry; a retried request repeats no move; only the back
 * office may call it, and a bad body changes nothing.
 */
import './quiet';
import type { AuditPage } from '../../../shared/schemas/audit';
import type { CaseBulkAnswer } from '../../../shared/schemas/case-bulk';
import type { StatusHistoryEntry } from '../../../shared/workflow';
import { useLocalStack, type TestUser } from '../../support/local';
import { caseBody, ownSurgeonAndFacility, signedInAdmin, signedInProvider, type Refs } from './support';

jest.setTimeout(120_000);

const local = useLocalStack();

interface ApiCase {
  case_id: string;
  case_status: number;
  pay_amount?: number;
  version: number;
  status_history: StatusHistoryEntry[];
}

const REASON_REQUIRED = 'A reason is required to move a case back to an earlier status';

let owner: TestUser;
let caseAdmin: TestUser;
let globalAdmin: TestUser;
let refs: Refs;

beforeAll(async () => {
  [owner, caseAdmin, globalAdmin] = await Promise.all([
    signedInProvider(local),
    signedInAdmin(local, 10),
    signedInAdmin(local, 100),
  ]);
  refs = await ownSurgeonAndFacility(local, owner);
});

async function newCase(): Promise<ApiCase> {
  const res = await local.api<{ case: ApiCase }>('POST', '/case', { token: owner.accessToken, body: caseBody(refs) });
  if (res.status !== 201) throw new Error(`create failed ${res.status}`);
  return res.body.case;
}

async function read(caseId: string): Promise<ApiCase> {
  const res = await local.api<{ case: ApiCase }>('GET', '/case', {
    token: caseAdmin.accessToken,
    query: { case_id: caseId },
  });
  return res.body.case;
}

const bulk = (user: TestUser, body: unknown) =>
  local.api<CaseBulkAnswer & { message?: string }>('POST', '/case/bulk', { token: user.accessToken, body });

describe('POST /case/bulk', () => {
  it('moves each case on its own with the single call rules and says how each ended', async () => {
    // Prepare
    const [a, b0, c] = await Promise.all([newCase(), newCase(), newCase()]);
    const put = (caseId: string, status: number) =>
      local.api<{ case: ApiCase }>('PUT', '/case', {
        token: caseAdmin.accessToken,
        body: { case_id: caseId, case_status: status },
      });
    const [b] = await Promise.all([put(b0.case_id, 30).then((r) => r.body.case), put(c.case_id, 30)]);

    // Act
    const res = await bulk(caseAdmin, {
      action: 'status',
      items: [
        { case_id: a.case_id, case_status: 30 },
        { case_id: 'no-such-case', case_status: 30 },
        { case_id: c.case_id, case_status: 20 },
        { case_id: b!.case_id, case_status: 20, reason: 'Missing signature', version: b!.version },
        { case_id: `${a.case_id}x`, case_status: 35 },
      ],
    });

    // Assess
    expect(res.status).toBe(200);
    expect(res.body.results).toEqual([
      { case_id: a.case_id, ok: true, status: 200 },
      { case_id: 'no-such-case', ok: false, status: 404, message: 'Case not found' },
      { case_id: c.case_id, ok: false, status: 400, message: REASON_REQUIRED },
      { case_id: b!.case_id, ok: true, status: 200 },
      {
        case_id: `${a.case_id}x`,
        ok: false,
        status: 400,
        message: 'case_status must be one of 0, 10, 20, 30, 40, 50, 60, 70, 80, 90',
      },
    ]);
    const [afterA, afterB, afterC] = await Promise.all([read(a.case_id), read(b!.case_id), read(c.case_id)]);
    expect(afterA.case_status).toBe(30);
    expect(afterA.status_history.at(-1)).toMatchObject({
      from: a.case_status,
      to: 30,
      by: caseAdmin.sub,
      why: 'manual',
    });
    expect(afterB.status_history.at(-1)).toMatchObject({
      from: 30,
      to: 20,
      reason: 'Missing signature',
      why: 'manual',
    });
    expect(afterC.case_status).toBe(30);
  });

  it('sets and removes pay amounts, refusing a bad amount or a stale version for that item only', async () => {
    // Prepare
    const [a, b, c] = await Promise.all([newCase(), newCase(), newCase()]);
    await local.api('PATCH', '/case', { token: caseAdmin.accessToken, body: { case_id: b.case_id, pay_amount: 10 } });

    // Act
    const res = await bulk(caseAdmin, {
      action: 'pay_amount',
      items: [
        { case_id: a.case_id, pay_amount: 1234.56, version: a.version },
        { case_id: b.case_id, pay_amount: null },
        { case_id: c.case_id, pay_amount: 12.345 },
        { case_id: (await newCase()).case_id, pay_amount: 5, version: 99 },
      ],
    });

    // Assess
    expect(res.body.results.map((r) => [r.ok, r.status])).toEqual([
      [true, 200],
      [true, 200],
      [false, 400],
      [false, 409],
    ]);
    expect(res.body.results[2]!.message).toMatch(/^pay_amount must be an amount in dollars/);
    const [afterA, afterB, afterC] = await Promise.all([read(a.case_id), read(b.case_id), read(c.case_id)]);
    expect(afterA.pay_amount).toBe(1234.56);
    expect(afterB.pay_amount).toBeUndefined();
    expect(afterC.pay_amount).toBeUndefined();
  });

  it('repeats no move when the same request is sent again', async () => {
    // Prepare
    const a = await newCase();
    const body = { action: 'status', items: [{ case_id: a.case_id, case_status: 20, version: a.version }] };
    await bulk(caseAdmin, body);

    // Act
    const again = await bulk(caseAdmin, body);

    // Assess
    expect(again.body.results).toEqual([{ case_id: a.case_id, ok: false, status: 409, message: expect.any(String) }]);
    expect((await read(a.case_id)).status_history.filter((h) => h.to === 20)).toHaveLength(1);
  });

  it('writes an audit entry per item, with its case and its own status', async () => {
    // Prepare
    const a = await newCase();

    // Act
    await bulk(caseAdmin, {
      action: 'status',
      items: [
        { case_id: a.case_id, case_status: 20 },
        { case_id: 'missing-case-for-audit', case_status: 20 },
      ],
    });

    // Assess
    const entries = async (caseId: string) =>
      (
        await local.api<AuditPage>('GET', '/audit', {
          token: globalAdmin.accessToken,
          query: { case_id: caseId, action: 'POST /case/bulk' },
        })
      ).body.entries;
    expect(await entries(a.case_id)).toEqual([
      expect.objectContaining({
        user_id: caseAdmin.sub,
        case_id: a.case_id,
        status: 200,
        outcome: 'allowed',
        case_status: 20,
      }),
    ]);
    expect(await entries('missing-case-for-audit')).toEqual([
      expect.objectContaining({ case_id: 'missing-case-for-audit', status: 404, outcome: 'failed' }),
    ]);
  });

  it('refuses providers with 403, and a bad body with 400, changing nothing', async () => {
    // Prepare
    const a = await newCase();
    const items = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ case_id: `${a.case_id}-${i}`, case_status: 10 }));

    // Act
    const provider = await bulk(owner, { action: 'status', items: [{ case_id: a.case_id, case_status: 10 }] });
    const unknownAction = await bulk(caseAdmin, { action: 'delete', items: [{ case_id: a.case_id }] });
    const tooMany = await bulk(caseAdmin, { action: 'status', items: items(101) });
    const none = await bulk(caseAdmin, { action: 'status', items: [] });
    const twice = await bulk(caseAdmin, {
      action: 'status',
      items: [
        { case_id: a.case_id, case_status: 10 },
        { case_id: a.case_id, case_status: 20 },
      ],
    });
    const mixed = await bulk(caseAdmin, {
      action: 'status',
      items: [{ case_id: a.case_id, case_status: 10, pay_amount: 5 }],
    });

    // Assess
    expect(provider.status).toBe(403);
    expect([unknownAction.status, tooMany.status, none.status, twice.status]).toEqual([400, 400, 400, 400]);
    expect(twice.body.message).toBe('Each case may appear only once in items');
    expect(mixed.body.results).toEqual([
      { case_id: a.case_id, ok: false, status: 400, message: "pay_amount is not taken by action 'status'" },
    ]);
    expect((await read(a.case_id)).version).toBe(a.version);
  });
});
