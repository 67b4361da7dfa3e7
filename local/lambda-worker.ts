/**
 * Entry of a Lambda pool thread (started by `startLambdaPool`, ./lambda-pool.ts; loaded through
 * tsx's CommonJS hook, see ./lambda-worker.cjs). Calls the handlers of `<root>/lambdas/` with
 * {@link invokeHandler}, the same code path as the main thread's, and talks to the pool by messages:
 *
 * - out `{ type: 'ready' }` once listening;
 * - in `{ type: 'invoke', id, resource, event, timeoutMs, sentAt }`: run the handler (several at once,
 *   as one event loop runs them on the main thread) with a context whose deadline is `timeoutMs`
 *   after `sentAt` (ms since the epoch);
 * - out `{ type: 'result', id, ok: true, result, bodyBytes? }` or `{ type: 'result', id, ok: false,
 *   error: { name, message } }` (the handler's error, or a result that cannot cross threads); never a
 *   stack, which may hold PHI. An API answer's string `body` (not `isBase64Encoded`) is sent as
 *   `bodyBytes`, its UTF-8 bytes, moved to the pool's thread (the result then has no `body`): a
 *   string is copied by postMessage at some 2 to 4 µs per KB, the bytes are not copied at all;
 * - in `{ type: 'close' }`: end the thread (exit code 0). The pool sends it once no call is running.
 *
 * The thread's environment is the Lambda environment the pool was given; its stdout and stderr (the
 * handlers' logs) are piped to the pool's outputs.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { Resource } from '../lambdas/routes';
import { invokeHandler } from './lambda-handlers';

/** What `startLambdaPool` passes as `workerData`. */
export interface LambdaWorkerData {
  /** Project root: handlers are `<root>/lambdas/<resource>/handler.ts`. */
  root: string;
}

/** Messages to the worker. */
export type LambdaWorkerCommand =
  | { type: 'invoke'; id: number; resource: Resource; event: unknown; timeoutMs: number; sentAt: number }
  | { type: 'close' };

/** What crosses back for a failed call: the error's name and message only. */
export interface LambdaWorkerError {
  name: string;
  message: string;
}

/** Messages from the worker. */
export type LambdaWorkerMessage =
  | { type: 'ready' }
  | { type: 'result'; id: number; ok: true; result: unknown; bodyBytes?: Uint8Array }
  | { type: 'result'; id: number; ok: false; error: LambdaWorkerError };

const utf8 = new TextEncoder();

/**
 * A successful result's message: the string `body` of an API answer (an object with `statusCode`,
 * not `isBase64Encoded`) moves as UTF-8 bytes.
 */
function resultMessage(id: number, result: unknown): { message: LambdaWorkerMessage; transfer: ArrayBuffer[] } {
  if (result !== null && typeof result === 'object' && 'statusCode' in result) {
    const { body, ...rest } = result as { body?: unknown; isBase64Encoded?: unknown };
    if (typeof body === 'string' && rest.isBase64Encoded !== true) {
      // TextEncoder's array owns its buffer (a Buffer may be a slice of a shared pool), so it can move.
      const bytes = utf8.encode(body);
      return { message: { type: 'result', id, ok: true, result: rest, bodyBytes: bytes }, transfer: [bytes.buffer] };
    }
  }
  return { message: { type: 'result', id, ok: true, result }, transfer: [] };
}

function errorOf(err: unknown): LambdaWorkerError {
  const e = err as Error | undefined;
  return { name: e?.name ?? 'Error', message: e?.message ?? String(err) };
}

function main(): void {
  const port = parentPort;
  if (!port) throw new Error('local/lambda-worker.ts runs as a worker thread (startLambdaPool)');
  const { root } = workerData as LambdaWorkerData;
  const reply = (id: number, outcome: { result: unknown } | { error: unknown }) => {
    if ('error' in outcome) {
      port.postMessage({ type: 'result', id, ok: false, error: errorOf(outcome.error) } satisfies LambdaWorkerMessage);
      return;
    }
    try {
      const { message, transfer } = resultMessage(id, outcome.result);
      port.postMessage(message, transfer);
    } catch (err) {
      // A result that cannot be cloned (a function, a class instance with private state...).
      port.postMessage({ type: 'result', id, ok: false, error: errorOf(err) } satisfies LambdaWorkerMessage);
    }
  };
  port.on('message', (command: LambdaWorkerCommand) => {
    if (command?.type === 'close') {
      // process.exit in a worker ends this thread only (open SDK sockets cannot keep it alive); what
      // the handlers wrote to stdout before is delivered to the pool's outputs first.
      process.exit(0);
    }
    if (command?.type !== 'invoke') return;
    const remaining = Math.max(0, command.timeoutMs - (Date.now() - command.sentAt));
    invokeHandler(root, command.resource, command.event, remaining).then(
      (result) => reply(command.id, { result }),
      (error: unknown) => reply(command.id, { error }),
    );
  });
  port.postMessage({ type: 'ready' } satisfies LambdaWorkerMessage);
}

main();
