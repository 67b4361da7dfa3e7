/**
 * Days in status (docs/decisions/0024-case-search-and-sort.md): whole calendar days in
 * America/New_York (the day of every dispute rule, ../dispute/calendar.ts) from the day of a case's
 * last status change to today, computed on read; and the other way round, the latest change time
 * that has been in its status at least N days, the bound of `min_days_in_status`.
 */
import { addCalendarDays, calendarDaysBetween, newYorkDayOf, todayInNewYork } from '../dispute/calendar';

/** Calendar days (0 or more) from the New York day of the ISO time `changedAt` to `today` (YYYY-MM-DD); 0 for '' or a bad time. */
export function daysInStatus(changedAt: string, today: string = todayInNewYork()): number {
  const at = Date.parse(changedAt);
  if (Number.isNaN(at)) return 0;
  return Math.max(0, calendarDaysBetween(newYorkDayOf(new Date(at)), today));
}

/** The first instant (ISO, UTC) of the New York day `day` (YYYY-MM-DD); daylight time changes at 2 am, never at midnight. */
export function startOfNewYorkDay(day: string): string {
  const edt = Date.parse(`${day}T04:00:00.000Z`);
  return new Date(newYorkDayOf(new Date(edt)) === day ? edt : edt + 3_600_000).toISOString();
}

/**
 * The exclusive upper bound of the status-change times of cases `minDays` or more days in their
 * status on `today`: a change before the start of the New York day `today - minDays + 1`.
 */
export function changedBefore(minDays: number, today: string = todayInNewYork()): string {
  return startOfNewYorkDay(addCalendarDays(today, 1 - minDays));
}
