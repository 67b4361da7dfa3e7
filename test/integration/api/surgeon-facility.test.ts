/**
 * /surgeon and /facility through the local gateway, Cognito tokens and dynalite
 * (spec provider-side sections 3, 5 and 7).
 */
import './quiet';
import { useLocalStack, type TestUser } from '../../support/local';
import { fakeNpi, signedInAdmin, signedInProvider } from './support';

jest.setTimeout(60_000);

const local = useLocalStack();

interface Answer {
  success: boolean;
  message: string;
  errors?: { field: string; message: string }[];
  [key: string]: unknown;
}

let owner: TestUser;
let other: TestUser;
let admin: TestUser;

beforeAll(async () => {
  [owner, other, admin] = await Promise.all([
    signedInProvider(local),
    signedInProvider(local),
    signedInAdmin(local, 10),
  ]);
});

const kinds = [
  {
    resource: 'surgeon',
    idParam: 'surgeon_id',
    listKey: 'surgeons',
    itemKey: 'surgeon',
    notFound: 'Surgeon not found',
    body: () => ({
      user_id: 'ignored',
      first_name: 'Cristina',
      last_name: 'Yang',
      surgeon_npi: fakeNpi(),
      surgeon_addr: '1 Seattle Grace PL',
      surgeon_city: 'Seattle',
      surgeon_state: 'wa',
      surgeon_zip: '98101',
    }),
    missingNameMessage: 'Please provide both first and last name for the surgeon',
    missingName: { first_name: 'Cristina', last_name: ' ' },
    change: { surgeon_city: 'Tacoma' },
    npiField: 'surgeon_npi',
  },
  {
    resource: 'facility',
    idParam: 'facility_id',
    listKey: 'facilities',
    itemKey: 'facility',
    notFound: 'Facility not found',
    body: () => ({
      user_id: 'ignored',
      facility_name: 'Lakeside Surgery Center LLC',
      facility_npi: fakeNpi(),
      facility_addr: '5 Lake DR',
      facility_city: 'Madison',
      facility_state: 'wi',
      facility_zip: '53703',
    }),
    missingNameMessage: 'Please provide a facility name',
    missingName: { facility_name: '' },
    change: { facility_city: 'Verona' },
    npiField: 'facility_npi',
  },
] as const;

describe.each(kinds)('/$resource', (kind) => {
  const path = `/${kind.resource}`;
  const create = async (user: TestUser) => {
    const res = await local.api<Answer>('POST', path, { token: user.accessToken, body: kind.body() });
    if (res.status !== 201) throw new Error(`create failed ${res.status} ${JSON.stringify(res.body)}`);
    return res.body[kind.itemKey] as Record<string, unknown> & { id: string };
  };

  it('creates an item owned by the caller (NPI as a number, state upper-cased) and lists it', async () => {
    // Act
    const res = await local.api<Answer>('POST', path, { token: owner.accessToken, body: kind.body() });
    const list = await local.api<Answer>('GET', path, { token: owner.accessToken, query: { user_id: owner.sub } });
    // Assess
    expect(res.status).toBe(201);
    const item = res.body[kind.itemKey] as Record<string, unknown>;
    expect(item).toMatchObject({
      user_id: owner.sub,
      [`${kind.resource}_state`]: kind.resource === 'surgeon' ? 'WA' : 'WI',
    });
    expect(typeof item[kind.npiField]).toBe('number');
    expect(item.id).toBe(item[kind.idParam]);
    expect(list.body.success).toBe(true);
    expect((list.body[kind.listKey] as { id: string }[]).map((x) => x.id)).toContain(item.id);
  });

  it('answers the spec message for a missing name and stores nothing', async () => {
    // Prepare
    const fresh = await signedInProvider(local);
    // Act
    const res = await local.api<Answer>('POST', path, { token: fresh.accessToken, body: kind.missingName });
    const bad = await local.api<Answer>('POST', path, {
      token: fresh.accessToken,
      body: { ...kind.body(), [kind.npiField]: '123' },
    });
    const validNpi = String((kind.body() as Record<string, unknown>)[kind.npiField]);
    const wrongCheckDigit = `${validNpi.slice(0, 9)}${(Number(validNpi[9]) + 1) % 10}`;
    const checkDigit = await local.api<Answer>('POST', path, {
      token: fresh.accessToken,
      body: { ...kind.body(), [kind.npiField]: wrongCheckDigit },
    });
    const longName = await local.api<Answer>('POST', path, {
      token: fresh.accessToken,
      body: {
        ...kind.body(),
        ...Object.fromEntries(Object.keys(kind.missingName).map((k) => [k, 'N'.repeat(450_000)])),
      },
    });
    const list = await local.api<Answer>('GET', path, { token: fresh.accessToken });
    // Assess
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(kind.missingNameMessage);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('NPI must be exactly 10 digits');
    expect(checkDigit.status).toBe(400);
    expect(checkDigit.body.message).toBe('NPI not found or invalid');
    expect(longName.status).toBe(400);
    expect(longName.body.message).toMatch(/must be at most 100 characters$/);
    expect(list.body[kind.listKey]).toEqual([]);
  });

  it("refuses a provider another user's list (403) and lets back office read it", async () => {
    // Prepare
    const item = await create(owner);
    // Act
    const refused = await local.api<Answer>('GET', path, { token: other.accessToken, query: { user_id: owner.sub } });
    const forAdmin = await local.api<Answer>('GET', path, { token: admin.accessToken, query: { user_id: owner.sub } });
    // Assess
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('No data found or insufficient permissions');
    expect((forAdmin.body[kind.listKey] as { id: string }[]).map((x) => x.id)).toContain(item.id);
  });

  it('patches only the sent fields', async () => {
    // Prepare
    const item = await create(owner);
    // Act
    const res = await local.api<Answer>('PATCH', path, {
      token: owner.accessToken,
      body: { id: item.id, ...kind.change },
    });
    // Assess
    expect(res.status).toBe(200);
    expect(res.body[kind.itemKey]).toMatchObject({ ...item, ...kind.change, updatedAt: expect.any(String) });
  });

  it(`answers 404 '${kind.notFound}' when patching or deleting another user's or a missing item`, async () => {
    // Prepare
    const item = await create(owner);
    // Act
    const patchTheirs = await local.api<Answer>('PATCH', path, {
      token: other.accessToken,
      body: { id: item.id, ...kind.change },
    });
    const deleteTheirs = await local.api<Answer>('DELETE', path, {
      token: other.accessToken,
      query: { [kind.idParam]: item.id },
    });
    const deleteMissing = await local.api<Answer>('DELETE', path, {
      token: other.accessToken,
      query: { [kind.idParam]: 'no-such-id' },
    });
    // Assess
    expect(patchTheirs.status).toBe(404);
    expect(patchTheirs.body.message).toBe(kind.notFound);
    expect(deleteTheirs.status).toBe(404);
    expect(deleteTheirs.body).toEqual(deleteMissing.body);
    const list = await local.api<Answer>('GET', path, { token: owner.accessToken });
    expect((list.body[kind.listKey] as { id: string }[]).map((x) => x.id)).toContain(item.id);
  });

  it("deletes the caller's item", async () => {
    // Prepare
    const item = await create(owner);
    // Act
    const res = await local.api<Answer>('DELETE', path, {
      token: owner.accessToken,
      query: { [kind.idParam]: item.id },
    });
    const again = await local.api<Answer>('DELETE', path, {
      token: owner.accessToken,
      query: { [kind.idParam]: item.id },
    });
    // Assess
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(again.status).toBe(404);
  });

  it('answers 401 to every call without a token', async () => {
    // Act
    const statuses = await Promise.all([
      local.api('GET', path),
      local.api('POST', path, { body: kind.body() }),
      local.api('PATCH', path, { body: { id: 'x' } }),
      local.api('DELETE', path, { query: { [kind.idParam]: 'x' } }),
    ]);
    // Assess
    expect(statuses.map((s) => s.status)).toEqual([401, 401, 401, 401]);
  });
});
