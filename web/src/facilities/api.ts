/**
 * Facility calls of the SPA (spec provider-side sections 3 and 7), built on
 * `apiFetch` (errors are `ApiError` with the spec's message; 409 'Facility already exists').
 * Answers are parsed with the shared response schemas.
 */
import { FacilityListPageSchema, type FacilityListPage } from '../../../shared/schemas/lists';
import {
  FacilitySearchResponseSchema,
  savedItemId,
  type FacilitySearchResult,
} from '../../../shared/schemas/search-responses';
import type { Facility, FacilityManualEntry } from '../../../shared/schemas/surgeon';
import { isUsStateCode } from '../../../shared/states';
import { DEFAULT_PAGE_LIMIT, MAX_PAGE_LIMIT, SEARCH_MIN_CHARS } from '../../../shared/constants';
import { ApiError, apiFetch } from '../lib/api';
import { fetchAllPages } from '../lib/pages';

/**
 * The fields a facility is saved with (POST /facility): the stored facility
 * (shared/schemas/surgeon.ts) without its ids, owner and timestamps. `facility_npi` 0 = none.
 */
export type FacilityInput = Omit<Facility, 'facility_id' | 'id' | 'user_id' | 'createdAt' | 'updatedAt'>;

/** Facilities per page of the management screen (the server's default page size). */
export const FACILITY_PAGE_LIMIT = DEFAULT_PAGE_LIMIT;

/**
 * One page of the user's facilities in name order for the management screen:
 * GET /facility?user_id=&limit=50&cursor= (read by the shared `FacilityListPageSchema`: list
 * in facilities, data, items or list, `next_cursor` absent on the last page). Unlike the case form's
 * list (where a failed load is an empty list, spec section 7), this one throws, so that the screen
 * can show the load failure (spec section 8).
 */
export async function listFacilityPage(userId: string, cursor?: string): Promise<FacilityListPage> {
  const body = await apiFetch<unknown>('/facility', {
    query: { user_id: userId, limit: FACILITY_PAGE_LIMIT, cursor },
    forbidden: 'list',
  });
  return FacilityListPageSchema.parse(body);
}

/**
 * The facility search text -> the trimmed name, or null below 2 characters (the screen then says
 * 'Please enter a facility name with at least 2 characters').
 */
export function facilitySearchTerm(text: string): string | null {
  const term = text.trim().replace(/\s+/g, ' ');
  return term.length >= SEARCH_MIN_CHARS ? term : null;
}

/** A registry search: the start of the name, and optionally the city, state and ZIP that narrow it. */
export interface FacilityQuery {
  name: string;
  city?: string;
  state?: string;
  zip?: string;
}

/**
 * The search fields -> a {@link FacilityQuery}, or null while the name has fewer than 2 characters.
 * A state is sent once it is a US state code and a ZIP once it has 5 digits (partial ones wait).
 */
export function facilitySearchQuery(values: {
  text?: string;
  city?: string;
  state?: string;
  zip?: string;
}): FacilityQuery | null {
  const name = facilitySearchTerm(values.text ?? '');
  if (name === null) return null;
  const city = (values.city ?? '').trim().replace(/\s+/g, ' ');
  const state = (values.state ?? '').trim().toUpperCase();
  const zip = (values.zip ?? '').trim();
  return {
    name,
    ...(city ? { city } : {}),
    ...(isUsStateCode(state) ? { state } : {}),
    ...(/^\d{5}$/.test(zip) ? { zip } : {}),
  };
}

/** NPI registry search: GET /facility/search?facility_name=&city=&state=&zip= -> at most 10 results. Throws `ApiError`. */
export async function searchFacilities(q: FacilityQuery, signal?: AbortSignal): Promise<FacilitySearchResult[]> {
  const body = await apiFetch<unknown>('/facility/search', {
    query: { facility_name: q.name, city: q.city, state: q.state, zip: q.zip },
    signal,
  });
  return FacilitySearchResponseSchema.parse(body ?? {}).facilities;
}

/** POST /facility; resolves with the new facility's id ('' when the answer names none). */
export async function createFacility(userId: string, input: FacilityInput): Promise<string> {
  const body = await apiFetch<unknown>('/facility', { method: 'POST', body: { user_id: userId, ...input } });
  return savedItemId(body, 'facility');
}

/** DELETE /facility?facility_id=. */
export async function deleteFacility(facilityId: string): Promise<void> {
  await apiFetch<unknown>('/facility', { method: 'DELETE', query: { facility_id: facilityId } });
}

/** A search result as the fields to save. */
export function facilityInputFromResult(r: FacilitySearchResult): FacilityInput {
  return {
    facility_name: r.facility_name.trim(),
    facility_npi: /^\d{10}$/.test(r.npi) ? Number(r.npi) : 0,
    facility_addr: r.address.trim(),
    facility_city: r.city.trim(),
    facility_state: r.state.trim().toUpperCase(),
    facility_zip: r.zip.trim(),
    manual_entry: false,
  };
}

/**
 * A manual entry from its form: the same fields as a found facility, the NPI optional (0 when
 * blank; the form's schema has checked its digits).
 */
export function manualFacilityFromForm(m: FacilityManualEntry): FacilityInput {
  const npi = (m.facility_npi ?? '').trim();
  return {
    facility_name: m.facility_name.trim(),
    facility_npi: npi === '' ? 0 : Number(npi),
    facility_addr: (m.facility_addr ?? '').trim(),
    facility_city: (m.facility_city ?? '').trim(),
    facility_state: (m.facility_state ?? '').trim().toUpperCase(),
    facility_zip: (m.facility_zip ?? '').trim(),
    manual_entry: true,
  };
}

/** The typed search name as a temporary manual entry: the name only, NPI 0, flagged. */
export function manualFacilityInput(name: string): FacilityInput {
  return {
    facility_name: name.trim(),
    facility_npi: 0,
    facility_addr: '',
    facility_city: '',
    facility_state: '',
    facility_zip: '',
    manual_entry: true,
  };
}

/**
 * All of the user's facilities, in name order: GET /facility?user_id=&limit=200&cursor= page after
 * page (as `listSurgeons` in web/src/surgeons/api.ts). A failed load returns an empty list (spec
 * provider-side section 7), except a rejected session, which is rethrown.
 */
export async function listFacilities(userId: string): Promise<Facility[]> {
  try {
    const all = await fetchAllPages(async (cursor) => {
      const body = await apiFetch<unknown>('/facility', {
        query: { user_id: userId, limit: MAX_PAGE_LIMIT, cursor },
        forbidden: 'list',
      });
      const page = FacilityListPageSchema.parse(body);
      return { items: page.facilities, next_cursor: page.next_cursor };
    });
    return all.items;
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) throw err;
    return [];
  }
}
