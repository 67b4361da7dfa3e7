/**
 * DynamoDB emulator for the local runtime: dynalite 4 (LevelDB under `<dataDir>/dynamodb`) behind
 * the transaction layer, run in a worker thread of this process; and the bootstrap of every table
 * of `lambdas/lib/tables.ts` with its GSIs.
 *
 * Why a worker thread (the API within 1.3x of the raw DynamoDB Query): on one
 * event loop, the gateway, the Lambda handlers with the AWS SDK's per-call work and dynalite all
 * shared one core, so every API call paid for the SDK and for dynalite in turn, while a raw Query
 * pays for dynalite only. In a Worker, dynalite has an event loop (and a core) of its own, like a
 * real DynamoDB is a service of its own; it is still inside the one process ("emulators started
 * in-process"). The emulator itself is ./dynamodb-server.ts; the thread's entry ./dynamodb-worker.ts.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ListTablesCommand,
  type AttributeDefinition,
  type CreateTableCommandInput,
} from '@aws-sdk/client-dynamodb';
import type { DynamoWorkerCommand, DynamoWorkerData, DynamoWorkerMessage } from './dynamodb-worker';
import { TABLES, physicalTableName, type TableDef } from '../lambdas/lib/tables';

import { RESOURCE_ACCESS } from '../lambdas/routes';
import { SDK_RETRY } from '../lambdas/lib/aws';
import { credentialMap, type LocalCredentials } from './credentials';
import type { DynamoAccessOptions } from './dynamo-access';
import { DynamoStoreInUseError, storeInUseDir } from './dynamodb-errors';

export { DynamoStoreInUseError };

export interface DynamoEmulator {
  /** e.g. `http://127.0.0.1:41234` */
  endpoint: string;
  port: number;
  /** The worker thread's id (`worker_threads` threadId), for tests. */
  threadId: number;
  /**
   * Stops the server, closes LevelDB (waits for pending writes) and ends the worker thread; resolves
   * once the thread has exited. Idempotent. Rejects when LevelDB could not be closed cleanly.
   */
  close(): Promise<void>;
}

/**
 * The worker thread's entry: a plain CommonJS file that registers tsx's CommonJS hook in the thread
 * and then loads ./dynamodb-worker.ts. A Worker inherits neither jest's transform nor (on Node 20)
 * tsx's ESM loader given by `--import`, so one file that loads itself is the single code path for
 * `tsx bin/local.ts`, the scripts and jest.
 */
const WORKER_ENTRY = join(__dirname, 'dynamodb-worker.cjs');
/** dynalite's own shutdown waits at most 30 s for pending operations; then the thread is ended. */
const CLOSE_TIMEOUT_MS = 35_000;

/** The `--cpu-prof*` flags of a process's execArgv (with their values), for a Worker. */
export function cpuProfileFlags(execArgv: readonly string[]): string[] {
  const flags: string[] = [];
  for (let i = 0; i < execArgv.length; i++) {
    const arg = execArgv[i]!;
    if (!arg.startsWith('--cpu-prof')) continue;
    flags.push(arg);
    const takesValue = /^--cpu-prof-(dir|name|interval)$/.test(arg);
    if (takesValue && i + 1 < execArgv.length) flags.push(execArgv[++i]!);
  }
  return flags;
}

/** The worker's error as an Error of this thread (DynamoStoreInUseError rebuilt as such). */
function workerError(error: { name: string; message: string; code?: string }): Error {
  const dir = error.name === 'DynamoStoreInUseError' ? storeInUseDir(error.message) : undefined;
  if (dir !== undefined) return new DynamoStoreInUseError(dir);
  const err = new Error(error.message) as NodeJS.ErrnoException;
  err.name = error.name;
  if (error.code) err.code = error.code;
  return err;
}

export interface StartDynamoOptions {
  /** The only credentials the endpoint accepts (SigV4-signed requests: ./dynamo-access.ts). */
  credentials: LocalCredentials;
  /** Physical names of the append-only tables ({@link appendOnlyTableNames}); default none. */
  appendOnlyTables?: readonly string[];
  /** Port tried first (else a random one). */
  preferredPort?: number;
}

/**
 * The physical names of the tables the Lambdas may only append to (`append` of RESOURCE_ACCESS,
 * granted PutItem alone on AWS), under `prefix`.
 */
export function appendOnlyTableNames(prefix: string): string[] {
  const envVars = new Set(Object.values(RESOURCE_ACCESS).flatMap((access) => access.append));
  return TABLES.filter((def) => envVars.has(def.envVar)).map((def) => physicalTableName(prefix, def));
}

/**
 * Start dynalite with its data in `dir` (created if missing), behind the transaction layer, on
 * 127.0.0.1 (`preferredPort` tried first, else random), in a worker thread of this process. The
 * endpoint answers every DynamoDB call dynalite knows plus TransactWriteItems and TransactGetItems,
 * to requests signed with `credentials`, and keeps `appendOnlyTables` append-only (./dynamo-access.ts).
 *
 * Rejects, with nothing left running, when the store is open elsewhere (DynamoStoreInUseError,
 * code `LEVEL_LOCKED`: another process, or another emulator of this process on the same `dir`),
 * when no port can be bound (the listen error, e.g. code `EADDRINUSE`), or when the worker dies
 * while starting. Should the worker die later, the endpoint stops answering (connection refused)
 * and the cause is written to stderr; close() then resolves at once.
 */
export async function startDynamo(dir: string, options: StartDynamoOptions): Promise<DynamoEmulator> {
  const { preferredPort } = options;
  const access: DynamoAccessOptions = {
    credentials: credentialMap(options.credentials),
    appendOnlyTables: options.appendOnlyTables ?? [],
  };
  mkdirSync(dir, { recursive: true });
  const worker = new Worker(WORKER_ENTRY, {
    // Not the parent's loader flags (the entry loads what it needs); its CPU profiling flags, so
    // that `node --cpu-prof` (bench-api's --server-cpu-prof) profiles the emulator's thread too.
    execArgv: cpuProfileFlags(process.execArgv),
    // A young generation larger than V8's default: dynalite's short-lived request and item objects
    // then cost fewer scavenges (a bulk write spent a third of the thread's CPU collecting).
    resourceLimits: { maxYoungGenerationSizeMb: 64 },
    workerData: { dir, preferredPort, access } satisfies DynamoWorkerData,
  });
  const threadId = worker.threadId;
  let ready = false;
  let closing = false;
  let died = false;
  let closeError: Error | undefined;
  const exited = new Promise<number>((resolve) => worker.once('exit', resolve));

  const port = await new Promise<number>((resolve, reject) => {
    worker.on('message', (message: DynamoWorkerMessage) => {
      if (message.type === 'ready' && !ready) {
        ready = true;
        resolve(message.port);
      } else if (message.type === 'failed') {
        if (ready) closeError = workerError(message.error);
        else reject(workerError(message.error));
      }
    });
    worker.on('error', (err) => {
      if (!ready) reject(err);
      else console.error(`[local] the DynamoDB emulator stopped: ${err.message}`);
    });
    void exited.then((code) => {
      if (!ready) reject(new Error(`The DynamoDB emulator's worker exited (code ${code}) before it was ready`));
      else if (!closing) {
        died = true;
        console.error(`[local] the DynamoDB emulator's worker exited (code ${code})`);
      }
    });
  });

  let closed: Promise<void> | undefined;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    port,
    threadId,
    close: () => {
      closed ??= (async () => {
        if (died) return;
        closing = true;
        worker.postMessage({ type: 'close' } satisfies DynamoWorkerCommand);
        const timer = setTimeout(() => void worker.terminate(), CLOSE_TIMEOUT_MS);
        timer.unref();
        const code = await exited;
        clearTimeout(timer);
        if (closeError) throw closeError;
        if (code !== 0 && code !== undefined) {
          throw new Error(`The DynamoDB emulator's worker exited with code ${code} while closing`);
        }
      })();
      return closed;
    },
  };
}

/** CreateTable input for a table definition (on-demand billing, GSIs projecting all attributes). */
export function createTableInput(prefix: string, def: TableDef): CreateTableCommandInput {
  const attributes = new Map<string, AttributeDefinition>();
  const add = (k: { name: string; type: 'S' | 'N' }) =>
    attributes.set(k.name, { AttributeName: k.name, AttributeType: k.type });
  add(def.partitionKey);
  if (def.sortKey) add(def.sortKey);
  for (const gsi of def.globalSecondaryIndexes) {
    add(gsi.partitionKey);
    if (gsi.sortKey) add(gsi.sortKey);
  }
  return {
    TableName: physicalTableName(prefix, def),
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: [...attributes.values()],
    KeySchema: [
      { AttributeName: def.partitionKey.name, KeyType: 'HASH' },
      ...(def.sortKey ? [{ AttributeName: def.sortKey.name, KeyType: 'RANGE' as const }] : []),
    ],
    GlobalSecondaryIndexes: def.globalSecondaryIndexes.length
      ? def.globalSecondaryIndexes.map((gsi) => ({
          IndexName: gsi.indexName,
          KeySchema: [
            { AttributeName: gsi.partitionKey.name, KeyType: 'HASH' as const },
            ...(gsi.sortKey ? [{ AttributeName: gsi.sortKey.name, KeyType: 'RANGE' as const }] : []),
          ],
          Projection: { ProjectionType: 'ALL' as const },
        }))
      : undefined,
  };
}

/**
 * Wait until every table of `names` is ACTIVE. dynalite answers CreateTable with the table
 * CREATING and makes it ACTIVE on a timer (`createTableMs: 0` is the next turn of its event loop,
 * later on a busy machine); until then every item call on it answers ResourceNotFoundException.
 * Polls DescribeTable every 10 ms.
 * @throws Error naming the table when it is not ACTIVE after `timeoutMs` (default 10,000 ms)
 */
export async function waitForActiveTables(
  client: DynamoDBClient,
  names: readonly string[],
  timeoutMs = 10_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (const name of names) {
    while ((await client.send(new DescribeTableCommand({ TableName: name }))).Table?.TableStatus !== 'ACTIVE') {
      if (Date.now() > deadline) throw new Error(`DynamoDB table ${name} is not ACTIVE after ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
}

/**
 * Create every table of TABLES named `${prefix}-${id}` that does not exist yet (idempotent), and wait
 * until they are ACTIVE ({@link waitForActiveTables}). Returns the names created by this call.
 */
export async function ensureTables(client: DynamoDBClient, prefix: string): Promise<string[]> {
  const existing = new Set<string>();
  let start: string | undefined;
  do {
    const page = await client.send(new ListTablesCommand({ ExclusiveStartTableName: start }));
    for (const name of page.TableNames ?? []) existing.add(name);
    start = page.LastEvaluatedTableName;
  } while (start);

  const created: string[] = [];
  for (const def of TABLES) {
    const input = createTableInput(prefix, def);
    if (existing.has(input.TableName!)) continue;
    await client.send(new CreateTableCommand(input));
    created.push(input.TableName!);
  }
  await waitForActiveTables(client, created);
  return created;
}

/** A DynamoDB client for the emulator at `endpoint`, signing with the runtime's `credentials`. */
export function localDynamoClient(endpoint: string, credentials: LocalCredentials): DynamoDBClient {
  // A copy: the SDK marks the credentials object it is given (`$source`).
  return new DynamoDBClient({ ...SDK_RETRY, region: 'us-east-1', endpoint, credentials: { ...credentials } });
}
