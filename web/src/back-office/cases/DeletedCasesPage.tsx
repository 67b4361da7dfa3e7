/**
 * Deleted cases, /back-office/cases/deleted (docs/decisions/0006-soft-delete-and-30-day-purge.md), for user_type 100 or more (Global
 * Admin, Super User); anyone else is sent to /back-office/cases.
 *
 * - The soft-deleted cases, most recently deleted first (GET /case/deleted), in a table: Case (the
 *   number), Case ID,
 *   Patient, User (owner), Case Date, Status, Deleted (UTC), Deleted By, Restorable Until and a
 *   Restore button; paged with Load more like every list.
 * - Restore asks first ('Restore case {number}? ...'), then POST /case/restore: the case leaves this list
 *   and reappears in Case Management with its documents and counts (the case lists and counts are
 *   read again); a success banner links to the case. Past the 30 days the button is disabled
 *   ('Past 30 days'); the server's refusal (409, or 404 when someone else restored it) is shown.
 * - Loading, empty ('No deleted cases') and error states with Retry.
 */
import { Alert, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { useRef, useState } from 'react';
import { Link, Navigate } from 'react-router-dom';
import { canRestoreCases } from '../../../../shared/roles';
import { UI_MESSAGES } from '../../../../shared/messages';
import { caseStatusLabel } from '../../../../shared/statuses';
import { caseReference } from '../../../../shared/case-number';
import { RESTORE_WINDOW_DAYS, restorableUntil, type DeletedCase } from '../../../../shared/schemas/deleted-cases';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable, type DataColumn } from '../../components/DataTable';
import { LoadMore, nextPageProps } from '../../components/LoadMore';
import { useProfile } from '../../profile/useProfile';
import { FullPageMessage } from '../../shell/FullPageMessage';
import { useDeletedCases, useRestoreCase } from './queries';
import { ListEmpty, ListLoadError, ListLoading } from '../../shell/ListStates';
import { BusyButton } from '../../components/BusyButton';

/** An ISO time as `YYYY-MM-DD HH:MM` UTC ('' when absent). */
export function utcMinute(iso: string): string {
  return iso ? iso.slice(0, 16).replace('T', ' ') : '';
}

/** The confirmation text of a restore; `label` names the case (its number, else its id). */
export function restoreConfirmText(label: string): string {
  return `Restore case ${label}? It returns to Case Management with its documents.`;
}

/** The list, paging and restore (exported for tests, which render it without the guard). */
export function DeletedCases({ now = () => Date.now() }: { now?: () => number }) {
  const list = useDeletedCases();
  const restore = useRestoreCase();
  const [toRestore, setToRestore] = useState<string | null>(null);
  const [restored, setRestored] = useState<{ id: string; label: string } | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const cases: DeletedCase[] = list.data?.pages.flatMap((p) => p.cases) ?? [];
  const isExpired = (c: DeletedCase) => {
    const until = restorableUntil(c.deleted_at);
    return until !== '' && Date.parse(until) < now();
  };

  /** A case's name on this screen: its number, else its id (it leaves the list once restored). */
  const labelOf = (caseId: string) => caseReference(cases.find((c) => c.case_id === caseId) ?? { case_id: caseId });
  const confirm = () => {
    const caseId = toRestore;
    setToRestore(null);
    headingRef.current?.focus();
    if (!caseId) return;
    setRestored(null);
    const label = labelOf(caseId);
    restore.mutate(caseId, { onSuccess: () => setRestored({ id: caseId, label }) });
  };

  const columns: DataColumn<DeletedCase>[] = [
    { header: 'Case', cell: (c) => c.case_number ?? '' },
    { header: 'Case ID', cell: (c) => c.case_id, style: { wordBreak: 'break-all', fontSize: 'small' } },
    { header: 'Patient', cell: (c) => `${c.patient_first} ${c.patient_last}`.trim() },
    { header: 'User', cell: (c) => c.owner_name || c.user_id },
    { header: 'Case Date', cell: (c) => c.case_date },
    { header: 'Status', cell: (c) => caseStatusLabel(c.case_status) },
    { header: 'Deleted (UTC)', cell: (c) => utcMinute(c.deleted_at) },
    { header: 'Deleted By', cell: (c) => c.deleted_by_name || c.deleted_by },
    {
      header: 'Restorable Until',
      cell: (c) => (isExpired(c) ? `Past ${RESTORE_WINDOW_DAYS} days` : utcMinute(restorableUntil(c.deleted_at))),
    },
    {
      header: 'Actions',
      cell: (c) => {
        const busy = restore.isPending && restore.variables === c.case_id;
        return (
          <BusyButton
            size="small"
            className="suture-touch-target"
            aria-label={`Restore case ${caseReference(c)}`}
            isDisabled={isExpired(c)}
            busy={busy}
            busyText="Restoring…"
            onClick={() => setToRestore(c.case_id)}
          >
            Restore
          </BusyButton>
        );
      },
    },
  ];

  const loadError = list.isFetchNextPageError ? null : list.error;
  let body;
  if (loadError) {
    body = <ListLoadError message={loadError.message} onRetry={() => void list.refetch()} />;
  } else if (list.isPending) {
    body = <ListLoading />;
  } else if (cases.length === 0 && !list.hasNextPage) {
    body = <ListEmpty heading="No deleted cases" />;
  } else {
    body = (
      <>
        <DataTable
          caption="Deleted cases, most recently deleted first"
          striped
          columns={columns}
          rows={cases}
          rowKey={(c) => c.case_id}
        />
        <LoadMore shown={cases.length} noun={['deleted case', 'deleted cases']} {...nextPageProps(list)} />
      </>
    );
  }

  return (
    <Flex direction="column" gap="medium">
      <Heading level={1} ref={headingRef} tabIndex={-1}>
        Deleted Cases
      </Heading>
      <Text>
        A deleted case can be restored, with its documents, for {RESTORE_WINDOW_DAYS} days; after that it is removed for
        good. <Link to="/back-office/cases">Back to Case Management</Link>
      </Text>
      {restored && (
        <Alert variation="success" role="status" isDismissible onDismiss={() => setRestored(null)}>
          Case restored successfully.{' '}
          <Link to={`/case/${encodeURIComponent(restored.id)}`}>Open case {restored.label}</Link>
        </Alert>
      )}
      {restore.isError && (
        <Alert variation="error" role="alert" isDismissible onDismiss={() => restore.reset()}>
          {`The case could not be restored: ${restore.error.message}`}
        </Alert>
      )}
      {body}
      <ConfirmDialog
        open={toRestore !== null}
        title="Restore case"
        message={restoreConfirmText(toRestore ? labelOf(toRestore) : '')}
        confirmLabel="Restore"
        tone="primary"
        onCancel={() => setToRestore(null)}
        onConfirm={confirm}
      />
    </Flex>
  );
}

export default function DeletedCasesPage() {
  const profile = useProfile();
  if (profile.isPending) return <FullPageMessage text={UI_MESSAGES.loading} />;
  if (profile.isError || !canRestoreCases(profile.userType)) return <Navigate to="/back-office/cases" replace />;
  return <DeletedCases />;
}
