/**
 * Calls of Case Management (/back-office/cases; back-office-and-shell sections
 * 2, 7 and 8), built on `apiFetch`:
 *
 * - {@link listAllCasesPage}: GET /case?search=&status=&user_id=&min_days_in_status=&limit=50&cursor=
 *   (back office: every owner's cases, newest first, or with `min_days_in_status` longest in their
 *   status first; `search` the start of a case number or id, a patient name in either order, a
 *   member ID or an insurer; docs/decisions/0024-case-search-and-sort.md) -> `{ cases, next_cursor? }`, each case with `owner_name` (the server adds it to
 *   back-office reads). 'No cases found' / 'insufficient permissions' answers are an empty list.
 * - {@link fetchStats}: GET /case/stats?range=all[&user_id=] -> the shared `CaseStatsResponseSchema`
 *   (counts kept on every write: totals per status and user, top 5 users).
 * - {@link searchUsers}: GET /user/list?search=&limit=10 (user_type 20 or more; CONTRACT8) read by
 *   the shared `UserListPageSchema`; the user filter's suggestions.
 * - {@link caseManagementErrorMessage}: the spec's section 8 texts for a failed load.
 */
import { ApiError, apiFetch } from '../../lib/api';
import { normalizeCase, type CaseView } from '../../cases/api';
import { DEFAULT_PAGE_LIMIT } from '../../../../shared/constants';
import { CaseListPageSchema, CaseStatsResponseSchema, type CaseStatsResponse } from '../../../../shared/schemas/lists';
import { USER_MGMT_MESSAGES, UserListPageSchema, type UserListPage } from '../../../../shared/schemas/users';

/** A case of the back-office list: the case plus its owner's name ('' when unknown). */
export interface ManagedCase extends CaseView {
  owner_name: string;
}

/** What the list asks for; empty/undefined members are not sent. */
export interface CaseFilters {
  /** Trimmed search text ('' = none). */
  search: string;
  /** A status number, or undefined for All Statuses. */
  status?: number;
  /** An owner's user id, or undefined for All Users. */
  userId?: string;
  /** Only cases this many days or more in their status (a quick filter); undefined = any. */
  minDays?: number;
}

export interface ManagedCasePage {
  cases: ManagedCase[];
  next_cursor?: string;
}

/** Cases per page (the server's default page size). */
export const MANAGED_CASE_PAGE_LIMIT = DEFAULT_PAGE_LIMIT;

const isNoCases = (err: unknown) =>
  err instanceof ApiError && err.status !== 401 && /no cases found|insufficient permissions/i.test(err.message);

/** One page of every owner's cases (see module doc). */
/** The query of GET /case for Case Management's `filters` (no page): also the server export's filters. */
export function managedCaseQuery(filters: CaseFilters) {
  return {
    search: filters.search || undefined,
    status: filters.status,
    user_id: filters.userId,
    min_days_in_status: filters.minDays,
  };
}

export async function listAllCasesPage(
  filters: CaseFilters,
  cursor?: string,
  signal?: AbortSignal,
): Promise<ManagedCasePage> {
  try {
    const body = await apiFetch<unknown>('/case', {
      query: { ...managedCaseQuery(filters), limit: MANAGED_CASE_PAGE_LIMIT, cursor },
      forbidden: 'cases',
      signal,
    });
    const page = CaseListPageSchema.parse(body);
    const cases = page.cases.flatMap((raw): ManagedCase[] => {
      try {
        const owner = typeof raw === 'object' && raw !== null ? (raw as { owner_name?: unknown }).owner_name : '';
        return [{ ...normalizeCase(raw), owner_name: typeof owner === 'string' ? owner : '' }];
      } catch {
        return [];
      }
    });
    return page.next_cursor === undefined ? { cases } : { cases, next_cursor: page.next_cursor };
  } catch (err) {
    if (isNoCases(err)) return { cases: [] };
    throw err;
  }
}

/** Shown when the counts answer is not the expected shape. */
export const STATS_UNREADABLE = 'The case counts could not be read. Please try again.';

/** All-time counts of every user, or of one owner with `userId`. */
export async function fetchStats(userId?: string, signal?: AbortSignal): Promise<CaseStatsResponse> {
  const body = await apiFetch<unknown>('/case/stats', {
    query: { range: 'all', user_id: userId },
    forbidden: 'cases',
    signal,
  });
  const parsed = CaseStatsResponseSchema.safeParse(body);
  if (!parsed.success) throw new Error(STATS_UNREADABLE);
  return parsed.data;
}

/** Users shown as suggestions of the user filter. */
export const USER_SUGGESTIONS = 10;

/** Users whose name, email or NPI starts with `search` (GET /user/list). Throws Error USER_MGMT_MESSAGES.invalidList on a bad answer. */
export async function searchUsers(search: string, signal?: AbortSignal): Promise<UserListPage> {
  const body = await apiFetch<unknown>('/user/list', {
    query: { search: search.trim() || undefined, limit: USER_SUGGESTIONS },
    forbidden: 'list',
    signal,
  });
  const parsed = UserListPageSchema.safeParse(body);
  if (!parsed.success) throw new Error(USER_MGMT_MESSAGES.invalidList);
  return parsed.data;
}
