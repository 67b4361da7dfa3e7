/**
 * The local runtime's Lambda pool (the local API within 1.3x of the raw DynamoDB
 * Query): the Lambda handlers run in a few `worker_threads` Workers of this process instead of on
 * the main thread, which then only routes, checks tokens and writes answers (./gateway.ts,
 * ./lambda-api.ts). On one thread, every request paid in turn for the gateway, the handler and the
 * AWS SDK's per-call work (parsing and unmarshalling DynamoDB's answer, signing, middleware); in the
 * pool, the handlers of several requests run side by side, as separate Lambda instances do.
 *
 * Each thread runs the same handler modules through the same call ({@link invokeHandler} of
 * ./lambda-handlers.ts, in ./lambda-worker.ts), with the Lambda environment given here (table
 * names, SDK endpoints, fake credentials: what the main thread's `process.env` holds when the
 * runtime starts). Several calls run at once in a thread (one event loop, as on the main thread);
 * a call goes to the thread with the fewest calls running (ties in turn).
 *
 * - The threads' stdout and stderr (the handlers' logs) are piped to `stdout` / `stderr` (default
 *   this process's), so the server log keeps them.
 * - A thread that dies (an uncaught error in a handler's stray promise) fails its running calls
 *   (Error `LambdaWorkerExited`), is reported on stderr and replaced.
 * - `close()` refuses new calls, waits for the running ones (at most {@link CLOSE_WAIT_MS}), then
 *   ends every thread and resolves once all have exited: no thread outlives the runtime.
 */
import type { Writable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import { join } from 'node:path';
import type { Resource } from '../lambdas/routes';
import { cpuProfileFlags } from './dynamodb';
import type { InvokeOptions, LambdaInvoker } from './lambda-handlers';
import type { LambdaWorkerCommand, LambdaWorkerData, LambdaWorkerError, LambdaWorkerMessage } from './lambda-worker';

/** The thread's entry (registers tsx's CommonJS hook, then loads ./lambda-worker.ts). */
const WORKER_ENTRY = join(__dirname, 'lambda-worker.cjs');
/** How long close() waits for running calls before it ends the threads anyway (ms). */
export const CLOSE_WAIT_MS = 10_000;
/** How long a thread may take to exit after `close` before it is terminated (ms). */
const EXIT_WAIT_MS = 5_000;

export interface LambdaPoolOptions {
  /** Project root: handlers are `<root>/lambdas/<resource>/handler.ts`. */
  root: string;
  /** Number of threads, 1 or more. */
  size: number;
  /** The Lambda environment of every thread (a copy is taken at start). */
  env: Readonly<Record<string, string | undefined>>;
  /** Where the threads' stdout goes (default process.stdout). */
  stdout?: Writable;
  /** Where the threads' stderr goes (default process.stderr). */
  stderr?: Writable;
}

export interface LambdaPool extends LambdaInvoker {
  /** `worker_threads` ids of the running threads (for tests). */
  threadIds(): number[];
}

interface Pending {
  resolve(value: unknown): void;
  reject(err: Error): void;
  /** The caller takes a string body as bytes (InvokeOptions.bodyBytes). */
  bodyBytes: boolean;
}

interface Slot {
  worker: Worker;
  running: Map<number, Pending>;
  exited: Promise<number>;
}

function rebuildError(error: LambdaWorkerError): Error {
  const err = new Error(error.message);
  err.name = error.name;
  return err;
}

/**
 * Start `size` threads and resolve once each has loaded its entry. Rejects (with every started
 * thread ended) when a thread fails to start. Handlers themselves are loaded on their first call.
 */
export async function startLambdaPool(options: LambdaPoolOptions): Promise<LambdaPool> {
  if (!Number.isInteger(options.size) || options.size < 1) {
    throw new RangeError(`A Lambda pool needs 1 or more threads (got ${options.size})`);
  }
  const env = { ...options.env };
  const stdout = options.stdout ?? process.stdout;
  const stderr = options.stderr ?? process.stderr;
  const slots: Slot[] = [];
  let nextId = 1;
  let turn = 0;
  let closing = false;

  /** Start one thread; resolves with its slot once it is ready. */
  function spawnSlot(): { slot: Slot; ready: Promise<void> } {
    const worker = new Worker(WORKER_ENTRY, {
      // Its CPU profiling flags only (`node --cpu-prof`, bench-api's --server-cpu-prof), as for dynalite.
      execArgv: cpuProfileFlags(process.execArgv),
      env,
      stdout: true,
      stderr: true,
      workerData: { root: options.root } satisfies LambdaWorkerData,
    });
    worker.stdout.pipe(stdout, { end: false });
    worker.stderr.pipe(stderr, { end: false });
    const running = new Map<number, Pending>();
    const exited = new Promise<number>((resolve) => worker.once('exit', resolve));
    const slot: Slot = { worker, running, exited };
    let ready = false;
    const readyPromise = new Promise<void>((resolve, reject) => {
      worker.on('message', (message: LambdaWorkerMessage) => {
        if (message.type === 'ready') {
          ready = true;
          resolve();
          return;
        }
        const pending = running.get(message.id);
        if (!pending) return;
        running.delete(message.id);
        if (!message.ok) pending.reject(rebuildError(message.error));
        else if (!message.bodyBytes) pending.resolve(message.result);
        else {
          const bytes = Buffer.from(message.bodyBytes.buffer, message.bodyBytes.byteOffset, message.bodyBytes.length);
          const body = pending.bodyBytes ? bytes : bytes.toString('utf8');
          pending.resolve({ ...(message.result as object), body });
        }
      });
      worker.on('error', (err) => {
        if (!ready) reject(err);
        else stderr.write(`[local] a Lambda pool thread failed: ${err.name}: ${err.message}\n`);
      });
      void exited.then((code) => {
        if (!ready) reject(new Error(`A Lambda pool thread exited (code ${code}) before it was ready`));
        const lost = [...running.values()];
        running.clear();
        for (const pending of lost) {
          const err = new Error(`The Lambda pool thread running this call exited (code ${code})`);
          err.name = 'LambdaWorkerExited';
          pending.reject(err);
        }
        const at = slots.indexOf(slot);
        if (at >= 0 && !closing) {
          stderr.write(`[local] a Lambda pool thread exited (code ${code}); starting another\n`);
          const next = spawnSlot();
          slots[at] = next.slot;
          next.ready.catch((err: Error) =>
            stderr.write(`[local] a Lambda pool thread did not start: ${err.message}\n`),
          );
        }
      });
    });
    return { slot, ready: readyPromise };
  }

  async function endSlot(slot: Slot): Promise<void> {
    slot.worker.postMessage({ type: 'close' } satisfies LambdaWorkerCommand);
    const timer = setTimeout(() => void slot.worker.terminate(), EXIT_WAIT_MS);
    timer.unref();
    await slot.exited;
    clearTimeout(timer);
  }

  const started = Array.from({ length: options.size }, () => spawnSlot());
  slots.push(...started.map((s) => s.slot));
  try {
    await Promise.all(started.map((s) => s.ready));
  } catch (err) {
    closing = true;
    await Promise.all(slots.map((slot) => slot.worker.terminate()));
    throw err;
  }

  /** The thread with the fewest running calls; among equals, the next in turn. */
  function pick(): Slot {
    let best: Slot | undefined;
    for (let i = 0; i < slots.length; i++) {
      const slot = slots[(turn + i) % slots.length]!;
      if (!best || slot.running.size < best.running.size) best = slot;
    }
    turn = (turn + 1) % slots.length;
    return best!;
  }

  /** Every call not settled yet (close() waits for them). */
  const inflight = new Set<Promise<unknown>>();

  let closed: Promise<void> | undefined;
  return {
    invoke(resource: Resource, event: unknown, timeoutMs: number, invokeOptions?: InvokeOptions): Promise<unknown> {
      if (closing) return Promise.reject(new Error('The Lambda pool is closed'));
      const slot = pick();
      const id = nextId++;
      const call = new Promise((resolve, reject) => {
        slot.running.set(id, { resolve, reject, bodyBytes: invokeOptions?.bodyBytes === true });
        try {
          slot.worker.postMessage({
            type: 'invoke',
            id,
            resource,
            event,
            timeoutMs,
            sentAt: Date.now(),
          } satisfies LambdaWorkerCommand);
        } catch (err) {
          // An event that cannot be cloned.
          slot.running.delete(id);
          reject(err as Error);
        }
      });
      const settled = call.then(
        () => undefined,
        () => undefined,
      );
      inflight.add(settled);
      void settled.then(() => inflight.delete(settled));
      return call;
    },
    threadIds: () => slots.map((slot) => slot.worker.threadId),
    close() {
      closed ??= (async () => {
        closing = true;
        if (inflight.size) {
          let timer: NodeJS.Timeout | undefined;
          await Promise.race([
            Promise.all(inflight),
            new Promise((resolve) => {
              timer = setTimeout(resolve, CLOSE_WAIT_MS);
            }),
          ]);
          clearTimeout(timer);
        }
        await Promise.all(slots.map(endSlot));
      })();
      return closed;
    },
  };
}
