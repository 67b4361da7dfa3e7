/**
 * Add Surgeon (/surgeon/new) and Edit Surgeon (/surgeon/:surgeonId/edit), spec provider-side
 * sections 2, 5, 8 and 9; issue 6, section 1.
 *
 * - Search in the NPI registry (GET /surgeon/search), two modes ("Search by"): one text ('Search
 *   surgeons', searched 300 ms after typing stops, or at once with Enter / the Search button; split
 *   by `splitSearchText`, 2 characters minimum) or two fields ('Surgeon first name', 'Surgeon last
 *   name': the Search button from 2 characters in total; both fields need 1, else 'Please enter both
 *   first name and last name').
 * - Results: a listbox 'Surgeon search results' of at most 10 options (ArrowDown from a search input
 *   moves into it; it closes 150 ms after focus leaves the search area). Picking one shows the
 *   'Selected surgeon' summary.
 * - 'Add Manual Entry' opens first and last name fields ('Manual entry first name', 'Manual entry last
 *   name') and 'Use Manual Entry' (both names needed: 'Please enter both first and last name (e.g.,
 *   "John Smith")'); a manual entry is saved with everything else blank, surgeon_npi 0, manual_entry true.
 * - 'Save Surgeon': without a selection 'Please search and select a surgeon, or create a manual
 *   entry'; on success 'Surgeon added successfully!' / 'Surgeon updated successfully!' and, 1.5 s
 *   later, back to /surgeon-management, or to the case form the user came from (router state
 *   `returnTo`, see web/src/cases/caseDraft.ts) with the new surgeon chosen. Errors: `surgeonSaveErrorOutcome`.
 */
import {
  Alert,
  Button,
  Card,
  Flex,
  Heading,
  Loader,
  Radio,
  RadioGroupField,
  Text,
  TextField,
  View,
  VisuallyHidden,
} from '@aws-amplify/ui-react';
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { TIMING_MS } from '../../../shared/constants';
import { formatAddress, formatState, titleCaseName } from '../../../shared/display';
import { UI_MESSAGES } from '../../../shared/messages';
import type { SurgeonSearchResult } from '../../../shared/schemas/search-responses';
import { SURGEON_MESSAGES, type Surgeon } from '../../../shared/schemas/surgeon';
import { useAuth } from '../auth/AuthProvider';
import { ConfirmDialog } from '../cases/ConfirmDialog';
import { RESTORE_CASE_DRAFT_STATE, caseFormReturnPath, chooseInCaseDraft } from '../cases/caseDraft';
import { useCurrentUser } from '../cases/useCurrentUser';
import { npiText, surgeonName } from '../directory/format';
import { ResultsListbox, type ResultOption } from '../directory/ResultsListbox';
import { SelectedSummary } from '../directory/SelectedSummary';
import { useFocusWithin } from '../directory/useFocusWithin';
import { useTimers } from '../directory/useTimers';
import { manualSurgeonInput, surgeonInputFromItem, surgeonInputFromResult, type SurgeonInput } from './api';
import { useSaveSurgeon, useSurgeonList, useSurgeonSearch } from './queries';
import {
  SURGEON_SAVE_ERRORS,
  SURGEON_SAVE_ERROR_DELAYS_MS,
  surgeonSaveErrorOutcome,
  type SurgeonSaveErrorOutcome,
} from './saveError';
import { nameFieldsSearch, splitSearchText, type SurgeonSearchQuery } from './search';

/** Wait after the last keystroke before the one-text search runs, in ms. */
export const SEARCH_DEBOUNCE_MS = 300;

const LIST_PATH = '/surgeon-management';

interface Selection {
  /** Which option (NPI, 'manual' or 'current') is chosen. */
  key: string;
  input: SurgeonInput;
}

/** The option text of one result: 'Dr. John Smith, NPI 1234567890, 1 Main ST, Austin, TX 78701'. */
function ResultContent({ r }: { r: SurgeonSearchResult }) {
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
        {surgeonName(r)}
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

function summaryFields(input: SurgeonInput) {
  return [
    { label: 'First name', value: titleCaseName(input.first_name) },
    { label: 'Last name', value: titleCaseName(input.last_name) },
    { label: 'NPI', value: npiText(input.surgeon_npi) },
    { label: 'Address', value: formatAddress(input.surgeon_addr) },
    { label: 'City', value: titleCaseName(input.surgeon_city) },
    { label: 'State', value: formatState(input.surgeon_state) },
    { label: 'ZIP', value: input.surgeon_zip },
  ];
}

interface SurgeonFormProps {
  userId: string | undefined;
  /** The stored surgeon being edited (edit screen only). */
  existing?: Surgeon;
  returnTo?: string;
}

function SurgeonForm({ userId, existing, returnTo }: SurgeonFormProps) {
  const isEdit = existing !== undefined;
  const navigate = useNavigate();
  const { signOut } = useAuth();
  const { schedule, clear } = useTimers();
  const save = useSaveSurgeon(userId, existing?.surgeon_id);

  const [mode, setMode] = useState<'full' | 'fields'>('full');
  const [text, setText] = useState('');
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [fullQuery, setFullQuery] = useState<SurgeonSearchQuery | null>(null);
  const [fieldsQuery, setFieldsQuery] = useState<SurgeonSearchQuery | null>(null);
  const [searchNotice, setSearchNotice] = useState<string | null>(null);
  const [hiddenFor, setHiddenFor] = useState<string | null>(null);
  const debounceTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const listRef = useRef<HTMLUListElement>(null);
  const textRef = useRef<HTMLInputElement>(null);
  useEffect(() => () => clearTimeout(debounceTimer.current), []);

  const [selection, setSelection] = useState<Selection | null>(
    existing ? { key: 'current', input: surgeonInputFromItem(existing) } : null,
  );
  const [manualOpen, setManualOpen] = useState(false);
  const [manualFirst, setManualFirst] = useState('');
  const [manualLast, setManualLast] = useState('');
  const [manualError, setManualError] = useState<string | null>(null);

  const [formError, setFormError] = useState<string | null>(null);
  const [failure, setFailure] = useState<SurgeonSaveErrorOutcome | null>(null);
  const [retryOpen, setRetryOpen] = useState(false);
  const lastInput = useRef<SurgeonInput | null>(null);

  const query = mode === 'full' ? fullQuery : fieldsQuery;
  const queryKey = query ? `${query.first_name}|${query.last_name}` : null;
  const search = useSurgeonSearch(query);
  const results = query && !search.isError ? (search.data ?? []) : [];
  const { focusLeft, areaProps } = useFocusWithin();
  const showList = queryKey !== null && hiddenFor !== queryKey && !focusLeft && results.length > 0;
  const noResults = query !== null && search.isSuccess && !search.isPlaceholderData && results.length === 0;

  const backTo = () => (returnTo ? navigate(returnTo, { state: RESTORE_CASE_DRAFT_STATE }) : navigate(LIST_PATH));

  const onTextChange = (value: string) => {
    setText(value);
    setSearchNotice(null);
    clearTimeout(debounceTimer.current);
    debounceTimer.current = setTimeout(() => setFullQuery(splitSearchText(value)), SEARCH_DEBOUNCE_MS);
  };

  const runSearch = (e: FormEvent) => {
    e.preventDefault();
    setSearchNotice(null);
    setHiddenFor(null);
    if (mode === 'full') {
      clearTimeout(debounceTimer.current);
      const q = splitSearchText(text);
      setFullQuery(q);
      if (!q) setSearchNotice('Please enter at least 2 characters to search');
    } else {
      const { query: q } = nameFieldsSearch(firstName, lastName);
      if (!q) setSearchNotice(SURGEON_MESSAGES.searchBothNames);
      else setFieldsQuery(q);
    }
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
    setFailure(null);
  };

  const pickResult = (option: ResultOption) => {
    const r = results.find((x, i) => (x.npi || `row-${i}`) === option.key);
    if (!r) return;
    choose({ key: option.key, input: surgeonInputFromResult(r) });
    setHiddenFor(queryKey);
    textRef.current?.focus();
  };

  const openManual = () => {
    if (!manualOpen) {
      const fromText = mode === 'full' ? text.trim().split(/\s+/).filter(Boolean) : [firstName.trim(), lastName.trim()];
      const [first = '', ...rest] = fromText;
      setManualFirst(first);
      setManualLast(rest.join(' '));
      setManualError(null);
    }
    setManualOpen(!manualOpen);
  };

  const applyManual = (e: FormEvent) => {
    e.preventDefault();
    if (!manualFirst.trim() || !manualLast.trim()) {
      setManualError(SURGEON_MESSAGES.manualBothNames);
      return;
    }
    setManualError(null);
    choose({ key: 'manual', input: manualSurgeonInput(manualFirst, manualLast) });
    setManualOpen(false);
  };

  const doSave = (input: SurgeonInput) => {
    clear();
    setFailure(null);
    setRetryOpen(false);
    lastInput.current = input;
    save.mutate(input, {
      onSuccess: (id) => {
        if (returnTo) chooseInCaseDraft('primary_surgeon', id);
        schedule(backTo, TIMING_MS.surgeonFacilitySaveRedirect);
      },
      onError: (err) => {
        const outcome = surgeonSaveErrorOutcome(err);
        setFailure(outcome);
        if (outcome.action === 'signOutAndGoHome')
          schedule(() => {
            void signOut();
            navigate('/', { replace: true });
          }, SURGEON_SAVE_ERROR_DELAYS_MS.signOutRedirect);
        else if (outcome.action === 'goHome')
          schedule(() => navigate('/', { replace: true }), SURGEON_SAVE_ERROR_DELAYS_MS.signInRedirect);
        else if (outcome.action === 'confirmRetry')
          schedule(() => setRetryOpen(true), SURGEON_SAVE_ERROR_DELAYS_MS.retryConfirm);
      },
    });
  };

  const onSave = () => {
    if (!selection) {
      setFormError(SURGEON_MESSAGES.selectOrManual);
      return;
    }
    if (!selection.input.first_name.trim() || !selection.input.last_name.trim()) {
      setFormError(SURGEON_MESSAGES.manualNoName);
      return;
    }
    doSave(selection.input);
  };

  const nameFields = nameFieldsSearch(firstName, lastName);
  const options: ResultOption[] = results.map((r, i) => ({
    key: r.npi || `row-${i}`,
    content: <ResultContent r={r} />,
  }));
  const saved = save.isSuccess;

  return (
    <Flex direction="column" gap="medium">
      <Card variation="outlined">
        <form role="search" aria-label="Search the NPI registry" onSubmit={runSearch} noValidate {...areaProps}>
          <Flex direction="column" gap="small">
            <Heading level={2} fontSize="large">
              Find a surgeon
            </Heading>
            <RadioGroupField
              legend="Search by"
              name="surgeon-search-mode"
              direction="row"
              value={mode}
              onChange={(e) => {
                setMode(e.target.value === 'fields' ? 'fields' : 'full');
                setSearchNotice(null);
              }}
            >
              <Radio value="full">Full name</Radio>
              <Radio value="fields">First and last name</Radio>
            </RadioGroupField>
            {mode === 'full' ? (
              <Flex alignItems="flex-end" gap="small" wrap="wrap">
                <View flex="1 1 16rem">
                  <TextField
                    label="Search surgeons"
                    ref={textRef}
                    value={text}
                    placeholder="e.g. John Smith"
                    autoComplete="off"
                    descriptiveText="Type a surgeon's name (at least 2 characters)."
                    onChange={(e) => onTextChange(e.target.value)}
                    onKeyDown={toList}
                  />
                </View>
                <Button type="submit" style={{ minHeight: 44 }}>
                  Search
                </Button>
              </Flex>
            ) : (
              <Flex alignItems="flex-end" gap="small" wrap="wrap">
                <View flex="1 1 10rem">
                  <TextField
                    label="Surgeon first name"
                    value={firstName}
                    autoComplete="off"
                    onChange={(e) => {
                      setFirstName(e.target.value);
                      setSearchNotice(null);
                    }}
                    onKeyDown={toList}
                  />
                </View>
                <View flex="1 1 10rem">
                  <TextField
                    label="Surgeon last name"
                    value={lastName}
                    autoComplete="off"
                    onChange={(e) => {
                      setLastName(e.target.value);
                      setSearchNotice(null);
                    }}
                    onKeyDown={toList}
                  />
                </View>
                <Button type="submit" isDisabled={!nameFields.buttonEnabled} style={{ minHeight: 44 }}>
                  Search
                </Button>
              </Flex>
            )}
            {searchNotice && (
              <Alert variation="warning" role="alert">
                {searchNotice}
              </Alert>
            )}
            {search.isFetching && query && (
              <Flex alignItems="center" gap="xs" role="status">
                <Loader />
                <Text>Searching...</Text>
              </Flex>
            )}
            {search.isError && query && (
              <Alert variation="error" role="alert">
                {search.error.message}
              </Alert>
            )}
            {noResults && <Text role="status">No surgeons found. Check the spelling, or add a manual entry.</Text>}
            {showList && (
              <ResultsListbox
                label="Surgeon search results"
                listRef={listRef}
                options={options}
                selectedKey={selection?.key}
                onPick={pickResult}
                onEscape={() => {
                  setHiddenFor(queryKey);
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
                  For a surgeon who is not in the NPI registry: the name only, without NPI or address.
                </Text>
                <Flex gap="small" wrap="wrap">
                  <View flex="1 1 10rem">
                    <TextField
                      label="Manual entry first name"
                      value={manualFirst}
                      autoComplete="off"
                      onChange={(e) => setManualFirst(e.target.value)}
                    />
                  </View>
                  <View flex="1 1 10rem">
                    <TextField
                      label="Manual entry last name"
                      value={manualLast}
                      autoComplete="off"
                      onChange={(e) => setManualLast(e.target.value)}
                    />
                  </View>
                </Flex>
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
            title="Selected surgeon"
            fields={summaryFields(selection.input)}
            manual={selection.input.manual_entry}
            clearLabel={isEdit ? undefined : 'Clear selection'}
            onClear={() => setSelection(null)}
          />
        )}
      </div>

      {formError && (
        <Alert variation="error" role="alert">
          {formError}
        </Alert>
      )}
      {failure && failure.action !== 'confirmRetry' && (
        <Alert variation="error" role="alert">
          {failure.message}
        </Alert>
      )}
      {saved && (
        <Alert variation="success" role="status">
          {isEdit ? SURGEON_MESSAGES.updated : SURGEON_MESSAGES.added}
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
          Save Surgeon
        </Button>
        <Button onClick={backTo} isDisabled={save.isPending} style={{ minHeight: 44 }}>
          Cancel
        </Button>
      </Flex>
      <ConfirmDialog
        open={retryOpen}
        title="Server issue"
        message={SURGEON_SAVE_ERRORS.serverIssuesRetry}
        confirmLabel="Try Again"
        onCancel={() => setRetryOpen(false)}
        onConfirm={() => {
          setRetryOpen(false);
          if (lastInput.current) doSave(lastInput.current);
        }}
      />
    </Flex>
  );
}

export default function SurgeonFormPage() {
  const { surgeonId } = useParams();
  const isEdit = surgeonId !== undefined;
  const navigate = useNavigate();
  const location = useLocation();
  const returnTo = caseFormReturnPath(location.state);
  const { user, error: userError } = useCurrentUser();
  const list = useSurgeonList(isEdit ? user?.sub : undefined);
  const existing = isEdit ? list.data?.find((s) => s.surgeon_id === surgeonId || s.id === surgeonId) : undefined;

  let content;
  if (isEdit && (userError || list.isError)) {
    content = (
      <Alert variation="error" role="alert">
        {(userError ?? list.error)?.message}
      </Alert>
    );
  } else if (isEdit && list.isPending) {
    content = (
      <Flex alignItems="center" gap="small" padding="large" role="status">
        <Loader size="large" />
        <Text>{UI_MESSAGES.loading}</Text>
      </Flex>
    );
  } else if (isEdit && !existing) {
    content = (
      <Alert variation="error" role="alert" heading={SURGEON_MESSAGES.notFound}>
        <Button marginTop="small" onClick={() => navigate(LIST_PATH)}>
          Back to Surgeons
        </Button>
      </Alert>
    );
  } else {
    content = <SurgeonForm key={surgeonId ?? 'new'} userId={user?.sub} existing={existing} returnTo={returnTo} />;
  }

  return (
    <Flex direction="column" gap="medium">
      <Heading level={1}>{isEdit ? 'Edit Surgeon' : 'Add Surgeon'}</Heading>
      {returnTo && !isEdit && (
        <Text fontSize="small">After saving, you return to your case with this surgeon selected.</Text>
      )}
      {content}
    </Flex>
  );
}
