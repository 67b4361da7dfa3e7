/**
 * `npm run import:cpt -- FILE`: import the CMS PFS Relative Value File (CSV) into the CPT tables
 * (docs/features.md, "CPT codes"). Run with `--help` for the targets and options; the parsing and writing
 * live in `lambdas/data/cpt_codes/import.ts`, the starter list in `lambdas/cpt_codes/starter.ts`.
 *
 * Targets, first that applies:
 * 1. `--endpoint URL`: a running DynamoDB-compatible endpoint (e.g. one you started yourself).
 * 2. `--local`, or no `CPT_CODES_TABLE` in the environment: the local runtime's DynamoDB: through
 *    the running `npm start` when there is one (its emulator's endpoint), else the store opened
 *    directly (`<data dir>/dynamodb`, tables created if missing); see bin/lib/local-target.ts.
 *    `npm start` no longer needs stopping.
 * 3. Otherwise AWS: the tables named by `CPT_CODES_TABLE` and `CPT_SEARCH_TABLE` (or `--stage S`
 *    for `suture-S-cpt-codes` / `suture-S-cpt-search`), with the SDK's usual credentials and region.
 *
 * The whole file is parsed and validated before the target is opened: a refused file writes nothing.
 * Exit codes: 0 done, 1 refused or failed, 2 bad usage.
 */
import { CPT_CODES_TABLE, CPT_SEARCH_TABLE } from '../lambdas/data/cpt_codes/keys';
import { physicalTableName } from '../lambdas/lib/tables';
import {
  CptFileDataError,
  CptFileLayoutError,
  cptTablesFromEnv,
  parsePfsFile,
  writeCptRecords,
  type CptCodeRecord,
  type CptWriteCounts,
} from '../lambdas/data/cpt_codes/import';
import { STARTER_CODES, STARTER_SOURCE } from '../lambdas/cpt_codes/starter';
import { DEFAULT_LOCAL_PREFIX, StoreInUseError } from './lib/local-target';
import { openDynamoTarget, parseImportArgs, type DynamoTarget } from './lib/dynamo-target';
import { UsageError, assertReadableFile, runCli } from './lib/cli';

const HELP = `Usage: npm run import:cpt -- [options] FILE
       npm run import:cpt -- [options] --starter

Imports the CMS Physician Fee Schedule Relative Value File in CSV (PPRRVU<year>_<release>.csv, from
the RVU zip on CMS's "PFS Relative Value Files" page) into Suture's CPT tables: codes without a
modifier, their short descriptor, status code, global days, multiple-procedure indicator, RVUs and
conversion factor, the fee-schedule year, plus the search index. Idempotent: a second run of the
same file writes nothing and counts them unchanged. A file of another layout is refused with a
message and nothing is written.

Target (first that applies):
  --endpoint URL     a running DynamoDB-compatible endpoint; tables from CPT_CODES_TABLE and
                     CPT_SEARCH_TABLE if set, else <prefix>-cpt-codes / <prefix>-cpt-search
  --local            the local runtime's DynamoDB (the default when CPT_CODES_TABLE is not set):
                     through the running \`npm start\` if there is one, else its store
                     <data dir>/dynamodb opened directly (\`npm start\` then waits for the import).
                     The List Management screen imports the same file from the browser.
  (AWS)              when CPT_CODES_TABLE and CPT_SEARCH_TABLE are set (or --stage S is given):
                     the real tables, with the AWS SDK's usual credentials and region
                     (AWS_PROFILE / AWS_REGION ...; AWS_ENDPOINT_URL_DYNAMODB is honoured)

Options:
  --starter          import Suture's starter list (own labels) instead of a file
  --data-dir DIR     local data directory (default <project>/.data, the one \`npm start\` uses)
  --prefix P         table prefix for --local / --endpoint (default ${DEFAULT_LOCAL_PREFIX})
  --stage S          AWS tables of stage S: suture-S-cpt-codes / suture-S-cpt-search
  --concurrency N    BatchWriteItem requests in flight (default 4)
  -h, --help         this text

Example: npm run import:cpt -- ../shared/data/cms/PPRRVU2025_Oct.csv`;

/** The two CPT tables of a target: named by its prefix, or by the table variables. */
function cptTables(target: DynamoTarget): { codesTable: string; searchTable: string } {
  const fromVariables = target.tablePrefix === undefined || (target.kind === 'endpoint' && process.env.CPT_CODES_TABLE);
  if (fromVariables) return cptTablesFromEnv();
  return {
    codesTable: physicalTableName(target.tablePrefix!, CPT_CODES_TABLE),
    searchTable: physicalTableName(target.tablePrefix!, CPT_SEARCH_TABLE),
  };
}

/** Prints "<phase>: done/total (n%)" at each 10% step of phases of 1,000 items or more. */
function progressPrinter(): (phase: string, done: number, total: number) => void {
  const last = new Map<string, number>();
  return (phase, done, total) => {
    if (total < 1000) return;
    const step = total === 0 ? 10 : Math.floor((done / total) * 10);
    if ((last.get(phase) ?? -1) >= step) return;
    last.set(phase, step);
    console.log(`  ${phase}: ${done}/${total} (${step * 10}%)`);
  };
}

function formatCounts(c: CptWriteCounts): string {
  return (
    `${c.inserted} inserted, ${c.updated} updated, ${c.unchanged} unchanged, ${c.kept} kept; ` +
    `search index: ${c.searchItemsWritten} written, ${c.searchItemsDeleted} deleted; ` +
    `${c.codeItemsWritten} code items written; metadata ${c.metaWritten ? 'written' : 'unchanged'}; ` +
    `${c.totalCodes} codes in the table`
  );
}

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseImportArgs(argv, {
    starter: { type: 'boolean' },
    concurrency: { type: 'string' },
  });
  if (values.help) {
    console.log(HELP);
    return 0;
  }
  if (values.starter ? positionals.length !== 0 : positionals.length !== 1) {
    throw new UsageError('Give exactly one FILE (or --starter without a file).');
  }
  const concurrency = values.concurrency === undefined ? 4 : Number(values.concurrency);
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 32) {
    throw new UsageError('--concurrency must be an integer from 1 to 32.');
  }

  const started = Date.now();
  let records: CptCodeRecord[];
  let source: string;
  let pfsYear: number | undefined;
  if (values.starter) {
    records = [...STARTER_CODES];
    source = STARTER_SOURCE;
    console.log(`Starter list: ${records.length} codes.`);
  } else {
    const file = positionals[0]!;
    assertReadableFile(file);
    const parsed = await parsePfsFile(file);
    records = parsed.records;
    source = `cms-pfs:${parsed.fileName}`;
    pfsYear = parsed.year;
    console.log(
      `Parsed ${parsed.fileName}: ${parsed.rowsRead} rows, ${parsed.modifierRowsSkipped} with a modifier skipped, ` +
        `${parsed.duplicateRowsSkipped} repeated, ${records.length} codes (${Date.now() - started} ms).`,
    );
  }

  const target = await openDynamoTarget(values, Boolean(process.env.CPT_CODES_TABLE));
  try {
    const { codesTable, searchTable } = cptTables(target);
    console.log(`Writing to ${target.description} (tables ${codesTable}, ${searchTable})...`);
    const counts = await writeCptRecords(records, {
      doc: target.doc,
      codesTable,
      searchTable,
      source,
      pfsYear,
      concurrency,
      ...(values.starter ? { mayReplace: (existing) => existing.source === STARTER_SOURCE } : {}),
      onProgress: progressPrinter(),
    });
    console.log(`Done in ${((Date.now() - started) / 1000).toFixed(1)} s: ${formatCounts(counts)}.`);
  } finally {
    await target.close();
  }
  return 0;
}

runCli(main, { help: HELP, expected: [CptFileLayoutError, CptFileDataError, StoreInUseError] });
