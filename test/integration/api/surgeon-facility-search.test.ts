/**
 * GET /surgeon/search and GET /facility/search against the local NPPES emulator, and the rule
 * "the same NPI twice in one user's list: 409", through the local
 * gateway, Cognito tokens and dynalite.
 *
 * The Lambdas' NPPES time limit is lowered to 2,500 ms for this file (`NPPES_TIMEOUT_MS`, read at
 * call time), so the emulator's `ZZSLOW` trigger (6 s) shows a timeout quickly.
 */
import './quiet';
process.env.NPPES_TIMEOUT_MS = '2500';

import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { getRegistry } from '../../../local/nppes-registry';
import { ddb } from '../../../lambdas/lib/aws';
import { getEnv } from '../../../lambdas/lib/env';
import { ConflictError } from '../../../lambdas/lib/errors';
import { npiMarkerKey } from '../../../lambdas/data/owned/keys';
import { putFacility } from '../../../lambdas/data/owned/facilities';
import { putSurgeon } from '../../../lambdas/data/owned/surgeons';
import {
  FacilitySearchResponseSchema,
  SurgeonSearchResponseSchema,
  formatAddress,
  formatFacilityName,
  titleCaseName,
} from '../../../shared';
import { useLocalStack, type TestUser } from '../../support/local';
import { fakeNpi, signedInProvider } from './support';

jest.setTimeout(60_000);

// Its own runtime: the Lambdas get a 1 s NPPES time limit, and tests count the runtime's registry calls.
const local = useLocalStack({ isolated: true });
const registry = getRegistry();
const UNAVAILABLE = 'Service temporarily unavailable. Please try again in a moment.';

interface Answer {
  success?: boolean;
  message?: string;
  [key: string]: unknown;
}

let user: TestUser;
beforeAll(async () => {
  user = await signedInProvider(local);
});

/** Calls the Lambdas made to the NPPES emulator so far (the runtime logs each request). */
function nppesCalls(): number {
  return local.logs.filter((line) => line.includes('/nppes/api')).length;
}

describe('GET /surgeon/search', () => {
  const surgeon = registry.surgeons[42]!;

  it('finds a registry surgeon by the start of both names and maps the practice location', async () => {
    // Prepare
    const location = surgeon.addresses.find((a) => a.address_purpose === 'LOCATION')!;
    // Act
    const res = await local.api<Answer>('GET', '/surgeon/search', {
      token: user.accessToken,
      query: { first_name: surgeon.basic.first_name.slice(0, 3).toLowerCase(), last_name: surgeon.basic.last_name },
    });
    // Assess
    expect(res.status).toBe(200);
    const parsed = SurgeonSearchResponseSchema.strict().parse(res.body);
    // The server answers exactly what the tolerant SPA schema reads: nothing dropped, NPIs as 10-digit text.
    const raw = (res.body as unknown as { surgeons: { npi: unknown }[] }).surgeons;
    expect(parsed.surgeons).toHaveLength(raw.length);
    expect(raw.every((s) => typeof s.npi === 'string' && /^\d{10}$/.test(s.npi))).toBe(true);
    expect(parsed.surgeons.length).toBeLessThanOrEqual(10);
    expect(parsed.surgeons.find((s) => s.npi === surgeon.number)).toEqual({
      npi: surgeon.number,
      first_name: titleCaseName(surgeon.basic.first_name),
      last_name: titleCaseName(surgeon.basic.last_name),
      address: formatAddress([location.address_1, location.address_2].filter(Boolean).join(', ')),
      city: titleCaseName(location.city),
      state: location.state,
      zip: `${location.postal_code.slice(0, 5)}-${location.postal_code.slice(5)}`,
    });
  });

  it('accepts either name alone and answers at most 10 individuals whose name starts with it', async () => {
    // Act
    const res = await local.api<Answer>('GET', '/surgeon/search', {
      token: user.accessToken,
      query: { last_name: 'Sm' },
    });
    const firstOnly = await local.api<Answer>('GET', '/surgeon/search', {
      token: user.accessToken,
      query: { first_name: surgeon.basic.first_name },
    });
    // Assess
    const surgeons = SurgeonSearchResponseSchema.parse(res.body).surgeons;
    const expected = registry.surgeons.filter((s) => s.basic.last_name.startsWith('SM'));
    expect(surgeons.length).toBe(Math.min(10, expected.length));
    expect(surgeons.every((s) => s.last_name.startsWith('Sm'))).toBe(true);
    const byFirst = SurgeonSearchResponseSchema.parse(firstOnly.body).surgeons;
    expect(byFirst.length).toBeGreaterThan(0);
    expect(byFirst.every((s) => s.first_name.toUpperCase().startsWith(surgeon.basic.first_name))).toBe(true);
  });

  it('reads one word sent as both names (the spec one-word mode) as either name', async () => {
    // Prepare
    const word = 'RA'; // 4 last names and 8 first names of the fictitious registry start with it
    const lastMatches = registry.surgeons.filter((s) => s.basic.last_name.startsWith(word));
    // Act
    const res = await local.api<Answer>('GET', '/surgeon/search', {
      token: user.accessToken,
      query: { first_name: word.toLowerCase(), last_name: word.toLowerCase() },
    });
    // Assess
    const surgeons = SurgeonSearchResponseSchema.parse(res.body).surgeons;
    expect(surgeons.length).toBe(10);
    const up = (t: string) => t.toUpperCase();
    expect(surgeons.every((s) => up(s.last_name).startsWith(word) || up(s.first_name).startsWith(word))).toBe(true);
    expect(surgeons.slice(0, lastMatches.length).map((s) => s.npi)).toEqual(lastMatches.map((s) => s.number));
    expect(surgeons.some((s) => !up(s.last_name).startsWith(word))).toBe(true);
  });

  it('answers an empty list below 2 characters in total without asking the registry', async () => {
    // Prepare
    const before = nppesCalls();
    // Act
    const res = await local.api<Answer>('GET', '/surgeon/search', {
      token: user.accessToken,
      query: { first_name: 'J', last_name: '' },
    });
    // Assess
    expect(res).toMatchObject({ status: 200, body: { surgeons: [] } });
    expect(nppesCalls()).toBe(before);
  });

  it('answers a repeated query from its cache', async () => {
    // Prepare
    const query = { first_name: surgeon.basic.first_name.slice(0, 2), last_name: surgeon.basic.last_name.slice(0, 2) };
    const first = await local.api<Answer>('GET', '/surgeon/search', { token: user.accessToken, query });
    const before = nppesCalls();
    // Act
    const again = await local.api<Answer>('GET', '/surgeon/search', {
      token: user.accessToken,
      query: { first_name: query.first_name.toLowerCase(), last_name: ` ${query.last_name} ` },
    });
    // Assess
    expect(again.body).toEqual(first.body);
    expect(nppesCalls()).toBe(before);
  });

  it("answers 400 with the registry's description for a name it refuses", async () => {
    // Act
    const res = await local.api<Answer>('GET', '/surgeon/search', {
      token: user.accessToken,
      query: { last_name: 'Sm!th' },
    });
    // Assess
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, message: 'Field last_name contains invalid characters' });
  });

  it.each([
    ['down (HTTP 500)', 'ZZDOWN'],
    ['answering something that is not JSON', 'ZZNOTJSON'],
  ])('answers 502 with the spec message when the registry is %s', async (_label, name) => {
    // Act
    const res = await local.api<Answer>('GET', '/surgeon/search', {
      token: user.accessToken,
      query: { last_name: name },
    });
    // Assess
    expect(res.status).toBe(502);
    expect(res.body).toMatchObject({ success: false, message: UNAVAILABLE });
  });

  it('answers 502 when the registry is slower than the time limit, without waiting for it', async () => {
    // Prepare
    const started = Date.now();
    // Act
    const res = await local.api<Answer>('GET', '/surgeon/search', {
      token: user.accessToken,
      query: { first_name: 'Ann', last_name: 'ZZSLOW' },
    });
    // Assess
    expect(res.status).toBe(502);
    expect(res.body.message).toBe(UNAVAILABLE);
    // Less than the registry's 6 s: the limit answered, not the registry.
    expect(Date.now() - started).toBeLessThan(5500);
  });

  it('answers 401 without a token', async () => {
    // Act
    const res = await local.api('GET', '/surgeon/search', { query: { last_name: 'smith' } });
    // Assess
    expect(res.status).toBe(401);
  });
});

describe('GET /facility/search', () => {
  const facility = registry.facilities[7]!;

  it('finds a registry facility by the start of its name, formatted, with at most 10 results', async () => {
    // Prepare
    const prefix = facility.basic.organization_name.slice(0, 6);
    // Act
    const res = await local.api<Answer>('GET', '/facility/search', {
      token: user.accessToken,
      query: { facility_name: prefix.toLowerCase() },
    });
    // Assess
    expect(res.status).toBe(200);
    const facilities = FacilitySearchResponseSchema.strict().parse(res.body).facilities;
    const rawFacilities = (res.body as unknown as { facilities: { npi: unknown }[] }).facilities;
    expect(facilities).toHaveLength(rawFacilities.length);
    expect(rawFacilities.every((f) => typeof f.npi === 'string' && /^\d{10}$/.test(f.npi))).toBe(true);
    expect(facilities.length).toBeGreaterThan(0);
    expect(facilities.length).toBeLessThanOrEqual(10);
    const location = facility.addresses.find((a) => a.address_purpose === 'LOCATION')!;
    const expected = registry.facilities.filter((f) => f.basic.organization_name.startsWith(prefix));
    expect(facilities.map((f) => f.npi)).toEqual(expected.slice(0, 10).map((f) => f.number));
    expect(facilities.find((f) => f.npi === facility.number)).toMatchObject({
      facility_name: formatFacilityName(facility.basic.organization_name),
      city: titleCaseName(location.city),
      state: location.state,
    });
  });

  it("narrows a name search with the registry's city, state and ZIP, and refuses a bad state or ZIP", async () => {
    // Prepare: a short prefix that many facilities share, and this facility's practice location.
    const prefix = facility.basic.organization_name.slice(0, 2);
    const location = facility.addresses.find((a) => a.address_purpose === 'LOCATION')!;
    const zip = location.postal_code.slice(0, 5);
    const inPlace = (f: (typeof registry.facilities)[number]) =>
      f.basic.organization_name.startsWith(prefix) &&
      f.addresses.some(
        (a) =>
          a.city.toLowerCase() === location.city.toLowerCase() &&
          a.state === location.state &&
          a.postal_code.startsWith(zip),
      );
    const search = (query: Record<string, string>) =>
      local.api<Answer>('GET', '/facility/search', {
        token: user.accessToken,
        query: { facility_name: prefix, ...query },
      });
    // Act
    const all = await search({});
    const narrowed = await search({ city: location.city.toLowerCase(), state: location.state.toLowerCase(), zip });
    const badState = await search({ state: 'QQ' });
    const badZip = await search({ zip: '123' });
    // Assess
    const npis = (res: typeof all) =>
      (res.body as unknown as { facilities: { npi: string }[] }).facilities.map((f) => f.npi);
    expect(registry.facilities.filter((f) => f.basic.organization_name.startsWith(prefix)).length).toBeGreaterThan(
      registry.facilities.filter(inPlace).length,
    );
    expect(npis(narrowed)).toContain(facility.number);
    expect(npis(narrowed)).toEqual(
      registry.facilities
        .filter(inPlace)
        .slice(0, 10)
        .map((f) => f.number),
    );
    expect(npis(all)).not.toEqual(npis(narrowed));
    expect(badState.status).toBe(400);
    expect(badState.body.message).toBe('state must be a 2-letter US state code');
    expect(badZip.status).toBe(400);
  });

  it('answers an empty list for one character, 502 when the registry is down', async () => {
    // Act
    const short = await local.api<Answer>('GET', '/facility/search', {
      token: user.accessToken,
      query: { facility_name: 'L' },
    });
    const down = await local.api<Answer>('GET', '/facility/search', {
      token: user.accessToken,
      query: { facility_name: 'ZZDOWN Surgery Center' },
    });
    // Assess
    expect(short).toMatchObject({ status: 200, body: { facilities: [] } });
    expect(down.status).toBe(502);
    expect(down.body.message).toBe(UNAVAILABLE);
  });
});

const kinds = [
  {
    resource: 'surgeon',
    idField: 'surgeon_id',
    listKey: 'surgeons',
    itemKey: 'surgeon',
    npiField: 'surgeon_npi',
    conflict: 'Surgeon already exists',
    table: () => getEnv().SURGEONS_TABLE,
    body: (npi: string | number) => ({ first_name: 'Miranda', last_name: 'Bailey', surgeon_npi: npi }),
    put: (userId: string, id: string, npi: number) =>
      putSurgeon({ user_id: userId, surgeon_id: id, first_name: 'Preston', last_name: 'Burke', surgeon_npi: npi }),
  },
  {
    resource: 'facility',
    idField: 'facility_id',
    listKey: 'facilities',
    itemKey: 'facility',
    npiField: 'facility_npi',
    conflict: 'Facility already exists',
    table: () => getEnv().FACILITIES_TABLE,
    body: (npi: string | number) => ({ facility_name: 'Grey Sloan Surgery Center LLC', facility_npi: npi }),
    put: (userId: string, id: string, npi: number) =>
      putFacility({ user_id: userId, facility_id: id, facility_name: 'Seattle Grace', facility_npi: npi }),
  },
] as const;

describe.each(kinds)('the same NPI twice in one $resource list', (kind) => {
  const path = `/${kind.resource}`;
  let owner: TestUser;
  beforeAll(async () => {
    owner = await signedInProvider(local);
  });

  const post = (npi: string | number, who: TestUser = owner) =>
    local.api<Answer>('POST', path, { token: who.accessToken, body: kind.body(npi) });
  const list = async (who: TestUser = owner) => {
    const res = await local.api<Answer>('GET', path, { token: who.accessToken });
    return res.body[kind.listKey] as Record<string, unknown>[];
  };
  const idOf = (res: { body: Answer }) => (res.body[kind.itemKey] as { id: string }).id;
  const withNpi = (items: Record<string, unknown>[], npi: string) =>
    items.filter((i) => String(i[kind.npiField]) === npi);

  it(`answers 409 '${kind.conflict}' and writes nothing`, async () => {
    // Prepare
    const npi = fakeNpi();
    const first = await post(npi);
    // Act
    const second = await post(npi);
    // Assess
    expect(first.status).toBe(201);
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ success: false, message: kind.conflict });
    expect(withNpi(await list(), npi)).toHaveLength(1);
  });

  it('allows manual entries with NPI 0 as often as needed, and the same NPI for another user', async () => {
    // Prepare
    const npi = fakeNpi();
    const other = await signedInProvider(local);
    // Act
    const manual = await Promise.all([post(0), post(''), post(0)]);
    const mine = await post(npi);
    const theirs = await post(npi, other);
    // Assess
    expect(manual.map((r) => r.status)).toEqual([201, 201, 201]);
    expect(mine.status).toBe(201);
    expect(theirs.status).toBe(201);
  });

  it('lets only one of two simultaneous creates of the same NPI through', async () => {
    // Prepare
    const npi = fakeNpi();
    // Act
    const results = await Promise.all([post(npi), post(npi), post(npi)]);
    // Assess
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    expect(withNpi(await list(), npi)).toHaveLength(1);
  });

  it('refuses a change to an NPI the user already has, and frees the old NPI on a change', async () => {
    // Prepare
    const [a, b, fresh] = [fakeNpi(), fakeNpi(), fakeNpi()];
    const itemA = await post(a);
    const itemB = await post(b);
    // Act
    const clash = await local.api<Answer>('PATCH', path, {
      token: owner.accessToken,
      body: { id: idOf(itemB), [kind.npiField]: a },
    });
    const moved = await local.api<Answer>('PATCH', path, {
      token: owner.accessToken,
      body: { id: idOf(itemA), [kind.npiField]: fresh },
    });
    const reuseOld = await post(a);
    const reuseNew = await post(fresh);
    // Assess
    expect(clash.status).toBe(409);
    expect(clash.body.message).toBe(kind.conflict);
    expect(moved.status).toBe(200);
    expect((moved.body[kind.itemKey] as Record<string, unknown>)[kind.npiField]).toBe(Number(fresh));
    expect(reuseOld.status).toBe(201);
    expect(reuseNew.status).toBe(409);
    const items = await list();
    expect(withNpi(items, b).map((i) => i.id)).toEqual([idOf(itemB)]);
    expect(withNpi(items, a)).toHaveLength(1);
  });

  it('frees the NPI when the item is deleted or its NPI is cleared', async () => {
    // Prepare
    const [deleted, cleared] = [fakeNpi(), fakeNpi()];
    const item = await post(deleted);
    const other = await post(cleared);
    // Act
    await local.api('DELETE', path, { token: owner.accessToken, query: { [kind.idField]: idOf(item) } });
    await local.api('PATCH', path, { token: owner.accessToken, body: { id: idOf(other), [kind.npiField]: 0 } });
    const again = await Promise.all([post(deleted), post(cleared)]);
    // Assess
    expect(again.map((r) => r.status)).toEqual([201, 201]);
  });

  it('keeps the rule for a create whose id is taken: 409, and the NPI stays free', async () => {
    // Prepare
    const [npi, other] = [Number(fakeNpi()), Number(fakeNpi())];
    await kind.put(owner.sub, `fixed-${npi}`, npi);
    // Act
    const sameId = await kind.put(owner.sub, `fixed-${npi}`, other).catch((e: unknown) => e);
    const afterwards = await post(other);
    // Assess
    expect(sameId).toBeInstanceOf(ConflictError);
    expect(afterwards.status).toBe(201);
  });

  it('takes over an NPI left held by an interrupted write once it is old, and never lists the markers', async () => {
    // Prepare: markers whose item was never written, one old and one just taken
    const [old, recent] = [fakeNpi(), fakeNpi()];
    const marker = (npi: string, claimedAt: Date) => {
      const key = npiMarkerKey(owner.sub, npi);
      return {
        user_id: key.partition,
        [kind.idField]: key.sort,
        item_id: 'never-written',
        claimed_at: claimedAt.toISOString(),
        npi_marker: true,
      };
    };
    await ddb().send(new PutCommand({ TableName: kind.table(), Item: marker(old, new Date(Date.now() - 120_000)) }));
    await ddb().send(new PutCommand({ TableName: kind.table(), Item: marker(recent, new Date()) }));
    // Act
    const takeOver = await post(old);
    const tooEarly = await post(recent);
    const items = await list();
    // Assess
    expect(takeOver.status).toBe(201);
    expect(tooEarly.status).toBe(409);
    const stored = await ddb().send(
      new GetCommand({ TableName: kind.table(), Key: { user_id: `${owner.sub}#npi`, [kind.idField]: old } }),
    );
    expect(stored.Item?.item_id).toBe(idOf(takeOver));
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) {
      expect(item.user_id).toBe(owner.sub);
      expect(item.npi_marker).toBeUndefined();
    }
    await ddb().send(
      new DeleteCommand({ TableName: kind.table(), Key: { user_id: `${owner.sub}#npi`, [kind.idField]: recent } }),
    );
  });
});
