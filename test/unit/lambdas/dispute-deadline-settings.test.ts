import './support/env';
import type * as CalendarModule from '../../../lambdas/data/dispute/calendar';
import type * as RulesModule from '../../../lambdas/dispute/rules';
import type { DisputeEvent } from '../../../lambdas/data/dispute/items';

/** Notice on 2026-08-10, filed on the portal on 2026-08-14. */
const EVENTS: DisputeEvent[] = [
  ['initial_payment_received', '2026-07-01'],
  ['open_negotiation_filed', '2026-08-14'],
  ['open_negotiation_sent', '2026-08-10'],
].map(([type, date], i) => ({
  event_id: `ev-00000${i + 1}`,
  type: type!,
  date: date!,
  fields: {},
  ...(type === 'initial_payment_received' ? { amount_cents: 10_000 } : {}),
  recorded_by: 'admin',
  recorded_at: '2026-08-20T12:00:00.000Z',
}));

/** The modules as a function starting with `DISPUTE_DEADLINES` = `value` (undefined: unset) loads them. */
function coldStart(value: string | undefined): { calendar: typeof CalendarModule; rules: typeof RulesModule } {
  const before = process.env.DISPUTE_DEADLINES;
  if (value === undefined) delete process.env.DISPUTE_DEADLINES;
  else process.env.DISPUTE_DEADLINES = value;
  try {
    let loaded: { calendar: typeof CalendarModule; rules: typeof RulesModule } | undefined;
    jest.isolateModules(() => {
      loaded = {
        calendar: jest.requireActual('../../../lambdas/data/dispute/calendar'),
        rules: jest.requireActual('../../../lambdas/dispute/rules'),
      };
    });
    return loaded!;
  } finally {
    if (before === undefined) delete process.env.DISPUTE_DEADLINES;
    else process.env.DISPUTE_DEADLINES = before;
  }
}

describe('DISPUTE_DEADLINES at cold start', () => {
  it('computes the stored deadlines with the defaults when unset', () => {
    // Act
    const { rules, calendar } = coldStart(undefined);
    const due = rules.derive(EVENTS, '2026-08-20').deadlines.find((d) => d.step === 'idr_initiation_due');
    // Assess
    expect(due).toMatchObject({ due: '2026-10-01', rule_version: '2026-IDR-Ops' });
    expect(calendar.dueSoonEnd('2026-08-20')).toBe('2026-08-27');
  });

  it('computes the stored deadlines, the queue ranges and the states with the stage settings', () => {
    // Act
    const { rules, calendar } = coldStart(
      '{"openNegotiationStartFrom":"2026-09-01","responseNoticeFrom":null,"dueSoonBusinessDays":2}',
    );
    const derived = rules.derive(EVENTS, '2026-08-20');
    // Assess: the 2021 rule counts from the notice, no response notice is due, and the due-soon
    // window ends 2 business days on
    expect(derived.deadlines.find((d) => d.step === 'idr_initiation_due')).toMatchObject({
      due: '2026-09-25',
      rule_version: '2021-IFR',
    });
    expect(derived.deadlines.map((d) => d.step)).not.toContain('open_negotiation_response_due');
    expect(derived.queue).toMatchObject({ step: 'idr_initiation_due', due: '2026-09-25' });
    expect(calendar.dueSoonEnd('2026-08-20')).toBe('2026-08-24');
    expect(calendar.pendingState('2026-08-25', '2026-08-20')).toBe('open');
    expect(rules.queueRange('due_soon', undefined, '2026-08-20')).toEqual({ from: '2026-08-20', to: '2026-08-24' });
  });

  it('counts the Executive Order closures as no business day when switched on', () => {
    // Act: 2025-12-24 and 2025-12-26 closed, 2025-12-25 a holiday
    const { calendar } = coldStart('{"executiveOrderClosures":true}');
    // Assess
    expect(calendar.addBusinessDays('2025-12-23', 1)).toBe('2025-12-29');
    expect(coldStart(undefined).calendar.addBusinessDays('2025-12-23', 1)).toBe('2025-12-24');
  });

  it('stops the function from starting, naming the variable and the setting, when the value is bad', () => {
    // Act
    const start = () => coldStart('{"responseNoticeFrom":"2026-13-01"}');
    // Assess
    expect(start).toThrow(/^Invalid DISPUTE_DEADLINES: responseNoticeFrom must be a date that exists/);
    expect(() => coldStart('not json')).toThrow(/^Invalid DISPUTE_DEADLINES: not JSON/);
  });
});
