/**
 * The audit entry the shared middleware writes for every guarded request (docs/security.md):
 * outcome per answer, the ids a handler declares, who and from where, never PHI, and a failed
 * write failing the request.
 */
import './support/env';
import { randomUUID } from 'node:crypto';
import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import {
  AUDIT_RETENTION_SECONDS,
  MAX_AUDIT_ID_CHARS,
  MAX_AUDIT_ID_LENGTH,
  MAX_AUDIT_IDS,
  VIEWER_IP_HEADER,
  audit,
  auditOutcome,
  type AuditEntry,
} from '../../../lambdas/lib/audit';
import { callerUserType } from '../../../lambdas/lib/auth';
import { ForbiddenError, NotFoundError } from '../../../lambdas/lib/errors';
import { bodyObject, ok } from '../../../lambdas/lib/http';
import { logger } from '../../../lambdas/lib/logger';
import { USER_TYPE_TTL_MS, resetAuditUserTypes, writeAuditEntry } from '../../../lambdas/lib/audit-writer';
import { apiHandler } from '../../../lambdas/lib/middleware';
import { RESOURCE_ACCESS, ROUTES } from '../../../lambdas/routes';
import { AUDIT_SHARDS, auditShard } from '../../../lambdas/data/audit/keys';
import { shardOf } from '../../../lambdas/data/keys';
import { invoke } from './support/events';

const ddbMock = mockClient(DynamoDBDocumentClient);

/** The audit entries written (PutItem on the audit table). */
function entries(): AuditEntry[] {
  return ddbMock
    .commandCalls(PutCommand)
    .filter((c) => c.args[0].input.TableName === 'audit')
    .map((c) => c.args[0].input.Item as AuditEntry);
}

const handler = apiHandler(
  'cpt_codes',
  {
    'GET /cpt_codes': async (event) => {
      const mode = event.queryStringParameters?.mode;
      if (mode === 'forbidden') throw new ForbiddenError('Insufficient permissions');
      if (mode === 'missing') throw new NotFoundError('Case not found');
      if (mode === 'others') {
        audit(event).touched('case', ['c-9']).deniedIfNotFound();
        throw new NotFoundError('Case not found');
      }
      if (mode === 'boom') throw new Error('boom');
      if (mode === 'items') {
        audit(event).outcomes('case', [
          { id: 'c-1', status: 200 },
          { id: 'c-2', status: 404 },
        ]);
        return ok({ success: true });
      }
      if (mode === 'many') {
        audit(event).touched(
          'case',
          Array.from({ length: 300 }, (_, i) => `${i}-${'x'.repeat(5_000)}`),
        );
        return ok({ success: true });
      }
      await callerUserType(event);
      audit(event).touched('case', ['c-1', 'c-2', undefined, 'c-1']);
      return ok({ success: true, patient: bodyObject(event) });
    },
  },
  { writeAudit: writeAuditEntry },
);

beforeEach(() => {
  ddbMock.reset();
  ddbMock.on(PutCommand).resolves({});
  ddbMock.on(GetCommand).resolves({ Item: { user_type: 100 } });
  resetAuditUserTypes();
});

describe('the grants the audit entry needs', () => {
  it('lets every function that appends to the audit table read the users table (the entry records user_type)', () => {
    // Prepare
    const appending = Object.entries(RESOURCE_ACCESS).filter(([, access]) => access.append.length > 0);
    // Act
    const withoutUsers = appending.filter(([, access]) => !(access.read as string[]).includes('USERS_TABLE'));
    // Assess
    expect(appending.length).toBeGreaterThan(5);
    expect(withoutUsers.map(([name]) => name)).toEqual([]);
  });
});

describe('the audit entry of the shared middleware', () => {
  it('records who, what, the ids declared, the request id, source IP and user agent of an allowed call', async () => {
    // Prepare
    const before = Date.now();
    // Act
    const answer = await invoke(handler, {
      method: 'GET',
      path: '/cpt_codes',
      sub: 'u1',
      claims: { 'cognito:username': 'ada' },
      headers: { 'User-Agent': 'jest' },
    });
    // Assess
    expect(answer.status).toBe(200);
    const [entry] = entries();
    expect(entries()).toHaveLength(1);
    expect(entry).toMatchObject({
      user_id: 'u1',
      user_type: 100,
      username: 'ada',
      action: 'GET /cpt_codes',
      outcome: 'allowed',
      status: 200,
      resource_type: 'case',
      resource_ids: ['c-1', 'c-2'],
      request_id: 'req-1',
      source_ip: '127.0.0.1',
      user_agent: 'jest',
    });
    expect(entry!.case_id).toBeUndefined();
    const shard = auditShard('req-1');
    expect(entry!.day).toBe(`${entry!.at.slice(0, 10)}#${shard}`);
    expect(entry!.at_id).toBe(`${entry!.at}#req-1`);
    expect(entry!.action_shard).toBe(`GET /cpt_codes#${shard}`);
    expect(Date.parse(entry!.at)).toBeGreaterThanOrEqual(before);
    expect(entry!.expires_at - Math.floor(Date.parse(entry!.at) / 1000)).toBe(AUDIT_RETENTION_SECONDS);
  });

  it('writes one more entry per item of a request acting on items one by one, each with its case and status', async () => {
    // Act
    await invoke(handler, { method: 'GET', path: '/cpt_codes', sub: 'u1', query: { mode: 'items' } });
    // Assess
    const [request, first, second] = entries();
    expect(entries()).toHaveLength(3);
    expect(request).toMatchObject({ status: 200, resource_ids: ['c-1', 'c-2'] });
    expect(request!.case_id).toBeUndefined();
    expect(first).toMatchObject({ case_id: 'c-1', resource_ids: ['c-1'], status: 200, outcome: 'allowed' });
    expect(second).toMatchObject({ case_id: 'c-2', resource_ids: ['c-2'], status: 404, outcome: 'failed' });
    expect(second).toMatchObject({ user_id: 'u1', action: 'GET /cpt_codes', request_id: 'req-1' });
    expect(new Set(entries().map((e) => e.at_id)).size).toBe(3);
    expect(second!.at_id).toBe(`${second!.at}#req-1#2`);
  });

  it('records the viewer address CloudFront passes in its header rather than the edge address', async () => {
    // Act
    await invoke(handler, {
      method: 'GET',
      path: '/cpt_codes',
      sub: 'u1',
      headers: { [VIEWER_IP_HEADER]: '198.51.100.7' },
    });
    // Assess
    expect(entries()[0]!.source_ip).toBe('198.51.100.7');
  });

  it('fills in the user_type of a request that did not load it from the profile, read once a minute', async () => {
    // Prepare: a provider's profile; the route decides without the role (a 403 before any read)
    ddbMock.on(GetCommand).resolves({ Item: { user_type: 0 } });
    const call = { method: 'GET', path: '/cpt_codes', sub: 'p1', query: { mode: 'forbidden' } } as const;
    // Act
    await invoke(handler, call);
    await invoke(handler, call);
    // Assess
    expect(entries().map((e) => e.user_type)).toEqual([0, 0]);
    expect(ddbMock.commandCalls(GetCommand)).toHaveLength(1);
  });

  it('reads the user_type again after a minute and writes the entry without it when that read fails', async () => {
    // Prepare
    const entry = { user_id: 'p2', action: 'GET /case', status: 200, outcome: 'allowed' } as unknown as AuditEntry;
    await writeAuditEntry(entry, 1_000);
    ddbMock.on(GetCommand).rejects(new Error('throttled'));
    // Act
    await writeAuditEntry(entry, 1_000 + USER_TYPE_TTL_MS - 1);
    await writeAuditEntry(entry, 1_000 + USER_TYPE_TTL_MS + 1);
    // Assess
    expect(entries().map((e) => e.user_type)).toEqual([100, 100, undefined]);
    expect(ddbMock.commandCalls(GetCommand)).toHaveLength(2);
  });

  it('never stores the request body, query values or the answer (no PHI)', async () => {
    // Act
    await invoke(handler, {
      method: 'GET',
      path: '/cpt_codes',
      sub: 'u1',
      body: { patient_first: 'Jane', patient_last: 'Roe', patient_dob: '1970-01-01' },
    });
    // Assess
    const stored = JSON.stringify(entries());
    expect(stored).not.toMatch(/Jane|Roe|1970-01-01|patient/);
    expect(Object.keys(entries()[0]!).sort()).toEqual(
      [
        'action',
        'action_shard',
        'at',
        'at_id',
        'day',
        'expires_at',
        'outcome',
        'request_id',
        'resource_ids',
        'resource_type',
        'source_ip',
        'status',
        'user_agent',
        'user_id',
        'user_type',
      ].sort(),
    );
  });

  it.each([
    ['forbidden', 403, 'denied'],
    ['others', 404, 'denied'],
    ['missing', 404, 'failed'],
    ['boom', 500, 'failed'],
  ])('records a %s call answered %p as %p', async (mode, status, outcome) => {
    // Prepare
    const spy = jest.spyOn(logger, 'error').mockImplementation(() => undefined);
    // Act
    const answer = await invoke(handler, { method: 'GET', path: '/cpt_codes', sub: 'u1', query: { mode } });
    // Assess
    expect(answer.status).toBe(status);
    expect(entries()).toEqual([expect.objectContaining({ outcome, status, user_id: 'u1' })]);
    spy.mockRestore();
  });

  it('records the one case of a denied 404 in case_id for the byCase index', async () => {
    // Act
    await invoke(handler, { method: 'GET', path: '/cpt_codes', sub: 'u1', query: { mode: 'others' } });
    // Assess
    expect(entries()[0]).toMatchObject({ case_id: 'c-9', resource_ids: ['c-9'], resource_type: 'case' });
  });

  it('records an anonymous call to a guarded route as denied, without a user', async () => {
    // Act
    const answer = await invoke(handler, { method: 'GET', path: '/cpt_codes' });
    // Assess
    expect(answer.status).toBe(401);
    expect(entries()).toHaveLength(1);
    expect(entries()[0]).toMatchObject({ outcome: 'denied', status: 401, resource_ids: [] });
    expect(entries()[0]!.user_id).toBeUndefined();
  });

  it('writes no entry for a route without a token (the health checks)', async () => {
    // Prepare: the case Lambda's routes, every one a stub; GET /case/health is open
    const stubs = Object.fromEntries(
      ROUTES.filter((r) => r.resource === 'case').map((r) => [
        `${r.method} ${r.path}`,
        async () => ok({ success: true }),
      ]),
    );
    const open = apiHandler('case', stubs, { writeAudit: writeAuditEntry });
    // Act
    const answer = await invoke(open, { method: 'GET', path: '/case/health' });
    // Assess
    expect(answer.status).toBe(200);
    expect(entries()).toHaveLength(0);
  });

  it('refuses to build a handler with guarded routes and no audit writer', () => {
    // Act & Assess
    expect(() => apiHandler('cpt_codes', { 'GET /cpt_codes': async () => ok({}) })).toThrow(/writeAudit/);
  });

  it('fails the request with a 500 when the audit entry cannot be written', async () => {
    // Prepare
    ddbMock.on(PutCommand).rejects(new Error('ProvisionedThroughputExceededException'));
    const spy = jest.spyOn(logger, 'error').mockImplementation(() => undefined);
    // Act
    const answer = await invoke(handler, { method: 'GET', path: '/cpt_codes', sub: 'u1' });
    // Assess
    expect(answer).toMatchObject({ status: 500, body: { success: false, message: 'Internal server error' } });
    expect(JSON.stringify(spy.mock.calls)).toContain('AuditWriteError');
    spy.mockRestore();
  });
});

describe('the size of an audit entry', () => {
  it('caps the ids an entry records in number, length and in all, far below the 400 KB item limit', async () => {
    // Act: 300 ids of 5,000 characters declared
    const answer = await invoke(handler, { method: 'GET', path: '/cpt_codes', sub: 'u1', query: { mode: 'many' } });
    // Assess
    expect(answer.status).toBe(200);
    const [entry] = entries();
    expect(entry!.resource_ids.length).toBeLessThanOrEqual(MAX_AUDIT_IDS);
    expect(Math.max(...entry!.resource_ids.map((id) => id.length))).toBe(MAX_AUDIT_ID_LENGTH);
    expect(JSON.stringify(entry).length).toBeLessThan(MAX_AUDIT_ID_CHARS + 4096);
    expect(MAX_AUDIT_ID_CHARS + 4096).toBeLessThan(100 * 1024);
  });
});

describe('auditOutcome', () => {
  it('records a 4xx refused as hostile input as denied, a 500 as failed', () => {
    expect(auditOutcome(400, false, true)).toBe('denied');
    expect(auditOutcome(400, false)).toBe('failed');
    expect(auditOutcome(500, false, true)).toBe('failed');
  });

  it('is allowed below 400, denied for 401, 403 and a marked 404, failed otherwise', () => {
    // Act & Assess
    expect([200, 201, 401, 403, 400, 409, 502].map((s) => auditOutcome(s, false))).toEqual([
      'allowed',
      'allowed',
      'denied',
      'denied',
      'failed',
      'failed',
      'failed',
    ]);
    expect([auditOutcome(404, true), auditOutcome(404, false)]).toEqual(['denied', 'failed']);
  });
});

describe('the audit write shards', () => {
  it('spread request ids evenly over AUDIT_SHARDS partitions and keep each id in one shard', () => {
    // Prepare
    const ids = Array.from({ length: 4000 }, (_, i) => randomUUID() + (i % 2 ? '' : '-x'));

    // Act
    const counts = new Array<number>(AUDIT_SHARDS).fill(0);
    for (const id of ids) counts[auditShard(id)]! += 1;

    // Assess: every shard within 15 % of an even share; the same id, the same shard
    const even = ids.length / AUDIT_SHARDS;
    for (const n of counts) expect(Math.abs(n - even) / even).toBeLessThan(0.15);
    expect(ids.slice(0, 50).every((id) => auditShard(id) === auditShard(id))).toBe(true);
    expect(shardOf('case-1', 8)).toBe(shardOf('case-1', 8));
    expect(AUDIT_SHARDS).toBeGreaterThan(1);
  });
});
