/**
 * The SPA's one CSV writer, on csv-stringify's browser build: comma-separated, CRLF, fields quoted
 * when they hold a comma, quote or line break (quotes doubled), a UTF-8 byte-order mark first so
 * that Excel reads the file as UTF-8, and a text cell starting with = + - @ tab or carriage return
 * prefixed with `'` so that a spreadsheet never runs it as a formula (csv-stringify's
 * `escape_formulas`; a negative number stays a number).
 * Column kinds: `date` -> YYYY-MM-DD (from an ISO text or epoch milliseconds), `amount` -> a plain
 * number with 2 decimals; a list -> its items joined by spaces; null or undefined -> empty.
 * Loaded on use (it is heavy for a route's budget): `await import('./csv')`.
 */
import { stringify } from 'csv-stringify/browser/esm/sync';

/** A value a column reads from a row. */
export type CsvValue = string | number | boolean | null | undefined | readonly string[];

/** One column: its header (the spec's wording), how to read it from a row, and how to write it. */
export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => CsvValue;
  kind?: 'text' | 'date' | 'amount';
}

/** The UTF-8 byte-order mark the file starts with. */
export const CSV_BOM = '\uFEFF';

function cell(value: CsvValue, kind: CsvColumn<unknown>['kind']): string | number | null {
  if (value === null || value === undefined || value === '') return null;
  if (Array.isArray(value)) return value.join(' ');
  if (kind === 'date') {
    const date = new Date(typeof value === 'number' ? value : String(value));
    if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value)) return value.slice(0, 10);
    return Number.isNaN(date.getTime()) ? String(value) : date.toISOString().slice(0, 10);
  }
  if (kind === 'amount') {
    const amount = typeof value === 'number' ? value : Number(value);
    // A number keeps a negative amount out of the formula guard; the cast writes 2 decimals.
    return Number.isFinite(amount) ? amount : String(value);
  }
  return typeof value === 'number' ? value : String(value);
}

/** The rows as CSV text: the BOM, a header row, then one line per row (CRLF after each). */
export function toCsv<Row>(columns: readonly CsvColumn<Row>[], rows: readonly Row[]): string {
  const amounts = new Set(columns.flatMap((c, i) => (c.kind === 'amount' ? [i] : [])));
  return stringify(
    rows.map((row) => columns.map((c) => cell(c.value(row), c.kind))),
    {
      bom: true,
      header: true,
      columns: columns.map((c) => c.header),
      record_delimiter: 'windows',
      escape_formulas: true,
      cast: {
        number: (value, context) => (amounts.has(Number(context.index)) ? value.toFixed(2) : String(value)),
      },
    },
  );
}

/** Offer `text` as a download named `filename` (a Blob URL, revoked once the download began). */
export function saveCsv(text: string, filename: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
