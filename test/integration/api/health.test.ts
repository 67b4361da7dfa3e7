/**
 * GET /health through the local gateway and dynalite (CONTRACT8 "Health"):
 * the measured System Status, without a token; a database that cannot answer gives 503.
 */
import './quiet';
import { resetEnvCache } from '../../../lambdas/lib/env';
import { HealthResponseSchema } from '../../../shared/schemas/health';
import { useLocalStack } from '../../support/local';

jest.setTimeout(60_000);

// Its own runtime: a test points the Lambdas' environment at a missing table.
const local = useLocalStack({ isolated: true });

describe('GET /health', () => {
  it('answers 200 with the API and the database ok, without a token', async () => {
    // Act
    const res = await local.api<unknown>('GET', '/health');

    // Assess
    expect(res.status).toBe(200);
    const body = HealthResponseSchema.parse(res.body);
    expect(body).toMatchObject({ status: 'ok', api: 'ok', database: 'ok' });
    expect(body.latency_ms).toBeLessThan(3000);
    expect(Math.abs(Date.parse(body.checked_at) - Date.now())).toBeLessThan(60_000);
  });

  it('answers 503 with database error when the table cannot be read', async () => {
    // Prepare: point the Lambda at a table that does not exist (a real failure of the emulator).
    const table = process.env.CASES_TABLE;
    process.env.CASES_TABLE = 'suture-local-missing-table';
    resetEnvCache();
    try {
      // Act
      const res = await local.api<unknown>('GET', '/health');

      // Assess
      expect(res.status).toBe(503);
      expect(HealthResponseSchema.parse(res.body)).toMatchObject({ status: 'error', api: 'ok', database: 'error' });
    } finally {
      process.env.CASES_TABLE = table;
      resetEnvCache();
    }
    expect((await local.api('GET', '/health')).status).toBe(200);
  });
});
