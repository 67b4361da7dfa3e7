/**
 * The back office's reference lists against the local runtime: who may call
 * what, the payer list (seeded from the spec's 20 names, add / rename / remove), the browser import
 * of the real CMS fee-schedule file with its progress, a wrong file refused with nothing written,
 * and the NUCC taxonomy import and search. Reference files come from ../shared/data (never copied).
 */
import { readFileSync } from 'node:fs';
import { INSURANCE_SUGGESTIONS } from '../../../shared/constants';
import type { ImportJob, ImportTicket } from '../../../shared/schemas/reference-lists';
import { useLocalStack, type LocalStackHandle, type TestUser } from '../../support/local';
import { sharedDataFile } from '../../support/shared-data';
import { signedInAdmin, signedInProvider } from './support';

jest.setTimeout(240_000);

// Its own runtime: the tests change the reference lists every user shares (payers, CPT codes, taxonomy).
const local = useLocalStack({ isolated: true });

interface InsurancePage {
  insurance_types: { insurance_id: string; name: string }[];
  next_cursor?: string;
  total: number;
}
interface DoctorPage {
  doctor_types: { code: string; grouping: string; classification: string; specialization: string }[];
  next_cursor?: string;
  total: number;
}

/** Upload a file through POST /lists/import and the presigned PUT; resolves with the ticket. */
async function upload(stack: LocalStackHandle, admin: TestUser, kind: 'cpt' | 'nucc', path: string, name: string) {
  const bytes = readFileSync(path);
  const ticket = await stack.api<ImportTicket>('POST', '/lists/import', {
    token: admin.accessToken,
    body: { kind, file_name: name, size: bytes.length },
  });
  expect(ticket.status).toBe(201);
  const put = await fetch(ticket.body.upload.url, { method: 'PUT', headers: ticket.body.upload.headers, body: bytes });
  expect(put.status).toBe(200);
  return ticket.body;
}

/** Start a job and poll it until done or failed; resolves with every state seen, the last one final. */
async function runJob(stack: LocalStackHandle, admin: TestUser, jobId: string): Promise<ImportJob[]> {
  const start = await stack.api<{ job: ImportJob }>('POST', '/lists/import/start', {
    token: admin.accessToken,
    body: { job_id: jobId },
  });
  expect(start.status).toBe(202);
  expect(start.body.job.status).toBe('queued');
  return pollJob(stack, admin, jobId);
}

/** Poll a started job until done or failed; resolves with every state seen, the last one final. */
async function pollJob(stack: LocalStackHandle, admin: TestUser, jobId: string): Promise<ImportJob[]> {
  const seen: ImportJob[] = [];
  for (let i = 0; i < 900; i++) {
    const res = await stack.api<{ job: ImportJob }>('GET', '/lists/import', {
      token: admin.accessToken,
      query: { job_id: jobId },
    });
    expect(res.status).toBe(200);
    seen.push(res.body.job);
    if (res.body.job.status === 'done' || res.body.job.status === 'failed') return seen;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the import did not finish');
}

async function cptTotal(stack: LocalStackHandle, user: TestUser): Promise<number> {
  const res = await stack.api<{ total: number }>('GET', '/cpt_codes', {
    token: user.accessToken,
    query: { page: 1, limit: 10 },
  });
  expect(res.status).toBe(200);
  return res.body.total;
}

describe('who may use the list calls', () => {
  it('refuses user_type 50 on every list-management call and lets user_type 100 through', async () => {
    // Prepare
    const reportAdmin = await signedInAdmin(local, 50);
    const globalAdmin = await signedInAdmin(local, 100);
    const calls: [string, string, { query?: Record<string, string>; body?: unknown }][] = [
      ['POST', '/lists/insurance', { body: { name: 'Gatekeeper Health' } }],
      ['PATCH', '/lists/insurance', { body: { insurance_id: 'seed-aetna', name: 'Aetna' } }],
      ['DELETE', '/lists/insurance', { query: { insurance_id: 'no-such-id' } }],
      ['GET', '/lists/doctor_types', {}],
      ['POST', '/lists/import', { body: { kind: 'cpt', file_name: 'PPRRVU2025_Oct.csv', size: 10 } }],
      ['POST', '/lists/import/start', { body: { job_id: 'no-such-job' } }],
      ['GET', '/lists/import', { query: { job_id: 'no-such-job' } }],
    ];
    for (const [method, path, options] of calls) {
      // Act
      const refused = await local.api<{ message: string }>(method, path, {
        token: reportAdmin.accessToken,
        ...options,
      });
      const allowed = await local.api(method, path, { token: globalAdmin.accessToken, ...options });
      // Assess
      expect([method, path, refused.status]).toEqual([method, path, 403]);
      expect(refused.body.message).toBe('Access denied: List management requires user_type >= 100');
      expect([method, path, allowed.status]).toEqual([
        method,
        path,
        {
          POST: path === '/lists/import/start' ? 404 : 201,
          PATCH: 200,
          DELETE: 404,
          GET: path === '/lists/import' ? 404 : 200,
        }[method],
      ]);
    }
  });

  it('lets every signed-in user read the payer list (the case form suggests from it) but nobody without a token', async () => {
    // Prepare
    const provider = await signedInProvider(local);
    // Act
    const read = await local.api<InsurancePage>('GET', '/lists/insurance', { token: provider.accessToken });
    const anonymous = await local.api('GET', '/lists/insurance');
    // Assess
    expect(read.status).toBe(200);
    expect(read.body.total).toBeGreaterThanOrEqual(20);
    expect(anonymous.status).toBe(401);
  });
});

describe('Insurance Types', () => {
  it("starts from the spec's 20 payers in name order, paged and searchable by prefix", async () => {
    // Prepare
    const admin = await signedInAdmin(local, 100);
    // Act
    const first = await local.api<InsurancePage>('GET', '/lists/insurance', {
      token: admin.accessToken,
      query: { limit: 15, search: '' },
    });
    const second = await local.api<InsurancePage>('GET', '/lists/insurance', {
      token: admin.accessToken,
      query: { limit: 15, cursor: first.body.next_cursor },
    });
    const blue = await local.api<InsurancePage>('GET', '/lists/insurance', {
      token: admin.accessToken,
      query: { search: 'BLUE cross' },
    });
    // Assess
    const names = [...first.body.insurance_types, ...second.body.insurance_types].map((p) => p.name);
    const seeded = names.filter((n) => (INSURANCE_SUGGESTIONS as readonly string[]).includes(n));
    expect(seeded).toEqual([...INSURANCE_SUGGESTIONS].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(first.body.insurance_types).toHaveLength(15);
    expect(second.body.next_cursor).toBeUndefined();
    expect(blue.body.insurance_types.map((p) => p.name)).toEqual([
      'Blue Cross Blue Shield',
      'Blue Cross of California',
    ]);
    expect(blue.body.total).toBe(2);
  });

  it('adds, renames and removes a payer, refusing a name already listed in any case', async () => {
    // Prepare
    const admin = await signedInAdmin(local, 100);
    const token = admin.accessToken;
    const before = (await local.api<InsurancePage>('GET', '/lists/insurance', { token })).body.total;
    // Act
    const added = await local.api<{ insurance_type: { insurance_id: string; name: string } }>(
      'POST',
      '/lists/insurance',
      { token, body: { name: '  Oscar Health ' } },
    );
    const id = added.body.insurance_type.insurance_id;
    const duplicate = await local.api<{ message: string }>('POST', '/lists/insurance', {
      token,
      body: { name: 'oscar HEALTH' },
    });
    const blank = await local.api('POST', '/lists/insurance', { token, body: { name: '   ' } });
    const renamed = await local.api('PATCH', '/lists/insurance', { token, body: { insurance_id: id, name: 'Oscar' } });
    const clash = await local.api('PATCH', '/lists/insurance', { token, body: { insurance_id: id, name: 'AETNA' } });
    const afterRename = await local.api<InsurancePage>('GET', '/lists/insurance', { token, query: { search: 'osc' } });
    const removed = await local.api('DELETE', '/lists/insurance', { token, query: { insurance_id: id } });
    const again = await local.api('DELETE', '/lists/insurance', { token, query: { insurance_id: id } });
    const readd = await local.api('POST', '/lists/insurance', { token, body: { name: 'Oscar Health' } });
    const after = (await local.api<InsurancePage>('GET', '/lists/insurance', { token })).body.total;
    // Assess
    expect(added.status).toBe(201);
    expect(added.body.insurance_type.name).toBe('Oscar Health');
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.message).toBe('An insurance type with this name already exists');
    expect(blank.status).toBe(400);
    expect(renamed.status).toBe(200);
    expect(clash.status).toBe(409);
    expect(afterRename.body.insurance_types).toEqual([expect.objectContaining({ insurance_id: id, name: 'Oscar' })]);
    expect(removed.status).toBe(200);
    expect(again.status).toBe(404);
    expect(readd.status).toBe(201);
    expect(after).toBe(before + 1);
  });
});

describe('importing the CMS fee-schedule file from the browser', () => {
  it('refuses the HCPCS file with the importer’s own message and writes nothing', async () => {
    // Prepare
    const admin = await signedInAdmin(local, 100);
    const before = await cptTotal(local, admin);
    const ticket = await upload(
      local,
      admin,
      'cpt',
      sharedDataFile('cms/HCPCS_level2_2020_anweb.csv'),
      'HCPCS_level2_2020_anweb.csv',
    );
    // Act
    const seen = await runJob(local, admin, ticket.job.job_id);
    // Assess
    const last = seen[seen.length - 1]!;
    expect(last.status).toBe('failed');
    expect(last.error).toContain('HCPCS_level2_2020_anweb.csv is not in the expected layout');
    expect(last.error).toContain('Nothing was written');
    expect(last.codes_written).toBe(0);
    expect(await cptTotal(local, admin)).toBe(before);
  });

  it('imports PPRRVU2025_Oct.csv server-side, reporting rows read and codes written until done', async () => {
    // Prepare
    const admin = await signedInAdmin(local, 100);
    const ticket = await upload(local, admin, 'cpt', sharedDataFile('cms/PPRRVU2025_Oct.csv'), 'PPRRVU2025_Oct.csv');
    const notStartedTwice = ticket.job.job_id;
    const second = await upload(local, admin, 'cpt', sharedDataFile('cms/PPRRVU2025_Oct.csv'), 'PPRRVU2025_Oct.csv');
    // Act
    const start = await local.api('POST', '/lists/import/start', {
      token: admin.accessToken,
      body: { job_id: ticket.job.job_id },
    });
    const concurrent = await local.api<{ message: string }>('POST', '/lists/import/start', {
      token: admin.accessToken,
      body: { job_id: second.job.job_id },
    });
    const seen = await pollJob(local, admin, ticket.job.job_id);
    const twice = await local.api('POST', '/lists/import/start', {
      token: admin.accessToken,
      body: { job_id: notStartedTwice },
    });
    // Assess
    const last = seen[seen.length - 1]!;
    expect(last).toMatchObject({
      status: 'done',
      kind: 'cpt',
      file_name: 'PPRRVU2025_Oct.csv',
      rows_read: 19090,
      codes_total: 16851,
      codes_written: 16851,
      total_codes: 16851,
    });
    expect((last.inserted ?? 0) + (last.updated ?? 0)).toBe(16851);
    // The tab saw the job at work (rows read known, writing), and progress only grows.
    expect(seen.some((j) => j.status === 'running' && j.phase === 'writing' && j.rows_read === 19090)).toBe(true);
    const written = seen.map((j) => j.codes_written);
    expect(written).toEqual([...written].sort((a, b) => a - b));
    expect(twice.status).toBe(400);
    expect(start.status).toBe(202);
    expect(concurrent.status).toBe(409);
    expect(concurrent.body.message).toBe(
      'Another import of this list is running. Wait for it to finish, then try again.',
    );
    expect(await cptTotal(local, admin)).toBe(16851);
    const search = await local.api<{ cpt_codes: { cpt_code: string }[] }>('GET', '/cpt_codes', {
      token: admin.accessToken,
      query: { page: 1, limit: 10, search: '47562' },
    });
    expect(search.body.cpt_codes.map((c) => c.cpt_code)).toContain('47562');
  });

  it('refuses to start a job whose file was never uploaded', async () => {
    // Prepare
    const admin = await signedInAdmin(local, 100);
    const ticket = await local.api<ImportTicket>('POST', '/lists/import', {
      token: admin.accessToken,
      body: { kind: 'cpt', file_name: 'PPRRVU2025_Oct.csv', size: 1234 },
    });
    // Act
    const start = await local.api<{ message: string }>('POST', '/lists/import/start', {
      token: admin.accessToken,
      body: { job_id: ticket.body.job.job_id },
    });
    const notCsv = await local.api('POST', '/lists/import', {
      token: admin.accessToken,
      body: { kind: 'cpt', file_name: 'rvu.zip', size: 10 },
    });
    // Assess
    expect(start.status).toBe(400);
    expect(start.body.message).toBe('The file has not been uploaded yet. Upload it, then start the import.');
    expect(notCsv.status).toBe(400);
  });
});

describe('Doctor Types (NUCC taxonomy)', () => {
  it('refuses the CMS file as a taxonomy file and imports nucc_taxonomy_251.csv, then pages and searches it', async () => {
    // Prepare
    const admin = await signedInAdmin(local, 100);
    const token = admin.accessToken;
    const wrong = await upload(local, admin, 'nucc', sharedDataFile('cms/PPRRVU2025_Oct.csv'), 'PPRRVU2025_Oct.csv');
    const wrongSeen = await runJob(local, admin, wrong.job.job_id);
    const empty = await local.api<DoctorPage>('GET', '/lists/doctor_types', { token });
    const ticket = await upload(
      local,
      admin,
      'nucc',
      sharedDataFile('nucc/nucc_taxonomy_251.csv'),
      'nucc_taxonomy_251.csv',
    );
    // Act
    const seen = await runJob(local, admin, ticket.job.job_id);
    const page1 = await local.api<DoctorPage>('GET', '/lists/doctor_types', { token, query: { limit: 10 } });
    const page2 = await local.api<DoctorPage>('GET', '/lists/doctor_types', {
      token,
      query: { limit: 10, cursor: page1.body.next_cursor },
    });
    const ortho = await local.api<DoctorPage>('GET', '/lists/doctor_types', {
      token,
      query: { search: 'orthopaedic surg', limit: 100 },
    });
    const surgA = await local.api<DoctorPage>('GET', '/lists/doctor_types', {
      token,
      query: { search: 'surg', limit: 20 },
    });
    const surgB = await local.api<DoctorPage>('GET', '/lists/doctor_types', {
      token,
      query: { search: 'surg', limit: 20, cursor: surgA.body.next_cursor },
    });
    const byCode = await local.api<DoctorPage>('GET', '/lists/doctor_types', {
      token,
      query: { search: '208600000x' },
    });
    const foreign = await local.api('GET', '/lists/doctor_types', {
      token,
      query: { search: 'surg', cursor: page1.body.next_cursor },
    });
    // Assess
    expect(wrongSeen[wrongSeen.length - 1]).toMatchObject({ status: 'failed', codes_written: 0 });
    expect(wrongSeen[wrongSeen.length - 1]!.error).toContain('PPRRVU2025_Oct.csv is not in the expected layout');
    expect(empty.body).toMatchObject({ doctor_types: [], total: 0 });
    expect(seen[seen.length - 1]).toMatchObject({
      status: 'done',
      rows_read: 883,
      codes_total: 883,
      codes_written: 883,
      total_codes: 883,
    });
    expect(page1.body.total).toBe(883);
    expect(page1.body.doctor_types).toHaveLength(10);
    const codes = [...page1.body.doctor_types, ...page2.body.doctor_types].map((d) => d.code);
    expect(new Set(codes).size).toBe(20);
    expect(codes).toEqual([...codes].sort());
    expect(ortho.body.doctor_types).toContainEqual(
      expect.objectContaining({
        code: '207X00000X',
        grouping: 'Allopathic & Osteopathic Physicians',
        classification: 'Orthopaedic Surgery',
        specialization: '',
      }),
    );
    expect(ortho.body.doctor_types.every((d) => /orthopaedic/i.test(`${d.classification} ${d.specialization}`))).toBe(
      true,
    );
    const surgCodes = [...surgA.body.doctor_types, ...surgB.body.doctor_types].map((d) => d.code);
    expect(new Set(surgCodes).size).toBe(surgCodes.length);
    expect(surgA.body.total).toBeGreaterThan(20);
    expect(byCode.body.doctor_types.map((d) => d.code)).toEqual(['208600000X']);
    expect(foreign.status).toBe(400);
  });
});
