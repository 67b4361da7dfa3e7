/**
 * React Query hooks of the analytics dashboard, the back-office home and the provider pipeline.
 * Keys live under `['cases', 'stats']` (the home's Total Cases shares `['cases', 'stats', 'all']`).
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CaseStatsRange } from '../../../../shared/schemas/lists';
import { fetchCaseAnalytics, fetchCaseStats, fetchHealth } from './api';
import { statsKeys } from '../../lib/queryKeys';

/**
 * Every user's counts over `range`; the previous range stays shown while the next loads. Read again
 * on every visit (staleTime 0: a case moved on another screen a moment ago shows at once; the read
 * is a few small Queries of counter items).
 */
export function useCaseStats(range: CaseStatsRange) {
  return useQuery({
    queryKey: statsKeys.range(range),
    queryFn: ({ signal }) => fetchCaseStats(range, undefined, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** One owner's all-time counts (disabled until the id is known); read again on every mount. */
export function useOwnerStats(userId: string | undefined) {
  return useQuery({
    queryKey: statsKeys.owner(userId ?? '', 'all'),
    queryFn: ({ signal }) => fetchCaseStats('all', userId, signal),
    enabled: Boolean(userId),
    staleTime: 0,
  });
}

/** The analytics charts' figures (pay by month, payer mix, days in status); read again on every visit. */
export function useCaseAnalytics() {
  return useQuery({
    queryKey: statsKeys.analytics,
    queryFn: ({ signal }) => fetchCaseAnalytics(signal),
    staleTime: 0,
  });
}

/** GET /health, measured again on every visit (never cached across mounts), without retries. */
export function useHealth() {
  return useQuery({
    queryKey: statsKeys.health,
    queryFn: ({ signal }) => fetchHealth(signal),
    staleTime: 0,
    retry: false,
  });
}
