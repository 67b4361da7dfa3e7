/**
 * Is a procedure code in the loaded CPT list? ("a CPT code that exists in no
 * list (99999, a typo) is saved without a word: warn in the form when a code is not in the loaded
 * list, and let the user keep it only by confirming").
 *
 * The check asks GET /cpt_codes?search=CODE and looks for an exact match (case-insensitive). It runs
 * only for codes of the right shape (the schema's 5-character CPT/HCPCS rule: others get the
 * schema's message instead). A failed lookup counts as "not known to be missing" (no warning, the
 * save is not blocked by a network error).
 */
import { queryOptions } from '@tanstack/react-query';
import { ProcedureCodeSchema } from '../../../shared/schemas/case';
import { searchCpt } from './api';
import { caseKeys } from '../lib/queryKeys';

/** How many matches of the search are read to find the exact code. */
const EXACT_SEARCH_LIMIT = 25;

/** The code as stored (trimmed, upper case). */
export function normalizeCode(code: string): string {
  return code.trim().toUpperCase();
}

/** true when `code` has the shape of a CPT/HCPCS code, so that looking it up makes sense. */
export function isCheckableCode(code: string): boolean {
  return ProcedureCodeSchema.safeParse(code).success;
}

/** true when the search answer holds `code` itself. */
export function hasExactCode(list: readonly { cpt_code: string }[], code: string): boolean {
  const wanted = normalizeCode(code);
  return list.some((c) => normalizeCode(c.cpt_code) === wanted);
}

/** Query of one code's lookup (cached 30 minutes; no retry). Resolves true when the list holds it. */
export function cptExactQuery(code: string) {
  const wanted = normalizeCode(code);
  return queryOptions({
    queryKey: caseKeys.cptExact(wanted),
    queryFn: async ({ signal }) => hasExactCode(await searchCpt(wanted, signal, EXACT_SEARCH_LIMIT), wanted),
    staleTime: 30 * 60_000,
    retry: false,
  });
}

/**
 * The codes that block a save: checkable, looked up and missing from the list (`known(code)` is
 * false; undefined means not known yet or the lookup failed), and not confirmed by the user. Each
 * code once, in form order.
 */
export function unconfirmedUnknownCodes(
  codes: readonly string[],
  known: (code: string) => boolean | undefined,
  confirmed: ReadonlySet<string>,
): string[] {
  const out: string[] = [];
  for (const raw of codes) {
    const code = normalizeCode(raw);
    if (!code || out.includes(code) || confirmed.has(code) || !isCheckableCode(code)) continue;
    if (known(code) === false) out.push(code);
  }
  return out;
}
