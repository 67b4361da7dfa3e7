/**
 * React Query hooks of the dispute screens (keys: `disputeKeys`, web/src/lib/queryKeys.ts). A write
 * answers the whole dispute, which replaces the cached one; the case (its status may have moved), the
 * case lists, the counts and the queue and awards pages are then read again.
 */
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DisputeEventInput } from '../../../shared/dispute/events';
import { caseKeys, disputeKeys } from '../lib/queryKeys';
import {
  deleteDisputeEvent,
  fetchAwardsPage,
  fetchDispute,
  fetchQueuePage,
  recordDisputeEvent,
  type AwardState,
  type DisputeAnswer,
  type DisputeCaseFields,
  type QueueFilters,
} from './api';

export function useDispute(caseId: string) {
  return useQuery({ queryKey: disputeKeys.one(caseId), queryFn: ({ signal }) => fetchDispute(caseId, signal) });
}

function useAfterWrite(caseId: string) {
  const queryClient = useQueryClient();
  return (answer: DisputeAnswer) => {
    queryClient.setQueryData(disputeKeys.one(caseId), answer);
    void queryClient.invalidateQueries({ queryKey: disputeKeys.lists });
    void queryClient.invalidateQueries({ queryKey: caseKeys.one(caseId) });
    void queryClient.invalidateQueries({ queryKey: caseKeys.lists });
    void queryClient.invalidateQueries({ queryKey: caseKeys.stats });
  };
}

/** Record an event (POST /dispute/event) on `caseId`. */
export function useRecordEvent(caseId: string) {
  const onSuccess = useAfterWrite(caseId);
  return useMutation({
    mutationFn: ({ event, fields }: { event: DisputeEventInput; fields?: DisputeCaseFields }) =>
      recordDisputeEvent(caseId, event, fields),
    onSuccess,
  });
}

/** Delete an event with a reason (DELETE /dispute/event) on `caseId`. */
export function useDeleteEvent(caseId: string) {
  const onSuccess = useAfterWrite(caseId);
  return useMutation({
    mutationFn: ({ eventId, reason }: { eventId: string; reason: string }) =>
      deleteDisputeEvent(caseId, eventId, reason),
    onSuccess,
  });
}

/** The Deadlines queue, soonest first, page by page (Load more). */
export function useDisputeQueue(filters: QueueFilters) {
  return useInfiniteQuery({
    queryKey: disputeKeys.queue(filters),
    queryFn: ({ pageParam, signal }) => fetchQueuePage(filters, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor,
  });
}

/** The awards in `state`, page by page (Load more); the totals come with every page. */
export function useAwards(state: AwardState) {
  return useInfiniteQuery({
    queryKey: disputeKeys.awards(state),
    queryFn: ({ pageParam, signal }) => fetchAwardsPage(state, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor,
  });
}
