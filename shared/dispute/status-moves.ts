/**
 * The case statuses dispute events move a case to (forward only; the spec's statuses 40 to 80:
 * Received Payment, Sent to Negotiation, Negotiation Settled, Sent to IDR, IDR Decision Made), and
 * back: the events a status stands for. Its own module without zod, so that the back office's status
 * control can ask which moves need an event without loading the event schemas.
 */
import type { CaseStatusValue } from '../statuses';
import type { DisputeEventType } from './events';

/** The status each event moves a case to. */
export const EVENT_STATUS_MOVES: Readonly<Partial<Record<DisputeEventType, CaseStatusValue>>> = {
  initial_payment_received: 40,
  denial_received: 40,
  open_negotiation_sent: 50,
  settled: 60,
  idr_initiated: 70,
  determination: 80,
};

/** The status a case moves to when `type` is recorded, or null when it stays (no move, or never back). */
export function statusAfterEvent(currentStatus: number, type: DisputeEventType): CaseStatusValue | null {
  const target = EVENT_STATUS_MOVES[type];
  return target !== undefined && target > currentStatus ? target : null;
}

/**
 * The event types that move a case to `status` (any one of them stands for it), in the order of
 * {@link EVENT_STATUS_MOVES}; [] for a status no event moves to (0 to 30, 90).
 */
export function eventsForStatus(status: number): DisputeEventType[] {
  return (Object.keys(EVENT_STATUS_MOVES) as DisputeEventType[]).filter((type) => EVENT_STATUS_MOVES[type] === status);
}
