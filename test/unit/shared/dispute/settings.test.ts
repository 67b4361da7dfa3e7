import { EXECUTIVE_ORDER_CLOSURES, DEFAULT_DEADLINE_CONFIG, computeDeadlines } from '../../../../shared/dispute';
import type { DisputeEventInput } from '../../../../shared/dispute';
import {
  InvalidDeadlineSettingsError,
  deadlineConfigOf,
  parseDeadlineSettings,
} from '../../../../shared/dispute/settings';

/** Notice on 2026-08-10, filed on the portal on 2026-08-14: the 2026 rule starts the period at the later. */
const EVENTS = [
  { type: 'initial_payment_received', date: '2026-07-01', amount: 100 },
  { type: 'open_negotiation_filed', date: '2026-08-14' },
  { type: 'open_negotiation_sent', date: '2026-08-10' },
] as DisputeEventInput[];

function problem(raw: unknown): string {
  try {
    parseDeadlineSettings(raw, 'disputeDeadlines');
  } catch (err) {
    expect(err).toBeInstanceOf(InvalidDeadlineSettingsError);
    return (err as Error).message;
  }
  throw new Error('expected an InvalidDeadlineSettingsError');
}

describe('parseDeadlineSettings', () => {
  it('answers the engine defaults when nothing is given', () => {
    // Act
    const configs = [undefined, '', {}, '{}'].map((raw) => deadlineConfigOf(parseDeadlineSettings(raw, 'X')));
    // Assess
    for (const config of configs) expect(config).toEqual(DEFAULT_DEADLINE_CONFIG);
  });

  it('takes each setting from an object or its JSON text', () => {
    // Prepare
    const given = {
      openNegotiationStartFrom: '2026-09-01',
      responseNoticeFrom: null,
      batchedCoolingOffFrom: '2027-01-04',
      dueSoonBusinessDays: 3,
      executiveOrderClosures: true,
    };
    // Act
    const fromObject = deadlineConfigOf(parseDeadlineSettings(given, 'X'));
    const fromText = deadlineConfigOf(parseDeadlineSettings(JSON.stringify(given), 'X'));
    // Assess
    expect(fromText).toEqual(fromObject);
    expect(fromObject).toEqual({
      extraClosures: EXECUTIVE_ORDER_CLOSURES,
      dueSoonBusinessDays: 3,
      provisions2026: {
        openNegotiationStart: { appliesFrom: '2026-09-01', requireNoticeToOtherParty: true },
        responseNotice: { appliesFrom: null },
        batchedCoolingOff: { appliesFrom: '2027-01-04' },
      },
    });
  });

  it.each([
    ['text that is not JSON', '{dueSoon', 'Invalid disputeDeadlines: not JSON'],
    [
      'a date that does not exist',
      { responseNoticeFrom: '2026-02-30' },
      'responseNoticeFrom must be a date that exists',
    ],
    ['a due-soon window of 0', { dueSoonBusinessDays: 0 }, 'dueSoonBusinessDays must be a whole number'],
    ['a due-soon window of 2.5', '{"dueSoonBusinessDays":2.5}', 'dueSoonBusinessDays must be a whole number'],
    [
      'a closures switch that is not a boolean',
      { executiveOrderClosures: 'yes' },
      'executiveOrderClosures must be true',
    ],
    ['a misspelt setting', { dueSoonDays: 3 }, 'dueSoonDays'],
    ['a list instead of an object', '[1]', 'Invalid disputeDeadlines'],
  ])('refuses %s with a message naming the setting', (_what, raw, expected) => {
    // Act
    const message = problem(raw);
    // Assess
    expect(message).toContain(expected);
  });
});

describe('a stage setting in the engine', () => {
  it('moves the IDR initiation deadline when the open negotiation start rule applies from a later date', () => {
    // Prepare
    const defaults = deadlineConfigOf(parseDeadlineSettings(undefined, 'X'));
    const later = deadlineConfigOf(parseDeadlineSettings({ openNegotiationStartFrom: '2026-09-01' }, 'X'));
    const due = (config: typeof defaults) =>
      computeDeadlines(EVENTS, { asOf: '2026-08-20', config }).find((d) => d.step === 'idr_initiation_due');
    // Act
    const [byDefault, byLater] = [due(defaults), due(later)];
    // Assess: from the filing (2026-08-14) by default, from the notice (2026-08-10) under 2021-IFR
    expect(byDefault).toMatchObject({ due: '2026-10-01', rule_version: '2026-IDR-Ops' });
    expect(byLater).toMatchObject({ due: '2026-09-25', rule_version: '2021-IFR' });
  });

  it('drops the response notice deadline when its rule is switched off', () => {
    // Prepare
    const off = deadlineConfigOf(parseDeadlineSettings({ responseNoticeFrom: null }, 'X'));
    // Act
    const steps = (config?: typeof off) =>
      computeDeadlines(EVENTS, { asOf: '2026-08-20', ...(config ? { config } : {}) }).map((d) => d.step);
    // Assess
    expect(steps()).toContain('open_negotiation_response_due');
    expect(steps(off)).not.toContain('open_negotiation_response_due');
  });
});
