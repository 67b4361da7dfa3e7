/**
 * Case Management's work on the selected rows (docs/decisions/0025-bulk-and-undo.md), through
 * POST /case/bulk: each case applied on its own, each outcome shown.
 *
 * - {@link BulkBar}: how many are selected, Move status, Enter pay amounts, Clear selection.
 * - {@link BulkStatusDialog}: the status to move to (those without a dispute event: statuses 40 to 80
 *   stand for an event, recorded one case at a time; decision 0021), the list of what will change,
 *   and a reason when any case moves back (the reason rule of moves back). Cases already there are
 *   left out. Each item carries the version read, so nothing changed meanwhile is overwritten.
 * - {@link BulkPayDialog}: one dollars field per case (phone: one under the other), each checked
 *   before sending (`parseDollarsInput`: empty removes an amount); only changed rows are sent.
 * Both end on a summary: how many changed, and each failure with the server's message.
 */
import { Alert, Button, Flex, Heading, SelectField, Text, TextAreaField, TextField } from '@aws-amplify/ui-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { CASE_STATUSES, caseStatusLabel, formatDollars } from '../../../../shared';
import { eventsForStatus } from '../../../../shared/dispute/status-moves';
import { MAX_STATUS_REASON_LENGTH } from '../../../../shared/schemas/case';
import { MAX_BULK_ITEMS, type BulkResult, type CaseBulkBody } from '../../../../shared/schemas/case-bulk';
import { ModalDialog } from '../../components/ModalDialog';
import { CASE_ADMIN_MESSAGES, bulkUpdateCases, parseDollarsInput } from '../../cases/caseAdmin';
import { caseShortLabel } from '../../cases/format';
import { dollarsFieldText } from '../../cases/PayAmountEditor';
import { caseKeys } from '../../lib/queryKeys';
import type { ManagedCase } from './api';
import { BusyButton } from '../../components/BusyButton';

/** Statuses a bulk move may go to: those that stand for no dispute event. */
export const BULK_STATUSES = CASE_STATUSES.filter((s) => eventsForStatus(s.value).length === 0);

export const BULK_TEXT = {
  tooMany: `Select at most ${MAX_BULK_ITEMS} cases for one change`,
  eventStatuses: 'Statuses 40 to 80 each stand for a dispute event: move those cases one at a time.',
  nothingToChange: 'Every selected case is already there: nothing to change.',
  summary: (changed: number, total: number, verb: string) =>
    `${verb} ${changed} of ${total} ${total === 1 ? 'case' : 'cases'}.`,
} as const;

/**
 * Focus on the dialog's Close button once the request succeeded: the button pressed to send is
 * replaced (by the summary) or gone, and focus would fall out of the dialog.
 */
function useFocusOnSuccess(success: boolean) {
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (success) close.current?.focus();
  }, [success]);
  return close;
}

/** POST /case/bulk; afterwards every case list and count is read again. */
function useBulkUpdate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CaseBulkBody) => bulkUpdateCases(body),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: caseKeys.lists }),
        queryClient.invalidateQueries({ queryKey: caseKeys.stats }),
      ]),
  });
}

/** The outcome of a bulk request, over the cases sent. */
function Summary({ verb, results, cases }: { verb: string; results: BulkResult[]; cases: ManagedCase[] }) {
  const failed = results.filter((r) => !r.ok);
  const byId = new Map(cases.map((c) => [c.case_id, c]));
  return (
    <Flex direction="column" gap="xs" role="status">
      <Text fontWeight="bold">{BULK_TEXT.summary(results.length - failed.length, results.length, verb)}</Text>
      {failed.length > 0 && (
        <>
          <Text>Not changed:</Text>
          <ul style={{ margin: 0, paddingLeft: '1.25rem' }}>
            {failed.map((r) => {
              const c = byId.get(r.case_id);
              return (
                <li key={r.case_id}>
                  {c ? caseShortLabel(c) : r.case_id}: {r.message ?? `Error ${r.status}`}
                </li>
              );
            })}
          </ul>
        </>
      )}
    </Flex>
  );
}

/** A bulk dialog: the modal, its heading as its name, and its content. */
function BulkFrame(props: { title: string; maxWidth: number; onCancel: () => void; children: ReactNode }) {
  const titleId = useId();
  return (
    <ModalDialog open labelledBy={titleId} onCancel={props.onCancel} maxWidth={props.maxWidth}>
      <Heading level={2} id={titleId} marginBottom="small">
        {props.title}
      </Heading>
      {props.children}
    </ModalDialog>
  );
}

/** The request's own failure (the whole request refused: 400, 403, network). */
function RequestError({ error }: { error: Error | null }) {
  return error ? (
    <Alert variation="error" role="alert">
      {error.message}
    </Alert>
  ) : null;
}

/** A form's submit handler that keeps the page where it is. */
const submitWith = (fn: () => void) => (e: FormEvent) => {
  e.preventDefault();
  fn();
};

const casesNoun = (n: number) => `${n} ${n === 1 ? 'case' : 'cases'}`;

/** A bulk dialog is open while mounted (the page mounts it on demand, so each opening starts afresh). */
export interface BulkDialogProps {
  cases: ManagedCase[];
  onClose: (changed: boolean) => void;
}

/** Move the selected cases to one status (see the module header). */
export function BulkStatusDialog({ cases: selected, onClose }: BulkDialogProps) {
  // The cases as selected when the dialog opened: the list is read again after the change.
  const [cases] = useState(selected);
  const [to, setTo] = useState<number | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const bulk = useBulkUpdate();

  const moving = to === null ? [] : cases.filter((c) => c.case_status !== to);
  const back = moving.filter((c) => to !== null && to < c.case_status);
  const submit = () => {
    if (to === null || moving.length === 0) return;
    if (back.length > 0 && reason.trim() === '') {
      setReasonError(CASE_ADMIN_MESSAGES.reasonRequired);
      return;
    }
    bulk.mutate({
      action: 'status',
      items: moving.map((c) => ({
        case_id: c.case_id,
        case_status: to,
        ...(to < c.case_status ? { reason: reason.trim() } : {}),
        ...(c.version !== undefined ? { version: c.version } : {}),
      })),
    });
  };
  const close = () => onClose(bulk.isSuccess);
  const closeButton = useFocusOnSuccess(bulk.isSuccess);

  return (
    <BulkFrame title={`Move ${casesNoun(cases.length)}`} onCancel={close} maxWidth={560}>
      {bulk.isSuccess ? (
        <Summary verb="Moved" results={bulk.data} cases={cases} />
      ) : (
        <form noValidate onSubmit={submitWith(submit)}>
          <Flex direction="column" gap="small">
            <SelectField
              label="Move to"
              descriptiveText={BULK_TEXT.eventStatuses}
              value={to === null ? '' : String(to)}
              onChange={(e) => {
                setTo(e.target.value === '' ? null : Number(e.target.value));
                setReasonError(undefined);
              }}
            >
              <option value="">Choose a status</option>
              {BULK_STATUSES.map((s) => (
                <option key={s.value} value={String(s.value)}>
                  {s.label}
                </option>
              ))}
            </SelectField>
            {to !== null && (
              <>
                <Text>
                  {moving.length === 0
                    ? BULK_TEXT.nothingToChange
                    : `${moving.length} ${moving.length === 1 ? 'case moves' : 'cases move'} to ${caseStatusLabel(to)}${
                        back.length > 0 ? `, ${back.length} of them back to an earlier status` : ''
                      }:`}
                </Text>
                {moving.length > 0 && (
                  <ul
                    aria-label="Changes"
                    style={{ margin: 0, paddingLeft: '1.25rem', maxHeight: '12rem', overflowY: 'auto' }}
                  >
                    {moving.map((c) => (
                      <li key={c.case_id}>
                        {caseShortLabel(c)}: {caseStatusLabel(c.case_status)} → {caseStatusLabel(to)}
                      </li>
                    ))}
                  </ul>
                )}
              </>
            )}
            {back.length > 0 && (
              <TextAreaField
                label="Reason"
                descriptiveText={CASE_ADMIN_MESSAGES.reasonHelp}
                isRequired
                rows={2}
                maxLength={MAX_STATUS_REASON_LENGTH}
                value={reason}
                onChange={(e) => {
                  setReason(e.target.value);
                  setReasonError(undefined);
                }}
                hasError={Boolean(reasonError)}
                errorMessage={reasonError}
              />
            )}
            <RequestError error={bulk.error} />
            <Flex justifyContent="flex-end" gap="small" wrap="wrap">
              <Button type="button" onClick={close}>
                Cancel
              </Button>
              <BusyButton
                type="submit"
                variation="primary"
                isDisabled={moving.length === 0}
                busy={bulk.isPending}
                busyText="Moving..."
              >
                {`Move ${moving.length} ${moving.length === 1 ? 'case' : 'cases'}`}
              </BusyButton>
            </Flex>
          </Flex>
        </form>
      )}
      {bulk.isSuccess && (
        <Flex justifyContent="flex-end" marginTop="medium">
          <Button variation="primary" onClick={close} ref={closeButton}>
            Close
          </Button>
        </Flex>
      )}
    </BulkFrame>
  );
}

/** A pay row's state: the text typed, its check, and the outcome once sent. */
interface PayRow {
  text: string;
  error?: string;
  result?: BulkResult;
}

/** Enter pay amounts for the selected cases (see the module header). */
export function BulkPayDialog({ cases: selected, onClose }: BulkDialogProps) {
  // The cases as selected when the dialog opened: the list is read again after the change.
  const [cases] = useState(selected);
  const [rows, setRows] = useState<Record<string, PayRow>>(() =>
    Object.fromEntries(selected.map((c) => [c.case_id, { text: dollarsFieldText(c.pay_amount) }])),
  );
  const bulk = useBulkUpdate();

  const rowOf = (c: ManagedCase): PayRow => rows[c.case_id] ?? { text: dollarsFieldText(c.pay_amount) };
  const submit = () => {
    const next: Record<string, PayRow> = {};
    const items: { case_id: string; pay_amount: number | null; version?: number }[] = [];
    for (const c of cases) {
      const row = rowOf(c);
      const parsed = parseDollarsInput(row.text);
      if ('error' in parsed) {
        next[c.case_id] = { text: row.text, error: parsed.error };
        continue;
      }
      next[c.case_id] = { text: row.text };
      if (parsed.value !== (c.pay_amount ?? null)) {
        items.push({
          case_id: c.case_id,
          pay_amount: parsed.value,
          ...(c.version !== undefined ? { version: c.version } : {}),
        });
      }
    }
    setRows(next);
    if (Object.values(next).some((r) => r.error) || items.length === 0) return;
    bulk.mutate(
      { action: 'pay_amount', items },
      {
        onSuccess: (results) =>
          setRows((prev) => {
            const out = { ...prev };
            for (const r of results) out[r.case_id] = { ...(out[r.case_id] ?? { text: '' }), result: r };
            return out;
          }),
      },
    );
  };
  const invalid = Object.values(rows).filter((r) => r.error).length;
  const close = () => onClose(bulk.isSuccess);
  const closeButton = useFocusOnSuccess(bulk.isSuccess);

  return (
    <BulkFrame title={`Pay amounts of ${casesNoun(cases.length)}`} onCancel={close} maxWidth={640}>
      <form noValidate onSubmit={submitWith(submit)}>
        <Flex direction="column" gap="small">
          <Text fontSize="small">
            Dollars with at most 2 decimals; an emptied field removes the amount. Only changed amounts are sent.
          </Text>
          <ul
            aria-label="Pay amounts"
            style={{ margin: 0, padding: 0, listStyle: 'none', maxHeight: '50vh', overflowY: 'auto' }}
          >
            {cases.map((c) => {
              const row = rowOf(c);
              const label = caseShortLabel(c);
              return (
                <li key={c.case_id} style={{ padding: '0.5rem 0', borderBottom: '1px solid #e5e7eb' }}>
                  <Flex gap="small" alignItems="flex-start" wrap="wrap">
                    <Flex direction="column" gap="0" flex="1 1 12rem" minWidth="0">
                      <Text fontWeight="bold" style={{ overflowWrap: 'anywhere' }}>
                        {label}
                      </Text>
                      <Text fontSize="small">Now: {formatDollars(c.pay_amount)}</Text>
                    </Flex>
                    <TextField
                      flex="1 1 9rem"
                      label={`New pay amount of case ${label}`}
                      labelHidden
                      inputMode="decimal"
                      autoComplete="off"
                      placeholder="0.00"
                      value={row.text}
                      isDisabled={bulk.isPending || row.result?.ok === true}
                      onChange={(e) => setRows((prev) => ({ ...prev, [c.case_id]: { text: e.target.value } }))}
                      hasError={Boolean(row.error)}
                      errorMessage={row.error}
                    />
                  </Flex>
                  {row.result && (
                    <Text fontSize="small" color={row.result.ok ? 'font.success' : 'font.error'}>
                      {row.result.ok ? 'Saved' : `Not saved: ${row.result.message ?? `Error ${row.result.status}`}`}
                    </Text>
                  )}
                </li>
              );
            })}
          </ul>
          {invalid > 0 && (
            <Alert variation="error" role="alert">
              {`${invalid} ${invalid === 1 ? 'amount needs' : 'amounts need'} fixing before anything is sent.`}
            </Alert>
          )}
          {bulk.isSuccess && <Summary verb="Saved" results={bulk.data} cases={cases} />}
          <RequestError error={bulk.error} />
          <Flex justifyContent="flex-end" gap="small" wrap="wrap">
            <Button type="button" onClick={close} ref={closeButton}>
              {bulk.isSuccess ? 'Close' : 'Cancel'}
            </Button>
            {!bulk.isSuccess && (
              <BusyButton type="submit" variation="primary" busy={bulk.isPending} busyText="Saving...">
                Save pay amounts
              </BusyButton>
            )}
          </Flex>
        </Flex>
      </form>
    </BulkFrame>
  );
}

/** The selection's toolbar: shown while rows are selected. */
export function BulkBar({
  count,
  onMove,
  onPay,
  onClear,
}: {
  count: number;
  onMove: () => void;
  onPay: () => void;
  onClear: () => void;
}) {
  const tooMany = count > MAX_BULK_ITEMS;
  return (
    <Flex
      role="region"
      aria-label="Selected cases"
      alignItems="center"
      gap="small"
      wrap="wrap"
      padding="xs small"
      backgroundColor="background.secondary"
      borderRadius="small"
    >
      <Text fontWeight="bold" role="status">
        {count} {count === 1 ? 'case' : 'cases'} selected
      </Text>
      <Button size="small" onClick={onMove} isDisabled={tooMany}>
        Move status
      </Button>
      <Button size="small" onClick={onPay} isDisabled={tooMany}>
        Enter pay amounts
      </Button>
      <Button size="small" variation="link" onClick={onClear}>
        Clear selection
      </Button>
      {tooMany && (
        <Text fontSize="small" color="font.error">
          {BULK_TEXT.tooMany}
        </Text>
      )}
    </Flex>
  );
}
