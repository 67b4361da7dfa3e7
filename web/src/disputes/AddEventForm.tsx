/**
 * The dispute event form: a choice of event types, the event's date and the fields its type takes
 * (amount, entity, party, reason, the step and new due date of an extension), recorded by
 * POST /dispute/event. Checked in the browser with messages in the spec's style ('Amount is
 * required'); a 400 puts the server's message under the field it names (`errors: [{ field, message
 * }]`), any other failure above the buttons.
 *
 * Two uses: the Dispute panel's "Add event" (default export: the events possible next
 * (./nextEvents.ts) and the dispute's per-case fields, shown as they stand: billed amount, QPA, plan
 * name and contact, federal dispute number, each sent when changed), and the back office's status
 * control (./StatusEventDialog.tsx: only the events that stand for the chosen status, with Cancel).
 * The API keeps a per-case field until it is set again: a recorded one may be corrected, not emptied.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Card, Fieldset, Flex, Heading, SelectField, Text } from '@aws-amplify/ui-react';
import { Fragment, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import * as z from 'zod';
import { TEXT_LIMITS } from '../../../shared/constants';
import { MAX_DISPUTE_REFERENCE_LENGTH } from '../../../shared/schemas/dispute-api';
import {
  MAX_DISPUTE_AMOUNT_DOLLARS,
  isIsoDate,
  type DeadlineStep,
  type DisputeEventInput,
  type DisputeEventType,
} from '../../../shared/dispute/events';
import { FormField } from '../components/FormField';
import { apiErrorMessage } from '../lib/apiErrors';
import { fieldErrorsOf, type DisputeAnswer, type DisputeCaseFields } from './api';
import { EVENT_LABELS, stepLabel, todayInNewYork } from './labels';
import { DISPUTE_SCREEN_MESSAGES as M } from './messages';
import { allowedNextEvents, extendableSteps, type RecordedEvent } from './nextEvents';
import { useRecordEvent } from './queries';
import { BusyButton } from '../components/BusyButton';

const WITH_AMOUNT: readonly string[] = [
  'initial_payment_received',
  'settled',
  'offer_submitted',
  'determination',
  'award_paid',
];

/** Dollars typed ('1,234.50', '$99') -> number, or undefined when it is not an amount of the API. */
export function parseDollars(text: string): number | undefined {
  const clean = text.replace(/[$,\s]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(clean)) return undefined;
  const n = Number(clean);
  return n <= MAX_DISPUTE_AMOUNT_DOLLARS ? n : undefined;
}

const FIELDS = [
  'type',
  'date',
  'amount',
  'entity_name',
  'selected_by',
  'party',
  'prevailing_party',
  'reason',
  'step',
  'new_due',
  'billed_amount',
  'qpa',
  'payer_name',
  'payer_contact',
  'dispute_reference',
] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;
const EMPTY: Values = Object.fromEntries(FIELDS.map((f) => [f, ''])) as Values;

/** The dispute's per-case fields as the form shows them (amounts as '1234.50', '' when not recorded). */
export type DetailValues = Pick<Values, 'billed_amount' | 'qpa' | 'payer_name' | 'payer_contact' | 'dispute_reference'>;
type DetailField = keyof DetailValues;
const AMOUNT_DETAILS = ['billed_amount', 'qpa'] as const;
const TEXT_DETAILS = ['payer_name', 'payer_contact', 'dispute_reference'] as const;
const DETAIL_FIELDS: readonly DetailField[] = [...AMOUNT_DETAILS, ...TEXT_DETAILS];
/** Label, name in messages and, for text, the longest value the API keeps (shared/schemas/dispute-api.ts). */
const DETAILS: Record<DetailField, { label: string; name: string; max?: number }> = {
  billed_amount: { label: 'Billed amount (optional, dollars)', name: 'Billed amount' },
  qpa: { label: 'QPA (optional, dollars)', name: 'QPA' },
  payer_name: { label: 'Plan name', name: 'Plan name', max: TEXT_LIMITS.text },
  payer_contact: { label: 'Plan contact', name: 'Plan contact', max: TEXT_LIMITS.text },
  dispute_reference: {
    label: 'Federal dispute number',
    name: 'Federal dispute number',
    max: MAX_DISPUTE_REFERENCE_LENGTH,
  },
};

/** The per-case fields of a dispute answer, as the form shows them. */
export function detailsOf(
  dispute: Pick<DisputeAnswer, 'amounts' | 'payer_name' | 'payer_contact' | 'dispute_reference'>,
): DetailValues {
  const dollars = (n: number | null) => (n === null ? '' : n.toFixed(2));
  return {
    billed_amount: dollars(dispute.amounts.billed),
    qpa: dollars(dispute.amounts.qpa),
    payer_name: dispute.payer_name ?? '',
    payer_contact: dispute.payer_contact ?? '',
    dispute_reference: dispute.dispute_reference ?? '',
  };
}

function formSchema(today: string, details: DetailValues | undefined) {
  return z
    .object(Object.fromEntries(FIELDS.map((f) => [f, z.string()])) as Record<Field, z.ZodString>)
    .superRefine((v, ctx) => {
      const issue = (path: Field, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
      if (!v.type) issue('type', M.typeRequired);
      if (!v.date) issue('date', M.dateRequired);
      else if (!isIsoDate(v.date)) issue('date', M.dateInvalid('Event date'));
      else if (v.date > today) issue('date', 'Event date cannot be after today');
      const amount = (field: Field, required: boolean) => {
        if (!v[field].trim()) {
          if (required) issue(field, M.amountRequired);
        } else if (parseDollars(v[field]) === undefined) issue(field, M.amountInvalid(MAX_DISPUTE_AMOUNT_DOLLARS));
      };
      amount('amount', WITH_AMOUNT.includes(v.type));
      for (const field of AMOUNT_DETAILS) amount(field, false);
      for (const field of DETAIL_FIELDS) {
        const { name, max } = DETAILS[field];
        if (max !== undefined && v[field].trim().length > max) issue(field, M.tooLong(name, max));
        if (details?.[field] && !v[field].trim()) issue(field, M.detailKept(name));
      }
      if (v.type === 'entity_selected') {
        if (!v.entity_name.trim()) issue('entity_name', M.entityRequired);
        if (!v.selected_by) issue('selected_by', M.selectedByRequired);
      }
      if (v.type === 'offer_submitted' && !v.party) issue('party', M.partyRequired);
      if (v.type === 'determination' && !v.prevailing_party) issue('prevailing_party', M.prevailingRequired);
      if ((v.type === 'ineligible' || v.type === 'extension') && !v.reason.trim()) issue('reason', M.reasonRequired);
      if (v.type === 'extension') {
        if (!v.step) issue('step', M.stepRequired);
        if (!v.new_due) issue('new_due', M.newDueRequired);
        else if (!isIsoDate(v.new_due)) issue('new_due', M.dateInvalid('New due date'));
      }
    });
}

/** The event of checked form values (amounts already known to parse). */
function eventOf(v: Values): DisputeEventInput {
  const date = v.date;
  const amount = parseDollars(v.amount) ?? 0;
  const type = v.type as DisputeEventType;
  switch (type) {
    case 'initial_payment_received':
    case 'settled':
    case 'award_paid':
      return { type, date, amount };
    case 'offer_submitted':
      return { type, date, amount, party: v.party as 'provider' | 'payer' };
    case 'determination':
      return { type, date, amount, prevailing_party: v.prevailing_party as 'provider' | 'payer' };
    case 'entity_selected':
      return { type, date, entity_name: v.entity_name.trim(), selected_by: v.selected_by as 'joint' | 'departments' };
    case 'ineligible':
      return { type, date, reason: v.reason.trim() };
    case 'extension':
      return { type, date, step: v.step as DeadlineStep, new_due: v.new_due, reason: v.reason.trim() };
    default:
      return { type, date } as DisputeEventInput;
  }
}

/** The per-case fields of checked form values that differ from `details` (what the dispute holds). */
function caseFieldsOf(v: Values, details: DetailValues): DisputeCaseFields {
  const fields: DisputeCaseFields = {};
  for (const field of AMOUNT_DETAILS) {
    const dollars = parseDollars(v[field]);
    if (dollars !== undefined && dollars !== parseDollars(details[field])) fields[field] = dollars;
  }
  for (const field of TEXT_DETAILS) {
    const text = v[field].trim();
    if (text && text !== details[field]) fields[field] = text;
  }
  return fields;
}

export interface EventFormProps {
  caseId: string;
  /** The dispute's recorded events (for the steps an extension may move). */
  events: readonly RecordedEvent[];
  /** The event types offered, in order; one is chosen already. */
  types: readonly DisputeEventType[];
  /** The form's accessible name. */
  label: string;
  submitLabel: string;
  /** The dispute's per-case fields as they stand, offered for correction beside the event; none: not shown. */
  details?: DetailValues;
  /** Say '<event> recorded.' under the fields after each success (the form stays for the next). */
  confirmRecorded?: boolean;
  /** After the server recorded the event: its answer and the type recorded. */
  onRecorded?: (answer: DisputeAnswer, type: DisputeEventType) => void;
  /** Shown as a Cancel button beside the submit one. */
  onCancel?: () => void;
}

/** The form of one dispute event (the Add event form and the status control's dialog). */
export function EventForm({
  caseId,
  events,
  types,
  label,
  submitLabel,
  details,
  confirmRecorded = false,
  onRecorded,
  onCancel,
}: EventFormProps) {
  const today = todayInNewYork();
  const record = useRecordEvent(caseId);
  const [done, setDone] = useState('');
  const [failure, setFailure] = useState('');
  const blank = (current: DetailValues | undefined): Values => ({
    ...EMPTY,
    ...current,
    type: types.length === 1 ? (types[0] ?? '') : '',
  });
  const form = useForm<Values>({ resolver: zodResolver(formSchema(today, details)), defaultValues: blank(details) });
  const { errors } = form.formState;
  const type = useWatch({ control: form.control, name: 'type' });
  const steps = type === 'extension' ? extendableSteps(events) : [];

  const onSubmit = form.handleSubmit(async (values) => {
    if (record.isPending) return;
    setDone('');
    setFailure('');
    try {
      const answer = await record.mutateAsync({
        event: eventOf(values),
        fields: details ? caseFieldsOf(values, details) : {},
      });
      form.reset(blank(details && detailsOf(answer)));
      const recorded = values.type as DisputeEventType;
      if (confirmRecorded) setDone(`${EVENT_LABELS[recorded]} recorded.`);
      onRecorded?.(answer, recorded);
    } catch (err) {
      const fieldErrors = fieldErrorsOf(err).filter((e) => (FIELDS as readonly string[]).includes(e.field));
      for (const e of fieldErrors) form.setError(e.field as Field, { type: 'server', message: e.message });
      if (fieldErrors.length === 0) setFailure(M.saveFailed(apiErrorMessage('disputeSave', err)));
    }
  });

  const select = (field: Field, label: string, options: readonly (readonly [string, string])[]) => (
    <SelectField
      label={label}
      placeholder="Select..."
      flex="1 1 14rem"
      {...form.register(field)}
      hasError={Boolean(errors[field])}
      errorMessage={errors[field]?.message}
    >
      {options.map(([value, text]) => (
        <option key={value} value={value}>
          {text}
        </option>
      ))}
    </SelectField>
  );
  const text = (field: Field, label: string, props: { type?: 'date'; inputMode?: 'text'; hint?: string } = {}) => (
    <FormField label={label} flex="1 1 14rem" error={errors[field]?.message} {...props} {...form.register(field)} />
  );

  return (
    <form onSubmit={(e) => void onSubmit(e)} aria-label={label} noValidate>
      <Flex direction="column" gap="small">
        <Flex wrap="wrap" gap="small">
          {select(
            'type',
            'Event',
            types.map((t) => [t, EVENT_LABELS[t]] as const),
          )}
          {text('date', 'Event date', { type: 'date' })}
        </Flex>
        <Flex wrap="wrap" gap="small">
          {WITH_AMOUNT.includes(type) && text('amount', 'Amount (dollars)', { inputMode: 'text' })}
          {type === 'entity_selected' && text('entity_name', 'IDR entity name')}
          {type === 'entity_selected' &&
            select('selected_by', 'Selected by', [
              ['joint', 'Both parties (joint)'],
              ['departments', 'The Departments'],
            ])}
          {type === 'offer_submitted' &&
            select('party', 'Offer of', [
              ['provider', 'Provider'],
              ['payer', 'Plan'],
            ])}
          {type === 'determination' &&
            select('prevailing_party', 'Prevailing party', [
              ['provider', 'Provider'],
              ['payer', 'Plan'],
            ])}
          {type === 'extension' &&
            select(
              'step',
              'Deadline extended',
              steps.map((s) => [s, stepLabel(s)] as const),
            )}
          {type === 'extension' && text('new_due', 'New due date', { type: 'date' })}
          {(type === 'extension' || type === 'ineligible') && text('reason', 'Reason')}
        </Flex>
        {details && (
          <Fieldset
            legend="Dispute details (kept with the case)"
            variation="plain"
            direction="row"
            wrap="wrap"
            gap="small"
          >
            {DETAIL_FIELDS.map((field) => (
              <Fragment key={field}>{text(field, DETAILS[field].label)}</Fragment>
            ))}
          </Fieldset>
        )}
        {failure && (
          <Alert variation="error" role="alert">
            {failure}
          </Alert>
        )}
        {done && <Text role="status">{done}</Text>}
        <Flex wrap="wrap" gap="small" justifyContent={onCancel ? 'flex-end' : undefined}>
          {onCancel && (
            <Button type="button" onClick={onCancel}>
              Cancel
            </Button>
          )}
          <BusyButton type="submit" variation="primary" busy={record.isPending} busyText="Saving...">
            {submitLabel}
          </BusyButton>
        </Flex>
      </Flex>
    </form>
  );
}

/** The Dispute panel's Add event form: the events possible next, a note when one is recorded. */
export default function AddEventForm({ dispute }: { dispute: DisputeAnswer }) {
  const events = dispute.events;
  const allowed = allowedNextEvents(events);
  if (allowed.length === 0) {
    return <Text>No event can be recorded now: the dispute is closed.</Text>;
  }
  return (
    <Card variation="outlined">
      <Flex direction="column" gap="small">
        <Heading level={3}>Add event</Heading>
        <EventForm
          caseId={dispute.case_id}
          events={events}
          types={allowed}
          label="Add event"
          submitLabel="Record event"
          details={detailsOf(dispute)}
          confirmRecorded
        />
      </Flex>
    </Card>
  );
}
