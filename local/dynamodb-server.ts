/**
 * The DynamoDB emulator itself, in the current thread: dynalite 4 (LevelDB under `dir`) behind the
 * transaction layer (./dynamo-transactions.ts), with LevelDB iterators closed (./level-iterators.ts),
 * each item's index entries written in one batch (./dynalite-index-writes.ts) and the tables'
 * descriptions kept in memory for the item calls (./dynalite-table-cache.ts).
 *
 * The local runtime does not call this directly: `startDynamo` (./dynamodb.ts) runs it in a
 * `worker_threads` Worker (./dynamodb-worker.ts), so that dynalite has an event loop of its own,
 * like a real DynamoDB is a service of its own (the API within 1.3x of the raw
 * Query). Tests that look inside dynalite (test/integration/local/level-iterators.test.ts) call it
 * in their own thread.
 *
 * dynalite lacks TransactWriteItems / TransactGetItems / UpdateTimeToLive and ignores
 * ReturnValuesOnConditionCheckFailure (facts about the emulators). dynalite listens on an
 * internal 127.0.0.1 port, and the public port checks each request's signature and routes by
 * X-Amz-Target.
 *
 * This module imports no AWS SDK and nothing of lambdas/: the worker loads only what it runs.
 */
import { mkdirSync } from 'node:fs';
import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import dynalite from 'dynalite';
import { DynamoStoreInUseError } from './dynamodb-errors';
import type { DynamoAccessOptions } from './dynamo-access';
import { createDynamoFront } from './dynamo-transactions';
import './level-iterators';
import './dynalite-index-writes';
import './dynalite-table-cache';
import { closeServer, listen } from './util';

/** The emulator running in this thread. */
export interface DynamoServer {
  port: number;
  /** Stops both servers (the answers in flight get up to 3 s) and closes LevelDB (dynalite waits for pending writes). */
  close(): Promise<void>;
}

/** `level` as dynalite loads it (its own dependency, not necessarily the project's). */
function dynalitesLevel(): { Level: new (dir: string) => { open(): Promise<void>; close(): Promise<void> } } {
  return createRequire(require.resolve('dynalite'))('level') as never;
}

/**
 * Throw DynamoStoreInUseError when the LevelDB store of `dir` cannot be locked. dynalite opens its
 * store lazily and only reports a failure on the first request (as an uncaught "Database is not
 * open"), so the store is opened and closed once here first.
 */
async function assertStoreFree(dir: string): Promise<void> {
  const db = new (dynalitesLevel().Level)(dir);
  try {
    await db.open();
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    if (cause?.code === 'LEVEL_LOCKED') throw new DynamoStoreInUseError(dir);
    throw error;
  } finally {
    await db.close();
  }
}

/** How long a close waits for the requests in flight to be answered (ms). */
const CLOSE_GRACE_MS = 3000;

/**
 * Start dynalite with its data in `dir` (created if missing), behind the transaction layer, on
 * 127.0.0.1 (`preferredPort` tried first, else random). The port answers every DynamoDB call
 * dynalite knows plus TransactWriteItems and TransactGetItems, to requests that `access` lets
 * through (./dynamo-access.ts).
 * Throws DynamoStoreInUseError when the store is open elsewhere, and the listen error (e.g.
 * EADDRINUSE) when no port can be bound.
 */
export async function serveDynamo(
  dir: string,
  options: { access: DynamoAccessOptions; preferredPort?: number },
): Promise<DynamoServer> {
  const { access, preferredPort } = options;
  mkdirSync(dir, { recursive: true });
  await assertStoreFree(dir);
  const server: Server = dynalite({ createTableMs: 0, deleteTableMs: 0, updateTableMs: 0, path: dir });
  // dynalite's own port answers nothing here (the front hands it every call); its server's close
  // is what closes the LevelDB store.
  await listen(server, 0, '127.0.0.1');
  const front = createDynamoFront(server, access);
  let port: number;
  try {
    port = await listen(front.server, 0, '127.0.0.1', preferredPort);
  } catch (err) {
    await closeServer(server);
    throw err;
  }
  return {
    port,
    close: async () => {
      // Answers in flight first: LevelDB closed under a reading Query ends the thread with an error.
      await front.close(CLOSE_GRACE_MS);
      await closeServer(server);
    },
  };
}
