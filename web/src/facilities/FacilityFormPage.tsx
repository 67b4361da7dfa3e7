/**
 * Add Facility (/facility/new), spec provider-side sections 2, 5, 8 and 9: the registry screen
 * (web/src/directory/RegistryScreen.tsx) configured for facilities.
 *
 * - Search 'Search facilities' (below 2 characters 'Please enter a facility name with at least 2
 *   characters'), said under the field to match the start of the registry's organization name only,
 *   narrowed by city, state and ZIP code (the registry's own parameters); the typed name follows
 *   the results as a temporary, unvalidated manual option in orange.
 * - Manual entry: the fields of a found facility (name required: 'Please provide a facility name';
 *   address, city, state, ZIP; NPI optional, checked with its check digit), saved with
 *   manual_entry true (facility_npi 0 without an NPI). A failed save shows the message or 'Failed to save
 *   facility. Please try again.'.
 */
import { Flex, Heading, Text } from '@aws-amplify/ui-react';
import { useLocation } from 'react-router-dom';
import { formatAddress, formatFacilityName, formatState, titleCaseName } from '../../../shared/display';
import type { FacilitySearchResult } from '../../../shared/schemas/search-responses';
import {
  FACILITY_MESSAGES,
  FacilityManualEntrySchema,
  type FacilityManualEntry,
} from '../../../shared/schemas/surgeon';
import { caseFormReturnPath } from '../cases/caseDraft';
import { npiText } from '../directory/format';
import { RegistryScreen, type RegistryEntity } from '../directory/RegistryScreen';
import { apiErrorOutcome } from '../lib/apiErrors';
import { useCurrentUser } from '../lib/useCurrentUser';
import {
  facilityInputFromResult,
  facilitySearchQuery,
  manualFacilityFromForm,
  manualFacilityInput,
  type FacilityInput,
  type FacilityQuery,
} from './api';
import { useCreateFacility, useFacilitySearch } from './queries';

/** Success text (the spec gives none for facilities; worded as the surgeon one). */
export const FACILITY_ADDED = 'Facility added successfully!';

const FACILITY_ENTITY: RegistryEntity<FacilityQuery, FacilitySearchResult, FacilityInput, FacilityManualEntry> = {
  heading: 'Find a facility',
  modeGroup: 'facility-search-mode',
  modes: [
    {
      value: 'name',
      label: 'Name',
      fields: [
        {
          name: 'text',
          label: 'Search facilities',
          placeholder: 'e.g. Austin Surgical Center',
          hint: FACILITY_MESSAGES.searchHint,
        },
        { name: 'city', label: 'In city', placeholder: 'e.g. Austin' },
        { name: 'state', label: 'In state', placeholder: 'e.g. TX' },
        { name: 'zip', label: 'In ZIP code', placeholder: '5 digits' },
      ],
      submit: (v) => {
        const query = facilitySearchQuery(v);
        return query === null ? { notice: FACILITY_MESSAGES.nameMin } : { query };
      },
      typed: (v) => facilitySearchQuery(v),
    },
  ],
  queryKey: (q) => JSON.stringify(q),
  useSearch: useFacilitySearch,
  resultsLabel: 'Facility search results',
  noResults: 'No facilities found in the registry. You can add it as a manual entry.',
  resultName: (r) => formatFacilityName(r.facility_name),
  fromResult: facilityInputFromResult,
  typedOption: { text: (q) => q.name, toInput: (q) => manualFacilityInput(q.name) },
  manual: {
    intro: 'For a facility that is not in the NPI registry: its name, and its address and NPI if you have them.',
    fields: [
      { name: 'facility_name', label: 'Facility name' },
      { name: 'facility_addr', label: 'Address' },
      { name: 'facility_city', label: 'City' },
      { name: 'facility_state', label: 'State' },
      { name: 'facility_zip', label: 'ZIP code' },
      { name: 'facility_npi', label: 'NPI (optional)' },
    ],
    schema: FacilityManualEntrySchema,
    prefill: (_mode, v) => ({
      facility_name: (v.text ?? '').trim(),
      facility_addr: '',
      facility_city: (v.city ?? '').trim(),
      facility_state: (v.state ?? '').trim().toUpperCase(),
      facility_zip: (v.zip ?? '').trim(),
      facility_npi: '',
    }),
    toInput: manualFacilityFromForm,
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
