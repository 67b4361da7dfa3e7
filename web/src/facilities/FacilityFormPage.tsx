/**
 * Add Facility (/facility/new), spec provider-side sections 2, 5, 8 and 9; issue 6, section 2.
 *
 * - Search in the NPI registry (GET /facility/search): 'Search facilities' (searched 300 ms after
 *   typing stops, or at once with Enter / Search; below 2 characters 'Please enter a facility name
 *   with at least 2 characters').
 * - Results: a listbox 'Facility search results' of at most 10 options, followed by the typed name as
 *   a temporary, unvalidated manual-entry option in orange (the list closes 150 ms after focus leaves
 *   the search area). Picking shows the 'Selected facility'
 *   summary (name, NPI, address, city, state, zip).
 * - 'Add Manual Entry' opens 'Facility name' and 'Use Manual Entry' (empty: 'Please provide a
 *   facility name'); a manual entry is saved with facility_npi 0 and manual_entry true.
 * - 'Save Facility': without a selection 'Please search and select a facility, or create a manual
 *   entry'; failure: the message or 'Failed to save facility. Please try again.'; success 'Facility
 *   added successfully!' and, 1.5 s later, back to /facility-management, or to the case form the user
 *   came from (router state `returnTo`, web/src/cases/caseDraft.ts) with the new facility chosen.
 */
import { Button, Flex, Heading, Text, TextField, View, VisuallyHidden } from '@aws-amplify/ui-react';
import { useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'react-router-dom';
import { formatAddress, formatFacilityName, formatState, titleCaseName } from '../../../shared/display';
import { FACILITY_MESSAGES } from '../../../shared/schemas/surgeon';
import { caseFormReturnPath } from '../cases/caseDraft';
import { useCurrentUser } from '../lib/useCurrentUser';
import { apiErrorMessage } from '../lib/apiErrors';
import { npiText } from '../directory/format';
import { ManualEntry, RegistryResultContent, RegistrySearchCard, SaveBar } from '../directory/RegistryForm';
import type { ResultOption } from '../directory/ResultsListbox';
import { SelectedSummary } from '../directory/SelectedSummary';
import { useRegistrySearch, useReturnAfterSave } from '../directory/useRegistrySearch';
import { useTimers } from '../directory/useTimers';
import { facilityInputFromResult, facilitySearchTerm, manualFacilityInput, type FacilityInput } from './api';
import { useCreateFacility, useFacilitySearch } from './queries';

/** Success text (the spec gives none for facilities; worded as the surgeon one). */
export const FACILITY_ADDED = 'Facility added successfully!';

const LIST_PATH = '/facility-management';
const MANUAL_KEY = 'manual-entry';

interface Selection {
  key: string;
  input: FacilityInput;
}

function summaryFields(input: FacilityInput) {
  return [
    { label: 'Name', value: formatFacilityName(input.facility_name) },
    { label: 'NPI', value: npiText(input.facility_npi) },
    { label: 'Address', value: formatAddress(input.facility_addr) },
    { label: 'City', value: titleCaseName(input.facility_city) },
    { label: 'State', value: formatState(input.facility_state) },
    { label: 'ZIP', value: input.facility_zip },
  ];
}

export default function FacilityFormPage() {
  const location = useLocation();
  const returnTo = caseFormReturnPath(location.state);
  const { user } = useCurrentUser();
  const { schedule } = useTimers();
  const save = useCreateFacility(user?.sub);
  const { backTo, afterSave } = useReturnAfterSave(LIST_PATH, returnTo, 'facility', schedule);
  const { listRef, textRef, areaProps, debounce, cancelDebounce, listAllowed, closeList, reopenList, arrowIntoList } =
    useRegistrySearch();

  const [text, setText] = useState('');
  const [term, setTerm] = useState<string | null>(null);
  const [searchNotice, setSearchNotice] = useState<string | null>(null);

  const [selection, setSelection] = useState<Selection | null>(null);
  const [manualOpen, setManualOpen] = useState(false);
  const [manualName, setManualName] = useState('');
  const [manualError, setManualError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  const search = useFacilitySearch(term);
  const results = term && !search.isError ? (search.data ?? []) : [];
  const searched = term !== null && !search.isFetching;
  const showList = listAllowed(term) && (results.length > 0 || searched);
  const noResults = term !== null && search.isSuccess && !search.isPlaceholderData && results.length === 0;

  const onTextChange = (value: string) => {
    setText(value);
    setSearchNotice(null);
    debounce(() => setTerm(facilitySearchTerm(value)));
  };

  const runSearch = (e: FormEvent) => {
    e.preventDefault();
    cancelDebounce();
    reopenList();
    const next = facilitySearchTerm(text);
    setTerm(next);
    setSearchNotice(next ? null : FACILITY_MESSAGES.nameMin);
  };

  const choose = (next: Selection) => {
    setSelection(next);
    setFormError(null);
  };

  const options: ResultOption[] = results.map((r, i) => ({
    key: r.npi || `row-${i}`,
    content: <RegistryResultContent name={formatFacilityName(r.facility_name)} r={r} />,
  }));
  if (term) {
    options.push({
      key: MANUAL_KEY,
      tone: 'warning',
      content: (
        <Flex direction="column" gap="0">
          <Text as="span" fontWeight="bold" color="inherit">
            {term}
            <VisuallyHidden>,</VisuallyHidden>
          </Text>
          <Text as="span" fontSize="small" color="inherit">
            Manual entry (temporary, not validated)
          </Text>
        </Flex>
      ),
    });
  }

  const pick = (option: ResultOption) => {
    if (option.key === MANUAL_KEY && term) {
      choose({ key: MANUAL_KEY, input: manualFacilityInput(term) });
    } else {
      const r = results.find((x, i) => (x.npi || `row-${i}`) === option.key);
      if (!r) return;
      choose({ key: option.key, input: facilityInputFromResult(r) });
    }
    closeList(term);
  };

  const openManual = () => {
    if (!manualOpen) {
      setManualName(text.trim());
      setManualError(null);
    }
    setManualOpen(!manualOpen);
  };

  const applyManual = (e: FormEvent) => {
    e.preventDefault();
    if (!manualName.trim()) {
      setManualError(FACILITY_MESSAGES.manualNoName);
      return;
    }
    setManualError(null);
    choose({ key: MANUAL_KEY, input: manualFacilityInput(manualName) });
    setManualOpen(false);
  };

  /** Set from a save until it settles (double-click guard). */
  const inFlight = useRef(false);
  const onSave = () => {
    if (!selection) {
      setFormError(FACILITY_MESSAGES.selectOrManual);
      return;
    }
    if (!selection.input.facility_name.trim()) {
      setFormError(FACILITY_MESSAGES.manualNoName);
      return;
    }
    // A second click before React re-renders the busy button must not save a second facility.
    if (inFlight.current) return;
    inFlight.current = true;
    save.mutate(selection.input, {
      onSuccess: afterSave,
      onSettled: () => {
        inFlight.current = false;
      },
    });
  };

  return (
    <Flex direction="column" gap="medium">
      <Heading level={1}>Add Facility</Heading>
      {returnTo && <Text fontSize="small">After saving, you return to your case with this facility selected.</Text>}
      <RegistrySearchCard
        heading="Find a facility"
        onSubmit={runSearch}
        areaProps={areaProps}
        notice={searchNotice}
        searching={search.isFetching && !!term}
        error={search.isError && term ? search.error.message : null}
        noResults={noResults ? 'No facilities found in the registry. You can add it as a manual entry.' : null}
        list={
          showList
            ? {
                label: 'Facility search results',
                listRef,
                options,
                selectedKey: selection?.key,
                onPick: pick,
                onEscape: () => closeList(term),
              }
            : null
        }
      >
        <Flex alignItems="flex-end" gap="small" wrap="wrap">
          <View flex="1 1 16rem">
            <TextField
              label="Search facilities"
              ref={textRef}
              value={text}
              placeholder="e.g. Austin Surgical Center"
              autoComplete="off"
              descriptiveText="Type the facility's name (at least 2 characters)."
              onChange={(e) => onTextChange(e.target.value)}
              onKeyDown={arrowIntoList(showList)}
            />
          </View>
          <Button type="submit" style={{ minHeight: 44 }}>
            Search
          </Button>
        </Flex>
      </RegistrySearchCard>

      <ManualEntry
        open={manualOpen}
        onToggle={openManual}
        onSubmit={applyManual}
        intro="For a facility that is not in the NPI registry: the name only, without NPI or address."
        error={manualError}
      >
        <TextField
          label="Facility name"
          value={manualName}
          autoComplete="off"
          onChange={(e) => setManualName(e.target.value)}
        />
      </ManualEntry>

      <div aria-live="polite">
        {selection && (
          <SelectedSummary
            title="Selected facility"
            fields={summaryFields(selection.input)}
            manual={selection.input.manual_entry}
            clearLabel="Clear selection"
            onClear={() => setSelection(null)}
          />
        )}
      </div>

      <SaveBar
        saveLabel="Save Facility"
        formError={formError}
        saveError={save.isError ? apiErrorMessage('facilitySave', save.error) : null}
        saved={save.isSuccess}
        successMessage={FACILITY_ADDED}
        pending={save.isPending}
        onSave={onSave}
        onCancel={backTo}
      />
    </Flex>
  );
}
