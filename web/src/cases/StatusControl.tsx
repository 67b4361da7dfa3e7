/**
 * The back office's status control (the spec's tutorial: "changing status by a
 * dropdown in each row"): a select of the ten statuses (back-office-and-shell section 4) that calls
 * PUT /case (./caseAdmin.ts). Nothing is sent before a dialog shows the change and asks
 * (docs/decisions/0025-bulk-and-undo.md): a move forward asks to confirm "from -> to"; a move to a
 * dispute status (40 to 80) whose event the case's dispute lacks asks for that event instead and
 * records it with POST /dispute/event, which moves the case (web/src/disputes/StatusEventDialog.tsx,
 * decision 0021-dispute-statuses-by-event); a move to a lower status code asks for a reason
 * ({@link ReasonDialog}: blank -> 'A reason is required to move a case back to an earlier status').
 * Cancel or Escape leaves the status as it was. After a move a notice offers Undo for 10 seconds
 * (web/src/components/UndoNotice.tsx: back to the status before, reason "Undo"); a move made by
 * recording an event offers none (the event stays recorded). While saving the select is disabled; a
 * failure shows the server's message under it. Rendered for user_type 10 or more only (the caller
 * decides); providers see the badge alone.
 */
import { Alert, Button, Flex, Heading, Text, TextAreaField } from '@aws-amplify/ui-react';
import { Suspense, lazy, useId, useState } from 'react';
import { CASE_STATUSES, UI_MESSAGES, caseStatusLabel, isCaseStatus } from '../../../shared';
import { eventsForStatus } from '../../../shared/dispute/status-moves';
import { MAX_STATUS_REASON_LENGTH } from '../../../shared/schemas/case';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { ModalDialog } from '../components/ModalDialog';
import { UndoNotice } from '../components/UndoNotice';
import { CASE_ADMIN_MESSAGES, useSetCaseStatus, useUndoCaseStatus } from './caseAdmin';
import { caseControlLabel, type CaseNaming } from './format';

// The dispute's event form (react-hook-form, the dispute schemas) loads only when a move needs it.
const StatusEventDialog = lazy(() => import('../disputes/StatusEventDialog'));

export interface ReasonDialogProps {
  open: boolean;
  /** Status labels of the move, e.g. 'Paid' -> 'Submitted'. */
  from: string;
  to: string;
  busy?: boolean;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
}

/** Modal dialog asking why a case moves back ({@link ModalDialog}: focus inside, Escape cancels). */
export function ReasonDialog({ open, from, to, busy = false, onConfirm, onCancel }: ReasonDialogProps) {
  const titleId = useId();
  const helpId = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();

  // A new opening starts blank (state adjusted while rendering, as React advises over an effect).
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setReason('');
      setError(undefined);
    }
  }

  const submit = () => {
    if (reason.trim() === '') {
      setError(CASE_ADMIN_MESSAGES.reasonRequired);
      return;
    }
    onConfirm(reason.trim());
  };

  return (
    <ModalDialog open={open} labelledBy={titleId} describedBy={helpId} onCancel={onCancel}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Heading level={2} id={titleId} marginBottom="small">
          Move case back to {to}
        </Heading>
        <Text id={helpId} marginBottom="small">
          {`${from} → ${to}. ${CASE_ADMIN_MESSAGES.reasonHelp}`}
        </Text>
        <TextAreaField
          label="Reason"
          isRequired
          rows={3}
          maxLength={MAX_STATUS_REASON_LENGTH}
          value={reason}
          onChange={(e) => {
            setReason(e.target.value);
            if (error) setError(undefined);
          }}
          hasError={Boolean(error)}
          errorMessage={error}
        />
        <Flex justifyContent="flex-end" gap="small" marginTop="large">
          <Button type="button" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" variation="primary" isLoading={busy} loadingText="Saving...">
            Move Back
          </Button>
        </Flex>
      </form>
    </ModalDialog>
  );
}

export interface StatusControlProps {
  caseId: string;
  status: number;
  /** How the dialogs name the case (its number and patient); default the case id. */
  caseLabel?: string;
  /** Visible label ('Change Status'); in a table row the label is visually hidden. */
  compact?: boolean;
  /** The row's case when compact: names the hidden label ({@link caseControlLabel}); default the case id. */
  row?: CaseNaming;
  /** Called with the new status after the server accepted it (a move or its undo). */
  onChanged?: (status: number) => void;
}

/** The notice after a move; `undo` when it can be taken back (to `before`, on `version`). */
interface MoveNotice {
  message: string;
  undo?: { before: number; version: number | undefined };
}

/** 'Case C-000123 (Doe, Pat): Submitted → Paid.' */
export function statusChangeText(caseLabel: string, from: number, to: number): string {
  return `Case ${caseLabel}: ${caseStatusLabel(from)} → ${caseStatusLabel(to)}.`;
}

export function StatusControl({ caseId, status, caseLabel, compact = false, row, onChanged }: StatusControlProps) {
  const selectId = useId();
  const mutation = useSetCaseStatus();
  const undo = useUndoCaseStatus();
  const [pendingBack, setPendingBack] = useState<number | null>(null);
  const [pendingEvent, setPendingEvent] = useState<number | null>(null);
  const [pendingConfirm, setPendingConfirm] = useState<number | null>(null);
  const [notice, setNotice] = useState<MoveNotice | null>(null);
  const named = caseLabel ?? caseId;

  const send = (to: number, reason?: string) => {
    const before = status;
    setNotice(null);
    undo.reset();
    mutation.mutate(
      { caseId, status: to, reason },
      {
        onSuccess: (updated) => {
          setPendingBack(null);
          setNotice({
            message: CASE_ADMIN_MESSAGES.statusChanged(caseStatusLabel(updated.case_status)),
            undo: { before, version: updated.version },
          });
          onChanged?.(updated.case_status);
        },
        onError: () => setPendingBack(null),
      },
    );
  };

  const undoMove = (target: { before: number; version: number | undefined }) =>
    undo.mutate(
      { caseId, ...target },
      {
        onSuccess: (updated) => {
          setNotice({ message: CASE_ADMIN_MESSAGES.statusUndone(caseStatusLabel(updated.case_status)) });
          onChanged?.(updated.case_status);
        },
        onError: () => setNotice(null),
      },
    );

  const label = compact ? caseControlLabel('Change status of', row ?? { case_id: caseId }) : 'Change Status';
  const failure =
    (mutation.isError && pendingBack === null ? mutation.error : null) ?? (undo.isError ? undo.error : null);
  return (
    <Flex direction="column" gap="xxs" onClick={(e) => e.stopPropagation()}>
      <label
        htmlFor={selectId}
        style={
          compact
            ? { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }
            : { fontSize: '0.875rem', fontWeight: 600 }
        }
      >
        {label}
      </label>
      <select
        id={selectId}
        value={String(status)}
        disabled={mutation.isPending || undo.isPending || pendingEvent !== null}
        aria-busy={mutation.isPending || undo.isPending || undefined}
        onChange={(e) => {
          const to = Number(e.target.value);
          if (to === status) return;
          setNotice(null);
          if (to < status) setPendingBack(to);
          else if (eventsForStatus(to).length > 0) setPendingEvent(to);
          else setPendingConfirm(to);
        }}
      >
        {!isCaseStatus(status) && <option value={String(status)}>{caseStatusLabel(status)}</option>}
        {CASE_STATUSES.map((s) => (
          <option key={s.value} value={String(s.value)}>
            {s.label}
          </option>
        ))}
      </select>
      {mutation.isPending && (
        <Text as="span" fontSize="small" role="status">
          Saving...
        </Text>
      )}
      {!mutation.isPending && notice && (
        <UndoNotice
          message={notice.message}
          busy={undo.isPending}
          undoLabel={compact ? `Undo status change of case ${named}` : undefined}
          onUndo={notice.undo ? () => undoMove(notice.undo!) : undefined}
          onClose={() => setNotice(null)}
        />
      )}
      {failure && (
        <Alert variation="error" role="alert" padding="xs" fontSize="small">
          {failure.message}
        </Alert>
      )}
      {pendingEvent !== null && (
        <Suspense
          fallback={
            <Text as="span" fontSize="small" role="status">
              {UI_MESSAGES.loading}
            </Text>
          }
        >
          <StatusEventDialog
            caseId={caseId}
            from={status}
            to={pendingEvent}
            onCancel={() => setPendingEvent(null)}
            onProceed={() => {
              // The event is recorded already: a plain move, confirmed like any other.
              setPendingEvent(null);
              setPendingConfirm(pendingEvent);
            }}
            onRecorded={() => {
              setPendingEvent(null);
              setNotice({ message: CASE_ADMIN_MESSAGES.statusChangedByEvent(caseStatusLabel(pendingEvent)) });
              onChanged?.(pendingEvent);
            }}
          />
        </Suspense>
      )}
      {/* Mounted only while asking: a list holds one control per row. */}
      {pendingConfirm !== null && (
        <ConfirmDialog
          open
          title="Change status"
          message={`${statusChangeText(named, status, pendingConfirm)} You can undo it for 10 seconds.`}
          confirmLabel="Change status"
          tone="primary"
          onCancel={() => setPendingConfirm(null)}
          onConfirm={() => {
            send(pendingConfirm);
            setPendingConfirm(null);
          }}
        />
      )}
      <ReasonDialog
        open={pendingBack !== null}
        from={caseStatusLabel(status)}
        to={caseStatusLabel(pendingBack ?? status)}
        busy={mutation.isPending}
        onCancel={() => setPendingBack(null)}
        onConfirm={(reason) => {
          if (pendingBack !== null) send(pendingBack, reason);
        }}
      />
    </Flex>
  );
}
