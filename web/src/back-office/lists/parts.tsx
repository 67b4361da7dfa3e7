/**
 * Pieces shared by the List Management tabs: the search box (applies after a
 * short pause, Enter applies at once, Clear empties it), the page of results with its states, the
 * cursor pager and the import panel with its progress (upload percent, then rows read and codes
 * written from the polled job).
 */
import { Alert, Button, Flex, Loader, Text, TextField } from '@aws-amplify/ui-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { DataTable, type DataColumn } from '../../components/DataTable';
import { useDebouncedCallback } from 'use-debounce';
import {
  LIST_MESSAGES,
  MAX_IMPORT_BYTES,
  type ImportJob,
  type ImportKind,
} from '../../../../shared/schemas/reference-lists';
import { useListImport, type ImportState } from './queries';

/** Pause after the last keystroke before a search runs (ms). */
export const SEARCH_DEBOUNCE_MS = 300;

/** A search field whose applied value follows typing after {@link SEARCH_DEBOUNCE_MS}. */
export function SearchBox(props: { label: string; placeholder: string; onSearch: (term: string) => void }) {
  const { onSearch } = props;
  const [text, setText] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const later = useDebouncedCallback((value: string) => onSearch(value.trim()), SEARCH_DEBOUNCE_MS);
  const now = (value: string) => {
    later.cancel();
    onSearch(value.trim());
  };
  return (
    <Flex alignItems="flex-end" gap="small" wrap="wrap">
      <TextField
        ref={input}
        label={props.label}
        placeholder={props.placeholder}
        value={text}
        type="search"
        autoComplete="off"
        onChange={(e) => {
          setText(e.target.value);
          later(e.target.value);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') now(text);
        }}
        flex="1 1 16rem"
      />
      {text !== '' && (
        <Button
          onClick={() => {
            setText('');
            now('');
            // Clear goes away with the text: focus goes back to the box instead of the page.
            input.current?.focus();
          }}
        >
          Clear
        </Button>
      )}
    </Flex>
  );
}

/**
 * A tab's page of results: a spinner while it loads, `loadFailed` with the error and Retry, `empty`
 * (in a live region) for no rows, else "`total` `noun`s[ matching `search`]", the table and `pager`.
 */
export function ListTabResults<Page, Row>(props: {
  query: UseQueryResult<Page>;
  rowsOf: (page: Page) => readonly Row[];
  totalOf: (page: Page) => number;
  noun: string;
  search: string;
  loadFailed: string;
  empty: string;
  label: string;
  columns: readonly DataColumn<Row>[];
  rowKey: (row: Row) => string;
  renderRow?: (row: Row) => ReactNode;
  pager: (page: Page) => ReactNode;
}) {
  const { query } = props;
  if (query.isPending) return <Loader ariaLabel="Loading..." />;
  if (query.isError) {
    return (
      <Alert variation="error" role="alert" heading={props.loadFailed}>
        <Text>{query.error.message}</Text>
        <Button size="small" marginTop="small" onClick={() => void query.refetch()}>
          Retry
        </Button>
      </Alert>
    );
  }
  const rows = props.rowsOf(query.data);
  if (rows.length === 0) return <Text role="status">{props.empty}</Text>;
  const total = props.totalOf(query.data);
  return (
    <>
      <Text fontSize="small" role="status">
        {total.toLocaleString('en-US')} {props.noun}
        {total === 1 ? '' : 's'}
        {props.search ? ` matching ${props.search}` : ''}
      </Text>
      <DataTable
        label={props.label}
        columns={props.columns}
        rows={rows}
        rowKey={props.rowKey}
        renderRow={props.renderRow}
      />
      {props.pager(query.data)}
    </>
  );
}

/** Previous / Next with "Page N" (and "of M" when known). */
export function Pager(props: {
  page: number;
  totalPages?: number;
  hasPrevious: boolean;
  hasNext: boolean;
  onPrevious: () => void;
  onNext: () => void;
  busy?: boolean;
}) {
  const previous = useRef<HTMLButtonElement>(null);
  const next = useRef<HTMLButtonElement>(null);
  const { hasPrevious, hasNext, busy } = props;
  // A browser drops focus from a button that becomes disabled: a press while a page loads is
  // ignored rather than disabling the buttons, and at the first or last page focus moves across.
  useLayoutEffect(() => {
    const focused = document.activeElement;
    if (focused === next.current && !hasNext && hasPrevious) previous.current?.focus();
    if (focused === previous.current && !hasPrevious && hasNext) next.current?.focus();
  }, [hasPrevious, hasNext]);
  return (
    <Flex alignItems="center" gap="small" marginTop="small" as="nav" aria-label="Pages">
      <Button size="small" ref={previous} onClick={() => busy || props.onPrevious()} isDisabled={!hasPrevious}>
        Previous
      </Button>
      <Text aria-live="polite">
        Page {props.page}
        {props.totalPages !== undefined ? ` of ${Math.max(1, props.totalPages)}` : ''}
      </Text>
      <Button size="small" ref={next} onClick={() => busy || props.onNext()} isDisabled={!hasNext}>
        Next
      </Button>
      {busy && <Loader size="small" ariaLabel="Loading..." />}
    </Flex>
  );
}

const n = (value: number | undefined) => (value ?? 0).toLocaleString('en-US');

/** The counts of a running or finished job, as sentences. */
export function jobProgressLines(job: ImportJob): string[] {
  const lines: string[] = [];
  if (job.status === 'queued') lines.push('Waiting for the import to start...');
  if (job.status === 'running' && job.phase === 'parsing') lines.push('Reading the file...');
  if (job.rows_read > 0) lines.push(`Rows read: ${n(job.rows_read)} (${n(job.codes_total)} codes)`);
  if (job.status === 'running' && job.phase === 'writing' && job.index_total !== undefined && job.index_total > 0) {
    lines.push(`Search index: ${n(job.index_written)} of ${n(job.index_total)} entries written`);
  }
  if (job.codes_to_write !== undefined || job.status === 'done') {
    lines.push(
      `Codes written: ${n(job.codes_written)}${job.codes_to_write !== undefined ? ` of ${n(job.codes_to_write)}` : ''}`,
    );
  }
  if (job.status === 'done') {
    lines.push(
      `Done: ${n(job.inserted)} new, ${n(job.updated)} changed, ${n(job.unchanged)} unchanged; ${n(job.total_codes)} codes in the list.`,
    );
  }
  return lines;
}

/** Percent 0..100 of a running job: the search index first, then the codes. */
export function jobPercent(job: ImportJob): number | undefined {
  if (job.status === 'done') return 100;
  const total = (job.index_total ?? 0) + (job.codes_to_write ?? 0);
  if (job.status !== 'running' || job.phase !== 'writing' || total === 0) return undefined;
  return Math.floor((((job.index_written ?? 0) + job.codes_written) / total) * 100);
}

function Progress({ label, percent }: { label: string; percent?: number }) {
  return percent === undefined ? (
    <Loader size="small" ariaLabel={label} />
  ) : (
    <progress aria-label={label} max={100} value={percent} style={{ width: '100%', maxWidth: 360 }}>
      {percent}%
    </progress>
  );
}

function ImportStatus({ state, pollError }: { state: ImportState; pollError?: string }) {
  if (state.step === 'idle') return null;
  if (state.step === 'uploading') {
    return (
      <Flex direction="column" gap="xxs" role="status">
        <Text>
          Uploading {state.fileName}: {state.uploadPercent}%
        </Text>
        <Progress label="Upload progress" percent={state.uploadPercent} />
      </Flex>
    );
  }
  if (state.step === 'error') {
    return (
      <Alert variation="error" role="alert" heading="Import failed">
        {state.message}
      </Alert>
    );
  }
  const { job } = state;
  if (state.step === 'finished' && job.status === 'failed') {
    return (
      <Alert variation="error" role="alert" heading={`Import of ${state.fileName} failed`}>
        {job.error ?? 'Import failed'}
      </Alert>
    );
  }
  const lines = jobProgressLines(job);
  return (
    <Flex direction="column" gap="xxs" role="status">
      {state.step === 'finished' ? (
        <Alert variation="success" heading={`Imported ${state.fileName}`}>
          {lines.map((l) => (
            <Text key={l}>{l}</Text>
          ))}
        </Alert>
      ) : (
        <>
          <Text fontWeight="bold">Importing {state.fileName}...</Text>
          <Progress label="Import progress" percent={jobPercent(job)} />
          {lines.map((l) => (
            <Text key={l}>{l}</Text>
          ))}
        </>
      )}
      {pollError && <Text color="font.error">Could not read the progress: {pollError}. Still trying...</Text>}
    </Flex>
  );
}

/**
 * Choose a CSV file and import it server-side (presigned upload, then the job is polled). Refuses
 * non-CSV and oversize files before any call. `help` says which file to use.
 */
export function ImportPanel(props: { kind: ImportKind; title: string; help: ReactNode }) {
  const { state, run, pollError } = useListImport(props.kind);
  const [pickError, setPickError] = useState<string | null>(null);
  const inputId = useId();
  const busy = state.step === 'uploading' || state.step === 'importing';
  return (
    <Flex
      as="section"
      aria-label={props.title}
      direction="column"
      gap="small"
      padding="medium"
      marginBottom="medium"
      style={{ border: '1px solid var(--amplify-colors-border-primary)', borderRadius: 8 }}
    >
      <Text fontWeight="bold">{props.title}</Text>
      <Text fontSize="small">{props.help}</Text>
      <Flex alignItems="center" gap="small" wrap="wrap">
        <label htmlFor={inputId}>CSV file</label>
        <input
          id={inputId}
          type="file"
          accept=".csv,text/csv"
          disabled={busy}
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (!file) return;
            if (!file.name.toLowerCase().endsWith('.csv')) {
              setPickError(LIST_MESSAGES.notCsv);
              return;
            }
            if (file.size > MAX_IMPORT_BYTES) {
              setPickError(LIST_MESSAGES.fileTooLarge);
              return;
            }
            setPickError(null);
            void run(file);
          }}
        />
      </Flex>
      {pickError && (
        <Text color="font.error" role="alert">
          {pickError}
        </Text>
      )}
      <ImportStatus state={state} pollError={pollError} />
    </Flex>
  );
}
