/**
 * React Query keys and hooks of the case screens (the app's client defaults apply: one retry
 * except for final answers, no refetch on focus). Every query of these screens lives under the
 * `['cases']` prefix; after a case mutation the lists (`caseKeys.lists`) and that case are invalidated.
 */
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { INSURANCE_SUGGESTIONS } from '../../../shared/constants';
import { getCase, listCasesPage, listInsuranceNames, searchCpt, type CaseListView } from './api';
import { listFacilities } from '../facilities/api';
import { listSurgeons } from '../surgeons/api';
import { caseKeys } from '../lib/queryKeys';

/**
 * The insurance suggestions of the case form: the Insurance Types list, read
 * once and kept 10 minutes. Until it answers (and if it fails) the form suggests the spec's 20 names
 * (`INSURANCE_SUGGESTIONS`), so the form never waits for it. `data` is always a list of names.
 */
export function useInsuranceNames() {
  const query = useQuery({
    queryKey: caseKeys.insurance,
    queryFn: ({ signal }) => listInsuranceNames(signal),
    staleTime: 10 * 60_000,
    retry: false,
  });
  return query.data ?? (INSURANCE_SUGGESTIONS as readonly string[]);
}

/**
 * The user's cases (optionally one status, a search, a date range, an order), page by page:
 * `data.pages[i].cases`; `fetchNextPage()` reads the page after the last one loaded, `hasNextPage`
 * is false on the last page. Other filters are another query, so a change starts again from the
 * first page. Disabled until the user id is known.
 */
export function useCaseList(userId: string | undefined, view: CaseListView = {}) {
  return useInfiniteQuery({
    queryKey: caseKeys.list(userId ?? '', view),
    queryFn: ({ pageParam }) => listCasesPage(userId ?? '', view, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor,
    enabled: Boolean(userId),
  });
}

/** One case by id. */
export function useCase(caseId: string | undefined) {
  return useQuery({
    queryKey: caseKeys.one(caseId ?? ''),
    queryFn: () => getCase(caseId ?? ''),
    enabled: Boolean(caseId),
  });
}

/** All of the user's surgeons (every page, bounded; web/src/surgeons/api.ts `listSurgeons`). */
export function useSurgeons(userId: string | undefined) {
  return useQuery({
    queryKey: caseKeys.surgeons(userId ?? ''),
    queryFn: () => listSurgeons(userId ?? ''),
    enabled: Boolean(userId),
  });
}

/** All of the user's facilities (every page, bounded; a failed load is an empty list). */
export function useFacilities(userId: string | undefined) {
  return useQuery({
    queryKey: caseKeys.facilities(userId ?? ''),
    queryFn: () => listFacilities(userId ?? ''),
    enabled: Boolean(userId),
  });
}

/**
 * CPT suggestions for a (debounced) search text while `enabled` (the list is open); disabled below
 * `minChars`; at most `limit` codes. Keeps the previous suggestions while the next search runs, so the list does not flicker.
 */
export function useCptSuggestions(search: string, enabled: boolean, minChars: number, limit: number) {
  const term = search.trim();
  return useQuery({
    queryKey: caseKeys.cpt(term, limit),
    queryFn: ({ signal }) => searchCpt(term, signal, limit),
    enabled: enabled && term.length >= minChars,
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
    retry: false,
  });
}
