/**
 * Add Surgeon (/surgeon/new) and Edit Surgeon (/surgeon/:surgeonId/edit), spec provider-side
 * sections 2, 5, 8 and 9: the registry screen (web/src/directory/RegistryScreen.tsx) configured for
 * surgeons.
 *
 * - Search by full name ('Search surgeons', split by `splitSearchText`, 2 characters minimum) or by
 *   first and last name ('Surgeon first name', 'Surgeon last name': Search from 2 characters in
 *   total; both fields need 1, else 'Please enter both first name and last name').
 * - Manual entry: first and last name, saved with everything else blank, surgeon_npi 0,
 *   manual_entry true. Save errors: `surgeonSave` in web/src/lib/apiErrors.ts.
 */
import { Alert, Button, Flex, Heading, Loader, Text } from '@aws-amplify/ui-react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { formatAddress, formatState, titleCaseName } from '../../../shared/display';
import { UI_MESSAGES } from '../../../shared/messages';
import { SURGEON_MESSAGES, SurgeonManualEntrySchema } from '../../../shared/schemas/surgeon';
import type { SurgeonSearchResult } from '../../../shared/schemas/search-responses';
import { caseFormReturnPath } from '../cases/caseDraft';
import { apiErrorOutcome } from '../lib/apiErrors';
import { useCurrentUser } from '../lib/useCurrentUser';
import { npiText, surgeonName } from '../directory/format';
import { RegistryScreen, typedTextMode, type RegistryEntity } from '../directory/RegistryScreen';
import { manualSurgeonInput, surgeonInputFromItem, surgeonInputFromResult, type SurgeonInput } from './api';
import { useEverySurgeon, useSaveSurgeon, useSurgeonSearch } from './queries';
import { SURGEON_SAVE_ERRORS, SURGEON_SAVE_ERROR_DELAYS_MS } from './saveError';
import { nameFieldsSearch, splitSearchText, type SurgeonSearchQuery } from './search';

const LIST_PATH = '/surgeon-management';

const SURGEON_ENTITY: RegistryEntity<
  SurgeonSearchQuery,
  SurgeonSearchResult,
  SurgeonInput,
  { first_name: string; last_name: string }
> = {
  heading: 'Find a surgeon',
  modeGroup: 'surgeon-search-mode',
  modes: [
    typedTextMode(
      { value: 'full', label: 'Full name' },
      {
        label: 'Search surgeons',
        placeholder: 'e.g. John Smith',
        hint: "Type a surgeon's name (at least 2 characters).",
      },
      splitSearchText,
      'Please enter at least 2 characters to search',
    ),
    {
      value: 'fields',
      label: 'First and last name',
      fields: [
        { name: 'first', label: 'Surgeon first name' },
        { name: 'last', label: 'Surgeon last name' },
      ],
      submit: (v) => {
        const { query } = nameFieldsSearch(v.first ?? '', v.last ?? '');
        return query ? { query } : { notice: SURGEON_MESSAGES.searchBothNames };
      },
      canSearch: (v) => nameFieldsSearch(v.first ?? '', v.last ?? '').buttonEnabled,
    },
  ],
  queryKey: (q) => `${q.first_name}|${q.last_name}`,
  useSearch: useSurgeonSearch,
  resultsLabel: 'Surgeon search results',
  noResults: 'No surgeons found. Check the spelling, or add a manual entry.',
  resultName: surgeonName,
  fromResult: surgeonInputFromResult,
  manual: {
    intro: 'For a surgeon who is not in the NPI registry: the name only, without NPI or address.',
    fields: [
      { name: 'first_name', label: 'Manual entry first name' },
      { name: 'last_name', label: 'Manual entry last name' },
    ],
    schema: SurgeonManualEntrySchema,
    prefill: (mode, v) => {
      const words =
        mode === 'full'
          ? (v.text ?? '').trim().split(/\s+/).filter(Boolean)
          : [(v.first ?? '').trim(), (v.last ?? '').trim()];
      const [first = '', ...rest] = words;
      return { first_name: first, last_name: rest.join(' ') };
    },
    toInput: (m) => manualSurgeonInput(m.first_name, m.last_name),
  },
  summaryTitle: 'Selected surgeon',
  summary: (input) => [
    { label: 'First name', value: titleCaseName(input.first_name) },
    { label: 'Last name', value: titleCaseName(input.last_name) },
    { label: 'NPI', value: npiText(input.surgeon_npi) },
    { label: 'Address', value: formatAddress(input.surgeon_addr) },
    { label: 'City', value: titleCaseName(input.surgeon_city) },
    { label: 'State', value: formatState(input.surgeon_state) },
    { label: 'ZIP', value: input.surgeon_zip },
  ],
  hasName: (input) => input.first_name.trim() !== '' && input.last_name.trim() !== '',
  messages: {
    selectOrManual: SURGEON_MESSAGES.selectOrManual,
    noName: SURGEON_MESSAGES.manualNoName,
    added: SURGEON_MESSAGES.added,
    updated: SURGEON_MESSAGES.updated,
  },
  saveLabel: 'Save Surgeon',
  listPath: LIST_PATH,
  draftField: 'primary_surgeon',
  useSave: useSaveSurgeon,
  saveErrorOutcome: (err) => apiErrorOutcome('surgeonSave', err),
  retryMessage: SURGEON_SAVE_ERRORS.serverIssuesRetry,
  errorDelaysMs: SURGEON_SAVE_ERROR_DELAYS_MS,
};

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
    content = (
      <RegistryScreen
        key={surgeonId ?? 'new'}
        entity={SURGEON_ENTITY}
        userId={user?.sub}
        existing={existing ? { id: existing.surgeon_id, input: surgeonInputFromItem(existing) } : undefined}
        returnTo={returnTo}
      />
    );
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
