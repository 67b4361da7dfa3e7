/**
 * The local runtime's Lambda pool (local/lambda-pool.ts, docs/figures.md: the local API
 * within 1.3x of the raw Query): handlers run in threads of their own with the Lambda environment
 * they were given, calls spread over the threads, errors and logs come back, a dead thread is
 * replaced, and close() leaves no thread behind. Then the whole runtime through the pool: the case
 * Lambda, the Lambda-to-Lambda Invoke API, and a close that ends every thread.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { threadId as mainThreadId } from 'node:worker_threads';
import type { LocalApiEvent } from '../../../local/gateway';
import { startLambdaPool, type LambdaPool } from '../../../local/lambda-pool';
import { useLocalStack } from '../../support/local';
import { ORIGIN_VERIFY_HEADER } from '../../../lambdas/lib/origin';

const FIXTURES = join(__dirname, 'fixtures');
const ENV = {
  CASES_TABLE: 'suture-pool-cases',
  DOCUMENTS_BUCKET: 'suture-pool-documents',
  S3_FORCE_PATH_STYLE: 'true',
  AWS_ENDPOINT_URL_DYNAMODB: 'http://127.0.0.1:1',
  NPPES_API_URL: 'http://127.0.0.1:2/nppes/api/?version=2.1',
};

/** The number of this process's OS threads (Linux /proc): each pool thread adds one while it runs. */
function threadCount(): number {
  return Number(/^Threads:\s+(\d+)$/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1]);
}

/** Wait until the thread count is at most `n` (or 3 s passed, to let the test fail). */
async function threadsDownTo(n: number): Promise<number> {
  const until = Date.now() + 3000;
  while (threadCount() > n && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 20));
  return threadCount();
}

interface Echo {
  event: unknown;
  functionName: string;
  remainingMs: number;
  threadId: number;
  env: Record<string, string>;
}

function echoOf(result: unknown): Echo {
  return JSON.parse((result as { body: string }).body) as Echo;
}

describe('the Lambda pool', () => {
  const pools: LambdaPool[] = [];
  const start = async (size: number, output?: { stdout?: PassThrough; stderr?: PassThrough }) => {
    const pool = await startLambdaPool({ root: FIXTURES, size, env: ENV, ...output });
    pools.push(pool);
    return pool;
  };

  afterAll(async () => {
    await Promise.all(pools.map((pool) => pool.close()));
  });

  it('runs a handler in a thread of its own with the Lambda environment it was given', async () => {
    // Prepare
    const pool = await start(1);

    // Act
    const echo = echoOf(await pool.invoke('case', { rawPath: '/case' }, 30_000));

    // Assess
    expect(echo.threadId).not.toBe(mainThreadId);
    expect(pool.threadIds()).toEqual([echo.threadId]);
    expect(echo.env).toEqual(ENV);
    expect(echo.event).toEqual({ rawPath: '/case' });
    expect(echo.functionName).toBe('suture-local-case');
    expect(echo.remainingMs).toBeGreaterThan(25_000);
    expect(echo.remainingMs).toBeLessThanOrEqual(30_000);
  });

  it('spreads calls that run at the same time over its threads', async () => {
    // Prepare
    const pool = await start(2);

    // Act
    const results = (await Promise.all(
      Array.from({ length: 4 }, () => pool.invoke('document', { action: 'sleep', ms: 150 }, 30_000)),
    )) as { threadId: number }[];

    // Assess
    const used = new Set(results.map((r) => r.threadId));
    expect([...used].sort()).toEqual([...pool.threadIds()].sort());
    expect(used.has(mainThreadId)).toBe(false);
  });

  it("gives an API answer's body as its UTF-8 bytes when asked, and as the same text otherwise", async () => {
    // Prepare
    const pool = await start(1);
    const event = { patient: 'Zoë Núñez ✓' };

    // Act
    const asBytes = (await pool.invoke('case', event, 30_000, { bodyBytes: true })) as { body: unknown };
    const asText = (await pool.invoke('case', event, 30_000)) as { body: unknown; statusCode: number };

    // Assess
    expect(Buffer.isBuffer(asBytes.body)).toBe(true);
    expect(typeof asText.body).toBe('string');
    expect(asText.statusCode).toBe(200);
    expect((asBytes.body as Buffer).toString('utf8')).toContain('"patient":"Zoë Núñez ✓"');
    expect(JSON.parse(asText.body as string).event).toEqual(event);
  });

  it("rejects with the handler's error name and message", async () => {
    // Prepare
    const pool = await start(1);

    // Act
    const outcome = pool.invoke('document', { action: 'throw' }, 30_000);

    // Assess
    await expect(outcome).rejects.toMatchObject({ name: 'CaseConflict', message: 'The case changed meanwhile' });
  });

  it('rejects a result that cannot cross threads, and keeps serving', async () => {
    // Prepare
    const pool = await start(1);

    // Act
    const outcome = pool.invoke('document', { action: 'unclonable' }, 30_000);

    // Assess
    await expect(outcome).rejects.toMatchObject({ name: 'DataCloneError' });
    await expect(pool.invoke('document', { action: 'sleep', ms: 1 }, 30_000)).resolves.toMatchObject({
      threadId: pool.threadIds()[0],
    });
  });

  it('rejects a resource without a handler and keeps serving', async () => {
    // Prepare
    const pool = await start(1);

    // Act
    const outcome = pool.invoke('surgeon', {}, 30_000);

    // Assess
    await expect(outcome).rejects.toThrow(/No handler for resource surgeon/);
    await expect(pool.invoke('case', {}, 30_000)).resolves.toMatchObject({ statusCode: 200 });
  });

  it("pipes the handlers' logs to its output, also those written just before it closes", async () => {
    // Prepare
    const stdout = new PassThrough();
    const chunks: string[] = [];
    stdout.on('data', (chunk: Buffer) => chunks.push(chunk.toString('utf8')));
    const pool = await start(1, { stdout });

    // Act
    await pool.invoke('document', { action: 'log', line: '{"level":"INFO","message":"case listed"}' }, 30_000);
    await pool.close();

    // Assess
    expect(chunks.join('')).toContain('{"level":"INFO","message":"case listed"}\n');
  });

  it('fails the calls of a thread that died, reports it and starts another in its place', async () => {
    // Prepare
    const stderr = new PassThrough();
    const errors: string[] = [];
    stderr.on('data', (chunk: Buffer) => errors.push(chunk.toString('utf8')));
    const pool = await start(1, { stderr });
    const [before] = pool.threadIds();

    // Act
    const outcome = pool.invoke('document', { action: 'crash' }, 30_000);

    // Assess
    await expect(outcome).rejects.toMatchObject({ name: 'LambdaWorkerExited' });
    const after = pool.threadIds();
    expect(after).toHaveLength(1);
    expect(after[0]).not.toBe(before);
    await expect(pool.invoke('document', { action: 'sleep', ms: 1 }, 30_000)).resolves.toEqual({
      threadId: after[0],
    });
    expect(errors.join('')).toMatch(/a Lambda pool thread exited \(code 1\); starting another/);
  });

  it('waits for running calls on close, then ends every thread and refuses new calls', async () => {
    // Prepare
    const threadsBefore = threadCount();
    const pool = await startLambdaPool({ root: FIXTURES, size: 2, env: ENV });
    await Promise.all([
      pool.invoke('document', { action: 'sleep', ms: 1 }, 30_000),
      pool.invoke('document', { action: 'sleep', ms: 1 }, 30_000),
    ]);
    expect(threadCount()).toBeGreaterThanOrEqual(threadsBefore + 2);
    const running = pool.invoke('document', { action: 'sleep', ms: 300 }, 30_000);

    // Act
    await pool.close();

    // Assess
    await expect(running).resolves.toHaveProperty('threadId');
    expect(await threadsDownTo(threadsBefore)).toBeLessThanOrEqual(threadsBefore);
    await expect(pool.invoke('case', {}, 30_000)).rejects.toThrow('The Lambda pool is closed');
  });

  it('refuses a size below one thread', async () => {
    // Act
    const outcome = startLambdaPool({ root: FIXTURES, size: 0, env: ENV });

    // Assess
    await expect(outcome).rejects.toThrow(RangeError);
  });
});

describe('the local runtime with its Lambda pool', () => {
  const local = useLocalStack({ lambdaWorkers: 2 });

  it("serves a provider's case list from the case Lambda in the pool", async () => {
    // Prepare
    const user = await local.createSignedInUser();

    // Act
    const res = await local.api<{ success: boolean; cases: unknown[] }>('GET', '/case', {
      token: user.accessToken,
      query: { user_id: user.sub, limit: 50 },
    });

    // Assess
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, cases: [] });
  });

  it('answers a signed Lambda Invoke from the pool, as one Lambda invoking another', async () => {
    // Prepare: the health route's event, sent through the Invoke API as a payload, with the origin
    // token that CloudFront (here the runtime) gives every API call (lambdas/lib/origin.ts).
    const { LambdaClient, InvokeCommand } = await import('@aws-sdk/client-lambda');
    const client = new LambdaClient({
      region: 'us-east-1',
      endpoint: local.stack.endpoints.lambda,
      credentials: local.stack.credentials,
    });
    const event: Partial<LocalApiEvent> = {
      version: '2.0',
      routeKey: 'GET /case/health',
      rawPath: '/case/health',
      rawQueryString: '',
      headers: { [ORIGIN_VERIFY_HEADER]: process.env.ORIGIN_VERIFY ?? '' },
      requestContext: { http: { method: 'GET', path: '/case/health' } } as LocalApiEvent['requestContext'],
      isBase64Encoded: false,
    };

    // Act
    const out = await client.send(
      new InvokeCommand({ FunctionName: 'suture-local-case', Payload: Buffer.from(JSON.stringify(event)) }),
    );
    client.destroy();

    // Assess
    expect(out.StatusCode).toBe(200);
    expect(out.FunctionError).toBeUndefined();
    const result = JSON.parse(Buffer.from(out.Payload ?? []).toString('utf8')) as { statusCode: number };
    expect(result.statusCode).toBe(200);
  });

  it('ends the Lambda threads and the emulator thread when it closes', async () => {
    // Prepare
    const threadsRunning = threadCount();

    // Act
    await local.stack.close();

    // Assess: the pool's two threads and dynalite's are gone.
    expect(await threadsDownTo(threadsRunning - 3)).toBeLessThanOrEqual(threadsRunning - 3);
  });
});
