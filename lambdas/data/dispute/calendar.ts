/**
 * The days the dispute lists and counts are read for: today in America/New_York (the Departments'
 * business days; every dispute date is a whole day there), and the engine's own calendar and
 * due-soon window (shared/dispute), so that the queue and the counts agree with the states it answers.
 */
import {
  addCalendarDays,
  businessCalendar,
  calendarDaysBetween,
  dueSoonEnd as engineDueSoonEnd,
  pendingState as enginePendingState,
  type DeadlineConfig,
} from '../../../shared/dispute';
import { DISPUTE_DEADLINES_ENV, deadlineConfigOf, parseDeadlineSettings } from '../../../shared/dispute/settings';

export { addCalendarDays, calendarDaysBetween };

/**
 * The stage's engine configuration, parsed once when the function starts: a bad `DISPUTE_DEADLINES`
 * throws here (InvalidDeadlineSettingsError naming the field), so the function fails to start
 * rather than answer deadlines of rules nobody chose. Unset: the engine's defaults.
 */
export const deadlineConfig: DeadlineConfig = deadlineConfigOf(
  parseDeadlineSettings(process.env[DISPUTE_DEADLINES_ENV], DISPUTE_DEADLINES_ENV),
);

/** The time zone of "today" for every dispute rule. */
export const DISPUTE_TIME_ZONE = 'America/New_York';

const newYorkDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: DISPUTE_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The day of the instant `at` in America/New_York, YYYY-MM-DD. */
export function newYorkDayOf(at: Date): string {
  return newYorkDay.format(at);
}

/** Today in America/New_York, YYYY-MM-DD. */
export function todayInNewYork(now: Date = new Date()): string {
  return newYorkDayOf(now);
}

/** The engine's business days with the stage's closures. */
const calendar = businessCalendar(deadlineConfig.extraClosures);

/** The last day of the due-soon window that starts `asOf`, with the stage's configuration. */
export function dueSoonEnd(asOf: string): string {
  return engineDueSoonEnd(asOf, deadlineConfig, calendar);
}

/** A pending deadline's state as of `asOf` (overdue, due_soon or open), with the stage's configuration. */
export function pendingState(due: string, asOf: string): 'overdue' | 'due_soon' | 'open' {
  return enginePendingState(due, asOf, deadlineConfig);
}

/** `day` plus `n` federal business days ("not later than n business days after": `day` is day 0). */
export function addBusinessDays(day: string, n: number): string {
  return calendar.addBusinessDays(day, n);
}

/**
 * The due dates a queue page covers: the state's (overdue: before today; due_soon: today to the end
 * of the window; open: after it), narrowed to `withinDays` business days from today. Undefined when
 * the two do not meet (the page is empty).
 */
export function queueRange(
  state: 'overdue' | 'due_soon' | 'open' | undefined,
  withinDays: number | undefined,
  today: string,
): { from?: string; to?: string } | undefined {
  const soonEnd = dueSoonEnd(today);
  let from: string | undefined;
  let to: string | undefined;
  if (state === 'overdue') to = addCalendarDays(today, -1);
  if (state === 'due_soon') [from, to] = [today, soonEnd];
  if (state === 'open') from = addCalendarDays(soonEnd, 1);
  if (withinDays !== undefined) {
    const limit = addBusinessDays(today, withinDays);
    to = to === undefined || limit < to ? limit : to;
  }
  if (from !== undefined && to !== undefined && from > to) return undefined;
  return { ...(from !== undefined ? { from } : {}), ...(to !== undefined ? { to } : {}) };
}
