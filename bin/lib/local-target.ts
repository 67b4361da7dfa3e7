/**
 * The local runtime's DynamoDB for the import CLIs (`npm run import:cpt`, `npm run import:nucc`),
 * whether `npm start` runs or not:
 * - a runtime runs on the data directory (it published `local-endpoints.json`, local/running.ts):
 *   write through its emulator's endpoint, exactly as its Lambdas do; nothing to stop;
 * - none runs: open the store `<dataDir>/dynamodb` directly in this process (LevelDB allows one
 *   process), holding the runtime's data-directory lock `<dataDir>/local.pid` meanwhile so that
 *   `npm start` waits for the import to finish.
 */
import { existsSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { ensureLocalCredentials } from '../../local/credentials';
import { appendOnlyTableNames, ensureTables, localDynamoClient, startDynamo } from '../../local/dynamodb';
import { findRunningEndpoints, isProcessAlive } from '../../local/running';

/**
 * Table prefix of the local runtime (`suture-local-cpt-codes`, ...): the same value as LOCAL_PREFIX
 * in local/index.ts, repeated here so that the CLIs do not load the whole runtime.
 */
export const DEFAULT_LOCAL_PREFIX = 'suture-local';
/** The local runtime's data directory: `<project root>/.data`. */
export const DEFAULT_DATA_DIR = resolve(__dirname, '..', '..', '.data');

/** The local store is in use by a process that published no endpoint (e.g. another import). */
export class StoreInUseError extends Error {
  override name = 'StoreInUseError';
}

export interface LocalDynamo {
  description: string;
  client: DynamoDBClient;
  close(): Promise<void>;
}

/**
 * Take the data-directory lock (`<dataDir>/local.pid`, the protocol of local/index.ts).
 * @throws StoreInUseError when a live process holds it.
 */
function lockDataDir(dataDir: string): () => void {
  const file = join(dataDir, 'local.pid');
  if (existsSync(file)) {
    const pid = Number(readFileSync(file, 'utf8').trim());
    if (pid && pid !== process.pid && isProcessAlive(pid)) {
      throw new StoreInUseError(
        `Another process (pid ${pid}) is using ${dataDir} and published no DynamoDB endpoint ` +
          '(an older `npm start`, or another import). Wait for it to finish or restart `npm start`, then try again.',
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
      throw new StoreInUseError(`The local store ${dir} is in use by another process. Try again when it has finished.`);
    }
    throw error;
  } finally {
    await db.close();
  }
}

/** The local DynamoDB (see the module doc), its tables created if missing. */
export async function openLocalDynamo(dataDirInput: string, prefix: string): Promise<LocalDynamo> {
  const dataDir = resolve(dataDirInput);
  const running = findRunningEndpoints(dataDir);
  // The runtime's own credentials, the only ones its DynamoDB endpoint accepts.
  mkdirSync(dataDir, { recursive: true });
  const credentials = ensureLocalCredentials(dataDir);
  if (running) {
    const client = localDynamoClient(running.dynamodb, credentials);
    await ensureTables(client, prefix);
    return {
      description: `the running local server (pid ${running.pid}, DynamoDB ${running.dynamodb})`,
      client,
      close: async () => client.destroy(),
    };
  }
  const dir = join(dataDir, 'dynamodb');
  const release = lockDataDir(dataDir);
  try {
    await assertStoreFree(dir);
    const emulator = await startDynamo(dir, { credentials, appendOnlyTables: appendOnlyTableNames(prefix) });
    const client = localDynamoClient(emulator.endpoint, credentials);
    await ensureTables(client, prefix);
    return {
      description: `local store ${dir}`,
      client,
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
