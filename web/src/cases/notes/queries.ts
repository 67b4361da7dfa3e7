/**
 * TanStack Query hooks of the notes thread (key: `caseKeys.notes`, web/src/lib/queryKeys.ts): the
 * pages newest first (Load more reads older ones), and the post, after which the thread is read again.
 */
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { caseKeys } from '../../lib/queryKeys';
import { fetchNotesPage, postNote } from './api';

export function useCaseNotes(caseId: string) {
  return useInfiniteQuery({
    queryKey: caseKeys.notes(caseId),
    queryFn: ({ pageParam, signal }) => fetchNotesPage(caseId, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor,
  });
}

export function usePostNote(caseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => postNote(caseId, text),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: caseKeys.notes(caseId) }),
  });
}
