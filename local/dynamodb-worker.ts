/**
 * Entry of the DynamoDB emulator's worker thread (started by `startDynamo`, ./dynamodb.ts; loaded
 * through tsx's loader, see there). Runs `serveDynamo` (./dynamodb-server.ts) on the directory,
 * preferred port and access rules of its `workerData` and talks to the thread that started it by messages:
 *
 * - out `{ type: 'ready', port }` once both servers listen;
 * - out `{ type: 'failed', error: { name, message, code? } }` when the start fails; the thread then
 *   ends (exit code 1);
 * - in `{ type: 'close' }`: stop the servers, close LevelDB, then end the thread (exit code 0; on a
 *   failed close, `{ type: 'failed', ... }` first and exit code 1).
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { DynamoAccessOptions } from './dynamo-access';
import { serveDynamo, type DynamoServer } from './dynamodb-server';

/** What `startDynamo` passes as `workerData`. */
export interface DynamoWorkerData {
  dir: string;
  preferredPort?: number;
  /** Who may call the emulator, and what (./dynamo-access.ts). */
  access: DynamoAccessOptions;
}

/** Messages from the worker. */
export type DynamoWorkerMessage =
  { type: 'ready'; port: number } | { type: 'failed'; error: { name: string; message: string; code?: string } };

/** Messages to the worker. */
export interface DynamoWorkerCommand {
  type: 'close';
}

function failed(err: unknown): DynamoWorkerMessage {
  const e = err as NodeJS.ErrnoException;
  return {
    type: 'failed',
    error: { name: e?.name ?? 'Error', message: e?.message ?? String(err), code: e?.code },
  };
}

async function main(): Promise<void> {
  const port = parentPort;
  if (!port) throw new Error('local/dynamodb-worker.ts runs as a worker thread (startDynamo)');
  const { dir, preferredPort, access } = workerData as DynamoWorkerData;
  let server: DynamoServer;
  try {
    server = await serveDynamo(dir, { access, preferredPort });
  } catch (err) {
    port.postMessage(failed(err));
    process.exit(1);
  }
  port.on('message', (command: DynamoWorkerCommand) => {
    if (command?.type !== 'close') return;
    // process.exit in a worker ends this thread only; nothing left behind can keep it alive.
    server.close().then(
      () => process.exit(0),
      (err: unknown) => {
        port.postMessage(failed(err));
        process.exit(1);
      },
    );
  });
  port.postMessage({ type: 'ready', port: server.port } satisfies DynamoWorkerMessage);
}

void main();
