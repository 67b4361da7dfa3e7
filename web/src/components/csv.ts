/**
 * The SPA's one CSV writer, on csv-stringify's browser build, with the columns, cell rules and
 * options the server's export job uses too (shared/csv-columns.ts): fields quoted when they hold a
 * comma, quote or line break, a byte-order mark first, formula cells prefixed with `'`.
 * Loaded on use (it is heavy for a route's budget): `await import('./csv')`.
 */
import { stringify } from 'csv-stringify/browser/esm/sync';
import { csvOptions, csvRecord, type CsvColumn } from '../../../shared/csv-columns';

export { CSV_BOM, type CsvColumn, type CsvValue } from '../../../shared/csv-columns';

/** The rows as CSV text: the BOM, a header row, then one line per row (CRLF after each). */
export function toCsv<Row>(columns: readonly CsvColumn<Row>[], rows: readonly Row[]): string {
  return stringify(
    rows.map((row) => csvRecord(columns, row)),
    csvOptions(columns),
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
