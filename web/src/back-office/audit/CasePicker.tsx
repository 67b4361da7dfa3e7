/**
 * The audit screen's case filter: type a case number, patient name or payer, pick the case from the
 * suggestions (GET /case?search=, the back office's case search, debounced), and the trail is
 * filtered by that case; the picked case shows by its number with a button that clears it.
 */
import { Text } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { useDebounce } from 'use-debounce';
import { Combobox, ComboboxChoice, useSwapFocus } from '../../components/Combobox';
import { formatCaseDate, patientName } from '../../cases/format';
import { useCaseSuggestions } from './queries';

/** Milliseconds between the last key typed and the case search. */
export const CASE_SEARCH_DEBOUNCE_MS = 250;
/** Suggestions shown at most. */
export const CASE_SUGGESTIONS = 10;

export interface PickedCase {
  case_id: string;
  /** What the filter shows: the case number, else the id. */
  label: string;
}

export function CasePicker({
  selected,
  onSelect,
}: {
  selected: PickedCase | null;
  onSelect: (c: PickedCase | null) => void;
}) {
  const [text, setText] = useState('');
  const [term] = useDebounce(text.trim(), CASE_SEARCH_DEBOUNCE_MS);
  const found = useCaseSuggestions(term);
  const cases = (term !== '' && found.data?.cases.slice(0, CASE_SUGGESTIONS)) || [];
  const { swap, focusRef } = useSwapFocus();

  if (selected) {
    return (
      <ComboboxChoice
        label="Case"
        value={selected.label}
        clearText="All cases"
        onClear={() => {
          swap();
          onSelect(null);
        }}
        buttonRef={focusRef}
      />
    );
  }
  return (
    <div>
      <Combobox
        label="Case"
        placeholder="Case number, patient or payer"
        value={text}
        onChange={setText}
        inputRef={focusRef}
        options={cases.map((c) => ({
          value: c.case_id,
          label: [c.case_number || c.case_id, patientName(c.patient_first, c.patient_last), formatCaseDate(c.case_date)]
            .filter(Boolean)
            .join(' · '),
        }))}
        onPick={(o) => {
          const c = cases.find((k) => k.case_id === o.value);
          if (c) {
            swap();
            onSelect({ case_id: c.case_id, label: c.case_number || c.case_id });
          }
          setText('');
        }}
        loading={term !== '' && found.isFetching}
        loadingText="Searching cases..."
        emptyText={term !== '' && found.isSuccess && !found.isFetching ? 'No cases found' : undefined}
      />
      {found.isError && term !== '' && (
        <Text fontSize="small" color="font.error" padding="xs" role="alert">
          {found.error.message}
        </Text>
      )}
    </div>
  );
}
