/**
 * GET /health (CONTRACT8 "Health"): the measured System Status, one GetItem of
 * a fixed key, no token. DynamoDB mocked (aws-sdk-client-mock).
 */
import './support/env';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { handler } from '../../../lambdas/case/handler';
import { checkHealth } from '../../../lambdas/case/health';
import { HealthResponseSchema } from '../../../shared/schemas/health';
import { invoke } from './support/events';

const ddbMock = mockClient(DynamoDBDocumentClient);

beforeEach(() => {
  ddbMock.reset();
});

describe('GET /health', () => {
  it('answers 200 with api and database ok after one GetItem of the fixed key, without a token', async () => {
    // Prepare
    ddbMock.on(GetCommand).resolves({});

    // Act
    const answer = await invoke(handler, { method: 'GET', path: '/health' });

    // Assess
    expect(answer.status).toBe(200);
    expect(HealthResponseSchema.parse(answer.body)).toEqual({
      status: 'ok',
      api: 'ok',
      database: 'ok',
      checked_at: expect.any(String),
      latency_ms: expect.any(Number),
    });
    expect(Math.abs(Date.parse(answer.body.checked_at) - Date.now())).toBeLessThan(10_000);
    const calls = ddbMock.commandCalls(GetCommand);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.args[0].input).toEqual({ TableName: 'cases', Key: { case_id: '#health-probe' } });
    expect(ddbMock.calls()).toHaveLength(1);
  });

  it('answers 503 with database error and status error when the read fails, naming no internals', async () => {
    // Prepare
    ddbMock.on(GetCommand).rejects(Object.assign(new Error('connect ECONNREFUSED 10.0.0.1:443'), { name: 'Error' }));

    // Act
    const answer = await invoke(handler, { method: 'GET', path: '/health' });

    // Assess
    expect(answer.status).toBe(503);
    expect(HealthResponseSchema.parse(answer.body)).toMatchObject({ status: 'error', api: 'ok', database: 'error' });
    expect(JSON.stringify(answer.body)).not.toContain('ECONNREFUSED');
  });

  it('measures the latency of the read in whole milliseconds and stamps the start time', async () => {
    // Prepare
    ddbMock.on(GetCommand).resolves({});
    const clock = [1_764_000_000_000, 1_764_000_000_042.6];
    const now = () => clock.shift() ?? 0;

    // Act
    const result = await checkHealth(now);

    // Assess
    expect(result.latency_ms).toBe(43);
    expect(result.checked_at).toBe(new Date(1_764_000_000_000).toISOString());
  });
});
