/**
 * Back-office Deadlines, /back-office/deadlines (user_type 10 or more, under the back-office guard):
 * the next open deadline of every case with a dispute (GET /dispute/queue), soonest first, filtered
 * by state (overdue, due soon, open), "due within N business days", step and provider, applied with
 * a button; Load more; each row links to its case. `?state=` presets the state (the back-office
 * home's counts link here). Export CSV saves the filtered queue (../components/CsvExport.tsx).
 */
import { Button, Flex, Heading, SelectField, Text } from '@aws-amplify/ui-react';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { DEADLINE_STEPS } from '../../../shared/dispute/events';
import { UserFilter, type KnownUser } from '../back-office/cases/UserFilter';
import { StatusBadge } from '../cases/StatusBadge';
import { FormField } from '../components/FormField';
import { LoadMore, nextPageProps } from '../components/LoadMore';
import { DataTable, type DataColumn } from '../components/DataTable';
import { apiErrorMessage } from '../lib/apiErrors';
import { useProfile } from '../profile/useProfile';
import { ListEmpty, ListLoadError, ListLoading } from '../shell/ListStates';
import { NO_QUEUE_FILTERS, fetchQueuePage, queueQuery, type QueueFilters, type QueueItem } from './api';
import { CsvExport } from '../components/CsvExport';
import { DEADLINE_CSV_COLUMNS } from '../../../shared/csv-columns';
import { StateBadge, caseColumn } from './DeadlineParts';
import { STEP_LABELS, formatDay, stepLabel } from './labels';
import { useDisputeQueue } from './queries';

const STATES: readonly (readonly [QueueFilters['state'], string])[] = [
  ['', 'All open deadlines'],
  ['overdue', 'Overdue'],
  ['due_soon', 'Due soon'],
  ['open', 'Open'],
];

const COLUMNS: DataColumn<QueueItem>[] = [
  { header: 'Due', cell: (i) => <span style={{ whiteSpace: 'nowrap' }}>{formatDay(i.due)}</span> },
  { header: 'State', cell: (i) => <StateBadge state={i.state} /> },
  { header: 'Deadline', cell: (i) => stepLabel(i.step) },
  caseColumn(),
  { header: 'Patient', cell: (i) => i.patient_last || 'N/A' },
  { header: 'Provider', cell: (i) => i.owner_name || i.user_id },
  { header: 'Plan', cell: (i) => i.payer_name || 'N/A' },
  { header: 'Case status', cell: (i) => <StatusBadge status={i.case_status} /> },
];

function isQueueState(v: string | null): v is QueueFilters['state'] {
  return STATES.some(([s]) => s === v);
}

/** The filters, the queue and its paging (exported for tests, which render it without the guard). */
export function DeadlineQueue() {
  const profile = useProfile();
  const [params] = useSearchParams();
  const preset = params.get('state');
  const initial: QueueFilters = { ...NO_QUEUE_FILTERS, state: isQueueState(preset) ? preset : '' };
  const [draft, setDraft] = useState<QueueFilters>(initial);
  const [filters, setFilters] = useState<QueueFilters>(initial);
  const [provider, setProvider] = useState<KnownUser | null>(null);
  const [daysError, setDaysError] = useState('');
  const query = useDisputeQueue(filters);
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  const known = [...new Map(items.map((i) => [i.user_id, { user_id: i.user_id, name: i.owner_name }])).values()];

  const apply = (e: FormEvent) => {
    e.preventDefault();
    const days = draft.withinDays.trim();
    if (days && !(/^\d{1,3}$/.test(days) && Number(days) <= 365)) {
      setDaysError('Business days must be a whole number from 0 to 365');
      return;
    }
    setDaysError('');
    setFilters({ ...draft, userId: provider?.user_id ?? '' });
  };
  const pickProvider = (user: KnownUser | null) => {
    setProvider(user);
    setDraft((d) => ({ ...d, userId: user?.user_id ?? '' }));
    setFilters((f) => ({ ...f, userId: user?.user_id ?? '' }));
  };

  let list;
  if (query.isError && items.length === 0) {
    list = <ListLoadError message={apiErrorMessage('disputeLoad', query.error)} onRetry={() => void query.refetch()} />;
  } else if (query.isPending) {
    list = <ListLoading />;
  } else if (items.length === 0) {
    list = (
      <ListEmpty heading="No deadlines match these filters">
        <Text>Cases appear here once their dispute has an open deadline.</Text>
      </ListEmpty>
    );
  } else {
    list = (
      <>
        <DataTable
          stacked
          caption="Next deadline of each case, soonest first"
          columns={COLUMNS}
          rows={items}
          rowKey={(i) => i.case_id}
        />
        <LoadMore shown={items.length} noun={['case', 'cases']} {...nextPageProps(query)} />
      </>
    );
  }

  return (
    <Flex direction="column" gap="small">
      <form onSubmit={apply} aria-label="Deadline filters" noValidate>
        <Flex wrap="wrap" gap="small" alignItems="flex-end">
          <SelectField
            label="State"
            value={draft.state}
            onChange={(e) => setDraft({ ...draft, state: e.target.value as QueueFilters['state'] })}
            flex="1 1 12rem"
          >
            {STATES.map(([value, label]) => (
              <option key={value || 'all'} value={value}>
                {label}
              </option>
            ))}
          </SelectField>
          <FormField
            label="Due within (business days)"
            inputMode="numeric"
            value={draft.withinDays}
            error={daysError}
            onChange={(e) => setDraft({ ...draft, withinDays: e.target.value })}
            flex="1 1 12rem"
          />
          <SelectField
            label="Deadline"
            value={draft.step}
            onChange={(e) => setDraft({ ...draft, step: e.target.value as QueueFilters['step'] })}
            flex="1 1 16rem"
          >
            <option value="">Any deadline</option>
            {DEADLINE_STEPS.map((s) => (
              <option key={s} value={s}>
                {STEP_LABELS[s]}
              </option>
            ))}
          </SelectField>
          <Button type="submit" variation="primary">
            Apply filters
          </Button>
          <Button
            type="button"
            onClick={() => {
              setDraft(NO_QUEUE_FILTERS);
              setFilters(NO_QUEUE_FILTERS);
              setProvider(null);
              setDaysError('');
            }}
          >
            Clear
          </Button>
        </Flex>
      </form>
      {/* The provider filter applies at once when picked, as on Case Management. */}
      <Flex direction="column" gap="xs" maxWidth="24rem">
        <UserFilter userType={profile.userType} known={known} selected={provider} onSelect={pickProvider} />
      </Flex>
      <CsvExport
        fetchPage={(cursor, signal) => fetchQueuePage(filters, cursor, signal)}
        rowsOf={(page) => page.items}
        columns={DEADLINE_CSV_COLUMNS}
        noun={['deadline', 'deadlines']}
        server={{ list: 'deadlines', filters: queueQuery(filters) }}
      />
      {list}
    </Flex>
  );
}

export default function DeadlinesPage() {
  return (
    <Flex direction="column" gap="small">
      <Heading level={1}>Deadlines</Heading>
      <Text>The next No Surprises Act deadline of every case in dispute, soonest first.</Text>
      <DeadlineQueue />
    </Flex>
  );
}
