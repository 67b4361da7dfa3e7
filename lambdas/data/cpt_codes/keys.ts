/**
 * Keys of the CPT tables: the codes by code and the search index by token prefix.
 * Pure data, no AWS imports: the CDK app and the local runtime read it through lambdas/lib/tables.ts.
 */
import { stringTable } from '../keys';

/** CMS PFS rows keyed by HCPCS/CPT code (no modifier rows). */
export const CPT_CODES_TABLE = stringTable('cpt-codes', 'CPT_CODES_TABLE', ['cpt_code']);

/**
 * Search index for CPT suggestions: one item per (token, code), where the tokens are the code
 * itself and each word of the descriptor, lower-cased. `prefix` is the token's first character;
 * `term_code` is `${token}#${cpt_code}` so that `begins_with(term_code, search)` finds matches.
 * Keys are built only by `cptSearchKey` below.
 */
export const CPT_SEARCH_TABLE = stringTable('cpt-search', 'CPT_SEARCH_TABLE', ['prefix', 'term_code']);

/** Keys of one CPT search-index item for a token (lower-cased word or code) and a code. */
export function cptSearchKey(token: string, cptCode: string): { prefix: string; term_code: string } {
  const t = token.toLowerCase();
  return { prefix: t.charAt(0), term_code: `${t}#${cptCode}` };
}

/** Key condition values to find search-index items whose token starts with `search`. */
export function cptSearchQuery(search: string): { prefix: string; begins: string } {
  const s = search.toLowerCase();
  return { prefix: s.charAt(0), begins: s };
}

/**
 * Key of the one metadata item of the CPT search table (total count of codes and the paging
 * anchors written by the CPT importer, read by `listCptCodes`). Its partition `#meta` starts with
 * `#`, which no search token can (tokens are lower-cased letters and digits), so it never shows up
 * in a search.
 */
export function cptMetaKey(): { prefix: string; term_code: string } {
  return { prefix: '#meta', term_code: 'cpt-codes' };
}
