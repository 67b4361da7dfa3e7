/**
 * Soft delete and restore of cases through the local gateway and the real emulators: a delete takes a case out of every list, search and count at once and keeps it (and
 * its documents, see document.test.ts) for a restore; GET /case/deleted pages the deleted cases for
 * user_type 100 or more; POST /case/restore gives a case back to the lists, the search and the
 * counts exactly, within 30 days of the delete (a delete stored in the past stands for the clock).
 */
import './quiet';
import { deleteCase as repoDeleteCase, getCase } from '../../../lambdas/data/case/repository';
import { purgeDeletedCases } from '../../../lambdas/case/purge';
import { useLocalStack, type TestUser } from '../../support/local';
import { caseBody, ownSurgeonAndFacility, signedInAdmin, signedInProvider, type Refs } from './support';

jest.setTimeout(120_000);

const local = useLocalStack();

interface ApiCase {
  case_id: string;
  user_id: string;
  case_status: number;
  patient_last: string;
  created_date: string;
  version: number;
  deleted_at?: string;
  deleted_by?: string;
  owner_name?: string;
}
interface ListAnswer {
  success: boolean;
  cases: ApiCase[];
  count: number;
  next_cursor?: string;
  message?: string;
}
interface StatsAnswer {
  total_cases: number;
  total_revenue: number;
  pending_cases: number;
  incomplete_cases: number;
  by_status: Record<string, number>;
}

let owner: TestUser;
let globalAdmin: TestUser;
let caseAdmin: TestUser;
let refs: Refs;

beforeAll(async () => {
  [owner, globalAdmin, caseAdmin] = await Promise.all([
    signedInProvider(local, { first_name: 'Ada', last_name: 'Quill' }),
    signedInAdmin(local, 100),
    signedInAdmin(local, 10),
  ]);
  refs = await ownSurgeonAndFacility(local, owner);
});

/** A unique patient last name (search text) per call. */
let seq = 0;
function uniqueLast(): string {
  seq += 1;
  return `Softdel${Date.now().toString(36)}x${seq}`;
}

async function newCase(overrides: Record<string, unknown> = {}): Promise<ApiCase> {
  const res = await local.api<{ case: ApiCase }>('POST', '/case', {
    token: owner.accessToken,
    body: caseBody(refs, overrides),
  });
  if (res.status !== 201) throw new Error(`create failed ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.case;
}

async function get<T>(user: TestUser, path: string): Promise<{ status: number; body: T }> {
  return local.api<T>('GET', path, { token: user.accessToken });
}

/** Every page of GET /case/deleted, following next_cursor; the page sizes seen. */
async function allDeleted(user: TestUser, limit: number): Promise<{ cases: ApiCase[]; sizes: number[] }> {
  const cases: ApiCase[] = [];
  const sizes: number[] = [];
  let cursor: string | undefined;
  for (let i = 0; i < 500; i++) {
    const q = `limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const res = await get<ListAnswer>(user, `/case/deleted?${q}`);
    if (res.status !== 200) throw new Error(`page ${i}: ${res.status} ${JSON.stringify(res.body)}`);
    cases.push(...res.body.cases);
    sizes.push(res.body.cases.length);
    cursor = res.body.next_cursor;
    if (!cursor) break;
  }
  return { cases, sizes };
}

/** What one caller sees of a case id everywhere: own list, back-office list, search, own stats, all stats. */
async function visibility(caseId: string, last: string) {
  const [own, all, search, ownStats, allStats] = await Promise.all([
    get<ListAnswer>(owner, '/case?limit=200'),
    get<ListAnswer>(caseAdmin, `/case?user_id=${owner.sub}&limit=200`),
    get<ListAnswer>(caseAdmin, `/case?search=${encodeURIComponent(last.toLowerCase())}`),
    get<StatsAnswer>(owner, `/case/stats?range=all&user_id=${owner.sub}`),
    get<StatsAnswer>(caseAdmin, '/case/stats?range=all'),
  ]);
  return {
    inOwnList: own.body.cases.some((c) => c.case_id === caseId),
    inBackOfficeList: all.body.cases.some((c) => c.case_id === caseId),
    inSearch: search.body.cases.some((c) => c.case_id === caseId),
    ownStats: ownStats.body,
    allStats: allStats.body,
  };
}

describe('soft delete and restore of a case', () => {
  it('takes a deleted case out of lists, search and counts, lists it as deleted, and restores it exactly', async () => {
    // Prepare
    const last = uniqueLast();
    const c = await newCase({ patient: { first: 'Pat', last, ins_provider: 'Aetna' } });
    await local.api('PATCH', '/case', {
      token: caseAdmin.accessToken,
      body: { case_id: c.case_id, pay_amount: 250.5 },
    });
    const before = await visibility(c.case_id, last);

    // Act: delete
    const deleted = await local.api('DELETE', '/case', { token: owner.accessToken, query: { case_id: c.case_id } });
    const afterDelete = await visibility(c.case_id, last);
    const listed = await allDeleted(globalAdmin, 200);
    const getDeleted = await get(owner, `/case?case_id=${c.case_id}`);
    const patchDeleted = await local.api('PATCH', '/case', {
      token: owner.accessToken,
      body: { case_id: c.case_id, patient_first: 'Robin' },
    });
    const putDeleted = await local.api('PUT', '/case', {
      token: caseAdmin.accessToken,
      body: { case_id: c.case_id, case_status: 10 },
    });
    const deleteAgain = await local.api('DELETE', '/case', { token: owner.accessToken, query: { case_id: c.case_id } });

    // Act: restore
    const restored = await local.api<{ success: boolean; message: string; case: ApiCase }>('POST', '/case/restore', {
      token: globalAdmin.accessToken,
      body: { case_id: c.case_id },
    });
    const afterRestore = await visibility(c.case_id, last);
    const listedAfter = await allDeleted(globalAdmin, 200);
    const restoreAgain = await local.api('POST', '/case/restore', {
      token: globalAdmin.accessToken,
      body: { case_id: c.case_id },
    });

    // Assess: before
    expect(before).toMatchObject({ inOwnList: true, inBackOfficeList: true, inSearch: true });
    // Assess: after the delete
    expect(deleted.status).toBe(200);
    expect(afterDelete).toMatchObject({ inOwnList: false, inBackOfficeList: false, inSearch: false });
    expect(afterDelete.ownStats.total_cases).toBe(before.ownStats.total_cases - 1);
    expect(afterDelete.ownStats.total_revenue).toBeCloseTo(before.ownStats.total_revenue - 250.5, 2);
    expect(afterDelete.allStats.total_cases).toBe(before.allStats.total_cases - 1);
    const row = listed.cases.find((x) => x.case_id === c.case_id);
    expect(row).toMatchObject({ user_id: owner.sub, deleted_by: owner.sub, created_date: c.created_date });
    expect(row?.owner_name).toBe('Ada Quill');
    expect(Date.now() - Date.parse(row?.deleted_at ?? '')).toBeLessThan(60_000);
    expect([getDeleted.status, patchDeleted.status, putDeleted.status, deleteAgain.status]).toEqual([
      404, 404, 404, 404,
    ]);
    // Assess: after the restore
    expect(restored.status).toBe(200);
    expect(restored.body.message).toBe('Case restored successfully');
    expect(restored.body.case).toMatchObject({ case_id: c.case_id, created_date: c.created_date });
    expect(afterRestore).toEqual(before);
    expect(listedAfter.cases.some((x) => x.case_id === c.case_id)).toBe(false);
    expect(restoreAgain.status).toBe(404);
    expect((await get(owner, `/case?case_id=${c.case_id}`)).status).toBe(200);
  });

  it('pages the deleted cases newest delete first, with a next_cursor only when more exist', async () => {
    // Prepare: three deletes, one after the other
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const c = await newCase();
      expect(
        (await local.api('DELETE', '/case', { token: owner.accessToken, query: { case_id: c.case_id } })).status,
      ).toBe(200);
      ids.push(c.case_id);
    }

    // Act
    const first = await get<ListAnswer>(globalAdmin, '/case/deleted?limit=2');
    const all = await allDeleted(globalAdmin, 2);
    const foreign = await get<ListAnswer>(globalAdmin, '/case/deleted?cursor=bm9wZQ');

    // Assess
    expect(first.status).toBe(200);
    expect(first.body.cases.map((c) => c.case_id)).toEqual([ids[2], ids[1]]);
    expect(first.body.next_cursor).toEqual(expect.any(String));
    expect(all.sizes.every((n) => n <= 2)).toBe(true);
    expect(all.cases.at(-1)).toBeDefined();
    expect(new Set(all.cases.map((c) => c.case_id)).size).toBe(all.cases.length);
    const times = all.cases.map((c) => c.deleted_at ?? '');
    expect([...times].sort().reverse()).toEqual(times);
    expect(ids.every((id) => all.cases.some((c) => c.case_id === id))).toBe(true);
    expect(foreign.status).toBe(400);
  });

  it('refuses a restore more than 30 days after the delete and keeps the case deleted', async () => {
    // Prepare: a delete stored 31 days ago (the repository's clock), and one 29 days ago
    const old = await newCase();
    const recent = await newCase();
    const day = 86_400_000;
    await repoDeleteCase(old.case_id, { now: new Date(Date.now() - 31 * day), actor: owner.sub });
    await repoDeleteCase(recent.case_id, { now: new Date(Date.now() - 29 * day), actor: owner.sub });

    // Act
    const late = await local.api<{ message: string }>('POST', '/case/restore', {
      token: globalAdmin.accessToken,
      body: { case_id: old.case_id },
    });
    const inTime = await local.api('POST', '/case/restore', {
      token: globalAdmin.accessToken,
      body: { case_id: recent.case_id },
    });

    // Assess
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('A case can be restored only within 30 days of its deletion');
    expect((await getCase(old.case_id, true, { includeDeleted: true }))?.deleted_at).toEqual(expect.any(String));
    expect((await get(owner, `/case?case_id=${old.case_id}`)).status).toBe(404);
    expect(inTime.status).toBe(200);
  });

  it('answers 404 to a restore of a live or unknown case and 400 without case_id', async () => {
    // Prepare
    const live = await newCase();

    // Act
    const [liveAnswer, unknown, noId] = await Promise.all([
      local.api('POST', '/case/restore', { token: globalAdmin.accessToken, body: { case_id: live.case_id } }),
      local.api('POST', '/case/restore', { token: globalAdmin.accessToken, body: { case_id: `${owner.sub}_1` } }),
      local.api('POST', '/case/restore', { token: globalAdmin.accessToken, body: {} }),
    ]);

    // Assess
    expect([liveAnswer.status, unknown.status, noId.status]).toEqual([404, 404, 400]);
  });

  it('answers 403 to providers and to back office below user_type 100 on the deleted list and the restore', async () => {
    // Prepare
    const c = await newCase();
    await local.api('DELETE', '/case', { token: owner.accessToken, query: { case_id: c.case_id } });

    // Act
    const answers = await Promise.all(
      [owner, caseAdmin].flatMap((user) => [
        get(user, '/case/deleted'),
        local.api('POST', '/case/restore', { token: user.accessToken, body: { case_id: c.case_id } }),
      ]),
    );

    // Assess
    expect(answers.map((a) => a.status)).toEqual([403, 403, 403, 403]);
    expect((await get(owner, `/case?case_id=${c.case_id}`)).status).toBe(404);
  });

  // Last in the file: a clock 31 days ahead purges every case deleted by the tests above.
  it('purges a deleted case only once the clock is past 30 days after the delete, leaving the counts alone', async () => {
    // Prepare
    const c = await newCase();
    await local.api('DELETE', '/case', { token: owner.accessToken, query: { case_id: c.case_id } });
    const deletedAt = Date.parse((await getCase(c.case_id, true, { includeDeleted: true }))?.deleted_at ?? '');
    const statsBefore = (await get<StatsAnswer>(owner, `/case/stats?range=all&user_id=${owner.sub}`)).body;
    const day = 86_400_000;

    // Act
    const early = await purgeDeletedCases({ now: new Date(deletedAt + 30 * day - 1000) });
    const afterEarly = await getCase(c.case_id, true, { includeDeleted: true });
    const late = await purgeDeletedCases({ now: new Date(deletedAt + 30 * day + 1000) });
    const statsAfter = (await get<StatsAnswer>(owner, `/case/stats?range=all&user_id=${owner.sub}`)).body;

    // Assess
    expect(early.purged).not.toContain(c.case_id);
    expect(afterEarly?.deleted_at).toEqual(expect.any(String));
    expect(late.purged).toContain(c.case_id);
    expect(await getCase(c.case_id, true, { includeDeleted: true })).toBeUndefined();
    expect(statsAfter).toEqual(statsBefore);
    const restore = await local.api('POST', '/case/restore', {
      token: globalAdmin.accessToken,
      body: { case_id: c.case_id },
    });
    expect(restore.status).toBe(404);
  });
});
