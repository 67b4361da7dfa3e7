/**
 * CPT codes: the read side (spec provider-side section 7 "Reference").
 *
 * Tables (`lambdas/lib/tables.ts`):
 * - `CPT_CODES_TABLE` (PK `cpt_code`): one {@link CptCodeItem} per code, written by `import.ts`.
 * - `CPT_SEARCH_TABLE` (PK `prefix`, SK `term_code`): one {@link CptSearchItem} per (token, code),
 *   keys built only by `cptSearchKey(token, code)`; the tokens of a code are the code itself and
 *   each distinct lower-cased word of its descriptor ({@link cptSearchTokens}). Every search item
 *   carries `cpt_code` and `cpt_description`, so a search needs no second read. The same table
 *   holds one metadata item ({@link CptCatalogMeta}, key `cptMetaKey()`) with the total count of
 *   codes and paging anchors.
 *
 * Exported API (request paths use GetItem and Query only, never Scan):
 * - {@link getCptCode}(code) -> {@link CptCodeItem} | undefined
 * - {@link searchCptCodes}(search, limit) -> {@link CptCodeSummary}[] (suggestions)
 * - {@link listCptCodes}({ page, limit, search }) -> {@link CptCodePage}
 * Each is also available on an explicit repository from {@link createCptRepository}({ doc, codesTable,
 * searchTable }); the top-level functions use {@link defaultCptRepository}() (tables from `getEnv()`,
 * i.e. `CPT_CODES_TABLE` / `CPT_SEARCH_TABLE`, and the shared client `ddb()`).
 *
 * Search rule: the search text is split into lower-cased letter/digit words; the longest word (the
 * most selective, first on ties) is looked up with `prefix = its first character` and
 * `begins_with(term_code, word)`; every other word must then be the start of the code or of a word of
 * the descriptor (filtered in memory). Results are deduplicated by code.
 * - Suggestions ({@link searchCptCodes}, the case form's call on every keystroke) answer the
 *   practice's recently used codes that match first, then the rest in index order (by the matching
 *   token, so a code or word equal to the search comes first, then common procedures, other surgical
 *   codes and the rest: `cptRank` of keys.ts, then by code), and read only what they answer (the
 *   bound is in {@link searchCptCodes}).
 * - The paged search ({@link listCptCodes} with `search`) answers the total number of matches, so it
 *   reads every match (at most {@link MAX_SEARCH_READ} index items) and ranks codes whose code starts
 *   with a search word first, then description matches, each group sorted by code.
 *
 * Paging without search uses the metadata item: for each first character of the codes (the index's
 * partition) it holds the count, the last code and an anchor code every {@link ANCHOR_EVERY} codes.
 * A page is then one GetItem plus a Query from the nearest anchor over that partition's code tokens
 * (`term_code BETWEEN anchor AND last`), i.e. fewer than `ANCHOR_EVERY + limit` items read.
 */
import { DynamoDBDocumentClient, GetCommand, QueryCommand, type QueryCommandOutput } from '@aws-sdk/lib-dynamodb';
import { ddb, dynamoDbClient } from '../../lib/aws';
import { batchGetAll } from '../../lib/dynamo';
import { getEnv } from '../../lib/env';
import * as z from 'zod';
import { parseItems, parseOptionalItem } from '../item';
import { cptMetaKey, cptSearchKey, cptSearchQuery } from './keys';

/* ---------------------------------- shapes ---------------------------------- */

/** What the API returns for a code (spec: "CPT code: cpt_code, cpt_description"). */
export interface CptCodeSummary {
  cpt_code: string;
  cpt_description: string;
}

/**
 * One item of `CPT_CODES_TABLE`. Numbers are DynamoDB numbers with the file's value (RVUs in
 * relative value units, `conversion_factor` in dollars per RVU). Items of the starter list carry
 * only code, description, source and imported_at.
 */
export interface CptCodeItem extends CptCodeSummary {
  /** CMS PFS status code (A active, C carrier priced, I not valid for Medicare, ...). */
  status_code?: string;
  /** Global surgery period as CMS writes it: `000`, `010`, `090`, `XXX`, `YYY`, `ZZZ`, `MMM`. */
  global_days?: string;
  /**
   * CMS multiple-procedure indicator (`MULT PROC`), one digit: `0` no reduction, `2` standard
   * reduction, `3` endoscopic family, `9` concept does not apply, ... (PFS relative value file layout).
   */
  mult_proc?: string;
  work_rvu?: number;
  non_facility_pe_rvu?: number;
  facility_pe_rvu?: number;
  mp_rvu?: number;
  non_facility_total_rvu?: number;
  facility_total_rvu?: number;
  conversion_factor?: number;
  /** `cms-pfs:<file name>` for imported codes, `starter` for the project's starter list. */
  source: string;
  /** ISO 8601 time the current content was written. */
  imported_at: string;
  /** Layout of the code's search-index items (`CPT_INDEX_VERSION` of keys.ts); absent: version 1. */
  index_version?: number;
}

/** One item of `CPT_SEARCH_TABLE` (keys from `cptSearchKey(token, cpt_code)`). */
export interface CptSearchItem extends CptCodeSummary {
  prefix: string;
  term_code: string;
}

/** The codes of one index partition (codes whose lower-cased first character is `prefix`). */
export interface CptMetaPartition {
  prefix: string;
  /** Number of codes in this partition. */
  count: number;
  /** Code at offsets 0, ANCHOR_EVERY, 2*ANCHOR_EVERY, ... of the partition, in code order. */
  anchors: string[];
  /** Last code of the partition in code order. */
  last: string;
}

/** The metadata item (key `cptMetaKey()`), rewritten by the importer after every change. */
export interface CptCatalogMeta {
  prefix: string;
  term_code: string;
  /** Total number of codes in `CPT_CODES_TABLE`. */
  total: number;
  anchor_every: number;
  /** Partitions in code order. */
  partitions: CptMetaPartition[];
  updated_at: string;
  /** true while every code is from the starter list (no CMS file imported yet); absent on old items. */
  starter_only?: boolean;
  /** Calendar year of the imported CMS fee schedule; absent before a CMS import or when the file did not say. */
  pfs_year?: number;
}

/* ------------------------------- item schemas ------------------------------- */

const CptSummaryShape = { cpt_code: z.string().min(1), cpt_description: z.string() };
const CptSummarySchema = z.looseObject(CptSummaryShape);

/** The item schema of a code of `CPT_CODES_TABLE` (the RVUs of starter codes are absent). */
export const CptCodeItemSchema = z.looseObject({
  ...CptSummaryShape,
  status_code: z.string().optional(),
  global_days: z.string().optional(),
  mult_proc: z.string().optional(),
  work_rvu: z.number().optional(),
  non_facility_pe_rvu: z.number().optional(),
  facility_pe_rvu: z.number().optional(),
  mp_rvu: z.number().optional(),
  non_facility_total_rvu: z.number().optional(),
  facility_total_rvu: z.number().optional(),
  conversion_factor: z.number().optional(),
  source: z.string(),
  imported_at: z.string(),
  index_version: z.number().int().optional(),
}) satisfies z.ZodType<CptCodeItem>;

/** The item schema of a search-index item of `CPT_SEARCH_TABLE`. */
export const CptSearchItemSchema = z.looseObject({
  ...CptSummaryShape,
  prefix: z.string(),
  term_code: z.string(),
}) satisfies z.ZodType<CptSearchItem>;

/** The item schema of the catalogue metadata item ({@link CptCatalogMeta}). */
export const CptCatalogMetaSchema = z.looseObject({
  prefix: z.string(),
  term_code: z.string(),
  total: z.number().int().nonnegative(),
  anchor_every: z.number().int().positive(),
  partitions: z.array(
    z.looseObject({ prefix: z.string(), count: z.number().int(), anchors: z.array(z.string()), last: z.string() }),
  ),
  updated_at: z.string(),
  starter_only: z.boolean().optional(),
  pfs_year: z.number().int().optional(),
}) satisfies z.ZodType<CptCatalogMeta>;

const CODE_KEY = ['cpt_code'] as const;
const SEARCH_KEY = ['prefix', 'term_code'] as const;

/** Answer of {@link listCptCodes}, as the spec's paged `/cpt_codes` call returns it. */
export interface CptCodePage {
  cpt_codes: CptCodeSummary[];
  total: number;
  page: number;
  /** `ceil(total / limit)`; 0 when there are no codes. */
  total_pages: number;
  limit: number;
  /**
   * Only on pages without search (read from the metadata item those pages need anyway): true while
   * only the starter list is loaded, or nothing at all (the SPA then explains the CMS import).
   */
  starter_list?: boolean;
}

export interface ListCptCodesInput {
  /** 1-based page, default 1. */
  page?: number;
  /** Page size, default {@link DEFAULT_PAGE_LIMIT}, at most {@link MAX_PAGE_LIMIT}. */
  limit?: number;
  /** Optional search text (same rule as {@link searchCptCodes}). */
  search?: string;
}

/* --------------------------------- constants --------------------------------- */

/** `source` of the starter list's items (lambdas/cpt_codes/starter.ts). */
export const STARTER_SOURCE = 'starter';

/** Default page and size (spec provider-side section 9: "CPT paging default page 1, size 20"). */
export const DEFAULT_PAGE_LIMIT = 20;
/** Largest page size served; larger requests are clamped. */
export const MAX_PAGE_LIMIT = 100;
/** Default number of suggestions of {@link searchCptCodes} when no limit is given. */
export const DEFAULT_SEARCH_LIMIT = 20;
/** Most search-index items one search reads (bounds the cost of broad multi-word and paged searches). */
export const MAX_SEARCH_READ = 1000;
/** Most preferred codes (the practice's recently used ones) a suggestion search reads first. */
export const MAX_PREFERRED = 25;
/** Largest Query batch of a multi-word suggestion search (see {@link searchCptCodes}). */
export const MAX_SUGGEST_BATCH = 64;
/** Distance between paging anchors in the metadata item, in codes. */
export const ANCHOR_EVERY = 100;

/** Words too common to be worth an index item; they still filter multi-word searches. */
const STOP_WORDS = new Set(['of', 'and', 'or', 'for', 'the', 'to', 'in', 'on', 'by', 'with']);

/* ------------------------------ pure helpers ------------------------------ */

/** Lower-cased letter/digit words of a text, in order (e.g. "Lap chole w/graph" -> lap, chole, w, graph). */
export function textWords(text: string): string[] {
  return text.toLowerCase().match(/[a-z0-9]+/g) ?? [];
}

/**
 * The search tokens of a code: the code itself (lower-cased) first, then each distinct word of the
 * descriptor with at least 2 characters that is not a stop word (of, and, or, for, the, to, in, on,
 * by, with). Used by the importer to build `CPT_SEARCH_TABLE` with `cptSearchKey(token, code)`.
 */
export function cptSearchTokens(code: string, description: string): string[] {
  const tokens = new Set<string>([code.toLowerCase()]);
  for (const word of textWords(description)) {
    if (word.length >= 2 && !STOP_WORDS.has(word)) tokens.add(word);
  }
  return [...tokens];
}

/** true when a search item is the code's own token (not a descriptor word). */
export function isCodeToken(item: Pick<CptSearchItem, 'term_code' | 'cpt_code'>): boolean {
  return item.term_code === cptSearchKey(item.cpt_code, item.cpt_code).term_code;
}

/** Sort key of codes in index order (the order of code tokens in `CPT_SEARCH_TABLE`). */
export function codeOrderKey(code: string): string {
  return cptSearchKey(code, code).term_code;
}

/** Compare two codes in index order. */
export function compareCodes(a: string, b: string): number {
  const ka = codeOrderKey(a);
  const kb = codeOrderKey(b);
  return ka < kb ? -1 : ka > kb ? 1 : 0;
}

/**
 * Build the metadata item for a set of codes (any order, duplicates ignored).
 * Pure; used by the importer after each change.
 */
export function buildCatalogMeta(
  codes: Iterable<string>,
  updatedAt: string,
  starterOnly = false,
  pfsYear?: number,
): CptCatalogMeta {
  const sorted = [...new Set(codes)].sort(compareCodes);
  const partitions: CptMetaPartition[] = [];
  let current: CptMetaPartition | undefined;
  for (const code of sorted) {
    const prefix = cptSearchKey(code, code).prefix;
    if (!current || current.prefix !== prefix) {
      current = { prefix, count: 0, anchors: [], last: code };
      partitions.push(current);
    }
    if (current.count % ANCHOR_EVERY === 0) current.anchors.push(code);
    current.count += 1;
    current.last = code;
  }
  return {
    ...cptMetaKey(),
    total: sorted.length,
    anchor_every: ANCHOR_EVERY,
    partitions,
    updated_at: updatedAt,
    starter_only: starterOnly,
    ...(pfsYear === undefined ? {} : { pfs_year: pfsYear }),
  };
}

/** Clamp page/limit to sane integers (page >= 1, 1 <= limit <= MAX_PAGE_LIMIT). */
function normalizePaging(input: ListCptCodesInput): { page: number; limit: number } {
  const page = Number.isFinite(input.page) ? Math.max(1, Math.floor(input.page as number)) : 1;
  const rawLimit = Number.isFinite(input.limit) ? Math.floor(input.limit as number) : DEFAULT_PAGE_LIMIT;
  const limit = Math.min(MAX_PAGE_LIMIT, Math.max(1, rawLimit));
  return { page, limit };
}

/** The lookup word of a search (the longest: the most selective; the first on ties) and the others. */
function splitSearch(words: string[]): { lookup: string; others: string[] } {
  const lookup = words.reduce((best, w) => (w.length > best.length ? w : best));
  const at = words.indexOf(lookup);
  return { lookup, others: words.filter((_, i) => i !== at) };
}

/** true when every word starts the item's code or a word of its descriptor. */
function matchesEveryWord(item: CptCodeSummary, words: string[]): boolean {
  if (words.length === 0) return true;
  const code = item.cpt_code.toLowerCase();
  const descWords = textWords(item.cpt_description);
  return words.every((w) => code.startsWith(w) || descWords.some((d) => d.startsWith(w)));
}

function summary(item: CptCodeSummary): CptCodeSummary {
  return { cpt_code: item.cpt_code, cpt_description: item.cpt_description };
}

/* -------------------------------- repository -------------------------------- */

export interface CptRepositoryDeps {
  doc: DynamoDBDocumentClient;
  /** Physical name of `CPT_CODES_TABLE`. */
  codesTable: string;
  /** Physical name of `CPT_SEARCH_TABLE`. */
  searchTable: string;
}

export interface CptRepository {
  getCptCode(code: string): Promise<CptCodeItem | undefined>;
  searchCptCodes(search: string, limit?: number, preferred?: readonly string[]): Promise<CptCodeSummary[]>;
  listCptCodes(input?: ListCptCodesInput): Promise<CptCodePage>;
  /** The metadata item, or undefined before any import. */
  getCatalogMeta(): Promise<CptCatalogMeta | undefined>;
}

/** A document client with the options the CPT code uses (undefined attributes dropped). */
export function createDocumentClient(): DynamoDBDocumentClient {
  return DynamoDBDocumentClient.from(dynamoDbClient(), { marshallOptions: { removeUndefinedValues: true } });
}

/** Build a repository over explicit tables (tests, the importer, the local runtime). */
export function createCptRepository(deps: CptRepositoryDeps): CptRepository {
  const { doc, codesTable, searchTable } = deps;

  async function getCatalogMeta(): Promise<CptCatalogMeta | undefined> {
    const out = await doc.send(new GetCommand({ TableName: searchTable, Key: cptMetaKey() }));
    return parseOptionalItem(CptCatalogMetaSchema, out.Item, 'cpt-search', SEARCH_KEY);
  }

  async function getCptCode(code: string): Promise<CptCodeItem | undefined> {
    const key = code.trim().toUpperCase();
    if (!key) return undefined;
    const out = await doc.send(new GetCommand({ TableName: codesTable, Key: { cpt_code: key } }));
    return parseOptionalItem(CptCodeItemSchema, out.Item, 'cpt-codes', CODE_KEY);
  }

  /**
   * All codes matching `search` (up to MAX_SEARCH_READ index items read), ranked: code matches then
   * description matches, each sorted by code. Used by the paged search, whose answer carries the
   * total number of matches, so it reads every match it counts.
   */
  async function findMatches(search: string): Promise<CptCodeSummary[]> {
    const words = textWords(search);
    if (words.length === 0) return [];
    const { lookup, others } = splitSearch(words);
    const { prefix, begins } = cptSearchQuery(lookup);

    const byCode = new Map<string, { item: CptCodeSummary; codeMatch: boolean }>();
    let read = 0;
    let startKey: Record<string, unknown> | undefined;
    do {
      const out = await queryLookup(prefix, begins, Math.min(500, MAX_SEARCH_READ - read), startKey);
      startKey = out.LastEvaluatedKey;
      const items = parseItems(CptSearchItemSchema, out.Items, 'cpt-search', SEARCH_KEY);
      read += items.length;
      for (const item of items) {
        if (byCode.has(item.cpt_code) || !matchesEveryWord(item, others)) continue;
        const code = item.cpt_code.toLowerCase();
        byCode.set(item.cpt_code, { item: summary(item), codeMatch: words.some((w) => code.startsWith(w)) });
      }
    } while (startKey && read < MAX_SEARCH_READ);

    const all = [...byCode.values()];
    const rank = (x: { item: CptCodeSummary; codeMatch: boolean }[]) =>
      x.map((e) => e.item).sort((a, b) => compareCodes(a.cpt_code, b.cpt_code));
    return [...rank(all.filter((e) => e.codeMatch)), ...rank(all.filter((e) => !e.codeMatch))];
  }

  /** One Query of the lookup word's index items, in index order (token, then code). */
  function queryLookup(
    prefix: string,
    begins: string,
    limit: number,
    startKey: Record<string, unknown> | undefined,
  ): Promise<QueryCommandOutput> {
    return doc.send(
      new QueryCommand({
        TableName: searchTable,
        KeyConditionExpression: '#p = :p AND begins_with(#t, :b)',
        ExpressionAttributeNames: { '#p': 'prefix', '#t': 'term_code' },
        ExpressionAttributeValues: { ':p': prefix, ':b': begins },
        Limit: limit,
        ExclusiveStartKey: startKey,
      }),
    );
  }

  /**
   * Suggestions: read at most what is answered, plus one (a one-character search once read 500
   * items to answer 5). Reads the lookup word's index items in index order and
   * stops as soon as `n` distinct codes are found; see {@link searchCptCodes} for the bound.
   */
  async function suggest(search: string, n: number, skip: ReadonlySet<string> = new Set()): Promise<CptCodeSummary[]> {
    const words = textWords(search);
    if (words.length === 0) return [];
    const { lookup, others } = splitSearch(words);
    const { prefix, begins } = cptSearchQuery(lookup);
    const found = new Map<string, CptCodeSummary>();
    let read = 0;
    let batch = 0;
    let startKey: Record<string, unknown> | undefined;
    do {
      const need = n - found.size;
      // One word: exactly what is still missing. More words: items may fail the other words, so
      // after a batch that fell short the next one may double (fewer round trips), up to the cap.
      batch = others.length === 0 ? need : Math.max(need, Math.min(2 * batch, MAX_SUGGEST_BATCH));
      const out = await queryLookup(prefix, begins, Math.min(batch, MAX_SEARCH_READ - read), startKey);
      startKey = out.LastEvaluatedKey;
      const items = parseItems(CptSearchItemSchema, out.Items, 'cpt-search', SEARCH_KEY);
      read += items.length;
      for (const item of items) {
        if (found.size >= n) break;
        if (found.has(item.cpt_code) || skip.has(item.cpt_code) || !matchesEveryWord(item, others)) continue;
        found.set(item.cpt_code, summary(item));
      }
    } while (startKey && found.size < n && read < MAX_SEARCH_READ);
    return [...found.values()];
  }

  /** The `preferred` codes (at most MAX_PREFERRED, in their order) whose descriptor matches every word. */
  async function preferredMatches(search: string, preferred: readonly string[]): Promise<CptCodeSummary[]> {
    const words = textWords(search);
    const codes = [...new Set(preferred.map((c) => c.trim().toUpperCase()).filter(Boolean))].slice(0, MAX_PREFERRED);
    if (words.length === 0 || codes.length === 0) return [];
    // Best effort: a code left unprocessed is simply not lifted to the top.
    const { items } = await batchGetAll(doc, {
      table: codesTable,
      schema: CptSummarySchema,
      keyNames: ['cpt_code'],
      keys: codes.map((cpt_code) => ({ cpt_code })),
      projection: { expression: '#c, #d', names: { '#c': 'cpt_code', '#d': 'cpt_description' } },
    });
    const byCode = new Map(items.map((item) => [item.cpt_code, summary(item)]));
    return codes.flatMap((code) => {
      const item = byCode.get(code);
      return item && matchesEveryWord(item, words) ? [item] : [];
    });
  }

  async function searchCptCodes(
    search: string,
    limit = DEFAULT_SEARCH_LIMIT,
    preferred: readonly string[] = [],
  ): Promise<CptCodeSummary[]> {
    const n = Math.min(MAX_PAGE_LIMIT, Math.max(1, Math.floor(limit)));
    const first = (await preferredMatches(search, preferred)).slice(0, n);
    if (first.length === n) return first;
    const lifted = new Set(first.map((c) => c.cpt_code));
    const rest = await suggest(search, n - first.length, lifted);
    return [...first, ...rest];
  }

  /** Read `count` codes in code order starting at position `start` (0-based) using the anchors. */
  async function readCodesAt(meta: CptCatalogMeta, start: number, count: number): Promise<CptCodeSummary[]> {
    const result: CptCodeSummary[] = [];
    let base = 0;
    for (const part of meta.partitions) {
      if (result.length >= count) break;
      if (start >= base + part.count) {
        base += part.count;
        continue;
      }
      const offset = Math.max(0, start - base);
      const anchorIndex = Math.floor(offset / meta.anchor_every);
      const from = part.anchors[anchorIndex] ?? part.anchors[0];
      if (from === undefined) {
        base += part.count;
        continue;
      }
      let skip = offset - anchorIndex * meta.anchor_every;
      let startKey: Record<string, unknown> | undefined;
      do {
        const want = skip + (count - result.length);
        const out: QueryCommandOutput = await doc.send(
          new QueryCommand({
            TableName: searchTable,
            KeyConditionExpression: '#p = :p AND #t BETWEEN :from AND :to',
            ExpressionAttributeNames: { '#p': 'prefix', '#t': 'term_code' },
            ExpressionAttributeValues: {
              ':p': part.prefix,
              ':from': codeOrderKey(from),
              ':to': codeOrderKey(part.last),
            },
            // A few extra for descriptor words that sort among the codes (e.g. "3d", "1st").
            Limit: Math.min(1000, want + 10),
            ExclusiveStartKey: startKey,
          }),
        );
        startKey = out.LastEvaluatedKey;
        for (const item of parseItems(CptSearchItemSchema, out.Items, 'cpt-search', SEARCH_KEY)) {
          if (!isCodeToken(item)) continue;
          if (skip > 0) {
            skip -= 1;
            continue;
          }
          result.push(summary(item));
          if (result.length >= count) break;
        }
      } while (startKey && result.length < count);
      base += part.count;
    }
    return result;
  }

  async function listCptCodes(input: ListCptCodesInput = {}): Promise<CptCodePage> {
    const { page, limit } = normalizePaging(input);
    const start = (page - 1) * limit;
    const search = input.search?.trim() ?? '';
    if (search) {
      const matches = await findMatches(search);
      const total = matches.length;
      return {
        cpt_codes: matches.slice(start, start + limit),
        total,
        page,
        total_pages: Math.ceil(total / limit),
        limit,
      };
    }
    const meta = await getCatalogMeta();
    const total = meta?.total ?? 0;
    const cpt_codes = meta && start < total ? await readCodesAt(meta, start, limit) : [];
    const starter_list = meta === undefined || meta.starter_only === true;
    return { cpt_codes, total, page, total_pages: Math.ceil(total / limit), limit, starter_list };
  }

  return { getCptCode, searchCptCodes, listCptCodes, getCatalogMeta };
}

/* ------------------------- default, environment-bound ------------------------- */

/**
 * The repository over the Lambda environment's tables (`getEnv()`: CPT_CODES_TABLE,
 * CPT_SEARCH_TABLE) and the shared document client (`ddb()` of lambdas/lib/aws.ts). Built per call
 * (cheap), so `resetEnvCache()` / `resetAwsClients()` of the local runtime and tests take effect.
 */
export function defaultCptRepository(): CptRepository {
  const env = getEnv();
  return createCptRepository({ doc: ddb(), codesTable: env.CPT_CODES_TABLE, searchTable: env.CPT_SEARCH_TABLE });
}

/**
 * One code by its code (trimmed, upper-cased), or undefined when unknown.
 * Reads `CPT_CODES_TABLE` with GetItem.
 */
export function getCptCode(code: string): Promise<CptCodeItem | undefined> {
  return defaultCptRepository().getCptCode(code);
}

/**
 * Suggestions for a search text: at most `limit` (default 20, at most 100) `{ cpt_code,
 * cpt_description }`: first the `preferred` codes (the practice's recently used ones, at most
 * MAX_PREFERRED, one BatchGetItem) that match every word, in their order; then the rest in index
 * order of the lookup word (the matching token, then common, surgical and other codes, then the
 * code; see the module's search rule). An empty or punctuation-only search answers `[]`.
 * GetItem/BatchGetItem and Query only.
 *
 * Items read (at most what is answered, plus one):
 * - one-word search (e.g. one character): Query batches of exactly the number of codes still
 *   missing, so the items read are the codes answered plus the items of codes already answered
 *   (a code whose code and descriptor words both start with the search appears once per token).
 *   Without such repeats: at most the number answered (all matches when fewer exist).
 * - several words: the items of the longest word that fail another word are read too; the first
 *   batch is the number asked, later ones may double (at most MAX_SUGGEST_BATCH = 64), so the read
 *   is at most (answered + skipped) plus the unused rest of the last batch (< 64).
 * - never more than MAX_SEARCH_READ (1,000) items per search.
 */
export function searchCptCodes(
  search: string,
  limit?: number,
  preferred?: readonly string[],
): Promise<CptCodeSummary[]> {
  return defaultCptRepository().searchCptCodes(search, limit, preferred);
}

/**
 * One page of codes: `{ cpt_codes, total, page, total_pages, limit }` (page default 1, limit default
 * 20, clamped to 1..100). Without search: codes in code order, total from the metadata item. With
 * search: the matches of {@link searchCptCodes}'s rule, total = number of matches.
 * GetItem and Query only.
 */
export function listCptCodes(input?: ListCptCodesInput): Promise<CptCodePage> {
  return defaultCptRepository().listCptCodes(input);
}
