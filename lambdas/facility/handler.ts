/**
 * /facility Lambda (spec provider-side sections 3, 5, 7).
 *
 * - GET /facility?user_id=&limit=&cursor= -> { success, facilities, next_cursor? }: one page in name order
 *   (decision record 0010; `limit` default 50, capped at 200, not a whole number >= 1 -> 400;
 *   `next_cursor` absent on the last page; a cursor of another list or user, or forged -> 400).
 *   user_id must be the caller's own unless back office (user_type >= 10); another user's -> 403 'No data found or insufficient permissions'.
 * - POST /facility (facility_name, facility_npi, facility_addr, facility_city, facility_state,
 *   facility_zip, manual_entry) -> 201 { success, message: 'Facility added successfully', facility }.
 *   The owner is always the caller (a body user_id is ignored).
 * - PATCH /facility (id plus any fields) -> { success, message, facility }; only the sent fields
 *   change; a missing or someone else's facility -> 404 'Facility not found'.
 * - DELETE /facility?facility_id= -> { success, message }; missing, deleted or someone else's -> 404. A SOFT
 *   delete (decision record 0006): marked deleted_at / deleted_by, gone from every list and get.
 * - GET /facility/search?facility_name=&city=&state=&zip= -> 200 `{ facilities: [{ facility_name, npi,
 *   address, city, state, zip }] }` from the NPPES registry (NPI-2, organization_name: the start of
 *   the name only; city, state and zip narrow it; a bad state or zip -> 400), at most 10, cached per
 *   query (rules, cache and errors in lambdas/lib/nppes-search.ts). Fewer than 2
 *   characters -> `{ facilities: [] }`; a name over 100 characters -> 400; NPPES slow or down -> 502
 *   'Service temporarily unavailable. Please try again in a moment.'; NPPES `Errors` -> 400.
 * - The same NPI twice in the caller's list -> 409 'Facility already exists', nothing written; NPI 0
 *   (manual entry) is never a duplicate (lambdas/data/owned/items.ts).
 */
import {
  API_MESSAGES,
  FacilityBodySchema,
  FacilityUpdateBodySchema,
  TEXT_LIMITS,
  type FacilityListResponse,
  type FacilitySearchResponse,
} from '../../shared';
import { FacilitySearchQuerySchema } from '../../shared/schemas/api-queries';
import { requireCaller, resolveScope } from '../lib/auth';
import { ValidationError } from '../lib/errors';
import { bodyObject, created, ok, queryParam, queryParams, type ApiEvent } from '../lib/http';
import { audit } from '../lib/audit';
import { writeAuditEntry } from '../lib/audit-writer';
import { apiHandler } from '../lib/middleware';
import { parseLimit } from '../lib/paging';
import { searchFacilities } from '../lib/nppes-search';
import { parseInput } from '../lib/validation';
import {
  deleteFacility,
  listFacilities,
  putFacility,
  toApiFacility,
  updateFacility,
  type FacilityFields,
} from '../data/owned/facilities';

async function list(event: ApiEvent) {
  const userId = await resolveScope(event, queryParam(event, 'user_id'), {
    forbiddenMessage: API_MESSAGES.noDataOrPermission,
  });
  const limit = parseLimit(queryParam(event, 'limit'));
  const page = await listFacilities(userId as string, { limit, cursor: queryParams(event).cursor });
  const answer: FacilityListResponse = { success: true, facilities: page.items.map(toApiFacility) };
  if (page.next_cursor) answer.next_cursor = page.next_cursor;
  return ok(answer);
}

async function search(event: ApiEvent) {
  const { facility_name, city, state, zip } = parseInput(FacilitySearchQuerySchema, {
    ...queryParams(event),
    facility_name: queryParam(event, 'facility_name', TEXT_LIMITS.name),
  });
  const answer: FacilitySearchResponse = { facilities: await searchFacilities({ facility_name, city, state, zip }) };
  return ok(answer);
}

async function create(event: ApiEvent) {
  const caller = requireCaller(event);
  const { user_id: _ignored, ...fields } = parseInput(FacilityBodySchema, bodyObject(event));
  const item = await putFacility({ ...fields, user_id: caller.sub });
  return created({ success: true, message: 'Facility added successfully', facility: toApiFacility(item) });
}

async function update(event: ApiEvent) {
  const caller = requireCaller(event);
  const body = bodyObject(event);
  const raw = body.id === undefined && body.facility_id !== undefined ? { ...body, id: body.facility_id } : body;
  const { id, ...parsed } = parseInput(FacilityUpdateBodySchema, raw);
  // Only the fields the client sent (schema defaults must not overwrite stored values).
  const patch = Object.fromEntries(Object.entries(parsed).filter(([k]) => k in raw)) as Partial<FacilityFields>;
  const item = await updateFacility(caller.sub, id, patch);
  return ok({ success: true, message: 'Facility updated successfully', facility: toApiFacility(item) });
}

async function remove(event: ApiEvent) {
  const caller = requireCaller(event);
  const id = queryParam(event, 'facility_id') ?? queryParam(event, 'id');
  if (!id) throw new ValidationError([{ field: 'facility_id', message: 'facility_id is required' }]);
  audit(event).touched('facility', [id]);
  await deleteFacility(caller.sub, id, { actor: caller.sub });
  return ok({ success: true, message: 'Facility deleted successfully' });
}

export const handler = apiHandler(
  'facility',
  {
    'GET /facility/search': search,
    'GET /facility': list,
    'POST /facility': create,
    'PATCH /facility': update,
    'DELETE /facility': remove,
  },
  { writeAudit: writeAuditEntry },
);
