/**
 * The back office's status control (the spec's tutorial: "changing status by a
 * dropdown in each row"): a select of the ten statuses (back-office-and-shell section 4) that calls
 * PUT /case (./caseAdmin.ts). A move forward is sent at once, except to a dispute status (40 to 80)
 * whose event the case's dispute lacks: a dialog then asks for that event and records it with
 * POST /dispute/event, which moves the case (web/src/disputes/StatusEventDialog.tsx, decision
 * 0021-dispute-statuses-by-event). A move to a lower status code first asks for a reason in a
 * modal dialog ({@link ReasonDialog}: blank -> 'A reason is required to move a case back to an
 * earlier status').
 * Cancel or Escape in either dialog leaves the status as it was. While saving the select is
 * disabled; a failure shows the server's message under it. Rendered for user_type 10 or more only
 * (the caller decides); providers see the badge alone.
 */
import { Alert, Button, Flex, Heading, Text, TextAreaField } from '@aws-amplify/ui-react';
import { Suspense, lazy, useId, useState } from 'react';
import { CASE_STATUSES, UI_MESSAGES, caseStatusLabel, isCaseStatus } from '../../../shared';
import { eventsForStatus } from '../../../shared/dispute/status-moves';
import { MAX_STATUS_REASON_LENGTH } from '../../../shared/schemas/case';
import { ModalDialog } from '../components/ModalDialog';
import { CASE_ADMIN_MESSAGES, useSetCaseStatus } from './caseAdmin';

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
        <Heading level={2} id={titleId} fontSize="large" marginBottom="small">
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
  /** Visible label ('Change Status'); in a table row the label is visually hidden. */
  compact?: boolean;
  /** Called with the new status after the server accepted it. */
  onChanged?: (status: number) => void;
}

export function StatusControl({ caseId, status, compact = false, onChanged }: StatusControlProps) {
  const selectId = useId();
  const mutation = useSetCaseStatus();
  const [pendingBack, setPendingBack] = useState<number | null>(null);
  const [pendingEvent, setPendingEvent] = useState<number | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const send = (to: number, reason?: string) => {
    setDone(null);
    mutation.mutate(
      { caseId, status: to, reason },
      {
        onSuccess: (updated) => {
          setPendingBack(null);
          setDone(CASE_ADMIN_MESSAGES.statusChanged(caseStatusLabel(updated.case_status)));
          onChanged?.(updated.case_status);
        },
        onError: () => setPendingBack(null),
      },
    );
  };

  const label = compact ? `Change status of case ${caseId}` : 'Change Status';
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
        disabled={mutation.isPending || pendingEvent !== null}
        aria-busy={mutation.isPending || undefined}
        onChange={(e) => {
          const to = Number(e.target.value);
          if (to === status) return;
          setDone(null);
          if (to < status) setPendingBack(to);
          else if (eventsForStatus(to).length > 0) setPendingEvent(to);
          else send(to);
        }}
        style={{ minHeight: 36, padding: '4px 8px', borderRadius: 4, maxWidth: '100%' }}
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
      {!mutation.isPending && done && !compact && (
        <Text as="span" fontSize="small" color="font.success" role="status">
          {done}
        </Text>
      )}
      {mutation.isError && pendingBack === null && (
        <Alert variation="error" role="alert" padding="xs" fontSize="small">
          {mutation.error.message}
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
              setPendingEvent(null);
              send(pendingEvent);
            }}
            onRecorded={() => {
              setPendingEvent(null);
              setDone(CASE_ADMIN_MESSAGES.statusChanged(caseStatusLabel(pendingEvent)));
              onChanged?.(pendingEvent);
            }}
          />
        </Suspense>
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
