/**
 * The refusals Lambda against the local runtime's DynamoDB (docs/decisions/0012-refused-requests-in-the-audit-trail.md):
 * a CloudWatch Logs delivery of API access-log lines is handed to the handler in this process, and
 * the 401s the authorizer answered come back through GET /audit as `denied` entries without a user,
 * once each even when the delivery comes twice. The runtime's own gateway still audits its 401s
 * itself; the Lambda runs only on AWS.
 */
import './quiet';
import { randomUUID } from 'node:crypto';
import type { Context } from 'aws-lambda';
import type { AuditPage } from '../../../shared';
import { handler } from '../../../lambdas/refusals/handler';
import { useLocalStack, type TestUser } from '../../support/local';
import { accessLogLine, subscriptionEvent } from '../../support/access-log';
import { signedInAdmin } from './support';

jest.setTimeout(60_000);

const local = useLocalStack();
const context = { awsRequestId: 'refusals-test', functionName: 'refusals' } as Context;

let admin: TestUser;

beforeAll(async () => {
  admin = await signedInAdmin(local, 100);
});

describe('the refusals Lambda', () => {
  it('writes one denied entry per refused request of a delivery, read back through GET /audit, once when delivered twice', async () => {
    // Prepare: two refusals, an answered request and a broken line, logged just now
    const [first, second, answered]: string[] = [randomUUID(), randomUUID(), randomUUID()];
    const event = subscriptionEvent(
      [
        accessLogLine({ requestId: first, routeKey: 'GET /surgeon', userAgent: 'curl/8.5.0' }),
        accessLogLine({ requestId: answered, routeKey: 'GET /surgeon', status: '200', integrationLatency: '31' }),
        '{"requestId":',
        accessLogLine({ requestId: second, routeKey: 'GET /surgeon', sourceIp: '-', userAgent: '-' }),
      ],
      { timestamp: Date.now() },
    );

    // Act
    const delivered = await handler(event, context);
    const again = await handler(event, context);
    const page = await local.api<AuditPage>('GET', '/audit', {
      token: admin.accessToken,
      query: { action: 'GET /surgeon', limit: 100 },
    });

    // Assess
    expect(delivered).toEqual({ recorded: 2, ignored: 1, malformed: 1 });
    expect(again).toEqual(delivered);
    expect(page.status).toBe(200);
    const ours = page.body.entries.filter((e) => [first, second, answered].includes(e.request_id));
    expect(
      ours.map((e) => [e.request_id, e.action, e.status, e.outcome, e.user_id, e.source_ip, e.user_agent]),
    ).toEqual([
      [second, 'GET /surgeon', 401, 'denied', '', '', ''],
      [first, 'GET /surgeon', 401, 'denied', '', '130.176.1.10', 'curl/8.5.0'],
    ]);
  });
});
