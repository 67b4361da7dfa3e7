/**
 * DynamoDB table definitions: keys and GSIs, declared once.
 *
 * Used by the CDK data construct (`infra/data.ts`) to create the tables and by the local runtime
 * (`infra/local/`) to bootstrap the same tables in dynalite. Pure data, no AWS imports.
 *
 * Access patterns (issue 2, section 3):
 * - one case by id: GetItem on `cases` (case_id)
 * - a user's cases, newest first: Query `cases` index `byUser` (user_id, created_at desc)
 * - a user's cases by status, newest first: Query `cases` index `byUserStatus` (user_status, created_at desc)
 * - all cases by status (back office): Query `cases` index `byStatus` (case_status, created_at desc)
 * - a user's surgeons / facilities: Query `surgeons` / `facilities` on user_id
 * - is this NPI already in a user's surgeons / facilities: GetItem of its uniqueness marker in the
 *   same table (partition `${userId}#npi`, see `npiMarkerKey`; issue 6 sections 1 and 2)
 * - a user's surgeons / facilities by name, paged (issue 7 section 1; the lists no longer Query on
 *   user_id alone): Query index `byName`
 *   (user_id, sort_name; see `ownedSortName`)
 * - profile by user id: GetItem on `users`
 * - CPT code by code: GetItem on `cptCodes`; by search text: Query `cptSearch` (prefix, term_code begins_with)
 */

export type AttributeType = 'S' | 'N';

export interface KeyDef {
  name: string;
  type: AttributeType;
}

export interface IndexDef {
  indexName: string;
  partitionKey: KeyDef;
  sortKey?: KeyDef;
}

export interface TableDef {
  /** Logical id; the physical name is `${stackPrefix}-${id}` on AWS and locally. */
  id: string;
  /** Name of the Lambda environment variable that carries the physical table name. */
  envVar: string;
  partitionKey: KeyDef;
  sortKey?: KeyDef;
  globalSecondaryIndexes: IndexDef[];
}

export const CASES_TABLE = {
  id: 'cases',
  envVar: 'CASES_TABLE',
  partitionKey: { name: 'case_id', type: 'S' },
  globalSecondaryIndexes: [
    { indexName: 'byUser', partitionKey: { name: 'user_id', type: 'S' }, sortKey: { name: 'created_at', type: 'S' } },
    {
      indexName: 'byUserStatus',
      partitionKey: { name: 'user_status', type: 'S' },
      sortKey: { name: 'created_at', type: 'S' },
    },
    {
      indexName: 'byStatus',
      partitionKey: { name: 'case_status', type: 'N' },
      sortKey: { name: 'created_at', type: 'S' },
    },
  ],
} as const satisfies TableDef;

export const USERS_TABLE = {
  id: 'users',
  envVar: 'USERS_TABLE',
  partitionKey: { name: 'user_id', type: 'S' },
  globalSecondaryIndexes: [],
} as const satisfies TableDef;

/**
 * Index of the surgeons and facilities tables that lists a user's items by name (issue 7 section 1):
 * partition `user_id`, sort `sort_name` (built only by {@link ownedSortName}, written by
 * lambdas/lib/owned-items.ts on create and on every name change). NPI markers carry no `sort_name`,
 * so they are never in it; items written before issue 7 are not either until backfilled.
 */
export const BY_NAME_INDEX = {
  indexName: 'byName',
  partitionKey: { name: 'user_id', type: 'S' },
  sortKey: { name: 'sort_name', type: 'S' },
} as const satisfies IndexDef;

/** Separator of the parts of a `sort_name`: below every character a name can hold. */
const SORT_NAME_SEPARATOR = '\u0001';

/**
 * `sort_name` of a surgeon or facility for the `byName` index ({@link BY_NAME_INDEX}): each name part
 * (surgeons: last name, first name; facilities: the name) folded for ordering (accents removed,
 * lower-cased, spaces collapsed, at most 100 characters), then the item id, joined by U+0001 (lower
 * than any character of a name, so that 'smith' sorts before 'smith jr' and before 'smithe'; the id
 * makes the key unique and breaks ties). DynamoDB orders it by UTF-8 bytes, which for the folded
 * text is alphabetical for Latin names. At most about 1,000 bytes (GSI sort key limit 1,024).
 */
export function ownedSortName(nameParts: readonly string[], id: string): string {
  const fold = (part: string) =>
    part
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[\s\p{Cc}]+/gu, ' ')
      .trim()
      .slice(0, 100);
  return [...nameParts.map(fold), id].join(SORT_NAME_SEPARATOR);
}

export const SURGEONS_TABLE = {
  id: 'surgeons',
  envVar: 'SURGEONS_TABLE',
  partitionKey: { name: 'user_id', type: 'S' },
  sortKey: { name: 'surgeon_id', type: 'S' },
  globalSecondaryIndexes: [BY_NAME_INDEX],
} as const satisfies TableDef;

export const FACILITIES_TABLE = {
  id: 'facilities',
  envVar: 'FACILITIES_TABLE',
  partitionKey: { name: 'user_id', type: 'S' },
  sortKey: { name: 'facility_id', type: 'S' },
  globalSecondaryIndexes: [BY_NAME_INDEX],
} as const satisfies TableDef;

/** CMS PFS rows keyed by HCPCS/CPT code (no modifier rows). */
export const CPT_CODES_TABLE = {
  id: 'cpt-codes',
  envVar: 'CPT_CODES_TABLE',
  partitionKey: { name: 'cpt_code', type: 'S' },
  globalSecondaryIndexes: [],
} as const satisfies TableDef;

/**
 * Search index for CPT suggestions: one item per (token, code), where the tokens are the code
 * itself and each word of the descriptor, lower-cased. `prefix` is the token's first character;
 * `term_code` is `${token}#${cpt_code}` so that `begins_with(term_code, search)` finds matches.
 * Keys are built only by `cptSearchKey` below.
 */
export const CPT_SEARCH_TABLE = {
  id: 'cpt-search',
  envVar: 'CPT_SEARCH_TABLE',
  partitionKey: { name: 'prefix', type: 'S' },
  sortKey: { name: 'term_code', type: 'S' },
  globalSecondaryIndexes: [],
} as const satisfies TableDef;

export const TABLES = [
  CASES_TABLE,
  USERS_TABLE,
  SURGEONS_TABLE,
  FACILITIES_TABLE,
  CPT_CODES_TABLE,
  CPT_SEARCH_TABLE,
] as const satisfies readonly TableDef[];

/** Physical table name for a stage prefix, e.g. `suture-dev-cases`. */
export function physicalTableName(prefix: string, table: TableDef): string {
  return `${prefix}-${table.id}`;
}

/* ---------- key builders: the only place composite keys are spelled ---------- */

/** `user_status` attribute of a case for the byUserStatus index. */
export function userStatusKey(userId: string, caseStatus: number): string {
  return `${userId}#${caseStatus}`;
}

/** Keys of one CPT search-index item for a token (lower-cased word or code) and a code. */
export function cptSearchKey(token: string, cptCode: string): { prefix: string; term_code: string } {
  const t = token.toLowerCase();
  return { prefix: t.charAt(0), term_code: `${t}#${cptCode}` };
}

/** Key condition values to find search-index items whose token starts with `search`. */
export function cptSearchQuery(search: string): { prefix: string; begins: string } {
  const s = search.toLowerCase();
  return { prefix: s.charAt(0), begins: s };
}

/**
 * Key of the one metadata item of the CPT search table (total count of codes and the paging
 * anchors written by the CPT importer, read by `listCptCodes`). Its partition `#meta` starts with
 * `#`, which no search token can (tokens are lower-cased letters and digits), so it never shows up
 * in a search.
 */
export function cptMetaKey(): { prefix: string; term_code: string } {
  return { prefix: '#meta', term_code: 'cpt-codes' };
}

/**
 * Key values of the uniqueness marker of an NPI among one user's surgeons or facilities (issue 6
 * sections 1 and 2), an item of the same table as the surgeon or facility it guards:
 * - partition key (`user_id` attribute) `${userId}#npi`: a partition of its own, so a user's list
 *   (Query on `user_id = userId`) never sees markers (Cognito subs hold no `#`);
 * - sort key (the table's id attribute, `surgeon_id` / `facility_id`) the NPI as 10-digit text.
 * The marker's other attributes (`item_id`, `claimed_at`, `npi_marker`) are written by
 * `lambdas/lib/owned-items.ts`, the only code that reads or writes markers.
 */
export function npiMarkerKey(userId: string, npi: number | string): { partition: string; sort: string } {
  return { partition: `${userId}#npi`, sort: String(npi) };
}

/** Case id per spec (provider-side section 3): the owner's user id, `_`, a millisecond timestamp. */
export function buildCaseId(userId: string, epochMs: number): string {
  return `${userId}_${epochMs}`;
}
