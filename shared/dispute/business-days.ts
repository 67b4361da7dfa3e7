/**
 * Federal business days and the reference's counting conventions (shared/reference/nsa-idr-rules.md,
 * "Counting conventions"; docs/decisions/0018-nsa-deadline-engine.md). Dates are whole days,
 * YYYY-MM-DD, handled as UTC midnights so that the browser's time zone never moves them.
 */
import { allForYear } from '@18f/us-federal-holidays';

const DAY_MS = 86_400_000;

/** Milliseconds of a YYYY-MM-DD day at UTC midnight. Throws RangeError for text that is not such a day. */
function toUtc(date: string): number {
  const ms = /^\d{4}-\d{2}-\d{2}$/.test(date) ? Date.parse(`${date}T00:00:00Z`) : Number.NaN;
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== date) {
    throw new RangeError(`Not a date (YYYY-MM-DD): ${date}`);
  }
  return ms;
}

/** D + n calendar days (n may be negative). */
export function addCalendarDays(date: string, n: number): string {
  return new Date(toUtc(date) + n * DAY_MS).toISOString().slice(0, 10);
}

// Observed legal public holidays per year (5 U.S.C. 6103(a),(b)), memoised: the list of a year never
// changes. The library's list of year Y holds New Year's Day of Y observed on 31 December of Y - 1.
const holidaysByYear = new Map<number, ReadonlySet<string>>();
function observedHolidays(year: number): ReadonlySet<string> {
  let set = holidaysByYear.get(year);
  if (!set) {
    set = new Set(
      allForYear(year, { shiftSaturdayHolidays: true, shiftSundayHolidays: true }).map((h) => h.dateString),
    );
    holidaysByYear.set(year, set);
  }
  return set;
}

/** True when the day is a legal public holiday as observed by federal offices (Inauguration Day is not one). */
export function isFederalHoliday(date: string): boolean {
  const year = Number(date.slice(0, 4));
  return observedHolidays(year).has(date) || observedHolidays(year + 1).has(date);
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
  const closed = new Set(extraClosures);
  const isBusinessDay = (date: string): boolean => {
    const weekday = new Date(toUtc(date)).getUTCDay();
    return weekday !== 0 && weekday !== 6 && !isFederalHoliday(date) && !closed.has(date);
  };
  const nextBusinessDay = (date: string): string => {
    let d = addCalendarDays(date, 1);
    while (!isBusinessDay(d)) d = addCalendarDays(d, 1);
    return d;
  };
  const addBusinessDays = (date: string, n: number): string => {
    toUtc(date);
    let d = date;
    for (let i = 0; i < n; i += 1) d = nextBusinessDay(d);
    return d;
  };
  const periodEnd = (date: string, n: number): string => {
    if (n < 1) throw new RangeError('A period has at least one business day');
    const first = isBusinessDay(date) ? date : nextBusinessDay(date);
    return addBusinessDays(first, n - 1);
  };
  return { isBusinessDay, addBusinessDays, periodEnd };
}
