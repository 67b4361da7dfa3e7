/**
 * Search test page, /test-search (spec back-office-and-shell section 2 "Debug screens": surgeon
 * search and facility search with selection details and clear buttons). Uses the same calls and
 * blocks as Add Surgeon and Add Facility: GET /surgeon/search (one search text split by
 * `splitSearchText`) and GET /facility/search (`facilitySearchTerm`, at least 2 characters), the
 * results listbox and the selected-entry summary of web/src/directory. Behind the debug gate and
 * sign-in.
 */
import { useState, type FormEvent } from 'react';
import { Alert, Button, Card, Flex, Heading, Loader, Text, TextField } from '@aws-amplify/ui-react';
import { formatAddress, formatFacilityName, formatState, titleCaseName } from '../../../shared/display';
import type { FacilitySearchResult, SurgeonSearchResult } from '../../../shared/schemas/search-responses';
import { RegistryResultContent } from '../directory/RegistryForm';
import { ResultsListbox } from '../directory/ResultsListbox';
import { SelectedSummary } from '../directory/SelectedSummary';
import { npiText } from '../directory/format';
import { facilitySearchTerm } from '../facilities/api';
import { useFacilitySearch } from '../facilities/queries';
import { splitSearchText, type SurgeonSearchQuery } from '../surgeons/search';
import { useSurgeonSearch } from '../surgeons/queries';
import { DebugLinks } from './DebugLinks';

/** Shown when a search text is under 2 characters (spec section 9: search minimum 2 characters). */
export const SEARCH_TOO_SHORT = 'Please enter at least 2 characters';

type Place = Pick<SurgeonSearchResult, 'npi' | 'address' | 'city' | 'state' | 'zip'>;

function placeFields(r: Place) {
  return [
    { label: 'NPI', value: npiText(r.npi) },
    { label: 'Address', value: formatAddress(r.address) },
    { label: 'City', value: titleCaseName(r.city) },
    { label: 'State', value: formatState(r.state) },
    { label: 'ZIP', value: r.zip },
  ];
}

interface SearchPanelProps<T extends Place> {
  title: string;
  inputLabel: string;
  onSearch: (text: string) => boolean;
  searching: boolean;
  error: string | null;
  searched: boolean;
  results: readonly T[];
  nameOf: (r: T) => string;
  selected: T | null;
  onSelect: (r: T | null) => void;
  onClearSearch: () => void;
}

function SearchPanel<T extends Place>(p: SearchPanelProps<T>) {
  const [text, setText] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setNotice(p.onSearch(text) ? null : SEARCH_TOO_SHORT);
  };
  const keyOf = (r: T, i: number) => `${r.npi || 'row'}-${i}`;
  return (
    <Card variation="outlined" as="section" aria-label={p.title} flex="1 1 22rem">
      <Flex direction="column" gap="0.75rem">
        <Heading level={2}>{p.title}</Heading>
        <form role="search" aria-label={p.title} noValidate onSubmit={submit}>
          <Flex gap="0.5rem" alignItems="flex-end" wrap="wrap">
            <TextField label={p.inputLabel} value={text} onChange={(e) => setText(e.target.value)} flex="1 1 12rem" />
            <Button type="submit" variation="primary">
              Search
            </Button>
            <Button
              onClick={() => {
                setText('');
                setNotice(null);
                p.onClearSearch();
              }}
            >
              Clear
            </Button>
          </Flex>
        </form>
        {notice && (
          <Alert variation="warning" role="alert">
            {notice}
          </Alert>
        )}
        {p.searching && (
          <Flex alignItems="center" gap="0.5rem" role="status">
            <Loader />
            <Text>Searching...</Text>
          </Flex>
        )}
        {p.error && (
          <Alert variation="error" role="alert">
            {p.error}
          </Alert>
        )}
        {p.searched && !p.searching && !p.error && (
          <Text role="status">
            {p.results.length} result{p.results.length === 1 ? '' : 's'}
          </Text>
        )}
        {p.results.length > 0 && (
          <ResultsListbox
            label={`${p.title} results`}
            options={p.results.map((r, i) => ({
              key: keyOf(r, i),
              content: <RegistryResultContent name={p.nameOf(r)} r={r} />,
            }))}
            selectedKey={
              p.selected
                ? keyOf(
                    p.selected,
                    p.results.findIndex((r) => r === p.selected),
                  )
                : undefined
            }
            onPick={(_, i) => p.onSelect(p.results[i] ?? null)}
          />
        )}
        {p.selected && (
          <SelectedSummary
            title={`Selected: ${p.nameOf(p.selected)}`}
            fields={placeFields(p.selected)}
            manual={false}
            clearLabel="Clear selection"
            onClear={() => p.onSelect(null)}
          />
        )}
      </Flex>
    </Card>
  );
}

const errorText = (e: unknown) => (e instanceof Error ? e.message : 'Search failed');
const surgeonName = (r: SurgeonSearchResult) =>
  `Dr. ${[titleCaseName(r.first_name), titleCaseName(r.last_name)].filter(Boolean).join(' ')}`;

export default function TestSearchPage() {
  const [surgeonQuery, setSurgeonQuery] = useState<SurgeonSearchQuery | null>(null);
  const [facilityTerm, setFacilityTerm] = useState<string | null>(null);
  const [surgeon, setSurgeon] = useState<SurgeonSearchResult | null>(null);
  const [facility, setFacility] = useState<FacilitySearchResult | null>(null);
  const surgeons = useSurgeonSearch(surgeonQuery);
  const facilities = useFacilitySearch(facilityTerm === null ? null : { name: facilityTerm });

  return (
    <Flex direction="column" gap="1.25rem" width="100%">
      <Flex direction="column" gap="0.25rem">
        <Heading level={1}>Search Test</Heading>
        <DebugLinks />
        <Text color="font.secondary">Debug page: the NPI registry searches of Add Surgeon and Add Facility.</Text>
      </Flex>
      <Flex gap="1rem" wrap="wrap" alignItems="flex-start">
        <SearchPanel
          title="Surgeon Search"
          inputLabel="Surgeon name"
          onSearch={(text) => {
            const q = splitSearchText(text);
            if (q) {
              setSurgeonQuery(q);
              setSurgeon(null);
            }
            return q !== null;
          }}
          searching={surgeons.isFetching}
          error={surgeons.isError ? errorText(surgeons.error) : null}
          searched={surgeonQuery !== null && surgeons.isSuccess}
          results={surgeonQuery && !surgeons.isError ? (surgeons.data ?? []) : []}
          nameOf={surgeonName}
          selected={surgeon}
          onSelect={setSurgeon}
          onClearSearch={() => {
            setSurgeonQuery(null);
            setSurgeon(null);
          }}
        />
        <SearchPanel
          title="Facility Search"
          inputLabel="Facility name"
          onSearch={(text) => {
            const term = facilitySearchTerm(text);
            if (term) {
              setFacilityTerm(term);
              setFacility(null);
            }
            return term !== null;
          }}
          searching={facilities.isFetching}
          error={facilities.isError ? errorText(facilities.error) : null}
          searched={facilityTerm !== null && facilities.isSuccess}
          results={facilityTerm && !facilities.isError ? (facilities.data ?? []) : []}
          nameOf={(r) => formatFacilityName(r.facility_name)}
          selected={facility}
          onSelect={setFacility}
          onClearSearch={() => {
            setFacilityTerm(null);
            setFacility(null);
          }}
        />
      </Flex>
    </Flex>
  );
}
