/**
 * The dispute event schemas, prerequisites and forward-only status moves (shared/dispute/events.ts).
 */
import {
  DEADLINE_STEPS,
  DISPUTE_EVENT_TYPES,
  DeadlineSchema,
  DisputeDetailsSchema,
  EVENT_STATUS_MOVES,
  DisputeEventInputSchema,
  MAX_DISPUTE_AMOUNT_DOLLARS,
  NON_EXTENDABLE_STEPS,
  STEP_BASIS,
  centsToDollars,
  checkPrerequisites,
  dollarsToCents,
  eventsForStatus,
  statusAfterEvent,
  type DisputeEventType,
} from '../../../../shared/dispute/events';
import { caseStatus } from '../../../../shared/statuses';

const firstIssue = (input: unknown) => {
  const r = DisputeEventInputSchema.safeParse(input);
  return r.success ? null : { path: r.error.issues[0]?.path.join('.'), message: r.error.issues[0]?.message };
};

describe('DisputeEventInputSchema', () => {
  it.each([
    [{ type: 'bill_sent', date: '2024-05-01' }],
    [{ type: 'initial_payment_received', date: '2024-05-01', amount: 1234.56 }],
    [{ type: 'settled', date: '2024-05-01', amount: 0 }],
    [{ type: 'entity_selected', date: '2024-05-01', entity_name: 'Maximus', selected_by: 'departments' }],
    [{ type: 'offer_submitted', date: '2024-05-01', amount: 5000, party: 'payer' }],
    [{ type: 'determination', date: '2024-02-29', amount: 7000.1, prevailing_party: 'provider' }],
    [{ type: 'award_paid', date: '2024-05-01', amount: MAX_DISPUTE_AMOUNT_DOLLARS }],
    [{ type: 'ineligible', date: '2024-05-01', reason: 'Outside the four-day window' }],
    [{ type: 'extension', date: '2024-05-01', step: 'offers_due', new_due: '2024-05-20', reason: 'Portal outage' }],
  ])('accepts %j', (input) => {
    // Act & Assess
    expect(firstIssue(input)).toBeNull();
  });

  it.each([
    [{ type: 'payment', date: '2024-05-01' }, 'type'],
    [{ type: 'bill_sent', date: '2023-02-29' }, 'date'],
    [{ type: 'bill_sent', date: '2024-5-1' }, 'date'],
    [{ type: 'bill_sent' }, 'date'],
    [{ type: 'initial_payment_received', date: '2024-05-01' }, 'amount'],
    [{ type: 'initial_payment_received', date: '2024-05-01', amount: -1 }, 'amount'],
    [{ type: 'settled', date: '2024-05-01', amount: 10.005 }, 'amount'],
    [{ type: 'award_paid', date: '2024-05-01', amount: MAX_DISPUTE_AMOUNT_DOLLARS + 0.01 }, 'amount'],
    [{ type: 'award_paid', date: '2024-05-01', amount: '10' }, 'amount'],
    [{ type: 'entity_selected', date: '2024-05-01', entity_name: 'X', selected_by: 'plan' }, 'selected_by'],
    [{ type: 'entity_selected', date: '2024-05-01', entity_name: ' ', selected_by: 'joint' }, 'entity_name'],
    [{ type: 'offer_submitted', date: '2024-05-01', amount: 1, party: 'entity' }, 'party'],
    [{ type: 'determination', date: '2024-05-01', amount: 1 }, 'prevailing_party'],
    [{ type: 'ineligible', date: '2024-05-01', reason: '' }, 'reason'],
    [{ type: 'extension', date: '2024-05-01', step: 'idr_initiation_due', new_due: '2024-06-01', reason: 'r' }, 'step'],
    [{ type: 'extension', date: '2024-05-01', step: 'award_payment_due', new_due: '2024-06-01', reason: 'r' }, 'step'],
    [{ type: 'extension', date: '2024-05-01', step: 'nope', new_due: '2024-06-01', reason: 'r' }, 'step'],
    [{ type: 'extension', date: '2024-05-01', step: 'offers_due', new_due: '2024-06-31', reason: 'r' }, 'new_due'],
  ])('refuses %j naming %s', (input, field) => {
    // Act
    const issue = firstIssue(input);
    // Assess
    expect(issue?.path).toBe(field);
    expect(issue?.message).toMatch(/\S/);
  });

  it('lists every event type of the union once', () => {
    // Assess
    const fromUnion = DisputeEventInputSchema.options.map((o) => o.shape.type.value);
    expect([...DISPUTE_EVENT_TYPES].sort()).toEqual([...fromUnion].sort());
    expect(new Set(DISPUTE_EVENT_TYPES).size).toBe(16);
  });
});

describe('deadline answer', () => {
  it('parses a deadline with its optional fields', () => {
    // Prepare
    const d = {
      step: 'award_payment_due',
      due: '2024-06-01',
      day_type: 'calendar',
      basis: { type: 'determination', date: '2024-05-02' },
      rule_version: '2021-IFR',
      graded: 'U',
      party: 'payer',
      state: 'overdue',
      falls_on_non_business_day: true,
    };
    // Act & Assess
    expect(DeadlineSchema.parse(d)).toEqual(d);
    expect(DeadlineSchema.safeParse({ ...d, state: 'pending' }).success).toBe(false);
  });

  it('has 15 fixed steps, each with a basis; two cannot be extended', () => {
    // Assess
    expect(DEADLINE_STEPS).toHaveLength(15);
    expect(Object.keys(STEP_BASIS).sort()).toEqual([...DEADLINE_STEPS].sort());
    expect(NON_EXTENDABLE_STEPS).toEqual(['idr_initiation_due', 'award_payment_due']);
  });
});

describe('dollars and cents', () => {
  it.each([
    [0, 0],
    [1234.56, 123456],
    [0.29, 29],
    [19.99, 1999],
  ])('%p dollars is %p cents and back', (dollars, cents) => {
    // Act & Assess
    expect(dollarsToCents(dollars)).toBe(cents);
    expect(centsToDollars(cents)).toBe(dollars);
  });
});

describe('checkPrerequisites', () => {
  const ev = (type: DisputeEventType, date: string) => ({ type, date });
  const paid = ev('initial_payment_received', '2024-04-01');
  const sent = ev('open_negotiation_sent', '2024-04-10');
  const initiated = ev('idr_initiated', '2024-05-28');
  const selected = ev('entity_selected', '2024-05-30');

  it.each([
    [[], ev('bill_sent', '2024-03-01')],
    [[], ev('initial_payment_received', '2024-03-01')],
    [[], ev('denial_received', '2024-03-01')],
    [[paid], ev('open_negotiation_sent', '2024-04-01')],
    [[ev('denial_received', '2024-04-01')], ev('open_negotiation_filed', '2024-04-02')],
    [[paid, sent], ev('idr_initiated', '2024-05-28')],
    [[paid, ev('open_negotiation_filed', '2024-04-10')], ev('open_negotiation_response', '2024-04-20')],
    [[paid, sent], ev('settled', '2024-04-20')],
    [[paid, sent, ev('settled', '2024-04-20')], ev('award_paid', '2024-05-01')],
    [[paid, sent, initiated], ev('entity_selected', '2024-05-28')],
    [[paid, sent, initiated, selected], ev('offer_submitted', '2024-06-01')],
    [[paid, sent, initiated, selected], ev('determination', '2024-07-01')],
    [[paid, sent, initiated], ev('ineligible', '2024-06-01')],
    [[paid, sent], ev('withdrawn', '2024-04-11')],
    [
      [paid, sent, initiated, selected],
      { type: 'extension', date: '2024-06-03', step: 'offers_due', new_due: '2024-06-20' },
    ],
  ] as const)('allows after %j: %j', (existing, next) => {
    // Act & Assess
    expect(checkPrerequisites(existing, next)).toBeNull();
  });

  it.each([
    [[], ev('open_negotiation_sent', '2024-04-01'), 'type', /needs initial_payment_received or denial_received/],
    [[paid], ev('idr_initiated', '2024-05-01'), 'type', /needs open_negotiation_sent or open_negotiation_filed/],
    [[paid, sent], ev('entity_selected', '2024-05-01'), 'type', /entity_selected needs idr_initiated/],
    [[paid, sent, initiated], ev('determination', '2024-07-01'), 'type', /needs entity_selected/],
    [[paid, sent, initiated, selected], ev('award_paid', '2024-07-01'), 'type', /needs determination or settled/],
    [
      [paid],
      ev('open_negotiation_sent', '2024-03-31'),
      'date',
      /on or after the initial_payment_received date \(2024-04-01\)/,
    ],
    [[paid, sent, ev('withdrawn', '2024-04-12')], ev('idr_initiated', '2024-05-01'), 'type', /closed: withdrawn/],
    [[paid, sent, initiated, ev('ineligible', '2024-06-01')], ev('entity_selected', '2024-06-02'), 'type', /closed/],
    [[paid, sent, ev('settled', '2024-04-20')], ev('idr_initiated', '2024-05-01'), 'type', /settled .*only award_paid/],
    [
      [paid],
      { type: 'extension', date: '2024-04-02', step: 'offers_due', new_due: '2024-06-01' },
      'type',
      /extension of offers_due needs entity_selected or offer_requested/,
    ],
    [
      [paid],
      { type: 'extension', date: '2024-04-02', step: 'open_negotiation_initiation_due', new_due: '2024-04-01' },
      'new_due',
      /on or after/,
    ],
  ] as const)('refuses after %j: %j on %s', (existing, next, field, message) => {
    // Act
    const problem = checkPrerequisites(existing, next);
    // Assess
    expect(problem?.field).toBe(field);
    expect(problem?.message).toMatch(message);
  });
});

describe('statusAfterEvent', () => {
  it.each([
    [30, 'initial_payment_received', 40],
    [30, 'denial_received', 40],
    [40, 'open_negotiation_sent', 50],
    [20, 'open_negotiation_sent', 50],
    [50, 'settled', 60],
    [50, 'idr_initiated', 70],
    [70, 'determination', 80],
  ] as const)('from %p, %s moves to %p', (from, type, to) => {
    // Act & Assess
    expect(statusAfterEvent(from, type)).toBe(to);
  });

  it('moves to the statuses the spec names for each event', () => {
    // Act
    const keys = Object.entries(EVENT_STATUS_MOVES).map(([type, status]) => [type, caseStatus(status)?.key]);
    // Assess
    expect(keys).toEqual([
      ['initial_payment_received', 'insurance_payment_received'],
      ['denial_received', 'insurance_payment_received'],
      ['open_negotiation_sent', 'sent_to_negotiation'],
      ['settled', 'negotiation_settled'],
      ['idr_initiated', 'sent_to_idr'],
      ['determination', 'idr_decision_made'],
    ]);
  });

  it.each([
    [70, 'settled'],
    [80, 'idr_initiated'],
    [90, 'determination'],
    [50, 'open_negotiation_sent'],
    [40, 'bill_sent'],
    [70, 'entity_selected'],
    [80, 'award_paid'],
  ] as const)('from %p, %s does not move the case', (from, type) => {
    // Act & Assess
    expect(statusAfterEvent(from, type)).toBeNull();
  });
});

describe('eventsForStatus', () => {
  it.each([
    [40, ['initial_payment_received', 'denial_received']],
    [50, ['open_negotiation_sent']],
    [60, ['settled']],
    [70, ['idr_initiated']],
    [80, ['determination']],
    [30, []],
    [90, []],
  ] as const)('status %p stands for %p', (status, types) => {
    // Act & Assess
    expect(eventsForStatus(status)).toEqual(types);
  });
});

describe('DisputeDetailsSchema', () => {
  it('takes amounts in dollars and text, null to clear', () => {
    // Act & Assess
    expect(
      DisputeDetailsSchema.parse({ billed_amount: 12000, qpa: 3100.5, payer_name: ' Aetna ', dispute_reference: null }),
    ).toEqual({ billed_amount: 12000, qpa: 3100.5, payer_name: 'Aetna', dispute_reference: null });
  });

  it.each([
    [{ billed_amount: -5 }, 'billed_amount'],
    [{ qpa: 1.234 }, 'qpa'],
    [{ payer_contact: 'x'.repeat(201) }, 'payer_contact'],
  ])('refuses %j naming %s', (input, field) => {
    // Act
    const r = DisputeDetailsSchema.safeParse(input);
    // Assess
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual([field]);
  });
});
