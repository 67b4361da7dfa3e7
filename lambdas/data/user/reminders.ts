/**
 * The recipients of the reminder emails (docs/decisions/0030-deadline-reminders.md): the profiles
 * in the sparse `byReminder` index of the users table (./keys.ts), read page by page, never a Scan.
 * Apart from ./repository.ts so that the functions that only read profiles do not bundle the pager.
 */
import { getEnv } from '../../lib/env';
import { queryPage, type PageKey } from '../../lib/paging';
import { BY_REMINDER_INDEX, REMINDER_PARTITION } from './keys';
import { parseProfileItem, type ProfileItem } from './repository';

/**
 * One page of the profiles opted in to a reminder email (index `byReminder`, by user id): at most
 * `limit` after `startKey`, and `lastKey` when more remain.
 */
export async function reminderRecipients(
  limit: number,
  startKey?: PageKey,
): Promise<{ items: ProfileItem[]; lastKey?: PageKey }> {
  const page = await queryPage(
    {
      TableName: getEnv().USERS_TABLE,
      IndexName: BY_REMINDER_INDEX,
      KeyConditionExpression: 'reminder_p = :p',
      ExpressionAttributeValues: { ':p': REMINDER_PARTITION },
    },
    { limit, startKey, keyNames: ['user_id', 'reminder_p'] },
  );
  return { items: page.items.map(parseProfileItem), ...(page.lastKey ? { lastKey: page.lastKey } : {}) };
}
