/**
 * Owner names for back-office case lists and top users (the owner's name comes with each case in
 * back-office lists, from one batched read per page, not one call per row): one BatchGetItem on the users table (100 keys per call; a page holds at most 200 cases,
 * so at most two calls), projecting only the names.
 */
import * as z from 'zod';
import { batchGetAll } from '../../lib/dynamo';
import { ddb } from '../../lib/aws';
import { getEnv } from '../../lib/env';

/** The projection of a profile these reads make: id, names, NPI (legacy NPIs may be numbers), email. */
const OwnerSchema = z.looseObject({
  user_id: z.string().min(1),
  first_name: z.string().optional(),
  last_name: z.string().optional(),
  user_npi: z.union([z.string(), z.number()]).optional(),
  user_email: z.string().optional(),
});

/** Attributes a read may add to the id and names. */
type ExtraAttribute = 'user_npi' | 'user_email';

type Owner = z.infer<typeof OwnerSchema>;

/**
 * The profiles of `userIds` (repeats and empty ids dropped) in one batched read, projected on the id,
 * the names and the `extra` attributes. Unknown ids are absent.
 */
async function readOwners(userIds: Iterable<string>, extra: readonly ExtraAttribute[] = []): Promise<Owner[]> {
  const unique = [...new Set([...userIds].filter((id) => typeof id === 'string' && id !== ''))];
  if (unique.length === 0) return [];
  const names: Record<string, string> = {
    '#u': 'user_id',
    '#f': 'first_name',
    '#l': 'last_name',
    ...Object.fromEntries(extra.map((attr, i) => [`#x${i}`, attr])),
  };
  const { items } = await batchGetAll(ddb(), {
    table: getEnv().USERS_TABLE,
    schema: OwnerSchema,
    keyNames: ['user_id'],
    keys: unique.map((user_id) => ({ user_id })),
    projection: { expression: Object.keys(names).join(', '), names },
  });
  return items;
}

/** "First Last", trimmed; '' when the profile has no name. */
const fullName = (u: Owner) => `${u.first_name ?? ''} ${u.last_name ?? ''}`.trim();

/** user id -> "First Last" (trimmed; '' when the profile has no name). Unknown ids are absent. */
export async function ownerNames(userIds: Iterable<string>): Promise<Map<string, string>> {
  const items = await readOwners(userIds);
  return new Map(items.map((u) => [String(u.user_id), fullName(u)]));
}

/** What the payment report needs of a provider: name ("First Last", trimmed) and NPI ('' when none). */
export interface OwnerProfile {
  name: string;
  npi: string;
}

/**
 * Names and NPIs of owners (each provider section of the payment report), one
 * batched read like {@link ownerNames} (BatchGetItem, 100 keys per call, names and NPI projected).
 * Unknown ids are absent from the map.
 */
export async function ownerProfiles(userIds: Iterable<string>): Promise<Map<string, OwnerProfile>> {
  const items = await readOwners(userIds, ['user_npi']);
  return new Map(
    items.map((u) => [
      String(u.user_id),
      {
        name: fullName(u),
        npi: typeof u.user_npi === 'string' || typeof u.user_npi === 'number' ? String(u.user_npi) : '',
      },
    ]),
  );
}

/** Who a user is, for people-facing screens (the audit trail): "First Last" and email ('' when none). */
export interface UserContact {
  name: string;
  email: string;
}

/** user id -> name and email, one batched read like {@link ownerNames}. Unknown ids are absent. */
export async function userContacts(userIds: Iterable<string>): Promise<Map<string, UserContact>> {
  const items = await readOwners(userIds, ['user_email']);
  return new Map(items.map((u) => [String(u.user_id), { name: fullName(u), email: u.user_email ?? '' }]));
}
