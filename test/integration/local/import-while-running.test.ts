/**
 * Importing while the local runtime runs: the runtime publishes its DynamoDB
 * endpoint (local/running.ts) and the import CLIs' target (bin/lib/local-target.ts) writes
 * through it instead of opening the LevelDB store, which the running runtime holds.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { openLocalDynamo } from '../../../bin/lib/local-target';
import { ENDPOINTS_FILE, findRunningEndpoints } from '../../../local/running';
import { LISTS_TABLE } from '../../../lambdas/data/lists/keys';
import { physicalTableName } from '../../../lambdas/lib/tables';
import { importNuccFile } from '../../../lambdas/data/lists/nucc';
import { signedInAdmin } from '../api/support';
import { useLocalStack } from '../../support/local';
import { sharedDataFile } from '../../support/shared-data';

jest.setTimeout(120_000);

// Its own runtime: the tests close and restart it.
const local = useLocalStack({ isolated: true });

describe('importing while the local runtime runs', () => {
  it('writes the NUCC taxonomy through the running runtime, which answers it at once', async () => {
    // Prepare
    const running = findRunningEndpoints(local.dataDir);
    const target = await openLocalDynamo(local.dataDir, 'suture-local');
    const admin = await signedInAdmin(local, 100);
    // Act
    let result;
    try {
      result = await importNuccFile(sharedDataFile('nucc/nucc_taxonomy_251.csv'), {
        doc: DynamoDBDocumentClient.from(target.client),
        table: physicalTableName('suture-local', LISTS_TABLE),
      });
    } finally {
      await target.close();
    }
    const page = await local.api<{ total: number }>('GET', '/lists/doctor_types', {
      token: admin.accessToken,
      query: { search: 'surgery' },
    });
    // Assess
    expect(running).toEqual({
      pid: process.pid,
      dynamodb: local.stack.endpoints.dynamodb,
      lambda: local.stack.endpoints.lambda,
    });
    expect(target.description).toContain('the running local server');
    expect(result.counts.inserted).toBe(883);
    expect(page.status).toBe(200);
    expect(page.body.total).toBeGreaterThan(10);
    expect(existsSync(join(local.dataDir, 'dynamodb'))).toBe(true);
  });

  it('removes the endpoint file when the runtime stops, so that no import writes to a closed emulator', async () => {
    // Act
    await local.stack.close();
    const after = findRunningEndpoints(local.dataDir);
    // Assess
    expect(after).toBeUndefined();
    expect(existsSync(join(local.dataDir, ENDPOINTS_FILE))).toBe(false);
    await local.restart();
  });
});
