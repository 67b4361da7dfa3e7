/**
 * Facility Management (/facility-management), spec provider-side section 2: the user's facilities
 * (name, NPI, city, state; 'Manual entry' for NPI 0), Add Facility, edit (the edit screen explains
 * that updates are not supported) and delete (confirm dialog; 'Delete failed: {message}'), loading,
 * error and empty states (shared ManagementList); 50 a page with Load more.
 */
import { formatFacilityName, formatState, titleCaseName } from '../../../shared/display';
import type { Facility } from '../../../shared/schemas/surgeon';
import { useCurrentUser } from '../lib/useCurrentUser';
import { ManagementList } from '../directory/ManagementList';
import { npiText } from '../directory/format';
import { useDeleteFacility, useFacilityList } from './queries';

export default function FacilityListPage() {
  const { user, error: userError } = useCurrentUser();
  const list = useFacilityList(user?.sub);
  const remove = useDeleteFacility();
  return (
    <ManagementList<Facility>
      title="Facilities"
      addLabel="Add Facility"
      addPath="/facility/new"
      noun="facility"
      items={list.data?.pages.flatMap((p) => p.facilities)}
      isLoading={list.isPending}
      loadError={userError ?? (list.isFetchNextPageError ? null : list.error)}
      paging={{
        plural: 'facilities',
        hasMore: list.hasNextPage,
        isLoadingMore: list.isFetchingNextPage,
        loadMoreError: list.isFetchNextPageError ? list.error : null,
        onLoadMore: () => void list.fetchNextPage(),
      }}
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
      editPath={(f) => `/facility/${encodeURIComponent(f.facility_id)}/edit`}
      emptyTitle="No facilities yet"
      emptyText="Add the facilities where you operate; you can then choose them on your cases."
      onDelete={(f) => remove.mutateAsync(f.facility_id)}
    />
  );
}
