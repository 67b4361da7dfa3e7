/**
 * Surgeon and facility search over NPPES (lambdas/lib/nppes-search.ts):
 * query rules, record mapping, the module cache and the error mapping, with an injected fetch (no
 * network), and the two routes through their Lambdas with a mocked global fetch.
 */
import './support/env';
import { handler as facilityHandler } from '../../../lambdas/facility/handler';
import { BadGatewayError, ValidationError } from '../../../lambdas/lib/errors';
import { logger } from '../../../lambdas/lib/logger';
import { createNppesClient, resetNppesClient, type NppesRecord } from '../../../lambdas/lib/nppes';
import {
  TtlCache,
  clearSearchCache,
  formatZip,
  searchFacilities,
  searchSurgeons,
} from '../../../lambdas/lib/nppes-search';
import { handler as surgeonHandler } from '../../../lambdas/surgeon/handler';
import { FacilitySearchResponseSchema, SurgeonSearchResponseSchema } from '../../../shared';
import { invoke } from './support/events';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';

// The middleware's audit entry of each request: no network in unit tests.
mockClient(DynamoDBDocumentClient).on(PutCommand).resolves({});

const BASE = 'https://nppes.test/api/?version=2.1';

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function person(number: string, first: string, last: string, overrides: Partial<NppesRecord> = {}): NppesRecord {
  return {
    number,
    enumeration_type: 'NPI-1',
    basic: { first_name: first, last_name: last, status: 'A' },
    addresses: [
      {
        address_purpose: 'MAILING',
        address_1: 'PO BOX 12',
        city: 'TRENTON',
        state: 'NJ',
        postal_code: '08601',
      },
      {
        address_purpose: 'LOCATION',
        address_1: '400 HOSPITAL DR',
        address_2: 'SUITE 210',
        city: 'NEW BRUNSWICK',
        state: 'nj',
        postal_code: '089011234',
      },
    ],
    ...overrides,
  };
}

function organization(number: string, name: string, overrides: Partial<NppesRecord> = {}): NppesRecord {
  return {
    number,
    enumeration_type: 'NPI-2',
    basic: { organization_name: name, status: 'A' },
    addresses: [
      { address_purpose: 'LOCATION', address_1: '5 LAKE BLVD', city: 'MADISON', state: 'WI', postal_code: '53703' },
    ],
    ...overrides,
  };
}

/** A client whose fetch answers `body` (or runs `impl`), and the fetch mock to inspect. */
function clientAnswering(body: unknown | (() => Promise<Response>), timeoutMs?: number) {
  const impl =
    typeof body === 'function' ? (body as () => Promise<Response>) : () => Promise.resolve(jsonResponse(body));
  const fetchMock = jest.fn().mockImplementation(impl);
  return { client: createNppesClient({ baseUrl: BASE, fetch: fetchMock, timeoutMs }), fetchMock };
}

function sentQuery(fetchMock: jest.Mock, call = 0): URLSearchParams {
  return (fetchMock.mock.calls[call]![0] as URL).searchParams;
}

beforeAll(() => {
  jest.spyOn(logger, 'warn').mockImplementation(() => undefined);
  jest.spyOn(logger, 'info').mockImplementation(() => undefined);
});
beforeEach(() => clearSearchCache());

describe('the surgeon search', () => {
  it('maps a record to title-cased names and the practice location address', async () => {
    // Prepare
    const { client } = clientAnswering({ result_count: 1, results: [person('1234567893', 'MARY', "O'NEIL-SMITH")] });
    // Act
    const results = await searchSurgeons({ first_name: 'Mary', last_name: "O'Neil" }, { client });
    // Assess
    expect(results).toEqual([
      {
        npi: '1234567893',
        first_name: 'Mary',
        last_name: "O'Neil-Smith",
        address: '400 Hospital DR, Suite 210',
        city: 'New Brunswick',
        state: 'NJ',
        zip: '08901-1234',
      },
    ]);
    expect(SurgeonSearchResponseSchema.safeParse({ surgeons: results }).success).toBe(true);
  });

  it('falls back to the mailing address when there is no practice location', async () => {
    // Prepare
    const record = person('1234567893', 'JOHN', 'SMITH');
    record.addresses = record.addresses!.filter((a) => a.address_purpose === 'MAILING');
    const { client } = clientAnswering({ result_count: 1, results: [record] });
    // Act
    const [result] = await searchSurgeons({ first_name: 'john', last_name: 'smith' }, { client });
    // Assess
    expect(result).toMatchObject({ address: 'Po Box 12', city: 'Trenton', state: 'NJ', zip: '08601' });
  });

  it('asks for individuals with a trailing wildcard on names of 2 or more characters only', async () => {
    // Prepare
    const { client, fetchMock } = clientAnswering({ result_count: 0, results: [] });
    // Act
    await searchSurgeons({ first_name: '  Jo ', last_name: 'S' }, { client });
    await searchSurgeons({ last_name: 'smi*th' }, { client });
    // Assess
    const first = sentQuery(fetchMock, 0);
    expect(first.get('enumeration_type')).toBe('NPI-1');
    expect(first.get('first_name')).toBe('Jo*');
    expect(first.get('last_name')).toBe('S');
    expect(first.get('version')).toBe('2.1');
    const second = sentQuery(fetchMock, 1);
    expect(second.get('last_name')).toBe('smith*');
    expect(second.has('first_name')).toBe(false);
  });

  it('reads one word sent as both names as either name, last-name matches first', async () => {
    // Prepare
    const fetchMock = jest.fn().mockImplementation((url: URL) => {
      const byLast = url.searchParams.has('last_name');
      return Promise.resolve(
        jsonResponse({
          result_count: 1,
          results: byLast
            ? [person('1234567893', 'ANN', 'PARKER')]
            : [person('1245319599', 'PARKER', 'JONES'), person('1234567893', 'ANN', 'PARKER')],
        }),
      );
    });
    const client = createNppesClient({ baseUrl: BASE, fetch: fetchMock });
    // Act
    const results = await searchSurgeons({ first_name: 'parker', last_name: 'Parker' }, { client });
    // Assess
    expect(fetchMock).toHaveBeenCalledTimes(2);
    const queries = fetchMock.mock.calls.map(([url]) => Object.fromEntries((url as URL).searchParams));
    expect(queries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ last_name: 'Parker*' }),
        expect.objectContaining({ first_name: 'parker*' }),
      ]),
    );
    expect(queries.every((q) => !('first_name' in q && 'last_name' in q))).toBe(true);
    expect(results.map((r) => r.npi)).toEqual(['1234567893', '1245319599']);
  });

  it('answers no results without calling the registry below 2 characters in total', async () => {
    // Prepare
    const { client, fetchMock } = clientAnswering({ result_count: 0, results: [] });
    // Act
    const none = await searchSurgeons({}, { client });
    const one = await searchSurgeons({ first_name: 'J', last_name: ' ' }, { client });
    const star = await searchSurgeons({ last_name: 'j*' }, { client });
    // Assess
    expect([none, one, star]).toEqual([[], [], []]);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('drops inactive records, organisations and repeated numbers, and keeps at most 10', async () => {
    // Prepare
    const active = Array.from({ length: 14 }, (_, i) =>
      person(`10000000${String(i).padStart(2, '0')}`, `FIRST${i}`, 'SMITH'),
    );
    const inactive = person('1999999990', 'GONE', 'SMITH', {
      basic: { first_name: 'GONE', last_name: 'SMITH', status: 'D' },
    });
    const { client, fetchMock } = clientAnswering({
      result_count: 17,
      results: [inactive, active[0], active[0], organization('1245319599', 'SMITH CLINIC'), ...active.slice(1)],
    });
    // Act
    const results = await searchSurgeons({ last_name: 'smith' }, { client });
    // Assess
    expect(results.map((r) => r.npi)).toEqual(active.slice(0, 10).map((r) => r.number));
    expect(Number(sentQuery(fetchMock).get('limit'))).toBeGreaterThan(10);
  });

  it('answers a repeated query from the cache without a second fetch, whatever its case and spacing', async () => {
    // Prepare
    const { client, fetchMock } = clientAnswering({ result_count: 1, results: [person('1234567893', 'ANN', 'LEE')] });
    // Act
    const first = await searchSurgeons({ first_name: 'Ann', last_name: 'Lee' }, { client });
    const again = await searchSurgeons({ first_name: ' ann ', last_name: 'LEE' }, { client });
    const other = await searchSurgeons({ first_name: 'Ann', last_name: 'Le' }, { client });
    // Assess
    expect(again).toEqual(first);
    expect(other).toEqual(first);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('does not cache a failure', async () => {
    // Prepare
    const fetchMock = jest
      .fn()
      .mockResolvedValueOnce(new Response('down', { status: 500 }))
      .mockResolvedValueOnce(jsonResponse({ result_count: 1, results: [person('1234567893', 'ANN', 'LEE')] }));
    const client = createNppesClient({ baseUrl: BASE, fetch: fetchMock });
    // Act
    const failed = await searchSurgeons({ last_name: 'lee' }, { client }).catch((e: unknown) => e);
    const retried = await searchSurgeons({ last_name: 'lee' }, { client });
    // Assess
    expect(failed).toBeInstanceOf(BadGatewayError);
    expect(retried).toHaveLength(1);
  });

  it("turns the registry's Errors into a 400 with its description", async () => {
    // Prepare
    const { client } = clientAnswering({
      Errors: [{ description: 'Field last_name requires at least 2 characters', field: 'last_name', number: '07' }],
    });
    // Act
    const error = await searchSurgeons({ last_name: 'smith' }, { client }).catch((e: unknown) => e);
    // Assess
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as Error).message).toBe('Field last_name requires at least 2 characters');
  });

  it.each([
    ['an HTTP 500', () => Promise.resolve(new Response('oops', { status: 500 }))],
    ['a body that is not JSON', () => Promise.resolve(new Response('<html>', { status: 200 }))],
    ['a network failure', () => Promise.reject(new TypeError('fetch failed'))],
  ])('turns %s into a 502', async (_label, impl) => {
    // Prepare
    const { client } = clientAnswering(impl as () => Promise<Response>);
    // Act
    const error = await searchSurgeons({ last_name: 'smith' }, { client }).catch((e: unknown) => e);
    // Assess
    expect(error).toBeInstanceOf(BadGatewayError);
    expect((error as Error).message).toBe('Service temporarily unavailable. Please try again in a moment.');
  });

  it('turns a registry slower than the time limit into a 502', async () => {
    // Prepare: a fetch that only ends when aborted
    const hanging = (_url: URL, init: RequestInit) =>
      new Promise<Response>((_resolve, reject) =>
        init.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
      );
    const client = createNppesClient({ baseUrl: BASE, fetch: hanging as typeof fetch, timeoutMs: 30 });
    // Act
    const error = await searchSurgeons({ last_name: 'smith' }, { client }).catch((e: unknown) => e);
    // Assess
    expect(error).toBeInstanceOf(BadGatewayError);
  });
});

describe('the facility search', () => {
  it('asks for organisations by name with a wildcard and keeps LLC in capitals', async () => {
    // Prepare
    const { client, fetchMock } = clientAnswering({
      result_count: 1,
      results: [organization('1245319599', 'LAKESIDE SURGERY CENTER LLC')],
    });
    // Act
    const results = await searchFacilities({ facility_name: 'lakeside surg' }, { client });
    // Assess
    const query = sentQuery(fetchMock);
    expect(query.get('enumeration_type')).toBe('NPI-2');
    expect(query.get('organization_name')).toBe('lakeside surg*');
    expect(results).toEqual([
      {
        facility_name: 'Lakeside Surgery Center LLC',
        npi: '1245319599',
        address: '5 Lake BLVD',
        city: 'Madison',
        state: 'WI',
        zip: '53703',
      },
    ]);
    expect(FacilitySearchResponseSchema.safeParse({ facilities: results }).success).toBe(true);
  });

  it("sends city, state and ZIP as the registry's city, state and postal_code, and caches per place", async () => {
    // Prepare
    const { client, fetchMock } = clientAnswering({
      result_count: 1,
      results: [organization('1245319599', 'LAKESIDE SURGERY CENTER LLC')],
    });
    // Act
    await searchFacilities({ facility_name: 'lakeside', city: ' Madison ', state: 'wi', zip: '53703' }, { client });
    await searchFacilities({ facility_name: 'lakeside', city: 'madison', state: 'WI', zip: '53703' }, { client });
    await searchFacilities({ facility_name: 'lakeside' }, { client });
    // Assess: the second asks the cache; the third, without a place, the registry again.
    const query = sentQuery(fetchMock);
    expect([query.get('organization_name'), query.get('city'), query.get('state'), query.get('postal_code')]).toEqual([
      'lakeside*',
      'Madison',
      'WI',
      '53703',
    ]);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('drops inactive organisations and answers nothing below 2 characters', async () => {
    // Prepare
    const { client, fetchMock } = clientAnswering({
      result_count: 2,
      results: [
        organization('1245319599', 'OLD CENTER', { basic: { organization_name: 'OLD CENTER', status: 'D' } }),
        organization('1234567893', 'OLD TOWN HOSPITAL'),
      ],
    });
    // Act
    const short = await searchFacilities({ facility_name: 'o' }, { client });
    const results = await searchFacilities({ facility_name: 'old' }, { client });
    // Assess
    expect(short).toEqual([]);
    expect(results.map((r) => r.npi)).toEqual(['1234567893']);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('the search cache', () => {
  it('forgets an entry after its lifetime and evicts the oldest beyond its size', () => {
    // Prepare
    let now = 0;
    const cache = new TtlCache<number>(2, 1000, () => now);
    cache.set('a', 1);
    cache.set('b', 2);
    // Act
    cache.set('c', 3);
    now = 999;
    const beforeExpiry = cache.get('b');
    now = 1000;
    const afterExpiry = cache.get('b');
    // Assess
    expect(cache.get('a')).toBeUndefined();
    expect(beforeExpiry).toBe(2);
    expect(afterExpiry).toBeUndefined();
  });

  it('formats 9-digit postal codes as ZIP+4 and drops anything that is not a US ZIP', () => {
    // Act & Assess
    expect(formatZip('089011234')).toBe('08901-1234');
    expect(formatZip('08901')).toBe('08901');
    expect(formatZip('K1A0B1')).toBe('');
  });
});

describe('GET /surgeon/search and GET /facility/search', () => {
  let fetchSpy: jest.SpyInstance;
  beforeEach(() => {
    resetNppesClient();
    fetchSpy = jest.spyOn(globalThis, 'fetch');
  });
  afterEach(() => fetchSpy.mockRestore());

  it('answers exactly { surgeons } from the registry at the environment URL', async () => {
    // Prepare
    fetchSpy.mockResolvedValue(jsonResponse({ result_count: 1, results: [person('1234567893', 'ANN', 'LEE')] }));
    // Act
    const answer = await invoke(surgeonHandler, {
      method: 'GET',
      path: '/surgeon/search',
      sub: 'me',
      query: { first_name: 'Ann', last_name: 'Lee' },
    });
    // Assess
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body)).toEqual(['surgeons']);
    expect(answer.body.surgeons[0]).toMatchObject({ npi: '1234567893', first_name: 'Ann', last_name: 'Lee' });
    expect(String(fetchSpy.mock.calls[0][0])).toMatch(/^https:\/\/nppes\.test\/api\/\?version=2\.1&/);
  });

  it('answers exactly { facilities }, empty below 2 characters', async () => {
    // Act
    const answer = await invoke(facilityHandler, {
      method: 'GET',
      path: '/facility/search',
      sub: 'me',
      query: { facility_name: 'L' },
    });
    // Assess
    expect(answer).toMatchObject({ status: 200, body: { facilities: [] } });
    expect(Object.keys(answer.body)).toEqual(['facilities']);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('answers 502 with the spec message when the registry is down', async () => {
    // Prepare
    fetchSpy.mockResolvedValue(new Response('bad gateway', { status: 503 }));
    // Act
    const answer = await invoke(facilityHandler, {
      method: 'GET',
      path: '/facility/search',
      sub: 'me',
      query: { facility_name: 'Lakeside' },
    });
    // Assess
    expect(answer).toMatchObject({
      status: 502,
      body: { success: false, message: 'Service temporarily unavailable. Please try again in a moment.' },
    });
  });

  it('answers 400 for a name over 100 characters and 401 without a caller', async () => {
    // Act
    const long = await invoke(surgeonHandler, {
      method: 'GET',
      path: '/surgeon/search',
      sub: 'me',
      query: { last_name: 'x'.repeat(101) },
    });
    const anonymous = await invoke(surgeonHandler, {
      method: 'GET',
      path: '/surgeon/search',
      query: { last_name: 'smith' },
    });
    // Assess
    expect(long.status).toBe(400);
    expect(anonymous.status).toBe(401);
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
