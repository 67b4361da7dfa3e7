/**
 * /surgeon Lambda (spec provider-side sections 3, 5, 7; issue 2, section 4).
 *
 * - GET /surgeon?user_id= -> { success, surgeons }. user_id must be the caller's own unless back
 *   office (user_type >= 10); another user's -> 403 'No data found or insufficient permissions'.
 * - POST /surgeon (first_name, last_name, surgeon_npi, surgeon_addr, surgeon_city, surgeon_state,
 *   surgeon_zip, manual_entry) -> 201 { success, message: 'Surgeon added successfully!', surgeon }.
 *   The owner is always the caller (a body user_id is ignored).
 * - PATCH /surgeon (id plus any fields) -> { success, message: 'Surgeon updated successfully!', surgeon };
 *   only the sent fields change; a missing or someone else's surgeon -> 404 'Surgeon not found'.
 * - DELETE /surgeon?surgeon_id= -> { success, message }; missing or someone else's -> 404.
 */
import { API_MESSAGES, SURGEON_MESSAGES, SurgeonBodySchema, SurgeonUpdateBodySchema } from '../../shared';
import { requireCaller, resolveScope } from '../lib/auth';
import { ValidationError } from '../lib/errors';
import { bodyObject, created, ok, queryParam, type ApiEvent } from '../lib/http';
import { apiHandler } from '../lib/middleware';
import { parseInput } from '../lib/validation';
import { deleteSurgeon, listSurgeons, putSurgeon, toApiSurgeon, updateSurgeon, type SurgeonFields } from './repository';

async function list(event: ApiEvent) {
  const userId = await resolveScope(event, queryParam(event, 'user_id'), {
    forbiddenMessage: API_MESSAGES.noDataOrPermission,
  });
  const items = await listSurgeons(userId as string);
  return ok({ success: true, surgeons: items.map(toApiSurgeon) });
}

async function create(event: ApiEvent) {
  const caller = requireCaller(event);
  const { user_id: _ignored, ...fields } = parseInput(SurgeonBodySchema, bodyObject(event));
  const item = await putSurgeon({ ...fields, user_id: caller.sub });
  return created({ success: true, message: SURGEON_MESSAGES.added, surgeon: toApiSurgeon(item) });
}

async function update(event: ApiEvent) {
  const caller = requireCaller(event);
  const body = bodyObject(event);
  const raw = body.id === undefined && body.surgeon_id !== undefined ? { ...body, id: body.surgeon_id } : body;
  const { id, ...parsed } = parseInput(SurgeonUpdateBodySchema, raw);
  // Only the fields the client sent (schema defaults must not overwrite stored values).
  const patch = Object.fromEntries(Object.entries(parsed).filter(([k]) => k in raw)) as Partial<SurgeonFields>;
  const item = await updateSurgeon(caller.sub, id, patch);
  return ok({ success: true, message: SURGEON_MESSAGES.updated, surgeon: toApiSurgeon(item) });
}

async function remove(event: ApiEvent) {
  const caller = requireCaller(event);
  const id = queryParam(event, 'surgeon_id') ?? queryParam(event, 'id');
  if (!id) throw new ValidationError([{ field: 'surgeon_id', message: 'surgeon_id is required' }]);
  await deleteSurgeon(caller.sub, id);
  return ok({ success: true, message: 'Surgeon deleted successfully' });
}

export const handler = apiHandler('surgeon', {
  'GET /surgeon': list,
  'POST /surgeon': create,
  'PATCH /surgeon': update,
  'DELETE /surgeon': remove,
});
