/**
 * CPT codes: the starter list.
 *
 * Forty common surgical procedure codes with labels written for this project in plain words. They
 * are NOT the American Medical Association's CPT descriptors (which this repository must never
 * contain); whoever holds the CMS file imports the real short descriptors with
 * `npm run import:cpt -- PPRRVU<year>_<release>.csv`, which replaces these labels.
 *
 * Exported API:
 * - {@link STARTER_CODES}: the list (`{ cpt_code, cpt_description }`).
 * - {@link STARTER_SOURCE}: `starter`, the `source` attribute of these items.
 * - {@link STARTER_NOTICE}: text for the UI explaining how to import the licensed list.
 * - {@link importStarterList}(deps?) -> CptWriteCounts: idempotent; never overwrites a code that was
 *   imported from a CMS file (those count as `kept`). Called by the local runtime's first-start seed.
 */
import { ddb } from '../lib/aws';
import { STARTER_SOURCE, type CptCodeSummary, type CptRepositoryDeps } from '../data/cpt_codes/repository';
import { cptTablesFromEnv, writeCptRecords, type CptWriteCounts } from '../data/cpt_codes/import';
import { COMMON_PROCEDURES } from '../data/cpt_codes/common';

export { STARTER_SOURCE };

export { CMS_PFS_RVU_PAGE, CPT_STARTER_NOTICE as STARTER_NOTICE } from '../../shared/constants';

/** The starter list: the common procedures with this project's labels, in code order. */
export const STARTER_CODES: readonly CptCodeSummary[] = COMMON_PROCEDURES;

/**
 * Write the starter list (source `starter`) idempotently: new codes are inserted, starter items
 * are left as they are, and codes imported from a CMS file are never replaced (`kept`).
 *
 * @param deps  document client and table names; by default the shared client `ddb()` (endpoint from
 *   the SDK environment) and the tables named by `CPT_CODES_TABLE` / `CPT_SEARCH_TABLE` (throws
 *   CptTablesNotConfiguredError when missing).
 */
export async function importStarterList(deps: Partial<CptRepositoryDeps> = {}): Promise<CptWriteCounts> {
  const tables =
    deps.codesTable && deps.searchTable
      ? { codesTable: deps.codesTable, searchTable: deps.searchTable }
      : cptTablesFromEnv();
  return writeCptRecords([...STARTER_CODES], {
    doc: deps.doc ?? ddb(),
    ...tables,
    source: STARTER_SOURCE,
    mayReplace: (existing) => existing.source === STARTER_SOURCE,
  });
}
