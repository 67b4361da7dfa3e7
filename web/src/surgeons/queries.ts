/**
 * React Query keys and hooks of the surgeon screens. Lists live under
 * `['surgeons', 'list']`; registry searches under `['surgeons', 'search']` (kept 5 minutes, never
 * retried: a 502 is shown at once). Every surgeon mutation also drops the case form's surgeon list
 * (`['cases', 'surgeons']`), so that a surgeon added from the case form is there on return.
 */
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createSurgeon,
  deleteSurgeon,
  listSurgeonPage,
  listSurgeons,
  searchSurgeons,
  updateSurgeon,
  type SurgeonInput,
} from './api';
import type { SurgeonSearchQuery } from './search';
import { caseKeys, surgeonKeys } from '../lib/queryKeys';

/**
 * The user's surgeons page by page: `data.pages[i].surgeons`, `fetchNextPage()`,
 * `hasNextPage` false on the last page. Disabled until the user id is known.
 */
export function useSurgeonList(userId: string | undefined) {
  return useInfiniteQuery({
    queryKey: surgeonKeys.list(userId ?? ''),
    queryFn: ({ pageParam }) => listSurgeonPage(userId ?? '', pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor,
    enabled: Boolean(userId),
  });
}

/**
 * Every surgeon of the user (all pages, at most 10 of 200: web/src/surgeons/api.ts `listSurgeons`), for
 * the edit screen, which finds the one it edits among them. Disabled until the user id is known.
 */
export function useEverySurgeon(userId: string | undefined) {
  return useQuery({
    queryKey: surgeonKeys.every(userId ?? ''),
    queryFn: () => listSurgeons(userId ?? ''),
    enabled: Boolean(userId),
  });
}

/** Registry search for `query` (null: nothing to search). Keeps the previous results while the next search runs. */
export function useSurgeonSearch(query: SurgeonSearchQuery | null) {
  return useQuery({
    queryKey: query ? surgeonKeys.search(query) : ['surgeons', 'search', 'none'],
    queryFn: ({ signal }) => searchSurgeons(query as SurgeonSearchQuery, signal),
    enabled: query !== null,
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
    retry: false,
  });
}

function useInvalidateSurgeons() {
  const queryClient = useQueryClient();
  return async () => {
    queryClient.removeQueries({ queryKey: caseKeys.surgeonLists });
    await queryClient.invalidateQueries({ queryKey: surgeonKeys.lists });
  };
}

/**
 * Save a surgeon: create (no `surgeonId`) or update. Resolves with its id. Rejects with
 * Error('User not authenticated') without a user id, else the API's error.
 */
export function useSaveSurgeon(userId: string | undefined, surgeonId?: string) {
  const invalidate = useInvalidateSurgeons();
  return useMutation({
    mutationFn: async (input: SurgeonInput) => {
      if (!userId) throw new Error('User not authenticated');
      return surgeonId ? updateSurgeon(surgeonId, input) : createSurgeon(userId, input);
    },
    onSuccess: invalidate,
  });
}

/** Delete a surgeon by id; the lists reload afterwards (also after a failure). */
export function useDeleteSurgeon() {
  const invalidate = useInvalidateSurgeons();
  return useMutation({ mutationFn: deleteSurgeon, onSettled: invalidate });
}
