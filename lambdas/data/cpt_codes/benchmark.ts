/**
 * CPT codes: what the Medicare benchmark of a case needs from the catalog, read with one
 * BatchGetItem over both CPT tables (the codes' items and the metadata item holding the
 * fee-schedule year). The rule itself is pure: shared/dispute/medicare-benchmark.ts.
 */
import { BatchGetCommand, type BatchGetCommandInput, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../../lib/aws';
import { resendUnprocessed } from '../../lib/dynamo';
import { getEnv } from '../../lib/env';
import { MAX_PROCEDURE_CODES } from '../../../shared/constants';
import {
  computeMedicareBenchmark,
  type BenchmarkCodeInput,
  type MedicareBenchmark,
  type MedicareBenchmarkInput,
} from '../../../shared/dispute/medicare-benchmark';
import { parseItems } from '../item';
import { cptMetaKey } from './keys';
import { CptCatalogMetaSchema, CptCodeItemSchema, type CptRepositoryDeps } from './repository';

/** The attributes a benchmark reads of a code item. */
const BenchmarkCodeSchema = CptCodeItemSchema.pick({
  cpt_code: true,
  facility_total_rvu: true,
  conversion_factor: true,
  mult_proc: true,
});
/** The attributes a benchmark reads of the metadata item. */
const BenchmarkMetaSchema = CptCatalogMetaSchema.pick({ prefix: true, term_code: true, pfs_year: true });

/** A BatchGetItem kept answering UnprocessedKeys after every resend. */
export class CptCatalogReadError extends Error {
  override name = 'CptCatalogReadError';
}

type PendingKey = { table: string; key: Record<string, unknown> };
type BatchRequestItems = NonNullable<BatchGetCommandInput['RequestItems']>;

/**
 * The inputs of {@link computeMedicareBenchmark} for a case's procedure codes: each code (trimmed,
 * upper-cased, empty ones dropped) in the case's order with its facility total (RVU), conversion
 * factor (dollars per RVU) and `MULT PROC` indicator, or the code alone when the catalog does not
 * have it (or has only the starter list's label); `year` from the metadata item (`pfs_year`), null
 * before a CMS import.
 *
 * One BatchGetItem for the distinct codes and the metadata item (projected to the attributes used);
 * UnprocessedKeys are sent again with {@link resendUnprocessed}.
 * @param deps  tables and client; default the Lambda environment's (`CPT_CODES_TABLE`,
 *   `CPT_SEARCH_TABLE`) and the shared client `ddb()`.
 * @throws RangeError when more than MAX_PROCEDURE_CODES (25) distinct codes are given (a case
 *   cannot hold more); CptCatalogReadError when keys stay unprocessed; MalformedItemError for an
 *   item that does not match its schema.
 */
export async function readMedicareBenchmarkInputs(
  codes: readonly string[],
  deps?: CptRepositoryDeps,
): Promise<MedicareBenchmarkInput> {
  const ordered = codes.map((c) => c.trim().toUpperCase()).filter((c) => c !== '');
  const distinct = [...new Set(ordered)];
  if (distinct.length > MAX_PROCEDURE_CODES) {
    throw new RangeError(`At most ${MAX_PROCEDURE_CODES} procedure codes, got ${distinct.length}`);
  }
  const { doc, codesTable, searchTable } = deps ?? defaultDeps();
  const found = new Map<string, BenchmarkCodeInput>();
  let year: number | null = null;

  const pending: PendingKey[] = [
    ...distinct.map((cpt_code) => ({ table: codesTable, key: { cpt_code } })),
    { table: searchTable, key: cptMetaKey() },
  ];
  const left = await resendUnprocessed(pending, async (batch) => {
    const out = await doc.send(new BatchGetCommand({ RequestItems: requestItems(batch, codesTable, searchTable) }));
    for (const item of parseItems(BenchmarkCodeSchema, out.Responses?.[codesTable], codesTable, ['cpt_code'])) {
      found.set(item.cpt_code, {
        code: item.cpt_code,
        facility_total_rvu: item.facility_total_rvu ?? null,
        conversion_factor: item.conversion_factor ?? null,
        mult_proc: item.mult_proc ?? null,
      });
    }
    const [meta] = parseItems(BenchmarkMetaSchema, out.Responses?.[searchTable], searchTable, ['prefix', 'term_code']);
    if (meta) year = meta.pfs_year ?? null;
    return [
      ...(out.UnprocessedKeys?.[codesTable]?.Keys ?? []).map((key) => ({ table: codesTable, key })),
      ...(out.UnprocessedKeys?.[searchTable]?.Keys ?? []).map((key) => ({ table: searchTable, key })),
    ];
  });
  if (left.length > 0) {
    throw new CptCatalogReadError(`${left.length} key(s) stayed unprocessed reading the CPT catalog`);
  }
  return { year, codes: ordered.map((code) => found.get(code) ?? { code }) };
}

/**
 * The Medicare benchmark of a case's procedure codes: {@link readMedicareBenchmarkInputs} then
 * {@link computeMedicareBenchmark} (amounts in dollars with 2 decimals). Same errors as the former.
 */
export async function readMedicareBenchmark(
  codes: readonly string[],
  deps?: CptRepositoryDeps,
): Promise<MedicareBenchmark> {
  return computeMedicareBenchmark(await readMedicareBenchmarkInputs(codes, deps));
}

/** The attributes read of each table: the code's price fields, the metadata item's year. */
const PROJECTIONS = {
  codes: ['cpt_code', 'facility_total_rvu', 'conversion_factor', 'mult_proc'],
  meta: ['prefix', 'term_code', 'pfs_year'],
} as const;

/** RequestItems of one BatchGetItem: the pending keys grouped by table, each table projected. */
function requestItems(batch: PendingKey[], codesTable: string, searchTable: string): BatchRequestItems {
  const items: BatchRequestItems = {};
  for (const [table, attributes] of [
    [codesTable, PROJECTIONS.codes],
    [searchTable, PROJECTIONS.meta],
  ] as const) {
    const keys = batch.filter((p) => p.table === table).map((p) => p.key);
    if (keys.length === 0) continue;
    items[table] = {
      Keys: keys,
      ProjectionExpression: attributes.map((_, i) => `#a${i}`).join(', '),
      ExpressionAttributeNames: Object.fromEntries(attributes.map((name, i) => [`#a${i}`, name])),
    };
  }
  return items;
}

function defaultDeps(): { doc: DynamoDBDocumentClient; codesTable: string; searchTable: string } {
  const env = getEnv();
  return { doc: ddb(), codesTable: env.CPT_CODES_TABLE, searchTable: env.CPT_SEARCH_TABLE };
}
