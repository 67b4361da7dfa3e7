/**
 * Keys of the CPT tables: the codes by code and the search index by token prefix.
 * Pure data, no AWS imports: the CDK app and the local runtime read it through lambdas/lib/tables.ts.
 */
import { stringTable } from '../keys';
import { COMMON_PROCEDURE_CODES } from './common';

/** CMS PFS rows keyed by HCPCS/CPT code (no modifier rows). */
export const CPT_CODES_TABLE = stringTable('cpt-codes', 'CPT_CODES_TABLE', ['cpt_code']);

/**
 * Search index for CPT suggestions: one item per (token, code), where the tokens are the code
 * itself and each word of the descriptor, lower-cased. `prefix` is the token's first character;
 * `term_code` is `${token}#${cpt_code}` for the code's own token and `${token}#${rank}${cpt_code}`
 * for a descriptor word, so that `begins_with(term_code, search)` finds matches and, within a word,
 * common then surgical codes come first ({@link cptRank}). Keys are built only by `cptSearchKey`.
 */
export const CPT_SEARCH_TABLE = stringTable('cpt-search', 'CPT_SEARCH_TABLE', ['prefix', 'term_code']);

/**
 * Layout of the search-index keys, stored on each code item as `index_version`: the importer
 * rewrites the index items of a code stored with an older layout (version 1, absent on the item:
 * `${token}#${cpt_code}` for every token).
 */
export const CPT_INDEX_VERSION = 2;

/** Surgical CPT codes (AMA CPT "Surgery" section), as numbers. */
const SURGICAL_RANGE = { from: 10004, to: 69990 } as const;

/**
 * Rank of a code among the codes sharing a descriptor word, one digit: 0 for a common surgical
 * procedure ({@link COMMON_PROCEDURE_CODES}), 1 for another surgical code (10004-69990), 2 for the
 * rest (anesthesia, radiology, medicine, HCPCS Level II...). docs/decisions/0026-search-and-registry-details.md.
 */
export function cptRank(cptCode: string): '0' | '1' | '2' {
  if (COMMON_PROCEDURE_CODES.has(cptCode)) return '0';
  const n = /^\d{5}$/.test(cptCode) ? Number(cptCode) : NaN;
  return n >= SURGICAL_RANGE.from && n <= SURGICAL_RANGE.to ? '1' : '2';
}

/** Keys of one CPT search-index item for a token (lower-cased word or code) and a code. */
export function cptSearchKey(token: string, cptCode: string): { prefix: string; term_code: string } {
  const t = token.toLowerCase();
  const rank = t === cptCode.toLowerCase() ? '' : cptRank(cptCode);
  return { prefix: t.charAt(0), term_code: `${t}#${rank}${cptCode}` };
}

/** Keys of an index item in the layout before {@link CPT_INDEX_VERSION} 2 (the importer deletes them). */
export function legacyCptSearchKey(token: string, cptCode: string): { prefix: string; term_code: string } {
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
