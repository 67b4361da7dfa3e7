/**
 * Keys of the reminders table (docs/decisions/0030-deadline-reminders.md): one marker per user,
 * email and day, written with a condition before the email is sent, so that a second run of the
 * same day sends nothing. Markers expire by TTL. Pure data, no AWS imports: the CDK app and the
 * local runtime read it through lambdas/lib/tables.ts.
 */
import { stringTable } from '../keys';

/** `pk` ({@link sentMarkerKey}); `expires_at` (epoch seconds) expires the markers. */
export const REMINDERS_TABLE = stringTable('reminders', 'REMINDERS_TABLE', ['pk'], [], 'expires_at');

/** `pk` of the marker of the email `template` to `userId` on `day` (YYYY-MM-DD, America/New_York). */
export function sentMarkerKey(userId: string, template: string, day: string): string {
  return `sent#${userId}#${template}#${day}`;
}
