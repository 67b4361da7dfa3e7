/**
 * /reminders Lambda (docs/decisions/0030-deadline-reminders.md): deadline reminders and weekly
 * summaries by email. Three kinds of event reach it:
 * - POST /reminders/run (user_type 100 or more, else 403) runs the job now -> 200 `{ sent, skipped }`;
 * - the daily schedule's `{ type: 'suture.send-reminders' }` (EventBridge Scheduler, 07:00
 *   America/New_York; locally a timer) runs the same job;
 * - SNS events of the SES configuration set: a bounce or complaint turns the user's reminders off.
 */
import type { APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { canRunReminders } from '../../shared';
import { REMINDERS_EVENT, REMINDER_MESSAGES, type ReminderRunAnswer } from '../../shared/schemas/reminders';
import { callerUserType, requireCaller } from '../lib/auth';
import { writeAuditEntry } from '../lib/audit-writer';
import { ForbiddenError } from '../lib/errors';
import { ok, type ApiEvent } from '../lib/http';
import { apiHandler, observed } from '../lib/middleware';
import { handleSesNotifications, isSnsEvent, type SnsEvent } from './bounces';
import { runReminders } from './run';

export { REMINDERS_EVENT };

/** The schedule's event. */
export interface RemindersEvent {
  type: typeof REMINDERS_EVENT;
}

/** true for the schedule's event `{ type: REMINDERS_EVENT }`. */
export function isRemindersEvent(event: unknown): event is RemindersEvent {
  return !!event && typeof event === 'object' && (event as { type?: unknown }).type === REMINDERS_EVENT;
}

/** POST /reminders/run: see the module doc. */
async function runNow(event: ApiEvent) {
  requireCaller(event);
  if (!canRunReminders(await callerUserType(event))) throw new ForbiddenError(REMINDER_MESSAGES.accessDenied);
  const answer = await runReminders({ runId: event.requestContext?.requestId });
  return ok(answer satisfies ReminderRunAnswer);
}

const api = apiHandler('reminders', { 'POST /reminders/run': runNow }, { writeAudit: writeAuditEntry });
const scheduled = observed((_event: RemindersEvent, context: Context) =>
  runReminders({ runId: context?.awsRequestId }),
);
const notifications = observed((event: SnsEvent) => handleSesNotifications(event));

/** The Lambda entry point: API requests, the schedule's event, or SNS events of SES (see the module doc). */
export function handler(event: ApiEvent, context: Context): Promise<APIGatewayProxyStructuredResultV2>;
export function handler(event: RemindersEvent, context: Context): Promise<ReminderRunAnswer>;
export function handler(event: SnsEvent, context: Context): Promise<{ turnedOff: string[] }>;
export async function handler(event: ApiEvent | RemindersEvent | SnsEvent, context: Context): Promise<unknown> {
  if (isRemindersEvent(event)) return scheduled(event, context);
  if (isSnsEvent(event)) return notifications(event, context);
  return api(event as ApiEvent, context);
}
