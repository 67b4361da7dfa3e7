/**
 * /surgeon Lambda (spec provider-side sections 3, 5, 7).
 *
 * - GET /surgeon?user_id=&limit=&cursor= -> { success, surgeons, next_cursor? }: one page in name order
 *   (decision record 0010; `limit` default 50, capped at 200, not a whole number >= 1 -> 400;
 *   `next_cursor` absent on the last page; a cursor of another list or user, or forged -> 400).
 *   user_id must be the caller's own unless back office (user_type >= 10); another user's -> 403 'No data found or insufficient permissions'.
 * - POST /surgeon (first_name, last_name, surgeon_npi, surgeon_addr, surgeon_city, surgeon_state,
 *   surgeon_zip, manual_entry) -> 201 { success, message: 'Surgeon added successfully!', surgeon }.
 *   The owner is always the caller (a body user_id is ignored).
 * - PATCH /surgeon (id plus any fields) -> { success, message: 'Surgeon updated successfully!', surgeon };
 *   only the sent fields change; a missing or someone else's surgeon -> 404 'Surgeon not found'.
 * - DELETE /surgeon?surgeon_id= -> { success, message }; missing, deleted or someone else's -> 404. A SOFT
 *   delete (decision record 0006): marked deleted_at / deleted_by, gone from every list and get.
 * - GET /surgeon/search?first_name=&last_name= -> 200 `{ surgeons: [{ npi, first_name, last_name,
 *   address, city, state, zip }] }` from the NPPES registry (NPI-1), at most 10, cached per query
 *   (rules, cache and errors in lambdas/lib/nppes-search.ts). Either name alone
 *   is accepted; the same word as both names (the spec's one-word mode) matches either name; fewer
 *   than 2 characters in total -> `{ surgeons: [] }`. A name over 100 characters
 *   -> 400; NPPES slow or down -> 502 'Service temporarily unavailable. Please try again in a
 *   moment.'; NPPES validation `Errors` -> 400 with its description.
 * - The same NPI twice in the caller's list (POST, or PATCH to an NPI another of their surgeons
 *   has) -> 409 'Surgeon already exists', nothing written; NPI 0 (none / manual entry) is never a
 *   duplicate (lambdas/data/owned/items.ts).
 */
import {
  API_MESSAGES,
  SURGEON_MESSAGES,
  SurgeonBodySchema,
  SurgeonUpdateBodySchema,
  TEXT_LIMITS,
  type SurgeonListResponse,
  type SurgeonSearchResponse,
} from '../../shared';
import { requireCaller, resolveScope } from '../lib/auth';
import { ValidationError } from '../lib/errors';
import { bodyObject, created, ok, queryParam, queryParams, type ApiEvent } from '../lib/http';
import { audit } from '../lib/audit';
import { writeAuditEntry } from '../lib/audit-writer';
import { apiHandler } from '../lib/middleware';
import { parseLimit } from '../lib/paging';
import { searchSurgeons } from '../lib/nppes-search';
import { parseInput } from '../lib/validation';
import {
  deleteSurgeon,
  listSurgeons,
  putSurgeon,
  toApiSurgeon,
  updateSurgeon,
  type SurgeonFields,
} from '../data/owned/surgeons';

async function list(event: ApiEvent) {
  const userId = await resolveScope(event, queryParam(event, 'user_id'), {
    forbiddenMessage: API_MESSAGES.noDataOrPermission,
  });
  const limit = parseLimit(queryParam(event, 'limit'));
  const page = await listSurgeons(userId as string, { limit, cursor: queryParams(event).cursor });
  const answer: SurgeonListResponse = { success: true, surgeons: page.items.map(toApiSurgeon) };
  if (page.next_cursor) answer.next_cursor = page.next_cursor;
  return ok(answer);
}

async function search(event: ApiEvent) {
  const query = {
    first_name: queryParam(event, 'first_name', TEXT_LIMITS.name),
    last_name: queryParam(event, 'last_name', TEXT_LIMITS.name),
  };
  const answer: SurgeonSearchResponse = { surgeons: await searchSurgeons(query) };
  return ok(answer);
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
  audit(event).touched('surgeon', [id]);
  await deleteSurgeon(caller.sub, id, { actor: caller.sub });
  return ok({ success: true, message: 'Surgeon deleted successfully' });
}

export const handler = apiHandler(
  'surgeon',
  {
    'GET /surgeon/search': search,
    'GET /surgeon': list,
    'POST /surgeon': create,
    'PATCH /surgeon': update,
    'DELETE /surgeon': remove,
  },
  { writeAudit: writeAuditEntry },
);
