/**
 * /facility Lambda (spec provider-side sections 3, 5, 7; issue 2, section 4).
 *
 * - GET /facility?user_id= -> { success, facilities }. user_id must be the caller's own unless
 *   back office (user_type >= 10); another user's -> 403 'No data found or insufficient permissions'.
 * - POST /facility (facility_name, facility_npi, facility_addr, facility_city, facility_state,
 *   facility_zip, manual_entry) -> 201 { success, message: 'Facility added successfully', facility }.
 *   The owner is always the caller (a body user_id is ignored).
 * - PATCH /facility (id plus any fields) -> { success, message, facility }; only the sent fields
 *   change; a missing or someone else's facility -> 404 'Facility not found'.
 * - DELETE /facility?facility_id= -> { success, message }; missing or someone else's -> 404.
 */
import { API_MESSAGES, FacilityBodySchema, FacilityUpdateBodySchema } from '../../shared';
import { requireCaller, resolveScope } from '../lib/auth';
import { ValidationError } from '../lib/errors';
import { bodyObject, created, ok, queryParam, type ApiEvent } from '../lib/http';
import { apiHandler } from '../lib/middleware';
import { parseInput } from '../lib/validation';
import {
  deleteFacility,
  listFacilities,
  putFacility,
  toApiFacility,
  updateFacility,
  type FacilityFields,
} from './repository';

async function list(event: ApiEvent) {
  const userId = await resolveScope(event, queryParam(event, 'user_id'), {
    forbiddenMessage: API_MESSAGES.noDataOrPermission,
  });
  const items = await listFacilities(userId as string);
  return ok({ success: true, facilities: items.map(toApiFacility) });
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
  await deleteFacility(caller.sub, id);
  return ok({ success: true, message: 'Facility deleted successfully' });
}

export const handler = apiHandler('facility', {
  'GET /facility': list,
  'POST /facility': create,
  'PATCH /facility': update,
  'DELETE /facility': remove,
});
