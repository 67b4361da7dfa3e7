/**
 * Deadline calculator, /tools/deadlines, for every signed-in user: a date field per event type
 * ("enter the dates you have"), an "as of" day, and every deadline those dates start, computed by
 * POST /dispute/calculate (stores nothing), in a table that prints on its own (print stylesheet in
 * web/src/theme/global.css: the page frame and the form are left out).
 *
 * Events whose schema asks for more than a date (an amount, a party, a name, a reason) are sent with
 * neutral values: amount 0, the provider's offer, the provider prevailing, a joint selection. No
 * deadline reads the amounts; the offer is the provider's because only it meets `offers_due`.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Card, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import * as z from 'zod';
import {
  DISPUTE_EVENT_TYPES,
  isIsoDate,
  type DisputeEventInput,
  type DisputeEventType,
} from '../../../shared/dispute/events';
import { FormField } from '../components/FormField';
import { apiErrorMessage } from '../lib/apiErrors';
import { calculateDeadlines } from './api';
import { DeadlineTable } from './DeadlineParts';
import { EVENT_LABELS, formatDay, todayInNewYork } from './labels';
import { DISPUTE_SCREEN_MESSAGES as M } from './messages';
import { BusyButton } from '../components/BusyButton';

/** The event types the calculator asks a date for, in the order of a dispute (extensions are per case). */
type CalculatorEvent = Exclude<DisputeEventType, 'extension'>;
export const CALCULATOR_EVENTS = DISPUTE_EVENT_TYPES.filter((t): t is CalculatorEvent => t !== 'extension');

type Values = Record<CalculatorEvent | 'as_of', string>;

const optionalDate = (label: string) =>
  z.string().refine((v) => v === '' || isIsoDate(v), { error: M.dateInvalid(label) });

const CalculatorSchema = z
  .object({
    ...(Object.fromEntries(CALCULATOR_EVENTS.map((t) => [t, optionalDate(EVENT_LABELS[t])])) as Record<
      CalculatorEvent,
      ReturnType<typeof optionalDate>
    >),
    as_of: optionalDate('As of'),
  })
  .refine((v) => CALCULATOR_EVENTS.some((t) => v[t] !== ''), { error: M.oneDateRequired, path: ['root'] });

/** The event of a calculator date, with the neutral values of the fields it needs. */
export function calculatorEvent(type: CalculatorEvent, date: string): DisputeEventInput {
  switch (type) {
    case 'initial_payment_received':
    case 'settled':
    case 'award_paid':
      return { type, date, amount: 0 };
    case 'offer_submitted':
      return { type, date, amount: 0, party: 'provider' };
    case 'determination':
      return { type, date, amount: 0, prevailing_party: 'provider' };
    case 'entity_selected':
      return { type, date, entity_name: 'Not named', selected_by: 'joint' };
    case 'ineligible':
      return { type, date, reason: 'Not given' };
    default:
      return { type, date };
  }
}

export default function DeadlineCalculatorPage() {
  const today = todayInNewYork();
  const form = useForm<Values>({
    resolver: zodResolver(CalculatorSchema),
    defaultValues: { ...Object.fromEntries(CALCULATOR_EVENTS.map((t) => [t, ''])), as_of: today } as Values,
  });
  const calc = useMutation({
    mutationFn: ({ events, asOf }: { events: DisputeEventInput[]; asOf: string }) => calculateDeadlines(events, asOf),
  });
  const errors = form.formState.errors;
  const rootError = (errors as { root?: { message?: string } }).root?.message;

  const onSubmit = form.handleSubmit((values) => {
    const events = CALCULATOR_EVENTS.filter((t) => values[t]).map((t) => calculatorEvent(t, values[t]));
    calc.mutate({ events, asOf: values.as_of || today });
  });

  return (
    <Flex direction="column" gap="medium">
      <Heading level={1}>Deadline Calculator</Heading>
      <Text className="suture-no-print">
        Enter the dates you have; every No Surprises Act deadline they start is calculated to the business day. Nothing
        is saved.
      </Text>
      <Card variation="outlined" className="suture-no-print">
        <form onSubmit={(e) => void onSubmit(e)} aria-label="Dates of the dispute" noValidate>
          <Flex direction="column" gap="small">
            <Flex wrap="wrap" gap="small">
              {CALCULATOR_EVENTS.map((t) => (
                <FormField
                  key={t}
                  label={EVENT_LABELS[t]}
                  type="date"
                  flex="1 1 15rem"
                  error={errors[t]?.message}
                  {...form.register(t)}
                />
              ))}
            </Flex>
            <FormField
              label="As of"
              hint="The day the states (met, open, due soon, overdue) are worked out for."
              type="date"
              flex="0 1 15rem"
              error={errors.as_of?.message}
              {...form.register('as_of')}
            />
            {rootError && (
              <Alert variation="error" role="alert">
                {rootError}
              </Alert>
            )}
            <Flex wrap="wrap" gap="small">
              <BusyButton type="submit" variation="primary" busy={calc.isPending} busyText="Calculating...">
                Calculate deadlines
              </BusyButton>
              <Button
                type="button"
                onClick={() => {
                  form.reset();
                  calc.reset();
                }}
              >
                Clear
              </Button>
            </Flex>
          </Flex>
        </form>
      </Card>
      {calc.isError && (
        <Alert variation="error" role="alert">
          {M.calculateFailed(apiErrorMessage('disputeSave', calc.error))}
        </Alert>
      )}
      {calc.data && (
        <Flex direction="column" gap="small">
          <Flex justifyContent="space-between" alignItems="center" wrap="wrap" gap="small">
            <Heading level={2}>Deadlines as of {formatDay(calc.variables.asOf)}</Heading>
            <Button className="suture-no-print" onClick={() => window.print()}>
              Print
            </Button>
          </Flex>
          {calc.data.length === 0 ? (
            <Text role="status">No deadline follows from these dates.</Text>
          ) : (
            <DeadlineTable deadlines={calc.data} caption="Deadlines, soonest first" />
          )}
        </Flex>
      )}
    </Flex>
  );
}
