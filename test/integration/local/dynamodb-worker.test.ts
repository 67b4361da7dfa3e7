/**
 * The local DynamoDB emulator runs in a worker thread of the process (local/dynamodb.ts,
 * docs/figures.md: the API within 1.3x of the raw Query): it answers from its own thread, its
 * close() ends that thread, its data survives a restart, and a second emulator on the same data
 * directory is refused with a clear error instead of failing on its first request.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CreateTableCommand,
  DescribeTableCommand,
  GetItemCommand,
  ListTablesCommand,
  PutItemCommand,
  ScanCommand,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import {
  DynamoStoreInUseError,
  cpuProfileFlags,
  localDynamoClient,
  startDynamo,
  type DynamoEmulator,
} from '../../../local/dynamodb';

/** The number of this process's OS threads (Linux /proc): a worker adds one while it runs. */
function threadCount(): number {
  return Number(/^Threads:\s+(\d+)$/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1]);
}

/** Wait until the thread count is at most `n` (or 2 s passed, to let the test fail). */
async function threadsDownTo(n: number): Promise<number> {
  const until = Date.now() + 2000;
  while (threadCount() > n && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 20));
  return threadCount();
}

/** The credentials these emulators accept (a runtime generates its own: local/credentials.ts). */
const CREDENTIALS = {
  accessKeyId: 'LOCALWORKERTEST00000',
  secretAccessKey: 'worker-test-secret-0000000000000000000000',
};

const dirs: string[] = [];
const emulators: DynamoEmulator[] = [];
const clients: DynamoDBClient[] = [];

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'suture-dynworker-'));
  dirs.push(dir);
  return dir;
}

async function start(dir: string, preferredPort?: number): Promise<DynamoEmulator> {
  const emulator = await startDynamo(dir, { credentials: CREDENTIALS, preferredPort });
  emulators.push(emulator);
  return emulator;
}

function client(emulator: DynamoEmulator): DynamoDBClient {
  const c = localDynamoClient(emulator.endpoint, CREDENTIALS);
  clients.push(c);
  return c;
}

beforeAll(async () => {
  // Threads that, once started, stay for the life of the process (libuv's pool, LevelDB's background
  // thread) are started here, so that the thread counts below change by the workers only.
  const warm = await startDynamo(tempDir(), { credentials: CREDENTIALS });
  await client(warm).send(new ListTablesCommand({}));
  await warm.close();
  await readFile(__filename);
});

afterAll(async () => {
  for (const c of clients) c.destroy();
  await Promise.all(emulators.map((e) => e.close()));
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('the DynamoDB emulator in a worker thread', () => {
  it('answers from a thread of its own and close() ends that thread', async () => {
    // Prepare
    const emulator = await start(tempDir());
    const tables = await client(emulator).send(new ListTablesCommand({}));
    const running = threadCount();
    // Act
    await emulator.close();
    await emulator.close(); // idempotent
    // Assess: it answered from a worker (thread id > 0); once closed, that thread is gone
    // (close() resolved after the worker's exit) and the port refuses connections.
    expect(tables.TableNames).toEqual([]);
    expect(emulator.threadId).toBeGreaterThan(0);
    expect(threadCount()).toBeLessThan(running);
    await expect(client(emulator).send(new ListTablesCommand({}))).rejects.toThrow(/ECONNREFUSED|connect/);
  });

  it('keeps written items across a close and a new start on the same directory', async () => {
    // Prepare
    const dir = tempDir();
    const first = await start(dir);
    const c1 = client(first);
    await c1.send(
      new CreateTableCommand({
        TableName: 'keep',
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
        KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
      }),
    );
    // dynalite answers CreateTable with the table CREATING, then makes it ACTIVE a moment later.
    while ((await c1.send(new DescribeTableCommand({ TableName: 'keep' }))).Table?.TableStatus !== 'ACTIVE') {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await c1.send(new PutItemCommand({ TableName: 'keep', Item: { pk: { S: 'a' }, v: { N: '7' } } }));
    // Act
    await first.close();
    const second = await start(dir);
    const out = await client(second).send(new GetItemCommand({ TableName: 'keep', Key: { pk: { S: 'a' } } }));
    // Assess
    expect(out.Item).toEqual({ pk: { S: 'a' }, v: { N: '7' } });
  });

  it('closes cleanly while Scans are being answered: the thread ends with code 0, nothing is reported', async () => {
    // Prepare: a table of 400 items of about 1 KB, so that each Scan reads for a while
    const emulator = await start(tempDir());
    const c = client(emulator);
    await c.send(
      new CreateTableCommand({
        TableName: 'busy',
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
        KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
      }),
    );
    while ((await c.send(new DescribeTableCommand({ TableName: 'busy' }))).Table?.TableStatus !== 'ACTIVE') {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const pad = 'x'.repeat(1000);
    for (let i = 0; i < 400; i += 25) {
      await Promise.all(
        Array.from({ length: 25 }, (_, j) =>
          c.send(new PutItemCommand({ TableName: 'busy', Item: { pk: { S: `p${i + j}` }, pad: { S: pad } } })),
        ),
      );
    }
    const reported = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      // Act: Scans in flight, then close
      const scans = Array.from({ length: 12 }, () =>
        c.send(new ScanCommand({ TableName: 'busy' })).then(
          (out) => out.Count,
          (err: Error) => err.name,
        ),
      );
      await new Promise((resolve) => setTimeout(resolve, 15));
      const closed = emulator.close().then(
        () => 'closed',
        (err: Error) => err.message,
      );
      // Assess
      expect(await closed).toBe('closed');
      await Promise.all(scans);
      expect(reported).not.toHaveBeenCalled();
    } finally {
      reported.mockRestore();
    }
  });

  it('refuses a second emulator on a directory that one already has open, with a clear error', async () => {
    // Prepare
    const dir = tempDir();
    const first = await start(dir);
    const threads = threadCount();
    // Act
    const second = startDynamo(dir, { credentials: CREDENTIALS });
    // Assess: rejected with the store's name, and the first one still answers.
    await expect(second).rejects.toThrow(DynamoStoreInUseError);
    await expect(second).rejects.toMatchObject({
      code: 'LEVEL_LOCKED',
      message: expect.stringContaining(`The local DynamoDB store ${dir} is in use`),
    });
    expect((await client(first).send(new ListTablesCommand({}))).TableNames).toEqual([]);
    // The refused worker has ended: no thread was left behind.
    expect(await threadsDownTo(threads)).toBeLessThanOrEqual(threads);
  });

  it('starts on another port when the preferred port is taken', async () => {
    // Prepare: a port that is taken.
    const blocker: Server = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const taken = (blocker.address() as AddressInfo).port;
    try {
      // Act
      const emulator = await start(tempDir(), taken);
      // Assess
      expect(emulator.port).not.toBe(taken);
      expect((await client(emulator).send(new ListTablesCommand({}))).TableNames).toEqual([]);
    } finally {
      blocker.close();
    }
  });

  it('passes only the CPU profiling flags of the process on to the worker', () => {
    // Act
    const flags = cpuProfileFlags(['--import', 'tsx', '--cpu-prof', '--cpu-prof-dir', '/tmp/p', '--inspect']);
    // Assess
    expect(flags).toEqual(['--cpu-prof', '--cpu-prof-dir', '/tmp/p']);
  });
});
