/**
 * The dispute desk through the local gateway, Cognito tokens and dynalite: the calculator, a case's
 * dispute (who may read it), recording and deleting events (who may, bad input that writes nothing,
 * the case's forward-only status moves), the deadline queue and the awards list (filters, paging),
 * and the dispute counts of GET /case/stats. Dates are relative to today in America/New_York; the
 * expected deadlines come from the engine (shared/dispute), which its own unit tests check.
 */
import './quiet';
import { computeDeadlines, nextDeadline, type Deadline } from '../../../shared/dispute';
import { addCalendarDays, todayInNewYork } from '../../../lambdas/data/dispute/calendar';
import { getCase, indexAttributes } from '../../../lambdas/data/case/repository';
import { getDispute } from '../../../lambdas/data/dispute/repository';
import type { StatusHistoryEntry } from '../../../shared/workflow';
import { useLocalStack, type TestUser } from '../../support/local';
import { caseBody, ownSurgeonAndFacility, signedInAdmin, signedInProvider, type Refs } from './support';

jest.setTimeout(120_000);

const local = useLocalStack();

interface ErrorAnswer {
  message: string;
  errors?: { field: string; message: string }[];
}
interface DisputeAnswer {
  case_id: string;
  events: { event_id: string; type: string; date: string; amount?: number; recorded_by: string; recorded_at: string }[];
  deleted_events: { event_id: string; delete_reason?: string; deleted_by?: string }[];
  amounts: Record<string, number | null>;
  payer_name: string | null;
  deadlines: Deadline[];
  next_deadline: Deadline | null;
  medicare_benchmark: unknown;
}
interface QueueAnswer {
  items: {
    case_id: string;
    user_id: string;
    owner_name: string;
    patient_last: string;
    payer_name: string;
    case_status: number;
    step: string;
    due: string;
    state: string;
  }[];
  next_cursor?: string;
}
interface AwardsAnswer {
  items: {
    case_id: string;
    owner_name: string;
    determination_date: string;
    award: number;
    paid: number;
    award_payment_due: string;
    days_overdue: number;
  }[];
  next_cursor?: string;
  totals: { awarded: number; paid: number; unpaid: number; overdue_count: number };
}
interface StatsAnswer {
  disputes: { open: number; due_soon: number; overdue: number; awards_unpaid: number; awards_unpaid_amount: number };
}

const today = todayInNewYork();
const daysAgo = (n: number) => addCalendarDays(today, -n);

let owner: TestUser;
let other: TestUser;
let admin: TestUser;
let refs: Refs;

beforeAll(async () => {
  [owner, other, admin] = await Promise.all([
    signedInProvider(local, { first_name: 'Dana', last_name: 'Owner' }),
    signedInProvider(local),
    signedInAdmin(local, 10),
  ]);
  refs = await ownSurgeonAndFacility(local, owner);
});

/** A new case of `owner`, its date `caseDaysAgo` days before today. */
async function newCase(caseDaysAgo = 200, last = 'Doe'): Promise<string> {
  const res = await local.api<{ case: { case_id: string } }>('POST', '/case', {
    token: owner.accessToken,
    body: caseBody(refs, { case_date: daysAgo(caseDaysAgo), patient: { first: 'Pat', last, ins_provider: 'Aetna' } }),
  });
  if (res.status !== 201) throw new Error(`case create failed: ${res.status}`);
  return res.body.case.case_id;
}

function record(caseId: string, event: Record<string, unknown>, user: TestUser = admin) {
  return local.api<DisputeAnswer & ErrorAnswer>('POST', '/dispute/event', {
    token: user.accessToken,
    body: { case_id: caseId, ...event },
  });
}

async function recordAll(caseId: string, events: Record<string, unknown>[]): Promise<DisputeAnswer> {
  let last: DisputeAnswer | undefined;
  for (const event of events) {
    const res = await record(caseId, event);
    if (res.status !== 200)
      throw new Error(`record ${String(event.type)} failed: ${res.status} ${JSON.stringify(res.body)}`);
    last = res.body;
  }
  return last!;
}

function read(caseId: string, user: TestUser = admin) {
  return local.api<DisputeAnswer & ErrorAnswer>('GET', '/dispute', {
    token: user.accessToken,
    query: { case_id: caseId },
  });
}

describe('POST /dispute/calculate', () => {
  it('answers every deadline whose basis is given, for any signed-in user, and stores nothing', async () => {
    // Prepare
    const events = [
      { type: 'bill_sent', date: '2024-04-01' },
      { type: 'idr_initiated', date: '2024-07-19' },
    ];
    // Act
    const res = await local.api<{ deadlines: Deadline[] }>('POST', '/dispute/calculate', {
      token: other.accessToken,
      body: { events, as_of: '2024-07-22' },
    });
    // Assess
    expect(res.status).toBe(200);
    expect(res.body.deadlines).toEqual(computeDeadlines(events as never, { asOf: '2024-07-22' }));
    expect(res.body.deadlines.map((d) => d.step)).toEqual(
      expect.arrayContaining(['initial_payment_due', 'entity_selection_joint_due']),
    );
  });

  it('refuses an unknown event type or an impossible date with 400 naming the field', async () => {
    // Act
    const unknown = await local.api<ErrorAnswer>('POST', '/dispute/calculate', {
      token: other.accessToken,
      body: { events: [{ type: 'paid_in_full', date: '2024-04-01' }] },
    });
    const impossible = await local.api<ErrorAnswer>('POST', '/dispute/calculate', {
      token: other.accessToken,
      body: { events: [{ type: 'bill_sent', date: '2024-02-30' }] },
    });
    // Assess
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors?.[0]?.field).toMatch(/^events\.0(\.type)?$/);
    expect(impossible.status).toBe(400);
    expect(impossible.body.errors?.[0]?.field).toBe('events.0.date');
  });
});

describe('GET /dispute', () => {
  it('answers a case without events with empty lists and null amounts, to its owner and back office only', async () => {
    // Prepare
    const caseId = await newCase();
    // Act
    const byOwner = await read(caseId, owner);
    const byAdmin = await read(caseId, admin);
    const byOther = await read(caseId, other);
    const missing = await read(`${owner.sub}_1`, admin);
    const noId = await local.api<ErrorAnswer>('GET', '/dispute', { token: admin.accessToken });
    // Assess
    expect(byOwner.status).toBe(200);
    expect(byOwner.body).toEqual({
      success: true,
      case_id: caseId,
      events: [],
      deleted_events: [],
      amounts: {
        billed: null,
        initial_payment: null,
        qpa: null,
        provider_offer: null,
        payer_offer: null,
        settlement: null,
        award: null,
        award_paid: null,
      },
      dispute_reference: null,
      payer_name: null,
      payer_contact: null,
      deadlines: [],
      next_deadline: null,
      medicare_benchmark: expect.anything(),
    });
    // The benchmark covers each of the case's codes (27447, 29881): priced from the catalog's RVUs,
    // or listed missing where the shared runtime's catalog has only the starter labels.
    const benchmark = byOwner.body.medicare_benchmark as { per_code: { code: string }[]; missing_codes: string[] };
    expect([...benchmark.per_code.map((c) => c.code), ...benchmark.missing_codes].sort()).toEqual(['27447', '29881']);
    expect(byAdmin.body).toEqual(byOwner.body);
    expect(byOther.status).toBe(404);
    expect(missing.status).toBe(404);
    expect(noId.status).toBe(400);
    expect(noId.body.errors).toEqual([{ field: 'case_id', message: 'case_id is required' }]);
  });
});

describe('POST /dispute/event', () => {
  it('records an event with who and when, amounts in dollars (cents stored), and the engine deadlines', async () => {
    // Prepare
    const caseId = await newCase();
    const events = [
      { type: 'bill_sent', date: daysAgo(60) },
      { type: 'initial_payment_received', date: daysAgo(40), amount: 1234.56 },
    ];
    // Act
    await record(caseId, { ...events[0], billed_amount: 9800.1, qpa: 2100, payer_name: 'Northwind Health' });
    const res = await record(caseId, events[1]!);
    // Assess
    expect(res.status).toBe(200);
    expect(res.body.events).toEqual([
      expect.objectContaining({ event_id: 'ev-000001', type: 'bill_sent', recorded_by: admin.sub }),
      expect.objectContaining({ event_id: 'ev-000002', type: 'initial_payment_received', amount: 1234.56 }),
    ]);
    expect(Math.abs(Date.parse(res.body.events[1]!.recorded_at) - Date.now())).toBeLessThan(60_000);
    expect(res.body.amounts).toMatchObject({ billed: 9800.1, qpa: 2100, initial_payment: 1234.56, award: null });
    expect(res.body.payer_name).toBe('Northwind Health');
    const expected = computeDeadlines(events as never, { asOf: today });
    expect(res.body.deadlines).toEqual(expected);
    expect(res.body.next_deadline).toEqual(nextDeadline(expected));
    const stored = await getDispute(caseId);
    expect(stored.events[1]).toMatchObject({ amount_cents: 123456 });
    expect(stored.record).toMatchObject({ billed_amount_cents: 980010, qpa_cents: 210000 });
  });

  it('refuses providers, even the owner, with 403, and a missing case with 404', async () => {
    // Prepare
    const caseId = await newCase();
    // Act
    const byOwner = await record(caseId, { type: 'bill_sent', date: daysAgo(10) }, owner);
    const missing = await record(`${owner.sub}_1`, { type: 'bill_sent', date: daysAgo(10) });
    // Assess
    expect(byOwner.status).toBe(403);
    expect(missing.status).toBe(404);
    expect((await read(caseId)).body.events).toEqual([]);
  });

  it.each([
    ['an unknown type', { type: 'paid_in_full', date: '2026-03-01' }, 'type'],
    ['a date that does not exist', { type: 'bill_sent', date: '2026-02-30' }, 'date'],
    ['a date after today', { type: 'bill_sent', date: addCalendarDays(todayInNewYork(), 1) }, 'date'],
    ['a date before the case date', { type: 'bill_sent', date: addCalendarDays(todayInNewYork(), -201) }, 'date'],
    [
      'a negative amount',
      { type: 'initial_payment_received', date: addCalendarDays(todayInNewYork(), -5), amount: -1 },
      'amount',
    ],
    [
      'an amount above the limit',
      { type: 'initial_payment_received', date: addCalendarDays(todayInNewYork(), -5), amount: 10_000_000.01 },
      'amount',
    ],
    [
      'an event whose prerequisite is missing',
      {
        type: 'entity_selected',
        date: addCalendarDays(todayInNewYork(), -5),
        entity_name: 'Maximus',
        selected_by: 'joint',
      },
      'type',
    ],
  ])('refuses %s with 400 naming the field and writes nothing', async (_what, event, field) => {
    // Prepare
    const caseId = await newCase();
    const before = await getCase(caseId);
    // Act
    const res = await record(caseId, event);
    // Assess
    expect(res.status).toBe(400);
    expect(res.body.errors?.[0]?.field).toBe(field);
    expect(await getDispute(caseId)).toEqual({ events: [] });
    expect(await getCase(caseId)).toEqual(before);
  });

  it('moves the case forward with a history entry naming the event, and never back', async () => {
    // Prepare
    const caseId = await newCase();
    await recordAll(caseId, [{ type: 'bill_sent', date: daysAgo(90) }]);
    // Act
    await record(caseId, { type: 'denial_received', date: daysAgo(80) });
    const at40 = await getCase(caseId);
    await record(caseId, { type: 'open_negotiation_sent', date: daysAgo(70) });
    const at50 = await getCase(caseId);
    const put = await local.api('PUT', '/case', {
      token: admin.accessToken,
      body: { case_id: caseId, case_status: 70 },
    });
    await record(caseId, { type: 'open_negotiation_filed', date: daysAgo(69) });
    await record(caseId, { type: 'idr_initiated', date: daysAgo(20) });
    const after = await getCase(caseId);
    // Assess
    expect(at40?.case_status).toBe(40);
    expect(at40?.status_history?.at(-1)).toMatchObject({
      from: 0,
      to: 40,
      by: admin.sub,
      why: 'auto',
      reason: `Dispute event recorded: denial_received (${daysAgo(80)})`,
    } satisfies Partial<StatusHistoryEntry>);
    // The move restarts the days in status and moves every status key (the status lists and their order).
    expect(at40?.status_changed_at).toBe(at40?.status_history?.at(-1)?.at);
    expect(at40).toMatchObject(indexAttributes(at40!));
    expect(at50?.case_status).toBe(50);
    expect(at50).toMatchObject(indexAttributes(at50!));
    expect(put.status).toBe(200);
    // idr_initiated moves to 70: the case is already there, so nothing moves and no entry is added.
    expect(after?.case_status).toBe(70);
    expect(after?.status_history?.length).toBe((at50?.status_history?.length ?? 0) + 1);
  });
});

describe('DELETE /dispute/event', () => {
  it('keeps a deleted event with who and why, recomputes the deadlines, and does not move the case back', async () => {
    // Prepare
    const caseId = await newCase();
    await recordAll(caseId, [
      { type: 'bill_sent', date: daysAgo(90) },
      { type: 'initial_payment_received', date: daysAgo(60), amount: 500 },
    ]);
    // Act
    const res = await local.api<DisputeAnswer>('DELETE', '/dispute/event', {
      token: admin.accessToken,
      query: { case_id: caseId, event_id: 'ev-000002', reason: 'Entered on the wrong case' },
    });
    const again = await local.api<ErrorAnswer>('DELETE', '/dispute/event', {
      token: admin.accessToken,
      query: { case_id: caseId, event_id: 'ev-000002', reason: 'Twice' },
    });
    // Assess
    expect(res.status).toBe(200);
    expect(res.body.events.map((e) => e.event_id)).toEqual(['ev-000001']);
    expect(res.body.deleted_events).toEqual([
      expect.objectContaining({
        event_id: 'ev-000002',
        delete_reason: 'Entered on the wrong case',
        deleted_by: admin.sub,
      }),
    ]);
    expect(res.body.amounts.initial_payment).toBeNull();
    expect(res.body.deadlines).toEqual(computeDeadlines([{ type: 'bill_sent', date: daysAgo(90) }], { asOf: today }));
    expect(again.status).toBe(404);
    expect((await getCase(caseId))?.case_status).toBe(40);
  });

  it('refuses providers with 403, a missing reason with 400 and an unknown event with 404', async () => {
    // Prepare
    const caseId = await newCase();
    await recordAll(caseId, [{ type: 'bill_sent', date: daysAgo(30) }]);
    const del = (user: TestUser, query: Record<string, string>) =>
      local.api<ErrorAnswer>('DELETE', '/dispute/event', {
        token: user.accessToken,
        query: { case_id: caseId, ...query },
      });
    // Act
    const byOwner = await del(owner, { event_id: 'ev-000001', reason: 'x' });
    const noReason = await del(admin, { event_id: 'ev-000001' });
    const unknown = await del(admin, { event_id: 'ev-000009', reason: 'x' });
    // Assess
    expect(byOwner.status).toBe(403);
    expect(noReason.status).toBe(400);
    expect(noReason.body.errors).toEqual([{ field: 'reason', message: 'reason is required' }]);
    expect(unknown.status).toBe(404);
    expect((await read(caseId)).body.events).toHaveLength(1);
  });
});

describe('GET /dispute/queue and GET /dispute/awards, and the counts of GET /case/stats', () => {
  let queueOwner: TestUser;
  let queueRefs: Refs;
  const cases: { id: string; next: Deadline }[] = [];
  let overdueAward: string;
  let paidAward: string;
  let statsBefore: StatsAnswer['disputes'];

  async function caseOf(user: TestUser, last: string): Promise<string> {
    const res = await local.api<{ case: { case_id: string } }>('POST', '/case', {
      token: user.accessToken,
      body: caseBody(queueRefs, { case_date: daysAgo(300), patient: { first: 'Lee', last, ins_provider: 'Aetna' } }),
    });
    return res.body.case.case_id;
  }

  async function stats(): Promise<StatsAnswer['disputes']> {
    const res = await local.api<StatsAnswer>('GET', '/case/stats', {
      token: admin.accessToken,
      query: { range: 'all', user_id: queueOwner.sub },
    });
    expect(res.status).toBe(200);
    return res.body.disputes;
  }

  beforeAll(async () => {
    queueOwner = await signedInProvider(local, { first_name: 'Quinn', last_name: 'Queue' });
    queueRefs = await ownSurgeonAndFacility(local, queueOwner);
    statsBefore = await stats();
    // Initial payments received from 100 to 10 days ago: open negotiation deadlines from long past to weeks ahead.
    for (const [i, ago] of [100, 70, 45, 38, 30, 10].entries()) {
      const id = await caseOf(queueOwner, `Queue${i}`);
      const answer = await recordAll(id, [
        { type: 'bill_sent', date: daysAgo(ago + 20), payer_name: `Payer ${i}` },
        { type: 'initial_payment_received', date: daysAgo(ago), amount: 100 },
      ]);
      cases.push({ id, next: answer.next_deadline! });
    }
    const awardSteps = (determinationAgo: number) => [
      { type: 'bill_sent', date: daysAgo(determinationAgo + 200) },
      { type: 'initial_payment_received', date: daysAgo(determinationAgo + 180), amount: 100 },
      { type: 'open_negotiation_sent', date: daysAgo(determinationAgo + 170) },
      { type: 'idr_initiated', date: daysAgo(determinationAgo + 110) },
      { type: 'entity_selected', date: daysAgo(determinationAgo + 105), entity_name: 'Maximus', selected_by: 'joint' },
      { type: 'determination', date: daysAgo(determinationAgo), amount: 2500, prevailing_party: 'provider' },
    ];
    overdueAward = await caseOf(queueOwner, 'AwardLate');
    await recordAll(overdueAward, awardSteps(45));
    paidAward = await caseOf(queueOwner, 'AwardPaid');
    await recordAll(paidAward, [...awardSteps(40), { type: 'award_paid', date: daysAgo(35), amount: 2500 }]);
  });

  async function allPages<T extends { next_cursor?: string; items: unknown[] }>(
    path: string,
    query: Record<string, string | number>,
  ): Promise<{ pages: T[]; items: T['items'] }> {
    const pages: T[] = [];
    let cursor: string | undefined;
    do {
      const res = await local.api<T>('GET', path, {
        token: admin.accessToken,
        query: { ...query, ...(cursor ? { cursor } : {}) },
      });
      expect(res.status).toBe(200);
      pages.push(res.body);
      cursor = res.body.next_cursor;
    } while (cursor && pages.length < 50);
    return { pages, items: pages.flatMap((p) => p.items) as T['items'] };
  }

  it("pages one owner's queue soonest first, each case once, with its next deadline and the names", async () => {
    // Act
    const { pages, items } = await allPages<QueueAnswer>('/dispute/queue', { user_id: queueOwner.sub, limit: 2 });
    // Assess
    const mine = cases.map((c) => c.id);
    const ids = items.map((i) => i.case_id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(expect.arrayContaining(mine));
    expect(pages.every((p) => p.items.length <= 2)).toBe(true);
    expect(items.map((i) => i.due)).toEqual([...items.map((i) => i.due)].sort());
    for (const c of cases) {
      const row = items.find((i) => i.case_id === c.id)!;
      expect(row).toMatchObject({
        user_id: queueOwner.sub,
        owner_name: 'Quinn Queue',
        step: c.next.step,
        due: c.next.due,
        state: c.next.state,
        case_status: 40,
      });
      expect(row.payer_name).toMatch(/^Payer \d$/);
      expect(row.patient_last).toMatch(/^Queue\d$/);
    }
  });

  it('filters the queue by state, within business days and step, across every owner', async () => {
    // Act
    const overdue = await allPages<QueueAnswer>('/dispute/queue', { state: 'overdue', limit: 3 });
    const dueSoon = await allPages<QueueAnswer>('/dispute/queue', { state: 'due_soon' });
    const open = await allPages<QueueAnswer>('/dispute/queue', { state: 'open', limit: 3 });
    const step = await allPages<QueueAnswer>('/dispute/queue', { step: 'open_negotiation_initiation_due', limit: 3 });
    const within = await allPages<QueueAnswer>('/dispute/queue', { within_days: 0 });
    // Assess
    for (const c of cases) {
      const lists = { overdue: overdue.items, due_soon: dueSoon.items, open: open.items };
      for (const [state, list] of Object.entries(lists)) {
        expect(list.some((i) => i.case_id === c.id)).toBe(state === c.next.state);
      }
      expect(step.items.some((i) => i.case_id === c.id)).toBe(c.next.step === 'open_negotiation_initiation_due');
      expect(within.items.some((i) => i.case_id === c.id)).toBe(c.next.due <= today);
    }
    expect(overdue.items.every((i) => i.state === 'overdue' && i.due < today)).toBe(true);
    expect(open.items.every((i) => i.state === 'open')).toBe(true);
    expect(overdue.items.map((i) => i.due)).toEqual([...overdue.items.map((i) => i.due)].sort());
  });

  it('refuses providers and a bad filter', async () => {
    // Act
    const byProvider = await local.api('GET', '/dispute/queue', { token: owner.accessToken });
    const badStep = await local.api<ErrorAnswer>('GET', '/dispute/queue', {
      token: admin.accessToken,
      query: { step: 'lunch' },
    });
    const badCursor = await local.api<ErrorAnswer>('GET', '/dispute/queue', {
      token: admin.accessToken,
      query: { cursor: 'abc' },
    });
    const awardsByProvider = await local.api('GET', '/dispute/awards', { token: owner.accessToken });
    // Assess
    expect(byProvider.status).toBe(403);
    expect(badStep.status).toBe(400);
    expect(badStep.body.errors?.[0]?.field).toBe('step');
    expect(badCursor.status).toBe(400);
    expect(awardsByProvider.status).toBe(403);
  });

  it('lists unpaid, overdue and paid awards with the totals, page by page', async () => {
    // Act
    const unpaid = await allPages<AwardsAnswer>('/dispute/awards', { limit: 1 });
    const overdue = await allPages<AwardsAnswer>('/dispute/awards', { state: 'overdue', limit: 1 });
    const paid = await allPages<AwardsAnswer>('/dispute/awards', { state: 'paid', limit: 1 });
    // Assess
    const late = unpaid.items.find((a) => a.case_id === overdueAward);
    expect(late).toMatchObject({
      owner_name: 'Quinn Queue',
      determination_date: daysAgo(45),
      award: 2500,
      paid: 0,
      days_overdue: 15,
    });
    expect(late?.award_payment_due).toBe(daysAgo(15));
    expect(overdue.items.map((a) => a.case_id)).toContain(overdueAward);
    expect(overdue.items.every((a) => a.days_overdue > 0)).toBe(true);
    expect(unpaid.items.map((a) => a.case_id)).not.toContain(paidAward);
    expect(paid.items.find((a) => a.case_id === paidAward)).toMatchObject({ award: 2500, paid: 2500, days_overdue: 0 });
    const totals = unpaid.pages[0]!.totals;
    expect(totals.overdue_count).toBeGreaterThanOrEqual(1);
    expect(totals.awarded).toBeGreaterThanOrEqual(5000);
    expect(totals.paid).toBeGreaterThanOrEqual(2500);
    expect(unpaid.pages.every((p) => p.items.length <= 1)).toBe(true);
  });

  it("counts the owner's open, due-soon and overdue next deadlines and unpaid awards in GET /case/stats", async () => {
    // Act
    const after = await stats();
    // Assess
    const expected = { open: 0, due_soon: 0, overdue: 0 };
    const nexts = [
      ...cases.map((c) => c.next),
      (await read(overdueAward)).body.next_deadline,
      (await read(paidAward)).body.next_deadline,
    ];
    for (const next of nexts) if (next) expected[next.state as keyof typeof expected] += 1;
    expect(after).toEqual({
      open: statsBefore.open + expected.open,
      due_soon: statsBefore.due_soon + expected.due_soon,
      overdue: statsBefore.overdue + expected.overdue,
      awards_unpaid: statsBefore.awards_unpaid + 1,
      awards_unpaid_amount: statsBefore.awards_unpaid_amount + 2500,
    });
  });

  it('takes a soft-deleted case out of the dispute counts and puts it back on restore', async () => {
    // Prepare: the case of the overdue award, and its next deadline's state
    const before = await stats();
    const next = (await read(overdueAward)).body.next_deadline;
    const restorer = await signedInAdmin(local, 100);

    // Act
    const deleted = await local.api('DELETE', '/case', {
      token: queueOwner.accessToken,
      query: { case_id: overdueAward },
    });
    const whileDeleted = await stats();
    const refused = await record(overdueAward, { type: 'award_paid', date: today, amount: 2500 });
    const afterRefused = await stats();
    const restored = await local.api('POST', '/case/restore', {
      token: restorer.accessToken,
      body: { case_id: overdueAward },
    });
    const afterRestore = await stats();

    // Assess: out while deleted (its next deadline's state and its unpaid award), back exactly after
    expect([deleted.status, refused.status, restored.status]).toEqual([200, 404, 200]);
    const out = { ...before, awards_unpaid: before.awards_unpaid - 1 };
    out.awards_unpaid_amount = before.awards_unpaid_amount - 2500;
    if (next) out[next.state as 'open' | 'due_soon' | 'overdue'] -= 1;
    expect(whileDeleted).toEqual(out);
    expect(afterRefused).toEqual(out);
    expect(afterRestore).toEqual(before);
  });
});
