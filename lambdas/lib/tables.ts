/**
 * DynamoDB table definitions: keys and GSIs, declared once.
 *
 * Used by the CDK data construct (`infra/data.ts`) to create the tables and by the local runtime
 * (`local/`) to bootstrap the same tables in dynalite. Pure data, no AWS imports.
 *
 * Access patterns (issue 2, section 3):
 * - one case by id: GetItem on `cases` (case_id)
 * - a user's cases, newest first: Query `cases` index `byUser` (user_id, created_at desc)
 * - a user's cases by status, newest first: Query `cases` index `byUserStatus` (user_status, created_at desc)
 * - all cases by status (back office): Query `cases` index `byStatusMonth` (status_month =
 *   `<status>#<YYYY-MM>`, created_at desc), one month after the other, newest first (issue 7: ten
 *   partition values would let one hot status throttle the table; a status-and-month partition
 *   spreads a status over the months its cases were created in, and each stays bounded)
 * - all cases (back office): Query `cases` index `byMonth` (created_month `YYYY-MM`, created_at desc),
 *   month after month; the months to walk come from the day counters of `case-stats`
 * - soft-deleted cases (issue 9 section 2): Query `cases` index `byDeleted` (deleted_p = 'deleted',
 *   deleted_at desc); a deleted case carries no other index attribute and no `created_at`, so no
 *   other index holds it
 * - search (back office, issue 7 section 2): prefix of the lower-cased case id, patient last name or
 *   insurance provider: Query `bySearchId` / `bySearchLast` / `bySearchIns` (partition = the text's
 *   first character, sort = the lower-cased text, begins_with); DynamoDB keeps them on every write
 * - counts and sums (issue 7 section 1): `case-stats` counter items (see {@link caseStatsKeys}),
 *   written in the same TransactWriteItems as the case; top users: index `byCaseCount`
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
  /** Attribute holding the expiry time (epoch seconds) when the table expires items by TTL. */
  timeToLiveAttribute?: string;
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
      indexName: 'byStatusMonth',
      partitionKey: { name: 'status_month', type: 'S' },
      sortKey: { name: 'created_at', type: 'S' },
    },
    {
      indexName: 'byMonth',
      partitionKey: { name: 'created_month', type: 'S' },
      sortKey: { name: 'created_at', type: 'S' },
    },
    {
      indexName: 'bySearchId',
      partitionKey: { name: 'search_id_p', type: 'S' },
      sortKey: { name: 'search_id', type: 'S' },
    },
    {
      indexName: 'bySearchLast',
      partitionKey: { name: 'search_last_p', type: 'S' },
      sortKey: { name: 'search_last', type: 'S' },
    },
    {
      indexName: 'bySearchIns',
      partitionKey: { name: 'search_ins_p', type: 'S' },
      sortKey: { name: 'search_ins', type: 'S' },
    },
    // Soft-deleted cases (issue 9, section 2): partition `deleted_p` = DELETED_CASES_PARTITION, newest delete first.
    {
      indexName: 'byDeleted',
      partitionKey: { name: 'deleted_p', type: 'S' },
      sortKey: { name: 'deleted_at', type: 'S' },
    },
  ],
} as const satisfies TableDef;

/**
 * Partition value (`deleted_p`) of the `byDeleted` index of the cases table: every soft-deleted case
 * carries it, no live case does (issue 9, section 2; lambdas/case/repository.ts softDeleteCase).
 */
export const DELETED_CASES_PARTITION = 'deleted';

/**
 * Counters of cases (issue 7, section 1): one item per (scope, bucket), each holding `n_<status>`
 * (cases per status), `n_total` and `pay_cents` (sum of pay_amount, integer cents), changed with
 * ADD in the same transaction as every case write. Keys are built only by {@link caseStatsKeys}.
 * Owner items also carry `board` = {@link OWNER_BOARD} and `n_total`, the key of the `byCaseCount`
 * index that answers "top users" with one Query.
 */
export const CASE_STATS_TABLE = {
  id: 'case-stats',
  envVar: 'CASE_STATS_TABLE',
  partitionKey: { name: 'scope', type: 'S' },
  sortKey: { name: 'bucket', type: 'S' },
  globalSecondaryIndexes: [
    { indexName: 'byCaseCount', partitionKey: { name: 'board', type: 'S' }, sortKey: { name: 'n_total', type: 'N' } },
  ],
} as const satisfies TableDef;

/**
 * Profiles (PK `user_id`). Indexes of the back office's user list and search (issue 8, section 4),
 * their keys written by lambdas/user/repository.ts on every create and on every change of a name,
 * the email or the NPI ({@link userIndexAttributes}):
 * - `byListName`: partition `list_p` = {@link USER_LIST_PARTITION}, sort `list_name` (last name,
 *   first name, user id; see {@link ownedSortName}): every profile, by name;
 * - `bySearchLast` / `bySearchFirst` / `bySearchEmail` / `bySearchNpi`: partition = first character
 *   of the lower-cased text, sort = that text (as the cases' search indexes, {@link searchKey}).
 * The user counter ({@link USER_COUNT_KEY}) lives in this table too, without index attributes.
 */
export const USERS_TABLE = {
  id: 'users',
  envVar: 'USERS_TABLE',
  partitionKey: { name: 'user_id', type: 'S' },
  globalSecondaryIndexes: [
    { indexName: 'byListName', partitionKey: { name: 'list_p', type: 'S' }, sortKey: { name: 'list_name', type: 'S' } },
    {
      indexName: 'bySearchLast',
      partitionKey: { name: 'search_last_p', type: 'S' },
      sortKey: { name: 'search_last', type: 'S' },
    },
    {
      indexName: 'bySearchFirst',
      partitionKey: { name: 'search_first_p', type: 'S' },
      sortKey: { name: 'search_first', type: 'S' },
    },
    {
      indexName: 'bySearchEmail',
      partitionKey: { name: 'search_email_p', type: 'S' },
      sortKey: { name: 'search_email', type: 'S' },
    },
    {
      indexName: 'bySearchNpi',
      partitionKey: { name: 'search_npi_p', type: 'S' },
      sortKey: { name: 'search_npi', type: 'S' },
    },
  ],
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

/**
 * Reference lists of the back office (issue 8, section 6; lambdas/lists): one table, partition
 * `list` (which list), sort `item_id`; index `bySort` (`list`, `sort_key`) orders a list by name.
 * Keys are built only by {@link listKeys}:
 * - payers (Insurance Types): `insurance` / `<id>`, `sort_key` = {@link ownedSortName}([name], id);
 *   a name's uniqueness marker `insurance-name` / `<folded name>`;
 * - NUCC provider taxonomy (Doctor Types): `nucc` / `<code>` (paged in code order on the table);
 *   search items `nucc-term#<first char>` / `<token>#<code>` (Query begins_with, like the CPT search);
 * - import jobs: `job` / `<job id>` (progress of a browser import);
 * - counters and seed marks: `meta` / `insurance` | `nucc`; import locks `meta` / `import-lock#<kind>`.
 */
export const LISTS_TABLE = {
  id: 'lists',
  envVar: 'LISTS_TABLE',
  partitionKey: { name: 'list', type: 'S' },
  sortKey: { name: 'item_id', type: 'S' },
  globalSecondaryIndexes: [
    { indexName: 'bySort', partitionKey: { name: 'list', type: 'S' }, sortKey: { name: 'sort_key', type: 'S' } },
  ],
} as const satisfies TableDef;

/**
 * Reports generated (issue 8, section 5): one item per generation, success or error, in the
 * partition of the back-office user who asked (`user_id`), sorted by `report_id`, which starts with
 * the generation time (built only by {@link reportId}), so "the caller's 10 most recent" is one
 * Query (ScanIndexForward false, Limit 10). Attributes: lambdas/report/history.ts.
 */
export const REPORTS_TABLE = {
  id: 'reports',
  envVar: 'REPORTS_TABLE',
  partitionKey: { name: 'user_id', type: 'S' },
  sortKey: { name: 'report_id', type: 'S' },
  globalSecondaryIndexes: [],
} as const satisfies TableDef;

/**
 * The audit trail (issue 9, section 1; HIPAA 45 CFR 164.312(b)): one item per API request, written
 * by the shared middleware (lambdas/lib/audit.ts) with PutItem only, never updated or deleted by a
 * Lambda (the CDK test asserts no role has UpdateItem or DeleteItem on it). Keys (built only by
 * {@link auditKeys}):
 * - table: partition `day` (`YYYY-MM-DD#<shard>`: the UTC day of `at` and the entry's write shard,
 *   {@link auditShard}), sort `at_id` (`<ISO at>#<request id>`): every entry of a date range, newest
 *   first, one Query per day and shard, merged (lambdas/lib/paging.ts `queryShardsNewestFirst`);
 * - `byUser`: (`user_id`, `at_id`): one user's entries, newest first (absent for anonymous calls);
 * - `byCase`: (`case_id`, `at_id`): entries that touched exactly one case (get, create, update,
 *   status, delete, document calls), newest first; list and search entries carry their ids in
 *   `resource_ids` only;
 * - `byAction`: (`action_shard` = `<route key>#<shard>`, `at_id`): one route key (`GET /case`),
 *   newest first, one Query per shard, merged.
 * `expires_at` (epoch seconds, six years after `at`: 45 CFR 164.316(b)(2)) is the TTL attribute.
 *
 * Why shards (issue 7, section 1: no hot key at scale): every signed-in request writes an entry, so an
 * unsharded day would take all of a day's writes into one partition, and one route key (`GET /case`)
 * most of them into one partition of `byAction`. A DynamoDB partition takes about 1,000 writes a
 * second, and a time-ordered sort key defeats its split for heat, so the whole API would be capped
 * near 1,000 requests a second, then fail (a failed audit write fails the call). With
 * {@link AUDIT_SHARDS} shards, chosen by a hash of the request id, the cap is that many times higher.
 */
export const AUDIT_TABLE = {
  id: 'audit',
  envVar: 'AUDIT_TABLE',
  partitionKey: { name: 'day', type: 'S' },
  sortKey: { name: 'at_id', type: 'S' },
  globalSecondaryIndexes: [
    { indexName: 'byUser', partitionKey: { name: 'user_id', type: 'S' }, sortKey: { name: 'at_id', type: 'S' } },
    { indexName: 'byCase', partitionKey: { name: 'case_id', type: 'S' }, sortKey: { name: 'at_id', type: 'S' } },
    {
      indexName: 'byAction',
      partitionKey: { name: 'action_shard', type: 'S' },
      sortKey: { name: 'at_id', type: 'S' },
    },
  ],
  timeToLiveAttribute: 'expires_at',
} as const satisfies TableDef;

/**
 * Write shards of the audit table's day partitions and of `byAction` (see {@link AUDIT_TABLE}): about
 * 1,000 audited requests a second each. Readers query every shard 0..AUDIT_SHARDS-1, so the number may
 * be raised (older entries stay in the lower shards, still read) but never lowered.
 */
export const AUDIT_SHARDS = 4;

/**
 * Shard 0..`shards`-1 of `id`, stable for it: FNV-1a (32-bit) of its UTF-16 code units, modulo
 * `shards`. Spreads request ids and case ids evenly over write shards.
 */
export function shardOf(id: string, shards: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) {
    hash ^= id.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % shards;
}

/** The audit write shard of request `requestId` (0..AUDIT_SHARDS-1). */
export function auditShard(requestId: string): number {
  return shardOf(requestId, AUDIT_SHARDS);
}

/** The table's partition of day `day` (`YYYY-MM-DD`, UTC) and shard `shard` ({@link AUDIT_TABLE}). */
export function auditDayPartition(day: string, shard: number): string {
  return `${day}#${shard}`;
}

/** The `byAction` partition of route key `action` and shard `shard` ({@link AUDIT_TABLE}). */
export function auditActionPartition(action: string, shard: number): string {
  return `${action}#${shard}`;
}

/**
 * Keys of the audit entry of request `requestId` for route key `action`, answered at ISO time `at`
 * ({@link AUDIT_TABLE}): the day partition, the sort key and the `byAction` partition, both
 * partitions in the request's shard.
 */
export function auditKeys(
  at: string,
  requestId: string,
  action: string,
): { day: string; at_id: string; action_shard: string } {
  const shard = auditShard(requestId);
  return {
    day: auditDayPartition(at.slice(0, 10), shard),
    at_id: `${at}#${requestId}`,
    action_shard: auditActionPartition(action, shard),
  };
}

export const TABLES = [
  CASES_TABLE,
  CASE_STATS_TABLE,
  USERS_TABLE,
  SURGEONS_TABLE,
  FACILITIES_TABLE,
  CPT_CODES_TABLE,
  CPT_SEARCH_TABLE,
  LISTS_TABLE,
  REPORTS_TABLE,
  AUDIT_TABLE,
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

/** `YYYY-MM` of an ISO time (UTC), the month partition of `byMonth` / `byStatusMonth`. */
export function monthOf(isoTime: string): string {
  return isoTime.slice(0, 7);
}

/** `status_month` attribute of a case for the byStatusMonth index. */
export function statusMonthKey(caseStatus: number, isoCreatedAt: string): string {
  return `${caseStatus}#${monthOf(isoCreatedAt)}`;
}

/**
 * The first character of a text as a whole code point (an emoji is two UTF-16 units; half of one
 * is not valid UTF-8, which DynamoDB refuses in a key).
 */
export function firstCharacter(text: string): string {
  const cp = text.codePointAt(0);
  return cp === undefined ? '' : String.fromCodePoint(cp);
}

/**
 * Search keys of one text (case id, patient last name or insurance provider; issue 7 section 2):
 * partition = first character of the trimmed, lower-cased text, sort = that text. Undefined for an
 * empty text (the case is then absent from that index: GSI keys cannot be empty).
 */
export function searchKey(text: string | undefined): { p: string; s: string } | undefined {
  const s = (text ?? '').trim().toLowerCase();
  return s === '' ? undefined : { p: firstCharacter(s), s };
}

/** Partition of the owner items in the `byCaseCount` index (top users). */
export const OWNER_BOARD = 'owners';
/** Counter shards of the `all` scope (written by every case write): spreads them over this many items. */
export const CASE_STATS_SHARDS = 8;

/**
 * Keys of the counter items one case touches (issue 7, section 1); `shard` is the case's own
 * (0..CASE_STATS_SHARDS-1, from its id), `day` its creation day `YYYY-MM-DD` (UTC):
 * - `all`: scope `all`, bucket `shard#<k>` (sum the shards for the totals);
 * - `day` / `month`: scope `day` / `month`, bucket `<day>` / `<YYYY-MM>`: a range reads its whole
 *   months from `month` and only its partial months from `day` (at most 12 + 62 items for a year,
 *   whatever the number of cases);
 * - `owner`: scope `owner`, bucket `<user id>` (a provider's totals; top users through `byCaseCount`);
 * - `ownerDay` / `ownerMonth`: scope `owner-day#<user id>` / `owner-month#<user id>`, bucket
 *   `<day>` / `<YYYY-MM>` (a provider's counts over a range, read the same way).
 */
export function caseStatsKeys(
  userId: string,
  day: string,
  shard: number,
): Record<'all' | 'day' | 'month' | 'owner' | 'ownerDay' | 'ownerMonth', { scope: string; bucket: string }> {
  return {
    all: { scope: 'all', bucket: `shard#${shard}` },
    day: { scope: 'day', bucket: day },
    month: { scope: 'month', bucket: day.slice(0, 7) },
    owner: { scope: 'owner', bucket: userId },
    ownerDay: { scope: `owner-day#${userId}`, bucket: day },
    ownerMonth: { scope: `owner-month#${userId}`, bucket: day.slice(0, 7) },
  };
}

/** Case id per spec (provider-side section 3): the owner's user id, `_`, a millisecond timestamp. */
export function buildCaseId(userId: string, epochMs: number): string {
  return `${userId}_${epochMs}`;
}

/**
 * Key of the fixed item GET /health reads (issue 8, section 7: a measured System Status): one
 * GetItem on `cases`, eventually consistent (half a read unit). The item never exists: case ids are
 * `${sub}_<ms>` ({@link buildCaseId}) and never start with `#`, so the read returns nothing and
 * touches no case data; what is measured is that the table answers.
 */
export function healthProbeKey(): { case_id: string } {
  return { case_id: '#health-probe' };
}

/** Partition value of `list_p` (index `byListName` of the users table): every profile carries it. */
export const USER_LIST_PARTITION = 'users';

/**
 * Key of the item of the users table that counts profiles (`n_users`, changed with ADD in the same
 * transaction as each profile create and delete; issue 8, section 4). Its `#` never starts a
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
 * Index attributes of a profile (issue 8, section 4): `list_p` / `list_name` always; each search
 * pair only for a non-empty text (last name, first name, email, NPI), lower-cased and trimmed.
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
  const pairs = [
    ['search_last', profile.last_name],
    ['search_first', profile.first_name],
    ['search_email', profile.user_email],
    ['search_npi', profile.user_npi],
  ] as const;
  for (const [name, text] of pairs) {
    const key = searchKey(text);
    if (key) Object.assign(out, { [`${name}_p`]: key.p, [name]: key.s });
  }
  return out;
}

/**
 * Keys of the lists table ({@link LISTS_TABLE}); the only place they are spelled.
 * Folded names: accents removed, lower-cased, spaces collapsed (see {@link foldListName}).
 */
export const listKeys = {
  insurance: (id: string) => ({ list: 'insurance', item_id: id }),
  insuranceName: (name: string) => ({ list: 'insurance-name', item_id: foldListName(name) }),
  nucc: (code: string) => ({ list: 'nucc', item_id: code }),
  /** A search item of the NUCC taxonomy: token (lower-cased word or code) and code. */
  nuccTerm: (token: string, code: string) => {
    const t = token.toLowerCase();
    return { list: `nucc-term#${firstCharacter(t)}`, item_id: `${t}#${code}` };
  },
  job: (jobId: string) => ({ list: 'job', item_id: jobId }),
  meta: (name: 'insurance' | 'nucc') => ({ list: 'meta', item_id: name }),
  /** One import of a list at a time: held from start to the end of the run (or until it expires). */
  importLock: (kind: string) => ({ list: 'meta', item_id: `import-lock#${kind}` }),
} as const;

/** Partition values of the lists table (for Query key conditions). */
export const LIST_PARTITIONS = { insurance: 'insurance', nucc: 'nucc', job: 'job' } as const;

/** A name folded for comparison and ordering: accents removed, lower-cased, spaces collapsed, trimmed. */
export function foldListName(name: string): string {
  return name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/**
 * Id (and sort key) of a generated report (issue 8, section 5): the generation time as ISO text, `#`,
 * and a random suffix (`suffix`, 8 hex characters, so two reports in the same millisecond differ).
 * Sorting the ids sorts the reports by time.
 */
export function reportId(generatedAt: string, suffix: string): string {
  return `${generatedAt}#${suffix}`;
}
