/**
 * Add Facility (/facility/new), spec provider-side sections 2, 5, 8 and 9: the registry screen
 * (web/src/directory/RegistryScreen.tsx) configured for facilities.
 *
 * - Search 'Search facilities' (below 2 characters 'Please enter a facility name with at least 2
 *   characters'); the typed name follows the results as a temporary, unvalidated manual option in
 *   orange.
 * - Manual entry: 'Facility name' (empty: 'Please provide a facility name'), saved with
 *   facility_npi 0 and manual_entry true. A failed save shows the message or 'Failed to save
 *   facility. Please try again.'.
 */
import { Flex, Heading, Text } from '@aws-amplify/ui-react';
import { useLocation } from 'react-router-dom';
import { formatAddress, formatFacilityName, formatState, titleCaseName } from '../../../shared/display';
import type { FacilitySearchResult } from '../../../shared/schemas/search-responses';
import { FACILITY_MESSAGES, FacilityManualEntrySchema } from '../../../shared/schemas/surgeon';
import { caseFormReturnPath } from '../cases/caseDraft';
import { npiText } from '../directory/format';
import { RegistryScreen, typedTextMode, type RegistryEntity } from '../directory/RegistryScreen';
import { apiErrorOutcome } from '../lib/apiErrors';
import { useCurrentUser } from '../lib/useCurrentUser';
import { facilityInputFromResult, facilitySearchTerm, manualFacilityInput, type FacilityInput } from './api';
import { useCreateFacility, useFacilitySearch } from './queries';

/** Success text (the spec gives none for facilities; worded as the surgeon one). */
export const FACILITY_ADDED = 'Facility added successfully!';

const FACILITY_ENTITY: RegistryEntity<string, FacilitySearchResult, FacilityInput, { facility_name: string }> = {
  heading: 'Find a facility',
  modeGroup: 'facility-search-mode',
  modes: [
    typedTextMode(
      { value: 'name', label: 'Name' },
      {
        label: 'Search facilities',
        placeholder: 'e.g. Austin Surgical Center',
        hint: "Type the facility's name (at least 2 characters).",
      },
      facilitySearchTerm,
      FACILITY_MESSAGES.nameMin,
    ),
  ],
  queryKey: (term) => term,
  useSearch: useFacilitySearch,
  resultsLabel: 'Facility search results',
  noResults: 'No facilities found in the registry. You can add it as a manual entry.',
  resultName: (r) => formatFacilityName(r.facility_name),
  fromResult: facilityInputFromResult,
  typedOption: { text: (term) => term, toInput: manualFacilityInput },
  manual: {
    intro: 'For a facility that is not in the NPI registry: the name only, without NPI or address.',
    fields: [{ name: 'facility_name', label: 'Facility name' }],
    schema: FacilityManualEntrySchema,
    prefill: (_mode, v) => ({ facility_name: (v.text ?? '').trim() }),
    toInput: (m) => manualFacilityInput(m.facility_name),
  },
  summaryTitle: 'Selected facility',
  summary: (input) => [
    { label: 'Name', value: formatFacilityName(input.facility_name) },
    { label: 'NPI', value: npiText(input.facility_npi) },
    { label: 'Address', value: formatAddress(input.facility_addr) },
    { label: 'City', value: titleCaseName(input.facility_city) },
    { label: 'State', value: formatState(input.facility_state) },
    { label: 'ZIP', value: input.facility_zip },
  ],
  hasName: (input) => input.facility_name.trim() !== '',
  messages: {
    selectOrManual: FACILITY_MESSAGES.selectOrManual,
    noName: FACILITY_MESSAGES.manualNoName,
    added: FACILITY_ADDED,
  },
  saveLabel: 'Save Facility',
  listPath: '/facility-management',
  draftField: 'facility',
  useSave: useCreateFacility,
  saveErrorOutcome: (err) => apiErrorOutcome('facilitySave', err),
};

export default function FacilityFormPage() {
  const location = useLocation();
  const returnTo = caseFormReturnPath(location.state);
  const { user } = useCurrentUser();
  return (
    <Flex direction="column" gap="medium">
      <Heading level={1}>Add Facility</Heading>
      {returnTo && <Text fontSize="small">After saving, you return to your case with this facility selected.</Text>}
      <RegistryScreen entity={FACILITY_ENTITY} userId={user?.sub} returnTo={returnTo} />
    </Flex>
  );
}
