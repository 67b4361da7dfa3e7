/**
 * Calls past CloudFront and its WAF (lambdas/lib/origin.ts): with `ORIGIN_VERIFY`
 * set, only requests carrying CloudFront's origin header reach a handler; the refusal is a 403 and is
 * audited as denied, and the token never reaches the handler.
 */
import './support/env';
import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import type { AuditEntry } from '../../../lambdas/lib/audit';
import { writeAuditEntry } from '../../../lambdas/lib/audit-writer';
import { resetEnvCache } from '../../../lambdas/lib/env';
import { ok } from '../../../lambdas/lib/http';
import { apiHandler } from '../../../lambdas/lib/middleware';
import { ORIGIN_VERIFY_HEADER, checkOrigin, sameToken } from '../../../lambdas/lib/origin';
import { invoke } from './support/events';

const TOKEN = '0f8fad5b-d9cb-469f-a165-70867728950e';
const ddbMock = mockClient(DynamoDBDocumentClient);
const seenHeaders: Record<string, string | undefined>[] = [];

const handler = apiHandler(
  'cpt_codes',
  {
    'GET /cpt_codes': async (event) => {
      seenHeaders.push({ ...event.headers });
      return ok({ success: true });
    },
  },
  { writeAudit: writeAuditEntry },
);

beforeEach(() => {
  ddbMock.reset();
  ddbMock.on(PutCommand).resolves({});
  ddbMock.on(GetCommand).resolves({ Item: { user_type: 0 } });
  seenHeaders.length = 0;
  process.env.ORIGIN_VERIFY = TOKEN;
  resetEnvCache();
});

afterAll(() => {
  delete process.env.ORIGIN_VERIFY;
  resetEnvCache();
});

function auditOutcomes(): string[] {
  return ddbMock.commandCalls(PutCommand).map((c) => (c.args[0].input.Item as AuditEntry).outcome);
}

describe('the origin check', () => {
  it('answers 403 to a call without the origin header and records it as denied', async () => {
    // Act
    const answer = await invoke(handler, { method: 'GET', path: '/cpt_codes', sub: 'u1' });
    // Assess
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ success: false, message: 'Insufficient permissions' });
    expect(seenHeaders).toHaveLength(0);
    expect(auditOutcomes()).toEqual(['denied']);
  });

  it('answers 403 to a wrong token of the same length', async () => {
    // Act
    const answer = await invoke(handler, {
      method: 'GET',
      path: '/cpt_codes',
      sub: 'u1',
      headers: { [ORIGIN_VERIFY_HEADER]: TOKEN.replace(/.$/, 'f') },
    });
    // Assess
    expect(answer.status).toBe(403);
  });

  it('lets a call with the token through and hides the token from the handler', async () => {
    // Act
    const answer = await invoke(handler, {
      method: 'GET',
      path: '/cpt_codes',
      sub: 'u1',
      headers: { [ORIGIN_VERIFY_HEADER]: TOKEN },
    });
    // Assess
    expect(answer.status).toBe(200);
    expect(seenHeaders).toHaveLength(1);
    expect(seenHeaders[0]).not.toHaveProperty(ORIGIN_VERIFY_HEADER);
    expect(auditOutcomes()).toEqual(['allowed']);
  });

  it('checks nothing when the environment has no token', () => {
    // Act / Assess
    expect(() => checkOrigin({ headers: {} } as never, undefined)).not.toThrow();
  });

  it('compares tokens whole: a prefix, a longer value or none do not match', () => {
    // Act / Assess
    expect(sameToken(TOKEN, TOKEN)).toBe(true);
    expect(sameToken(TOKEN.slice(0, 10), TOKEN)).toBe(false);
    expect(sameToken(`${TOKEN}x`, TOKEN)).toBe(false);
    expect(sameToken(undefined, TOKEN)).toBe(false);
  });
});
