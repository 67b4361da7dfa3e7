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
  Flex,
  Heading,
  Loader,
  Radio,
  RadioGroupField,
  Text,
  TextField,
  View,
} from '@aws-amplify/ui-react';
import { useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { formatAddress, formatState, titleCaseName } from '../../../shared/display';
import { UI_MESSAGES } from '../../../shared/messages';
import { SURGEON_MESSAGES, type Surgeon } from '../../../shared/schemas/surgeon';
import { useAuth } from '../auth/AuthProvider';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { caseFormReturnPath } from '../cases/caseDraft';
import { useCurrentUser } from '../lib/useCurrentUser';
import { apiErrorOutcome } from '../lib/apiErrors';
import { npiText, surgeonName } from '../directory/format';
import { ManualEntry, RegistryResultContent, RegistrySearchCard, SaveBar } from '../directory/RegistryForm';
import type { ResultOption } from '../directory/ResultsListbox';
import { SelectedSummary } from '../directory/SelectedSummary';
import { useRegistrySearch, useReturnAfterSave } from '../directory/useRegistrySearch';
import { useTimers } from '../directory/useTimers';
import { manualSurgeonInput, surgeonInputFromItem, surgeonInputFromResult, type SurgeonInput } from './api';
import { useEverySurgeon, useSaveSurgeon, useSurgeonSearch } from './queries';
import { SURGEON_SAVE_ERRORS, SURGEON_SAVE_ERROR_DELAYS_MS, type SurgeonSaveErrorOutcome } from './saveError';
import { nameFieldsSearch, splitSearchText, type SurgeonSearchQuery } from './search';

const LIST_PATH = '/surgeon-management';

interface Selection {
  /** Which option (NPI, 'manual' or 'current') is chosen. */
  key: string;
  input: SurgeonInput;
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

/** One name input (two-field search, manual entry): half a row wide, no autofill. */
function NameField({
  label,
  value,
  onChange,
  onKeyDown,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onKeyDown?: (e: KeyboardEvent<HTMLInputElement>) => void;
}) {
  return (
    <View flex="1 1 10rem">
      <TextField
        label={label}
        value={value}
        autoComplete="off"
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={onKeyDown}
      />
    </View>
  );
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
  const { backTo, afterSave } = useReturnAfterSave(LIST_PATH, returnTo, 'primary_surgeon', schedule);
  const { listRef, textRef, areaProps, debounce, cancelDebounce, listAllowed, closeList, reopenList, arrowIntoList } =
    useRegistrySearch();

  const [mode, setMode] = useState<'full' | 'fields'>('full');
  const [text, setText] = useState('');
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [fullQuery, setFullQuery] = useState<SurgeonSearchQuery | null>(null);
  const [fieldsQuery, setFieldsQuery] = useState<SurgeonSearchQuery | null>(null);
  const [searchNotice, setSearchNotice] = useState<string | null>(null);

  const [selection, setSelection] = useState<Selection | null>(
    existing ? { key: 'current', input: surgeonInputFromItem(existing) } : null,
  );
  const [manualOpen, setManualOpen] = useState(false);
  const [manualFirst, setManualFirst] = useState('');
  const [manualLast, setManualLast] = useState('');
  const [manualError, setManualError] = useState<string | null>(null);

  const [formError, setFormError] = useState<string | null>(null);
  const [failure, setFailure] = useState<SurgeonSaveErrorOutcome | null>(null);
  /** Set from a save until it settles (double-click guard). */
  const inFlight = useRef(false);
  const [retryOpen, setRetryOpen] = useState(false);
  const lastInput = useRef<SurgeonInput | null>(null);

  const query = mode === 'full' ? fullQuery : fieldsQuery;
  const queryKey = query ? `${query.first_name}|${query.last_name}` : null;
  const search = useSurgeonSearch(query);
  const results = query && !search.isError ? (search.data ?? []) : [];
  const showList = listAllowed(queryKey) && results.length > 0;
  const noResults = query !== null && search.isSuccess && !search.isPlaceholderData && results.length === 0;

  const onTextChange = (value: string) => {
    setText(value);
    setSearchNotice(null);
    debounce(() => setFullQuery(splitSearchText(value)));
  };

  const runSearch = (e: FormEvent) => {
    e.preventDefault();
    setSearchNotice(null);
    reopenList();
    if (mode === 'full') {
      cancelDebounce();
      const q = splitSearchText(text);
      setFullQuery(q);
      if (!q) setSearchNotice('Please enter at least 2 characters to search');
    } else {
      const { query: q } = nameFieldsSearch(firstName, lastName);
      if (!q) setSearchNotice(SURGEON_MESSAGES.searchBothNames);
      else setFieldsQuery(q);
    }
  };

  const toList = arrowIntoList(showList);

  const choose = (next: Selection) => {
    setSelection(next);
    setFormError(null);
    setFailure(null);
  };

  const pickResult = (option: ResultOption) => {
    const r = results.find((x, i) => (x.npi || `row-${i}`) === option.key);
    if (!r) return;
    choose({ key: option.key, input: surgeonInputFromResult(r) });
    closeList(queryKey);
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
    // A second click before React re-renders the busy button must not save a second surgeon.
    if (inFlight.current) return;
    inFlight.current = true;
    clear();
    setFailure(null);
    setRetryOpen(false);
    lastInput.current = input;
    save.mutate(input, {
      onSettled: () => {
        inFlight.current = false;
      },
      onSuccess: afterSave,
      onError: (err) => {
        const outcome = apiErrorOutcome('surgeonSave', err);
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
    content: <RegistryResultContent name={surgeonName(r)} r={r} />,
  }));

  return (
    <Flex direction="column" gap="medium">
      <RegistrySearchCard
        heading="Find a surgeon"
        onSubmit={runSearch}
        areaProps={areaProps}
        notice={searchNotice}
        searching={search.isFetching && !!query}
        error={search.isError && query ? search.error.message : null}
        noResults={noResults ? 'No surgeons found. Check the spelling, or add a manual entry.' : null}
        list={
          showList
            ? {
                label: 'Surgeon search results',
                listRef,
                options,
                selectedKey: selection?.key,
                onPick: pickResult,
                onEscape: () => closeList(queryKey),
              }
            : null
        }
      >
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
            <NameField
              label="Surgeon first name"
              value={firstName}
              onChange={(value) => {
                setFirstName(value);
                setSearchNotice(null);
              }}
              onKeyDown={toList}
            />
            <NameField
              label="Surgeon last name"
              value={lastName}
              onChange={(value) => {
                setLastName(value);
                setSearchNotice(null);
              }}
              onKeyDown={toList}
            />
            <Button type="submit" isDisabled={!nameFields.buttonEnabled} style={{ minHeight: 44 }}>
              Search
            </Button>
          </Flex>
        )}
      </RegistrySearchCard>

      <ManualEntry
        open={manualOpen}
        onToggle={openManual}
        onSubmit={applyManual}
        intro="For a surgeon who is not in the NPI registry: the name only, without NPI or address."
        error={manualError}
      >
        <Flex gap="small" wrap="wrap">
          <NameField label="Manual entry first name" value={manualFirst} onChange={setManualFirst} />
          <NameField label="Manual entry last name" value={manualLast} onChange={setManualLast} />
        </Flex>
      </ManualEntry>

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

      <SaveBar
        saveLabel="Save Surgeon"
        formError={formError}
        saveError={failure && failure.action !== 'confirmRetry' ? failure.message : null}
        saved={save.isSuccess}
        successMessage={isEdit ? SURGEON_MESSAGES.updated : SURGEON_MESSAGES.added}
        pending={save.isPending}
        onSave={onSave}
        onCancel={backTo}
      />
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
  const list = useEverySurgeon(isEdit ? user?.sub : undefined);
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
