/**
 * /cpt_codes Lambda (spec provider-side sections 7 and 9). Token required.
 *
 * - GET /cpt_codes?search=text[&limit=N] (no page) -> { success, cpt_codes: [{ cpt_code,
 *   cpt_description }] }: up to `limit` (default 20) suggestions, the caller's recently used codes
 *   first, then in index order, reading only the index items answered (decision records 0010 and
 *   0026; `searchCptCodes`); the SPA shows 5.
 * - GET /cpt_codes?page=&limit=&search= (page present, or no search), or no parameters at all ->
 *   { success, cpt_codes, total, page, total_pages, limit } (page default 1, limit default 20, 1..100).
 * Pages without search also carry `starter_list`: true while only the starter list is loaded (the
 * SPA then says how to import the licensed CMS list).
 * Bad page/limit -> 400 with the schema's message. Reads through the CPT repository
 * (`./repository`: Query/GetItem only).
 */
import { CptQuerySchema } from '../../shared';
import { ok, queryParams, type ApiEvent } from '../lib/http';
import { writeAuditEntry } from '../lib/audit-writer';
import { apiHandler } from '../lib/middleware';
import { parseInput } from '../lib/validation';
import { listCptCodes, searchCptCodes } from '../data/cpt_codes/repository';
import { recentProcedureCodes } from '../data/case/summaries';
import { requireCaller } from '../lib/auth';

async function getCodes(event: ApiEvent) {
  const raw = Object.fromEntries(
    Object.entries(queryParams(event)).filter(([, v]) => v !== undefined && v.trim() !== ''),
  );
  const query = parseInput(CptQuerySchema, raw);
  const search = query.search ?? '';
  if (search && query.page === undefined) {
    // Suggestions (the case form sends search and limit): reads only what it answers, not paging.
    const recent = await recentProcedureCodes(requireCaller(event).sub);
    return ok({ success: true, cpt_codes: await searchCptCodes(search, query.limit, recent) });
  }
  const page = await listCptCodes({ page: query.page, limit: query.limit, search });
  return ok({ success: true, ...page });
}

export const handler = apiHandler('cpt_codes', { 'GET /cpt_codes': getCodes }, { writeAudit: writeAuditEntry });
