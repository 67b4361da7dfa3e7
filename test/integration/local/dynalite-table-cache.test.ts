/**
 * dynalite keeps a table's description in memory for the item calls (local/dynalite-table-cache.ts):
 * many item calls read it from LevelDB once, and a deleted or re-created table is never answered
 * from a stale description. Runs the local runtime's DynamoDB emulator, `serveDynamo` (the worker's
 * code, local/dynamodb-server.ts), in this thread so that a spy sees its LevelDB reads.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CreateTableCommand,
  DeleteTableCommand,
  PutItemCommand,
  QueryCommand,
  type CreateTableCommandInput,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import { localDynamoClient, waitForActiveTables } from '../../../local/dynamodb';
import { serveDynamo, type DynamoServer } from '../../../local/dynamodb-server';
import { dynaliteTablesCached } from '../../../local/dynalite-table-cache';

/** classic-level as dynalite loads it (dynalite -> level -> classic-level): its `_get` does each LevelDB read. */
function dynalitesClassicLevel(): { ClassicLevel: { prototype: Record<string, (...args: unknown[]) => unknown> } } {
  const fromDynalite = createRequire(require.resolve('dynalite'));
  return createRequire(fromDynalite.resolve('level'))('classic-level') as never;
}

const CREDENTIALS = {
  accessKeyId: 'LOCALTABLECACHE00000',
  secretAccessKey: 'table-cache-test-secret-000000000000000000',
};
const TABLE = 'table-cache-test';
let dir: string;
let dynamo: DynamoServer;
let client: DynamoDBClient;

/** The table with one GSI named `index` on attribute `attr`. */
function tableWithIndex(index: string, attr: string): CreateTableCommandInput {
  return {
    TableName: TABLE,
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: [
      { AttributeName: 'pk', AttributeType: 'S' },
      { AttributeName: attr, AttributeType: 'S' },
    ],
    KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
    GlobalSecondaryIndexes: [
      {
        IndexName: index,
        KeySchema: [{ AttributeName: attr, KeyType: 'HASH' }],
        Projection: { ProjectionType: 'ALL' },
      },
    ],
  };
}

const put = (pk: string, attrs: Record<string, string>) =>
  client.send(
    new PutItemCommand({
      TableName: TABLE,
      Item: { pk: { S: pk }, ...Object.fromEntries(Object.entries(attrs).map(([k, v]) => [k, { S: v }])) },
    }),
  );

const queryIndex = (index: string, attr: string, value: string) =>
  client.send(
    new QueryCommand({
      TableName: TABLE,
      IndexName: index,
      KeyConditionExpression: '#a = :v',
      ExpressionAttributeNames: { '#a': attr },
      ExpressionAttributeValues: { ':v': { S: value } },
    }),
  );

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'table-cache-'));
  dynamo = await serveDynamo(dir, {
    access: { credentials: { [CREDENTIALS.accessKeyId]: CREDENTIALS.secretAccessKey }, appendOnlyTables: [] },
  });
  client = localDynamoClient(`http://127.0.0.1:${dynamo.port}`, CREDENTIALS);
  await client.send(new CreateTableCommand(tableWithIndex('byA', 'a')));
  await waitForActiveTables(client, [TABLE]);
});

afterAll(async () => {
  client?.destroy();
  await dynamo?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("dynalite's table descriptions", () => {
  it('are read from LevelDB once for many item calls', async () => {
    // Prepare
    const get = jest.spyOn(dynalitesClassicLevel().ClassicLevel.prototype, '_get');
    try {
      // Act
      for (let i = 0; i < 20; i++) await put(`p${i}`, { a: 'x' });
      const found = await queryIndex('byA', 'a', 'x');
      // Assess: every item was written and indexed; the table's key was read at most once.
      expect(dynaliteTablesCached).toBe(true);
      expect(found.Items).toHaveLength(20);
      const keys = get.mock.calls.map(([key]) => String(key));
      expect(keys.filter((key) => key.startsWith('item-')).length).toBeGreaterThanOrEqual(20);
      expect(keys.filter((key) => key === `table~${TABLE}`).length).toBeLessThanOrEqual(1);
    } finally {
      get.mockRestore();
    }
  });

  it('are forgotten when the table is deleted and created again with other indexes', async () => {
    // Prepare: the description with index byA is in memory.
    await put('before', { a: 'y' });
    // Act
    await client.send(new DeleteTableCommand({ TableName: TABLE }));
    const afterDelete = await put('gone', { a: 'y' }).then(
      () => 'written',
      (err: Error) => err.name,
    );
    await client.send(new CreateTableCommand(tableWithIndex('byB', 'b')));
    await waitForActiveTables(client, [TABLE]);
    await put('after', { b: 'z' });
    // Assess
    expect(afterDelete).toBe('ResourceNotFoundException');
    const found = await queryIndex('byB', 'b', 'z');
    expect(found.Items?.map((item) => item.pk?.S)).toEqual(['after']);
    const old = await queryIndex('byA', 'a', 'y').then(
      () => 'answered',
      (err: Error) => err.name,
    );
    expect(old).toBe('ValidationException');
  });
});
