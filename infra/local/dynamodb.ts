/**
 * DynamoDB emulator for the local runtime: dynalite 4 (LevelDB under `<dataDir>/dynamodb`) and the
 * bootstrap of every table of `lambdas/lib/tables.ts` with its GSIs.
 *
 * dynalite lacks TransactWriteItems / TransactGetItems / UpdateTimeToLive and ignores
 * ReturnValuesOnConditionCheckFailure (issue 2, facts about the emulators). The transactions are
 * served by a layer in front of it (./dynamo-transactions.ts, issue 7 section 1): dynalite listens
 * on an internal 127.0.0.1 port, and the public port routes by X-Amz-Target.
 */
import { mkdirSync } from 'node:fs';
import type { Server } from 'node:http';
import {
  CreateTableCommand,
  DynamoDBClient,
  ListTablesCommand,
  type AttributeDefinition,
  type CreateTableCommandInput,
} from '@aws-sdk/client-dynamodb';
import dynalite from 'dynalite';
import { createDynamoFront } from './dynamo-transactions';
import './level-iterators';
import { TABLES, physicalTableName, type TableDef } from '../../lambdas/lib/tables';
import { closeServer, listen } from './util';

export interface DynamoEmulator {
  /** e.g. `http://127.0.0.1:41234` */
  endpoint: string;
  port: number;
  /** Stops the server and closes LevelDB (waits for pending writes). */
  close(): Promise<void>;
}

/**
 * Start dynalite with its data in `dir`, behind the transaction layer, on 127.0.0.1
 * (`preferredPort` tried first, else random). The endpoint answers every DynamoDB call dynalite
 * knows plus TransactWriteItems and TransactGetItems.
 */
export async function startDynamo(dir: string, preferredPort?: number): Promise<DynamoEmulator> {
  mkdirSync(dir, { recursive: true });
  const server: Server = dynalite({ createTableMs: 0, deleteTableMs: 0, updateTableMs: 0, path: dir });
  const internalPort = await listen(server, 0, '127.0.0.1');
  const front = createDynamoFront(server, internalPort);
  let port: number;
  try {
    port = await listen(front.server, 0, '127.0.0.1', preferredPort);
  } catch (err) {
    await closeServer(server);
    throw err;
  }
  return {
    endpoint: `http://127.0.0.1:${port}`,
    port,
    close: async () => {
      await closeServer(front.server);
      front.dispose();
      await closeServer(server);
    },
  };
}

/** CreateTable input for a table definition (on-demand billing, GSIs projecting all attributes). */
export function createTableInput(prefix: string, def: TableDef): CreateTableCommandInput {
  const attributes = new Map<string, AttributeDefinition>();
  const add = (k: { name: string; type: 'S' | 'N' }) =>
    attributes.set(k.name, { AttributeName: k.name, AttributeType: k.type });
  add(def.partitionKey);
  if (def.sortKey) add(def.sortKey);
  for (const gsi of def.globalSecondaryIndexes) {
    add(gsi.partitionKey);
    if (gsi.sortKey) add(gsi.sortKey);
  }
  return {
    TableName: physicalTableName(prefix, def),
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: [...attributes.values()],
    KeySchema: [
      { AttributeName: def.partitionKey.name, KeyType: 'HASH' },
      ...(def.sortKey ? [{ AttributeName: def.sortKey.name, KeyType: 'RANGE' as const }] : []),
    ],
    GlobalSecondaryIndexes: def.globalSecondaryIndexes.length
      ? def.globalSecondaryIndexes.map((gsi) => ({
          IndexName: gsi.indexName,
          KeySchema: [
            { AttributeName: gsi.partitionKey.name, KeyType: 'HASH' as const },
            ...(gsi.sortKey ? [{ AttributeName: gsi.sortKey.name, KeyType: 'RANGE' as const }] : []),
          ],
          Projection: { ProjectionType: 'ALL' as const },
        }))
      : undefined,
  };
}

/**
 * Create every table of TABLES named `${prefix}-${id}` that does not exist yet (idempotent).
 * Returns the names created by this call.
 */
export async function ensureTables(client: DynamoDBClient, prefix: string): Promise<string[]> {
  const existing = new Set<string>();
  let start: string | undefined;
  do {
    const page = await client.send(new ListTablesCommand({ ExclusiveStartTableName: start }));
    for (const name of page.TableNames ?? []) existing.add(name);
    start = page.LastEvaluatedTableName;
  } while (start);

  const created: string[] = [];
  for (const def of TABLES) {
    const input = createTableInput(prefix, def);
    if (existing.has(input.TableName!)) continue;
    await client.send(new CreateTableCommand(input));
    created.push(input.TableName!);
  }
  return created;
}

/** A DynamoDB client for the emulator (fake credentials; dynalite does not check them). */
export function localDynamoClient(endpoint: string): DynamoDBClient {
  return new DynamoDBClient({
    region: 'us-east-1',
    endpoint,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
}
