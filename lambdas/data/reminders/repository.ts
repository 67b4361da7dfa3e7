/**
 * The once-a-day markers of the reminder emails (docs/decisions/0030-deadline-reminders.md): a
 * conditional PutItem claims a user's email of a day before it is sent; a send that fails gives
 * the claim back so that a later run may try again.
 */
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../../lib/aws';
import { getEnv } from '../../lib/env';
import { isConditionalCheckFailed } from '../../lib/errors';
import { sentMarkerKey } from './keys';

/** Days a marker is kept (longer than any run that could repeat a day). */
export const MARKER_TTL_DAYS = 8;

const table = () => getEnv().REMINDERS_TABLE;

/**
 * Claim the email `template` to `userId` for `day`: true when this call wrote the marker (send it),
 * false when a run already did. Throws the SDK's error on any other failure.
 */
export async function claimSend(
  userId: string,
  template: string,
  day: string,
  now: Date = new Date(),
): Promise<boolean> {
  try {
    await ddb().send(
      new PutCommand({
        TableName: table(),
        Item: {
          pk: sentMarkerKey(userId, template, day),
          claimed_at: now.toISOString(),
          expires_at: Math.floor(now.getTime() / 1000) + MARKER_TTL_DAYS * 86_400,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return true;
  } catch (err) {
    if (isConditionalCheckFailed(err)) return false;
    throw err;
  }
}

/** Give back a claim whose email was not sent (SES refused it), so that a later run sends it. */
export async function releaseSend(userId: string, template: string, day: string): Promise<void> {
  await ddb().send(new DeleteCommand({ TableName: table(), Key: { pk: sentMarkerKey(userId, template, day) } }));
}
