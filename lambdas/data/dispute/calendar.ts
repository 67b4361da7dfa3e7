/**
 * The days the dispute lists and counts are read for: today in America/New_York (the Departments'
 * business days; every dispute date is a whole day there), and the engine's own calendar and
 * due-soon window (shared/dispute), so that the queue and the counts agree with the states it answers.
 */
import {
  DEFAULT_DEADLINE_CONFIG,
  addCalendarDays,
  businessCalendar,
  calendarDaysBetween,
  dueSoonEnd,
  pendingState,
} from '../../../shared/dispute';

export { addCalendarDays, calendarDaysBetween, dueSoonEnd, pendingState };

/** The time zone of "today" for every dispute rule. */
export const DISPUTE_TIME_ZONE = 'America/New_York';

const newYorkDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: DISPUTE_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today in America/New_York, YYYY-MM-DD. */
export function todayInNewYork(now: Date = new Date()): string {
  return newYorkDay.format(now);
}

/** The engine's business days with its default closures. */
const calendar = businessCalendar(DEFAULT_DEADLINE_CONFIG.extraClosures);

/** `day` plus `n` federal business days ("not later than n business days after": `day` is day 0). */
export function addBusinessDays(day: string, n: number): string {
  return calendar.addBusinessDays(day, n);
}
