import './support/env';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { handler } from '../../../lambdas/check_npi/handler';
import { lookupNpi, summarizeRecord } from '../../../lambdas/check_npi/summary';
import { createNppesClient, resetNppesClient, NppesQueryError, type NppesRecord } from '../../../lambdas/lib/nppes';
import { BadGatewayError } from '../../../lambdas/lib/errors';
import { errorResponse } from '../../../lambdas/lib/middleware';
import { logger } from '../../../lambdas/lib/logger';
import { invoke } from './support/events';

const BASE = 'https://nppes.test/api/?version=2.1';

const individual: NppesRecord = {
  number: '1234567893',
  enumeration_type: 'NPI-1',
  basic: { first_name: 'MARY', last_name: "O'NEIL-SMITH", status: 'A' },
};
const organization: NppesRecord = {
  number: '1245319599',
  enumeration_type: 'NPI-2',
  basic: { organization_name: 'LAKESIDE SURGERY CENTER LLC', status: 'A' },
};

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

beforeAll(() => {
  jest.spyOn(logger, 'warn').mockImplementation(() => undefined);
});

describe('the NPPES client', () => {
  it('adds the query to the base URL and returns the results', async () => {
    // Prepare
    const fetchMock = jest.fn().mockResolvedValue(jsonResponse({ result_count: 1, results: [individual] }));
    const client = createNppesClient({ baseUrl: BASE, fetch: fetchMock });
    // Act
    const record = await client.lookup('1234567893');
    // Assess
    const url = fetchMock.mock.calls[0][0] as URL;
    expect(url.searchParams.get('version')).toBe('2.1');
    expect(url.searchParams.get('number')).toBe('1234567893');
    expect(record?.basic.last_name).toBe("O'NEIL-SMITH");
  });

  it("never reports another number's record as the looked-up NPI", async () => {
    // Prepare: the registry answers with a record of a different number.
    const fetchMock = jest.fn().mockResolvedValue(jsonResponse({ result_count: 1, results: [organization] }));
    const client = createNppesClient({ baseUrl: BASE, fetch: fetchMock });
    // Act
    const record = await client.lookup('1234567893');
    // Assess
    expect(record).toBeUndefined();
  });

  it('returns undefined when the registry has no record', async () => {
    // Prepare
    const client = createNppesClient({
      baseUrl: BASE,
      fetch: jest.fn().mockResolvedValue(jsonResponse({ result_count: 0, results: [] })),
    });
    // Act & Assess
    await expect(client.lookup('1234567893')).resolves.toBeUndefined();
  });

  it.each([
    ['an HTTP 500', () => Promise.resolve(new Response('oops', { status: 500 }))],
    ['a body that is not JSON', () => Promise.resolve(new Response('<html>', { status: 200 }))],
    ['a network failure', () => Promise.reject(new TypeError('fetch failed'))],
  ])('reports %s as the service being unavailable (502)', async (_label, impl) => {
    // Prepare
    const client = createNppesClient({ baseUrl: BASE, fetch: jest.fn().mockImplementation(impl) });
    // Act
    const result = client.search({ last_name: 'smith' });
    // Assess
    await expect(result).rejects.toBeInstanceOf(BadGatewayError);
    await expect(result).rejects.toThrow('Service temporarily unavailable. Please try again in a moment.');
  });

  it("reports the registry's Errors as a 400 with its description", async () => {
    // Prepare
    const client = createNppesClient({
      baseUrl: BASE,
      fetch: jest.fn().mockResolvedValue(
        jsonResponse({
          Errors: [{ description: 'No valid search criteria provided', field: 'generic', number: '04' }],
        }),
      ),
    });
    // Act
    const error = await client.search({ enumeration_type: 'NPI-1' }).catch((e: unknown) => e);
    // Assess
    expect(error).toBeInstanceOf(NppesQueryError);
    expect(errorResponse(error)).toMatchObject({ statusCode: 400 });
    expect(JSON.parse(String(errorResponse(error).body)).message).toBe('No valid search criteria provided');
  });

  it.each([
    [
      'registry Errors',
      () =>
        Promise.resolve(
          jsonResponse({
            Errors: [{ description: 'No valid search criteria provided', field: 'generic', number: '04' }],
          }),
        ),
    ],
    ['an HTTP 500', () => Promise.resolve(new Response('oops', { status: 500 }))],
    ['a body that is not JSON', () => Promise.resolve(new Response('<html>', { status: 200 }))],
    ['a network failure', () => Promise.reject(new TypeError('fetch failed'))],
  ])('makes /check_npi report %s as the NPI service being unavailable', async (_label, impl) => {
    // Prepare
    const client = createNppesClient({ baseUrl: BASE, fetch: jest.fn().mockImplementation(impl) });
    // Act
    const result = lookupNpi('1234567893', client);
    // Assess
    await expect(result).rejects.toBeInstanceOf(BadGatewayError);
    await expect(result).rejects.toThrow('NPI validation service is temporarily unavailable');
  });

  it('gives up after its time limit', async () => {
    // Prepare: a fetch that only ends when aborted
    const hanging = (_url: URL, init: RequestInit) =>
      new Promise<Response>((_resolve, reject) =>
        init.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
      );
    const client = createNppesClient({ baseUrl: BASE, fetch: hanging as typeof fetch, timeoutMs: 50 });
    // Act
    const started = Date.now();
    const result = client.lookup('1234567893');
    // Assess
    await expect(result).rejects.toBeInstanceOf(BadGatewayError);
    // Far less than a hung registry, with room for a stalled worker on a busy machine.
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('title-cases person names and reports organisations by name', () => {
    // Act & Assess
    expect(summarizeRecord(individual)).toMatchObject({ first_name: 'Mary', last_name: "O'Neil-Smith", status: 'A' });
    expect(summarizeRecord(organization)).toMatchObject({
      first_name: '',
      last_name: 'Lakeside Surgery Center LLC',
      organization_name: 'Lakeside Surgery Center LLC',
    });
  });
});

describe('GET /check_npi', () => {
  // The audit entry of each call goes to a mocked table.
  const ddbMock = mockClient(DynamoDBDocumentClient);
  let fetchSpy: jest.SpyInstance;
  beforeEach(() => {
    ddbMock.reset();
    ddbMock.on(PutCommand).resolves({});
    resetNppesClient();
    fetchSpy = jest.spyOn(globalThis, 'fetch');
  });
  afterEach(() => fetchSpy.mockRestore());

  it('answers 401 without a caller, without calling the registry (sign-in required)', async () => {
    // Act
    const answer = await invoke(handler, { method: 'GET', path: '/check_npi', query: { npi: '1234567893' } });
    // Assess
    expect(answer.status).toBe(401);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('answers 400 for text that is not 10 digits, without calling the registry', async () => {
    // Act
    const answer = await invoke(handler, {
      method: 'GET',
      path: '/check_npi',
      sub: 'provider-1',
      query: { npi: '12345' },
    });
    // Assess
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ valid: false, error: 'NPI must be exactly 10 digits' });
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('checks the check digit before calling the registry', async () => {
    // Act
    const answer = await invoke(handler, {
      method: 'GET',
      path: '/check_npi',
      sub: 'provider-1',
      query: { npi: '1234567898' },
    });
    // Assess
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ valid: false, error: 'NPI not found or invalid' });
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('answers valid with title-cased names for a registry record', async () => {
    // Prepare
    fetchSpy.mockResolvedValue(jsonResponse({ result_count: 1, results: [individual] }));
    // Act
    const answer = await invoke(handler, {
      method: 'GET',
      path: '/check_npi',
      sub: 'provider-1',
      query: { npi: '1234567893' },
    });
    // Assess
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      valid: true,
      first_name: 'Mary',
      last_name: "O'Neil-Smith",
      status: 'A',
      error: '',
    });
    expect(String(fetchSpy.mock.calls[0][0])).toContain('https://nppes.test/api/');
  });

  it("answers 404 'NPI not found' when the registry has no record", async () => {
    // Prepare
    fetchSpy.mockResolvedValue(jsonResponse({ result_count: 0, results: [] }));
    // Act
    const answer = await invoke(handler, {
      method: 'GET',
      path: '/check_npi',
      sub: 'provider-1',
      query: { npi: '1234567893' },
    });
    // Assess
    expect(answer).toMatchObject({ status: 404, body: { valid: false, error: 'NPI not found' } });
  });

  it('answers 502 when the registry fails', async () => {
    // Prepare
    fetchSpy.mockResolvedValue(new Response('bad gateway', { status: 503 }));
    // Act
    const answer = await invoke(handler, {
      method: 'GET',
      path: '/check_npi',
      sub: 'provider-1',
      query: { npi: '1234567893' },
    });
    // Assess
    expect(answer).toMatchObject({
      status: 502,
      body: { valid: false, error: 'NPI validation service is temporarily unavailable' },
    });
  });
});
