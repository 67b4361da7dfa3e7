/**
 * Keys of the users table: profiles by id, the list-by-name and search indexes, the profile counter.
 * Pure data, no AWS imports: the CDK app and the local runtime read it through lambdas/lib/tables.ts.
 */
import { nameOrders, ownedSortName, searchIndexes, searchKey, stringIndex, stringTable } from '../keys';

/**
 * Profiles (PK `user_id`). Indexes of the back office's user list and search (spec back-office "User Management"),
 * their keys written by lambdas/data/user/repository.ts on every create and on every change of a name,
 * the email or the NPI ({@link userIndexAttributes}):
 * - `byListName`: partition `list_p` = {@link USER_LIST_PARTITION}, sort `list_name` (last name,
 *   first name, user id; see {@link ownedSortName}): every profile, by name;
 * - `bySearchLast` / `bySearchFirst` / `bySearchEmail` / `bySearchNpi`: partition = first character
 *   of the folded text, sort = that text (as the cases' search indexes, {@link searchKey}); the
 *   name indexes hold "last first" and "first last".
 * - `byReminder`: partition `reminder_p` = {@link REMINDER_PARTITION}, sort `user_id`: sparse, only the
 *   profiles that opted in to a reminder email (docs/decisions/0030-deadline-reminders.md), so the
 *   daily job reads its recipients without a Scan.
 * The user counter ({@link USER_COUNT_KEY}) lives in this table too, without index attributes.
 */
export const USERS_TABLE = stringTable(
  'users',
  'USERS_TABLE',
  ['user_id'],
  [
    stringIndex('byListName', 'list_p', 'list_name'),
    ...searchIndexes('last', 'first', 'email', 'npi'),
    stringIndex('byReminder', 'reminder_p', 'user_id'),
  ],
);

/** Index of the profiles opted in to a reminder email, and the value of its partition `reminder_p`. */
export const BY_REMINDER_INDEX = 'byReminder';
export const REMINDER_PARTITION = 'on';

/** Partition value of `list_p` (index `byListName` of the users table): every profile carries it. */
export const USER_LIST_PARTITION = 'users';

/**
 * Key of the item of the users table that counts profiles (`n_users`, changed with ADD in the same
 * transaction as each profile create and delete; spec back-office "User Management"). Its `#` never starts a
 * Cognito sub, so no profile can have this id; it carries no index attribute, so no list shows it.
 */
export const USER_COUNT_KEY = { user_id: '#count' } as const;

/** The index attributes of a profile, by name; undefined = absent (a GSI key cannot be empty). */
export interface UserIndexAttributes {
  list_p: string;
  list_name: string;
  search_last_p?: string;
  search_last?: string;
  search_first_p?: string;
  search_first?: string;
  search_email_p?: string;
  search_email?: string;
  search_npi_p?: string;
  search_npi?: string;
}

/** Names of the optional search attributes of a profile (removed when the text becomes empty). */
export const USER_SEARCH_ATTRIBUTES = [
  'search_last_p',
  'search_last',
  'search_first_p',
  'search_first',
  'search_email_p',
  'search_email',
  'search_npi_p',
  'search_npi',
] as const;

/**
 * Index attributes of a profile (spec back-office "User Management"): `list_p` / `list_name` always; each search
 * pair only for a non-empty text: "last first" (of a profile with a last name), "first last" (with a
 * first name), email, NPI, as {@link searchKey} folds them.
 */
export function userIndexAttributes(profile: {
  user_id: string;
  first_name?: string;
  last_name?: string;
  user_email?: string;
  user_npi?: string;
}): UserIndexAttributes {
  const out: UserIndexAttributes = {
    list_p: USER_LIST_PARTITION,
    list_name: ownedSortName([profile.last_name ?? '', profile.first_name ?? ''], profile.user_id),
  };
  // Each name index holds the whole name, from its part on (docs/decisions/0024-case-search-and-sort.md).
  const { firstLast, lastFirst } = nameOrders(profile.first_name, profile.last_name);
  const pairs = [
    ['search_last', profile.last_name ? lastFirst : ''],
    ['search_first', profile.first_name ? firstLast : ''],
    ['search_email', profile.user_email],
    ['search_npi', profile.user_npi],
  ] as const;
  for (const [name, text] of pairs) {
    const key = searchKey(text);
    if (key) Object.assign(out, { [`${name}_p`]: key.p, [name]: key.s });
  }
  return out;
}
