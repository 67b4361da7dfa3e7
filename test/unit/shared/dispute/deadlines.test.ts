/**
 * The deadline engine (shared/dispute/deadlines.ts) over worked examples: each step, the states, the
 * 2026 switch, extensions and the next deadline.
 */
import {
  DEADLINE_STEPS,
  DeadlineSchema,
  type ComputeDeadlines,
  type Deadline,
  type DeadlineStep,
  type DisputeEventInput,
  type NextDeadline,
} from '../../../../shared/dispute/events';
import {
  computeDeadlines,
  dueSoonEnd,
  nextDeadline,
  pendingState,
  resolveDeadlineConfig,
} from '../../../../shared/dispute/deadlines';

// The engine matches the signatures published with the event schemas.
const compute: ComputeDeadlines = computeDeadlines;
const next: NextDeadline = nextDeadline;

const byStep = (deadlines: Deadline[], step: DeadlineStep) => deadlines.filter((d) => d.step === step);
const one = (deadlines: Deadline[], step: DeadlineStep): Deadline => {
  const found = byStep(deadlines, step);
  expect(found).toHaveLength(1);
  return found[0] as Deadline;
};

/** A dispute of 2024 carried to its determination (open negotiation started on calibration date A). */
const dispute2024: DisputeEventInput[] = [
  { type: 'bill_sent', date: '2024-03-01' },
  { type: 'initial_payment_received', date: '2024-04-01', amount: 1200 },
  { type: 'open_negotiation_sent', date: '2024-05-31' },
  { type: 'idr_initiated', date: '2024-07-18' },
  { type: 'entity_selected', date: '2024-07-22', entity_name: 'Maximus', selected_by: 'joint' },
  { type: 'offer_requested', date: '2024-08-01' },
  { type: 'offer_submitted', date: '2024-08-09', amount: 9000, party: 'provider' },
  { type: 'determination', date: '2024-09-03', amount: 9000, prevailing_party: 'provider' },
];

describe('computeDeadlines: a 2024 dispute, step by step', () => {
  const deadlines = compute(dispute2024, { asOf: '2024-09-20' });

  it.each([
    ['initial_payment_due', '2024-03-31', 'calendar', 'bill_sent', 'V', 'payer', 'late', '2024-04-01'],
    [
      'open_negotiation_initiation_due',
      '2024-05-10',
      'business',
      'initial_payment_received',
      'S',
      'provider',
      'late',
      '2024-05-31',
    ],
    ['open_negotiation_end', '2024-07-15', 'business', 'open_negotiation_sent', 'S', 'none', 'info', undefined],
    ['idr_initiation_window_start', '2024-07-16', 'business', 'open_negotiation_sent', 'S', 'none', 'info', undefined],
    ['idr_initiation_due', '2024-07-19', 'business', 'open_negotiation_sent', 'S', 'provider', 'met', '2024-07-18'],
    ['entity_selection_joint_due', '2024-07-23', 'business', 'idr_initiated', 'V', 'provider', 'met', '2024-07-22'],
    [
      'entity_selection_departments_due',
      '2024-07-26',
      'business',
      'idr_initiated',
      'V',
      'departments',
      'not_applicable',
      undefined,
    ],
    ['conflict_attestation_due', '2024-07-25', 'business', 'entity_selected', 'U', 'entity', 'met', undefined],
    ['determination_due', '2024-09-03', 'business', 'entity_selected', 'S', 'entity', 'met', '2024-09-03'],
    ['award_payment_due', '2024-10-03', 'calendar', 'determination', 'U', 'payer', 'open', undefined],
    ['entity_fee_refund_due', '2024-10-16', 'business', 'determination', 'V', 'entity', 'open', undefined],
    ['cooling_off_end', '2024-12-02', 'calendar', 'determination', 'S', 'none', 'info', undefined],
    ['post_cooling_off_initiation_due', '2025-01-15', 'business', 'determination', 'S', 'provider', 'open', undefined],
  ] as const)(
    '%s is due %s (%s days from %s, graded %s, %s, %s)',
    (step, due, dayType, basis, graded, party, state, metOn) => {
      // Act
      const d = one(deadlines, step);
      // Assess
      expect(d).toMatchObject({ due, day_type: dayType, graded, party, state, rule_version: '2021-IFR' });
      expect(d.basis.type).toBe(basis);
      expect(d.met_on).toBe(metOn);
    },
  );

  it('keeps both offer dates: from the selection and from the entity request', () => {
    // Act
    const offers = byStep(deadlines, 'offers_due');
    // Assess
    expect(offers.map((d) => [d.basis.type, d.due, d.state, d.met_on])).toEqual([
      ['entity_selected', '2024-08-05', 'late', '2024-08-09'],
      ['offer_requested', '2024-08-15', 'met', '2024-08-09'],
    ]);
  });

  it('answers in step order, every answer of the published shape, no response notice before 2026', () => {
    // Assess
    const order = deadlines.map((d) => DEADLINE_STEPS.indexOf(d.step));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    for (const d of deadlines) expect(DeadlineSchema.parse(d)).toEqual(d);
    expect(byStep(deadlines, 'open_negotiation_response_due')).toEqual([]);
  });

  it('flags a calendar-day deadline on a weekend without moving it', () => {
    // Assess
    expect(one(deadlines, 'initial_payment_due').falls_on_non_business_day).toBe(true);
    expect(one(deadlines, 'award_payment_due').falls_on_non_business_day).toBeUndefined();
  });
});

describe('computeDeadlines: enter the dates you have', () => {
  it('answers nothing without events', () => {
    // Act & Assess
    expect(compute([], { asOf: '2026-11-26' })).toEqual([]);
  });

  it('computes the IDR window from the open negotiation alone (calibration A)', () => {
    // Act
    const d = compute([{ type: 'open_negotiation_sent', date: '2024-05-31' }], { asOf: '2024-07-12' });
    // Assess
    expect(d.map((x) => [x.step, x.due, x.state])).toEqual([
      ['open_negotiation_end', '2024-07-15', 'info'],
      ['idr_initiation_window_start', '2024-07-16', 'info'],
      ['idr_initiation_due', '2024-07-19', 'due_soon'],
    ]);
  });

  it.each([
    ['2027-12-02', '2028-01-01', true],
    ['2025-05-20', '2025-06-19', true],
    ['2026-10-27', '2026-11-26', true],
    ['2026-06-01', '2026-07-01', undefined],
  ])('a bill sent %s is due to be paid %s (non-business day flag %p)', (bill, due, flag) => {
    // Act
    const d = one(compute([{ type: 'bill_sent', date: bill }], { asOf: bill }), 'initial_payment_due');
    // Assess
    expect(d.due).toBe(due);
    expect(d.falls_on_non_business_day).toBe(flag);
  });

  it('counts the award payment from an agreed amount', () => {
    // Act
    const d = one(
      compute([{ type: 'settled', date: '2025-11-14', amount: 4000 }], { asOf: '2025-12-01' }),
      'award_payment_due',
    );
    // Assess
    expect(d).toMatchObject({
      due: '2025-12-14',
      basis: { type: 'settled', date: '2025-11-14' },
      party: 'payer',
      state: 'open',
    });
    expect(d.falls_on_non_business_day).toBe(true);
  });

  it('counts a denial like an initial payment', () => {
    // Act
    const d = one(
      compute([{ type: 'denial_received', date: '2025-12-01' }], { asOf: '2025-12-02' }),
      'open_negotiation_initiation_due',
    );
    // Assess
    expect(d).toMatchObject({ due: '2026-01-13', basis: { type: 'denial_received' }, state: 'open' });
  });
});

describe('states', () => {
  const paid: DisputeEventInput[] = [{ type: 'initial_payment_received', date: '2025-12-01', amount: 100 }];
  // Due 2026-01-13 (a period of 30 business days beginning on 2025-12-01).
  it.each([
    ['2025-12-01', 'open'],
    ['2026-01-05', 'open'],
    ['2026-01-06', 'due_soon'],
    ['2026-01-13', 'due_soon'],
    ['2026-01-14', 'overdue'],
  ])('as of %s the open negotiation deadline is %s', (asOf, state) => {
    // Act & Assess
    expect(one(compute(paid, { asOf }), 'open_negotiation_initiation_due').state).toBe(state);
  });

  it.each([
    ['2026-01-13', '2026-01-05', 'open'],
    ['2026-01-13', '2026-01-06', 'due_soon'],
    ['2026-01-13', '2026-01-14', 'overdue'],
  ])('pendingState of a date due %s as of %s is %s, as the engine answers', (due, asOf, state) => {
    // Act & Assess
    expect(pendingState(due, asOf)).toBe(state);
    expect(dueSoonEnd('2026-01-06')).toBe('2026-01-13');
  });

  it('takes the due-soon window from the settings', () => {
    // Act & Assess
    const d = compute(paid, { asOf: '2026-01-02', config: { dueSoonBusinessDays: 10 } });
    expect(one(d, 'open_negotiation_initiation_due').state).toBe('due_soon');
    expect(one(compute(paid, { asOf: '2026-01-02' }), 'open_negotiation_initiation_due').state).toBe('open');
  });

  it.each([
    ['2026-01-13', 'met'],
    ['2026-01-14', 'late'],
  ])('a notice sent %s makes it %s', (sent, state) => {
    // Act
    const d = one(
      compute([...paid, { type: 'open_negotiation_sent', date: sent }], { asOf: '2026-03-01' }),
      'open_negotiation_initiation_due',
    );
    // Assess
    expect(d).toMatchObject({ state, met_on: sent });
  });

  it.each([
    [{ type: 'withdrawn', date: '2024-07-30' }],
    [{ type: 'ineligible', date: '2024-07-30', reason: 'Batching' }],
  ] as DisputeEventInput[][])('after %j nothing pending stays open', (closing) => {
    // Act
    const d = compute([...dispute2024.slice(0, 5), closing], { asOf: '2024-09-20' });
    // Assess
    expect(one(d, 'idr_initiation_due').state).toBe('met');
    expect(byStep(d, 'offers_due').map((x) => x.state)).toEqual(['not_applicable']);
    expect(one(d, 'determination_due').state).toBe('not_applicable');
    expect(nextDeadline(d)).toBeNull();
  });

  it('after a settlement only its payment is pending', () => {
    // Act
    const d = compute([...dispute2024.slice(0, 3), { type: 'settled', date: '2024-06-20', amount: 5000 }], {
      asOf: '2024-07-25',
    });
    // Assess
    expect(one(d, 'idr_initiation_due').state).toBe('not_applicable');
    expect(one(d, 'open_negotiation_end').state).toBe('not_applicable');
    expect(one(d, 'award_payment_due')).toMatchObject({ due: '2024-07-20', state: 'overdue' });
    expect(nextDeadline(d)?.step).toBe('award_payment_due');
  });

  it('a selection by the Departments leaves the joint selection not applicable', () => {
    // Act
    const d = compute(
      [
        { type: 'idr_initiated', date: '2026-03-02' },
        { type: 'entity_selected', date: '2026-03-10', entity_name: 'FHAS', selected_by: 'departments' },
      ],
      { asOf: '2026-03-11' },
    );
    // Assess
    expect(one(d, 'entity_selection_joint_due')).toMatchObject({ due: '2026-03-05', state: 'not_applicable' });
    expect(one(d, 'entity_selection_departments_due')).toMatchObject({
      due: '2026-03-10',
      state: 'met',
      met_on: '2026-03-10',
    });
    expect(one(d, 'conflict_attestation_due')).toMatchObject({ due: '2026-03-13', state: 'due_soon', graded: 'U' });
  });

  it('an award paid after its due date is late', () => {
    // Act
    const d = compute([...dispute2024, { type: 'award_paid', date: '2024-12-02', amount: 7800 }], {
      asOf: '2024-12-05',
    });
    // Assess
    expect(one(d, 'award_payment_due')).toMatchObject({ state: 'late', met_on: '2024-12-02' });
  });
});

describe('the 2026 switch (2026-IDR-Ops)', () => {
  it('keeps the 2021 rules for an open negotiation sent before 2026-08-03', () => {
    // Act
    const d = compute([{ type: 'open_negotiation_sent', date: '2026-07-31' }], { asOf: '2026-08-01' });
    // Assess
    expect(one(d, 'idr_initiation_due')).toMatchObject({ rule_version: '2021-IFR', due: '2026-09-17' });
    expect(byStep(d, 'open_negotiation_response_due')).toEqual([]);
  });

  it('starts the period on the later of filing and notice, with the response notice on business day 15', () => {
    // Act
    const d = compute(
      [
        { type: 'open_negotiation_sent', date: '2026-08-03' },
        { type: 'open_negotiation_filed', date: '2026-08-05' },
      ],
      { asOf: '2026-08-06' },
    );
    // Assess
    expect(one(d, 'open_negotiation_response_due')).toMatchObject({
      due: '2026-08-25',
      rule_version: '2026-IDR-Ops',
      party: 'payer',
      basis: { type: 'open_negotiation_filed', date: '2026-08-05' },
      state: 'open',
    });
    expect(one(d, 'open_negotiation_end')).toMatchObject({ due: '2026-09-16', rule_version: '2026-IDR-Ops' });
    expect(one(d, 'idr_initiation_due')).toMatchObject({ due: '2026-09-22', rule_version: '2026-IDR-Ops' });
  });

  it('starts on the filing alone when notice to the other party is not required', () => {
    // Act
    const d = compute(
      [
        { type: 'open_negotiation_filed', date: '2026-08-04' },
        { type: 'open_negotiation_sent', date: '2026-08-10' },
      ],
      {
        asOf: '2026-08-11',
        config: {
          provisions2026: { openNegotiationStart: { appliesFrom: '2026-08-03', requireNoticeToOtherParty: false } },
        },
      },
    );
    // Assess
    expect(one(d, 'open_negotiation_end').basis).toEqual({ type: 'open_negotiation_filed', date: '2026-08-04' });
  });

  it('switches each provision on by its own date', () => {
    // Act: the response notice from 2026-08-03, the new start only from 2027-01-04
    const d = compute(
      [
        { type: 'open_negotiation_sent', date: '2026-09-01' },
        { type: 'open_negotiation_filed', date: '2026-09-03' },
      ],
      {
        asOf: '2026-09-04',
        config: {
          provisions2026: { openNegotiationStart: { appliesFrom: '2027-01-04', requireNoticeToOtherParty: true } },
        },
      },
    );
    // Assess
    expect(one(d, 'open_negotiation_end')).toMatchObject({
      rule_version: '2021-IFR',
      basis: { type: 'open_negotiation_sent' },
    });
    expect(one(d, 'open_negotiation_response_due')).toMatchObject({ rule_version: '2026-IDR-Ops', due: '2026-09-22' });
  });

  it('applies no 2026 provision when they are switched off', () => {
    // Act
    const d = compute([{ type: 'open_negotiation_sent', date: '2027-03-01' }], {
      asOf: '2027-03-02',
      config: {
        provisions2026: {
          openNegotiationStart: { appliesFrom: null, requireNoticeToOtherParty: true },
          responseNotice: { appliesFrom: null },
        },
      },
    });
    // Assess
    expect(d.every((x) => x.rule_version === '2021-IFR')).toBe(true);
  });

  it('applies the batched cooling-off only when switched on and the dispute is batched', () => {
    // Prepare
    const events: DisputeEventInput[] = [
      { type: 'open_negotiation_sent', date: '2026-09-01' },
      { type: 'determination', date: '2027-02-01', amount: 1, prevailing_party: 'payer' },
    ];
    const on = { provisions2026: { batchedCoolingOff: { appliesFrom: '2026-08-03' } } };
    // Act
    const off = one(compute(events, { asOf: '2027-02-02', batched: true }), 'cooling_off_end');
    const single = one(compute(events, { asOf: '2027-02-02', config: on }), 'cooling_off_end');
    const batched = one(compute(events, { asOf: '2027-02-02', config: on, batched: true }), 'cooling_off_end');
    // Assess
    expect([off.due, off.rule_version]).toEqual(['2027-05-02', '2021-IFR']);
    expect(off.falls_on_non_business_day).toBe(true);
    expect(single.due).toBe('2027-05-02');
    expect(batched).toMatchObject({
      due: '2027-03-16',
      day_type: 'business',
      rule_version: '2026-IDR-Ops',
      graded: 'U',
    });
  });

  it('defaults to the dates of the rule', () => {
    // Act & Assess
    expect(resolveDeadlineConfig().provisions2026).toEqual({
      openNegotiationStart: { appliesFrom: '2026-08-03', requireNoticeToOtherParty: true },
      responseNotice: { appliesFrom: '2026-08-03' },
      batchedCoolingOff: { appliesFrom: null },
    });
    expect(resolveDeadlineConfig().extraClosures).toEqual([]);
  });
});

describe('extensions and closures', () => {
  const selected: DisputeEventInput[] = [
    { type: 'idr_initiated', date: '2025-12-15' },
    { type: 'entity_selected', date: '2025-12-18', entity_name: 'C2C', selected_by: 'joint' },
  ];

  it('moves a step to the latest extension and keeps the computed date', () => {
    // Act
    const d = compute(
      [
        ...selected,
        { type: 'extension', date: '2026-01-02', step: 'offers_due', new_due: '2026-01-09', reason: 'Storm' },
        { type: 'extension', date: '2026-01-05', step: 'offers_due', new_due: '2026-01-16', reason: 'Storm, longer' },
      ],
      { asOf: '2026-01-08' },
    );
    // Assess
    expect(one(d, 'offers_due')).toMatchObject({ due: '2026-01-16', extended_from: '2026-01-05', state: 'open' });
    expect(one(d, 'determination_due').extended_from).toBeUndefined();
  });

  it('never moves the award payment', () => {
    // Act
    const d = compute(
      [
        { type: 'settled', date: '2025-11-03', amount: 10 },
        {
          type: 'extension',
          date: '2025-11-04',
          step: 'award_payment_due',
          new_due: '2026-02-01',
          reason: 'x',
        } as unknown as DisputeEventInput,
      ],
      { asOf: '2025-11-05' },
    );
    // Assess
    expect(one(d, 'award_payment_due')).toMatchObject({ due: '2025-12-03' });
    expect(one(d, 'award_payment_due').extended_from).toBeUndefined();
  });

  it('counts the configured Executive Order closures', () => {
    // Act
    const plain = compute(selected, { asOf: '2025-12-19' });
    const closed = compute(selected, { asOf: '2025-12-19', config: { extraClosures: ['2025-12-24', '2025-12-26'] } });
    // Assess
    expect(one(plain, 'offers_due').due).toBe('2026-01-05');
    expect(one(closed, 'offers_due').due).toBe('2026-01-07');
  });
});

describe('nextDeadline', () => {
  it('is the soonest pending deadline an event records', () => {
    // Act
    const d = compute(dispute2024.slice(0, 5), { asOf: '2024-07-24' });
    // Assess: the attestation (no event records it) is sooner but not the next deadline
    expect(one(d, 'conflict_attestation_due').due).toBe('2024-07-25');
    expect(nextDeadline(d)).toMatchObject({ step: 'offers_due', due: '2024-08-05', state: 'open' });
  });

  it('is null when nothing is pending', () => {
    // Act & Assess
    expect(next(compute(dispute2024.slice(0, 2), { asOf: '2024-04-02' }))?.step).toBe(
      'open_negotiation_initiation_due',
    );
    expect(next([])).toBeNull();
    expect(
      next(
        compute(
          [
            { type: 'open_negotiation_sent', date: '2024-05-31' },
            { type: 'idr_initiated', date: '2024-07-17' },
          ],
          { asOf: '2024-07-18' },
        ),
      )?.step,
    ).toBe('entity_selection_joint_due');
  });
});

describe('purity', () => {
  afterEach(() => jest.useRealTimers());

  it('answers the same whatever the clock says: asOf is today', () => {
    // Prepare
    jest.useFakeTimers({ now: new Date('2020-01-01T12:00:00Z') });
    const early = compute(dispute2024, { asOf: '2024-09-20' });
    jest.setSystemTime(new Date('2031-06-30T23:59:00Z'));
    // Act
    const late = compute(dispute2024, { asOf: '2024-09-20' });
    // Assess
    expect(late).toEqual(early);
  });

  it('refuses a day that does not exist', () => {
    // Act & Assess
    expect(() => compute([{ type: 'bill_sent', date: '2024-01-01' }], { asOf: '2024-02-30' })).toThrow(RangeError);
  });
});
