/**
 * Federal business days and the reference's counting conventions (shared/reference/nsa-idr-rules.md,
 * "Counting conventions"; docs/decisions/0018-nsa-deadline-engine.md). Dates are whole days,
 * YYYY-MM-DD, handled as UTC midnights so that the browser's time zone never moves them.
 */
import { allForYear } from '@18f/us-federal-holidays';

const DAY_MS = 86_400_000;

// Days are counted as whole days since 1970-01-01 (a Thursday) inside this module: the engine walks
// hundreds of days per dispute, and text conversions per day cost more than the rules themselves.

/** Day number of a YYYY-MM-DD day. Throws RangeError for text that is not such a day. */
function toDay(date: string): number {
  const ms = /^\d{4}-\d{2}-\d{2}$/.test(date) ? Date.parse(`${date}T00:00:00Z`) : Number.NaN;
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== date) {
    throw new RangeError(`Not a date (YYYY-MM-DD): ${date}`);
  }
  return ms / DAY_MS;
}

const fromDay = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);
const weekday = (day: number): number => (((day + 4) % 7) + 7) % 7;

/** Whole calendar days from `from` to `to`, negative when `to` is earlier. Throws RangeError as {@link addCalendarDays}. */
export function calendarDaysBetween(from: string, to: string): number {
  return toDay(to) - toDay(from);
}

/** D + n calendar days (n may be negative). Throws RangeError for a date that does not exist. */
export function addCalendarDays(date: string, n: number): string {
  return fromDay(toDay(date) + n);
}

// Observed legal public holidays (5 U.S.C. 6103(a),(b)) per year, as day numbers, memoised: the list
// of a year never changes. The library's list of year Y holds New Year's Day of Y observed on
// 31 December of Y - 1, hence the look into the next year's list.
const holidaysByYear = new Map<number, ReadonlySet<number>>();
function observedHolidays(year: number): ReadonlySet<number> {
  let set = holidaysByYear.get(year);
  if (!set) {
    const list = allForYear(year, { shiftSaturdayHolidays: true, shiftSundayHolidays: true });
    set = new Set(list.map((h) => toDay(h.dateString)));
    holidaysByYear.set(year, set);
  }
  return set;
}
function isHolidayDay(day: number): boolean {
  const year = new Date(day * DAY_MS).getUTCFullYear();
  return observedHolidays(year).has(day) || observedHolidays(year + 1).has(day);
}

/** True when the day is a legal public holiday as observed by federal offices (Inauguration Day is not one). */
export function isFederalHoliday(date: string): boolean {
  return isHolidayDay(toDay(date));
}

/** A business-day calendar: Monday to Friday, less observed federal holidays and the extra closures. */
export interface BusinessCalendar {
  isBusinessDay(date: string): boolean;
  /** "Not later than N business days after D": D is day 0, the answer is the Nth business day after it. */
  addBusinessDays(date: string, n: number): string;
  /**
   * The last day of "a period of N business days beginning on D": D is business day 1 when it is a
   * business day, otherwise the next business day is; the answer is business day N.
   */
  periodEnd(date: string, n: number): string;
}

/** The calendar with `extraClosures` (YYYY-MM-DD days federal offices were closed, e.g. by Executive Order). */
export function businessCalendar(extraClosures: readonly string[] = []): BusinessCalendar {
  const closed = new Set(extraClosures.map(toDay));
  const isOpen = (day: number): boolean => {
    const wd = weekday(day);
    return wd !== 0 && wd !== 6 && !isHolidayDay(day) && !closed.has(day);
  };
  const forward = (day: number, n: number): number => {
    let d = day;
    for (let i = 0; i < n; i += 1) {
      d += 1;
      while (!isOpen(d)) d += 1;
    }
    return d;
  };
  return {
    isBusinessDay: (date) => isOpen(toDay(date)),
    addBusinessDays: (date, n) => fromDay(forward(toDay(date), n)),
    periodEnd: (date, n) => {
      if (n < 1) throw new RangeError('A period has at least one business day');
      const day = toDay(date);
      return fromDay(forward(isOpen(day) ? day : forward(day, 1), n - 1));
    },
  };
}
