/**
 * Reports, /back-office/reports (spec back-office-and-shell section 2 "Reports"),
 * for user_type 50 or more.
 *
 * - The permission check comes first ("Checking permissions..."): GET /report/permission. If it
 *   fails, or `hasReportingAccess` is false, the user is sent to /dashboard (the page shows "Limited"
 *   for that moment).
 * - Then the user type (role label and number) with "Reporting Enabled", the Provider Payment Report
 *   form and the history.
 * - The form: an optional provider picker (GET /user/list search by name, email or NPI; departure
 *   from the spec, docs/decisions/0009-spec-departures.md: blank means every provider), Generate Report, the download of the PDF
 *   under the server's file name, and the spec's error texts by cause (./messages.ts).
 * - The history: the caller's 10 most recent reports, kept by the server (departure from the spec's
 *   per-session history), newest first, each with its provider's name, refreshed after each generation;
 *   a kept report (`downloadable`) has a Download button that fetches its file again.
 */
import { useEffect, useId, useMemo, useState } from 'react';
import { useDebounce } from 'use-debounce';
import { useNavigate } from 'react-router-dom';
import { Alert, Badge, Button, Card, Flex, Heading, Loader, Text } from '@aws-amplify/ui-react';
import { isBackOffice, roleLabel } from '../../../../shared/roles';
import { REPORT_MESSAGES, type ReportHistoryEntry } from '../../../../shared/schemas/report';
import type { UserRecord as UserListItem } from '../../../../shared/schemas/users';
import { Combobox, useSwapFocus } from '../../components/Combobox';
import { DataTable, type DataColumn } from '../../components/DataTable';
import { apiErrorMessage } from '../../lib/apiErrors';
import {
  useDownloadKeptReport,
  useGenerateReport,
  useProviderSearch,
  useReportHistory,
  useReportPermission,
} from './queries';
import { BusyButton } from '../../components/BusyButton';

/** Milliseconds between the last key typed and the provider search. */
const SEARCH_DEBOUNCE_MS = 300;

const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** "11/23/2026, 6:05 PM" in the browser's zone; the text as it is when unreadable. */
function usDateTime(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString('en-US', { dateStyle: 'short', timeStyle: 'short' });
}

/**
 * For whom a report was made: 'All providers', the provider's name, or for a report kept before names
 * were stored the spec's lookup fallback, "User " and the id's first 8 characters upper-cased.
 */
export function historyProvider(r: Pick<ReportHistoryEntry, 'userId' | 'providerName'>): string {
  if (!r.userId) return 'All providers';
  return r.providerName || `User ${r.userId.slice(0, 8).toUpperCase()}`;
}

/** The report history's columns: when, for whom, how it ended, and the file. */
const HISTORY_COLUMNS: DataColumn<ReportHistoryEntry>[] = [
  { header: 'Generated', cell: (r) => usDateTime(r.generatedAt) },
  { header: 'Providers', cell: (r) => historyProvider(r) },
  {
    header: 'Status',
    cell: (r) => (
      <Badge variation={r.status === 'success' ? 'success' : 'error'}>
        {r.status === 'success' ? 'Success' : 'Error'}
      </Badge>
    ),
  },
  { header: 'Cases', cell: (r) => r.case_count.toLocaleString('en-US') },
  { header: 'Total', cell: (r) => USD.format(r.total) },
  { header: 'File', cell: (r) => r.filename, style: { wordBreak: 'break-all' } },
];

function providerLabel(u: UserListItem): string {
  const name = `${u.first_name} ${u.last_name}`.trim() || u.user_email || u.user_id;
  return u.user_npi ? `${name} (NPI ${u.user_npi})` : name;
}

interface Chosen {
  id: string;
  label: string;
}

function ProviderPicker(props: { chosen: Chosen | undefined; onChoose: (c: Chosen | undefined) => void }) {
  const [text, setText] = useState('');
  const [search] = useDebounce(text, SEARCH_DEBOUNCE_MS);
  const providers = useProviderSearch(search, props.chosen === undefined);
  const options = useMemo(
    // Providers only (user_type below 10): back-office users own no cases.
    () =>
      (providers.data ?? [])
        .filter((u) => !isBackOffice(u.user_type))
        .map((u) => ({ value: u.user_id, label: providerLabel(u) })),
    [providers.data],
  );
  const hintId = useId();
  const { swap, focusRef } = useSwapFocus();

  if (props.chosen) {
    return (
      <Flex direction="column" gap="0.25rem">
        <Text fontWeight="bold">Provider (optional)</Text>
        <Flex alignItems="center" gap="0.5rem" wrap="wrap">
          <Text data-testid="chosen-provider">{props.chosen.label}</Text>
          <Button
            size="small"
            variation="link"
            ref={focusRef}
            onClick={() => {
              swap();
              props.onChoose(undefined);
            }}
          >
            All providers instead
          </Button>
        </Flex>
      </Flex>
    );
  }
  return (
    <Flex direction="column" gap="0.25rem">
      <Combobox
        label="Provider (optional)"
        placeholder="Search providers by name, email or NPI"
        options={options}
        value={text}
        loading={providers.isFetching}
        loadingText="Loading..."
        onChange={setText}
        inputRef={focusRef}
        onPick={(option) => {
          swap();
          props.onChoose({ id: option.value, label: option.label });
          setText('');
        }}
        emptyText={search.trim() === '' ? 'Type to search providers' : `No providers found matching ${search.trim()}`}
        aria-describedby={hintId}
      />
      <Text id={hintId} fontSize="small" color="font.secondary">
        Leave blank for all providers.
      </Text>
      {providers.isError ? (
        <Text fontSize="small" color="font.error" role="alert">
          Providers could not be loaded: {apiErrorMessage('report', providers.error)}. The report for all providers
          still works.
        </Text>
      ) : null}
    </Flex>
  );
}

function HistoryList(props: { enabled: boolean }) {
  const history = useReportHistory(props.enabled);
  const download = useDownloadKeptReport();
  const columns = useMemo<DataColumn<ReportHistoryEntry>[]>(
    () => [
      ...HISTORY_COLUMNS,
      {
        header: 'Download',
        cell: (r) =>
          r.downloadable ? (
            <BusyButton
              size="small"
              aria-label={`Download ${r.filename}`}
              busy={download.isPending && download.variables === r.id}
              busyText="Downloading..."
              onClick={() => download.mutate(r.id)}
            >
              Download
            </BusyButton>
          ) : r.status === 'success' ? (
            <Text as="span" color="font.secondary">
              Not kept
            </Text>
          ) : null,
      },
    ],
    [download],
  );
  if (history.isPending) {
    return (
      <Flex alignItems="center" gap="small" role="status">
        <Loader />
        <Text>Loading...</Text>
      </Flex>
    );
  }
  if (history.isError) {
    return (
      <Alert variation="error" role="alert">
        <Flex direction="column" gap="0.5rem">
          <Text>{apiErrorMessage('report', history.error)}</Text>
          <Button size="small" onClick={() => void history.refetch()}>
            Retry
          </Button>
        </Flex>
      </Alert>
    );
  }
  if (history.data.length === 0) return <Text>No reports generated yet.</Text>;
  return (
    <Flex direction="column" gap="0.5rem">
      <DataTable caption="Recent reports" striped columns={columns} rows={history.data} rowKey={(r) => r.id} />
      {download.isError ? (
        <Alert variation="error" role="alert" isDismissible onDismiss={() => download.reset()}>
          {apiErrorMessage('reportDownload', download.error)}
        </Alert>
      ) : null}
    </Flex>
  );
}

export default function ReportsPage() {
  const navigate = useNavigate();
  const permission = useReportPermission();
  const generate = useGenerateReport();
  const [chosen, setChosen] = useState<Chosen | undefined>();
  const allowed = permission.data?.hasReportingAccess === true;
  const denied = permission.isError || (permission.isSuccess && !allowed);

  useEffect(() => {
    if (denied) navigate('/dashboard', { replace: true });
  }, [denied, navigate]);

  if (permission.isPending) {
    return (
      <Flex alignItems="center" gap="small" padding="large" role="status">
        <Loader size="large" />
        <Text>Checking permissions...</Text>
      </Flex>
    );
  }
  if (!allowed || !permission.data) {
    return (
      <Flex direction="column" gap="0.5rem" role="status">
        <Badge variation="warning">Limited</Badge>
        <Text>{permission.data?.error ?? REPORT_MESSAGES.unableToVerify}</Text>
      </Flex>
    );
  }
  const userType = permission.data.userType;

  return (
    <Flex direction="column" gap="1.25rem">
      <Flex direction="column" gap="0.25rem">
        <Heading level={1}>Reports</Heading>
        <Flex alignItems="center" gap="0.5rem" wrap="wrap">
          <Text color="font.secondary">
            User type: {roleLabel(userType)} ({userType})
          </Text>
          <Badge variation="success">Reporting Enabled</Badge>
        </Flex>
      </Flex>

      <Card variation="outlined">
        <Flex
          as="form"
          direction="column"
          gap="1rem"
          onSubmit={(e) => {
            e.preventDefault();
            if (!generate.isPending) generate.mutate(chosen?.id);
          }}
        >
          <Heading level={2}>Provider Payment Report</Heading>
          <Text>
            A PDF of the cases in pending payment status (Paid), grouped by provider, with each provider&apos;s subtotal
            and the grand total.
          </Text>
          <ProviderPicker chosen={chosen} onChoose={setChosen} />
          <Flex alignItems="center" gap="0.75rem" wrap="wrap">
            <BusyButton type="submit" variation="primary" busy={generate.isPending} busyText="Generating report...">
              Generate Report
            </BusyButton>
          </Flex>
          <div aria-live="polite">
            {generate.isPending ? <Text>Generating report... this can take a few seconds for many cases.</Text> : null}
            {generate.isSuccess ? (
              <Alert variation="success" isDismissible onDismiss={() => generate.reset()}>
                Report downloaded: {generate.data}
              </Alert>
            ) : null}
          </div>
          {generate.isError ? (
            <Alert variation="error" role="alert" isDismissible onDismiss={() => generate.reset()}>
              {apiErrorMessage('report', generate.error)}
            </Alert>
          ) : null}
        </Flex>
      </Card>

      <Card variation="outlined">
        <Flex direction="column" gap="0.75rem">
          <Heading level={2}>Report History</Heading>
          <Text fontSize="small" color="font.secondary">
            Your 10 most recent reports.
          </Text>
          <HistoryList enabled={allowed} />
        </Flex>
      </Card>
    </Flex>
  );
}
