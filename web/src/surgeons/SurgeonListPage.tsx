/**
 * Surgeon Management (/surgeon-management), spec provider-side section 2: the user's surgeons
 * (first name, last name, NPI; 'Manual entry' for NPI 0), Add Surgeon, edit and delete (confirm
 * dialog; 'Delete failed: {message}'), loading, error and empty states (shared ManagementList);
 * 50 a page with Load more.
 */
import { titleCaseName } from '../../../shared/display';
import type { Surgeon } from '../../../shared/schemas/surgeon';
import { useCurrentUser } from '../lib/useCurrentUser';
import { ManagementList } from '../directory/ManagementList';
import { npiText, surgeonName } from '../directory/format';
import { useDeleteSurgeon, useSurgeonList } from './queries';

export default function SurgeonListPage() {
  const { user, error: userError } = useCurrentUser();
  const list = useSurgeonList(user?.sub);
  const remove = useDeleteSurgeon();
  return (
    <ManagementList<Surgeon>
      title="Surgeons"
      addLabel="Add Surgeon"
      addPath="/surgeon/new"
      noun="surgeon"
      items={list.data?.pages.flatMap((p) => p.surgeons)}
      isLoading={list.isPending}
      loadError={userError ?? (list.isFetchNextPageError ? null : list.error)}
      paging={{
        plural: 'surgeons',
        hasMore: list.hasNextPage,
        isLoadingMore: list.isFetchingNextPage,
        loadMoreError: list.isFetchNextPageError ? list.error : null,
        onLoadMore: () => void list.fetchNextPage(),
      }}
      columns={[
        { label: 'First name', value: (s) => titleCaseName(s.first_name) },
        { label: 'Last name', value: (s) => titleCaseName(s.last_name) },
        { label: 'NPI', value: (s) => npiText(s.surgeon_npi) },
      ]}
      itemKey={(s) => s.surgeon_id}
      itemName={surgeonName}
      editPath={(s) => `/surgeon/${encodeURIComponent(s.surgeon_id)}/edit`}
      emptyTitle="No surgeons yet"
      emptyText="Add the surgeons you work with; you can then choose them on your cases."
      onDelete={(s) => remove.mutateAsync(s.surgeon_id)}
    />
  );
}
