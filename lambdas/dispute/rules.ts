/**
 * The dispute desk's rules between the API and the stored dispute: stored events to the engine's
 * (shared/dispute, amounts in dollars) and back, what a dispute's events derive (its deadlines as of
 * today, its queue entry and its award), its amounts, and the date ranges of the queue's states.
 */
import {
  centsToDollars,
  computeDeadlines,
  dollarsToCents,
  nextDeadline,
  type Deadline,
  type DisputeEventInput,
} from '../../shared/dispute';
import type { DisputeAmounts, DisputeEventAnswer } from '../../shared/schemas/dispute-api';
import type { AwardEntry, DisputeEvent, DisputeRecord, QueueEntry } from '../data/dispute/items';
import { addCalendarDays, deadlineConfig } from '../data/dispute/calendar';

/** The API event of a stored one (dollars; its type's fields at the top level). */
export function toEngineEvent(event: DisputeEvent): DisputeEventInput {
  return {
    type: event.type,
    date: event.date,
    ...event.fields,
    ...(event.amount_cents !== undefined ? { amount: centsToDollars(event.amount_cents) } : {}),
  } as DisputeEventInput;
}

/** The stored event of an API one: the amount in cents, the other fields as text. */
export function fromEngineEvent(
  input: DisputeEventInput,
  meta: { event_id: string; recorded_by: string; recorded_at: string },
): DisputeEvent {
  const { type, date, ...rest } = input as DisputeEventInput & Record<string, unknown>;
  const fields: Record<string, string> = {};
  let amountCents: number | undefined;
  for (const [name, value] of Object.entries(rest)) {
    if (name === 'amount' && typeof value === 'number') amountCents = dollarsToCents(value);
    else if (typeof value === 'string') fields[name] = value;
  }
  return { ...meta, type, date, fields, ...(amountCents !== undefined ? { amount_cents: amountCents } : {}) };
}

/** The live (not deleted) events, in recording order: what the engine and the prerequisites see. */
export function liveEvents(events: readonly DisputeEvent[]): DisputeEvent[] {
  return events.filter((e) => e.deleted === undefined).sort((a, b) => (a.event_id < b.event_id ? -1 : 1));
}

/** What a dispute's live events derive as of `asOf`. */
export interface Derived {
  deadlines: Deadline[];
  next: Deadline | null;
  /** The queue entry (the next open deadline), when one is open. */
  queue?: QueueEntry;
  /** The award, once a determination is recorded. */
  award?: AwardEntry;
}

/** The deadlines, queue entry and award of `events` (live ones, recording order) as of `asOf`, by the stage's rules. */
export function derive(events: readonly DisputeEvent[], asOf: string): Derived {
  const deadlines = computeDeadlines(events.map(toEngineEvent), { asOf, config: deadlineConfig });
  const next = nextDeadline(deadlines);
  const latest = (type: string) => [...events].reverse().find((e) => e.type === type);
  const determination = latest('determination');
  let award: AwardEntry | undefined;
  if (determination) {
    const payments = events.filter((e) => e.type === 'award_paid');
    const due =
      deadlines.find((d) => d.step === 'award_payment_due' && d.basis.type === 'determination')?.due ??
      addCalendarDays(determination.date, 30);
    award = {
      determination_date: determination.date,
      award_cents: determination.amount_cents ?? 0,
      paid_cents: payments.reduce((sum, e) => sum + (e.amount_cents ?? 0), 0),
      due,
      state: payments.length > 0 ? 'paid' : 'unpaid',
    };
  }
  return {
    deadlines,
    next,
    ...(next ? { queue: { step: next.step, due: next.due } } : {}),
    ...(award ? { award } : {}),
  };
}

/**
 * The amounts of a dispute in dollars (null when not recorded): the per-case billed amount and QPA,
 * and from the live events the latest of each kind (a later event corrects an earlier one), except
 * the award payments, which add up (an award may be paid in parts).
 */
export function amountsOf(record: DisputeRecord | undefined, events: readonly DisputeEvent[]): DisputeAmounts {
  const dollars = (cents: number | undefined) => (cents === undefined ? null : centsToDollars(cents));
  const latest = (test: (e: DisputeEvent) => boolean) =>
    dollars([...events].reverse().find((e) => test(e) && e.amount_cents !== undefined)?.amount_cents);
  const payments = events.filter((e) => e.type === 'award_paid' && e.amount_cents !== undefined);
  return {
    billed: dollars(record?.billed_amount_cents),
    initial_payment: latest((e) => e.type === 'initial_payment_received'),
    qpa: dollars(record?.qpa_cents),
    provider_offer: latest((e) => e.type === 'offer_submitted' && e.fields.party === 'provider'),
    payer_offer: latest((e) => e.type === 'offer_submitted' && e.fields.party === 'payer'),
    settlement: latest((e) => e.type === 'settled'),
    award: latest((e) => e.type === 'determination'),
    award_paid: payments.length ? dollars(payments.reduce((s, e) => s + (e.amount_cents ?? 0), 0)) : null,
  };
}

/** An event as answered: its fields, the amount in dollars, who recorded (and deleted) it. */
export function eventAnswer(event: DisputeEvent, names: ReadonlyMap<string, string>): DisputeEventAnswer {
  const name = names.get(event.recorded_by);
  return {
    event_id: event.event_id,
    type: event.type,
    date: event.date,
    ...(event.amount_cents !== undefined ? { amount: centsToDollars(event.amount_cents) } : {}),
    ...event.fields,
    recorded_by: event.recorded_by,
    ...(name ? { recorded_by_name: name } : {}),
    recorded_at: event.recorded_at,
    ...(event.deleted
      ? { deleted_at: event.deleted.at, deleted_by: event.deleted.by, delete_reason: event.deleted.reason }
      : {}),
  };
}

export { queueRange } from '../data/dispute/calendar';
