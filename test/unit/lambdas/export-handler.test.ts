/**
 * The export Lambda with mocked AWS clients (docs/decisions/0029-server-exports.md): bad input is a
 * 400 naming the problem with nothing written and nothing invoked; a good request writes the state
 * `running` under the caller's prefix and invokes the function with the job; GET /export reads only
 * the caller's prefix (404 otherwise), reports a running export's rows, a dead one as failed, a done
 * one with a link; the job records its memory peaks in its state, out of GET /export's answer; the
 * audit ids of an export keep a search text out.
 */
import './support/env';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { handler } from '../../../lambdas/export/handler';
import { EXPORT_JOB_EVENT, STALE_AFTER_MS, exportAuditIds, runExport } from '../../../lambdas/export/job';
import type { MemoryPeaks } from '../../../lambdas/export/memory';
import { EXPORT_FILTERS, EXPORT_MESSAGES } from '../../../shared/schemas/export';
import { invoke } from './support/events';
import type { ApiEvent, ApiResult } from '../../../lambdas/lib/http';
import type { Context } from 'aws-lambda';

const s3Mock = mockClient(S3Client);
const ddbMock = mockClient(DynamoDBDocumentClient);
const lambdaMock = mockClient(LambdaClient);

const api = handler as unknown as (event: ApiEvent, context: Context) => Promise<ApiResult>;
const SUB = 'user-a';
const EXPORT_ID = '0b6f3f7e-4c7a-4a55-9b8e-3f1f2a9c1d10';

const post = (body: unknown) => invoke(api, { method: 'POST', path: '/export', body, sub: SUB });
const get = (query: Record<string, string>) => invoke(api, { method: 'GET', path: '/export', query, sub: SUB });

/** The stored state answered for `private/exports/user-a/<EXPORT_ID>.json`; other keys: NoSuchKey. */
function storedState(state: Record<string, unknown>) {
  s3Mock.on(GetObjectCommand).callsFake((input: { Key: string }) => {
    if (input.Key !== `private/exports/${SUB}/${EXPORT_ID}.json`) {
      throw Object.assign(new Error('The specified key does not exist.'), { name: 'NoSuchKey' });
    }
    const body = JSON.stringify({
      export_id: EXPORT_ID,
      list: 'cases',
      filters: {},
      rows: 0,
      created_at: '2026-11-27T02:00:00.000Z',
      updated_at: new Date().toISOString(),
      ...state,
    });
    return { Body: { transformToString: async () => body } };
  });
}

beforeEach(() => {
  s3Mock.reset();
  ddbMock.reset();
  lambdaMock.reset();
  ddbMock.on(GetCommand).resolves({ Item: { user_id: SUB, user_type: 1 } });
  ddbMock.on(PutCommand).resolves({});
  ddbMock.on(QueryCommand).resolves({ Items: [] });
  s3Mock.on(PutObjectCommand).resolves({});
  lambdaMock.on(InvokeCommand).resolves({ StatusCode: 202 });
});

describe('POST /export', () => {
  it("takes as filters each list call's query parameters but its paging (and GET /case's one-case id)", () => {
    // Assess
    expect(EXPORT_FILTERS).toEqual({
      cases: ['status', 'user_id', 'search', 'from', 'to', 'sort', 'min_days_in_status'],
      deadlines: ['state', 'within_days', 'step', 'user_id'],
      awards: ['state'],
      users: ['search'],
      audit: ['user_id', 'case_id', 'action', 'from', 'to'],
    });
  });

  it.each([
    ['an unknown list', { list: 'patients' }, 'list', EXPORT_MESSAGES.list],
    [
      'a filter the list call does not take',
      { list: 'deadlines', filters: { search: 'x' } },
      'filters.search',
      EXPORT_MESSAGES.unknownFilter('deadlines', 'search'),
    ],
    [
      'a filter that is an object',
      { list: 'cases', filters: { status: { gt: 1 } } },
      'filters.status',
      EXPORT_MESSAGES.filterValue,
    ],
    ['a field beside list and filters', { list: 'cases', format: 'xlsx' }, '', 'Unrecognized key: "format"'],
  ])('refuses %s with 400 naming it, writing and invoking nothing', async (_what, body, field, message) => {
    // Act
    const answer = await post(body);
    // Assess
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toContainEqual({ field, message });
    expect(s3Mock.commandCalls(PutObjectCommand)).toHaveLength(0);
    expect(lambdaMock.commandCalls(InvokeCommand)).toHaveLength(0);
  });

  it("refuses a filter value the list's own call refuses, with its message", async () => {
    // Act
    const answer = await post({ list: 'cases', filters: { status: 'sideways' } });
    // Assess
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toContain('status must be one of');
    expect(s3Mock.commandCalls(PutObjectCommand)).toHaveLength(0);
    expect(lambdaMock.commandCalls(InvokeCommand)).toHaveLength(0);
  });

  it("refuses a list the caller's user_type may not read (403), as the list call does", async () => {
    // Act
    const answer = await post({ list: 'audit' });
    // Assess
    expect(answer.status).toBe(403);
    expect(s3Mock.commandCalls(PutObjectCommand)).toHaveLength(0);
  });

  it("writes the state under the caller's prefix, then invokes itself with the job", async () => {
    // Act
    const answer = await post({ list: 'cases', filters: { status: 20 } });
    // Assess
    expect(answer.status).toBe(202);
    const exportId = answer.body.export_id as string;
    const put = s3Mock.commandCalls(PutObjectCommand)[0]!.args[0].input;
    expect(put.Key).toBe(`private/exports/${SUB}/${exportId}.json`);
    expect(JSON.parse(String(put.Body))).toMatchObject({
      state: 'running',
      rows: 0,
      list: 'cases',
      filters: { status: 20 },
    });
    const call = lambdaMock.commandCalls(InvokeCommand)[0]!.args[0].input;
    expect(call).toMatchObject({ FunctionName: 'test', InvocationType: 'Event' });
    expect(JSON.parse(new TextDecoder().decode(call.Payload as Uint8Array))).toEqual({
      type: EXPORT_JOB_EVENT,
      export_id: exportId,
      requester: { user_id: SUB },
    });
  });
});

describe('GET /export', () => {
  it('needs an export id (400)', async () => {
    // Act
    const answer = await get({});
    // Assess
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toContain(EXPORT_MESSAGES.exportId);
  });

  it("answers 404 for an id under no prefix of the caller's (another user's export)", async () => {
    // Arrange
    storedState({ state: 'done' });
    // Act
    const answer = await get({ export_id: 'a1b2c3d4-0000-4000-8000-000000000000' });
    // Assess
    expect(answer.status).toBe(404);
    expect(answer.body.message).toBe(EXPORT_MESSAGES.notFound);
  });

  it('reports the rows of a running export, without a link', async () => {
    // Arrange
    storedState({ state: 'running', rows: 4_200 });
    // Act
    const answer = await get({ export_id: EXPORT_ID });
    // Assess
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ success: true, export_id: EXPORT_ID, list: 'cases', state: 'running', rows: 4_200 });
  });

  it('reads a state again when it comes back cut short (read while the job replaces it)', async () => {
    // Arrange
    let reads = 0;
    s3Mock.on(GetObjectCommand).callsFake(() => {
      reads += 1;
      const body =
        reads === 1
          ? '{"export_id":'
          : JSON.stringify({
              export_id: EXPORT_ID,
              list: 'cases',
              filters: {},
              state: 'running',
              rows: 600,
              created_at: '2026-11-27T02:00:00.000Z',
              updated_at: new Date().toISOString(),
            });
      return { Body: { transformToString: async () => body } };
    });
    // Act
    const answer = await get({ export_id: EXPORT_ID });
    // Assess
    expect(reads).toBe(2);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ state: 'running', rows: 600 });
  });

  it('reports a running export whose state stopped moving as failed', async () => {
    // Arrange
    storedState({
      state: 'running',
      rows: 800,
      updated_at: new Date(Date.now() - STALE_AFTER_MS - 1_000).toISOString(),
    });
    // Act
    const answer = await get({ export_id: EXPORT_ID });
    // Assess
    expect(answer.body).toMatchObject({ state: 'failed', rows: 800, error: EXPORT_MESSAGES.failed });
  });

  it('gives a done export a presigned link to its CSV', async () => {
    // Arrange
    storedState({ state: 'done', rows: 25_000 });
    // Act
    const answer = await get({ export_id: EXPORT_ID });
    // Assess
    expect(answer.body).toMatchObject({ state: 'done', rows: 25_000, expires_in: 600 });
    const url = new URL(answer.body.url as string);
    expect(url.pathname).toContain(`private/exports/${SUB}/${EXPORT_ID}.csv`);
    expect(url.searchParams.get('response-content-disposition')).toContain('cases-2026-11-27.csv');
  });
});

describe('the job', () => {
  it('leaves an export that already ended alone (a repeated delivery)', async () => {
    // Arrange
    storedState({ state: 'done', rows: 3 });
    const writeAudit = jest.fn(async () => undefined);
    // Act
    const outcome = await runExport(
      { type: EXPORT_JOB_EVENT, export_id: EXPORT_ID, requester: { user_id: SUB } },
      { writeAudit },
    );
    // Assess
    expect(outcome).toBeUndefined();
    expect(writeAudit).not.toHaveBeenCalled();
    expect(s3Mock.commandCalls(PutObjectCommand)).toHaveLength(0);
  });

  it("records the job's memory peaks in its state, and GET /export answers without them", async () => {
    // Arrange
    storedState({ state: 'running' });
    const writeAudit = jest.fn(async () => undefined);
    // Act
    const outcome = await runExport(
      { type: EXPORT_JOB_EVENT, export_id: EXPORT_ID, requester: { user_id: SUB } },
      { writeAudit },
    );
    // Assess
    expect(outcome).toBe('done');
    const states = s3Mock
      .commandCalls(PutObjectCommand)
      .map((c) => c.args[0].input)
      .filter((input) => input.Key === `private/exports/${SUB}/${EXPORT_ID}.json`);
    const last = JSON.parse(String(states[states.length - 1]!.Body)) as Record<string, unknown>;
    expect(last.state).toBe('done');
    const memory = last.memory as MemoryPeaks;
    expect(memory.heap_start_bytes).toBeGreaterThan(0);
    expect(memory.heap_peak_bytes).toBeGreaterThanOrEqual(memory.heap_start_bytes);
    expect(memory.heap_after_gc_peak_bytes).toBeGreaterThanOrEqual(memory.heap_start_bytes);
    expect(memory.rss_peak_bytes).toBeGreaterThanOrEqual(memory.heap_peak_bytes / 2);
    // The start, each page read (one here), the end.
    expect(memory.samples).toBeGreaterThanOrEqual(3);
    storedState(last);
    const answer = await get({ export_id: EXPORT_ID });
    expect(Object.keys(answer.body).sort()).toEqual(
      ['expires_in', 'export_id', 'list', 'rows', 'state', 'success', 'url'].sort(),
    );
  });

  it('audits the list, the row count and the filters, a search text kept out', () => {
    // Act
    const ids = exportAuditIds({
      export_id: EXPORT_ID,
      list: 'cases',
      rows: 12_345,
      filters: { status: 20, search: 'Okafor', from: '2026-01-01' },
    });
    // Assess
    expect(ids).toEqual([EXPORT_ID, 'list=cases', 'rows=12345', 'status=20', 'search=(text)', 'from=2026-01-01']);
  });
});
