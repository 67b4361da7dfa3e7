/**
 * The export button of a list: pages through the list's own call with the filters on screen, shows
 * the rows read so far with a progress bar and Cancel, then saves the CSV (web/src/components/csv.ts,
 * loaded on the first click). At most {@link MAX_EXPORT_ROWS} rows in the browser. Above that, a list
 * given `server` is exported by the server (./serverExport.ts; docs/decisions/0029-server-exports.md):
 * at once when `total` says so, else as soon as paging passes the limit; the rows written so far
 * are shown until the file is ready, then a link to download it. Without `server` it saves the first
 * {@link MAX_EXPORT_ROWS} and says so.
 */
import { useEffect, useRef, useState } from 'react';
import { Button, Flex, Link, Text } from '@aws-amplify/ui-react';
import type { CsvColumn } from './csv';
import type { ServerExportTarget } from './serverExport';

/** Most rows the browser exports. */
export const MAX_EXPORT_ROWS = 10_000;
/** Time between two reads of a server export's state (ms). */
export const EXPORT_POLL_MS = 1_000;

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
  /** The same list for the server export, with the filters on screen as its call's query parameters. */
  server?: ServerExportTarget;
  /**
   * Rows the list holds, when the page knows it: the progress bar's scale (else the bar is
   * indeterminate); above {@link MAX_EXPORT_ROWS} the server exports at once.
   */
  total?: number;
  /** Time between two reads of a server export's state (ms; tests pass 0). */
  pollMs?: number;
}

/** Resolves after `ms`, or rejects with the signal's reason once it aborts. */
function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });
}

/** The export button, its progress (rows so far, Cancel) and its outcome. */
export function CsvExport<Page extends { next_cursor?: string }, Row>({
  fetchPage,
  rowsOf,
  columns,
  noun,
  filename = noun[1],
  label = 'Export CSV',
  server,
  total,
  pollMs = EXPORT_POLL_MS,
}: CsvExportProps<Page, Row>) {
  const [rows, setRows] = useState<number | undefined>(undefined);
  const [onServer, setOnServer] = useState(false);
  const counted = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? noun[0] : noun[1]}`;
  const [note, setNote] = useState('');
  const [link, setLink] = useState<{ url: string; name: string } | null>(null);
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);
  const fileName = () => `${filename}-${new Date().toISOString().slice(0, 10)}.csv`;

  /** The server writes the file; its rows so far are shown until the link is ready. */
  const exportOnServer = async (target: ServerExportTarget, signal: AbortSignal) => {
    setOnServer(true);
    setRows(0);
    // Loaded on use, as the CSV writer: its schemas are not the list page's.
    const { serverExportStatus, startServerExport } = await import('./serverExport');
    const id = await startServerExport(target, signal);
    for (let read = 0; ; read++) {
      if (read > 0) await wait(pollMs, signal);
      const status = await serverExportStatus(id, signal);
      if (status.state === 'running') {
        setRows(status.rows);
        continue;
      }
      if (status.state === 'failed' || !status.url)
        throw new Error(status.error ?? 'the server could not write the file');
      setLink({ url: status.url, name: fileName() });
      const minutes = Math.round((status.expires_in ?? 600) / 60);
      setNote(`Exported ${counted(status.rows)}. The download link works for ${minutes} minutes.`);
      return;
    }
  };

  const start = async () => {
    const controller = new AbortController();
    running.current = controller;
    setRows(0);
    setOnServer(false);
    setNote('');
    setLink(null);
    try {
      if (server && total !== undefined && total > MAX_EXPORT_ROWS) {
        await exportOnServer(server, controller.signal);
        return;
      }
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
      if (server && (cursor !== undefined || all.length > MAX_EXPORT_ROWS)) {
        await exportOnServer(server, controller.signal);
        return;
      }
      const { toCsv, saveCsv } = await writer;
      if (controller.signal.aborted) return;
      const saved = all.slice(0, MAX_EXPORT_ROWS);
      const truncated = cursor !== undefined || all.length > MAX_EXPORT_ROWS;
      saveCsv(toCsv(columns, saved), fileName());
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
        setOnServer(false);
      }
    }
  };
  const cancel = () => {
    running.current?.abort();
    running.current = null;
    setRows(undefined);
    setOnServer(false);
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
          {onServer ? (
            // The server's total is not known ahead: an indeterminate bar, the rows written in words.
            <progress aria-label={`Exporting ${noun[1]} on the server`} />
          ) : total !== undefined && total > 0 ? (
            // Scaled to the rows the list holds: against 10,000 a list of 88 never moved the bar.
            <progress max={Math.min(total, MAX_EXPORT_ROWS)} value={rows} aria-label={`Exporting ${noun[1]}`} />
          ) : (
            // Rows ahead unknown (a search, a filter the counters do not keep): indeterminate.
            <progress aria-label={`Exporting ${noun[1]}`} />
          )}
          <Text as="span" role="status">
            {onServer ? `More than ${counted(MAX_EXPORT_ROWS)}: the server is writing the file, ` : ''}
            {counted(rows)} so far…
          </Text>
          <Button type="button" size="small" onClick={cancel}>
            Cancel
          </Button>
        </Flex>
      )}
      {note && <Text role="status">{note}</Text>}
      {link && (
        <Link href={link.url} download={link.name} rel="noopener">
          Download {link.name}
        </Link>
      )}
    </Flex>
  );
}
