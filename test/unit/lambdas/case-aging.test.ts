/** Days in status in America/New_York (lambdas/data/case/aging.ts; docs/decisions/0024-case-search-and-sort.md). */
import './support/env';
import { changedBefore, daysInStatus, startOfNewYorkDay } from '../../../lambdas/data/case/aging';

describe('days in status', () => {
  it('counts New York calendar days, not 24-hour spans', () => {
    // Assess: 03:30 UTC on 1 March is still 28 February in New York.
    expect(daysInStatus('2026-03-01T03:30:00.000Z', '2026-03-01')).toBe(1);
    expect(daysInStatus('2026-03-01T05:30:00.000Z', '2026-03-01')).toBe(0);
    expect(daysInStatus('', '2026-03-01')).toBe(0);
  });

  it('starts a New York day at 05:00 UTC in winter and 04:00 UTC in summer', () => {
    // Assess
    expect(startOfNewYorkDay('2026-01-10')).toBe('2026-01-10T05:00:00.000Z');
    expect(startOfNewYorkDay('2026-07-10')).toBe('2026-07-10T04:00:00.000Z');
    // The days daylight time begins and ends: midnight is still in the old offset.
    expect(startOfNewYorkDay('2026-03-08')).toBe('2026-03-08T05:00:00.000Z');
    expect(startOfNewYorkDay('2026-11-01')).toBe('2026-11-01T04:00:00.000Z');
  });

  it('bounds the change time of cases N days or more in their status', () => {
    // Act
    const cut = changedBefore(30, '2026-11-26');
    // Assess
    expect(cut).toBe('2026-10-28T04:00:00.000Z');
    expect(daysInStatus('2026-10-28T03:59:59.999Z', '2026-11-26')).toBe(30);
    expect(daysInStatus(cut, '2026-11-26')).toBe(29);
    expect(changedBefore(0, '2026-11-26')).toBe(startOfNewYorkDay('2026-11-27'));
  });
});
