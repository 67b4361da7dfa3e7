/** React Query hooks of the audit screen. */
import { useInfiniteQuery } from '@tanstack/react-query';
import { fetchAuditPage, type AuditFilters } from './api';
import { auditKeys } from '../../lib/queryKeys';

/** The filtered entries, newest first, page by page (Load more). */
export function useAuditEntries(filters: AuditFilters) {
  return useInfiniteQuery({
    queryKey: auditKeys.list(filters),
    queryFn: ({ pageParam, signal }) => fetchAuditPage(filters, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor,
  });
}
