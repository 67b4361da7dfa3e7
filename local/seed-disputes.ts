/**
 * The demo disputes of the seed: provider1's cases in statuses 40 (Received Payment) to 90 (Closed)
 * get No Surprises Act disputes dated backwards from today in federal business days (the engine's
 * calendar, shared/dispute), so that the deadline queue holds overdue, due-soon and open deadlines
 * and the awards list paid, unpaid and overdue awards, whatever day the seed runs. Payers, amounts
 * and dispute numbers are fictitious. Each event is written as POST /dispute/event writes it: the
 * dispute data module's recordEvent, with the queue entry and award the dispute rules derive.
 */
import { createHash } from 'node:crypto';
import {
  addCalendarDays,
  businessCalendar,
  statusAfterEvent,
  type DisputeEventInput,
  type DisputeEventType,
} from '../shared/dispute';
import { getDispute, nextEventSeq, recordEvent } from '../lambdas/data/dispute/repository';
import { eventIdOf, type DisputeFields } from '../lambdas/data/dispute/items';
import { derive, fromEngineEvent, liveEvents } from '../lambdas/dispute/rules';
import { mulberry32 } from './nppes-registry';

/** One seeded case as the dispute plan sees it. */
export interface DisputeCase {
  caseId: string;
  userId: string;
  /** YYYY-MM-DD: no event is dated before it. */
  caseDate: string;
  status: number;
}

/** The dispute planned for one case: its events in recording order and its per-case fields (cents). */
export interface PlannedDispute {
  caseId: string;
  userId: string;
  /** What the scenario aims at (for the log and the tests), e.g. `open_negotiation_initiation_due overdue`. */
  scenario: string;
  events: DisputeEventInput[];
  fields: DisputeFields;
  /** Index of the event whose write also sets `dispute_reference` (the IDR initiation), if any. */
  referenceAt?: number;
}

/** A gap between two events: business days (counted as the engine counts them) or calendar days. */
type Gap = { b: number } | { c: number };

/** One event of a scenario: its type, fields, and the gap after the event before it. */
interface Step {
  type: DisputeEventType;
  gap: Gap;
  amount?: 'initial' | 'providerOffer' | 'payerOffer' | 'settlement' | 'award';
  fields?: Record<string, string>;
}

/**
 * A scenario: the events of a dispute and how long ago the last one happened. Its dates are laid out
 * backwards from today, so the deadline it leaves open lands in the state it names on any day.
 */
interface Scenario {
  name: string;
  steps: Step[];
  lastAgo: Gap;
  /** The award goes to the payer's offer (providers prevail in about 4 determinations of 5). */
  payerPrevails?: boolean;
}

// The stages of a dispute (42 U.S.C. 300gg-111(a),(c); shared/reference/nsa-idr-rules.md).
const bill = (): Step => ({ type: 'bill_sent', gap: { c: 0 } });
const payment = (days: number): Step => ({ type: 'initial_payment_received', gap: { c: days }, amount: 'initial' });
const denial = (days: number): Step => ({ type: 'denial_received', gap: { c: days } });
const notice = (b: number): Step => ({ type: 'open_negotiation_sent', gap: { b } });
const response = (b: number): Step => ({ type: 'open_negotiation_response', gap: { b } });
const settled = (b: number): Step => ({ type: 'settled', gap: { b }, amount: 'settlement' });
/** IDR initiation `b` business days after the notice: 30 to 33 is inside the window (business days 31 to 34). */
const initiated = (b: number): Step => ({ type: 'idr_initiated', gap: { b } });
const selected = (b: number): Step => ({
  type: 'entity_selected',
  gap: { b },
  fields: { entity_name: 'Fictitious Resolution Services LLC', selected_by: 'joint' },
});
const offers = (b: number): Step[] => [
  { type: 'offer_submitted', gap: { b }, amount: 'providerOffer', fields: { party: 'provider' } },
  { type: 'offer_submitted', gap: { b: 1 }, amount: 'payerOffer', fields: { party: 'payer' } },
];
const determination = (b: number, prevailing: 'provider' | 'payer' = 'provider'): Step => ({
  type: 'determination',
  gap: { b },
  amount: 'award',
  fields: { prevailing_party: prevailing },
});
const awardPaid = (c: number, amount: Step['amount'] = 'award'): Step => ({ type: 'award_paid', gap: { c }, amount });
/** Through the open negotiation notice (with the payer's response when `respondedAfter` is given). */
const negotiation = (paymentDays: number, noticeAfter: number, respondedAfter?: number): Step[] => [
  bill(),
  payment(paymentDays),
  notice(noticeAfter),
  ...(respondedAfter === undefined ? [] : [response(respondedAfter)]),
];
/** Through the entity's selection, inside every window. */
const toSelection = (): Step[] => [...negotiation(22, 6, 9), initiated(31 - 9), selected(2)];
/** Through a determination `afterSelection` business days after the selection, offers in between. */
const toDetermination = (afterSelection: number, prevailing: 'provider' | 'payer' = 'provider'): Step[] => [
  ...toSelection(),
  ...offers(7),
  determination(afterSelection - 8, prevailing),
];
/** The quickest dispute to a determination: every step early in its window (for the newest cases). */
const toDeterminationFast = (): Step[] => [
  ...negotiation(12, 2, 5),
  initiated(30 - 5),
  selected(1),
  ...offers(6),
  determination(18 - 7),
];

/**
 * Six scenarios per status, newest case first (the newer a case, the shorter its dispute). Each
 * status's events move a case at most to that status (shared/dispute EVENT_STATUS_MOVES), so no
 * seeded case moves. The comments give the case's next deadline on the day the seed runs.
 */
const SCENARIOS: Readonly<Record<number, readonly Scenario[]>> = {
  // Received Payment: next, the open negotiation notice (a period of 30 business days from the payment).
  40: [
    { name: 'open_negotiation_initiation_due open', steps: [bill(), payment(20)], lastAgo: { b: 3 } },
    { name: 'open_negotiation_initiation_due due_soon', steps: [bill(), payment(24)], lastAgo: { b: 26 } },
    { name: 'open_negotiation_initiation_due overdue', steps: [bill(), denial(27)], lastAgo: { b: 40 } },
    { name: 'open_negotiation_initiation_due open', steps: [bill(), payment(38)], lastAgo: { b: 12 } },
    { name: 'open_negotiation_initiation_due due_soon', steps: [bill(), payment(21)], lastAgo: { b: 29 } },
    { name: 'open_negotiation_initiation_due overdue', steps: [bill(), payment(29)], lastAgo: { b: 33 } },
  ],
  // Sent to Negotiation: next, the payer's response notice (2026 rules) or the IDR initiation window.
  50: [
    { name: 'open_negotiation_response_due open', steps: negotiation(14, 3), lastAgo: { b: 6 } },
    { name: 'idr_initiation_due due_soon', steps: negotiation(16, 5, 9), lastAgo: { b: 31 - 9 } },
    { name: 'idr_initiation_due overdue', steps: negotiation(25, 12, 11), lastAgo: { b: 40 - 11 } },
    { name: 'idr_initiation_due open', steps: negotiation(19, 5, 7), lastAgo: { b: 16 - 7 } },
    { name: 'open_negotiation_response_due overdue', steps: negotiation(23, 20), lastAgo: { b: 17 } },
    { name: 'idr_initiation_due open', steps: negotiation(30, 9, 12), lastAgo: { b: 25 - 12 } },
  ],
  // Negotiation Settled: next, the payment of the agreed amount (30 days from the settlement).
  60: [
    { name: 'award_payment_due open', steps: [...negotiation(18, 4, 8), settled(4)], lastAgo: { c: 8 } },
    { name: 'award_payment_due due_soon', steps: [...negotiation(15, 3, 6), settled(5)], lastAgo: { c: 27 } },
    { name: 'award_payment_due overdue', steps: [...negotiation(26, 5, 9), settled(12)], lastAgo: { c: 48 } },
    {
      name: 'settlement paid on time',
      steps: [...negotiation(20, 6, 8), settled(10), awardPaid(21, 'settlement')],
      lastAgo: { c: 49 },
    },
    { name: 'award_payment_due open', steps: [...negotiation(24, 10, 9), settled(6)], lastAgo: { c: 15 } },
    {
      name: 'settlement paid late',
      steps: [...negotiation(19, 8, 13), settled(15), awardPaid(44, 'settlement')],
      lastAgo: { c: 51 },
    },
  ],
  // Sent to IDR: next, the joint selection, the offers or the entity's determination.
  70: [
    {
      name: 'entity_selection_joint_due due_soon',
      steps: [...negotiation(20, 5, 9), initiated(31 - 9)],
      lastAgo: { b: 1 },
    },
    { name: 'offers_due open', steps: toSelection(), lastAgo: { b: 4 } },
    { name: 'offers_due due_soon', steps: toSelection(), lastAgo: { b: 8 } },
    { name: 'determination_due open', steps: [...toSelection(), ...offers(7)], lastAgo: { b: 12 - 8 } },
    { name: 'determination_due overdue', steps: [...toSelection(), ...offers(6)], lastAgo: { b: 34 - 7 } },
    { name: 'offers_due overdue', steps: toSelection(), lastAgo: { b: 13 } },
  ],
  // IDR Decision Made: next, the payment of the award (30 days from the determination).
  80: [
    { name: 'award unpaid, open', steps: toDeterminationFast(), lastAgo: { c: 4 } },
    { name: 'award unpaid, open', steps: toDeterminationFast(), lastAgo: { c: 8 } },
    { name: 'award unpaid, due_soon', steps: toDetermination(26), lastAgo: { c: 26 } },
    { name: 'award paid on time', steps: [...toDetermination(25), awardPaid(25)], lastAgo: { c: 15 } },
    { name: 'award unpaid, overdue', steps: toDetermination(22), lastAgo: { c: 50 } },
    {
      name: 'award paid late',
      steps: [...toDetermination(28, 'payer'), awardPaid(52)],
      lastAgo: { c: 23 },
      payerPrevails: true,
    },
  ],
  // Closed: nothing left to do (settled and paid, withdrawn, found ineligible, awards paid).
  90: [
    {
      name: 'settlement paid',
      steps: [...negotiation(16, 3, 6), settled(4), awardPaid(20, 'settlement')],
      lastAgo: { c: 4 },
    },
    {
      name: 'withdrawn during open negotiation',
      steps: [...negotiation(18, 5, 8), { type: 'withdrawn', gap: { b: 10 } }],
      lastAgo: { c: 20 },
    },
    {
      name: 'ineligible: IDR initiated after the window',
      steps: [
        ...negotiation(21, 4, 8),
        initiated(36 - 8),
        { type: 'ineligible', gap: { b: 12 }, fields: { reason: 'IDR initiated after the four-business-day window' } },
      ],
      lastAgo: { c: 20 },
    },
    { name: 'award paid on time', steps: [...toDetermination(23), awardPaid(18)], lastAgo: { c: 30 } },
    {
      name: 'award paid, payer prevailed',
      steps: [...toDetermination(26, 'payer'), awardPaid(12)],
      lastAgo: { c: 60 },
      payerPrevails: true,
    },
    { name: 'award paid late', steps: [...toDetermination(29), awardPaid(47)], lastAgo: { c: 35 } },
  ],
};

/** The statuses whose cases get a dispute. */
export const DISPUTE_STATUSES: readonly number[] = Object.keys(SCENARIOS).map(Number);

/**
 * The least age (days from the case date to the seed's day) a case of each status needs for its
 * longest-reaching dispute to start after it (the case planner keeps newer cases of these
 * statuses at least this old).
 */
export const MIN_CASE_AGE_DAYS: Readonly<Record<number, number>> = { 40: 32, 50: 38, 60: 58, 70: 88, 80: 100, 90: 72 };

/** Fictitious payers and their claim contacts (example.com). */
const PAYERS = [
  'Northwind Health Plan',
  'Bluegate Mutual',
  'Cedar Valley Care',
  'Harborline Insurance',
  'Summit Ridge Health',
  'Prairie Shield',
] as const;

const cal = businessCalendar();

/** `date` less `n` business days: the day D with `cal.addBusinessDays(D, n) === date` (a business day). */
function businessDaysBefore(date: string, n: number): string {
  let d = date;
  for (let i = 0; i < n; i += 1) {
    d = addCalendarDays(d, -1);
    while (!cal.isBusinessDay(d)) d = addCalendarDays(d, -1);
  }
  return d;
}

/** The business day on or before `date`. */
function businessDayOnOrBefore(date: string): string {
  let d = date;
  while (!cal.isBusinessDay(d)) d = addCalendarDays(d, -1);
  return d;
}

const before = (date: string, gap: Gap): string =>
  'b' in gap ? businessDaysBefore(date, gap.b) : businessDayOnOrBefore(addCalendarDays(date, -gap.c));

/** Dollars with cents from a whole number of dollars and a PRNG (amounts look typed, not round). */
const dollars = (whole: number, rand: () => number) => Math.round(whole) + Math.floor(rand() * 100) / 100;

/**
 * The events of `scenario` dated backwards from `today`, amounts drawn for `caseId`; undefined
 * when the dispute would start on or before the case date.
 */
function layOut(scenario: Scenario, dc: DisputeCase, today: string): PlannedDispute | undefined {
  const dates: string[] = [];
  let date = before(today, scenario.lastAgo);
  for (let i = scenario.steps.length - 1; i >= 0; i -= 1) {
    dates[i] = date;
    date = before(date, scenario.steps[i]!.gap);
  }
  if (dates[0]! <= dc.caseDate || dates.at(-1)! > today) return undefined;
  const digest = createHash('sha256').update(dc.caseId).digest();
  const rand = mulberry32(digest.readUInt32BE(0));
  const billed = 6_000 + Math.floor(rand() * 42_000);
  const initial = dollars(billed * (0.16 + rand() * 0.12), rand);
  const qpa = dollars(initial * (1 + rand() * 0.12), rand);
  const providerOffer = dollars(billed * (0.55 + rand() * 0.2), rand);
  const payerOffer = dollars(qpa * (1 + rand() * 0.08), rand);
  const amounts = {
    initial,
    providerOffer,
    payerOffer,
    settlement: dollars((qpa + providerOffer) / 2, rand),
    award: scenario.payerPrevails ? payerOffer : providerOffer,
  };
  const payer = PAYERS[digest.readUInt8(4) % PAYERS.length]!;
  const events = scenario.steps.map(
    (step, i) =>
      ({
        type: step.type,
        date: dates[i]!,
        ...step.fields,
        ...(step.amount ? { amount: amounts[step.amount] } : {}),
      }) as DisputeEventInput,
  );
  const referenceAt = events.findIndex((e) => e.type === 'idr_initiated');
  return {
    caseId: dc.caseId,
    userId: dc.userId,
    scenario: scenario.name,
    events,
    fields: {
      billed_amount_cents: billed * 100,
      qpa_cents: Math.round(qpa * 100),
      payer_name: payer,
      payer_contact: `claims@${payer.toLowerCase().replace(/[^a-z]+/g, '-')}.example.com`,
      dispute_reference: `DISP-${String(digest.readUInt32BE(8) % 1_000_000).padStart(6, '0')}`,
    },
    ...(referenceAt >= 0 ? { referenceAt } : {}),
  };
}

/**
 * The disputes of `cases` as of `today` (YYYY-MM-DD, America/New_York): per status of
 * {@link DISPUTE_STATUSES}, the newest case gets the first scenario, the next one the second, and
 * so on round the six. A case whose dispute would start before its case date gets none.
 * Deterministic for the same cases and day. Throws when a scenario would move a case's status
 * (a planning error: a seeded case keeps its status).
 */
export function planDisputes(cases: readonly DisputeCase[], today: string): PlannedDispute[] {
  const out: PlannedDispute[] = [];
  for (const status of DISPUTE_STATUSES) {
    const scenarios = SCENARIOS[status]!;
    const ofStatus = cases.filter((c) => c.status === status).sort((a, b) => (a.caseDate < b.caseDate ? 1 : -1));
    ofStatus.forEach((dc, k) => {
      const scenario = scenarios[k % scenarios.length]!;
      for (const step of scenario.steps) {
        if (statusAfterEvent(status, step.type) !== null) {
          throw new Error(`Seed scenario "${scenario.name}" would move a case of status ${status} (${step.type})`);
        }
      }
      const planned = layOut(scenario, dc, today);
      if (planned) out.push(planned);
    });
  }
  return out;
}

/**
 * Write `plans` as the dispute API writes events: per event, the dispute read, the stored event, the
 * queue entry and award the rules derive as of `today`, the counters (recordEvent), recorded by
 * `actor` (the back office) at 15:00 UTC on the event's day. A case whose dispute holds events
 * already is completed when they are the plan's first ones (an interrupted seed), else left alone.
 * `concurrency` cases at a time. Resolves with the number of cases and events written.
 */
export async function seedDisputes(
  plans: readonly PlannedDispute[],
  actor: string,
  today: string,
  concurrency = 4,
): Promise<{ disputes: number; events: number }> {
  const written = { disputes: 0, events: 0 };
  let next = 0;
  const worker = async () => {
    while (next < plans.length) {
      const plan = plans[next++]!;
      const n = await seedOne(plan, actor, today);
      if (n > 0) {
        written.disputes += 1;
        written.events += n;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, plans.length) }, worker));
  return written;
}

async function seedOne(plan: PlannedDispute, actor: string, today: string): Promise<number> {
  let stored = await getDispute(plan.caseId, true);
  const done = liveEvents(stored.events);
  const samePrefix = done.every((e, i) => e.type === plan.events[i]?.type && e.date === plan.events[i]?.date);
  if (!samePrefix) return 0;
  // The case's fields come with its first event; the federal dispute number once IDR is initiated.
  const { dispute_reference: reference, ...firstFields } = plan.fields;
  let count = 0;
  for (let i = done.length; i < plan.events.length; i += 1) {
    const input = plan.events[i]!;
    const recordedAt = `${input.date}T15:00:00.000Z`;
    const event = fromEngineEvent(input, {
      event_id: eventIdOf(nextEventSeq(stored)),
      recorded_by: actor,
      recorded_at: recordedAt,
    });
    const events = [...stored.events, event];
    const derived = derive(liveEvents(events), today);
    const fields: DisputeFields = {
      ...(i === 0 ? firstFields : {}),
      ...(i === plan.referenceAt && reference !== undefined ? { dispute_reference: reference } : {}),
    };
    const record = await recordEvent(plan.caseId, stored, event, {
      userId: plan.userId,
      fields,
      ...(derived.queue ? { queue: derived.queue } : {}),
      ...(derived.award ? { award: derived.award } : {}),
      actor,
      now: new Date(recordedAt),
    });
    stored = { record, events };
    count += 1;
  }
  return count;
}
