/**
 * The blocks that Add Surgeon and Add Facility share (spec provider-side sections 2, 5 and 9); each screen passes its own labels and messages.
 *
 * - `RegistryResultContent`: one result option: the name, then 'NPI …' and the address.
 * - `RegistrySearchCard`: the 'Search the NPI registry' search form with its heading, the screen's
 *   inputs, then the notice, 'Searching...', the search error, the no-results text and the listbox.
 * - `ManualEntry`: 'Add Manual Entry' and the 'Manual entry' form with 'Use Manual Entry'.
 * - `SaveBar`: the form and save errors, the success text, 'Save …' and 'Cancel'.
 */
import { Alert, Button, Card, Flex, Heading, Loader, Text, View, VisuallyHidden } from '@aws-amplify/ui-react';
import type { FocusEvent, FormEvent, ReactNode } from 'react';
import { formatAddress, formatState, titleCaseName } from '../../../shared/display';
import type { FacilitySearchResult } from '../../../shared/schemas/search-responses';
import { ResultsListbox, type ResultsListboxProps } from './ResultsListbox';
import { BusyButton } from '../components/BusyButton';

/** A search result's NPI and address parts, as the registry returns them. */
export type RegistryPlace = Pick<FacilitySearchResult, 'npi' | 'address' | 'city' | 'state' | 'zip'>;

/** The option text of one result: 'Name, NPI 1234567890, 1 Main ST, Austin, TX 78701'. */
export function RegistryResultContent({ name, r }: { name: string; r: RegistryPlace }) {
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
        {name}
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

export interface RegistrySearchCardProps {
  /** e.g. 'Find a surgeon'. */
  heading: string;
  onSubmit: (e: FormEvent) => void;
  /** From `useRegistrySearch` (closing the list when focus leaves). */
  areaProps: { onFocus: () => void; onBlur: (e: FocusEvent<HTMLElement>) => void };
  /** The screen's search inputs and Search button. */
  children: ReactNode;
  notice: string | null;
  searching: boolean;
  /** The search error's message, or null. */
  error: string | null;
  /** The no-results text, or null while there are results or no finished search. */
  noResults: string | null;
  /** The listbox, or null when it is not shown. */
  list: ResultsListboxProps | null;
}

export function RegistrySearchCard(p: RegistrySearchCardProps) {
  return (
    <Card variation="outlined">
      <form role="search" aria-label="Search the NPI registry" onSubmit={p.onSubmit} noValidate {...p.areaProps}>
        <Flex direction="column" gap="small">
          <Heading level={2}>{p.heading}</Heading>
          {p.children}
          {p.notice && (
            <Alert variation="warning" role="alert">
              {p.notice}
            </Alert>
          )}
          {p.searching && (
            <Flex alignItems="center" gap="xs" role="status">
              <Loader />
              <Text>Searching...</Text>
            </Flex>
          )}
          {p.error !== null && (
            <Alert variation="error" role="alert">
              {p.error}
            </Alert>
          )}
          {p.noResults && <Text role="status">{p.noResults}</Text>}
          {p.list && <ResultsListbox {...p.list} />}
        </Flex>
      </form>
    </Card>
  );
}

export interface ManualEntryProps {
  open: boolean;
  onToggle: () => void;
  onSubmit: (e: FormEvent) => void;
  /** The line above the fields, e.g. 'For a surgeon who is not in the NPI registry: …'. */
  intro: string;
  error: string | null;
  /** The name field(s). */
  children: ReactNode;
}

export function ManualEntry({ open, onToggle, onSubmit, intro, error, children }: ManualEntryProps) {
  return (
    <Flex direction="column" gap="small">
      <View>
        <Button onClick={onToggle} aria-expanded={open} style={{ minHeight: 44 }}>
          Add Manual Entry
        </Button>
      </View>
      {open && (
        <Card variation="outlined">
          <form aria-label="Manual entry" onSubmit={onSubmit} noValidate>
            <Flex direction="column" gap="small">
              <Text fontSize="small">{intro}</Text>
              {children}
              {error && (
                <Alert variation="error" role="alert">
                  {error}
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
  );
}

export interface SaveBarProps {
  /** e.g. 'Save Surgeon'. */
  saveLabel: string;
  formError: string | null;
  /** The failed save's message to show, or null. */
  saveError: string | null;
  saved: boolean;
  /** Shown once saved, e.g. 'Surgeon added successfully!'. */
  successMessage: string;
  pending: boolean;
  onSave: () => void;
  onCancel: () => void;
}

export function SaveBar(p: SaveBarProps) {
  return (
    <>
      {p.formError && (
        <Alert variation="error" role="alert">
          {p.formError}
        </Alert>
      )}
      {p.saveError !== null && (
        <Alert variation="error" role="alert">
          {p.saveError}
        </Alert>
      )}
      {p.saved && (
        <Alert variation="success" role="status">
          {p.successMessage}
        </Alert>
      )}
      <Flex gap="small" wrap="wrap">
        <BusyButton
          variation="primary"
          onClick={p.onSave}
          // Busy, not disabled, until the screen goes back: a disabled button would drop the focus to the page.
          busy={p.pending || p.saved}
          busyText={p.saved ? 'Going back...' : 'Saving...'}
          style={{ minHeight: 44 }}
        >
          {p.saveLabel}
        </BusyButton>
        <Button onClick={p.onCancel} isDisabled={p.pending} style={{ minHeight: 44 }}>
          Cancel
        </Button>
      </Flex>
    </>
  );
}
