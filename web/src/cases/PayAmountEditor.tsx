/**
 * Pay Amount entry on Case Details for the back office: a dollars field (at
 * most 2 decimals; '$' and thousands commas accepted, ./caseAdmin.ts `parseDollarsInput`) and Save,
 * which sends PATCH /case `{ case_id, pay_amount }` (dollars; empty = remove the amount). Bad input
 * is refused before any call with a message under the field. Providers see the amount read-only
 * (the page decides; the server refuses them with 403 anyway).
 */
import { Alert, Flex, Text, TextField } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { CASE_ADMIN_MESSAGES, parseDollarsInput, useSetPayAmount } from './caseAdmin';
import { BusyButton } from '../components/BusyButton';

/** Dollars as the field shows them: '1234.50', '' when absent. */
export function dollarsFieldText(dollars: number | undefined): string {
  return dollars === undefined ? '' : dollars.toFixed(2);
}

export function PayAmountEditor({ caseId, payAmount }: { caseId: string; payAmount?: number }) {
  const [text, setText] = useState(dollarsFieldText(payAmount));
  const [error, setError] = useState<string | undefined>();
  const [saved, setSaved] = useState<string | null>(null);
  const mutation = useSetPayAmount();

  const save = () => {
    setSaved(null);
    const parsed = parseDollarsInput(text);
    if ('error' in parsed) {
      setError(parsed.error);
      return;
    }
    setError(undefined);
    mutation.mutate(
      { caseId, dollars: parsed.value },
      {
        onSuccess: (updated) => {
          setText(dollarsFieldText(updated.pay_amount));
          setSaved(parsed.value === null ? CASE_ADMIN_MESSAGES.payAmountCleared : CASE_ADMIN_MESSAGES.payAmountSaved);
        },
      },
    );
  };

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
    >
      <Flex alignItems="flex-end" gap="small" wrap="wrap">
        <TextField
          label="Pay Amount (USD)"
          labelHidden
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.00"
          innerStartComponent={
            <Text as="span" padding="0 0 0 0.5rem" aria-hidden="true">
              $
            </Text>
          }
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setSaved(null);
            if (error) setError(undefined);
          }}
          hasError={Boolean(error)}
          errorMessage={error}
          width="12rem"
        />
        <BusyButton type="submit" busy={mutation.isPending} busyText="Saving...">
          Save Pay Amount
        </BusyButton>
      </Flex>
      {saved && !mutation.isPending && (
        <Text fontSize="small" color="font.success" role="status" marginTop="xxs">
          {saved}
        </Text>
      )}
      {mutation.isError && (
        <Alert variation="error" role="alert" marginTop="xs">
          {mutation.error.message}
        </Alert>
      )}
    </form>
  );
}
