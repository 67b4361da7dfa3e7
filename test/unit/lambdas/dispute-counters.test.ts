import './support/env';
import { disputeCounterUpdates, type CountedDispute } from '../../../lambdas/data/dispute/counters';
import { caseShard } from '../../../lambdas/data/counters/stats';

/** The ADD deltas of each counter item the updates touch, as `scope|bucket` -> attribute -> n. */
function deltas(updates: ReturnType<typeof disputeCounterUpdates>): Record<string, Record<string, number>> {
  const out: Record<string, Record<string, number>> = {};
  for (const { Update } of updates) {
    const id = `${Update.Key.scope}|${Update.Key.bucket}`;
    expect(out[id]).toBeUndefined();
    out[id] = {};
    for (const [placeholder, attr] of Object.entries(Update.ExpressionAttributeNames)) {
      out[id][attr] = Update.ExpressionAttributeValues[placeholder.replace('#', ':')] as number;
    }
  }
  return out;
}

const base: CountedDispute = { case_id: 'u1_1700000000000', user_id: 'u1' };

describe('disputeCounterUpdates', () => {
  it('counts a first queue entry per due day and month, for every case and for its owner', () => {
    // Act
    const out = deltas(disputeCounterUpdates(undefined, { ...base, queue: { step: 'offers_due', due: '2026-12-03' } }));

    // Assess
    expect(out).toEqual({
      'dq#day|2026-12-03': { n: 1 },
      'dq#month|2026-12': { n: 1 },
      'dq-owner#u1#day|2026-12-03': { n: 1 },
      'dq-owner#u1#month|2026-12': { n: 1 },
    });
  });

  it('moves an entry within a month in one update per item, and writes nothing for counts that cancel out', () => {
    // Act
    const out = deltas(
      disputeCounterUpdates(
        { ...base, queue: { step: 'offers_due', due: '2026-12-03' } },
        { ...base, queue: { step: 'determination_due', due: '2026-12-17' } },
      ),
    );

    // Assess: the month items cancel out; the day items move
    expect(out).toEqual({
      'dq#day|2026-12-03': { n: -1 },
      'dq#day|2026-12-17': { n: 1 },
      'dq-owner#u1#day|2026-12-03': { n: -1 },
      'dq-owner#u1#day|2026-12-17': { n: 1 },
    });
  });

  it('moves an award from unpaid to paid: out of the unpaid due counters, amounts moved in the totals', () => {
    // Prepare
    const award = { determination_date: '2026-10-01', award_cents: 250_000, paid_cents: 0, due: '2026-10-31' };

    // Act
    const out = deltas(
      disputeCounterUpdates(
        { ...base, award: { ...award, state: 'unpaid' } },
        { ...base, award: { ...award, paid_cents: 250_000, state: 'paid' } },
      ),
    );

    // Assess
    const totals = { awards_unpaid: -1, award_paid_cents: 250_000, unpaid_cents: -250_000 };
    expect(out).toEqual({
      'award-unpaid#day|2026-10-31': { n: -1 },
      'award-unpaid#month|2026-10': { n: -1 },
      [`dispute-totals|shard#${caseShard(base.case_id)}`]: totals,
      'dispute-owner-totals|u1': totals,
    });
  });
});
