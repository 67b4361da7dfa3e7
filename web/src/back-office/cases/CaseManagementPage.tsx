/**
 * Back-office Case Management, /back-office/cases (back-office-and-shell section 2), user_type 10 or more (BackOfficeGuard).
 *
 * - The provider Case List's table plus the Status badge column and the owner (User): Case ID,
 *   Date, Patient, User, Status, Insurance, Procedure Codes, Pay Amount, Demo Sheet, Op Note,
 *   Actions (status control, edit -> /case/{id}/edit, delete after 'Are you sure you want to delete
 *   this case?', then the list reloads). Row click opens /case/{id}. Below 640 px one card per case.
 * - 'Search cases...' (GET /case?search=: the start of a case number or id, a patient name in
 *   either order, a member ID or an insurer; docs/decisions/0024-case-search-and-sort.md;
 *   debounced 300 ms) with 'Showing X of Y cases matching "{text}"' and Clear search. X: the
 *   matching cases loaded so far (Load more reads the next page); Y: the cases in the current scope
 *   from the counts (GET /case/stats?range=all[&user_id=]: `total_cases`, or `by_status[status]`
 *   with a status filter), i.e. "X of the Y cases in scope match". Without search the foot reads
 *   'Showing X of Y cases' with the same Y.
 * - Status filter (All Statuses) and user filter (All Users; ./UserFilter.tsx), and the quick
 *   filters 'Over 30 days in this status' and 'Sent to Biller over 30 days' (GET /case
 *   min_days_in_status, longest in status first; the table's Days in Status column). Filters and
 *   search are kept in the URL (`q`, `status` key, `user`, `uname`, `aging`), so Back from a case
 *   returns to them.
 * - Top Users by Case Count: the 5 of GET /case/stats?range=all `top_users` ('Loading user names'
 *   while loading); a name sets the user filter.
 * - The status control (web/src/cases/StatusControl.tsx: PUT /case after a confirmation, Undo for
 *   10 seconds; backwards asks for a reason). Its dialogs are the page's, so one stays open, acting
 *   on its case, when a new search or a refetch drops the row; the notice then shows above the list. An unknown status code shows as Incomplete
 *   (back-office-and-shell section 4). A row a change moved out of the status filter stays, greyed,
 *   until the list is read again ('Refresh list'; docs/decisions/0025-bulk-and-undo.md).
 * - Row selection (a checkbox per row, one for every row shown) and, on the selection, a bulk status
 *   move and a pay amount grid (./BulkActions.tsx, POST /case/bulk). A filter change clears it.
 * - Empty states 'No cases match your search' / 'No cases found'; load errors in the spec's words
 *   (./api.ts caseManagementErrorMessage) with Retry; a render crash shows the 'Component Error'
 *   panel with Reload Page (./ComponentError.tsx).
 * - For user_type 100 or more, a 'Deleted cases' link to /back-office/cases/deleted
 *   (./DeletedCasesPage.tsx; docs/security.md: restore within 30 days).
 * - Export CSV saves the filtered list (../../components/CsvExport.tsx; columns ../../cases/caseCsv.ts).
 */
import {
  Alert,
  Button,
  Card,
  Flex,
  Heading,
  Loader,
  SearchField,
  SelectField,
  Text,
  View,
} from '@aws-amplify/ui-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import {
  CASE_STATUSES,
  INCOMPLETE_STATUS,
  UI_MESSAGES,
  canRestoreCases,
  caseStatusByKey,
  isCaseStatus,
  messageTemplates,
} from '../../../../shared';
import { deleteCase } from '../../cases/api';
import { CaseTable } from '../../cases/CaseTable';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { LoadMore, nextPageProps } from '../../components/LoadMore';
import { EditIcon, TrashIcon } from '../../components/icons';
import { caseKeys } from '../../lib/queryKeys';
import { StatusSelect, useStatusMove } from '../../cases/StatusControl';
import { caseControlLabel, caseShortLabel } from '../../cases/format';
import { BulkBar, BulkPayDialog, BulkStatusDialog } from './BulkActions';
import { useProfile } from '../../profile/useProfile';
import { listAllCasesPage, managedCaseQuery, type ManagedCase } from './api';
import { caseCsvColumns } from '../../cases/caseCsv';
import { CsvExport } from '../../components/CsvExport';
import { apiErrorMessage } from '../../lib/apiErrors';
import { ComponentErrorBoundary } from './ComponentError';
import { useCaseCounts, useManagedCases } from './queries';
import { UserFilter, type KnownUser } from './UserFilter';
import { ListEmpty, ListLoadError, ListLoading } from '../../shell/ListStates';
import { BusyButton } from '../../components/BusyButton';
import { useFocusReturn } from '../../components/useFocusReturn';

/** The CSV export's columns: the table's, with the owner's name as User. */
const MANAGED_CASE_CSV_COLUMNS = caseCsvColumns<ManagedCase>((c) => c.owner_name);

/** Debounce of the search box, ms. */
export const CASE_SEARCH_DEBOUNCE_MS = 300;
/** The days of the aging quick filters (`?aging=30`: GET /case min_days_in_status). */
export const AGING_DAYS = 30;
/** The status of the second aging quick filter. */
const SENT_TO_BILLER_KEY = 'sent_to_biller';
/** Top Users by Case Count shows this many (back-office-and-shell section 9). */
export const TOP_USERS_SHOWN = 5;

/** The status a badge shows: an unknown code reads as Incomplete in the back office (spec section 4). */
export function shownStatus(status: number): number {
  return isCaseStatus(status) ? status : INCOMPLETE_STATUS;
}

/** 'Showing X of Y cases matching "text"' (Y omitted while the counts are unknown). */
export function matchingText(shown: number, total: number | undefined, search: string): string {
  const x = shown.toLocaleString('en-US');
  const noun = (total ?? shown) === 1 ? 'case' : 'cases';
  return total === undefined
    ? `Showing ${x} ${noun} matching "${search}"`
    : `Showing ${x} of ${total.toLocaleString('en-US')} ${noun} matching "${search}"`;
}

function CaseManagement() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const profile = useProfile();
  const [params, setParams] = useSearchParams();
  const search = (params.get('q') ?? '').trim();
  const statusDef = caseStatusByKey(params.get('status') ?? '');
  const userId = params.get('user') || undefined;
  const selectedUser: KnownUser | null = userId ? { user_id: userId, name: params.get('uname') ?? '' } : null;
  const [searchText, setSearchText] = useState(search);
  const [toDelete, setToDelete] = useState<string | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const update = (changes: Record<string, string | undefined>) => {
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
  };

  // The search box sends its text after a pause in typing.
  useEffect(() => {
    const text = searchText.trim();
    if (text === search) return;
    const t = setTimeout(() => update({ q: text }), CASE_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(t);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `update` is rebuilt each render; the text is what matters
  }, [searchText, search]);

  const minDays = params.get('aging') === String(AGING_DAYS) ? AGING_DAYS : undefined;
  const filters = useMemo(
    () => ({ search, status: statusDef?.value, userId, minDays }),
    [search, statusDef?.value, userId, minDays],
  );
  const sentToBiller = caseStatusByKey(SENT_TO_BILLER_KEY)!;
  // The first keeps the status filter; the second sets it.
  const quickFilters = [
    {
      label: `Over ${AGING_DAYS} days in this status`,
      on: minDays !== undefined && statusDef?.key !== SENT_TO_BILLER_KEY,
      set: {},
    },
    {
      label: `${sentToBiller.label} over ${AGING_DAYS} days`,
      on: minDays !== undefined && statusDef?.key === SENT_TO_BILLER_KEY,
      set: { status: SENT_TO_BILLER_KEY },
    },
  ];
  const list = useManagedCases(filters);
  // The selection belongs to the filters it was made under: another filter starts with none.
  const filtersKey = JSON.stringify(filters);
  const [selection, setSelection] = useState<{ key: string; ids: ReadonlySet<string> }>({ key: '', ids: new Set() });
  const selected = selection.key === filtersKey ? selection.ids : new Set<string>();
  const select = (ids: Iterable<string>, on: boolean) => {
    const next = new Set(selected);
    for (const id of ids) {
      if (on) next.add(id);
      else next.delete(id);
    }
    setSelection({ key: filtersKey, ids: next });
  };
  const [bulkDialog, setBulkDialog] = useState<typeof BulkStatusDialog | typeof BulkPayDialog | null>(null);
  const BulkDialog = bulkDialog;
  // Once a bulk dialog is gone, focus returns to the button that opened it, or to the heading if a
  // change removed the bar.
  const returnFocusTo = useFocusReturn(bulkDialog !== null, headingRef);
  const openBulk = (dialog: typeof BulkStatusDialog | typeof BulkPayDialog) => {
    returnFocusTo(document.activeElement instanceof HTMLElement ? document.activeElement : null);
    setBulkDialog(() => dialog);
  };
  const everyone = useCaseCounts(undefined);
  const scoped = useCaseCounts(userId);
  const scopeCounts = userId ? scoped : everyone;
  const scopeTotal = scopeCounts.data
    ? statusDef
      ? (scopeCounts.data.by_status[String(statusDef.value)] ?? 0)
      : scopeCounts.data.total_cases
    : undefined;

  // One status move for the page, not one per row: a new search or a refetch may drop the row
  // while its dialog is open, and the dialog must stay (docs/decisions/0025-bulk-and-undo.md).
  const statusMove = useStatusMove();

  const remove = useMutation({
    mutationFn: deleteCase,
    onMutate: () => setDeleteError(null),
    onError: (err) => setDeleteError(messageTemplates.caseDeleteFailed(err instanceof Error ? err.message : undefined)),
    onSettled: (_d, _e, caseId) => {
      queryClient.removeQueries({ queryKey: caseKeys.one(caseId) });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: caseKeys.lists }),
        queryClient.invalidateQueries({ queryKey: caseKeys.stats }),
      ]);
    },
  });

  const cases = useMemo(() => list.data?.pages.flatMap((p) => p.cases) ?? [], [list.data]);
  const topUsers = useMemo(() => everyone.data?.top_users.slice(0, TOP_USERS_SHOWN) ?? [], [everyone.data]);
  const known = useMemo<KnownUser[]>(() => {
    const byId = new Map<string, string>();
    for (const u of topUsers) byId.set(u.user_id, u.name);
    for (const c of cases) if (!byId.has(c.user_id) && c.owner_name) byId.set(c.user_id, c.owner_name);
    return [...byId].map(([user_id, name]) => ({ user_id, name }));
  }, [topUsers, cases]);

  const open = (c: ManagedCase) => navigate(`/case/${encodeURIComponent(c.case_id)}`);
  // Rows read under the filter match it; one that does not was moved out of it here.
  // (A move restarts the days in status, so it also leaves an aging filter.)
  const leftView = (c: ManagedCase) =>
    (statusDef !== undefined && c.case_status !== statusDef.value) ||
    (minDays !== undefined && c.days_in_status < minDays);
  // Greyed rows are counted apart ('N cases no longer match'), so "Showing X of Y" never has X > Y.
  const leftCount = cases.filter(leftView).length;
  // Refresh list goes away with the greyed rows it reads away: if it had focus, the heading takes it.
  const refreshHadFocus = useRef(false);
  useEffect(() => {
    if (leftCount > 0 || !refreshHadFocus.current) return;
    refreshHadFocus.current = false;
    headingRef.current?.focus();
  }, [leftCount]);
  const selectedCases = cases.filter((c) => selected.has(c.case_id));
  const clearSearch = () => {
    setSearchText('');
    update({ q: undefined });
  };

  const rowActions = (c: ManagedCase) => (
    <Flex gap="xxs" alignItems="center" wrap="wrap" onClick={(e) => e.stopPropagation()}>
      <StatusSelect
        move={statusMove}
        compact
        key={c.case_id}
        caseId={c.case_id}
        status={c.case_status}
        caseLabel={caseShortLabel(c)}
        row={c}
      />
      <Button
        size="small"
        variation="link"
        className="suture-touch-target"
        aria-label={caseControlLabel('Edit', c)}
        title="Edit case"
        onClick={() => navigate(`/case/${encodeURIComponent(c.case_id)}/edit`)}
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
        onClick={() => setToDelete(c.case_id)}
      >
        <TrashIcon />
      </Button>
    </Flex>
  );

  const loadError = list.isFetchNextPageError ? null : list.error;
  let body;
  if (loadError) {
    body = <ListLoadError message={apiErrorMessage('caseManagement', loadError)} onRetry={() => void list.refetch()} />;
  } else if (list.isPending) {
    body = <ListLoading />;
  } else if (cases.length === 0 && !list.hasNextPage) {
    body = (
      <ListEmpty heading={search ? 'No cases match your search' : UI_MESSAGES.noCasesFound}>
        {(search || statusDef || userId || minDays) && (
          <Button
            marginTop="medium"
            onClick={() => {
              setSearchText('');
              update({ q: undefined, status: undefined, user: undefined, uname: undefined, aging: undefined });
            }}
          >
            Clear filters
          </Button>
        )}
      </ListEmpty>
    );
  } else {
    body = (
      <>
        {selectedCases.length > 0 && (
          <BulkBar
            count={selectedCases.length}
            onMove={() => openBulk(BulkStatusDialog)}
            onPay={() => openBulk(BulkPayDialog)}
            onClear={() => select(selected, false)}
          />
        )}
        {leftCount > 0 && (
          <Flex alignItems="center" gap="small" wrap="wrap">
            <Text fontSize="small">
              {leftCount === 1 ? '1 case no longer matches' : `${leftCount} cases no longer match`} the filter.
            </Text>
            <BusyButton
              size="small"
              busy={list.isRefetching}
              busyText="Refreshing..."
              onClick={(e) => {
                refreshHadFocus.current = document.activeElement === e.currentTarget;
                void list.refetch();
              }}
            >
              Refresh list
            </BusyButton>
          </Flex>
        )}
        <CaseTable
          cases={cases}
          onOpen={open}
          rowActions={rowActions}
          statusOf={(c) => shownStatus(c.case_status)}
          ownerOf={(c) => c.owner_name ?? ''}
          daysInStatus
          leftView={leftView}
          selection={{
            isSelected: (c) => selected.has(c.case_id),
            onToggle: (c, on) => select([c.case_id], on),
            onToggleAll: (on) =>
              select(
                cases.map((c) => c.case_id),
                on,
              ),
            labelOf: caseShortLabel,
          }}
        />
        <LoadMore
          shown={cases.length - leftCount}
          noun={['case', 'cases']}
          total={search || minDays ? undefined : scopeTotal}
          {...nextPageProps(list)}
        />
      </>
    );
  }

  return (
    <Flex direction="column" gap="medium">
      <Flex justifyContent="space-between" alignItems="center" wrap="wrap" gap="small">
        <Heading level={1} ref={headingRef} tabIndex={-1}>
          Case Management
        </Heading>
        {canRestoreCases(profile.userType) && (
          <Link to="/back-office/cases/deleted" className="amplify-button amplify-button--small">
            Deleted cases
          </Link>
        )}
      </Flex>
      <Flex direction="column" gap="small">
        <Flex gap="small" wrap="wrap" alignItems="flex-start">
          <View flex="1 1 16rem" minWidth="0">
            <SearchField
              label="Search cases"
              labelHidden
              placeholder="Search cases..."
              value={searchText}
              onChange={(e) => setSearchText(e.target.value)}
              onSubmit={(text) => update({ q: text.trim() })}
              onClear={clearSearch}
              hasSearchButton={false}
            />
          </View>
          <SelectField
            label="Status filter"
            labelHidden
            value={statusDef?.key ?? ''}
            onChange={(e) => update({ status: e.target.value || undefined })}
          >
            <option value="">All Statuses</option>
            {CASE_STATUSES.map((s) => (
              <option key={s.key} value={s.key}>
                {s.label}
              </option>
            ))}
          </SelectField>
          <UserFilter
            userType={profile.userType}
            known={known}
            selected={selectedUser}
            onSelect={(u) => update({ user: u?.user_id, uname: u?.name })}
          />
        </Flex>
        <Flex gap="xs" wrap="wrap" role="group" aria-label="Quick filters">
          {quickFilters.map((f) => (
            <Button
              key={f.label}
              size="small"
              aria-pressed={f.on}
              variation={f.on ? 'primary' : undefined}
              onClick={() => update(f.on ? { aging: undefined } : { aging: String(AGING_DAYS), ...f.set })}
            >
              {f.label}
            </Button>
          ))}
        </Flex>
        <CsvExport
          fetchPage={(cursor, signal) => listAllCasesPage(filters, cursor, signal)}
          rowsOf={(page) => page.cases}
          columns={MANAGED_CASE_CSV_COLUMNS}
          noun={['case', 'cases']}
          server={{ list: 'cases', filters: managedCaseQuery(filters) }}
          total={search || minDays ? undefined : scopeTotal}
        />
        {search && !list.isPending && !loadError && (
          <Flex alignItems="center" gap="small" wrap="wrap">
            <Text fontSize="small" role="status" aria-live="polite">
              {matchingText(cases.length - leftCount, scopeTotal, search)}
            </Text>
            <Button size="small" variation="link" onClick={clearSearch}>
              Clear search
            </Button>
          </Flex>
        )}
      </Flex>
      {/* The notice (Undo) or failure of a move whose row is not in the list shown. */}
      {statusMove.subject !== null && !cases.some((c) => c.case_id === statusMove.subject) && (
        <View>{statusMove.feedback(statusMove.subject, true)}</View>
      )}
      {deleteError && (
        <Alert variation="error" isDismissible onDismiss={() => setDeleteError(null)} role="alert">
          {deleteError}
        </Alert>
      )}
      {/* Top Users beside the table only on wide screens (1536 px and up): below that the table
          takes the whole width, so that its Actions column (the status control) is in view. */}
      <Flex gap="medium" direction={{ base: 'column', xxl: 'row' }} alignItems="flex-start">
        <Flex direction="column" gap="small" flex="1 1 auto" minWidth="0" width="100%">
          {body}
        </Flex>
        <Card variation="outlined" width={{ base: '100%', xxl: '18rem' }} flex="0 0 auto">
          <Heading level={2} fontSize="medium" marginBottom="small">
            Top Users by Case Count
          </Heading>
          {everyone.isPending ? (
            <Flex alignItems="center" gap="xs" role="status">
              <Loader />
              <Text fontSize="small">Loading user names</Text>
            </Flex>
          ) : everyone.isError ? (
            <Flex direction="column" gap="xs" alignItems="flex-start">
              <Text fontSize="small" color="font.error" role="alert">
                {everyone.error.message}
              </Text>
              <Button size="small" onClick={() => void everyone.refetch()}>
                Retry
              </Button>
            </Flex>
          ) : topUsers.length === 0 ? (
            <Text fontSize="small">{UI_MESSAGES.noCasesFound}</Text>
          ) : (
            <ol aria-label="Top users by case count" style={{ margin: 0, paddingLeft: '1.25rem' }}>
              {topUsers.map((u) => (
                <li key={u.user_id}>
                  <Button
                    variation="link"
                    size="small"
                    padding="xxs"
                    aria-pressed={userId === u.user_id}
                    onClick={() => update({ user: u.user_id, uname: u.name })}
                  >
                    {u.name || u.user_id}
                  </Button>
                  <Text as="span" fontSize="small">
                    {' '}
                    {u.case_count.toLocaleString('en-US')} {u.case_count === 1 ? 'case' : 'cases'}
                  </Text>
                </li>
              ))}
            </ol>
          )}
        </Card>
      </Flex>
      {statusMove.dialogs}
      {BulkDialog && (
        <BulkDialog
          cases={selectedCases}
          onClose={(changed) => {
            setBulkDialog(null);
            if (changed) select(selected, false);
          }}
        />
      )}
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete case"
        message={UI_MESSAGES.deleteCaseConfirm}
        confirmLabel="Delete"
        onCancel={() => setToDelete(null)}
        onConfirm={() => {
          if (toDelete) remove.mutate(toDelete);
          setToDelete(null);
          headingRef.current?.focus();
        }}
      />
    </Flex>
  );
}

export default function CaseManagementPage() {
  return (
    <ComponentErrorBoundary>
      <CaseManagement />
    </ComponentErrorBoundary>
  );
}
