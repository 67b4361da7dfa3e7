/**
 * Calls of the Deleted cases view (/back-office/cases/deleted), user_type 100 or
 * more, built on `apiFetch`; answers parsed by shared/schemas/deleted-cases.ts:
 * - {@link listDeletedCasesPage}: GET /case/deleted?limit=&cursor= -> `{ cases, next_cursor? }`, most
 *   recently deleted first, each with owner_name, deleted_at, deleted_by and deleted_by_name.
 * - {@link restoreDeletedCase}: POST /case/restore { case_id } -> `{ message, case }`; a 409 (past
 *   the 30 days) or 404 (no longer deleted) throws `ApiError` with the server's message.
 * An answer of another shape throws an Error {@link DELETED_CASES_UNREADABLE}.
 */
import { apiFetch } from '../../lib/api';
import { DEFAULT_PAGE_LIMIT } from '../../../../shared/constants';
import {
  DeletedCasePageSchema,
  RestoreCaseResponseSchema,
  type DeletedCasePage,
  type RestoreCaseResponse,
} from '../../../../shared/schemas/deleted-cases';

export const DELETED_CASES_UNREADABLE = 'The deleted cases could not be read. Please try again.';
/** Deleted cases per page (the server's default page size). */
export const DELETED_CASE_PAGE_LIMIT = DEFAULT_PAGE_LIMIT;

/** One page of the deleted cases (see module doc). */
export async function listDeletedCasesPage(cursor?: string, signal?: AbortSignal): Promise<DeletedCasePage> {
  const body = await apiFetch<unknown>('/case/deleted', {
    query: { limit: DELETED_CASE_PAGE_LIMIT, cursor },
    forbidden: 'cases',
    signal,
  });
  const parsed = DeletedCasePageSchema.safeParse(body);
  if (!parsed.success) throw new Error(DELETED_CASES_UNREADABLE);
  return parsed.data;
}

/** Restore one deleted case (see module doc). */
export async function restoreDeletedCase(caseId: string): Promise<RestoreCaseResponse> {
  const body = await apiFetch<unknown>('/case/restore', { method: 'POST', body: { case_id: caseId } });
  const parsed = RestoreCaseResponseSchema.safeParse(body);
  if (!parsed.success) throw new Error(DELETED_CASES_UNREADABLE);
  return parsed.data;
}
