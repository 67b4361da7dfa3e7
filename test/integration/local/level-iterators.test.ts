/**
 * dynalite's LevelDB iterators are closed once a Query or Scan is answered (the
 * local server's memory grew under load because none ever was; local/level-iterators.ts).
 * Runs the local runtime's DynamoDB emulator on a temporary directory and counts the iterators
 * attached to and detached from its LevelDB database. The local runtime runs the emulator in a
 * worker thread (startDynamo); the spies can only see the thread they are in, so this test runs the
 * same emulator, `serveDynamo` (local/dynamodb-server.ts, the worker's code), in its own thread.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CreateTableCommand,
  PutItemCommand,
  QueryCommand,
  ScanCommand,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import { localDynamoClient, waitForActiveTables } from '../../../local/dynamodb';
import { serveDynamo, type DynamoServer } from '../../../local/dynamodb-server';

/** abstract-level as dynalite loads it (dynalite -> level -> classic-level -> abstract-level). */
function dynalitesAbstractLevel(): { AbstractLevel: { prototype: Record<string, (resource: unknown) => void> } } {
  const fromDynalite = createRequire(require.resolve('dynalite'));
  const fromLevel = createRequire(fromDynalite.resolve('level'));
  return createRequire(fromLevel.resolve('classic-level'))('abstract-level') as never;
}

/** The credentials this emulator accepts (a runtime generates its own: local/credentials.ts). */
const CREDENTIALS = {
  accessKeyId: 'LOCALITERTEST0000000',
  secretAccessKey: 'iterators-test-secret-00000000000000000000',
};
const TABLE = 'iterators-test';
let dir: string;
let dynamo: DynamoServer;
let client: DynamoDBClient;
let attached: jest.SpyInstance;
let detached: jest.SpyInstance;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'level-iterators-'));
  dynamo = await serveDynamo(dir, {
    access: { credentials: { [CREDENTIALS.accessKeyId]: CREDENTIALS.secretAccessKey }, appendOnlyTables: [] },
  });
  client = localDynamoClient(`http://127.0.0.1:${dynamo.port}`, CREDENTIALS);
  await client.send(
    new CreateTableCommand({
      TableName: TABLE,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [
        { AttributeName: 'pk', AttributeType: 'S' },
        { AttributeName: 'sk', AttributeType: 'S' },
        { AttributeName: 'g', AttributeType: 'S' },
      ],
      KeySchema: [
        { AttributeName: 'pk', KeyType: 'HASH' },
        { AttributeName: 'sk', KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: [
        {
          IndexName: 'byG',
          KeySchema: [
            { AttributeName: 'g', KeyType: 'HASH' },
            { AttributeName: 'sk', KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        },
      ],
    }),
  );
  await waitForActiveTables(client, [TABLE]);
  for (let i = 0; i < 30; i++) {
    const sk = String(i).padStart(3, '0');
    await client.send(new PutItemCommand({ TableName: TABLE, Item: { pk: { S: 'p' }, sk: { S: sk }, g: { S: 'g' } } }));
  }
  const proto = dynalitesAbstractLevel().AbstractLevel.prototype;
  attached = jest.spyOn(proto, 'attachResource');
  detached = jest.spyOn(proto, 'detachResource');
});

afterAll(async () => {
  attached?.mockRestore();
  detached?.mockRestore();
  client?.destroy();
  await dynamo?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Resolves when every iterator opened so far is closed again (or after 2 s, to let the test fail). */
async function settled(): Promise<void> {
  const until = Date.now() + 2000;
  while (attached.mock.calls.length !== detached.mock.calls.length && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe("dynalite's LevelDB iterators", () => {
  it('are all closed after Queries stopped by Limit, Queries read to the end, index Queries and Scans', async () => {
    // Prepare
    attached.mockClear();
    detached.mockClear();
    const key = { ':p': { S: 'p' } };
    // Act
    for (let i = 0; i < 10; i++) {
      await client.send(
        new QueryCommand({
          TableName: TABLE,
          KeyConditionExpression: 'pk = :p',
          ExpressionAttributeValues: key,
          Limit: 3,
        }),
      );
      await client.send(
        new QueryCommand({ TableName: TABLE, KeyConditionExpression: 'pk = :p', ExpressionAttributeValues: key }),
      );
      await client.send(
        new QueryCommand({
          TableName: TABLE,
          IndexName: 'byG',
          KeyConditionExpression: 'g = :g',
          ExpressionAttributeValues: { ':g': { S: 'g' } },
          Limit: 5,
        }),
      );
      await client.send(new ScanCommand({ TableName: TABLE, Limit: 4 }));
    }
    await settled();
    // Assess: iterators were opened, and every one of them was closed.
    expect(attached.mock.calls.length).toBeGreaterThanOrEqual(40);
    expect(detached.mock.calls.length).toBe(attached.mock.calls.length);
  });
});
