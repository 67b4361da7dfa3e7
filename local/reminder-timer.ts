/**
 * The local stand-in for the daily EventBridge schedule of the reminder emails
 * (docs/decisions/0030-deadline-reminders.md): once a minute it checks the time in America/New_York,
 * and the first check at or after 07:00 of a day runs the job once. A runtime started after 07:00
 * runs it at once; the job's once-a-day markers keep that from sending anything twice.
 */

/** The hour (America/New_York) the job runs at, as on AWS (infra/api.ts). */
export const REMINDER_HOUR = 7;

/** Today's date (YYYY-MM-DD) and hour in America/New_York at `now`. */
export function newYorkClock(now: Date): { day: string; hour: number } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/New_York',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return { day: `${part('year')}-${part('month')}-${part('day')}`, hour: Number(part('hour')) };
}

/**
 * Check once a minute (the timer does not keep the process alive) and call `run` once per New York
 * day at or after {@link REMINDER_HOUR}; a failed run is logged and tried again the next minute.
 */
export function startReminderTimer(run: () => Promise<unknown>, log: (line: string) => void): { stop(): void } {
  let lastDay = '';
  let running = false;
  const tick = () => {
    const { day, hour } = newYorkClock(new Date());
    if (running || hour < REMINDER_HOUR || day === lastDay) return;
    running = true;
    run()
      .then((result) => {
        lastDay = day;
        log(`Reminder emails of ${day}: ${JSON.stringify(result)}`);
      })
      .catch((err: unknown) => log(`Reminder emails failed: ${(err as Error)?.message}`))
      .finally(() => {
        running = false;
      });
  };
  const timer = setInterval(tick, 60_000);
  timer.unref();
  tick();
  return { stop: () => clearInterval(timer) };
}
