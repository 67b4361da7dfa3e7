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
import {
  Alert,
  Button,
  Card,
  Flex,
  Heading,
  Loader,
  Text,
  TextField,
  View,
  VisuallyHidden,
} from '@aws-amplify/ui-react';
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { TIMING_MS } from '../../../shared/constants';
import { formatAddress, formatFacilityName, formatState, titleCaseName } from '../../../shared/display';
import type { FacilitySearchResult } from '../../../shared/schemas/search-responses';
import { FACILITY_MESSAGES } from '../../../shared/schemas/surgeon';
import { RESTORE_CASE_DRAFT_STATE, caseFormReturnPath, chooseInCaseDraft } from '../cases/caseDraft';
import { useCurrentUser } from '../cases/useCurrentUser';
import { npiText } from '../directory/format';
import { ResultsListbox, type ResultOption } from '../directory/ResultsListbox';
import { SelectedSummary } from '../directory/SelectedSummary';
import { useFocusWithin } from '../directory/useFocusWithin';
import { useTimers } from '../directory/useTimers';
import {
  facilityInputFromResult,
  facilitySaveErrorMessage,
  facilitySearchTerm,
  manualFacilityInput,
  type FacilityInput,
} from './api';
import { useCreateFacility, useFacilitySearch } from './queries';

/** Wait after the last keystroke before the search runs, in ms. */
export const FACILITY_SEARCH_DEBOUNCE_MS = 300;
/** Success text (the spec gives none for facilities; worded as the surgeon one). */
export const FACILITY_ADDED = 'Facility added successfully!';

const LIST_PATH = '/facility-management';
const MANUAL_KEY = 'manual-entry';

interface Selection {
  key: string;
  input: FacilityInput;
}

function ResultContent({ r }: { r: FacilitySearchResult }) {
  const place = [
    formatAddress(r.address),
    titleCaseName(r.city),
    [formatState(r.state), r.zip].filter(Boolean).join(' '),
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <Flex direction="column" gap="0">
      <Text as="span" fontWeight="bold">
        {formatFacilityName(r.facility_name)}
        <VisuallyHidden>,</VisuallyHidden>
      </Text>
      <Text as="span" fontSize="small">
        NPI {r.npi || 'N/A'}
        {place && (
          <>
            <VisuallyHidden>,</VisuallyHidden> · {place}
          </>
        )}
      </Text>
    </Flex>
  );
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
  const navigate = useNavigate();
  const location = useLocation();
  const returnTo = caseFormReturnPath(location.state);
  const { user } = useCurrentUser();
  const { schedule } = useTimers();
  const save = useCreateFacility(user?.sub);

  const [text, setText] = useState('');
  const [term, setTerm] = useState<string | null>(null);
  const [searchNotice, setSearchNotice] = useState<string | null>(null);
  const [hiddenFor, setHiddenFor] = useState<string | null>(null);
  const debounceTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(debounceTimer.current), []);
  const listRef = useRef<HTMLUListElement>(null);
  const textRef = useRef<HTMLInputElement>(null);

  const [selection, setSelection] = useState<Selection | null>(null);
  const [manualOpen, setManualOpen] = useState(false);
  const [manualName, setManualName] = useState('');
  const [manualError, setManualError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  const search = useFacilitySearch(term);
  const results = term && !search.isError ? (search.data ?? []) : [];
  const searched = term !== null && !search.isFetching;
  const { focusLeft, areaProps } = useFocusWithin();
  const showList = term !== null && hiddenFor !== term && !focusLeft && (results.length > 0 || searched);
  const noResults = term !== null && search.isSuccess && !search.isPlaceholderData && results.length === 0;

  const backTo = () => (returnTo ? navigate(returnTo, { state: RESTORE_CASE_DRAFT_STATE }) : navigate(LIST_PATH));

  const onTextChange = (value: string) => {
    setText(value);
    setSearchNotice(null);
    clearTimeout(debounceTimer.current);
    debounceTimer.current = setTimeout(() => setTerm(facilitySearchTerm(value)), FACILITY_SEARCH_DEBOUNCE_MS);
  };

  const runSearch = (e: FormEvent) => {
    e.preventDefault();
    clearTimeout(debounceTimer.current);
    setHiddenFor(null);
    const next = facilitySearchTerm(text);
    setTerm(next);
    setSearchNotice(next ? null : FACILITY_MESSAGES.nameMin);
  };

  const toList = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' && showList) {
      e.preventDefault();
      listRef.current?.focus();
    }
  };

  const choose = (next: Selection) => {
    setSelection(next);
    setFormError(null);
  };

  const options: ResultOption[] = results.map((r, i) => ({
    key: r.npi || `row-${i}`,
    content: <ResultContent r={r} />,
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
    setHiddenFor(term);
    textRef.current?.focus();
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

  const onSave = () => {
    if (!selection) {
      setFormError(FACILITY_MESSAGES.selectOrManual);
      return;
    }
    if (!selection.input.facility_name.trim()) {
      setFormError(FACILITY_MESSAGES.manualNoName);
      return;
    }
    save.mutate(selection.input, {
      onSuccess: (id) => {
        if (returnTo) chooseInCaseDraft('facility', id);
        schedule(backTo, TIMING_MS.surgeonFacilitySaveRedirect);
      },
    });
  };

  const saved = save.isSuccess;

  return (
    <Flex direction="column" gap="medium">
      <Heading level={1}>Add Facility</Heading>
      {returnTo && <Text fontSize="small">After saving, you return to your case with this facility selected.</Text>}
      <Card variation="outlined">
        <form role="search" aria-label="Search the NPI registry" onSubmit={runSearch} noValidate {...areaProps}>
          <Flex direction="column" gap="small">
            <Heading level={2} fontSize="large">
              Find a facility
            </Heading>
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
                  onKeyDown={toList}
                />
              </View>
              <Button type="submit" style={{ minHeight: 44 }}>
                Search
              </Button>
            </Flex>
            {searchNotice && (
              <Alert variation="warning" role="alert">
                {searchNotice}
              </Alert>
            )}
            {search.isFetching && term && (
              <Flex alignItems="center" gap="xs" role="status">
                <Loader />
                <Text>Searching...</Text>
              </Flex>
            )}
            {search.isError && term && (
              <Alert variation="error" role="alert">
                {search.error.message}
              </Alert>
            )}
            {noResults && (
              <Text role="status">No facilities found in the registry. You can add it as a manual entry.</Text>
            )}
            {showList && (
              <ResultsListbox
                label="Facility search results"
                listRef={listRef}
                options={options}
                selectedKey={selection?.key}
                onPick={pick}
                onEscape={() => {
                  setHiddenFor(term);
                  textRef.current?.focus();
                }}
              />
            )}
          </Flex>
        </form>
      </Card>

      <Flex direction="column" gap="small">
        <View>
          <Button onClick={openManual} aria-expanded={manualOpen} style={{ minHeight: 44 }}>
            Add Manual Entry
          </Button>
        </View>
        {manualOpen && (
          <Card variation="outlined">
            <form aria-label="Manual entry" onSubmit={applyManual} noValidate>
              <Flex direction="column" gap="small">
                <Text fontSize="small">
                  For a facility that is not in the NPI registry: the name only, without NPI or address.
                </Text>
                <TextField
                  label="Facility name"
                  value={manualName}
                  autoComplete="off"
                  onChange={(e) => setManualName(e.target.value)}
                />
                {manualError && (
                  <Alert variation="error" role="alert">
                    {manualError}
                  </Alert>
                )}
                <View>
                  <Button type="submit" style={{ minHeight: 44 }}>
                    Use Manual Entry
                  </Button>
                </View>
              </Flex>
            </form>
          </Card>
        )}
      </Flex>

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

      {formError && (
        <Alert variation="error" role="alert">
          {formError}
        </Alert>
      )}
      {save.isError && (
        <Alert variation="error" role="alert">
          {facilitySaveErrorMessage(save.error)}
        </Alert>
      )}
      {saved && (
        <Alert variation="success" role="status">
          {FACILITY_ADDED}
        </Alert>
      )}
      <Flex gap="small" wrap="wrap">
        <Button
          variation="primary"
          onClick={onSave}
          isLoading={save.isPending}
          loadingText="Saving..."
          isDisabled={saved}
          style={{ minHeight: 44 }}
        >
          Save Facility
        </Button>
        <Button onClick={backTo} isDisabled={save.isPending} style={{ minHeight: 44 }}>
          Cancel
        </Button>
      </Flex>
    </Flex>
  );
}
