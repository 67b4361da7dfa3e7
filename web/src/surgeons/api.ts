/**
 * Surgeon calls of the SPA (spec provider-side sections 3 and 7), built on
 * `apiFetch` (errors are `ApiError` with the spec's message; 502 reads 'Service temporarily
 * unavailable. Please try again in a moment.', 400/409 carry the server's message, e.g.
 * 'Surgeon already exists'). Answers are parsed with the shared response schemas.
 */
import { DEFAULT_PAGE_LIMIT, MAX_PAGE_LIMIT } from '../../../shared/constants';
import { SurgeonListPageSchema, type SurgeonListPage } from '../../../shared/schemas/lists';
import {
  SurgeonSearchResponseSchema,
  savedItemId,
  type SurgeonSearchResult,
} from '../../../shared/schemas/search-responses';
import type { Surgeon } from '../../../shared/schemas/surgeon';
import { apiFetch } from '../lib/api';
import { fetchAllPages } from '../lib/pages';
import type { SurgeonSearchQuery } from './search';

/**
 * The fields a surgeon is saved with (POST /surgeon, PATCH /surgeon): the stored surgeon
 * (shared/schemas/surgeon.ts) without its ids, owner and timestamps. `surgeon_npi` 0 = none.
 */
export type SurgeonInput = Omit<Surgeon, 'surgeon_id' | 'id' | 'user_id' | 'createdAt' | 'updatedAt'>;

/** Surgeons per page of the management screen (the server's default page size). */
export const SURGEON_PAGE_LIMIT = DEFAULT_PAGE_LIMIT;

/**
 * One page of the user's surgeons in name order: GET /surgeon?user_id=&limit=50&cursor=
 * (`cursor` the previous page's `next_cursor`, absent for the first page). Read by the shared
 * `SurgeonListPageSchema` (list in surgeons, data, items or list; `next_cursor` absent on the last page).
 */
export async function listSurgeonPage(userId: string, cursor?: string): Promise<SurgeonListPage> {
  const body = await apiFetch<unknown>('/surgeon', {
    query: { user_id: userId, limit: SURGEON_PAGE_LIMIT, cursor },
    forbidden: 'list',
  });
  return SurgeonListPageSchema.parse(body);
}

/**
 * NPI registry search: GET /surgeon/search?first_name=&last_name= -> at most 10 results. Throws
 * `ApiError` (502: registry unavailable; 400: the registry's own message).
 */
export async function searchSurgeons(query: SurgeonSearchQuery, signal?: AbortSignal): Promise<SurgeonSearchResult[]> {
  const body = await apiFetch<unknown>('/surgeon/search', {
    query: { first_name: query.first_name, last_name: query.last_name },
    signal,
  });
  return SurgeonSearchResponseSchema.parse(body ?? {}).surgeons;
}

/** POST /surgeon; resolves with the new surgeon's id ('' when the answer names none). */
export async function createSurgeon(userId: string, input: SurgeonInput): Promise<string> {
  const body = await apiFetch<unknown>('/surgeon', { method: 'POST', body: { user_id: userId, ...input } });
  return savedItemId(body, 'surgeon');
}

/** PATCH /surgeon with `id` plus the fields (no user_id); resolves with the surgeon's id. */
export async function updateSurgeon(surgeonId: string, input: SurgeonInput): Promise<string> {
  const body = await apiFetch<unknown>('/surgeon', { method: 'PATCH', body: { id: surgeonId, ...input } });
  return savedItemId(body, 'surgeon') || surgeonId;
}

/** DELETE /surgeon?surgeon_id=. */
export async function deleteSurgeon(surgeonId: string): Promise<void> {
  await apiFetch<unknown>('/surgeon', { method: 'DELETE', query: { surgeon_id: surgeonId } });
}

/** A search result as the fields to save (NPI as a number; 0 when the result has none). */
export function surgeonInputFromResult(r: SurgeonSearchResult): SurgeonInput {
  const npi = /^\d{10}$/.test(r.npi) ? Number(r.npi) : 0;
  return {
    first_name: r.first_name.trim(),
    last_name: r.last_name.trim(),
    surgeon_npi: npi,
    surgeon_addr: r.address.trim(),
    surgeon_city: r.city.trim(),
    surgeon_state: r.state.trim().toUpperCase(),
    surgeon_zip: r.zip.trim(),
    manual_entry: false,
  };
}

/** A manual entry (spec section 2): first and last name, everything else blank, NPI 0, flagged. */
export function manualSurgeonInput(firstName: string, lastName: string): SurgeonInput {
  return {
    first_name: firstName.trim(),
    last_name: lastName.trim(),
    surgeon_npi: 0,
    surgeon_addr: '',
    surgeon_city: '',
    surgeon_state: '',
    surgeon_zip: '',
    manual_entry: true,
  };
}

/** A stored surgeon as the fields to save (the edit screen's starting selection). */
export function surgeonInputFromItem(s: Surgeon): SurgeonInput {
  return {
    first_name: s.first_name,
    last_name: s.last_name,
    surgeon_npi: s.surgeon_npi,
    surgeon_addr: s.surgeon_addr,
    surgeon_city: s.surgeon_city,
    surgeon_state: s.surgeon_state,
    surgeon_zip: s.surgeon_zip,
    manual_entry: s.manual_entry,
  };
}

/**
 * All of the user's surgeons, in name order, for the case form's select and the details page:
 * GET /surgeon?user_id=&limit=200&cursor= page after page (at most 10 pages, 2,000
 * surgeons, `fetchAllPages`). Each answer is read by the shared `SurgeonListPageSchema` (list in
 * surgeons, data, items or list).
 */
export async function listSurgeons(userId: string): Promise<Surgeon[]> {
  const all = await fetchAllPages(async (cursor) => {
    const body = await apiFetch<unknown>('/surgeon', {
      query: { user_id: userId, limit: MAX_PAGE_LIMIT, cursor },
      forbidden: 'list',
    });
    const page = SurgeonListPageSchema.parse(body);
    return { items: page.surgeons, next_cursor: page.next_cursor };
  });
  return all.items;
}
