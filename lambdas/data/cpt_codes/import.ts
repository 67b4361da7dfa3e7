/**
 * CPT codes: import of the CMS Physician Fee Schedule Relative Value File.
 *
 * The file is the CSV that CMS publishes on its "PFS Relative Value Files" page inside
 * `RVU<yy><release>.zip` as `PPRRVU<yyyy>_<release>.csv` (e.g. `PPRRVU2025_Oct.csv`): a few title
 * lines, a header spread over several lines whose last line starts `HCPCS,MOD,DESCRIPTION,...`, then
 * one row per HCPCS code and modifier. The code descriptors in it are AMA's: they go into the
 * database of whoever holds the file, never into this repository.
 *
 * Exported API:
 * - {@link parsePfsFile}(path) -> {@link ParsedPfsFile}: streams the file through csv-parse, checks
 *   the layout and every kept row, and returns the codes. Throws {@link CptFileLayoutError} (not the
 *   expected layout; message names it) or {@link CptFileDataError} (rows with bad values). Reads only.
 * - {@link writeCptRecords}(records, options) -> {@link CptWriteCounts}: idempotent writer shared
 *   with the starter list (`starter.ts`); compares with what is stored and writes only differences.
 * - {@link importPfsFile}(path, options) -> {@link CptImportResult}: parse and validate the WHOLE file
 *   first, then write; a refused file writes nothing.
 * - {@link cptTablesFromEnv}(): the two table names from `CPT_CODES_TABLE` / `CPT_SEARCH_TABLE`.
 *
 * Kept: rows without modifier (MOD empty), one item per code (a repeated code keeps its first row).
 * Fields: code, short descriptor, status code, global days, multiple-procedure indicator (`MULT PROC`),
 * work / PE / MP RVUs, totals and the conversion factor, as DynamoDB numbers with the file's values.
 * The fee-schedule year (from the title line, else the file name) goes into the metadata item.
 *
 * Writing (see `repository.ts` for the item shapes): the importer reads the codes table once (a
 * Scan: an import is not a request path) to sort each code into inserted / updated / unchanged /
 * kept, then writes with BatchWriteItem in chunks of 25 (UnprocessedItems retried with backoff,
 * a few requests in parallel): first the search-index items of new or re-described codes (and the
 * deletion of tokens a new descriptor no longer has), then the code items, then the metadata item.
 * Because a code item is written only after its index items, an interrupted import is repaired by
 * running it again.
 *
 * Cost, measured with PPRRVU2025_Oct.csv (19,090 rows, 16,851 codes, 82,439 index items) against
 * dynalite on the 2-core dev machine: about 12 s for a first import with `npm run import:cpt`
 * (0.5 s of it parsing), about 1.6 s for a re-import that finds everything unchanged.
 */
import { basename } from 'node:path';
import {
  BatchWriteCommand,
  GetCommand,
  PutCommand,
  paginateScan,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { batchGetAll, resendUnprocessed } from '../../lib/dynamo';
import { parseItems, parseOptionalItem } from '../item';
import { ListFileDataError, ListFileLayoutError, csvRecords } from '../list-files';
import { CPT_INDEX_VERSION, cptMetaKey, cptSearchKey, legacyCptSearchKey } from './keys';
import {
  CptCatalogMetaSchema,
  CptCodeItemSchema,
  buildCatalogMeta,
  cptSearchTokens,
  type CptCatalogMeta,
  type CptCodeItem,
  type CptRepositoryDeps,
  type CptSearchItem,
  STARTER_SOURCE,
} from './repository';

/* ---------------------------------- layout ---------------------------------- */

/** Numeric fields of an item and the column each comes from. */
const NUMERIC_COLUMNS = {
  work_rvu: 'WORK RVU',
  non_facility_pe_rvu: 'NON-FAC PE RVU',
  facility_pe_rvu: 'FACILITY PE RVU',
  mp_rvu: 'MP RVU',
  non_facility_total_rvu: 'NON-FACILITY TOTAL',
  facility_total_rvu: 'FACILITY TOTAL',
  conversion_factor: 'CONV FACTOR',
} as const;

type NumericField = keyof typeof NUMERIC_COLUMNS;

/** Column names the importer needs, as CMS spells them (header lines joined top to bottom). */
export const PFS_EXPECTED_COLUMNS = [
  'HCPCS',
  'MOD',
  'DESCRIPTION',
  'STATUS CODE',
  ...Object.values(NUMERIC_COLUMNS).slice(0, 6),
  'GLOB DAYS',
  'MULT PROC',
  'CONV FACTOR',
] as const;

/** One sentence describing the accepted layout, used in every refusal. */
export const PFS_LAYOUT_DESCRIPTION =
  'the CMS Physician Fee Schedule Relative Value File in CSV (PPRRVU<year>_<release>.csv from the ' +
  "RVU zip on CMS's PFS Relative Value Files page): title lines, then a header whose last line starts " +
  `HCPCS,MOD,DESCRIPTION and whose columns include ${PFS_EXPECTED_COLUMNS.join(', ')}`;

/** How many rows may come before the `HCPCS,...` header row (the 2025 files have 9). */
const MAX_ROWS_BEFORE_HEADER = 30;
/** The file is not a PFS relative value file in the expected CSV layout. Nothing was written. */
export class CptFileLayoutError extends ListFileLayoutError {
  override name = 'CptFileLayoutError';
  constructor(fileName: string, detail: string) {
    super(fileName, detail, PFS_LAYOUT_DESCRIPTION);
  }
}

/** The layout is right but some kept rows have bad values. Nothing was written. */
export class CptFileDataError extends ListFileDataError {
  override name = 'CptFileDataError';
}

/** A BatchWriteItem kept returning UnprocessedItems after every retry. */
export class CptImportWriteError extends Error {
  override name = 'CptImportWriteError';
}

/** A code as parsed from the file or the starter list (no source / imported_at yet). */
export type CptCodeRecord = Omit<CptCodeItem, 'source' | 'imported_at'>;

export interface ParsedPfsFile {
  fileName: string;
  /**
   * Calendar year of the fee schedule: from the title line (`2025 National Physician Fee Schedule
   * Relative Value File ...`), else from a file name `PPRRVU<year>...`; undefined when neither says.
   */
  year?: number;
  /** Data rows read after the header (blank rows excluded). */
  rowsRead: number;
  /** Rows with a modifier (26, TC, 53, ...), not imported. */
  modifierRowsSkipped: number;
  /** Repeated rows of a code without modifier (the first one is kept). */
  duplicateRowsSkipped: number;
  /** One record per code, in file order. */
  records: CptCodeRecord[];
  /** Column index of each expected column name. */
  columns: Record<(typeof PFS_EXPECTED_COLUMNS)[number], number>;
}

/** Upper-cased column name: the non-empty header cells of one column, top to bottom. */
function composeColumnNames(headerRows: string[][]): string[] {
  const width = Math.max(...headerRows.map((r) => r.length));
  const names: string[] = [];
  for (let c = 0; c < width; c++) {
    const parts = headerRows.map((r) => (r[c] ?? '').trim()).filter(Boolean);
    names.push(parts.join(' ').replace(/\s+/g, ' ').toUpperCase());
  }
  return names;
}

/**
 * Find each expected column: the column whose composed name is the expected name or ends with it
 * after a space (title text above a column, e.g. over DESCRIPTION, is ignored). `NON-FACILITY TOTAL`
 * does not match `FACILITY TOTAL` because the character before is `-`, not a space.
 */
function locateColumns(names: string[]): { columns: Partial<Record<string, number>>; missing: string[] } {
  const columns: Partial<Record<string, number>> = {};
  const missing: string[] = [];
  for (const expected of PFS_EXPECTED_COLUMNS) {
    const index = names.findIndex((n) => n === expected || n.endsWith(` ${expected}`));
    if (index < 0) missing.push(expected);
    else columns[expected] = index;
  }
  return { columns, missing };
}

const CODE_PATTERN = /^[A-Z0-9]{5}$/;
const NUMBER_PATTERN = /^-?(\d+\.?\d*|\.\d+)$/;
/** CMS writes each indicator (PCTC, MULT PROC, BILAT SURG, ...) as one digit. */
const INDICATOR_PATTERN = /^\d$/;
const TITLE_YEAR_PATTERN = /\b((?:19|20)\d{2}) National Physician Fee Schedule\b/i;
const FILE_NAME_YEAR_PATTERN = /^PPRRVU((?:19|20)\d{2})/i;

/** The fee-schedule year named in the title rows, else in the file name (see {@link ParsedPfsFile.year}). */
function feeScheduleYear(titleRows: string[][], fileName: string): number | undefined {
  for (const row of titleRows) {
    for (const cell of row) {
      const match = TITLE_YEAR_PATTERN.exec(cell);
      if (match) return Number(match[1]);
    }
  }
  const fromName = FILE_NAME_YEAR_PATTERN.exec(fileName);
  return fromName ? Number(fromName[1]) : undefined;
}

/**
 * Parse and validate a PFS relative value file (streaming, csv-parse). Nothing is written.
 *
 * @param path  file path; its base name is used in messages and in `source`.
 * @throws CptFileLayoutError when no `HCPCS,MOD,DESCRIPTION` header row is found within the first 30
 *   rows, when expected columns are missing, or when the file is not readable as CSV.
 * @throws CptFileDataError when kept rows (no modifier) have an invalid code, an empty descriptor,
 *   a non-numeric RVU / conversion factor or a MULT PROC that is not one digit (empty cells are
 *   allowed and left out).
 * @throws the file system's error (e.g. ENOENT) when the file cannot be opened.
 */
export async function parsePfsFile(path: string): Promise<ParsedPfsFile> {
  const fileName = basename(path);
  const headerRows: string[][] = [];
  let columns: ParsedPfsFile['columns'] | undefined;
  const problems: string[] = [];
  const records: CptCodeRecord[] = [];
  const seen = new Set<string>();
  let rowsRead = 0;
  let modifierRowsSkipped = 0;
  let duplicateRowsSkipped = 0;

  const unreadable = (detail: string) => new CptFileLayoutError(fileName, detail);
  for await (const { record, line } of csvRecords(path, unreadable, { relaxQuotes: true })) {
    if (!columns) {
      headerRows.push(record);
      if ((record[0] ?? '').trim().toUpperCase() === 'HCPCS') {
        const names = composeColumnNames(headerRows);
        const found = locateColumns(names);
        if (found.missing.length > 0) {
          throw new CptFileLayoutError(fileName, `header row on line ${line} lacks ${found.missing.join(', ')}`);
        }
        columns = found.columns as ParsedPfsFile['columns'];
      } else if (headerRows.length > MAX_ROWS_BEFORE_HEADER) {
        throw new CptFileLayoutError(
          fileName,
          `no header row starting HCPCS in the first ${MAX_ROWS_BEFORE_HEADER} rows`,
        );
      }
      continue;
    }
    const cell = (name: (typeof PFS_EXPECTED_COLUMNS)[number]) => (record[columns![name]] ?? '').trim();
    if (record.every((v) => v.trim() === '')) continue;
    rowsRead += 1;
    if (cell('MOD') !== '') {
      modifierRowsSkipped += 1;
      continue;
    }
    const code = cell('HCPCS').toUpperCase();
    if (!CODE_PATTERN.test(code)) {
      problems.push(`line ${line}: HCPCS ${JSON.stringify(cell('HCPCS'))} is not a 5-character code`);
      continue;
    }
    if (seen.has(code)) {
      duplicateRowsSkipped += 1;
      continue;
    }
    seen.add(code);
    const description = cell('DESCRIPTION').replace(/\s+/g, ' ');
    if (!description) problems.push(`line ${line}: ${code} has no DESCRIPTION`);
    const item: CptCodeRecord = { cpt_code: code, cpt_description: description };
    const status = cell('STATUS CODE');
    if (status) item.status_code = status;
    const glob = cell('GLOB DAYS');
    if (glob) item.global_days = glob;
    const multProc = cell('MULT PROC');
    if (multProc && !INDICATOR_PATTERN.test(multProc)) {
      problems.push(`line ${line}: ${code} MULT PROC ${JSON.stringify(multProc)} is not one digit`);
    } else if (multProc) item.mult_proc = multProc;
    for (const [field, column] of Object.entries(NUMERIC_COLUMNS) as [
      NumericField,
      (typeof PFS_EXPECTED_COLUMNS)[number],
    ][]) {
      const raw = cell(column);
      if (raw === '') continue;
      if (!NUMBER_PATTERN.test(raw)) {
        problems.push(`line ${line}: ${code} ${column} ${JSON.stringify(raw)} is not a number`);
        continue;
      }
      item[field] = Number(raw);
    }
    records.push(item);
  }

  if (!columns) throw new CptFileLayoutError(fileName, 'no header row starting HCPCS');
  if (problems.length > 0) throw new CptFileDataError(fileName, problems);
  if (records.length === 0) throw new CptFileLayoutError(fileName, 'no code rows without modifier after the header');
  const year = feeScheduleYear(headerRows, fileName);
  return {
    fileName,
    ...(year === undefined ? {} : { year }),
    rowsRead,
    modifierRowsSkipped,
    duplicateRowsSkipped,
    records,
    columns,
  };
}

/* ---------------------------------- writing ---------------------------------- */

export interface CptWriteOptions extends CptRepositoryDeps {
  /** `cms-pfs:<file name>` or `starter`. */
  source: string;
  /**
   * Fee-schedule year of the records ({@link ParsedPfsFile.year}), kept in the metadata item as
   * `pfs_year`; absent (the starter list) keeps the stored year.
   */
  pfsYear?: number;
  /** ISO time stored as imported_at on written items; default now. */
  importedAt?: string;
  /**
   * Whether an existing item whose content differs may be replaced; default always. The starter
   * list passes "only other starter items", so it never overwrites imported CMS descriptors.
   */
  mayReplace?: (existing: CptCodeItem) => boolean;
  /** BatchWriteItem requests in flight at once; default 4. */
  concurrency?: number;
  /** Progress of each phase: items done out of total. */
  onProgress?: ImportProgress;
}

export interface CptWriteCounts {
  /** Records given. */
  codes: number;
  /** New codes written. */
  inserted: number;
  /** Existing codes whose content (or source) changed, rewritten. */
  updated: number;
  /** Existing codes with the same content, not written. */
  unchanged: number;
  /** Existing codes with other content left alone because `mayReplace` said no. */
  kept: number;
  searchItemsWritten: number;
  searchItemsDeleted: number;
  codeItemsWritten: number;
  /** Whether the metadata item (total, paging anchors) changed and was written. */
  metaWritten: boolean;
  /** Codes in the table after the write. */
  totalCodes: number;
}

const CONTENT_FIELDS = [
  'cpt_description',
  'status_code',
  'global_days',
  'mult_proc',
  ...(Object.keys(NUMERIC_COLUMNS) as NumericField[]),
  'source',
] as const;

function sameContent(a: CptCodeItem, b: Omit<CptCodeItem, 'imported_at'>): boolean {
  return CONTENT_FIELDS.every((f) => (a[f] ?? null) === (b[f] ?? null));
}

function searchItems(code: string, description: string, key = cptSearchKey): CptSearchItem[] {
  return cptSearchTokens(code, description).map((token) => ({
    ...key(token, code),
    cpt_code: code,
    cpt_description: description,
  }));
}

/** Sends of a batch while items stay unprocessed: an import may run long against a busy table. */
const IMPORT_SENDS = 11;

export type WriteRequest =
  { PutRequest: { Item: Record<string, unknown> } } | { DeleteRequest: { Key: Record<string, unknown> } };

/**
 * BatchWriteItem all requests to one table: chunks of 25, `concurrency` in flight, UnprocessedItems
 * sent again up to {@link IMPORT_SENDS} times in all ({@link resendUnprocessed}).
 * @throws CptImportWriteError when items stay unprocessed. Also used by the NUCC importer
 *   (lambdas/data/lists/nucc.ts).
 */
export async function batchWriteAll(
  doc: DynamoDBDocumentClient,
  table: string,
  requests: WriteRequest[],
  concurrency: number,
  onChunk: (done: number) => void,
): Promise<void> {
  const chunks: WriteRequest[][] = [];
  for (let i = 0; i < requests.length; i += 25) chunks.push(requests.slice(i, i + 25));
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < chunks.length) {
      const chunk = chunks[next++]!;
      const left = await resendUnprocessed(
        chunk,
        async (pending) => {
          const out = await doc.send(new BatchWriteCommand({ RequestItems: { [table]: pending } }));
          return (out.UnprocessedItems?.[table] ?? []) as WriteRequest[];
        },
        IMPORT_SENDS,
      );
      if (left.length) throw new CptImportWriteError(`${left.length} item(s) stayed unprocessed in ${table}`);
      done += chunk.length;
      onChunk(done);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
}

/** Progress of an import's write phases: items done out of total. */
export type ImportProgress = (phase: 'search-index' | 'codes', done: number, total: number) => void;

/**
 * Write an import's requests with {@link batchWriteAll}: the search-index ones first, then the code
 * items, so that a code item is written only after its index items and a rerun repairs an
 * interrupted import. Also used by the NUCC importer (lambdas/data/lists/nucc.ts).
 */
export async function writeIndexThenCodes(
  doc: DynamoDBDocumentClient,
  writes: { searchTable: string; search: WriteRequest[]; codesTable: string; codes: WriteRequest[] },
  concurrency: number,
  onProgress?: ImportProgress,
): Promise<void> {
  const { searchTable, search, codesTable, codes } = writes;
  await batchWriteAll(doc, searchTable, search, concurrency, (done) =>
    onProgress?.('search-index', done, search.length),
  );
  await batchWriteAll(doc, codesTable, codes, concurrency, (done) => onProgress?.('codes', done, codes.length));
}

/** Every item of the codes table, or only their codes with `keysOnly` (Scan; importer only). */
async function scanCodes(
  doc: DynamoDBDocumentClient,
  table: string,
  keysOnly = false,
): Promise<Map<string, CptCodeItem>> {
  const existing = new Map<string, CptCodeItem>();
  // With keysOnly the items hold their code only (a projection).
  const schema = keysOnly
    ? (z.looseObject({ cpt_code: z.string().min(1) }) as unknown as z.ZodType<CptCodeItem>)
    : CptCodeItemSchema;
  const pages = paginateScan(
    { client: doc },
    { TableName: table, ...(keysOnly ? { ProjectionExpression: 'cpt_code' } : {}) },
  );
  for await (const page of pages) {
    for (const item of parseItems(schema, page.Items, 'cpt-codes', ['cpt_code'])) existing.set(item.cpt_code, item);
  }
  return existing;
}

/** The stored items of some codes (BatchGetItem by 100, UnprocessedKeys retried). */
async function getCodes(
  doc: DynamoDBDocumentClient,
  table: string,
  codes: string[],
): Promise<Map<string, CptCodeItem>> {
  const { items, unprocessed } = await batchGetAll(doc, {
    table,
    schema: CptCodeItemSchema,
    keyNames: ['cpt_code'],
    keys: [...new Set(codes)].map((cpt_code) => ({ cpt_code })),
    maxAttempts: IMPORT_SENDS,
  });
  if (unprocessed > 0) throw new CptImportWriteError(`${unprocessed} key(s) stayed unprocessed reading ${table}`);
  return new Map(items.map((item) => [item.cpt_code, item]));
}

/** Up to this many records, stored items are read by key instead of scanning the codes table. */
const READ_BY_KEY_MAX = 500;

function sameMeta(a: CptCatalogMeta | undefined, b: CptCatalogMeta): boolean {
  if (!a) return false;
  const strip = (m: CptCatalogMeta) =>
    JSON.stringify([m.total, m.anchor_every, m.partitions, m.starter_only ?? false, m.pfs_year ?? null]);
  return strip(a) === strip(b);
}

/**
 * Write codes idempotently: each record is compared with the stored item and only new or changed
 * codes are written (with their search-index items), then the metadata item if the set of codes
 * changed. Running it twice with the same records writes nothing the second time.
 *
 * @returns the counts; throws CptImportWriteError or the SDK's errors (e.g. ResourceNotFoundException
 *   when a table does not exist).
 */
export async function writeCptRecords(records: CptCodeRecord[], options: CptWriteOptions): Promise<CptWriteCounts> {
  const { doc, codesTable, searchTable, source } = options;
  const importedAt = options.importedAt ?? new Date().toISOString();
  const mayReplace = options.mayReplace ?? (() => true);
  const concurrency = options.concurrency ?? 4;

  // Large imports read the whole table once (also needed for the paging metadata); small ones (the
  // starter list) read only their own codes, and scan keys only if the set of codes grows.
  const scanned = records.length > READ_BY_KEY_MAX;
  const existing = scanned
    ? await scanCodes(doc, codesTable)
    : await getCodes(
        doc,
        codesTable,
        records.map((r) => r.cpt_code),
      );
  const counts: CptWriteCounts = {
    codes: records.length,
    inserted: 0,
    updated: 0,
    unchanged: 0,
    kept: 0,
    searchItemsWritten: 0,
    searchItemsDeleted: 0,
    codeItemsWritten: 0,
    metaWritten: false,
    totalCodes: 0,
  };
  const searchRequests: WriteRequest[] = [];
  const codeRequests: WriteRequest[] = [];

  /** Index items of `description` for `code`, and deletes of the stored ones it no longer has. */
  const indexWrites = (code: string, description: string, old: CptCodeItem | undefined): void => {
    const fresh = searchItems(code, description);
    for (const Item of fresh) searchRequests.push({ PutRequest: { Item: { ...Item } } });
    counts.searchItemsWritten += fresh.length;
    if (!old) return;
    const keep = new Set(fresh.map((s) => s.term_code));
    const oldKey = old.index_version === CPT_INDEX_VERSION ? cptSearchKey : legacyCptSearchKey;
    for (const stale of searchItems(old.cpt_code, old.cpt_description, oldKey)) {
      if (keep.has(stale.term_code)) continue;
      searchRequests.push({ DeleteRequest: { Key: { prefix: stale.prefix, term_code: stale.term_code } } });
      counts.searchItemsDeleted += 1;
    }
  };

  for (const record of records) {
    const item: CptCodeItem = { ...record, source, imported_at: importedAt, index_version: CPT_INDEX_VERSION };
    const old = existing.get(record.cpt_code);
    const oldLayout = old !== undefined && old.index_version !== CPT_INDEX_VERSION;
    if (old && sameContent(old, item) && !oldLayout) {
      counts.unchanged += 1;
      continue;
    }
    if (old && !mayReplace(old)) {
      counts.kept += 1;
      if (oldLayout) {
        // Kept as it is, but its index items move to the current layout (ranked suggestions).
        indexWrites(old.cpt_code, old.cpt_description, old);
        codeRequests.push({ PutRequest: { Item: { ...old, index_version: CPT_INDEX_VERSION } } });
      }
      continue;
    }
    if (old) counts.updated += 1;
    else counts.inserted += 1;
    if (!old || old.cpt_description !== item.cpt_description || oldLayout) {
      indexWrites(item.cpt_code, item.cpt_description, old);
    }
    codeRequests.push({ PutRequest: { Item: { ...item } } });
    existing.set(item.cpt_code, item);
  }

  await writeIndexThenCodes(
    doc,
    { searchTable, search: searchRequests, codesTable, codes: codeRequests },
    concurrency,
    options.onProgress,
  );
  counts.codeItemsWritten = codeRequests.length;

  const oldMeta = parseOptionalItem(
    CptCatalogMetaSchema,
    (await doc.send(new GetCommand({ TableName: searchTable, Key: cptMetaKey() }))).Item,
    'cpt-search',
    ['prefix', 'term_code'],
  );
  const leavesStarterList = oldMeta?.starter_only === true && source !== STARTER_SOURCE && counts.updated > 0;
  const pfsYear = options.pfsYear ?? oldMeta?.pfs_year;
  if (!scanned && oldMeta && counts.inserted === 0 && !leavesStarterList && pfsYear === oldMeta.pfs_year) {
    // Same set of codes (and sources) as when the metadata was last written.
    counts.totalCodes = oldMeta.total;
    return counts;
  }
  const allCodes = scanned ? existing : new Map([...(await scanCodes(doc, codesTable, true)), ...existing]);
  const starterOnly = allCodes.size > 0 && [...allCodes.values()].every((item) => item.source === STARTER_SOURCE);
  const meta = buildCatalogMeta(allCodes.keys(), importedAt, starterOnly, pfsYear);
  counts.totalCodes = meta.total;
  if (!sameMeta(oldMeta, meta)) {
    await doc.send(new PutCommand({ TableName: searchTable, Item: { ...meta } }));
    counts.metaWritten = true;
  }
  return counts;
}

/* ---------------------------------- import ---------------------------------- */

export interface CptImportResult {
  parsed: Omit<ParsedPfsFile, 'records'>;
  counts: CptWriteCounts;
  /** Wall time of parse + write, in ms. */
  durationMs: number;
}

/**
 * Import a PFS relative value file: parse and validate all of it, then write (source
 * `cms-pfs:<file name>`). A refused file (layout or data errors) writes nothing.
 * @throws CptFileLayoutError, CptFileDataError, CptImportWriteError, file system and SDK errors.
 */
export async function importPfsFile(path: string, options: Omit<CptWriteOptions, 'source'>): Promise<CptImportResult> {
  const started = Date.now();
  const parsed = await parsePfsFile(path);
  const counts = await writeCptRecords(parsed.records, {
    ...options,
    source: `cms-pfs:${parsed.fileName}`,
    pfsYear: parsed.year,
  });
  const { records: _records, ...summary } = parsed;
  return { parsed: summary, counts, durationMs: Date.now() - started };
}

/** Thrown by {@link cptTablesFromEnv} when a table variable is missing. */
export class CptTablesNotConfiguredError extends Error {
  override name = 'CptTablesNotConfiguredError';
}

/**
 * The CPT table names from `CPT_CODES_TABLE` and `CPT_SEARCH_TABLE` (the same variables the Lambda
 * reads; the full Lambda environment is not needed to import).
 * @throws CptTablesNotConfiguredError when either is missing.
 */
export function cptTablesFromEnv(env: NodeJS.ProcessEnv = process.env): { codesTable: string; searchTable: string } {
  const codesTable = env.CPT_CODES_TABLE?.trim();
  const searchTable = env.CPT_SEARCH_TABLE?.trim();
  if (!codesTable || !searchTable) {
    throw new CptTablesNotConfiguredError('Set both CPT_CODES_TABLE and CPT_SEARCH_TABLE to the physical table names.');
  }
  return { codesTable, searchTable };
}
