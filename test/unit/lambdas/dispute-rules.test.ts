import './support/env';
import { amountsOf, derive, queueRange } from '../../../lambdas/dispute/rules';
import { dueSoonEnd, pendingState } from '../../../lambdas/data/dispute/calendar';
import type { DisputeEvent } from '../../../lambdas/data/dispute/items';

let seq = 0;
function event(type: string, date: string, extra: Partial<DisputeEvent> = {}): DisputeEvent {
  seq += 1;
  return {
    event_id: `ev-${String(seq).padStart(6, '0')}`,
    type,
    date,
    fields: {},
    recorded_by: 'admin',
    recorded_at: '2026-11-01T12:00:00.000Z',
    ...extra,
  };
}

describe('amountsOf', () => {
  it('takes the latest amount of each kind, adds award payments up, and answers null for what is not recorded', () => {
    // Prepare
    const events = [
      event('initial_payment_received', '2026-01-10', { amount_cents: 10_000 }),
      event('initial_payment_received', '2026-01-11', { amount_cents: 12_345 }),
      event('offer_submitted', '2026-05-01', { amount_cents: 90_000, fields: { party: 'provider' } }),
      event('determination', '2026-06-01', { amount_cents: 90_000, fields: { prevailing_party: 'provider' } }),
      event('award_paid', '2026-06-20', { amount_cents: 50_000 }),
      event('award_paid', '2026-07-01', { amount_cents: 40_000 }),
    ];

    // Act
    const amounts = amountsOf(
      { case_id: 'c', user_id: 'u', event_seq: 6, qpa_cents: 20_050, created_at: '', updated_at: '', version: 1 },
      events,
    );

    // Assess
    expect(amounts).toEqual({
      billed: null,
      initial_payment: 123.45,
      qpa: 200.5,
      provider_offer: 900,
      payer_offer: null,
      settlement: null,
      award: 900,
      award_paid: 900,
    });
  });
});

describe('derive', () => {
  it('gives the award 30 calendar days to be paid, unpaid until an award_paid is recorded', () => {
    // Prepare
    const steps = [
      event('bill_sent', '2026-01-02'),
      event('initial_payment_received', '2026-01-20', { amount_cents: 100 }),
      event('open_negotiation_sent', '2026-02-02'),
      event('idr_initiated', '2026-03-19'),
      event('entity_selected', '2026-03-23', { fields: { entity_name: 'Maximus', selected_by: 'joint' } }),
      event('determination', '2026-05-01', { amount_cents: 250_000, fields: { prevailing_party: 'provider' } }),
    ];

    // Act
    const unpaid = derive(steps, '2026-06-15');
    const paid = derive([...steps, event('award_paid', '2026-06-10', { amount_cents: 250_000 })], '2026-06-15');

    // Assess
    expect(unpaid.award).toEqual({
      determination_date: '2026-05-01',
      award_cents: 250_000,
      paid_cents: 0,
      due: '2026-05-31',
      state: 'unpaid',
    });
    expect(unpaid.queue).toEqual({ step: unpaid.next!.step, due: unpaid.next!.due });
    expect(paid.award).toMatchObject({ paid_cents: 250_000, state: 'paid' });
  });

  it('has no queue entry and no award for a dispute without a pending deadline', () => {
    // Act
    const out = derive([event('bill_sent', '2026-01-02'), event('denial_received', '2026-01-20')], '2026-01-21');
    const none = derive([], '2026-01-21');

    // Assess
    expect(out.queue).toEqual({ step: 'open_negotiation_initiation_due', due: out.next!.due });
    expect(none).toEqual({ deadlines: [], next: null });
  });
});

describe('queueRange', () => {
  const today = '2026-12-01';

  it('gives each state the due dates the engine gives it', () => {
    // Act
    const overdue = queueRange('overdue', undefined, today)!;
    const soon = queueRange('due_soon', undefined, today)!;
    const open = queueRange('open', undefined, today)!;

    // Assess
    expect(overdue).toEqual({ to: '2026-11-30' });
    expect(soon).toEqual({ from: today, to: dueSoonEnd(today) });
    expect(pendingState(overdue.to!, today)).toBe('overdue');
    expect(pendingState(soon.from!, today)).toBe('due_soon');
    expect(pendingState(soon.to!, today)).toBe('due_soon');
    expect(pendingState(open.from!, today)).toBe('open');
  });

  it('narrows to a number of business days, and answers nothing when the two do not meet', () => {
    // Act
    const within = queueRange(undefined, 2, today);
    const openWithin = queueRange('open', 2, today);

    // Assess: 2026-12-01 is a Tuesday, two business days later is Thursday
    expect(within).toEqual({ to: '2026-12-03' });
    expect(openWithin).toBeUndefined();
  });
});
