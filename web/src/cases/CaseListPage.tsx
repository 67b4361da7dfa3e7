/**
 * Case List (/dashboard), spec provider-side section 2 "Case List screen".
 *
 * Heading Cases, a status filter, a search box (a case number, either name order, a member ID or an
 * insurer; sent after a pause in typing), a case-date range and an order (also the Date and In
 * Status headers), all kept in the URL (`status`, `q`, `from`, `to`, `sort`; a reload keeps them;
 * docs/decisions/0024-case-search-and-sort.md), Add New Case, and the table Case ID | Date |
 * Patient | Status | Days in Status | Insurance | Procedure Codes | Pay Amount | Demo Sheet | Op Note |
 * Actions. Search results come in the order of what they matched, so the order is off while searching. A row opens /case/{id} on click or Enter. Delete asks
 * 'Are you sure you want to delete this case?' in a modal dialog and reloads the list.
 * States: loading, empty ('No cases found': with a status filter Create Your First Case, without one
 * the getting-started checklist, ./OnboardingChecklist.tsx), error ('Backend Connection Error' + Retry Connection).
 *
 * Docs/decisions/0009-spec-departures.md (README departures): the Case ID column shows the case number
 * (while a case has none, the id's timestamp: `caseIdLabel`; the full id is in the link's accessible
 * name, 'Case {shown} (full id {id})', and its title); a Status column with the badge; Demo Sheet and Op Note tell what is really attached.
 * Below 640 px each case is a card instead of a table row; row actions are at least 44 x 44 px on
 * touch screens.
 *
 * Docs/figures.md: the list pages on the server (50 cases a page, web/src/cases/api.ts `listCasesPage`):
 * below the table (or the cards) a "Showing N cases" live status and a Load more button that appends
 * the next page and goes away on the last (LoadMore). Changing the status filter starts again from
 * the first page; a failed next page keeps the rows shown and offers Load more again.
 * Export CSV saves the filtered list (../components/CsvExport.tsx; columns ./caseCsv.ts).
 */
import { Button, Flex, Heading, SearchField, SelectField, Text, TextField, View } from '@aws-amplify/ui-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useDebounce } from 'use-debounce';
import {
  CASE_SORTS,
  CASE_STATUSES,
  UI_MESSAGES,
  caseStatusByKey,
  isCalendarDate,
  messageTemplates,
  type CaseSort,
} from '../../../shared';
import { apiErrorMessage } from '../lib/apiErrors';
import { caseListQuery, deleteCase, listCasesPage, type CaseView } from './api';
import { caseCsvColumns } from './caseCsv';
import { CsvExport } from '../components/CsvExport';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { LoadMore, nextPageProps } from '../components/LoadMore';
import PracticePipeline from './PracticePipeline';
import { OnboardingChecklist } from './OnboardingChecklist';
import { EditIcon, TrashIcon } from '../components/icons';
import { CaseTable } from './CaseTable';
import { caseControlLabel } from './format';
import { useCaseList } from './queries';
import { caseKeys } from '../lib/queryKeys';
import { useCurrentUser } from '../lib/useCurrentUser';
import { ListEmpty, ListLoadError, ListLoading } from '../shell/ListStates';
import { DismissibleError } from '../components/DismissibleError';

/** Pause in typing before the search box's text is sent, ms. */
export const CASE_LIST_SEARCH_DEBOUNCE_MS = 300;

/** The orders offered, in the order select ('' = newest created first). */
export const CASE_LIST_ORDERS: readonly { value: CaseSort | ''; label: string }[] = [
  { value: '', label: 'Newest first' },
  { value: '-case_date', label: 'Case date, latest first' },
  { value: 'case_date', label: 'Case date, earliest first' },
  { value: 'status_changed', label: 'Longest in status' },
  { value: '-status_changed', label: 'Latest status change' },
];

const CASE_CSV_COLUMNS = caseCsvColumns<CaseView>();

export default function CaseListPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const statusDef = caseStatusByKey(params.get('status') ?? '');
  const search = (params.get('q') ?? '').trim();
  const dateParam = (name: string) => {
    const value = params.get(name) ?? '';
    return isCalendarDate(value) ? value : '';
  };
  const from = dateParam('from');
  const to = dateParam('to');
  const sort = CASE_SORTS.find((s) => s === params.get('sort'));
  const [searchText, setSearchText] = useState(search);
  const [debouncedSearch] = useDebounce(searchText.trim(), CASE_LIST_SEARCH_DEBOUNCE_MS);
  const { user, error: userError } = useCurrentUser();
  const view = useMemo(
    () => ({ status: statusDef?.value, search, from, to, sort: search ? undefined : sort }),
    [statusDef?.value, search, from, to, sort],
  );
  const list = useCaseList(user?.sub, view);

  /** Set (or, empty, drop) URL parameters, keeping the others. */
  const update = (changes: Record<string, string | undefined>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(changes)) {
          if (v) next.set(k, v);
          else next.delete(k);
        }
        return next;
      },
      { replace: true },
    );
  // The search box's text goes to the URL (and the list) after a pause in typing.
  useEffect(() => {
    if (debouncedSearch !== search) update({ q: debouncedSearch });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `update` is rebuilt each render; the text is what matters
  }, [debouncedSearch]);
  const narrowed = Boolean(search || from || to);
  // The order the server answers: a date range alone lists the latest case date first.
  const shownSort = search ? undefined : (sort ?? (from || to ? '-case_date' : undefined));
  const searchRef = useRef<HTMLInputElement>(null);
  const clearFilters = () => {
    setSearchText('');
    update({ q: undefined, from: undefined, to: undefined });
    // The button goes away with the empty state: keyboard focus goes back to the search box.
    searchRef.current?.focus();
  };
  const [toDelete, setToDelete] = useState<string | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const remove = useMutation({
    mutationFn: deleteCase,
    onMutate: () => setDeleteError(null),
    onError: (err) => setDeleteError(messageTemplates.caseDeleteFailed(err instanceof Error ? err.message : undefined)),
    onSettled: (_data, _err, caseId) => {
      queryClient.removeQueries({ queryKey: caseKeys.one(caseId) });
      return queryClient.invalidateQueries({ queryKey: caseKeys.lists });
    },
  });

  const open = (c: CaseView) => navigate(`/case/${encodeURIComponent(c.case_id)}`);

  /** Edit and Delete of one case (44 x 44 px on touch screens). */
  const rowActions = (c: CaseView) => (
    <Flex gap="xxs">
      <Button
        size="small"
        variation="link"
        className="suture-touch-target"
        aria-label={caseControlLabel('Edit', c)}
        title="Edit case"
        onClick={(e) => {
          e.stopPropagation();
          navigate(`/case/${encodeURIComponent(c.case_id)}/edit`);
        }}
      >
        <EditIcon />
      </Button>
      <Button
        size="small"
        variation="link"
        colorTheme="error"
        className="suture-touch-target"
        aria-label={caseControlLabel('Delete', c)}
        title="Delete case"
        isDisabled={remove.isPending && remove.variables === c.case_id}
        onClick={(e) => {
          e.stopPropagation();
          setToDelete(c.case_id);
        }}
      >
        <TrashIcon />
      </Button>
    </Flex>
  );

  // A failed next page keeps the pages shown (LoadMore shows that error); only a failed first load replaces the list.
  const loadError = userError ?? (list.isFetchNextPageError ? null : list.error);
  const cases = list.data?.pages.flatMap((p) => p.cases) ?? [];

  let body;
  if (loadError) {
    body = (
      <ListLoadError
        message={userError ? userError.message : apiErrorMessage('caseList', loadError)}
        onRetry={() => window.location.reload()}
        retryLabel="Retry Connection"
      />
    );
  } else if (!user || list.isPending) {
    body = <ListLoading />;
  } else if (cases.length === 0 && !list.hasNextPage) {
    body = narrowed ? (
      <ListEmpty heading={search ? 'No cases match your search' : 'No cases in these dates'}>
        <Button marginTop="medium" onClick={clearFilters}>
          Clear search and dates
        </Button>
      </ListEmpty>
    ) : statusDef ? (
      <ListEmpty heading={UI_MESSAGES.noCasesFound}>
        <Text marginTop="small">No cases with status {statusDef.label}.</Text>
        <Button variation="primary" marginTop="medium" onClick={() => navigate('/case/new')}>
          Create Your First Case
        </Button>
      </ListEmpty>
    ) : (
      // No case at all: the getting-started checklist instead of the lone Create Your First Case.
      <OnboardingChecklist userId={user.sub} cases={0} heading={UI_MESSAGES.noCasesFound} />
    );
  } else {
    body = (
      <>
        <CaseTable
          cases={cases}
          onOpen={open}
          rowActions={rowActions}
          daysInStatus
          sort={search ? undefined : { value: shownSort, onChange: (next) => update({ sort: next }) }}
        />
        <LoadMore shown={cases.length} noun={['case', 'cases']} {...nextPageProps(list)} />
      </>
    );
  }

  return (
    <Flex direction="column" gap="medium">
      <Flex justifyContent="space-between" alignItems="flex-end" wrap="wrap" gap="small">
        <Heading level={1} ref={headingRef} tabIndex={-1}>
          Cases
        </Heading>
        <Flex alignItems="flex-end" gap="small" wrap="wrap">
          <SelectField
            label="Status filter"
            labelHidden
            value={statusDef?.key ?? ''}
            onChange={(e) => update({ status: e.target.value || undefined })}
          >
            <option value="">All Cases</option>
            {CASE_STATUSES.map((s) => (
              <option key={s.key} value={s.key}>
                {s.label}
              </option>
            ))}
          </SelectField>
          <Button variation="primary" onClick={() => navigate('/case/new')}>
            Add New Case
          </Button>
        </Flex>
      </Flex>
      <Flex gap="small" wrap="wrap" alignItems="flex-end">
        <View flex="1 1 16rem" minWidth="0">
          <SearchField
            ref={searchRef}
            label="Search cases"
            placeholder="Name, case number, member ID or insurer"
            value={searchText}
            onChange={(e) => setSearchText(e.target.value)}
            onSubmit={(text) => update({ q: text.trim() })}
            onClear={() => {
              setSearchText('');
              update({ q: undefined });
            }}
            hasSearchButton={false}
          />
        </View>
        <TextField
          label="From"
          type="date"
          value={from}
          max={to || undefined}
          onChange={(e) => update({ from: e.target.value })}
        />
        <TextField
          label="To"
          type="date"
          value={to}
          min={from || undefined}
          onChange={(e) => update({ to: e.target.value })}
        />
        <SelectField
          label="Order"
          value={shownSort ?? ''}
          isDisabled={Boolean(search)}
          descriptiveText={search ? 'Search results come in the order of what they matched' : undefined}
          onChange={(e) => update({ sort: e.target.value || undefined })}
        >
          {CASE_LIST_ORDERS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </SelectField>
        {user && (
          <CsvExport
            fetchPage={(cursor, signal) => listCasesPage(user.sub, view, cursor, signal)}
            rowsOf={(page) => page.cases}
            columns={CASE_CSV_COLUMNS}
            noun={['case', 'cases']}
            server={{ list: 'cases', filters: caseListQuery(user.sub, view) }}
          />
        )}
      </Flex>
      <PracticePipeline />
      {deleteError && (
        <DismissibleError onDismiss={() => setDeleteError(null)} focusOnDismiss={headingRef}>
          {deleteError}
        </DismissibleError>
      )}
      {body}
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete case"
        message={UI_MESSAGES.deleteCaseConfirm}
        confirmLabel="Delete"
        onCancel={() => setToDelete(null)}
        onConfirm={() => {
          if (toDelete) remove.mutate(toDelete);
          setToDelete(null);
          // The row (and its Delete button) goes away: keep keyboard focus on the page. After the
          // dialog has closed: closing it returns focus to its opener, that Delete button.
          setTimeout(() => headingRef.current?.focus(), 0);
        }}
      />
    </Flex>
  );
}
