import './support/env';
import { ZodError, z } from 'zod';
import { resetEnvCache } from '../../../lambdas/lib/env';
import {
  BadGatewayError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  UnauthorizedError,
  ValidationError,
} from '../../../lambdas/lib/errors';
import { bodyObject, ok, type ApiEvent } from '../../../lambdas/lib/http';
import { logger } from '../../../lambdas/lib/logger';
import {
  UNSUPPORTED_MEDIA_TYPE_MESSAGE,
  apiHandler,
  errorResponse,
  findUnsafeText,
} from '../../../lambdas/lib/middleware';
import { parseInput } from '../../../lambdas/lib/validation';
import { invoke } from './support/events';
import { writeAuditEntry } from '../../../lambdas/lib/audit-writer';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';

// The audit entry of each guarded request (tested in audit.test.ts): no network.
mockClient(DynamoDBDocumentClient).on(PutCommand).resolves({});

const parse = (res: { statusCode?: number; body?: string }) => ({
  status: res.statusCode,
  body: JSON.parse(res.body ?? '{}') as Record<string, unknown>,
});

describe('the error-name-to-status table', () => {
  it.each([
    [new ValidationError('Case date is required'), 400],
    [new UnauthorizedError('User not authenticated'), 401],
    [new ForbiddenError('Insufficient permissions'), 403],
    [new NotFoundError('Case not found'), 404],
    [new ConflictError('User already exists'), 409],
    [new BadGatewayError('NPI validation service is temporarily unavailable'), 502],
  ])('answers %p with its status and { success: false, message }', (error, status) => {
    // Act
    const answer = parse(errorResponse(error));
    // Assess
    expect(answer.status).toBe(status);
    expect(answer.body).toMatchObject({ success: false, message: error.message });
  });

  it('lists one message per field for a ValidationError and uses the first as the message', () => {
    // Prepare
    const schema = z.object({
      first: z.string({ error: 'First name is required' }).min(2, 'First name must be at least 2 characters'),
      last: z.string({ error: 'Last name is required' }),
    });
    let thrown: unknown;
    try {
      parseInput(schema, {});
    } catch (err) {
      thrown = err;
    }
    // Act
    const answer = parse(errorResponse(thrown));
    // Assess
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      success: false,
      message: 'First name is required',
      errors: [
        { field: 'first', message: 'First name is required' },
        { field: 'last', message: 'Last name is required' },
      ],
    });
  });

  it('treats a stray ZodError as a 400 with the field messages', () => {
    // Prepare
    const result = z
      .object({ npi: z.string().regex(/^\d{10}$/, 'NPI must be exactly 10 digits') })
      .safeParse({ npi: '12' });
    // Act
    const answer = parse(errorResponse((result as { error: ZodError }).error));
    // Assess
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe('NPI must be exactly 10 digits');
  });

  it('answers anything else with a generic 500 body and logs the error without the request body', () => {
    // Prepare
    const spy = jest.spyOn(logger, 'error').mockImplementation(() => undefined);
    // Act
    const answer = parse(errorResponse(new TypeError('boom'), 'POST /case'));
    // Assess
    expect(answer).toEqual({ status: 500, body: { success: false, message: 'Internal server error' } });
    expect(spy).toHaveBeenCalledWith('Unhandled error', expect.objectContaining({ routeKey: 'POST /case' }));
    spy.mockRestore();
  });
});

describe('the shared middleware bundle', () => {
  const seen: ApiEvent[] = [];
  // /check_npi needs sign-in since docs/security.md: the calls carry a caller.
  const open = apiHandler(
    'check_npi',
    {
      'GET /check_npi': async (event) => {
        seen.push(event);
        return ok({ success: true, body: event.body ?? null, header: event.headers['x-custom'] ?? null });
      },
    },
    // The audit trail is tested in audit.test.ts: here an entry is accepted and dropped.
    { writeAudit: async () => {} },
  );
  const guarded = apiHandler(
    'cpt_codes',
    {
      'GET /cpt_codes': async (event) => {
        const body = bodyObject(event);
        if (body.explode) throw new Error(`failed for patient ${String(body.patient)}`);
        return ok({ success: true });
      },
    },
    { writeAudit: writeAuditEntry },
  );

  afterEach(() => {
    seen.length = 0;
  });

  it('lets a GET without a body through with body undefined and lower-cased header names', async () => {
    // Act
    const answer = await invoke(open, {
      sub: 'provider-1',
      method: 'GET',
      path: '/check_npi',
      headers: { 'X-Custom': 'yes' },
    });
    // Assess
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ success: true, body: null, header: 'yes' });
  });

  it.each([
    ['application/json', 200],
    ['application/json; charset=utf-8', 200],
    ['Application/JSON;charset=UTF-8', 200],
    ['text/plain', 415],
    ['application/x-www-form-urlencoded', 415],
    ['multipart/form-data; boundary=x', 415],
    ['application/jsonp', 415],
    ['application/json; charset=latin1', 415],
    ['', 415],
  ])('answers a JSON body sent as %p with %p', async (contentType, status) => {
    // Act
    const answer = await invoke(open, {
      sub: 'provider-1',
      method: 'GET',
      path: '/check_npi',
      body: '{"a":1}',
      headers: { 'Content-Type': contentType },
    });
    // Assess
    expect(answer.status).toBe(status);
    if (status === 415) {
      expect(answer.body).toEqual({ success: false, message: UNSUPPORTED_MEDIA_TYPE_MESSAGE });
      expect(seen).toHaveLength(0);
    } else expect(answer.body.body).toEqual({ a: 1 });
  });

  it('lets a request without a body through whatever its content type says', async () => {
    // Act
    const answer = await invoke(open, {
      sub: 'provider-1',
      method: 'GET',
      path: '/check_npi',
      headers: { 'Content-Type': 'text/plain' },
    });
    // Assess
    expect(answer.status).toBe(200);
  });

  it.each([
    [{ patient: { first: 'Ja\u0000ne' } }, 'patient.first', 'control characters'],
    [{ procedure_codes: ['27447', '2944\u00077'] }, 'procedure_codes.1', 'control characters'],
    [{ name: 'Jane\nRoe' }, 'name', 'control characters'],
    [{ name: 'Jane\tRoe' }, 'name', 'control characters'],
    [{ name: 'Jane\u007fRoe' }, 'name', 'control characters'],
    [{ name: 'Jane\u0085Roe' }, 'name', 'control characters'],
    [{ name: 'broken \ud800' }, 'name', 'lone surrogate'],
    [{ name: '\udc00 broken' }, 'name', 'lone surrogate'],
  ])('answers 400 naming the field for %j, without calling the route handler', async (body, field, problem) => {
    // Act
    const answer = await invoke(open, {
      sub: 'provider-1',
      method: 'GET',
      path: '/check_npi',
      body: JSON.stringify(body),
    });
    // Assess
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual([{ field, message: expect.stringContaining(problem) }]);
    expect(answer.body.message).toMatch(new RegExp(`^${field.replace('.', '\\.')} must not contain`));
    expect(seen).toHaveLength(0);
  });

  it('keeps accents, emoji (surrogate pairs) and other scripts', async () => {
    // Prepare
    const body = { first: 'Zoë', last: "O'Brien-Núñez 😀", city: '東京' };
    // Act
    const answer = await invoke(open, { sub: 'provider-1', method: 'GET', path: '/check_npi', body });
    // Assess
    expect(answer.status).toBe(200);
    expect(answer.body.body).toEqual(body);
  });

  it('answers 400 naming the query parameter that holds a control character or a lone surrogate', async () => {
    // Act
    const nul = await invoke(open, {
      sub: 'provider-1',
      method: 'GET',
      path: '/check_npi',
      query: { npi: '123\u0000' },
    });
    const surrogate = await invoke(open, {
      sub: 'provider-1',
      method: 'GET',
      path: '/check_npi',
      query: { case_id: 'a\ud83d' },
    });
    // Assess
    expect(nul.status).toBe(400);
    expect(nul.body.errors).toEqual([{ field: 'npi', message: 'npi must not contain control characters' }]);
    expect(surrogate.status).toBe(400);
    expect(surrogate.body.errors[0].field).toBe('case_id');
    expect(seen).toHaveLength(0);
  });

  it('refuses a body nested deeper than the limit with a 400', async () => {
    // Prepare
    const body = '['.repeat(5000) + ']'.repeat(5000);
    // Act
    const answer = await invoke(open, { sub: 'provider-1', method: 'GET', path: '/check_npi', body: `{"a":${body}}` });
    // Assess
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe('Request body is nested too deeply');
  });

  it('answers invalid JSON with a 400 and a clear message, without calling the route handler', async () => {
    // Act
    const answer = await invoke(open, { sub: 'provider-1', method: 'GET', path: '/check_npi', body: '{"a":' });
    // Assess
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ success: false, message: 'Request body must be valid JSON' });
    expect(seen).toHaveLength(0);
  });

  it('answers 401 on a route that needs a token when the event has no caller', async () => {
    // Act
    const answer = await invoke(guarded, { method: 'GET', path: '/cpt_codes' });
    // Assess
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ success: false, message: 'User not authenticated' });
  });

  it('answers 404 for a route the Lambda does not serve', async () => {
    // Act
    const answer = await invoke(guarded, { method: 'DELETE', path: '/cpt_codes', sub: 'u1' });
    // Assess
    expect(answer.status).toBe(404);
    expect(answer.body.success).toBe(false);
  });

  it('turns a thrown error into the generic 500 and never logs the request body', async () => {
    // Prepare
    const spy = jest.spyOn(logger, 'error').mockImplementation(() => undefined);
    // Act
    const answer = await invoke(guarded, {
      method: 'GET',
      path: '/cpt_codes',
      sub: 'u1',
      body: { explode: true, patient: 'Jane Roe' },
    });
    // Assess
    expect(answer).toMatchObject({ status: 500, body: { success: false, message: 'Internal server error' } });
    const logged = JSON.stringify(spy.mock.calls);
    expect(logged).toContain('Unhandled error');
    expect(logged).not.toContain('"explode"');
    spy.mockRestore();
  });

  it('answers 500 when the Lambda environment misses a table name', async () => {
    // Prepare
    const saved = process.env.CASES_TABLE;
    delete process.env.CASES_TABLE;
    resetEnvCache();
    const spy = jest.spyOn(logger, 'error').mockImplementation(() => undefined);
    try {
      // Act
      const answer = await invoke(open, { sub: 'provider-1', method: 'GET', path: '/check_npi' });
      // Assess
      expect(answer.status).toBe(500);
      expect(JSON.stringify(spy.mock.calls)).toContain('CASES_TABLE');
    } finally {
      process.env.CASES_TABLE = saved;
      resetEnvCache();
      spy.mockRestore();
    }
  });

  it('refuses to build a Lambda whose routes differ from lambdas/routes.ts', () => {
    // Act & Assess
    expect(() => apiHandler('surgeon', { 'GET /surgeon': async () => ok({}) }, { writeAudit: async () => {} })).toThrow(
      /missing: GET \/surgeon\/search, POST \/surgeon/,
    );
  });
});

describe('findUnsafeText', () => {
  it('allows TAB, LF and CR only in the multi-line fields it is given', () => {
    // Prepare
    const body = { note: 'line one\r\nline\ttwo', name: 'Jane' };
    // Act
    const strict = findUnsafeText(body);
    const withNote = findUnsafeText(body, [], new Set(['note']));
    const nulInNote = findUnsafeText({ note: 'a\u0000b' }, [], new Set(['note']));
    // Assess
    expect(strict).toEqual({ field: 'note', message: 'note must not contain control characters' });
    expect(withNote).toBeUndefined();
    expect(nulInNote?.field).toBe('note');
  });

  it('checks object keys as well as values', () => {
    // Act
    const found = findUnsafeText({ patient: { 'fi\u0000rst': 'Jane' } });
    // Assess
    expect(found).toEqual({ field: 'patient', message: 'Field names must not contain control characters' });
  });
});
