/**
 * Deadline reminders and weekly summaries by email (docs/decisions/0030-deadline-reminders.md): the
 * profile's settings (`GET` / `PATCH /user`), what `POST /reminders/run` answers, and the words both
 * sides share. An email names a case by its id and number, its provider and its payer only: never a
 * patient's name, date of birth or a document (docs/security.md).
 */
import * as z from 'zod';

/** Business days ahead a digest looks (`notify_days_ahead`): 1 to 10, default 3. */
export const NOTIFY_DAYS_AHEAD = { min: 1, max: 10, default: 3 } as const;

/** The profile fields of reminders; the first two are for back-office users (user_type 10 or more) only. */
export const REMINDER_FIELDS = ['notify_deadlines', 'notify_days_ahead', 'weekly_summary'] as const;
export const BACK_OFFICE_REMINDER_FIELDS = ['notify_deadlines', 'notify_days_ahead'] as const;

/** Why email reminders were turned off for a user (an SES bounce or complaint). */
export const EMAIL_OFF_REASONS = ['bounce', 'complaint'] as const;
export type EmailOffReason = (typeof EMAIL_OFF_REASONS)[number];

/** The templates of the emails sent to users (the audit entry's `template`). */
export const EMAIL_TEMPLATES = ['deadline-digest', 'weekly-summary'] as const;
export type EmailTemplate = (typeof EMAIL_TEMPLATES)[number];

/** `type` of the daily schedule's event to the reminders function (EventBridge Scheduler; locally a timer). */
export const REMINDERS_EVENT = 'suture.send-reminders';

/** The audit action of an email sent to a user (no route writes it: the reminder job does). */
export const EMAIL_SENT_AUDIT_ACTION = 'email.sent';

export const REMINDER_MESSAGES = {
  backOfficeOnly: (field: string) => `${field} is for back-office users only`,
  daysAhead: `notify_days_ahead must be a whole number of business days from ${NOTIFY_DAYS_AHEAD.min} to ${NOTIFY_DAYS_AHEAD.max}`,
  boolean: (field: string) => `${field} must be true or false`,
  accessDenied: 'Access denied: sending reminders requires user_type >= 100',
} as const;

/** The reminder settings a PATCH /user body may carry (each optional; only those sent change). */
export const ReminderSettingsSchema = z.object({
  notify_deadlines: z.boolean({ error: REMINDER_MESSAGES.boolean('notify_deadlines') }).optional(),
  notify_days_ahead: z
    .number({ error: REMINDER_MESSAGES.daysAhead })
    .int(REMINDER_MESSAGES.daysAhead)
    .min(NOTIFY_DAYS_AHEAD.min, REMINDER_MESSAGES.daysAhead)
    .max(NOTIFY_DAYS_AHEAD.max, REMINDER_MESSAGES.daysAhead)
    .optional(),
  weekly_summary: z.boolean({ error: REMINDER_MESSAGES.boolean('weekly_summary') }).optional(),
});
export type ReminderSettings = z.output<typeof ReminderSettingsSchema>;

/** Set when a bounce or complaint turned the user's email reminders off; cleared when they opt in again. */
export const EmailOffSchema = z.object({ reason: z.enum(EMAIL_OFF_REASONS), at: z.string() });
export type EmailOff = z.output<typeof EmailOffSchema>;

/** The reminder fields of a profile as `GET /user` answers them. */
export const ProfileReminderSchema = z.object({
  notify_deadlines: z.boolean(),
  notify_days_ahead: z.number().int(),
  weekly_summary: z.boolean(),
  email_off: EmailOffSchema.optional(),
});

/** POST /reminders/run: emails sent, and users due one who got none (nothing due, already sent today, opted out since). */
export const ReminderRunAnswerSchema = z.object({ sent: z.number().int(), skipped: z.number().int() });
export type ReminderRunAnswer = z.output<typeof ReminderRunAnswerSchema>;
