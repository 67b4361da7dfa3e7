/**
 * `npm run import:nucc -- FILE`: import the NUCC Health Care Provider Taxonomy CSV
 * (nucc_taxonomy_<version>.csv from nucc.org) into the Doctor Types list. The
 * parsing and writing live in `lambdas/data/lists/nucc.ts`, shared with the browser import of List
 * Management. Run with `--help` for the targets.
 *
 * Targets, first that applies: `--endpoint URL`; `--local` or no `LISTS_TABLE` in the environment:
 * the local runtime's DynamoDB (through the running `npm start`, else its store opened directly;
 * bin/lib/local-target.ts); otherwise AWS: the table named by `LISTS_TABLE` (or `--stage S` for
 * `suture-S-lists`). The whole file is parsed and validated before the target is opened.
 * Exit codes: 0 done, 1 refused or failed, 2 bad usage.
 */
// Before the SDK loads: it warns once per process on Node < 22; package.json's engines says what is supported.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
import { LISTS_TABLE } from '../lambdas/data/lists/keys';
import { physicalTableName } from '../lambdas/lib/tables';
import { NuccFileDataError, NuccFileLayoutError, parseNuccFile, writeNuccRecords } from '../lambdas/data/lists/nucc';
import { DEFAULT_LOCAL_PREFIX, StoreInUseError } from './lib/local-target';
import { openDynamoTarget, parseImportArgs } from './lib/dynamo-target';
import { UsageError, assertReadableFile, runCli } from './lib/cli';

const HELP = `Usage: npm run import:nucc -- [options] FILE

Imports the NUCC Health Care Provider Taxonomy code set in CSV (nucc_taxonomy_<version>.csv from
nucc.org; header Code,Grouping,Classification,Specialization,Definition,Notes,Display Name,Section)
into Suture's Doctor Types list, with its search index. Idempotent: a second run writes nothing.
A file of another layout is refused with a message and nothing is written.

Target (first that applies):
  --endpoint URL     a running DynamoDB-compatible endpoint (table <prefix>-lists)
  --local            the local runtime's DynamoDB (default when LISTS_TABLE is not set): through the
                     running \`npm start\` if there is one, else its store opened directly
  (AWS)              LISTS_TABLE set (or --stage S: suture-S-lists), the SDK's usual credentials

Options:
  --data-dir DIR     local data directory (default <project>/.data)
  --prefix P         table prefix for --local / --endpoint (default ${DEFAULT_LOCAL_PREFIX})
  --stage S          AWS table of stage S
  -h, --help         this text

Example: npm run import:nucc -- ../shared/data/nucc/nucc_taxonomy_251.csv`;

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseImportArgs(argv, {});
  if (values.help) {
    console.log(HELP);
    return 0;
  }
  if (positionals.length !== 1) throw new UsageError('Give exactly one FILE.');
  assertReadableFile(positionals[0]!);
  const started = Date.now();
  const parsed = await parseNuccFile(positionals[0]!);
  console.log(`Parsed ${parsed.fileName}: ${parsed.rowsRead} rows, ${parsed.records.length} codes.`);

  const target = await openDynamoTarget(values, Boolean(process.env.LISTS_TABLE));
  try {
    const table =
      target.tablePrefix === undefined
        ? process.env.LISTS_TABLE!.trim()
        : physicalTableName(target.tablePrefix, LISTS_TABLE);
    console.log(`Writing to ${target.description} (table ${table})...`);
    const counts = await writeNuccRecords(parsed.records, {
      doc: target.doc,
      table,
      source: `nucc:${parsed.fileName}`,
    });
    console.log(
      `Done in ${((Date.now() - started) / 1000).toFixed(1)} s: ${counts.inserted} inserted, ${counts.updated} updated, ` +
        `${counts.unchanged} unchanged; search index: ${counts.searchItemsWritten} written, ` +
        `${counts.searchItemsDeleted} deleted; ${counts.totalCodes} codes in the list.`,
    );
  } finally {
    await target.close();
  }
  return 0;
}

runCli(main, { help: HELP, expected: [NuccFileLayoutError, NuccFileDataError, StoreInUseError] });
