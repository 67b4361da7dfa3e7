/**
 * The back office's user list and search (spec back-office-and-shell
 * section 2 "User Management"). Paged like every list (lambdas/lib/paging.ts): `limit` 1..200
 * (default 50), an opaque `cursor`, `next_cursor` only when another page exists. Never a Scan.
 *
 * - No search: every profile by name (last name, first name, user id) from index `byListName`
 *   (one partition, {@link USER_LIST_PARTITION}). `total` = the profile counter (one GetItem).
 * - Search `q` (folded as the index texts, `searchText` of ../keys.ts, at most
 *   {@link MAX_USER_SEARCH_LENGTH} characters): the profiles whose "last first", then "first last"
 *   (so a whole name in either order), then email, then NPI starts with `q`, one group per
 *   index (`bySearchLast`, `bySearchFirst`, `bySearchEmail`, `bySearchNpi`: partition = the first
 *   character, `begins_with` on the lower-cased text), each in its index's order; a profile found
 *   in an earlier group is filtered out of the later ones (nobody appears twice). `total` = the
 *   number of matching profiles, counted with `Select: COUNT` Queries of the same four groups,
 *   bounded at {@link MAX_SEARCH_COUNT_READ} index items per group; past that bound the answer
 *   carries `total_is_lower_bound: true` (a count of at least `total`).
 *
 * The cursor scope names the search text, so a cursor of another search is a 400.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { ddb } from '../../lib/aws';
import { getEnv } from '../../lib/env';
import { PageKeySchema, decodeCursor, encodeCursor, pageSegments, type PageKey, type Segment } from '../../lib/paging';
import { USER_LIST_PARTITION } from './keys';
import { searchGroups, searchSegment } from '../search';
import { searchText } from '../keys';
import { countUsers, parseProfileItem, type ProfileItem } from './repository';

/** Longest search text honoured (longer text is cut). */
export const MAX_USER_SEARCH_LENGTH = 100;
/** Index items a search's count reads per group at most (4 groups: 4,000 in all). */
export const MAX_SEARCH_COUNT_READ = 1000;

export interface UserListQuery {
  search?: string;
  /** 1..200 (parseLimit). */
  limit: number;
  cursor?: string;
}

export interface UserListPage {
  items: ProfileItem[];
  next_cursor?: string;
  /** All profiles (no search), or the profiles matching the search. */
  total: number;
  /** true when a search's count stopped at its bound: there are at least `total` matches. */
  total_is_lower_bound?: true;
}

const table = () => getEnv().USERS_TABLE;

/** Last name, then first name, then email, then NPI (the search indexes of ./keys.ts). */
const SEARCH_GROUPS = searchGroups('last', 'first', 'email', 'npi');

const CursorSchema = z.object({
  g: z
    .number()
    .int()
    .min(0)
    .max(SEARCH_GROUPS.length - 1),
  k: PageKeySchema.optional(),
});

function listSegment(): Segment {
  return {
    input: {
      TableName: table(),
      IndexName: 'byListName',
      KeyConditionExpression: '#p = :p',
      ExpressionAttributeNames: { '#p': 'list_p' },
      ExpressionAttributeValues: { ':p': USER_LIST_PARTITION },
    },
    keyNames: ['user_id', 'list_p', 'list_name'],
  };
}

function searchGroupSegment(g: number, q: string): Segment | undefined {
  const group = SEARCH_GROUPS[g];
  return group && searchSegment(table(), 'user_id', group, q);
}

/** One page of profiles over segments ({@link pageSegments} of lambdas/lib/paging.ts), each parsed. */
async function pageProfiles(
  segmentAt: (g: number) => Segment | undefined,
  start: { g: number; k?: PageKey },
  limit: number,
): Promise<{ items: ProfileItem[]; next?: { g: number; k?: PageKey } }> {
  const page = await pageSegments(segmentAt, (g) => g + 1, start, limit);
  return { items: page.items.map(parseProfileItem), ...(page.next ? { next: page.next } : {}) };
}

/** Matching profiles of a search, counted group by group (bounded; see module doc). */
async function countMatches(q: string): Promise<{ total: number; capped: boolean }> {
  let total = 0;
  let capped = false;
  for (let g = 0; g < SEARCH_GROUPS.length; g += 1) {
    const segment = searchGroupSegment(g, q)!;
    let read = 0;
    let startKey: Record<string, unknown> | undefined;
    do {
      const out = await ddb().send(
        new QueryCommand({
          ...segment.input,
          Select: 'COUNT',
          Limit: MAX_SEARCH_COUNT_READ - read,
          ExclusiveStartKey: startKey,
        }),
      );
      total += out.Count ?? 0;
      read += out.ScannedCount ?? 0;
      startKey = out.LastEvaluatedKey;
    } while (startKey && read < MAX_SEARCH_COUNT_READ);
    if (startKey) capped = true;
  }
  return { total, capped };
}

/**
 * One page of the user list or of a search (see module doc). Throws `ValidationError` (400, field
 * `cursor`) for a cursor of another list or search, or one that does not decode.
 */
export async function listUsers(query: UserListQuery): Promise<UserListPage> {
  const q = searchText(query.search).slice(0, MAX_USER_SEARCH_LENGTH).trim();
  if (q === '') {
    const scope = 'user:list';
    const state = decodeCursor(query.cursor, scope, CursorSchema.extend({ g: z.literal(0) }));
    const [page, total] = await Promise.all([
      pageProfiles((g) => (g === 0 ? listSegment() : undefined), { g: 0, k: state?.k }, query.limit),
      countUsers(),
    ]);
    return {
      items: page.items,
      ...(page.next ? { next_cursor: encodeCursor(scope, page.next) } : {}),
      total: Math.max(total, page.items.length),
    };
  }
  const scope = `user:search:${q}`;
  const state = decodeCursor(query.cursor, scope, CursorSchema);
  const [page, count] = await Promise.all([
    pageProfiles((g) => searchGroupSegment(g, q), { g: state?.g ?? 0, k: state?.k }, query.limit),
    countMatches(q),
  ]);
  return {
    items: page.items,
    ...(page.next ? { next_cursor: encodeCursor(scope, page.next) } : {}),
    total: count.total,
    ...(count.capped ? { total_is_lower_bound: true as const } : {}),
  };
}
