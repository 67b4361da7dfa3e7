/**
 * The application metrics of the middleware bundle (lambdas/lib/metrics.ts, ./middleware.ts): one EMF
 * line per request with its route and status class, a failed audit write counted before the request
 * fails, document confirms by outcome; and the local runtime's switches (local/observability.ts).
 */
import './support/metrics-on';
import './support/env';
import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { writeAuditEntry, resetAuditUserTypes } from '../../../lambdas/lib/audit-writer';
import type { AuditEntry } from '../../../lambdas/lib/audit';
import { NotFoundError } from '../../../lambdas/lib/errors';
import { ok } from '../../../lambdas/lib/http';
import { METRIC_NAMES, countOutcome, metrics, statusClass } from '../../../lambdas/lib/metrics';
import { apiHandler } from '../../../lambdas/lib/middleware';
import { localObservabilityEnv } from '../../../local/observability';
import { invoke } from './support/events';

const ddbMock = mockClient(DynamoDBDocumentClient);

interface Emf {
  _aws: { CloudWatchMetrics: { Namespace: string; Dimensions: string[][]; Metrics: { Name: string }[] }[] };
  [key: string]: unknown;
}

/** The EMF lines Powertools Metrics writes to stdout while `act` runs. */
async function emfLines(act: () => Promise<unknown>): Promise<Emf[]> {
  const lines: string[] = [];
  const write = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    lines.push(String(chunk));
    return true;
  });
  try {
    await act();
  } finally {
    write.mockRestore();
  }
  return lines
    .flatMap((chunk) => chunk.split('\n'))
    .filter((line) => line.includes('"_aws"'))
    .map((line) => JSON.parse(line) as Emf);
}

const confirmOutcome = { outcome: 'ok' };
const handler = apiHandler(
  'cpt_codes',
  {
    'GET /cpt_codes': countOutcome(
      async () => {
        if (confirmOutcome.outcome === 'missing') throw new NotFoundError('Case not found');
        if (confirmOutcome.outcome === 'boom') throw new Error('boom');
        return ok({ success: true });
      },
      {
        succeeded: METRIC_NAMES.documentConfirmed,
        refused: METRIC_NAMES.documentConfirmRefused,
        failed: METRIC_NAMES.documentConfirmFailed,
      },
    ),
  },
  { writeAudit: writeAuditEntry },
);
const call = { method: 'GET', path: '/cpt_codes', sub: 'u1' } as const;

beforeEach(() => {
  ddbMock.reset();
  ddbMock.on(PutCommand).resolves({});
  ddbMock.on(GetCommand).resolves({ Item: { user_type: 100 } });
  resetAuditUserTypes();
  confirmOutcome.outcome = 'ok';
  metrics.clearMetrics();
});

describe('the application metrics', () => {
  it('writes one EMF line per request: the request by route and status class, and its audit write', async () => {
    // Act
    const lines = await emfLines(async () => {
      await invoke(handler, call);
      await invoke(handler, call);
    });

    // Assess
    expect(lines).toHaveLength(2);
    for (const line of lines) {
      const [directive] = line._aws.CloudWatchMetrics;
      expect(directive?.Namespace).toBe('Suture/unit');
      expect(directive?.Metrics.map((m) => m.Name).sort()).toEqual(
        [METRIC_NAMES.auditWriteSucceeded, METRIC_NAMES.documentConfirmed, METRIC_NAMES.requests].sort(),
      );
      // The alarms read `service` alone; the dashboard the status class; the route for drilling down.
      expect(directive?.Dimensions).toEqual([
        ['service'],
        ['service', 'statusClass'],
        ['service', 'route', 'statusClass'],
      ]);
      expect(line).toMatchObject({ service: 'suture', route: 'GET /cpt_codes', statusClass: '2xx', Requests: 1 });
    }
  });

  it('counts a failed audit write where it fails, before the error reaches the caller, and the request as 5xx', async () => {
    // Prepare
    ddbMock.on(PutCommand).rejects(Object.assign(new Error('unavailable'), { name: 'InternalServerError' }));
    const entry = { user_id: 'u1', user_type: 100, action: 'GET /case', status: 200, outcome: 'allowed' } as AuditEntry;

    // Act
    const direct = writeAuditEntry(entry);
    await expect(direct).rejects.toThrow('unavailable');
    const storedBeforeTheCallFailed = metrics.hasStoredMetrics();
    metrics.clearMetrics();
    let status = 0;
    const lines = await emfLines(async () => {
      status = (await invoke(handler, call)).status;
    });

    // Assess
    expect(storedBeforeTheCallFailed).toBe(true);
    expect(status).toBe(500);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ AuditWriteFailed: 1, Requests: 1, statusClass: '5xx' });
    expect(lines[0]).not.toHaveProperty(METRIC_NAMES.auditWriteSucceeded);
  });

  it.each([
    ['ok', METRIC_NAMES.documentConfirmed, '2xx'],
    ['missing', METRIC_NAMES.documentConfirmRefused, '4xx'],
    ['boom', METRIC_NAMES.documentConfirmFailed, '5xx'],
  ])('counts a wrapped route by outcome: %s is %s', async (outcome, metric, cls) => {
    // Prepare
    confirmOutcome.outcome = outcome;

    // Act
    const lines = await emfLines(() => invoke(handler, call));

    // Assess
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ [metric]: 1, statusClass: cls });
    const counted = Object.values(METRIC_NAMES).filter(
      (name) => name.startsWith('DocumentConfirm') && name in lines[0]!,
    );
    expect(counted).toEqual([metric]);
  });

  it.each([
    [200, '2xx'],
    [204, '2xx'],
    [302, '3xx'],
    [429, '4xx'],
    [503, '5xx'],
    [0, '5xx'],
    [700, '5xx'],
  ])('puts status %p in class %p', (status, cls) => {
    // Act / Assess
    expect(statusClass(status)).toBe(cls);
  });
});

describe('the local runtime', () => {
  it('turns Powertools Metrics and Tracer off unless SUTURE_OBSERVABILITY=1', () => {
    // Act / Assess
    expect(localObservabilityEnv({})).toEqual({
      POWERTOOLS_METRICS_DISABLED: 'true',
      POWERTOOLS_TRACE_ENABLED: 'false',
      AWS_XRAY_MANUAL_MODE: 'true',
    });
    expect(localObservabilityEnv({ SUTURE_OBSERVABILITY: '0' })).toEqual({
      POWERTOOLS_METRICS_DISABLED: 'true',
      POWERTOOLS_TRACE_ENABLED: 'false',
      AWS_XRAY_MANUAL_MODE: 'true',
    });
    expect(localObservabilityEnv({ SUTURE_OBSERVABILITY: '1' })).toEqual({});
  });
});
