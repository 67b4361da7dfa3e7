/**
 * The Dispute panel of Case Details (GET /dispute?case_id=): the amounts, each as dollars and as a
 * percentage of the case's Medicare benchmark when there is one; the plan, its contact and the
 * federal dispute number; the next deadline; a timeline of the
 * events and deadlines in date order (each deadline with its state badge, "unconfirmed rule" on
 * `U`-graded rules, the non-business-day note, an extension's reason); the deleted events with their
 * reasons. `editable` (back office, user_type 10 or more) adds the Add event form and a Delete per
 * event (a reason, then a confirmation); the provider sees the panel read-only.
 */
import { Alert, Button, Card, Flex, Heading, Loader, Text } from '@aws-amplify/ui-react';
import { Suspense, lazy, useRef, useState, type FormEvent } from 'react';
import { formatDollars } from '../../../shared/display';
import type { Deadline } from '../../../shared/dispute/events';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { FormField } from '../components/FormField';
import { UI_MESSAGES } from '../../../shared/messages';
import { apiErrorMessage } from '../lib/apiErrors';
import type { DisputeAnswer } from './api';
import { DueDate, StateBadge, UnconfirmedMark } from './DeadlineParts';
import { PARTY_LABELS, eventLabel, formatDay, percentOfBenchmark, stepLabel } from './labels';
import { DISPUTE_SCREEN_MESSAGES as M } from './messages';
import { useDeleteEvent, useDispute } from './queries';
import { useFocusReturn } from '../components/useFocusReturn';
import { BusyButton, RetryButton } from '../components/BusyButton';

// The back office's form (react-hook-form and its resolver) is its own chunk: the provider's
// read-only panel does not load it (the case page's route budget, decision 0015-spa-patterns).
const AddEventForm = lazy(() => import('./AddEventForm'));

type DisputeEvent = DisputeAnswer['events'][number];

const AMOUNT_ROWS: readonly { key: keyof DisputeAnswer['amounts']; label: string }[] = [
  { key: 'billed', label: 'Billed' },
  { key: 'initial_payment', label: 'Initial payment' },
  { key: 'qpa', label: 'QPA' },
  { key: 'provider_offer', label: 'Provider offer' },
  { key: 'payer_offer', label: 'Plan offer' },
  { key: 'settlement', label: 'Settlement' },
  { key: 'award', label: 'Award' },
  { key: 'award_paid', label: 'Award paid' },
];

function Amounts({ dispute }: { dispute: DisputeAnswer }) {
  const benchmark = dispute.medicare_benchmark;
  return (
    <Flex direction="column" gap="xs">
      <Heading level={3}>Amounts</Heading>
      <dl className="suture-case-fields">
        {AMOUNT_ROWS.map(({ key, label }) => {
          const value = dispute.amounts[key];
          const percent = percentOfBenchmark(value, benchmark?.amount);
          return (
            <div key={key}>
              <dt style={{ fontSize: '0.875rem', fontWeight: 600 }}>{label}</dt>
              <dd style={{ margin: '0.25rem 0 0' }}>
                {formatDollars(value)}
                {percent && (
                  <Text as="span" fontSize="small" color="font.secondary">
                    {' '}
                    ({percent})
                  </Text>
                )}
              </dd>
            </div>
          );
        })}
      </dl>
      {benchmark && benchmark.amount !== null ? (
        <Text fontSize="small">
          Medicare benchmark ({benchmark.year}): <strong>{formatDollars(benchmark.amount)}</strong>, the national
          facility allowable of the procedure codes (conversion factor {benchmark.conversion_factor}).
          {benchmark.missing_codes.length > 0 && ` Not in the fee schedule: ${benchmark.missing_codes.join(', ')}.`}
        </Text>
      ) : (
        <Text fontSize="small" color="font.secondary">
          No Medicare benchmark: the fee schedule has no values for
          {benchmark?.missing_codes.length ? ` ${benchmark.missing_codes.join(', ')}` : ' these procedure codes'}. The
          CMS fee-schedule file is imported in List Management.
        </Text>
      )}
    </Flex>
  );
}

const DETAIL_ROWS: readonly { key: 'payer_name' | 'payer_contact' | 'dispute_reference'; label: string }[] = [
  { key: 'payer_name', label: 'Plan' },
  { key: 'payer_contact', label: 'Plan contact' },
  { key: 'dispute_reference', label: 'Federal dispute number' },
];

/** The per-case fields besides the amounts (the back office sets them with an event). */
function Details({ dispute }: { dispute: DisputeAnswer }) {
  return (
    <dl className="suture-case-fields">
      {DETAIL_ROWS.map(({ key, label }) => (
        <div key={key}>
          <dt style={{ fontSize: '0.875rem', fontWeight: 600 }}>{label}</dt>
          <dd style={{ margin: '0.25rem 0 0', overflowWrap: 'anywhere' }}>{dispute[key] ?? 'Not recorded'}</dd>
        </div>
      ))}
    </dl>
  );
}

/** What an event carries besides its date, in words. */
function eventDetails(e: DisputeEvent): string {
  const parts: string[] = [];
  if (e.amount !== undefined) parts.push(formatDollars(e.amount));
  if (e.party) parts.push(`offer of the ${e.party === 'payer' ? 'plan' : 'provider'}`);
  if (e.prevailing_party) parts.push(`prevailing: ${e.prevailing_party === 'payer' ? 'plan' : 'provider'}`);
  if (e.entity_name) parts.push(e.entity_name);
  if (e.selected_by) parts.push(e.selected_by === 'joint' ? 'selected jointly' : 'selected by the Departments');
  if (e.step) parts.push(`${stepLabel(e.step)} moved to ${e.new_due ? formatDay(e.new_due) : '?'}`);
  if (e.reason) parts.push(`reason: ${e.reason}`);
  return parts.join(' · ');
}

type TimelineItem =
  { kind: 'event'; date: string; event: DisputeEvent } | { kind: 'deadline'; date: string; deadline: Deadline };

/** Events and deadlines by date; on one day the events first (what happened, then what is due). */
export function timelineOf(dispute: Pick<DisputeAnswer, 'events' | 'deadlines'>): TimelineItem[] {
  const items: TimelineItem[] = [
    ...dispute.events.map((event) => ({ kind: 'event' as const, date: event.date, event })),
    ...dispute.deadlines.map((deadline) => ({ kind: 'deadline' as const, date: deadline.due, deadline })),
  ];
  return items.sort((a, b) => a.date.localeCompare(b.date) || (a.kind === b.kind ? 0 : a.kind === 'event' ? -1 : 1));
}

function EventItem({
  event,
  editable,
  onDelete,
}: {
  event: DisputeEvent;
  editable: boolean;
  onDelete: (event: DisputeEvent, button: HTMLElement) => void;
}) {
  const details = eventDetails(event);
  return (
    <Flex justifyContent="space-between" alignItems="flex-start" wrap="wrap" gap="xs">
      <div>
        <Text as="span" fontWeight="bold">
          {eventLabel(event.type)}
        </Text>
        {details && <Text fontSize="small">{details}</Text>}
        <Text fontSize="small" color="font.secondary">
          Recorded by {event.recorded_by_name || event.recorded_by} on {formatDay(event.recorded_at.slice(0, 10))}
        </Text>
      </div>
      {editable && (
        <Button size="small" onClick={(e) => onDelete(event, e.currentTarget)}>
          Delete
          <span className="amplify-visually-hidden">
            {' '}
            {eventLabel(event.type)} of {formatDay(event.date)}
          </span>
        </Button>
      )}
    </Flex>
  );
}

function DeadlineItem({ deadline, extensionReason }: { deadline: Deadline; extensionReason?: string }) {
  return (
    <div>
      <Flex alignItems="center" wrap="wrap" gap="xs">
        <Text as="span" fontWeight="bold">
          {stepLabel(deadline.step)}
        </Text>
        <StateBadge state={deadline.state} />
        <UnconfirmedMark graded={deadline.graded} />
      </Flex>
      <Text fontSize="small">
        {deadline.day_type === 'business' ? 'Business days' : 'Calendar days'} from {eventLabel(deadline.basis.type)}
        {deadline.party !== 'none' && ` · to act: ${PARTY_LABELS[deadline.party]}`}
        {deadline.met_on && ` · met on ${formatDay(deadline.met_on)}`} · {deadline.rule_version}
      </Text>
      {deadline.extended_from && extensionReason && <Text fontSize="small">Extension reason: {extensionReason}</Text>}
    </div>
  );
}

function Timeline({
  dispute,
  editable,
  onDelete,
}: {
  dispute: DisputeAnswer;
  editable: boolean;
  onDelete: (event: DisputeEvent, button: HTMLElement) => void;
}) {
  const items = timelineOf(dispute);
  // The latest extension of a step gives its reason (a later extension corrects an earlier one).
  const reasons = new Map<string, string>();
  for (const e of dispute.events) if (e.type === 'extension' && e.step && e.reason) reasons.set(e.step, e.reason);
  if (items.length === 0) return <Text>No dispute events recorded yet.</Text>;
  return (
    <ol aria-label="Dispute timeline" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {items.map((item) => (
        <li
          key={item.kind === 'event' ? `e-${item.event.event_id}` : `d-${item.deadline.step}`}
          style={{
            display: 'grid',
            // The date column stays narrow: a non-business-day note wraps in it instead of squeezing the event.
            gridTemplateColumns: 'minmax(7.5rem, 10rem) minmax(0, 1fr)',
            gap: '0.25rem 0.75rem',
            padding: '0.5rem 0',
            borderTop: '1px solid #e2e8f0',
          }}
        >
          <div style={{ fontSize: '0.875rem' }}>
            {item.kind === 'event' ? formatDay(item.date) : <DueDate deadline={item.deadline} />}
            <Text as="span" display="block" fontSize="xs" color="font.secondary">
              {item.kind === 'event' ? 'Event' : 'Deadline'}
            </Text>
          </div>
          {item.kind === 'event' ? (
            <EventItem event={item.event} editable={editable} onDelete={onDelete} />
          ) : (
            <DeadlineItem deadline={item.deadline} extensionReason={reasons.get(item.deadline.step)} />
          )}
        </li>
      ))}
    </ol>
  );
}

/** The reason asked before a delete, then the confirmation (ConfirmDialog). */
function DeleteEvent({
  caseId,
  event,
  onClose,
}: {
  caseId: string;
  event: DisputeEvent;
  onClose: (deleted: boolean) => void;
}) {
  const remove = useDeleteEvent(caseId);
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const [confirming, setConfirming] = useState(false);
  const what = `${eventLabel(event.type)} of ${formatDay(event.date)}`;
  const ask = (e: FormEvent) => {
    e.preventDefault();
    if (!reason.trim()) return setError(M.deleteReasonRequired);
    setError('');
    setConfirming(true);
  };
  const confirm = () => {
    setConfirming(false);
    remove.mutate({ eventId: event.event_id, reason: reason.trim() }, { onSuccess: () => onClose(true) });
  };
  return (
    <Card variation="outlined">
      <form onSubmit={ask} aria-label={`Delete ${what}`} noValidate>
        <Flex direction="column" gap="small">
          <Heading level={3}>Delete {what}</Heading>
          <FormField
            label="Reason for deleting"
            hint="Kept with the deleted event."
            value={reason}
            error={error}
            onChange={(e) => setReason(e.target.value)}
            autoFocus
          />
          {remove.isError && (
            <Alert variation="error" role="alert">
              {M.saveFailed(apiErrorMessage('disputeSave', remove.error))}
            </Alert>
          )}
          <Flex gap="small" wrap="wrap">
            <BusyButton type="submit" colorTheme="error" busy={remove.isPending} busyText="Deleting...">
              Delete event
            </BusyButton>
            <Button type="button" onClick={() => onClose(false)}>
              Cancel
            </Button>
          </Flex>
        </Flex>
      </form>
      <ConfirmDialog
        open={confirming}
        title="Delete event"
        message={`Are you sure you want to delete ${what}? It is kept, with your reason, among the deleted events.`}
        confirmLabel="Delete"
        onConfirm={confirm}
        onCancel={() => setConfirming(false)}
      />
    </Card>
  );
}

function DeletedEvents({ events }: { events: readonly DisputeEvent[] }) {
  if (events.length === 0) return null;
  return (
    <details>
      <summary>Deleted events ({events.length})</summary>
      <ul style={{ margin: '0.5rem 0 0', paddingLeft: '1.25rem' }}>
        {events.map((e) => (
          <li key={e.event_id}>
            {eventLabel(e.type)} of {formatDay(e.date)}
            {e.delete_reason && ` — deleted: ${e.delete_reason}`}
          </li>
        ))}
      </ul>
    </details>
  );
}

export default function DisputePanel({ caseId, editable }: { caseId: string; editable: boolean }) {
  const query = useDispute(caseId);
  const [deleting, setDeleting] = useState<DisputeEvent | null>(null);
  // Once the delete form is gone, focus returns to the event's Delete button, or to the Timeline
  // heading when the event (and its button) was deleted.
  const timelineHeading = useRef<HTMLHeadingElement>(null);
  const returnFocusTo = useFocusReturn(deleting !== null, timelineHeading);
  const startDelete = (event: DisputeEvent, button: HTMLElement) => {
    returnFocusTo(button);
    setDeleting(event);
  };
  const closeDelete = (deleted: boolean) => {
    if (deleted) returnFocusTo(null);
    setDeleting(null);
  };

  let content;
  if (query.isError) {
    content = (
      <Alert variation="error" role="alert">
        <Flex direction="column" gap="xs" alignItems="flex-start">
          {apiErrorMessage('disputeLoad', query.error)}
          <RetryButton size="small" query={query} />
        </Flex>
      </Alert>
    );
  } else if (!query.data) {
    content = (
      <Flex alignItems="center" gap="small" role="status">
        <Loader />
        <Text>{UI_MESSAGES.loading}</Text>
      </Flex>
    );
  } else {
    const dispute = query.data;
    const next = dispute.next_deadline;
    content = (
      <>
        <Amounts dispute={dispute} />
        <Details dispute={dispute} />
        {next && (
          <Flex alignItems="center" wrap="wrap" gap="xs">
            <Text fontWeight="bold">Next deadline:</Text>
            <Text>
              {stepLabel(next.step)}, {formatDay(next.due)}
            </Text>
            <StateBadge state={next.state} />
          </Flex>
        )}
        <Heading level={3} ref={timelineHeading} tabIndex={-1}>
          Timeline
        </Heading>
        <Timeline dispute={dispute} editable={editable} onDelete={startDelete} />
        {editable && deleting && (
          <DeleteEvent key={deleting.event_id} caseId={caseId} event={deleting} onClose={closeDelete} />
        )}
        <DeletedEvents events={dispute.deleted_events} />
        {editable && (
          <Suspense fallback={<Text role="status">{UI_MESSAGES.loading}</Text>}>
            <AddEventForm dispute={dispute} />
          </Suspense>
        )}
      </>
    );
  }

  return (
    <Card variation="outlined">
      <section aria-labelledby="dispute-heading">
        <Flex direction="column" gap="small">
          <Heading level={2} id="dispute-heading">
            Dispute
          </Heading>
          {!editable && (
            <Text fontSize="small" color="font.secondary">
              The back office records the dispute of this case; you see it as it stands.
            </Text>
          )}
          {content}
        </Flex>
      </section>
    </Card>
  );
}
