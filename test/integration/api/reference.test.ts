/**
 * /cpt_codes and /check_npi through the local gateway (spec provider-side section 7). The CPT
 * table holds the starter list; /check_npi talks to the local NPPES emulator through the same
 * client as on AWS.
 */
import './quiet';
import { getRegistry } from '../../../local/nppes-registry';
import { STARTER_CODES, importStarterList } from '../../../lambdas/cpt_codes/starter';
import { withNpiCheckDigit } from '../../../shared/npi';
import { titleCaseName } from '../../../shared/display';
import { useLocalStack, type TestUser } from '../../support/local';
import { caseBody, ownSurgeonAndFacility, signedInProvider } from './support';

jest.setTimeout(60_000);

const local = useLocalStack();

interface CptAnswer {
  success: boolean;
  cpt_codes: { cpt_code: string; cpt_description: string }[];
  total?: number;
  page?: number;
  total_pages?: number;
  limit?: number;
  message?: string;
}
interface NpiAnswer {
  valid: boolean;
  first_name: string;
  last_name: string;
  status: string;
  error: string;
  message: string;
}

let user: TestUser;

beforeAll(async () => {
  await importStarterList();
  user = await local.createSignedInUser();
});

describe('GET /cpt_codes', () => {
  it('answers a search with { success, cpt_codes }, code matches first', async () => {
    // Act
    const res = await local.api<CptAnswer>('GET', '/cpt_codes', { token: user.accessToken, query: { search: '2988' } });
    const byWord = await local.api<CptAnswer>('GET', '/cpt_codes', {
      token: user.accessToken,
      query: { search: 'knee' },
    });
    // Assess
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      cpt_codes: STARTER_CODES.filter((c) => c.cpt_code.startsWith('2988')).map((c) => ({ ...c })),
    });
    expect(byWord.body.cpt_codes.map((c) => c.cpt_code)).toEqual(expect.arrayContaining(['27447', '29880', '29881']));
  });

  it('answers suggestions (search and limit, no page) with the search shape, at most limit codes', async () => {
    // Act
    const res = await local.api<CptAnswer>('GET', '/cpt_codes', {
      token: user.accessToken,
      query: { search: '2988', limit: 2 },
    });
    // Assess
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      cpt_codes: STARTER_CODES.filter((c) => c.cpt_code.startsWith('2988'))
        .slice(0, 2)
        .map((c) => ({ ...c })),
    });
  });

  it('pages with page and limit: cpt_codes, total, page, total_pages, limit', async () => {
    // Act
    const res = await local.api<CptAnswer>('GET', '/cpt_codes', {
      token: user.accessToken,
      query: { page: 2, limit: 10 },
    });
    // Assess
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      total: STARTER_CODES.length,
      page: 2,
      limit: 10,
      total_pages: Math.ceil(STARTER_CODES.length / 10),
      starter_list: true,
    });
    expect(res.body.cpt_codes.map((c) => c.cpt_code)).toEqual(STARTER_CODES.slice(10, 20).map((c) => c.cpt_code));
  });

  it("puts the caller's recently used codes first, then common procedures", async () => {
    // Prepare: a practice whose newest case bills 29881 (knee scope); another without cases.
    const practice = await signedInProvider(local);
    const refs = await ownSurgeonAndFacility(local, practice);
    const created = await local.api('POST', '/case', {
      token: practice.accessToken,
      body: caseBody(refs, { procedure_codes: ['29881', '47562'] }),
    });
    expect(created.status).toBe(201);
    // Act
    const mine = await local.api<CptAnswer>('GET', '/cpt_codes', {
      token: practice.accessToken,
      query: { search: 'knee', limit: 5 },
    });
    const fresh = await local.api<CptAnswer>('GET', '/cpt_codes', {
      token: user.accessToken,
      query: { search: 'knee', limit: 5 },
    });
    // Assess: 47562 was used too but does not match "knee".
    const codes = mine.body.cpt_codes.map((c) => c.cpt_code);
    expect(codes[0]).toBe('29881');
    expect(codes).not.toContain('47562');
    expect(new Set(codes).size).toBe(codes.length);
    expect(fresh.body.cpt_codes.map((c) => c.cpt_code)[0]).not.toBe('29881');
    expect([...codes].sort()).toEqual(fresh.body.cpt_codes.map((c) => c.cpt_code).sort());
  });

  it('answers 400 for a bad limit', async () => {
    // Act
    const res = await local.api<CptAnswer>('GET', '/cpt_codes', {
      token: user.accessToken,
      query: { page: 1, limit: 1000 },
    });
    // Assess
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('limit must be between 1 and 100');
  });

  it('answers 401 without a token', async () => {
    // Act & Assess
    expect((await local.api('GET', '/cpt_codes', { query: { search: 'knee' } })).status).toBe(401);
  });
});

describe('GET /check_npi', () => {
  it('answers 401 without a token (sign-in required)', async () => {
    // Act
    const res = await local.api<{ message: string }>('GET', '/check_npi', {
      query: { npi: getRegistry().surgeons[0]!.number },
    });
    // Assess
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Unauthorized' });
  });

  it('validates a registered surgeon for a signed-in caller, names title-cased', async () => {
    // Prepare
    const surgeon = getRegistry().surgeons[0]!;
    // Act
    const res = await local.api<NpiAnswer>('GET', '/check_npi', {
      token: user.accessToken,
      query: { npi: surgeon.number },
    });
    // Assess
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      valid: true,
      first_name: titleCaseName(surgeon.basic.first_name),
      last_name: titleCaseName(surgeon.basic.last_name),
      status: 'A',
      error: '',
    });
  });

  it('reports a registered facility by its organisation name', async () => {
    // Prepare
    const facility = getRegistry().facilities[0]!;
    // Act
    const res = await local.api<NpiAnswer>('GET', '/check_npi', {
      token: user.accessToken,
      query: { npi: facility.number },
    });
    // Assess
    expect(res.status).toBe(200);
    expect(res.body.valid).toBe(true);
    expect(res.body.last_name.toLowerCase()).toBe(facility.basic.organization_name.toLowerCase());
  });

  it('answers 400 for text that is not 10 digits and for a wrong check digit', async () => {
    // Prepare
    const good = getRegistry().surgeons[0]!.number;
    const wrongDigit = good.slice(0, 9) + String((Number(good[9]) + 1) % 10);
    // Act
    const short = await local.api<NpiAnswer>('GET', '/check_npi', { token: user.accessToken, query: { npi: '12345' } });
    const digit = await local.api<NpiAnswer>('GET', '/check_npi', {
      token: user.accessToken,
      query: { npi: wrongDigit },
    });
    // Assess
    expect(short.status).toBe(400);
    expect(short.body).toMatchObject({ valid: false, error: 'NPI must be exactly 10 digits' });
    expect(digit.status).toBe(400);
    expect(digit.body).toMatchObject({ valid: false, error: 'NPI not found or invalid' });
  });

  it("answers 404 'NPI not found' for a well-formed NPI the registry does not hold", async () => {
    // Prepare: a valid check digit on a number outside the emulated registry
    const registry = getRegistry();
    let npi = '';
    for (let n = 0; !npi; n++) {
      const candidate = withNpiCheckDigit(String(111111111 + n));
      if (!registry.byNumber.has(candidate)) npi = candidate;
    }
    // Act
    const res = await local.api<NpiAnswer>('GET', '/check_npi', { token: user.accessToken, query: { npi } });
    // Assess
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ valid: false, error: 'NPI not found' });
  });
});
