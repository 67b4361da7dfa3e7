/**
 * The dispute event a status move of the back office stands for (decision 0021): a case
 * moved to 40 to 80 gets the matching event (40: initial payment or denial received, 50: open
 * negotiation notice sent, 60: settled, 70: IDR initiated, 80: payment determination) in the same
 * screen. Reads GET /dispute of the case; when an event of the status is recorded already it calls
 * `onProceed` (the control then sends PUT /case as before); otherwise a modal dialog asks for the
 * event with the dispute's event form (./AddEventForm.tsx) and records it with POST /dispute/event,
 * which moves the case forward with a history entry naming the event (`onRecorded`). Cancel or
 * Escape calls `onCancel` and changes nothing. When the event cannot follow the dispute's events (an
 * earlier one is missing, the dispute is closed) the dialog says so and offers Cancel only.
 */
import { Alert, Button, Flex, Heading, Loader, Text } from '@aws-amplify/ui-react';
import { useEffect, useId } from 'react';
import { caseStatusLabel } from '../../../shared';
import { eventsForStatus } from '../../../shared/dispute/status-moves';
import { ModalDialog } from '../components/ModalDialog';
import { apiErrorMessage } from '../lib/apiErrors';
import { EventForm } from './AddEventForm';
import { DISPUTE_SCREEN_MESSAGES as M } from './messages';
import { allowedNextEvents, whyNotNext } from './nextEvents';
import { useDispute } from './queries';
import { RetryButton } from '../components/BusyButton';

export interface StatusEventDialogProps {
  caseId: string;
  /** The case's status now and the one chosen (higher, 40 to 80). */
  from: number;
  to: number;
  onCancel: () => void;
  /** The dispute has the status's event already: move the case as before. */
  onProceed: () => void;
  /** The event is recorded and the case moved to `to`. */
  onRecorded: () => void;
}

export default function StatusEventDialog({
  caseId,
  from,
  to,
  onCancel,
  onProceed,
  onRecorded,
}: StatusEventDialogProps) {
  const titleId = useId();
  const helpId = useId();
  const query = useDispute(caseId);
  const standsFor = eventsForStatus(to);
  const events = query.data?.events;
  const recorded = events?.some((e) => (standsFor as readonly string[]).includes(e.type)) ?? false;

  useEffect(() => {
    if (recorded) onProceed();
    // Once, when the dispute shows the event: the control then closes this dialog.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [recorded]);

  if (!query.isError && (!events || recorded)) {
    return (
      <Flex as="span" alignItems="center" gap="xs" role="status">
        <Loader size="small" />
        <Text as="span" fontSize="small">
          {M.checkingDispute}
        </Text>
      </Flex>
    );
  }

  const label = caseStatusLabel(to);
  const allowed = events ? allowedNextEvents(events) : [];
  const types = standsFor.filter((t) => allowed.includes(t));
  let body;
  if (query.isError) {
    body = (
      <Alert variation="error" role="alert">
        <Flex direction="column" gap="xs" alignItems="flex-start">
          {M.loadFailed(apiErrorMessage('disputeLoad', query.error))}
          <Flex gap="small">
            <RetryButton size="small" query={query} />
            <Button size="small" onClick={onCancel}>
              Cancel
            </Button>
          </Flex>
        </Flex>
      </Alert>
    );
  } else if (types.length === 0) {
    body = (
      <>
        <Alert variation="warning" role="alert">
          {M.statusEventBlocked(label, whyNotNext(events ?? [], standsFor[0]!) ?? '')}
        </Alert>
        <Flex justifyContent="flex-end" marginTop="medium">
          <Button onClick={onCancel}>Cancel</Button>
        </Flex>
      </>
    );
  } else {
    body = (
      <EventForm
        caseId={caseId}
        events={events ?? []}
        types={types}
        label={`Dispute event for ${label}`}
        submitLabel="Record and change status"
        onRecorded={onRecorded}
        onCancel={onCancel}
      />
    );
  }

  return (
    <ModalDialog open labelledBy={titleId} describedBy={helpId} onCancel={onCancel} maxWidth={560}>
      <Heading level={2} id={titleId} marginBottom="small">
        Move case to {label}
      </Heading>
      <Text id={helpId} marginBottom="small">
        {`${caseStatusLabel(from)} → ${label}. ${M.statusEventHelp}`}
      </Text>
      {body}
    </ModalDialog>
  );
}
