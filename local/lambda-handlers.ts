/**
 * How the local runtime calls a Lambda handler: the ONE code path for every local invocation, whether
 * it runs on the main thread ({@link inProcessInvoker}) or in a thread of the Lambda pool
 * (./lambda-pool.ts, whose worker ./lambda-worker.ts calls {@link invokeHandler} too).
 *
 * A handler is `<root>/lambdas/<resource>/handler.ts` exporting `handler` (the same modules CDK
 * bundles), loaded on first use and kept (a warm Lambda). It gets the payload v2.0 event (or an
 * Invoke payload) and a Lambda context ({@link lambdaContext}) whose deadline is `timeoutMs` from
 * the call. Product code never knows which thread runs it.
 *
 * This module imports nothing of the gateway (no JWT verifier), so a pool thread loads only the
 * handlers and what they import.
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Context } from 'aws-lambda';
import type { Resource } from '../lambdas/routes';

/** A Lambda handler as the local runtime calls it. */
export type LocalHandler = (event: unknown, context: Context) => Promise<unknown>;

/** How a caller of {@link LambdaInvoker.invoke} takes the result. */
export interface InvokeOptions {
  /**
   * The caller writes an API answer and takes its `body` as bytes: a result object's string `body`
   * (not `isBase64Encoded`) MAY then come as a Buffer of its UTF-8 bytes. The pool does so (the bytes
   * are moved between threads, where a 40 KB string is copied slowly); in process it stays a string.
   */
  bodyBytes?: boolean;
}

/**
 * Calls handlers by resource. `invoke` resolves with the handler's result (see
 * {@link InvokeOptions.bodyBytes}), or rejects with the handler's error (for the pool: an Error of
 * the same `name` and `message`; no stack, which may hold PHI). `close` ends whatever runs the
 * handlers (no-op in process).
 */
export interface LambdaInvoker {
  invoke(resource: Resource, event: unknown, timeoutMs: number, options?: InvokeOptions): Promise<unknown>;
  close(): Promise<void>;
}

/**
 * The Lambda context a local invocation gets: the function `suture-local-<resource>` and a deadline
 * `timeoutMs` from now (the gateway's 30 s integration timeout; the local Invoke API's 30 s).
 */
export function lambdaContext(resource: Resource, timeoutMs: number): Context {
  const deadline = Date.now() + timeoutMs;
  const functionName = `suture-local-${resource}`;
  return {
    callbackWaitsForEmptyEventLoop: true,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:us-east-1:000000000000:function:${functionName}`,
    memoryLimitInMB: '512',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

/** Handlers loaded by this thread, by file (a failed load is forgotten, so that it is tried again). */
const loaded = new Map<string, Promise<LocalHandler>>();

/**
 * The handler of `resource` under `root` (imported on first use, then cached for the thread).
 * Rejects when the file is missing or exports no `handler` function.
 */
export function loadHandler(root: string, resource: Resource): Promise<LocalHandler> {
  const file = join(root, 'lambdas', resource, 'handler.ts');
  let loading = loaded.get(file);
  if (!loading) {
    loading = (async () => {
      if (!existsSync(file)) throw new Error(`No handler for resource ${resource} (${file})`);
      // require, not import(): a pool thread has tsx's CommonJS hook only (./lambda-worker.cjs), and
      // under tsx (bin/local.ts) and jest require loads the TypeScript the same way.
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const mod = require(file) as { handler?: LocalHandler; default?: { handler?: LocalHandler } };
      const handler = mod.handler ?? mod.default?.handler;
      if (typeof handler !== 'function') throw new Error(`${file} does not export handler`);
      return handler;
    })();
    loading.catch(() => loaded.delete(file));
    loaded.set(file, loading);
  }
  return loading;
}

/** Call `resource`'s handler under `root` with `event` and a context of deadline `timeoutMs` from now. */
export async function invokeHandler(
  root: string,
  resource: Resource,
  event: unknown,
  timeoutMs: number,
): Promise<unknown> {
  const handler = await loadHandler(root, resource);
  return handler(event, lambdaContext(resource, timeoutMs));
}

/** Handlers run on the calling thread (tests that build a gateway on fixtures; `lambdaWorkers: 0`). */
export function inProcessInvoker(root: string): LambdaInvoker {
  return {
    invoke: (resource, event, timeoutMs) => invokeHandler(root, resource, event, timeoutMs),
    close: async () => undefined,
  };
}
