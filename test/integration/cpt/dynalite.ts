/**
 * A real dynalite for the CPT integration tests: in-process on 127.0.0.1:0, LevelDB in a temp dir,
 * the two CPT tables created from `lambdas/lib/tables.ts`, and the SDK pointed at it through the
 * environment (AWS_ENDPOINT_URL_DYNAMODB, fake credentials, region) as the local runtime does.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import dynalite from 'dynalite';
// dynalite's LevelDB iterators closed after each Query, its index entries written in one batch and
// its tables' descriptions kept for the item calls, as in the local runtime.
import '../../../local/level-iterators';
import '../../../local/dynalite-index-writes';
import '../../../local/dynalite-table-cache';
import { CPT_CODES_TABLE, CPT_SEARCH_TABLE } from '../../../lambdas/data/cpt_codes/keys';
import { physicalTableName, type AttributeType, type TableDef } from '../../../lambdas/lib/tables';
import { waitForActiveTables } from '../../../local/dynamodb';

export interface TestDynamo {
  endpoint: string;
  /** Create the CPT tables under `prefix`; returns their physical names. */
  createCptTables(prefix: string): Promise<{ codesTable: string; searchTable: string }>;
  stop(): Promise<void>;
}

const ENV_KEYS = ['AWS_ENDPOINT_URL_DYNAMODB', 'AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'AWS_REGION'] as const;

async function createTable(client: DynamoDBClient, name: string, def: TableDef): Promise<void> {
  const keys = [def.partitionKey, ...(def.sortKey ? [def.sortKey] : [])];
  await client.send(
    new CreateTableCommand({
      TableName: name,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: keys.map((k) => ({ AttributeName: k.name, AttributeType: k.type satisfies AttributeType })),
      KeySchema: keys.map((k, i) => ({ AttributeName: k.name, KeyType: i === 0 ? 'HASH' : 'RANGE' })),
    }),
  );
  await waitForActiveTables(client, [name]);
}

/** Start dynalite and set the SDK environment; `stop()` restores it and removes the data. */
export async function startTestDynamo(): Promise<TestDynamo> {
  const dir = mkdtempSync(join(tmpdir(), 'cpt-dynalite-'));
  const server: Server = dynalite({ createTableMs: 0, deleteTableMs: 0, updateTableMs: 0, path: dir });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const saved = Object.fromEntries(ENV_KEYS.map((k) => [k, process.env[k]]));
  process.env.AWS_ENDPOINT_URL_DYNAMODB = endpoint;
  process.env.AWS_ACCESS_KEY_ID = 'local';
  process.env.AWS_SECRET_ACCESS_KEY = 'local';
  process.env.AWS_REGION = 'us-east-1';
  const client = new DynamoDBClient({});

  return {
    endpoint,
    async createCptTables(prefix) {
      const codesTable = physicalTableName(prefix, CPT_CODES_TABLE);
      const searchTable = physicalTableName(prefix, CPT_SEARCH_TABLE);
      await createTable(client, codesTable, CPT_CODES_TABLE);
      await createTable(client, searchTable, CPT_SEARCH_TABLE);
      return { codesTable, searchTable };
    },
    async stop() {
      client.destroy();
      await new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      });
      for (const k of ENV_KEYS) {
        if (saved[k] === undefined) delete process.env[k];
        else process.env[k] = saved[k];
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
