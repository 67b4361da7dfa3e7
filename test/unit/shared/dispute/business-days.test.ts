/**
 * Federal business days and the counting conventions (shared/dispute/business-days.ts), over 2024 to
 * 2030, with the Departments' two published calibration dates.
 */
import { EXECUTIVE_ORDER_CLOSURES } from '../../../../shared/dispute/events';
import {
  addCalendarDays,
  businessCalendar,
  calendarDaysBetween,
  isFederalHoliday,
} from '../../../../shared/dispute/business-days';

const cal = businessCalendar();
const withClosures = businessCalendar(EXECUTIVE_ORDER_CLOSURES);

describe('isBusinessDay', () => {
  it.each([
    ['2024-06-19', false, 'Juneteenth on a Wednesday'],
    ['2024-07-04', false, 'Independence Day'],
    ['2024-11-11', false, 'Veterans Day on a Monday'],
    ['2024-11-28', false, 'Thanksgiving'],
    ['2024-11-29', true, 'the Friday after Thanksgiving'],
    ['2024-12-24', true, 'Christmas Eve 2024 without the Executive Order closures'],
    ['2024-12-25', false, 'Christmas'],
    ['2025-01-20', false, 'Birthday of Martin Luther King, Jr. (also Inauguration Day)'],
    ['2021-01-20', true, 'Inauguration Day: never excluded'],
    ['2026-01-01', false, "New Year's Day"],
    ['2026-06-19', false, 'Juneteenth on a Friday'],
    ['2026-07-03', false, 'Independence Day on a Saturday, observed on Friday'],
    ['2026-10-12', false, 'Columbus Day'],
    ['2026-11-26', false, 'Thanksgiving 2026'],
    ['2027-06-18', false, 'Juneteenth on a Saturday, observed on Friday'],
    ['2027-07-05', false, 'Independence Day on a Sunday, observed on Monday'],
    ['2027-12-24', false, 'Christmas on a Saturday, observed on Friday'],
    ['2027-12-31', false, "New Year's Day 2028 on a Saturday, observed on Friday 31 December"],
    ['2028-11-10', false, 'Veterans Day on a Saturday, observed on Friday'],
    ['2028-12-25', false, 'Christmas on a Monday'],
    ['2029-11-12', false, 'Veterans Day on a Sunday, observed on Monday'],
    ['2030-11-28', false, 'Thanksgiving 2030'],
    ['2030-11-29', true, 'the Friday after Thanksgiving 2030'],
    ['2030-12-31', true, 'an ordinary Tuesday at the year end'],
    ['2024-06-22', false, 'a Saturday'],
    ['2030-06-16', false, 'a Sunday'],
  ])('%s is a business day: %p (%s)', (date, expected) => {
    // Act & Assess
    expect(cal.isBusinessDay(date)).toBe(expected);
  });

  it.each(EXECUTIVE_ORDER_CLOSURES.map((d) => [d]))('%s is closed only when the closures are configured', (date) => {
    // Act & Assess
    expect(cal.isBusinessDay(date)).toBe(true);
    expect(withClosures.isBusinessDay(date)).toBe(false);
  });

  it('knows the observed holiday itself, not the weekend day', () => {
    // Act & Assess
    expect(isFederalHoliday('2027-12-25')).toBe(false);
    expect(isFederalHoliday('2027-12-24')).toBe(true);
  });
});

describe('addBusinessDays: "not later than N business days after D" (D is day 0)', () => {
  it.each([
    ['2023-12-15', 60, '2024-03-14', 'calibration B: the portal reopening'],
    ['2023-12-15', 0, '2023-12-15', 'zero days: D itself'],
    ['2025-11-26', 1, '2025-11-28', 'over Thanksgiving'],
    ['2025-06-18', 1, '2025-06-20', 'over Juneteenth'],
    ['2026-12-23', 3, '2026-12-29', 'over Christmas on a Friday'],
    ['2027-12-23', 1, '2027-12-27', 'over Christmas observed on Friday 24 December'],
    ['2027-12-30', 1, '2028-01-03', "over New Year's Day observed on Friday 31 December"],
    ['2028-11-09', 1, '2028-11-13', 'over Veterans Day observed on a Friday'],
    ['2029-11-08', 1, '2029-11-09', 'the Friday before Veterans Day observed on Monday'],
    ['2021-01-19', 1, '2021-01-20', 'onto Inauguration Day'],
    ['2030-06-15', 1, '2030-06-17', 'from a Saturday'],
    ['2025-12-22', 6, '2025-12-31', 'over Christmas 2025'],
  ])('%s + %p business days is %s (%s)', (date, n, expected) => {
    // Act & Assess
    expect(cal.addBusinessDays(date, n)).toBe(expected);
  });

  it.each([
    ['2024-12-23', 2, '2024-12-27'],
    ['2025-12-22', 6, '2026-01-05'],
  ])('with the Executive Order closures, %s + %p business days is %s', (date, n, expected) => {
    // Act & Assess
    expect(withClosures.addBusinessDays(date, n)).toBe(expected);
  });
});

describe('periodEnd: "a period of N business days beginning on D"', () => {
  it.each([
    ['2024-05-31', 34, '2024-07-19', 'calibration A: the IDR initiation due date'],
    ['2024-05-31', 31, '2024-07-16', 'calibration A: the first day of the initiation window'],
    ['2024-05-31', 1, '2024-05-31', 'a business day D is day 1'],
    ['2026-08-08', 1, '2026-08-10', 'a Saturday D: the Monday is day 1'],
    ['2026-07-03', 1, '2026-07-06', 'an observed holiday D: the next business day is day 1'],
    ['2025-12-01', 30, '2026-01-13', 'over Christmas and New Year'],
    ['2028-11-22', 30, '2029-01-05', 'over Thanksgiving, Christmas and New Year'],
    ['2029-12-20', 10, '2030-01-04', 'over a year end'],
  ])('%s for %p business days ends on %s (%s)', (date, n, expected) => {
    // Act & Assess
    expect(cal.periodEnd(date, n)).toBe(expected);
  });

  it('refuses an empty period and a date that does not exist', () => {
    // Act & Assess
    expect(() => cal.periodEnd('2024-05-31', 0)).toThrow(RangeError);
    expect(() => cal.addBusinessDays('2024-02-30', 1)).toThrow(RangeError);
  });
});

describe('addCalendarDays', () => {
  it.each([
    ['2024-02-15', 30, '2024-03-16'],
    ['2027-12-02', 30, '2028-01-01'],
    ['2026-11-30', 90, '2027-02-28'],
    ['2028-03-01', -1, '2028-02-29'],
  ])('%s + %p days is %s', (date, n, expected) => {
    // Act & Assess
    expect(addCalendarDays(date, n)).toBe(expected);
  });
});

describe('calendarDaysBetween', () => {
  it.each([
    ['2024-02-28', '2024-03-01', 2],
    ['2027-12-31', '2028-01-01', 1],
    ['2026-11-26', '2026-11-26', 0],
    ['2026-11-26', '2026-10-27', -30],
  ])('from %s to %s is %p days', (from, to, days) => {
    // Act & Assess
    expect(calendarDaysBetween(from, to)).toBe(days);
  });
});
