/**
 * Facility Management (/facility-management), spec provider-side section 2: the user's facilities
 * (name, NPI, city, state; 'Manual entry' for NPI 0), Add Facility, no Edit button (the spec
 * supports no facility update; a direct visit to the edit screen says so) and delete (confirm dialog; 'Delete failed: {message}'), loading,
 * error and empty states (shared ManagementList); 50 a page with Load more. 'Find a saved facility'
 * finds the saved ones by any word of their names (the registry search matches only the start).
 */
import { useState } from 'react';
import { formatFacilityName, formatState, titleCaseName } from '../../../shared/display';
import type { Facility } from '../../../shared/schemas/surgeon';
import { useCurrentUser } from '../lib/useCurrentUser';
import { ManagementList } from '../directory/ManagementList';
import { nameHasWords, npiText } from '../directory/format';
import { useFacilities } from '../cases/queries';
import { useDeleteFacility, useFacilityList } from './queries';

export default function FacilityListPage() {
  const { user, error: userError } = useCurrentUser();
  const list = useFacilityList(user?.sub);
  const remove = useDeleteFacility();
  const [find, setFind] = useState('');
  const finding = find.trim() !== '';
  // While finding: every saved facility (the case form's list, all pages), filtered by the words.
  const all = useFacilities(finding ? user?.sub : undefined);
  const paged = list.data?.pages.flatMap((p) => p.facilities);
  const items = finding ? all.data?.filter((f) => nameHasWords(f.facility_name, find)) : paged;
  return (
    <ManagementList<Facility>
      find={{ label: 'Find a saved facility', value: find, onChange: setFind }}
      title="Facilities"
      addLabel="Add Facility"
      addPath="/facility/new"
      noun="facility"
      items={items}
      isLoading={finding ? all.isPending : list.isPending}
      loadError={userError ?? (list.isFetchNextPageError ? null : list.error)}
      paging={
        finding
          ? undefined
          : {
              plural: 'facilities',
              hasMore: list.hasNextPage,
              isLoadingMore: list.isFetchingNextPage,
              loadMoreError: list.isFetchNextPageError ? list.error : null,
              onLoadMore: () => void list.fetchNextPage(),
            }
      }
      columns={[
        { label: 'Facility name', value: (f) => formatFacilityName(f.facility_name) },
        { label: 'NPI', value: (f) => npiText(f.facility_npi) },
        {
          label: 'City and state',
          value: (f) => [titleCaseName(f.facility_city), formatState(f.facility_state)].filter(Boolean).join(', '),
        },
      ]}
      itemKey={(f) => f.facility_id}
      itemName={(f) => formatFacilityName(f.facility_name) || 'this facility'}
      emptyTitle="No facilities yet"
      emptyText="Add the facilities where you operate; you can then choose them on your cases."
      onDelete={(f) => remove.mutateAsync(f.facility_id)}
    />
  );
}
