/**
 * The local stand-in for the reminders' daily schedule (local/reminder-timer.ts): the time in
 * America/New_York across daylight saving, and one run per New York day at or after 07:00, with fake
 * timers (no waiting).
 */
import { REMINDER_HOUR, newYorkClock, startReminderTimer } from '../../../local/reminder-timer';

afterEach(() => jest.useRealTimers());

describe('newYorkClock', () => {
  it('reads the New York day and hour in winter and in summer time', () => {
    expect(newYorkClock(new Date('2026-11-23T12:00:00.000Z'))).toEqual({ day: '2026-11-23', hour: 7 });
    expect(newYorkClock(new Date('2026-07-01T11:00:00.000Z'))).toEqual({ day: '2026-07-01', hour: 7 });
    expect(newYorkClock(new Date('2026-11-24T03:30:00.000Z'))).toEqual({ day: '2026-11-23', hour: 22 });
  });
});

describe('startReminderTimer', () => {
  it(`runs once a New York day, at the first check from ${REMINDER_HOUR}:00`, async () => {
    // Prepare: 06:58 in New York
    jest.useFakeTimers({ now: new Date('2026-11-23T11:58:00.000Z') });
    const run = jest.fn(async () => ({ sent: 1, skipped: 0 }));
    const lines: string[] = [];

    // Act
    const timer = startReminderTimer(run, (line) => lines.push(line));
    await jest.advanceTimersByTimeAsync(60_000);
    const before = run.mock.calls.length;
    await jest.advanceTimersByTimeAsync(2 * 60_000);
    const atSeven = run.mock.calls.length;
    await jest.advanceTimersByTimeAsync(3 * 3_600_000);
    const sameDay = run.mock.calls.length;
    await jest.advanceTimersByTimeAsync(24 * 3_600_000);
    timer.stop();

    // Assess
    expect([before, atSeven, sameDay, run.mock.calls.length]).toEqual([0, 1, 1, 2]);
    expect(lines[0]).toBe('Reminder emails of 2026-11-23: {"sent":1,"skipped":0}');
  });

  it('tries again the next minute after a failed run', async () => {
    jest.useFakeTimers({ now: new Date('2026-11-23T13:00:00.000Z') });
    const run = jest.fn().mockRejectedValueOnce(new Error('emulator down')).mockResolvedValue({ sent: 0, skipped: 0 });
    const lines: string[] = [];

    const timer = startReminderTimer(run, (line) => lines.push(line));
    await jest.advanceTimersByTimeAsync(2 * 60_000);
    timer.stop();

    expect(run).toHaveBeenCalledTimes(2);
    expect(lines[0]).toBe('Reminder emails failed: emulator down');
  });
});
