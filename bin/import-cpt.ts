/**
 * `npm run import:cpt -- FILE`: import the CMS PFS Relative Value File (CSV) into the CPT tables
 * (issue 2, section 5). Run with `--help` for the targets and options; the parsing and writing
 * live in `lambdas/cpt_codes/import.ts`, the starter list in `lambdas/cpt_codes/starter.ts`.
 *
 * Targets, first that applies:
 * 1. `--endpoint URL`: a running DynamoDB-compatible endpoint (e.g. one you started yourself).
 * 2. `--local`, or no `CPT_CODES_TABLE` in the environment: the local runtime's store, opened
 *    directly (`<data dir>/dynamodb`, tables created if missing). LevelDB allows one process, so
 *    `npm start` must not be running; the script checks and says so.
 * 3. Otherwise AWS: the tables named by `CPT_CODES_TABLE` and `CPT_SEARCH_TABLE` (or `--stage S`
 *    for `suture-S-cpt-codes` / `suture-S-cpt-search`), with the SDK's usual credentials and region.
 *
 * The whole file is parsed and validated before the target is opened: a refused file writes nothing.
 * Exit codes: 0 done, 1 refused or failed, 2 bad usage.
 */
import { existsSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { CPT_CODES_TABLE, CPT_SEARCH_TABLE, physicalTableName } from '../lambdas/lib/tables';
import {
  CptFileDataError,
  CptFileLayoutError,
  cptTablesFromEnv,
  parsePfsFile,
  writeCptRecords,
  type CptCodeRecord,
  type CptWriteCounts,
} from '../lambdas/cpt_codes/import';
import { STARTER_CODES, STARTER_SOURCE } from '../lambdas/cpt_codes/starter';
import { ensureTables, localDynamoClient, startDynamo } from '../infra/local/dynamodb';

/**
 * Table prefix of the local runtime (`suture-local-cpt-codes`, ...): the same value as LOCAL_PREFIX
 * in infra/local/index.ts, repeated here so that this script does not load the whole runtime.
 */
const DEFAULT_LOCAL_PREFIX = 'suture-local';
/** The local runtime's data directory: `<project root>/.data`. */
const DEFAULT_DATA_DIR = resolve(__dirname, '..', '.data');

const HELP = `Usage: npm run import:cpt -- [options] FILE
       npm run import:cpt -- [options] --starter

Imports the CMS Physician Fee Schedule Relative Value File in CSV (PPRRVU<year>_<release>.csv, from
the RVU zip on CMS's "PFS Relative Value Files" page) into Suture's CPT tables: codes without a
modifier, their short descriptor, status code, global days, RVUs and conversion factor, plus the
search index. Idempotent: a second run of the same file writes nothing and counts them unchanged.
A file of another layout is refused with a message and nothing is written.

Target (first that applies):
  --endpoint URL     a running DynamoDB-compatible endpoint; tables from CPT_CODES_TABLE and
                     CPT_SEARCH_TABLE if set, else <prefix>-cpt-codes / <prefix>-cpt-search
  --local            the local runtime's store, opened directly: <data dir>/dynamodb (this is the
                     default when CPT_CODES_TABLE is not set). Stop \`npm start\` first: its LevelDB
                     store allows one process at a time (the script checks <data dir>/local.pid and
                     holds it while importing). Start it again afterwards: the codes are there.
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

class UsageError extends Error {
  override name = 'UsageError';
}

/** The local store is used by another process (the running `npm start`). */
class StoreInUseError extends Error {
  override name = 'StoreInUseError';
}

interface Target {
  description: string;
  doc: DynamoDBDocumentClient;
  codesTable: string;
  searchTable: string;
  close(): Promise<void>;
}

function documentClient(client: DynamoDBClient): DynamoDBDocumentClient {
  return DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
}

function prefixedTables(prefix: string) {
  return {
    codesTable: physicalTableName(prefix, CPT_CODES_TABLE),
    searchTable: physicalTableName(prefix, CPT_SEARCH_TABLE),
  };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Take the local runtime's data-directory lock (`<dataDir>/local.pid`, the protocol of
 * infra/local/index.ts) so that `npm start` refuses to start while the import runs. Returns the
 * release function.
 * @throws StoreInUseError when a live process (the running `npm start`) holds it.
 */
function lockDataDir(dataDir: string): () => void {
  const file = join(dataDir, 'local.pid');
  if (existsSync(file)) {
    const pid = Number(readFileSync(file, 'utf8').trim());
    if (pid && pid !== process.pid && isAlive(pid)) {
      throw new StoreInUseError(
        `The local runtime (pid ${pid}) is using ${dataDir} (is \`npm start\` running?). ` +
          'Stop it, run the import, then start it again.',
      );
    }
  }
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, String(process.pid));
  return () => {
    try {
      if (readFileSync(file, 'utf8').trim() === String(process.pid)) unlinkSync(file);
    } catch {
      // already gone
    }
  };
}

/** Throws StoreInUseError when another process holds the LevelDB lock of the store. */
async function assertStoreFree(dir: string): Promise<void> {
  if (!existsSync(dir)) return;
  const { Level } = await import('level');
  const db = new Level(dir);
  try {
    await db.open();
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    if (cause?.code === 'LEVEL_LOCKED') {
      throw new StoreInUseError(
        `The local store ${dir} is in use by another process (is \`npm start\` running?). ` +
          'Stop it, run the import, then start it again.',
      );
    }
    throw error;
  } finally {
    await db.close();
  }
}

async function openTarget(values: Record<string, string | boolean | undefined>): Promise<Target> {
  const prefix = (values.prefix as string | undefined) ?? DEFAULT_LOCAL_PREFIX;
  if (values.endpoint) {
    const endpoint = values.endpoint as string;
    const tables = process.env.CPT_CODES_TABLE ? cptTablesFromEnv() : prefixedTables(prefix);
    const client = new DynamoDBClient({
      endpoint,
      region: process.env.AWS_REGION ?? 'us-east-1',
      ...(process.env.AWS_ACCESS_KEY_ID ? {} : { credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }),
    });
    return {
      description: `endpoint ${endpoint}`,
      doc: documentClient(client),
      ...tables,
      close: async () => client.destroy(),
    };
  }
  if (values.local || (!process.env.CPT_CODES_TABLE && !values.stage)) {
    const dataDir = resolve((values['data-dir'] as string | undefined) ?? DEFAULT_DATA_DIR);
    const dir = join(dataDir, 'dynamodb');
    const release = lockDataDir(dataDir);
    try {
      await assertStoreFree(dir);
      const emulator = await startDynamo(dir);
      const client = localDynamoClient(emulator.endpoint);
      await ensureTables(client, prefix);
      return {
        description: `local store ${dir}`,
        doc: documentClient(client),
        ...prefixedTables(prefix),
        close: async () => {
          client.destroy();
          await emulator.close();
          release();
        },
      };
    } catch (error) {
      release();
      throw error;
    }
  }
  const tables = values.stage ? prefixedTables(`suture-${values.stage as string}`) : cptTablesFromEnv();
  const client = new DynamoDBClient({});
  const endpoint = process.env.AWS_ENDPOINT_URL_DYNAMODB;
  return {
    description: endpoint ? `AWS SDK endpoint ${endpoint}` : 'AWS',
    doc: documentClient(client),
    ...tables,
    close: async () => client.destroy(),
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
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      help: { type: 'boolean', short: 'h' },
      starter: { type: 'boolean' },
      local: { type: 'boolean' },
      endpoint: { type: 'string' },
      'data-dir': { type: 'string' },
      prefix: { type: 'string' },
      stage: { type: 'string' },
      concurrency: { type: 'string' },
    },
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
  if (values.starter) {
    records = [...STARTER_CODES];
    source = STARTER_SOURCE;
    console.log(`Starter list: ${records.length} codes.`);
  } else {
    const file = positionals[0]!;
    const parsed = await parsePfsFile(file);
    records = parsed.records;
    source = `cms-pfs:${parsed.fileName}`;
    console.log(
      `Parsed ${parsed.fileName}: ${parsed.rowsRead} rows, ${parsed.modifierRowsSkipped} with a modifier skipped, ` +
        `${parsed.duplicateRowsSkipped} repeated, ${records.length} codes (${Date.now() - started} ms).`,
    );
  }

  const target = await openTarget(values);
  try {
    console.log(`Writing to ${target.description} (tables ${target.codesTable}, ${target.searchTable})...`);
    const counts = await writeCptRecords(records, {
      doc: target.doc,
      codesTable: target.codesTable,
      searchTable: target.searchTable,
      source,
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

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    if (error instanceof UsageError || (error as { code?: string }).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
      console.error(`${(error as Error).message}\n\n${HELP}`);
      process.exitCode = 2;
    } else if (
      error instanceof CptFileLayoutError ||
      error instanceof CptFileDataError ||
      error instanceof StoreInUseError
    ) {
      console.error(error.message);
      process.exitCode = 1;
    } else {
      console.error(error instanceof Error ? `${error.name}: ${error.message}` : String(error));
      process.exitCode = 1;
    }
  },
);
