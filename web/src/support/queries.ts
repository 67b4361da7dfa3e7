/**
 * TanStack Query hooks of the messages to support (keys: `supportKeys`, web/src/lib/queryKeys.ts):
 * the inbox pages by state (Load more reads older ones), marking one handled (both states are read
 * again), and the bug report, which changes no list its sender sees. The public Contact page calls
 * ./api.ts itself: signed-out visitors have no query client.
 */
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { supportKeys } from '../lib/queryKeys';
import { fetchSupportPage, markMessageHandled, sendBugReport, type SupportState } from './api';

export function useSupportMessages(state: SupportState) {
  return useInfiniteQuery({
    queryKey: supportKeys.list(state),
    queryFn: ({ pageParam, signal }) => fetchSupportPage(state, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor,
  });
}

export function useMarkHandled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markMessageHandled,
    onSettled: () => queryClient.invalidateQueries({ queryKey: supportKeys.lists }),
  });
}

export function useSendBugReport() {
  return useMutation({
    mutationFn: ({ message, page }: { message: string; page: string }) => sendBugReport(message, page),
  });
}
