/**
 * The refusals Lambda (docs/decisions/0012-refused-requests-in-the-audit-trail.md): a CloudWatch
 * Logs subscription payload (gzip + base64) decoded, the access log's 401 lines that no Lambda
 * answered turned into `denied` audit entries, every other line ignored, malformed lines counted,
 * and a delivery received twice written once.
 */
import './support/env';
import { gzipSync } from 'node:zlib';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { auditEntry, type AuditEntry } from '../../../lambdas/lib/audit';
import {
  SubscriptionPayloadError,
  decodeSubscriptionPayload,
  scanRefusals,
} from '../../../lambdas/refusals/access-log';
import { RefusalAuditWriteError, handler, recordRefusals } from '../../../lambdas/refusals/handler';
import { accessLogLine, subscriptionEvent as subscriptionEventOf } from '../../support/access-log';
import { apiEvent, context } from './support/events';

const ddbMock = mockClient(DynamoDBDocumentClient);
const AT = Date.parse('2026-11-26T17:22:43.120Z');

const line = accessLogLine;
const subscriptionEvent = (messages: string[], messageType?: string) =>
  subscriptionEventOf(messages, { timestamp: AT, ...(messageType ? { messageType } : {}) });

function written(): AuditEntry[] {
  return ddbMock.commandCalls(PutCommand).map((c) => c.args[0].input.Item as AuditEntry);
}

beforeEach(() => {
  ddbMock.reset();
  ddbMock.on(PutCommand).resolves({});
});

describe('decoding a subscription payload', () => {
  it('reads the lines of a real gzip + base64 payload', () => {
    // Prepare
    const event = subscriptionEvent([line(), line({ status: '200' })]);

    // Act
    const payload = decodeSubscriptionPayload(event.awslogs.data);

    // Assess
    expect(payload.logGroup).toBe('SutureApiAccessLogs');
    expect(payload.logEvents.map((e) => [e.timestamp, JSON.parse(e.message).status])).toEqual([
      [AT, '401'],
      [AT + 1, '200'],
    ]);
  });

  it.each([
    ['not base64 of gzip', Buffer.from('hello').toString('base64')],
    ['gzip of something else than JSON', gzipSync('hello').toString('base64')],
    ['JSON without log events', gzipSync(JSON.stringify({ messageType: 'DATA_MESSAGE' })).toString('base64')],
  ])('refuses %s', (_what, data) => {
    // Act / Assess
    expect(() => decodeSubscriptionPayload(data)).toThrow(SubscriptionPayloadError);
  });
});

describe('finding the refusals', () => {
  it('keeps the 401 lines the authorizer answered and ignores the other answers and the 401s of a Lambda', () => {
    // Prepare
    const payload = decodeSubscriptionPayload(
      subscriptionEvent([
        line({ requestId: 'refused-1' }),
        line({ requestId: 'ok', status: '200', caller: 'sub-1', integrationLatency: '35' }),
        line({ requestId: 'forbidden', status: '403', caller: 'sub-1', integrationLatency: '20' }),
        // Answered by a Lambda (its middleware wrote the entry): the integration ran.
        line({ requestId: 'lambda-401', integrationLatency: '12' }),
        line({ requestId: 'refused-2', routeKey: 'POST /document', userAgent: '-', sourceIp: '-' }),
      ]).awslogs.data,
    );

    // Act
    const scan = scanRefusals(payload);

    // Assess
    expect(scan).toEqual({
      refusals: [
        {
          requestId: 'refused-1',
          routeKey: 'GET /case',
          at: new Date(AT),
          sourceIp: '130.176.1.10',
          userAgent: 'Mozilla/5.0',
        },
        { requestId: 'refused-2', routeKey: 'POST /document', at: new Date(AT + 4), sourceIp: '', userAgent: '' },
      ],
      ignored: 3,
      malformed: 0,
    });
  });

  it('counts malformed lines instead of throwing: not JSON, a field missing, a bad request id, a field named twice', () => {
    // Prepare: a user agent that broke out of its value would choose the request id
    const injected = line().replace(
      '"userAgent":"Mozilla/5.0"',
      '"userAgent":"x","requestId":"chosen-id","status":"401"',
    );
    const withoutRoute = JSON.stringify({ ...JSON.parse(line()), routeKey: undefined });
    const payload = decodeSubscriptionPayload(
      subscriptionEvent([
        'not json',
        '[]',
        withoutRoute,
        line({ requestId: 'has spaces' }),
        injected,
        line({ requestId: 'good' }),
      ]).awslogs.data,
    );

    // Act
    const scan = scanRefusals(payload);

    // Assess
    expect(scan.malformed).toBe(5);
    expect(scan.refusals.map((r) => r.requestId)).toEqual(['good']);
  });
});

describe('recording the refusals', () => {
  it('writes one denied entry per refusal, of the shape the middleware writes for a 401, never replacing one', async () => {
    // Prepare: what the middleware would write for the same 401
    const event = apiEvent({ method: 'GET', path: '/case', headers: { 'user-agent': 'Mozilla/5.0' } });
    event.requestContext.requestId = 'refused-1';
    event.requestContext.http = { ...event.requestContext.http, sourceIp: '130.176.1.10', userAgent: 'Mozilla/5.0' };
    const middleware = auditEntry(event, 401, new Date(AT));

    // Act
    const result = await recordRefusals(subscriptionEvent([line({ requestId: 'refused-1' }), line({ status: '500' })]));

    // Assess
    expect(result).toEqual({ recorded: 1, ignored: 1, malformed: 0 });
    expect(written()).toEqual([middleware]);
    expect(written()[0]).toMatchObject({ status: 401, outcome: 'denied', action: 'GET /case' });
    expect(written()[0]?.user_id).toBeUndefined();
    expect(ddbMock.commandCalls(PutCommand)[0]?.args[0].input.ConditionExpression).toBe('attribute_not_exists(at_id)');
  });

  it('writes the same keys when a delivery comes again, and takes an entry already there as written', async () => {
    // Prepare
    const event = subscriptionEvent([line({ requestId: 'again-1' }), line({ requestId: 'again-2' })]);
    await recordRefusals(event);
    const first = written();
    ddbMock.reset();
    ddbMock
      .on(PutCommand)
      .rejects(new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {} }));

    // Act
    const result = await recordRefusals(event);

    // Assess
    expect(result.recorded).toBe(2);
    expect(written().map((e) => [e.day, e.at_id])).toEqual(first.map((e) => [e.day, e.at_id]));
  });

  it('tries every entry, then fails the delivery when some could not be written (Lambda retries it)', async () => {
    // Prepare
    ddbMock.on(PutCommand).callsFake((input: { Item: AuditEntry }) => {
      if (input.Item.request_id !== 'fails') return {};
      throw Object.assign(new Error('throttled'), { name: 'ProvisionedThroughputExceededException' });
    });

    // Act
    const run = recordRefusals(
      subscriptionEvent([line({ requestId: 'before' }), line({ requestId: 'fails' }), line({ requestId: 'after' })]),
    );

    // Assess
    await expect(run).rejects.toThrow(RefusalAuditWriteError);
    expect(written().map((e) => e.request_id)).toEqual(['before', 'fails', 'after']);
  });

  it('answers a control message (CloudWatch Logs checking the destination) without writing', async () => {
    // Act
    const result = await handler(subscriptionEvent([], 'CONTROL_MESSAGE'), context);

    // Assess
    expect(result).toEqual({ recorded: 0, ignored: 0, malformed: 0 });
    expect(written()).toEqual([]);
  });
});
