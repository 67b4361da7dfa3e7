/**
 * Owner names for back-office case lists and top users (issue 7, section 1: "the owner's name
 * comes with each case in back-office lists, from one batched read per page, not one call per
 * row"): one BatchGetItem on the users table (100 keys per call; a page holds at most 200 cases,
 * so at most two calls), projecting only the names.
 */
import { batchGetAll } from '../lib/dynamo';
import { ddb } from '../lib/aws';
import { getEnv } from '../lib/env';

/** user id -> "First Last" (trimmed; '' when the profile has no name). Unknown ids are absent. */
export async function ownerNames(userIds: Iterable<string>): Promise<Map<string, string>> {
  const unique = [...new Set([...userIds].filter((id) => typeof id === 'string' && id !== ''))];
  if (unique.length === 0) return new Map();
  const { items } = await batchGetAll<{ user_id: string; first_name?: string; last_name?: string }>(ddb(), {
    table: getEnv().USERS_TABLE,
    keys: unique.map((user_id) => ({ user_id })),
    projection: { expression: '#u, #f, #l', names: { '#u': 'user_id', '#f': 'first_name', '#l': 'last_name' } },
  });
  return new Map(items.map((u) => [String(u.user_id), `${u.first_name ?? ''} ${u.last_name ?? ''}`.trim()]));
}
