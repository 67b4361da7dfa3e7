/**
 * Case numbers through the local gateway and the real emulators (docs/decisions/0022-case-numbers.md):
 * cases created at the same moment get different numbers, a number is never handed out again after
 * a delete (soft or for good), every answer that carries a case carries its number (one case, a list
 * row, a deleted case, an audit entry, the dispute desk's rows), and the numbering of older cases gives them numbers in
 * creation order, above every number in use, once.
 */
import './quiet';
import { CASE_NUMBER_PATTERN, parseCaseNumber } from '../../../shared/case-number';
import {
  createCase,
  deleteCase as repoDeleteCase,
  getCase,
  purgeDeletedCase,
} from '../../../lambdas/data/case/repository';
import { numberExistingCases } from '../../../lambdas/data/case/numbering';
import { readCaseNumberCounter } from '../../../lambdas/data/counters/case-numbers';
import { addCalendarDays, todayInNewYork } from '../../../lambdas/data/dispute/calendar';
import { useLocalStack, type TestUser } from '../../support/local';
import { caseBody, ownSurgeonAndFacility, signedInAdmin, signedInProvider, type Refs } from './support';

jest.setTimeout(120_000);

const local = useLocalStack();

interface ApiCase {
  case_id: string;
  case_number: string | null;
}

let owner: TestUser;
let globalAdmin: TestUser;
let caseAdmin: TestUser;
let refs: Refs;

beforeAll(async () => {
  [owner, globalAdmin, caseAdmin] = await Promise.all([
    signedInProvider(local),
    signedInAdmin(local, 100),
    signedInAdmin(local, 10),
  ]);
  refs = await ownSurgeonAndFacility(local, owner);
});

async function newCase(overrides: Record<string, unknown> = {}): Promise<ApiCase> {
  const res = await local.api<{ case: ApiCase }>('POST', '/case', {
    token: owner.accessToken,
    body: caseBody(refs, overrides),
  });
  if (res.status !== 201) throw new Error(`create failed ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.case;
}

const numberOf = (c: { case_number?: string | null }) => parseCaseNumber(c.case_number) ?? 0;

describe('case numbers', () => {
  it('gives cases created at the same moment different numbers, in every answer that carries them', async () => {
    // Act
    const made = await Promise.all([newCase(), newCase(), newCase(), newCase()]);

    // Assess
    expect(made.every((c) => CASE_NUMBER_PATTERN.test(c.case_number ?? ''))).toBe(true);
    expect(new Set(made.map((c) => c.case_number)).size).toBe(4);
    const one = await local.api<{ case: ApiCase }>('GET', `/case?case_id=${encodeURIComponent(made[0]!.case_id)}`, {
      token: owner.accessToken,
    });
    expect(one.body.case.case_number).toBe(made[0]!.case_number);
    const list = await local.api<{ cases: ApiCase[] }>('GET', '/case?limit=10', { token: owner.accessToken });
    const rows = new Map(list.body.cases.map((c) => [c.case_id, c.case_number]));
    for (const c of made) expect(rows.get(c.case_id)).toBe(c.case_number);
    const audit = await local.api<{ entries: { case_id?: string; case_number?: string | null }[] }>(
      'GET',
      `/audit?case_id=${encodeURIComponent(made[0]!.case_id)}`,
      { token: globalAdmin.accessToken },
    );
    expect(audit.status).toBe(200);
    expect(audit.body.entries.length).toBeGreaterThan(0);
    expect(audit.body.entries.every((e) => e.case_number === made[0]!.case_number)).toBe(true);
  });

  it("shows the number in the dispute desk's rows: the deadline queue and the awards", async () => {
    // Prepare: a case with an unpaid award (the queue then holds its award payment deadline)
    const daysAgo = (n: number) => addCalendarDays(todayInNewYork(), -n);
    const c = await newCase({ case_date: daysAgo(300) });
    const events = [
      { type: 'bill_sent', date: daysAgo(240) },
      { type: 'initial_payment_received', date: daysAgo(220), amount: 100 },
      { type: 'open_negotiation_sent', date: daysAgo(210) },
      { type: 'idr_initiated', date: daysAgo(150) },
      { type: 'entity_selected', date: daysAgo(145), entity_name: 'Maximus', selected_by: 'joint' },
      { type: 'determination', date: daysAgo(40), amount: 2500, prevailing_party: 'provider' },
    ];
    for (const event of events) {
      const res = await local.api('POST', '/dispute/event', {
        token: caseAdmin.accessToken,
        body: { case_id: c.case_id, ...event },
      });
      expect(res.status).toBe(200);
    }

    // Act
    const queue = await local.api<{ items: ApiCase[] }>('GET', '/dispute/queue', {
      token: caseAdmin.accessToken,
      query: { user_id: owner.sub },
    });
    const awards = await local.api<{ items: ApiCase[]; next_cursor?: string }>('GET', '/dispute/awards', {
      token: caseAdmin.accessToken,
      query: { state: 'overdue', limit: 100 },
    });

    // Assess
    expect(queue.body.items.find((i) => i.case_id === c.case_id)?.case_number).toBe(c.case_number);
    expect(awards.body.items.find((i) => i.case_id === c.case_id)?.case_number).toBe(c.case_number);
  });

  it('never hands a number out again, after a soft delete or a purge', async () => {
    // Prepare
    const first = await newCase();
    const del = await local.api('DELETE', `/case?case_id=${encodeURIComponent(first.case_id)}`, {
      token: owner.accessToken,
    });
    expect(del.status).toBe(200);

    // Act
    const afterDelete = await newCase();
    const deleted = await local.api<{ cases: ApiCase[]; next_cursor?: string }>('GET', '/case/deleted?limit=50', {
      token: globalAdmin.accessToken,
    });
    await purgeDeletedCase((await getCase(first.case_id, true, { includeDeleted: true }))!);
    const afterPurge = await newCase();

    // Assess
    expect(deleted.body.cases.find((c) => c.case_id === first.case_id)?.case_number).toBe(first.case_number);
    expect(numberOf(afterDelete)).toBeGreaterThan(numberOf(first));
    expect(numberOf(afterPurge)).toBeGreaterThan(numberOf(afterDelete));
  });

  it('numbers older cases in creation order, live and deleted, above every number in use, once', async () => {
    // Prepare: three cases without numbers, written out of creation order, one of them deleted
    const base = Date.parse('2025-03-01T09:00:00.000Z') + Math.floor(Math.random() * 1_000_000) * 1000;
    const input = (ms: number) => ({
      user_id: owner.sub,
      case_id: `${owner.sub}_${ms}`,
      case_date: '2025-03-01',
      surgeon_id: refs.surgeonId,
      facility_id: refs.facilityId,
      patient_first: 'Old',
      patient_last: 'Numbering',
      ins_provider: 'Aetna',
      created_at: new Date(ms).toISOString(),
    });
    const order = [base + 2000, base, base + 1000];
    for (const ms of order) await createCase(input(ms), { numbered: false, retryOnCollision: false });
    await repoDeleteCase(`${owner.sub}_${base + 1000}`);
    const counterBefore = await readCaseNumberCounter();

    // Act
    const first = await numberExistingCases();
    const numbers = await Promise.all(
      [base, base + 1000, base + 2000].map(async (ms) =>
        numberOf((await getCase(`${owner.sub}_${ms}`, true, { includeDeleted: true }))!),
      ),
    );
    const second = await numberExistingCases();
    const again = await Promise.all(
      [base, base + 1000, base + 2000].map(async (ms) =>
        numberOf((await getCase(`${owner.sub}_${ms}`, true, { includeDeleted: true }))!),
      ),
    );
    const next = await newCase();

    // Assess
    expect(first.numbered).toBe(3);
    expect(numbers[0]).toBeGreaterThan(counterBefore);
    expect(numbers[1]).toBe(numbers[0]! + 1);
    expect(numbers[2]).toBe(numbers[0]! + 2);
    expect(second.numbered).toBe(0);
    expect(again).toEqual(numbers);
    expect(await readCaseNumberCounter()).toBeGreaterThanOrEqual(numbers[2]!);
    expect(numberOf(next)).toBeGreaterThan(numbers[2]!);
  });
});
