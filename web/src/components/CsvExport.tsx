/**
 * The export button of a list: pages through the list's own call with the filters on screen, shows
 * the rows read so far with a progress bar and Cancel, then saves the CSV (web/src/components/csv.ts,
 * loaded on the first click). At most {@link MAX_EXPORT_ROWS} rows: above that it saves those,
 * stops paging and says so (larger exports are the server's job).
 */
import { useEffect, useRef, useState } from 'react';
import { Button, Flex, Text } from '@aws-amplify/ui-react';
import type { CsvColumn } from './csv';

/** Most rows the browser exports. */
export const MAX_EXPORT_ROWS = 10_000;

export interface CsvExportProps<Page extends { next_cursor?: string }, Row> {
  /** The list's call for one page, with the filters on screen; `next_cursor` absent on the last page. */
  fetchPage: (cursor: string | undefined, signal: AbortSignal) => Promise<Page>;
  /** The rows of a page. */
  rowsOf: (page: Page) => readonly Row[];
  columns: readonly CsvColumn<Row>[];
  /** What a row is, singular and plural, for the messages: `['case', 'cases']`. */
  noun: readonly [string, string];
  /** File name before the date (default the plural noun): `cases` -> `cases-2026-11-27.csv`. */
  filename?: string;
  label?: string;
}

/** The export button, its progress (rows so far, Cancel) and its outcome. */
export function CsvExport<Page extends { next_cursor?: string }, Row>({
  fetchPage,
  rowsOf,
  columns,
  noun,
  filename = noun[1],
  label = 'Export CSV',
}: CsvExportProps<Page, Row>) {
  const [rows, setRows] = useState<number | undefined>(undefined);
  const counted = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? noun[0] : noun[1]}`;
  const [note, setNote] = useState('');
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);

  const start = async () => {
    const controller = new AbortController();
    running.current = controller;
    setRows(0);
    setNote('');
    try {
      // Loaded while the pages are read; a failed load is reported when awaited below.
      const writer = import('./csv');
      writer.catch(() => undefined);
      const all: Row[] = [];
      let cursor: string | undefined;
      do {
        const page = await fetchPage(cursor, controller.signal);
        if (controller.signal.aborted) return;
        all.push(...rowsOf(page));
        setRows(all.length);
        cursor = page.next_cursor;
      } while (cursor && all.length < MAX_EXPORT_ROWS);
      const { toCsv, saveCsv } = await writer;
      if (controller.signal.aborted) return;
      const saved = all.slice(0, MAX_EXPORT_ROWS);
      const truncated = cursor !== undefined || all.length > MAX_EXPORT_ROWS;
      saveCsv(toCsv(columns, saved), `${filename}-${new Date().toISOString().slice(0, 10)}.csv`);
      setNote(
        truncated
          ? `More than ${counted(MAX_EXPORT_ROWS)} match: the file holds the first ${MAX_EXPORT_ROWS.toLocaleString('en-US')}. Narrow the filters for the rest.`
          : `Exported ${counted(saved.length)}.`,
      );
    } catch (err) {
      if (!controller.signal.aborted) setNote(`Export failed: ${(err as Error).message}`);
    } finally {
      if (running.current === controller) {
        running.current = null;
        setRows(undefined);
      }
    }
  };
  const cancel = () => {
    running.current?.abort();
    running.current = null;
    setRows(undefined);
    setNote('Export cancelled.');
  };

  return (
    <Flex direction="column" gap="xs">
      {rows === undefined ? (
        <Button type="button" size="small" onClick={() => void start()}>
          {label}
        </Button>
      ) : (
        <Flex alignItems="center" gap="small" wrap="wrap">
          <progress max={MAX_EXPORT_ROWS} value={rows} aria-label={`Exporting ${noun[1]}`} />
          <Text as="span" role="status">
            {counted(rows)} so far…
          </Text>
          <Button type="button" size="small" onClick={cancel}>
            Cancel
          </Button>
        </Flex>
      )}
      {note && <Text role="status">{note}</Text>}
    </Flex>
  );
}
