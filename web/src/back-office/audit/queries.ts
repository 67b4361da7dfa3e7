/** React Query hooks of the audit screen and of a case's "Who accessed this case". */
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { fetchAuditPage, type AuditFilters } from './api';
import { listAllCasesPage } from '../cases/api';
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

/** Cases matching a (debounced, trimmed) search text, for the case filter; idle while it is empty. */
export function useCaseSuggestions(term: string) {
  return useQuery({
    queryKey: auditKeys.cases(term),
    queryFn: () => listAllCasesPage({ search: term }),
    enabled: term !== '',
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    retry: false,
  });
}
