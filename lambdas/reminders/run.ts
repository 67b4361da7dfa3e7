/**
 * The reminder job (docs/decisions/0030-deadline-reminders.md), run by the daily schedule and by
 * POST /reminders/run: each opted-in back-office user gets a digest of the deadlines overdue or due
 * within their `notify_days_ahead` business days; on Mondays each provider whose messaging preference
 * includes email and who turned the weekly summary on gets the cases that changed status in the past
 * seven days.
 *
 * Deadlines are the deadline queue's entries (each case's next open deadline, the same read as
 * GET /dispute/queue: lambdas/data/dispute/lists.ts), read once per run up to {@link MAX_QUEUE_ROWS}.
 * Recipients come from the sparse `byReminder` index, never a Scan. Once per user, email and New York
 * day: a conditional marker is written before sending (lambdas/data/reminders), so a second run the
 * same day sends nothing; an email SES refuses gives its marker back. Each email writes an audit
 * entry (`email.sent`, resource type `email`, the case ids, the recipient's user id, the template and
 * SES's message id; outcome `failed` with status 502 when SES refused it). Logs carry user ids and
 * counts only.
 */
import { randomUUID } from 'node:crypto';
import { isBackOffice, toUserType } from '../../shared';
import { EMAIL_SENT_AUDIT_ACTION } from '../../shared/api-routes';
import { NOTIFY_DAYS_AHEAD, type EmailTemplate, type ReminderRunAnswer } from '../../shared/schemas/reminders';
import { DEADLINE_STEPS, type DeadlineStep } from '../../shared/dispute/events';
import { systemAuditEntry, type AuditWriter } from '../lib/audit';
import { writeAuditEntry } from '../lib/audit-writer';
import { sendEmail } from '../lib/email';
import { getEnv } from '../lib/env';
import { logger } from '../lib/logger';
import type { PageKey } from '../lib/paging';
import { caseSummaries, recentStatusChanges } from '../data/case/summaries';
import { addBusinessDays, addCalendarDays, newYorkDayOf } from '../data/dispute/calendar';
import { queuePage } from '../data/dispute/lists';
import { claimSend, releaseSend } from '../data/reminders/repository';
import { reminderRecipients } from '../data/user/reminders';
import { ownerNames } from '../data/user/owners';
import type { ProfileItem } from '../data/user/repository';
import {
  MAX_SUMMARY_ROWS,
  deadlineDigest,
  digestRow,
  summaryRow,
  weeklySummary,
  type DigestRow,
  type EmailText,
} from './digest';

/** Queue entries read per run at most (a digest lists 100 of them and counts the rest). */
export const MAX_QUEUE_ROWS = 1000;
/** Recipients read per run at most (pages of 100 of the `byReminder` index). */
export const MAX_RECIPIENTS = 5000;
/** Day of the week of the weekly summary (0 Sunday ... 6 Saturday, America/New_York). */
export const WEEKLY_SUMMARY_DAY = 1;

/** Messaging preferences that include email (shared/constants.ts MESSAGING_PREFS: Email, Both). */
const EMAIL_PREFS = new Set([1, 3]);

/** What a run takes: the clock (`now`), an id prefixing its audit entries' request ids, the audit writer. */
export interface RunOptions {
  now?: Date;
  runId?: string;
  writeAudit?: AuditWriter;
}

/** Every deadline of the queue due on or before `horizon`, with case number, provider and payer. */
async function dueDeadlines(horizon: string): Promise<DigestRow[]> {
  const entries: Awaited<ReturnType<typeof queuePage>>['items'] = [];
  let cursor: string | undefined;
  do {
    const page = await queuePage({
      dateFilters: `reminders:${horizon}`,
      range: { to: horizon },
      limit: 200,
      ...(cursor ? { cursor } : {}),
    });
    entries.push(...page.items);
    cursor = page.next_cursor;
  } while (cursor && entries.length < MAX_QUEUE_ROWS);
  const [cases, names] = await Promise.all([
    caseSummaries(entries.map((q) => q.case_id)),
    ownerNames(entries.map((q) => q.user_id)),
  ]);
  // A case deleted since its entry was written is left out, as on the Deadlines screen.
  return entries.flatMap((q) => {
    const c = cases.get(q.case_id);
    if (!c || !isDeadlineStep(q.step)) return [];
    return [
      digestRow({
        case_id: q.case_id,
        case_number: c.case_number,
        provider: names.get(q.user_id) ?? '',
        payer: q.payer_name ?? '',
        step: q.step,
        due: q.due,
      }),
    ];
  });
}

/** true for a step of the engine (a queue entry stores it as text). */
function isDeadlineStep(step: string): step is DeadlineStep {
  return (DEADLINE_STEPS as readonly string[]).includes(step);
}

/** The day of the week (0 Sunday) of a YYYY-MM-DD date. */
function weekday(day: string): number {
  return new Date(`${day}T12:00:00.000Z`).getUTCDay();
}

/**
 * Run the job as of `now` (default the clock): see the module doc. Resolves with the emails sent and
 * the emails due that were not (nothing to tell, already sent today, refused by SES). Rejects when a
 * read, a marker or an audit write fails (the emails sent before it stay sent and marked).
 */
export async function runReminders(options: RunOptions = {}): Promise<ReminderRunAnswer> {
  const now = options.now ?? new Date();
  const runId = options.runId || `reminders-${randomUUID()}`;
  const writeAudit = options.writeAudit ?? writeAuditEntry;
  const appUrl = getEnv().APP_URL ?? '';
  const today = newYorkDayOf(now);
  const weeklyDay = weekday(today) === WEEKLY_SUMMARY_DAY;
  let deadlines: Promise<DigestRow[]> | undefined;
  let sent = 0;
  let skipped = 0;

  /** The audit entry of an email to `user`: sent (SES's message id) or refused by SES (`failed`, 502). */
  const entryOf = (user: ProfileItem, template: EmailTemplate, caseIds: string[], messageId?: string) =>
    systemAuditEntry({
      action: EMAIL_SENT_AUDIT_ACTION,
      resourceType: 'email',
      ids: caseIds,
      ...(caseIds.length === 1 ? { caseId: caseIds[0] } : {}),
      outcome: messageId ? 'allowed' : 'failed',
      ...(messageId ? {} : { status: 502 }),
      requestId: `${runId}:${user.user_id}:${template}`,
      now,
      email: { recipientId: user.user_id, template, messageId: messageId ?? '' },
    });

  /** Claim, send, audit one email; counts it. */
  const deliver = async (user: ProfileItem, template: EmailTemplate, email: EmailText | undefined) => {
    if (!email || !user.user_email || !(await claimSend(user.user_id, template, today, now))) {
      skipped += 1;
      return;
    }
    let messageId: string;
    try {
      messageId = await sendEmail({
        to: [user.user_email],
        subject: email.subject,
        text: email.text,
        tags: { user_id: user.user_id, template },
      });
    } catch (err) {
      logger.error('Reminder email not sent', { user: user.user_id, template, error: (err as Error)?.name });
      await releaseSend(user.user_id, template, today);
      skipped += 1;
      await writeAudit(entryOf(user, template, email.caseIds));
      return;
    }
    sent += 1;
    await writeAudit(entryOf(user, template, email.caseIds, messageId));
  };

  let startKey: PageKey | undefined;
  let read = 0;
  do {
    const page = await reminderRecipients(100, startKey);
    read += page.items.length;
    for (const user of page.items) {
      const userType = toUserType(user.user_type);
      if (user.notify_deadlines === true && isBackOffice(userType)) {
        deadlines ??= dueDeadlines(addBusinessDays(today, NOTIFY_DAYS_AHEAD.max));
        const daysAhead = user.notify_days_ahead ?? NOTIFY_DAYS_AHEAD.default;
        const email = deadlineDigest({
          rows: await deadlines,
          today,
          horizon: addBusinessDays(today, daysAhead),
          daysAhead,
          appUrl,
        });
        await deliver(user, 'deadline-digest', email);
      }
      if (
        weeklyDay &&
        user.weekly_summary === true &&
        !isBackOffice(userType) &&
        EMAIL_PREFS.has(user.message_pref ?? 1)
      ) {
        const since = new Date(now.getTime() - 7 * 86_400_000);
        const changes = await recentStatusChanges(user.user_id, since.toISOString(), MAX_SUMMARY_ROWS);
        const email = weeklySummary({
          rows: changes.items.map((c) => summaryRow({ ...c, changed_on: newYorkDayOf(new Date(c.changed_at)) })),
          from: addCalendarDays(today, -7),
          to: today,
          appUrl,
          more: changes.more,
        });
        await deliver(user, 'weekly-summary', email);
      }
    }
    startKey = page.lastKey;
  } while (startKey && read < MAX_RECIPIENTS);
  logger.info('Reminders run', { sent, skipped, day: today });
  return { sent, skipped };
}
