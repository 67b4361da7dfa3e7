/**
 * Bounces and complaints of the reminder emails (docs/decisions/0030-deadline-reminders.md): the SES
 * configuration set's event destination publishes them to an SNS topic, whose subscription invokes
 * the reminders function with the SNS event. A permanent bounce or a complaint turns the recipient's
 * email reminders off and records why (`email_off`, shown on their profile); a transient bounce (a
 * full mailbox) changes nothing. The recipient is the `user_id` tag the email was sent with. Logs
 * carry the user id and the kind only, never an address.
 */
import * as z from 'zod';
import type { EmailOffReason } from '../../shared/schemas/reminders';
import { logger } from '../lib/logger';
import { turnEmailOff } from '../data/user/repository';

/** An SNS event as Lambda receives it (only what is read here). */
export interface SnsEvent {
  Records: { EventSource?: string; Sns: { Message: string } }[];
}

/** true for an SNS event (`Records[].Sns`). */
export function isSnsEvent(event: unknown): event is SnsEvent {
  const records = (event as { Records?: unknown })?.Records;
  return Array.isArray(records) && records.length > 0 && records.every((r) => !!(r as { Sns?: unknown })?.Sns);
}

/** The parts of an SES event (event publishing `eventType`, or a notification's `notificationType`). */
const SesEventSchema = z.looseObject({
  eventType: z.string().optional(),
  notificationType: z.string().optional(),
  bounce: z.looseObject({ bounceType: z.string().optional() }).optional(),
  mail: z.looseObject({ tags: z.record(z.string(), z.array(z.string())).optional() }).optional(),
});

/** What one SES event asks: whose reminders to turn off and why, or nothing. */
export function emailOffOf(message: unknown): { userId: string; reason: EmailOffReason } | undefined {
  const parsed = SesEventSchema.safeParse(message);
  if (!parsed.success) return undefined;
  const kind = parsed.data.eventType ?? parsed.data.notificationType;
  const userId = parsed.data.mail?.tags?.user_id?.[0];
  if (!userId) return undefined;
  if (kind === 'Complaint') return { userId, reason: 'complaint' };
  if (kind === 'Bounce' && parsed.data.bounce?.bounceType === 'Permanent') return { userId, reason: 'bounce' };
  return undefined;
}

/**
 * Handle the SES events of an SNS event: resolves with the user ids whose reminders were turned off.
 * A message that is not JSON or not a bounce or complaint is logged and skipped; a DynamoDB failure
 * rejects (SNS retries the delivery).
 */
export async function handleSesNotifications(
  event: SnsEvent,
  now: Date = new Date(),
): Promise<{ turnedOff: string[] }> {
  const turnedOff: string[] = [];
  for (const record of event.Records) {
    let message: unknown;
    try {
      message = JSON.parse(record.Sns.Message);
    } catch {
      logger.warn('SES notification is not JSON');
      continue;
    }
    const off = emailOffOf(message);
    if (!off) continue;
    if (await turnEmailOff(off.userId, off.reason, now)) turnedOff.push(off.userId);
    logger.info('Email reminders turned off', { user: off.userId, reason: off.reason });
  }
  return { turnedOff };
}
