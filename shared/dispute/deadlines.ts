/**
 * The No Surprises Act deadline engine: every federal deadline of a dispute from its dated events.
 * Pure (no clock: `asOf` stands for today) and light enough for the SPA, which shows the dates the
 * server computes. Rules, grades and conventions: shared/reference/nsa-idr-rules.md and
 * docs/decisions/0018-nsa-deadline-engine.md; statute 42 U.S.C. 300gg-111, regulations 45 CFR 149.510.
 */
import { addCalendarDays, businessCalendar, type BusinessCalendar } from './business-days';
import {
  DEADLINE_STEPS,
  DEFAULT_DEADLINE_CONFIG,
  NON_EXTENDABLE_STEPS,
  type ComputeDeadlinesOptions,
  type Deadline,
  type DeadlineConfig,
  type DeadlineState,
  type DeadlineStep,
  type DisputeEventInput,
  type DisputeEventType,
  type Grade,
  type Party,
  type RuleVersion,
} from './events';

type Event = DisputeEventInput;

/**
 * Steps no event of the dispute records (the entity's attestation and fee refund, and initiation of
 * other items after the cooling-off): shown with their dates, never the case's next deadline.
 */
export const UNRECORDED_STEPS: readonly DeadlineStep[] = [
  'conflict_attestation_due',
  'entity_fee_refund_due',
  'post_cooling_off_initiation_due',
];

/** The full engine settings from the defaults and a caller's partial settings. */
export function resolveDeadlineConfig(config: ComputeDeadlinesOptions['config'] = {}): DeadlineConfig {
  return {
    extraClosures: config.extraClosures ?? DEFAULT_DEADLINE_CONFIG.extraClosures,
    dueSoonBusinessDays: config.dueSoonBusinessDays ?? DEFAULT_DEADLINE_CONFIG.dueSoonBusinessDays,
    provisions2026: { ...DEFAULT_DEADLINE_CONFIG.provisions2026, ...config.provisions2026 },
  };
}

/** The last day of the due-soon window as of `asOf`: `dueSoonBusinessDays` business days after it. */
export function dueSoonEnd(
  asOf: string,
  config: DeadlineConfig = DEFAULT_DEADLINE_CONFIG,
  cal: BusinessCalendar = businessCalendar(config.extraClosures),
): string {
  return cal.addBusinessDays(asOf, config.dueSoonBusinessDays);
}

const pendingOn = (due: string, asOf: string, soonEnd: string): 'overdue' | 'due_soon' | 'open' =>
  asOf > due ? 'overdue' : due <= soonEnd ? 'due_soon' : 'open';

/**
 * The state of a deadline not yet done, due `due`, as of `asOf` (what {@link computeDeadlines}
 * answers for it): `overdue` after `due`, `due_soon` within the due-soon window, else `open`.
 */
export function pendingState(
  due: string,
  asOf: string,
  config: DeadlineConfig = DEFAULT_DEADLINE_CONFIG,
): 'overdue' | 'due_soon' | 'open' {
  return pendingOn(due, asOf, dueSoonEnd(asOf, config));
}

/** A step as computed before its state: due date, basis and rule, plus what satisfies it. */
interface Draft {
  step: DeadlineStep;
  due: string;
  day_type: 'business' | 'calendar';
  basis: { type: DisputeEventType; date: string };
  rule_version: RuleVersion;
  graded: Grade;
  party: Party;
  /** The event recording that the step was done, if any. */
  doneBy?: Event;
  /** Done, though no event says when (met without met_on). */
  doneUndated?: boolean;
  /** Moot: the dispute went another way (e.g. the other selection route, or a later stage reached). */
  moot?: boolean;
}

/** The latest recorded event of any of `types` (a later event of a type corrects an earlier one). */
function latest(events: readonly Event[], ...types: DisputeEventType[]): Event | undefined {
  for (let i = events.length - 1; i >= 0; i -= 1) {
    const e = events[i];
    if (e && types.includes(e.type)) return e;
  }
  return undefined;
}

const applies = (appliesFrom: string | null, date: string): boolean => appliesFrom !== null && date >= appliesFrom;

/**
 * The start of the open negotiation period and its rule version. 2021-IFR: the notice to the other
 * party (42 U.S.C. 300gg-111(c)(1)(A)). 2026-IDR-Ops, for open negotiations initiated on or after the
 * provision's date: the later of portal filing and notice to the other party, or the filing alone when
 * notice is not required; with only one of the two recorded, that one.
 */
function openNegotiationStart(
  events: readonly Event[],
  config: DeadlineConfig,
): { basis: Event; rule: RuleVersion } | undefined {
  const sent = latest(events, 'open_negotiation_sent');
  const filed = latest(events, 'open_negotiation_filed');
  const first = [sent, filed].filter((e): e is Event => e !== undefined).sort((a, b) => (a.date < b.date ? -1 : 1))[0];
  if (!first) return undefined;
  const { openNegotiationStart: provision } = config.provisions2026;
  if (!applies(provision.appliesFrom, first.date)) return { basis: sent ?? first, rule: '2021-IFR' };
  if (!provision.requireNoticeToOtherParty) return { basis: filed ?? first, rule: '2026-IDR-Ops' };
  const later = sent && filed ? (filed.date > sent.date ? filed : sent) : first;
  return { basis: later, rule: '2026-IDR-Ops' };
}

/** The steps whose basis is present, in step order, before extensions and states. */
function drafts(events: readonly Event[], config: DeadlineConfig, cal: BusinessCalendar, batched: boolean): Draft[] {
  const out: Draft[] = [];
  const basisOf = (e: Event) => ({ type: e.type, date: e.date });

  // Initial payment or denial: 30 calendar days from the bill (42 U.S.C. 300gg-111(a)(1)(C)(iv)).
  const bill = latest(events, 'bill_sent');
  if (bill) {
    out.push({
      step: 'initial_payment_due',
      due: addCalendarDays(bill.date, 30),
      day_type: 'calendar',
      basis: basisOf(bill),
      rule_version: '2021-IFR',
      graded: 'V',
      party: 'payer',
      doneBy: latest(events, 'initial_payment_received', 'denial_received'),
    });
  }

  // Open negotiation initiated within a period of 30 business days beginning on the day the initial
  // payment or denial is received (42 U.S.C. 300gg-111(c)(1)(A); in business days by 45 CFR 149.510(b)(1)).
  const payment = latest(events, 'initial_payment_received', 'denial_received');
  if (payment) {
    out.push({
      step: 'open_negotiation_initiation_due',
      due: cal.periodEnd(payment.date, 30),
      day_type: 'business',
      basis: basisOf(payment),
      rule_version: '2021-IFR',
      graded: 'S',
      party: 'provider',
      doneBy: latest(events, 'open_negotiation_sent'),
    });
  }

  const initiated = latest(events, 'idr_initiated');
  const start = openNegotiationStart(events, config);
  if (start) {
    const on = {
      day_type: 'business' as const,
      basis: basisOf(start.basis),
      rule_version: start.rule,
      graded: 'S' as const,
    };
    // The open negotiation period: 30 business days beginning on its start (42 U.S.C. 300gg-111(c)(1)(A)).
    out.push({ ...on, step: 'open_negotiation_end', due: cal.periodEnd(start.basis.date, 30), party: 'none' });
    // 2026-IDR-Ops: the Open Negotiation Response Notice by business day 15 of the period.
    const firstDate = [latest(events, 'open_negotiation_sent'), latest(events, 'open_negotiation_filed')]
      .filter((e): e is Event => e !== undefined)
      .map((e) => e.date)
      .sort()[0];
    if (firstDate && applies(config.provisions2026.responseNotice.appliesFrom, firstDate)) {
      out.push({
        ...on,
        step: 'open_negotiation_response_due',
        due: cal.periodEnd(start.basis.date, 15),
        rule_version: '2026-IDR-Ops',
        party: 'payer',
        doneBy: latest(events, 'open_negotiation_response'),
        moot: initiated !== undefined,
      });
    }
    // IDR initiation in the 4 business days after the period: business days 31 to 34 counting the start
    // as business day 1 (42 U.S.C. 300gg-111(c)(1)(B); calibrated on the Departments' July 2024 notice).
    out.push({ ...on, step: 'idr_initiation_window_start', due: cal.periodEnd(start.basis.date, 31), party: 'none' });
    out.push({
      ...on,
      step: 'idr_initiation_due',
      due: cal.periodEnd(start.basis.date, 34),
      party: 'provider',
      doneBy: initiated,
    });
  }

  // A step due N business days after its basis event (day 0), under the 2021 rules.
  const after = (basis: Event, n: number, rest: Pick<Draft, 'step' | 'graded' | 'party'> & Partial<Draft>): Draft => ({
    due: cal.addBusinessDays(basis.date, n),
    day_type: 'business',
    basis: basisOf(basis),
    rule_version: '2021-IFR',
    ...rest,
  });

  // Selection of the certified IDR entity: jointly within 3 business days of initiation, by the
  // Departments within 6 when the parties fail (42 U.S.C. 300gg-111(c)(4)(F)(i),(ii)).
  const selected = latest(events, 'entity_selected');
  const selectedBy = selected?.type === 'entity_selected' ? selected.selected_by : undefined;
  if (initiated) {
    out.push(
      after(initiated, 3, {
        step: 'entity_selection_joint_due',
        graded: 'V',
        party: 'provider',
        doneBy: selectedBy === 'joint' ? selected : undefined,
        moot: selectedBy === 'departments',
      }),
      after(initiated, 6, {
        step: 'entity_selection_departments_due',
        graded: 'V',
        party: 'departments',
        doneBy: selectedBy === 'departments' ? selected : undefined,
        moot: selectedBy === 'joint',
      }),
    );
  }

  const determination = latest(events, 'determination');
  const offerRequested = latest(events, 'offer_requested');
  const providerOffer = [...events].reverse().find((e) => e.type === 'offer_submitted' && e.party === 'provider');
  const offers = {
    step: 'offers_due',
    graded: 'S',
    party: 'provider',
    doneBy: providerOffer,
    moot: determination !== undefined,
  } as const;
  if (selected) {
    // The entity's conflict-of-interest attestation within 3 business days of selection (the
    // regulations, 45 CFR 149.510(c); unconfirmed). No event records it: a later entity step shows it done.
    out.push(
      after(selected, 3, {
        step: 'conflict_attestation_due',
        graded: 'U',
        party: 'entity',
        doneUndated: offerRequested !== undefined || determination !== undefined,
      }),
    );
    // Offers and fees within 10 business days of selection (42 U.S.C. 300gg-111(c)(5)(B)).
    out.push(after(selected, 10, offers));
  }
  // Entities count the 10 business days from their own request after the eligibility review: both dates kept.
  if (offerRequested) out.push(after(offerRequested, 10, offers));
  // The payment determination within 30 business days of selection (42 U.S.C. 300gg-111(c)(5)(A)).
  if (selected)
    out.push(after(selected, 30, { step: 'determination_due', graded: 'S', party: 'entity', doneBy: determination }));

  // Payment of the award or of the amount agreed in open negotiation: 30 days, read as calendar days
  // (42 U.S.C. 300gg-111(c)(6); the day type is unconfirmed).
  const settled = latest(events, 'settled');
  const payable = [determination, settled]
    .filter((e): e is Event => e !== undefined)
    .sort((a, b) => (a.date < b.date ? 1 : -1))[0];
  if (payable) {
    out.push({
      step: 'award_payment_due',
      due: addCalendarDays(payable.date, 30),
      day_type: 'calendar',
      basis: basisOf(payable),
      rule_version: '2021-IFR',
      graded: 'U',
      party: 'payer',
      doneBy: latest(events, 'award_paid'),
    });
  }

  if (determination) {
    const det = { basis: basisOf(determination), rule_version: '2021-IFR' as const };
    // The entity refunds the prevailing party's entity fee within 30 business days (45 CFR 149.510(e)(2)(viii)).
    out.push(after(determination, 30, { step: 'entity_fee_refund_due', graded: 'V', party: 'entity' }));
    // Cooling-off: 90 calendar days, the last suspended day being day 90 (42 U.S.C. 300gg-111(c)(5)(E)(ii)).
    // 2026-IDR-Ops (unconfirmed, off by default): 30 business days for a batched dispute.
    const start26 = start?.basis.date ?? determination.date;
    const batchedRule = batched && applies(config.provisions2026.batchedCoolingOff.appliesFrom, start26);
    const coolingOffEnd = batchedRule
      ? cal.addBusinessDays(determination.date, 30)
      : addCalendarDays(determination.date, 90);
    out.push({
      ...det,
      step: 'cooling_off_end',
      due: coolingOffEnd,
      day_type: batchedRule ? 'business' : 'calendar',
      rule_version: batchedRule ? '2026-IDR-Ops' : '2021-IFR',
      graded: batchedRule ? 'U' : 'S',
      party: 'none',
    });
    // Items whose open negotiation ended during the cooling-off: a period of 30 business days beginning
    // on the day after its last day (42 U.S.C. 300gg-111(c)(5)(E)(iii)).
    out.push({
      ...det,
      step: 'post_cooling_off_initiation_due',
      due: cal.periodEnd(addCalendarDays(coolingOffEnd, 1), 30),
      day_type: 'business',
      graded: 'S',
      party: 'provider',
    });
  }
  return out;
}

/**
 * Every deadline whose basis event is present, in the order of {@link DEADLINE_STEPS}, with its state
 * on `asOf` (YYYY-MM-DD). Events are taken in the order recorded; the latest of a type counts (per
 * party for offers, per step for extensions). An `extension` moves its step's due date and keeps the
 * computed one in `extended_from` (42 U.S.C. 300gg-111(c)(9); never idr_initiation_due or
 * award_payment_due). After `ineligible` or `withdrawn`, and after `settled` for all but the
 * payment, a step not yet done is `not_applicable`. Throws RangeError for a date that does not exist.
 */
export function computeDeadlines(
  events: readonly DisputeEventInput[],
  { asOf, config, batched = false }: ComputeDeadlinesOptions,
): Deadline[] {
  const cfg = resolveDeadlineConfig(config);
  const cal = businessCalendar(cfg.extraClosures);
  const dueSoonLimit = dueSoonEnd(asOf, cfg, cal);
  const closed = latest(events, 'ineligible', 'withdrawn');
  const settled = latest(events, 'settled');
  const order = (s: DeadlineStep) => DEADLINE_STEPS.indexOf(s);

  return drafts(events, cfg, cal, batched)
    .sort((a, b) => order(a.step) - order(b.step))
    .map((d): Deadline => {
      const extension = NON_EXTENDABLE_STEPS.includes(d.step)
        ? undefined
        : [...events].reverse().find((e) => e.type === 'extension' && e.step === d.step);
      const due = extension?.type === 'extension' ? extension.new_due : d.due;
      const deadline: Deadline = {
        step: d.step,
        due,
        day_type: d.day_type,
        basis: d.basis,
        rule_version: d.rule_version,
        graded: d.graded,
        party: d.party,
        state: 'open',
      };
      if (due !== d.due) deadline.extended_from = d.due;
      if (d.day_type === 'calendar' && !cal.isBusinessDay(due)) deadline.falls_on_non_business_day = true;

      let state: DeadlineState;
      const notApplicable = d.moot || closed !== undefined || (settled !== undefined && d.step !== 'award_payment_due');
      if (d.doneBy) {
        state = d.doneBy.date <= due ? 'met' : 'late';
        deadline.met_on = d.doneBy.date;
      } else if (d.doneUndated) state = 'met';
      else if (notApplicable) state = 'not_applicable';
      else if (d.party === 'none') state = 'info';
      else state = pendingOn(due, asOf, dueSoonLimit);
      deadline.state = state;
      return deadline;
    });
}

const PENDING: readonly DeadlineState[] = ['open', 'due_soon', 'overdue'];

/**
 * The case's next deadline: the soonest `open`, `due_soon` or `overdue` one that an event of the
 * dispute records (not {@link UNRECORDED_STEPS}); ties in step order; null when none is pending.
 */
export function nextDeadline(deadlines: readonly Deadline[]): Deadline | null {
  let next: Deadline | null = null;
  for (const d of deadlines) {
    if (!PENDING.includes(d.state) || UNRECORDED_STEPS.includes(d.step)) continue;
    if (!next || d.due < next.due) next = d;
  }
  return next;
}
