/**
 * The dispute desk's part of `npm run bench:backoffice`: the deadline queue and the awards pages
 * (lambdas/data/dispute/lists.ts) and the counts read beside them (lambdas/data/dispute/counters.ts)
 * at each size, "cases with disputes" being cases whose dispute has a queue entry or an award.
 *
 * Data: per case its queue entry (every case but paid awards) and for a quarter of them an award
 * (60 % unpaid), due dates spread over 120 days either side of today, owners drawn by the caller
 * (the bench's Zipf-like providers), next steps from the engine's recorded steps. The items are the
 * data module's own (queueItemOf, awardItemOf) and the counters its disputeCounterUpdates, summed
 * per counter item: written with BatchWriteItem and one ADD per counter item (./bulk.ts), not one transaction
 * per event as the API writes, and without the records and events, which no page reads, so that
 * 100,000 disputes take minutes on a shared machine; the pages read the same index items either way.
 *
 * Measured (limit 50, `runs` calls after `warmup`): items read from the disputes table (the
 * Queries' ScannedCount) against items answered (goal at most 1.2x), other items read (case-stats
 * counters), DynamoDB calls, p50 and p90 latency of the data module's call in this process.
 */
import { getEnv } from '../../lambdas/lib/env';
import { CounterTotals } from '../../lambdas/data/counters/stats';
import { applyCounters, putAll } from './bulk';
import { awardsPage, queuePage, type DueRange } from '../../lambdas/data/dispute/lists';
import { countDue, disputeCounterUpdates, readAwardTotals } from '../../lambdas/data/dispute/counters';
import {
  awardItemOf,
  queueItemOf,
  type AwardEntry,
  type DisputeRecord,
  type QueueEntry,
} from '../../lambdas/data/dispute/items';
import { addCalendarDays, dueSoonEnd, UNRECORDED_STEPS, DEADLINE_STEPS } from '../../shared/dispute';
import { mulberry32 } from '../../local/nppes-registry';

/** Steps a case's next deadline can be (the engine's recorded, acted-on steps). */
const QUEUE_STEPS = DEADLINE_STEPS.filter(
  (s) =>
    !UNRECORDED_STEPS.includes(s) &&
    !['open_negotiation_end', 'idr_initiation_window_start', 'cooling_off_end'].includes(s),
);
const PAYERS = [
  'Northwind Health Plan',
  'Bluegate Mutual',
  'Cedar Valley Care',
  'Harborline Insurance',
  'Prairie Shield',
];
/** Disputes built at a time (their items then written `concurrency` batches at a time). */
const CHUNK = 400;

/** The dispute of case index `i` as the data module stores it, relative to `today`. */
function disputeFor(i: number, today: string, owner: (rand: () => number) => string) {
  const rand = mulberry32(0xd15e0000 + i * 7919);
  const userId = owner(rand);
  const caseId = `${userId}_${1_700_000_000_000 + i}`;
  const at = new Date().toISOString();
  const dueIn = Math.floor(rand() * 241) - 120;
  const hasAward = rand() < 0.25;
  const paid = hasAward && rand() < 0.4;
  const award: AwardEntry | undefined = hasAward
    ? {
        determination_date: addCalendarDays(today, dueIn - 30),
        award_cents: 500_000 + Math.floor(rand() * 4_000_000),
        paid_cents: 0,
        due: addCalendarDays(today, dueIn),
        state: paid ? 'paid' : 'unpaid',
      }
    : undefined;
  if (award && paid) award.paid_cents = award.award_cents;
  const queue: QueueEntry | undefined = paid
    ? undefined
    : {
        step: hasAward ? 'award_payment_due' : QUEUE_STEPS[Math.floor(rand() * QUEUE_STEPS.length)]!,
        due: addCalendarDays(today, dueIn),
      };
  const record: DisputeRecord = {
    case_id: caseId,
    user_id: userId,
    event_seq: 1,
    payer_name: PAYERS[Math.floor(rand() * PAYERS.length)]!,
    ...(queue ? { queue } : {}),
    ...(award ? { award } : {}),
    created_at: at,
    updated_at: at,
    version: 1,
  };
  // The record and events are read by no page: only the queue and award items (and counters) are written.
  const items: Record<string, unknown>[] = [];
  if (queue) items.push(queueItemOf(record, queue));
  if (award) items.push(awardItemOf(record, award));
  return { record, items };
}

/** What a built dispute set holds (for the report). */
export interface DisputeSetMeta {
  disputes: number;
  queued: number;
  awards: number;
  writeMs: number;
  busiestOwner: { user_id: string; queued: number };
}

/**
 * Write `n` disputes (see module doc) with `concurrency` batches in flight. Resolves with what was
 * written. Throws when DynamoDB leaves part of a batch unprocessed after every retry.
 */
export async function buildDisputes(
  n: number,
  owner: (rand: () => number) => string,
  concurrency: number,
  progress: (done: number) => void,
): Promise<DisputeSetMeta> {
  const t0 = performance.now();
  const today = new Date().toISOString().slice(0, 10);
  const table = getEnv().DISPUTES_TABLE;
  const totals = new CounterTotals();
  const perOwner = new Map<string, number>();
  let queued = 0;
  let awards = 0;
  for (let from = 0; from < n; from += CHUNK) {
    const items: Record<string, unknown>[] = [];
    for (let i = from; i < Math.min(n, from + CHUNK); i++) {
      const { record, items: own } = disputeFor(i, today, owner);
      items.push(...own);
      if (record.queue) {
        queued += 1;
        perOwner.set(record.user_id, (perOwner.get(record.user_id) ?? 0) + 1);
      }
      if (record.award) awards += 1;
      totals.add(disputeCounterUpdates(undefined, record));
    }
    await putAll(table, items, concurrency);
    progress(Math.min(n, from + CHUNK));
  }
  await applyCounters(totals, concurrency);
  const [busiest, busiestQueued] = [...perOwner].sort((a, b) => b[1] - a[1])[0] ?? ['', 0];
  return {
    disputes: n,
    queued,
    awards,
    writeMs: performance.now() - t0,
    busiestOwner: { user_id: busiest, queued: busiestQueued },
  };
}

/** One measured call: a page (items answered and `scanned`) or counts (nothing answered). */
export interface DisputeCall {
  label: string;
  run: () => Promise<{ returned: number; next_cursor?: string }>;
  counts?: boolean;
}

/** A page's date filters for its cursor: the bench asks for fixed ranges. */
const filtersOf = (range: DueRange) => `${range.from ?? ''}:${range.to ?? ''}`;

/** The calls measured on a dispute set as of today (UTC day of the bench). */
export function disputeCalls(meta: DisputeSetMeta, limit: number): DisputeCall[] {
  const today = new Date().toISOString().slice(0, 10);
  const yesterday = addCalendarDays(today, -1);
  const soonEnd = dueSoonEnd(today);
  const queue = (range: DueRange, extra: { ownerId?: string; step?: string; cursor?: string } = {}) =>
    queuePage({ range, dateFilters: filtersOf(range), limit, ...extra }).then((p) => ({
      returned: p.items.length,
      ...(p.next_cursor ? { next_cursor: p.next_cursor } : {}),
    }));
  const awards = (state: 'unpaid' | 'paid', range: DueRange) =>
    awardsPage({ state, range, dateFilters: filtersOf(range), limit }).then((p) => ({ returned: p.items.length }));
  let secondCursor: string | undefined;
  return [
    { label: 'queue, all, first page', run: () => queue({}) },
    {
      label: 'queue, all, second page',
      run: async () => {
        secondCursor ??= (await queuePage({ range: {}, dateFilters: filtersOf({}), limit })).next_cursor;
        return queue({}, { cursor: secondCursor });
      },
    },
    { label: 'queue, overdue', run: () => queue({ to: yesterday }) },
    { label: 'queue, due soon', run: () => queue({ from: today, to: soonEnd }) },
    { label: 'queue, open', run: () => queue({ from: addCalendarDays(soonEnd, 1) }) },
    { label: 'queue, one step (offers_due)', run: () => queue({}, { step: 'offers_due' }) },
    { label: 'queue, owner (busiest provider)', run: () => queue({}, { ownerId: meta.busiestOwner.user_id }) },
    { label: 'awards, unpaid', run: () => awards('unpaid', {}) },
    { label: 'awards, overdue', run: () => awards('unpaid', { to: yesterday }) },
    { label: 'awards, paid', run: () => awards('paid', {}) },
    {
      label: 'counts (overdue, due soon, awards)',
      counts: true,
      run: async () => {
        await Promise.all([
          countDue({ kind: 'all' }, undefined, yesterday),
          countDue({ kind: 'all' }, today, soonEnd),
          countDue({ kind: 'all' }, undefined, '9999-12-31'),
          readAwardTotals(),
        ]);
        return { returned: 0 };
      },
    },
  ];
}
