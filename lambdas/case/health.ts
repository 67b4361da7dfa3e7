/**
 * GET /health (no token): the API's and the database's
 * health for the back-office home's System Status, measured, not fixed text.
 *
 * One cheap DynamoDB read: a GetItem of a fixed key (`healthProbeKey()` in lambdas/lib/tables.ts)
 * on the cases table, eventually consistent, aborted after HEALTH_DB_TIMEOUT_MS (3 s). Answers
 * `{ status, api: 'ok', database: 'ok' | 'error', checked_at, latency_ms }` (shape:
 * shared/schemas/health.ts): 200 when the read succeeded; 503 with the same body when it failed or
 * timed out (a monitor or load balancer sees the failure from the status alone; the SPA reads the
 * body of either). The error itself is logged by name only; nothing of it goes into the answer.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { HEALTH_DB_TIMEOUT_MS, type HealthResponse } from '../../shared/schemas/health';
import { ddb } from '../lib/aws';
import { getEnv } from '../lib/env';
import { json, type ApiResult } from '../lib/http';
import { logger } from '../lib/logger';
import { healthProbeKey } from '../data/case/keys';

/** Measure the database (one GetItem) and build the answer; never throws. `now` for tests. */
export async function checkHealth(now: () => number = Date.now): Promise<HealthResponse> {
  const started = now();
  let database: HealthResponse['database'] = 'ok';
  try {
    await ddb().send(new GetCommand({ TableName: getEnv().CASES_TABLE, Key: healthProbeKey() }), {
      abortSignal: AbortSignal.timeout(HEALTH_DB_TIMEOUT_MS),
    });
  } catch (err) {
    database = 'error';
    logger.error('Health check: the database read failed', { error: (err as Error)?.name ?? 'Error' });
  }
  const latency = Math.max(0, Math.round(now() - started));
  return {
    status: database === 'ok' ? 'ok' : 'error',
    api: 'ok',
    database,
    checked_at: new Date(started).toISOString(),
    latency_ms: latency,
  };
}

/** The route: 200 when healthy, 503 (same body) when the database failed. */
export async function health(): Promise<ApiResult> {
  const answer = await checkHealth();
  return json(answer.status === 'ok' ? 200 : 503, answer);
}
