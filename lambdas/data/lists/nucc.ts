/**
 * Doctor Types: the NUCC Health Care Provider Taxonomy code set (spec back-office "List Management"), imported from
 * the CSV that NUCC publishes (nucc.org, "Taxonomy" > "CSV": `nucc_taxonomy_<version>.csv`, header
 * `Code,Grouping,Classification,Specialization,Definition,Notes,Display Name,Section`). Free to use
 * with credit to NUCC as the source; the file is never part of this repository.
 *
 * Exported API:
 * - {@link parseNuccFile}(path) -> {@link ParsedNuccFile}: streams the file through csv-parse and
 *   checks the header and every row. Throws {@link NuccFileLayoutError} (not the expected layout) or
 *   {@link NuccFileDataError} (rows with bad values). Reads only.
 * - {@link writeNuccRecords}(records, options) -> {@link NuccWriteCounts}: idempotent writer; compares
 *   with what is stored and writes only differences (code items, their search items, the stale
 *   search items of a changed code, and the metadata item with the total).
 * - {@link importNuccFile}(path, options): parse and validate the WHOLE file, then write; a refused
 *   file writes nothing. Used by `npm run import:nucc` (bin/import-nucc.ts) and by the browser import
 *   (lambdas/lists/imports.ts).
 *
 * Items (lists table, keys from `listKeys` in lambdas/lib/tables.ts): one {@link NuccItem} per code
 * (`nucc` / code), and one search item per (token, code) (`nucc-term#<first char>` / `<token>#<code>`)
 * carrying the same fields, so that a search needs no second read. Tokens: the code and each distinct
 * lower-cased word (2 characters or more) of grouping, classification and specialization.
 */
import { basename } from 'node:path';
import { GetCommand, PutCommand, paginateQuery, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { parseItems, parseOptionalItem } from '../item';
import { writeIndexThenCodes, type ImportProgress, type WriteRequest } from '../cpt_codes/import';
import { textWords } from '../cpt_codes/repository';
import { ListFileDataError, ListFileLayoutError, csvRecords } from '../list-files';
import { LIST_PARTITIONS, listKeys } from './keys';

/** Columns the importer needs, as NUCC spells them. */
export const NUCC_EXPECTED_COLUMNS = ['Code', 'Grouping', 'Classification', 'Specialization', 'Display Name'] as const;

export const NUCC_LAYOUT_DESCRIPTION =
  'the NUCC Health Care Provider Taxonomy code set in CSV (nucc_taxonomy_<version>.csv from nucc.org), whose header row is Code,Grouping,Classification,Specialization,Definition,Notes,Display Name,Section';

/** A taxonomy code: 9 letters or digits and a final X (e.g. 208600000X). */
const CODE_PATTERN = /^[0-9A-Z]{9}X$/;

/** Not a NUCC taxonomy CSV. Nothing was written. */
export class NuccFileLayoutError extends ListFileLayoutError {
  override name = 'NuccFileLayoutError';
  constructor(fileName: string, detail: string) {
    super(fileName, detail, NUCC_LAYOUT_DESCRIPTION);
  }
}

/** The layout is right but rows have bad values. Nothing was written. */
export class NuccFileDataError extends ListFileDataError {
  override name = 'NuccFileDataError';
}

/** One taxonomy code as read from the file. `specialization` is '' for a classification's own code. */
export interface NuccRecord {
  code: string;
  grouping: string;
  classification: string;
  specialization: string;
  display_name: string;
}

/** A stored taxonomy code (`nucc` / code). */
export interface NuccItem extends NuccRecord {
  list: string;
  item_id: string;
  source: string;
  imported_at: string;
}

/** The item schema of a stored taxonomy code. */
const NuccItemSchema = z.looseObject({
  list: z.string(),
  item_id: z.string(),
  code: z.string().min(1),
  grouping: z.string(),
  classification: z.string(),
  specialization: z.string(),
  display_name: z.string(),
  source: z.string(),
  imported_at: z.string(),
}) satisfies z.ZodType<NuccItem>;

export interface ParsedNuccFile {
  fileName: string;
  /** Data rows read after the header (blank rows excluded). */
  rowsRead: number;
  /** Repeated rows of a code (the first is kept). */
  duplicateRowsSkipped: number;
  records: NuccRecord[];
}

const clean = (text: string | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();

/**
 * Parse and validate a NUCC taxonomy CSV. Nothing is written.
 * @throws NuccFileLayoutError when the first row is not a header with the expected columns, or the
 *   file is not readable as CSV; NuccFileDataError for rows with a bad code or no classification;
 *   the file system's error when the file cannot be opened.
 */
export async function parseNuccFile(path: string): Promise<ParsedNuccFile> {
  const fileName = basename(path);
  let columns: Record<(typeof NUCC_EXPECTED_COLUMNS)[number], number> | undefined;
  const records: NuccRecord[] = [];
  const problems: string[] = [];
  const seen = new Set<string>();
  let rowsRead = 0;
  let duplicateRowsSkipped = 0;
  const unreadable = (detail: string) => new NuccFileLayoutError(fileName, detail);
  for await (const { record, line } of csvRecords(path, unreadable)) {
    if (!columns) {
      const names = record.map((c) => clean(c).toLowerCase());
      const found: Partial<Record<string, number>> = {};
      const missing: string[] = [];
      for (const expected of NUCC_EXPECTED_COLUMNS) {
        const index = names.indexOf(expected.toLowerCase());
        if (index < 0) missing.push(expected);
        else found[expected] = index;
      }
      if (missing.length > 0) throw new NuccFileLayoutError(fileName, `the first row lacks ${missing.join(', ')}`);
      columns = found as Record<(typeof NUCC_EXPECTED_COLUMNS)[number], number>;
      continue;
    }
    if (record.every((v) => v.trim() === '')) continue;
    rowsRead += 1;
    const cell = (name: (typeof NUCC_EXPECTED_COLUMNS)[number]) => clean(record[columns![name]]);
    const code = cell('Code').toUpperCase();
    if (!CODE_PATTERN.test(code)) {
      problems.push(`line ${line}: Code ${JSON.stringify(cell('Code'))} is not a 10-character taxonomy code`);
      continue;
    }
    if (seen.has(code)) {
      duplicateRowsSkipped += 1;
      continue;
    }
    seen.add(code);
    const classification = cell('Classification');
    if (!classification) problems.push(`line ${line}: ${code} has no Classification`);
    records.push({
      code,
      grouping: cell('Grouping'),
      classification,
      specialization: cell('Specialization'),
      display_name: cell('Display Name'),
    });
  }
  if (!columns) throw new NuccFileLayoutError(fileName, 'the file is empty');
  if (problems.length > 0) throw new NuccFileDataError(fileName, problems);
  if (records.length === 0) throw new NuccFileLayoutError(fileName, 'no taxonomy rows after the header');
  return { fileName, rowsRead, duplicateRowsSkipped, records };
}

/** Search tokens of a code: the code (lower-cased), then each distinct word of 2+ characters of its names. */
export function nuccSearchTokens(record: NuccRecord): string[] {
  const tokens = new Set<string>([record.code.toLowerCase()]);
  for (const word of textWords(`${record.grouping} ${record.classification} ${record.specialization}`)) {
    if (word.length >= 2) tokens.add(word);
  }
  return [...tokens];
}

/** The fields an answer carries (stored on code and search items alike). */
function fields(record: NuccRecord): NuccRecord {
  return {
    code: record.code,
    grouping: record.grouping,
    classification: record.classification,
    specialization: record.specialization,
    display_name: record.display_name,
  };
}

const sameRecord = (a: NuccRecord, b: NuccRecord) => JSON.stringify(fields(a)) === JSON.stringify(fields(b));

export interface NuccWriteOptions {
  doc: DynamoDBDocumentClient;
  /** Physical name of the lists table. */
  table: string;
  /** `nucc:<file name>`. */
  source: string;
  importedAt?: string;
  concurrency?: number;
  onProgress?: ImportProgress;
}

export interface NuccWriteCounts {
  codes: number;
  inserted: number;
  updated: number;
  unchanged: number;
  searchItemsWritten: number;
  searchItemsDeleted: number;
  codeItemsWritten: number;
  /** Codes in the list after the write. */
  totalCodes: number;
}

/** Every stored taxonomy code (Query of the `nucc` partition; importer only, about 900 items). */
async function storedCodes(doc: DynamoDBDocumentClient, table: string): Promise<Map<string, NuccItem>> {
  const out = new Map<string, NuccItem>();
  const pages = paginateQuery(
    { client: doc },
    {
      TableName: table,
      KeyConditionExpression: '#l = :l',
      ExpressionAttributeNames: { '#l': 'list' },
      ExpressionAttributeValues: { ':l': LIST_PARTITIONS.nucc },
    },
  );
  for await (const page of pages) {
    for (const item of parseItems(NuccItemSchema, page.Items, 'lists', ['list', 'item_id'])) out.set(item.code, item);
  }
  return out;
}

/**
 * Write taxonomy codes idempotently: new or changed codes (and their search items; stale search
 * items of a changed code are deleted) first the search items, then the code items, then the
 * metadata item `meta` / `nucc` with `total`. Codes absent from the file are kept (a taxonomy code
 * is never reused; NUCC marks retired ones in its own notes). A second run writes nothing.
 * @throws CptImportWriteError (items left unprocessed) or the SDK's errors.
 */
export async function writeNuccRecords(records: NuccRecord[], options: NuccWriteOptions): Promise<NuccWriteCounts> {
  const { doc, table, source } = options;
  const importedAt = options.importedAt ?? new Date().toISOString();
  const concurrency = options.concurrency ?? 4;
  const existing = await storedCodes(doc, table);
  const counts: NuccWriteCounts = {
    codes: records.length,
    inserted: 0,
    updated: 0,
    unchanged: 0,
    searchItemsWritten: 0,
    searchItemsDeleted: 0,
    codeItemsWritten: 0,
    totalCodes: 0,
  };
  const searchRequests: WriteRequest[] = [];
  const codeRequests: WriteRequest[] = [];
  for (const record of records) {
    const old = existing.get(record.code);
    if (old && sameRecord(old, record)) {
      counts.unchanged += 1;
      continue;
    }
    if (old) counts.updated += 1;
    else counts.inserted += 1;
    const tokens = nuccSearchTokens(record);
    for (const token of tokens) {
      searchRequests.push({ PutRequest: { Item: { ...listKeys.nuccTerm(token, record.code), ...fields(record) } } });
    }
    counts.searchItemsWritten += tokens.length;
    if (old) {
      const keep = new Set(tokens);
      for (const stale of nuccSearchTokens(old)) {
        if (keep.has(stale)) continue;
        searchRequests.push({ DeleteRequest: { Key: listKeys.nuccTerm(stale, record.code) } });
        counts.searchItemsDeleted += 1;
      }
    }
    const item: NuccItem = { ...listKeys.nucc(record.code), ...fields(record), source, imported_at: importedAt };
    codeRequests.push({ PutRequest: { Item: { ...item } } });
    existing.set(record.code, item);
  }
  const writes = { searchTable: table, search: searchRequests, codesTable: table, codes: codeRequests };
  await writeIndexThenCodes(doc, writes, concurrency, options.onProgress);
  counts.codeItemsWritten = codeRequests.length;
  counts.totalCodes = existing.size;
  const meta = parseOptionalItem(
    z.looseObject({ total: z.number().optional() }),
    (await doc.send(new GetCommand({ TableName: table, Key: listKeys.meta('nucc') }))).Item,
    'lists',
    ['list', 'item_id'],
  );
  if (meta?.total !== existing.size) {
    await doc.send(
      new PutCommand({
        TableName: table,
        Item: { ...listKeys.meta('nucc'), total: existing.size, updated_at: importedAt, source },
      }),
    );
  }
  return counts;
}

export interface NuccImportResult {
  parsed: Omit<ParsedNuccFile, 'records'>;
  counts: NuccWriteCounts;
  /** Wall time of parse + write, in ms. */
  durationMs: number;
}

/**
 * Import a NUCC taxonomy CSV: parse and validate all of it, then write (source `nucc:<file name>`).
 * @throws NuccFileLayoutError, NuccFileDataError (nothing written), write and SDK errors.
 */
export async function importNuccFile(
  path: string,
  options: Omit<NuccWriteOptions, 'source'>,
): Promise<NuccImportResult> {
  const started = Date.now();
  const parsed = await parseNuccFile(path);
  const counts = await writeNuccRecords(parsed.records, { ...options, source: `nucc:${parsed.fileName}` });
  const { records: _records, ...summary } = parsed;
  return { parsed: summary, counts, durationMs: Date.now() - started };
}
