/**
 * React Query keys and hooks of the facility screens. Lists live under
 * `['facilities', 'list']`; registry searches under `['facilities', 'search']` (kept 5 minutes, not
 * retried). Every facility mutation also drops the case form's facility list (`['cases', 'facilities']`).
 */
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createFacility,
  deleteFacility,
  listFacilityPage,
  searchFacilities,
  type FacilityInput,
  type FacilityQuery,
} from './api';
import { caseKeys, facilityKeys } from '../lib/queryKeys';

/**
 * The user's facilities page by page (a failed load is an error here): `data.pages[i].facilities`,
 * `fetchNextPage()`, `hasNextPage` false on the last page. Disabled until the user id is known.
 */
export function useFacilityList(userId: string | undefined) {
  return useInfiniteQuery({
    queryKey: facilityKeys.list(userId ?? ''),
    queryFn: ({ pageParam }) => listFacilityPage(userId ?? '', pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor,
    enabled: Boolean(userId),
  });
}

/** Registry search for a name, narrowed by city, state and ZIP (null: nothing to search). */
export function useFacilitySearch(q: FacilityQuery | null) {
  return useQuery({
    queryKey: q ? facilityKeys.search(q) : ['facilities', 'search', 'none'],
    queryFn: ({ signal }) => searchFacilities(q as FacilityQuery, signal),
    enabled: q !== null,
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
    retry: false,
  });
}

function useInvalidateFacilities() {
  const queryClient = useQueryClient();
  return async () => {
    queryClient.removeQueries({ queryKey: caseKeys.facilityLists });
    await queryClient.invalidateQueries({ queryKey: facilityKeys.lists });
  };
}

/** Create a facility; resolves with its id. Rejects with Error('User not authenticated') without a user id. */
export function useCreateFacility(userId: string | undefined) {
  const invalidate = useInvalidateFacilities();
  return useMutation({
    mutationFn: async (input: FacilityInput) => {
      if (!userId) throw new Error('User not authenticated');
      return createFacility(userId, input);
    },
    onSuccess: invalidate,
  });
}

/** Delete a facility by id; the lists reload afterwards. */
export function useDeleteFacility() {
  const invalidate = useInvalidateFacilities();
  return useMutation({ mutationFn: deleteFacility, onSettled: invalidate });
}
