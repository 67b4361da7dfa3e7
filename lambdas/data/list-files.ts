/**
 * What the importers of list files (CMS PFS for CPT codes, NUCC taxonomy for doctor types) share:
 * the CSV reader and the two refusals, each naming the file and writing nothing.
 */
import { createReadStream } from 'node:fs';
import { parse } from 'csv-parse';

/** How many row problems a refusal lists. */
const MAX_LISTED_PROBLEMS = 10;

/** The file is not in the importer's layout (described by `layout`). Nothing was written. */
export class ListFileLayoutError extends Error {
  constructor(fileName: string, detail: string, layout: string) {
    super(`${fileName} is not in the expected layout (${detail}). Expected ${layout}. Nothing was written.`);
  }
}

/** The layout is right but rows have bad values (the first ten are listed). Nothing was written. */
export class ListFileDataError extends Error {
  constructor(
    fileName: string,
    readonly problems: string[],
  ) {
    const listed = problems.slice(0, MAX_LISTED_PROBLEMS).join('; ');
    const more = problems.length > MAX_LISTED_PROBLEMS ? ` (and ${problems.length - MAX_LISTED_PROBLEMS} more)` : '';
    super(`${fileName} has ${problems.length} invalid row(s): ${listed}${more}. Nothing was written.`);
  }
}

/**
 * The records of the CSV file at `path` (BOM dropped, empty lines skipped, rows of any length), each
 * with the line it ends on. A record over 64 KiB (a binary or fixed-width file) or text csv-parse
 * cannot read throws `unreadable('not readable as CSV: <reason>')`; the stream is closed when the
 * caller stops early or throws. `relaxQuotes` lets a quote stand inside an unquoted field.
 */
export async function* csvRecords(
  path: string,
  unreadable: (detail: string) => Error,
  { relaxQuotes = false }: { relaxQuotes?: boolean } = {},
): AsyncGenerator<{ record: string[]; line: number }> {
  const input = createReadStream(path);
  const parser = input.pipe(
    parse({
      bom: true,
      relax_column_count: true,
      relax_quotes: relaxQuotes,
      skip_empty_lines: true,
      info: true,
      max_record_size: 64 * 1024,
    }),
  );
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      yield { record, line: info.lines };
    }
  } catch (error) {
    if (error instanceof Error && 'code' in error && typeof error.code === 'string' && error.code.startsWith('CSV_')) {
      throw unreadable(`not readable as CSV: ${error.message}`);
    }
    throw error;
  } finally {
    input.destroy();
  }
}
