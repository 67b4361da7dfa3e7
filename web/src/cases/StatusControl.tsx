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
 * A list holds the move in one {@link useStatusMove} for the page and a {@link StatusSelect} per row,
 * so an open dialog outlives its row (docs/decisions/0025-bulk-and-undo.md).
 */
import { Alert, Button, Flex, Heading, Text, TextAreaField } from '@aws-amplify/ui-react';
import { Suspense, lazy, useId, useState, type ReactNode } from 'react';
import { CASE_STATUSES, UI_MESSAGES, caseStatusLabel, isCaseStatus } from '../../../shared';
import { eventsForStatus } from '../../../shared/dispute/status-moves';
import { MAX_STATUS_REASON_LENGTH } from '../../../shared/schemas/case';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { ModalDialog } from '../components/ModalDialog';
import { UndoNotice } from '../components/UndoNotice';
import { CASE_ADMIN_MESSAGES, useSetCaseStatus, useUndoCaseStatus } from './caseAdmin';
import { caseControlLabel, type CaseNaming } from './format';
import { BusyButton } from '../components/BusyButton';

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
          <BusyButton type="submit" variation="primary" busy={busy} busyText="Saving...">
            Move Back
          </BusyButton>
        </Flex>
      </form>
    </ModalDialog>
  );
}

/** The case a move is asked for, as its row showed it when asked. */
export interface StatusMoveTarget {
  caseId: string;
  status: number;
  /** How the dialogs and the Undo button name the case ('C-000123 (Pat Doe)'). */
  label: string;
}

/** The notice after a move of `caseId`; `undo` when it can be taken back (to `before`, on `version`). */
interface MoveNotice {
  caseId: string;
  label: string;
  message: string;
  undo?: { before: number; version: number | undefined };
}

/** A move being asked: the dialog of its kind (see the module header). */
interface AskedMove {
  target: StatusMoveTarget;
  to: number;
  kind: 'confirm' | 'back' | 'event';
}

/** What {@link useStatusMove} gives: ask for a move, and what to show for a case and for the move asked. */
export interface StatusMove {
  /** Open the dialog of a move of `target` to `to` (nothing when `to` is its status). */
  ask: (target: StatusMoveTarget, to: number) => void;
  /** True while a move or an undo of the case is being sent, or its event dialog is open. */
  busy: (caseId: string) => boolean;
  /** The case the notice, 'Saving...' or the failure is about, if any. */
  subject: string | null;
  /** 'Saving...', the notice with Undo and the failure of `caseId` (null when none is about it). */
  feedback: (caseId: string, compact: boolean) => ReactNode;
  /** The dialog of the move asked: render it once, where it does not unmount with a row. */
  dialogs: ReactNode;
}

/** 'Case C-000123 (Doe, Pat): Submitted → Paid.' */
export function statusChangeText(caseLabel: string, from: number, to: number): string {
  return `Case ${caseLabel}: ${caseStatusLabel(from)} → ${caseStatusLabel(to)}.`;
}

/**
 * The status moves of one case (Case Details) or of a list's rows (Case Management): the dialogs,
 * PUT /case, the notice with Undo. Each move acts on the case it was asked for, by `case_id`, with
 * the status the row showed then; one notice at a time (the next move replaces its Undo).
 * `onChanged` gets the new status after the server accepted it.
 */
export function useStatusMove(onChanged?: (caseId: string, status: number) => void): StatusMove {
  const mutation = useSetCaseStatus();
  const undo = useUndoCaseStatus();
  const [asked, setAsked] = useState<AskedMove | null>(null);
  const [notice, setNotice] = useState<MoveNotice | null>(null);

  const send = (target: StatusMoveTarget, to: number, reason?: string) => {
    setNotice(null);
    undo.reset();
    mutation.mutate(
      { caseId: target.caseId, status: to, reason },
      {
        onSuccess: (updated) => {
          setAsked(null);
          setNotice({
            caseId: target.caseId,
            label: target.label,
            message: CASE_ADMIN_MESSAGES.statusChanged(caseStatusLabel(updated.case_status)),
            undo: { before: target.status, version: updated.version },
          });
          onChanged?.(target.caseId, updated.case_status);
        },
        onError: () => setAsked(null),
      },
    );
  };

  const undoMove = (moved: MoveNotice, back: { before: number; version: number | undefined }) =>
    undo.mutate(
      { caseId: moved.caseId, ...back },
      {
        onSuccess: (updated) => {
          setNotice({
            ...moved,
            message: CASE_ADMIN_MESSAGES.statusUndone(caseStatusLabel(updated.case_status)),
            undo: undefined,
          });
          onChanged?.(moved.caseId, updated.case_status);
        },
        onError: () => setNotice(null),
      },
    );

  const ask = (target: StatusMoveTarget, to: number) => {
    if (to === target.status) return;
    setNotice(null);
    const kind = to < target.status ? 'back' : eventsForStatus(to).length > 0 ? 'event' : 'confirm';
    setAsked({ target, to, kind });
  };

  const sending = mutation.isPending || undo.isPending;
  // 'Saving...' and a failure belong to the case last sent; the notice names its own.
  const sentCase = undo.isPending || undo.isError ? undo.variables?.caseId : mutation.variables?.caseId;
  const subject = sending || mutation.isError || undo.isError ? (sentCase ?? null) : (notice?.caseId ?? null);
  const failure =
    (mutation.isError && asked?.kind !== 'back' ? mutation.error : null) ?? (undo.isError ? undo.error : null);

  const feedback = (caseId: string, compact: boolean) => {
    if (subject !== caseId) return null;
    return (
      <>
        {mutation.isPending && (
          <Text as="span" fontSize="small" role="status">
            Saving...
          </Text>
        )}
        {!mutation.isPending && notice && (
          <UndoNotice
            message={notice.message}
            busy={undo.isPending}
            undoLabel={compact ? `Undo status change of case ${notice.label}` : undefined}
            onUndo={notice.undo ? () => undoMove(notice, notice.undo!) : undefined}
            onClose={() => setNotice(null)}
          />
        )}
        {failure && (
          <Alert variation="error" role="alert" padding="xs" fontSize="small">
            {failure.message}
          </Alert>
        )}
      </>
    );
  };

  const target = asked?.target;
  const dialogs = (
    <>
      {asked?.kind === 'event' && (
        <Suspense
          fallback={
            <Text as="span" fontSize="small" role="status">
              {UI_MESSAGES.loading}
            </Text>
          }
        >
          <StatusEventDialog
            caseId={asked.target.caseId}
            from={asked.target.status}
            to={asked.to}
            onCancel={() => setAsked(null)}
            onProceed={() => {
              // The event is recorded already: a plain move, confirmed like any other.
              setAsked({ ...asked, kind: 'confirm' });
            }}
            onRecorded={() => {
              setAsked(null);
              setNotice({
                caseId: asked.target.caseId,
                label: asked.target.label,
                message: CASE_ADMIN_MESSAGES.statusChangedByEvent(caseStatusLabel(asked.to)),
              });
              onChanged?.(asked.target.caseId, asked.to);
            }}
          />
        </Suspense>
      )}
      {/* Mounted only while asking. */}
      {asked?.kind === 'confirm' && (
        <ConfirmDialog
          open
          title="Change status"
          message={`${statusChangeText(asked.target.label, asked.target.status, asked.to)} You can undo it for 10 seconds.`}
          confirmLabel="Change status"
          tone="primary"
          onCancel={() => setAsked(null)}
          onConfirm={() => {
            send(asked.target, asked.to);
            setAsked(null);
          }}
        />
      )}
      <ReasonDialog
        open={asked?.kind === 'back'}
        from={caseStatusLabel(target?.status ?? 0)}
        to={caseStatusLabel(asked?.to ?? 0)}
        busy={mutation.isPending}
        onCancel={() => setAsked(null)}
        onConfirm={(reason) => {
          if (asked) send(asked.target, asked.to, reason);
        }}
      />
    </>
  );

  return {
    ask,
    busy: (caseId) => (sending && sentCase === caseId) || (asked?.kind === 'event' && asked.target.caseId === caseId),
    subject,
    feedback,
    dialogs,
  };
}

export interface StatusSelectProps {
  /** The moves this select asks for ({@link useStatusMove}; one for a whole list). */
  move: StatusMove;
  caseId: string;
  status: number;
  /** How the dialogs name the case (its number and patient); default the case id. */
  caseLabel?: string;
  /** Visible label ('Change Status'); in a table row the label is visually hidden. */
  compact?: boolean;
  /** The row's case when compact: names the hidden label ({@link caseControlLabel}); default the case id. */
  row?: CaseNaming;
}

/** The select of the ten statuses and the feedback of its case; the dialogs are the move's. */
export function StatusSelect({ move, caseId, status, caseLabel, compact = false, row }: StatusSelectProps) {
  const selectId = useId();
  const label = compact ? caseControlLabel('Change status of', row ?? { case_id: caseId }) : 'Change Status';
  const busy = move.busy(caseId);
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
        disabled={busy}
        aria-busy={busy || undefined}
        onChange={(e) => move.ask({ caseId, status, label: caseLabel ?? caseId }, Number(e.target.value))}
      >
        {!isCaseStatus(status) && <option value={String(status)}>{caseStatusLabel(status)}</option>}
        {CASE_STATUSES.map((s) => (
          <option key={s.value} value={String(s.value)}>
            {s.label}
          </option>
        ))}
      </select>
      {move.feedback(caseId, compact)}
    </Flex>
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

/** One case's status control (Case Details): its select and its own dialogs. */
export function StatusControl({ onChanged, ...select }: StatusControlProps) {
  const move = useStatusMove(onChanged && ((_caseId, status) => onChanged(status)));
  return (
    <>
      <StatusSelect move={move} {...select} />
      {move.dialogs}
    </>
  );
}
