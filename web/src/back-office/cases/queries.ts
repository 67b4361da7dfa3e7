/**
 * React Query hooks of Case Management. Keys sit under the case screens' prefixes
 * (web/src/cases/queries.ts `caseKeys.lists`, and `['cases', 'stats']`), so that every case
 * mutation (delete, status, pay amount; web/src/cases/caseAdmin.ts) refreshes this list and its counts.
 * The Deleted cases view: {@link useDeletedCases}, {@link useRestoreCase}.
 */
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchStats, listAllCasesPage, searchUsers, type CaseFilters } from './api';
import { listDeletedCasesPage, restoreDeletedCase } from './deletedApi';
import { caseKeys, managementKeys } from '../../lib/queryKeys';

/** Every owner's cases matching `filters`, page by page (Load more). */
export function useManagedCases(filters: CaseFilters) {
  return useInfiniteQuery({
    queryKey: managementKeys.list(filters),
    queryFn: ({ pageParam }) => listAllCasesPage(filters, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor,
  });
}

/** All-time counts (everyone's, or one owner's with `userId`). */
export function useCaseCounts(userId: string | undefined) {
  return useQuery({
    queryKey: managementKeys.stats(userId),
    queryFn: ({ signal }) => fetchStats(userId, signal),
  });
}

/** User suggestions for a (debounced) search text; disabled while `enabled` is false. */
export function useUserSuggestions(search: string, enabled: boolean) {
  const term = search.trim();
  return useQuery({
    queryKey: managementKeys.users(term),
    queryFn: ({ signal }) => searchUsers(term, signal),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    retry: false,
  });
}

/** The deleted cases, most recently deleted first, page by page (Load more). */
export function useDeletedCases() {
  return useInfiniteQuery({
    queryKey: managementKeys.deleted,
    queryFn: ({ pageParam, signal }) => listDeletedCasesPage(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor,
  });
}

/**
 * Restore a deleted case (POST /case/restore). Afterwards the deleted list, every case list and the
 * counts are read again, so the case reappears in Case Management.
 */
export function useRestoreCase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreDeletedCase,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: managementKeys.deleted }),
        queryClient.invalidateQueries({ queryKey: caseKeys.lists }),
        queryClient.invalidateQueries({ queryKey: caseKeys.stats }),
      ]),
  });
}
