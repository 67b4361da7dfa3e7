/**
 * A thin local answer to the Lambda Invoke API (`POST {prefix}/2015-03-31/functions/{name}/invocations`),
 * so that one Lambda can invoke another locally exactly as on AWS (`AWS_ENDPOINT_URL_LAMBDA`
 * points here; lambdas/lib/invoke.ts). Used by the case Lambda to have the document Lambda delete a
 * deleted case's files.
 *
 * - The request must carry a valid SigV4 header signature for service `lambda` made with the
 *   runtime's own credentials (local/credentials.ts), else 403 as Lambda refuses it
 *   (`x-amzn-errortype` UnrecognizedClientException, InvalidSignatureException, ...).
 * - Function names are `suture-local-{resource}`; unknown: 404 ResourceNotFoundException.
 * - `X-Amz-Invocation-Type: Event`: 202 at once and the handler runs in the background
 *   ({@link LambdaApi.idle} waits for those runs); otherwise the handler's result with 200.
 * - Payload at most 256 KB (413 otherwise, as soon as the limit is passed), as for asynchronous
 *   invocations on AWS.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { RESOURCES, type Resource } from '../lambdas/routes';
import { jsonServiceRefusal, verifySignedPost } from './sigv4';
import { BodyTooLargeError, readBody } from './util';

/** Deadline of an invoked handler (ms), as the context reports it. */
const INVOKE_TIMEOUT_MS = 30_000;

export const MAX_ASYNC_PAYLOAD_BYTES = 256 * 1024;

export interface LambdaApiOptions {
  prefix: string;
  /** Local function name prefix: `suture-local` -> `suture-local-document`. */
  functionPrefix: string;
  /** Secret per access key id: the runtime's own credentials. */
  credentials: Readonly<Record<string, string>>;
  /**
   * Call a resource's handler (the gateway's `invoke`: the Lambda pool, or this thread) with a
   * payload and a context of deadline `timeoutMs`; resolves with its result, rejects with its error.
   */
  invoke(resource: Resource, payload: unknown, timeoutMs: number): Promise<unknown>;
  log?: (line: string) => void;
}

export interface LambdaApi {
  handle(req: IncomingMessage, res: ServerResponse, rawPath: string, rawQuery: string): Promise<number>;
  /** Resolves when every background (Event) invocation started so far has finished. */
  idle(): Promise<void>;
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): number {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(text)),
    ...headers,
  });
  res.end(text);
  return status;
}

export function createLambdaApi(options: LambdaApiOptions): LambdaApi {
  const running = new Set<Promise<unknown>>();
  const pattern = new RegExp(`^${options.prefix}/2015-03-31/functions/([^/]+)/invocations$`);

  async function handle(req: IncomingMessage, res: ServerResponse, rawPath: string, rawQuery: string) {
    let body: Buffer;
    try {
      body = await readBody(req, MAX_ASYNC_PAYLOAD_BYTES);
    } catch (err) {
      if (!(err instanceof BodyTooLargeError)) throw err;
      const message = `Request must be smaller than ${MAX_ASYNC_PAYLOAD_BYTES} bytes`;
      return sendJson(res, 413, { Type: 'User', message }, { connection: 'close' });
    }
    if (req.method !== 'POST') return sendJson(res, 405, { message: 'Method Not Allowed' });
    const verdict = await verifySignedPost(
      { headers: req.headers, rawPath, rawQuery, body },
      { credentials: options.credentials, service: 'lambda' },
    );
    if (!verdict.ok) {
      const refusal = jsonServiceRefusal(verdict);
      return sendJson(res, 403, { Type: 'User', message: refusal.message }, { 'x-amzn-errortype': refusal.type });
    }
    const match = pattern.exec(rawPath);
    const name = match ? decodeURIComponent(match[1] as string) : '';
    const resource = name.startsWith(`${options.functionPrefix}-`)
      ? (name.slice(options.functionPrefix.length + 1) as Resource)
      : undefined;
    if (!resource || !(RESOURCES as readonly string[]).includes(resource)) {
      return sendJson(
        res,
        404,
        { Type: 'User', message: `Function not found: ${name}` },
        { 'x-amzn-errortype': 'ResourceNotFoundException' },
      );
    }
    let payload: unknown;
    try {
      payload = body.length ? JSON.parse(body.toString('utf8')) : {};
    } catch {
      return sendJson(res, 400, { Type: 'User', message: 'Could not parse request body into json' });
    }
    const run = () => options.invoke(resource, payload, INVOKE_TIMEOUT_MS);
    if (String(req.headers['x-amz-invocation-type'] ?? 'RequestResponse') === 'Event') {
      const p = run()
        .catch((err: unknown) => {
          options.log?.(
            `[lambda] ${name} async invocation failed: ${(err as Error)?.name}: ${(err as Error)?.message}`,
          );
        })
        .finally(() => running.delete(p));
      running.add(p);
      res.writeHead(202, { 'content-length': '0' });
      res.end();
      return 202;
    }
    try {
      return sendJson(res, 200, (await run()) ?? null);
    } catch (err) {
      return sendJson(
        res,
        200,
        { errorType: (err as Error)?.name ?? 'Error', errorMessage: (err as Error)?.message ?? String(err) },
        { 'x-amz-function-error': 'Unhandled' },
      );
    }
  }

  return {
    handle,
    idle: async () => {
      while (running.size) await Promise.allSettled([...running]);
    },
  };
}
