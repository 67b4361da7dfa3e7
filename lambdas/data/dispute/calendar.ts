/**
 * The days the dispute lists and counts are read for: today in America/New_York (the Departments'
 * business days; every dispute date is a whole day there) and the due-soon window of the engine.
 */
import { DEFAULT_DEADLINE_CONFIG, addCalendarDays, businessCalendar } from '../../../shared/dispute';

export { addCalendarDays };

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

const DAY_MS = 86_400_000;

/** Whole calendar days from `from` to `to` (negative when `to` is earlier). */
export function calendarDaysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** The engine's business days with its default closures. */
const calendar = businessCalendar(DEFAULT_DEADLINE_CONFIG.extraClosures);

/** `day` plus `n` federal business days ("not later than n business days after": `day` is day 0). */
export function addBusinessDays(day: string, n: number): string {
  return calendar.addBusinessDays(day, n);
}

/**
 * The last day of the due-soon window as of `today`: as the engine counts it (shared/dispute
 * computeDeadlines), so the queue and the counts agree with the states it answers.
 */
export function dueSoonEnd(today: string): string {
  return addBusinessDays(today, DEFAULT_DEADLINE_CONFIG.dueSoonBusinessDays);
}

/** The state of a pending deadline due `due` as of `today` (as the engine decides it). */
export function openState(due: string, today: string): 'overdue' | 'due_soon' | 'open' {
  if (today > due) return 'overdue';
  return due <= dueSoonEnd(today) ? 'due_soon' : 'open';
}
