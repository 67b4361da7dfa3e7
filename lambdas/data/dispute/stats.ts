/**
 * The dispute counts of GET /case/stats (docs/decisions/0019-dispute-data.md), read from the
 * counters every dispute write keeps (./counters.ts).
 */
import { centsToDollars } from '../../../shared';
import type { DisputeStats } from '../../../shared/schemas/lists';
import { addCalendarDays, dueSoonEnd } from './calendar';
import { countDue, readAwardTotals } from './counters';
import type { DueCounterFamily } from './keys';

/**
 * `disputes` of GET /case/stats as of `today` (YYYY-MM-DD, America/New_York): the cases whose next
 * deadline is open, due soon (today to the end of the engine's window) or overdue (before today), of
 * every owner or of one, and the unpaid awards (count, dollars). The states follow the calendar, so
 * they are sums of the day and month counters over date ranges: a handful of small items.
 */
export async function readDisputeStats(ownerId: string | undefined, today: string): Promise<DisputeStats> {
  const family: DueCounterFamily = ownerId === undefined ? { kind: 'all' } : { kind: 'owner', userId: ownerId };
  const [total, overdue, dueSoon, awards] = await Promise.all([
    countDue(family, undefined, LAST_DAY),
    countDue(family, undefined, addCalendarDays(today, -1)),
    countDue(family, today, dueSoonEnd(today)),
    readAwardTotals(ownerId),
  ]);
  return {
    open: Math.max(0, total - overdue - dueSoon),
    due_soon: dueSoon,
    overdue,
    awards_unpaid: awards.awards_unpaid,
    awards_unpaid_amount: centsToDollars(awards.unpaid_cents),
  };
}

/** After any due date. */
const LAST_DAY = '9999-12-31';
