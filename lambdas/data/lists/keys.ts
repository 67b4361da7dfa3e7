/**
 * Keys of the reference lists table (payers, NUCC taxonomy, import jobs and their locks).
 * Pure data, no AWS imports: the CDK app and the local runtime read it through lambdas/lib/tables.ts.
 */
import { firstCharacter, stringIndex, stringTable } from '../keys';

/**
 * Reference lists of the back office (spec back-office "List Management"; lambdas/lists): one table, partition
 * `list` (which list), sort `item_id`; index `bySort` (`list`, `sort_key`) orders a list by name.
 * Keys are built only by {@link listKeys}:
 * - payers (Insurance Types): `insurance` / `<id>`, `sort_key` = {@link ownedSortName}([name], id);
 *   a name's uniqueness marker `insurance-name` / `<folded name>`;
 * - NUCC provider taxonomy (Doctor Types): `nucc` / `<code>` (paged in code order on the table);
 *   search items `nucc-term#<first char>` / `<token>#<code>` (Query begins_with, like the CPT search);
 * - import jobs: `job` / `<job id>` (progress of a browser import);
 * - counters and seed marks: `meta` / `insurance` | `nucc`; import locks `meta` / `import-lock#<kind>`.
 */
export const LISTS_TABLE = stringTable(
  'lists',
  'LISTS_TABLE',
  ['list', 'item_id'],
  [stringIndex('bySort', 'list', 'sort_key')],
);

/**
 * Keys of the lists table ({@link LISTS_TABLE}); the only place they are spelled.
 * Folded names: accents removed, lower-cased, spaces collapsed (see {@link foldListName}).
 */
export const listKeys = {
  insurance: (id: string) => ({ list: 'insurance', item_id: id }),
  insuranceName: (name: string) => ({ list: 'insurance-name', item_id: foldListName(name) }),
  nucc: (code: string) => ({ list: 'nucc', item_id: code }),
  /** A search item of the NUCC taxonomy: token (lower-cased word or code) and code. */
  nuccTerm: (token: string, code: string) => {
    const t = token.toLowerCase();
    return { list: `nucc-term#${firstCharacter(t)}`, item_id: `${t}#${code}` };
  },
  job: (jobId: string) => ({ list: 'job', item_id: jobId }),
  meta: (name: 'insurance' | 'nucc') => ({ list: 'meta', item_id: name }),
  /** One import of a list at a time: held from start to the end of the run (or until it expires). */
  importLock: (kind: string) => ({ list: 'meta', item_id: `import-lock#${kind}` }),
} as const;

/** Partition values of the lists table (for Query key conditions). */
export const LIST_PARTITIONS = { insurance: 'insurance', nucc: 'nucc', job: 'job' } as const;

/** A name folded for comparison and ordering: accents removed, lower-cased, spaces collapsed, trimmed. */
export function foldListName(name: string): string {
  return name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}
