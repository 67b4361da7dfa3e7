/**
 * Paged case lists, search and counts through the local gateway and the real emulators (docs/figures.md): cursor round trips, last pages, bad cursors, the limit cap, every filter and the
 * search with paging, owner names, GET /case/stats after every kind of write and under 50 parallel
 * writes, and the search index after an edit of the patient's last name.
 *
 * Cases are written through the repository (the same code the Lambda runs) where a test needs many
 * or needs chosen creation times; through the API where the call itself is under test.
 */
import './quiet';
import { createCase as repoCreateCase, updateCase, type CaseItem } from '../../../lambdas/data/case/repository';
import { useLocalStack, type TestUser } from '../../support/local';
import { signedInAdmin, signedInProvider } from './support';

jest.setTimeout(120_000);

const local = useLocalStack();

interface ApiCase {
  case_id: string;
  user_id: string;
  case_status: number;
  patient_last: string;
  ins_provider: string;
  created_date: string;
  owner_name?: string;
  procedure_codes: { procedure_code: string; procedure_desc: string }[];
}
interface ListAnswer {
  success: boolean;
  cases: ApiCase[];
  count: number;
  next_cursor?: string;
  message?: string;
}
interface StatsAnswer {
  success: boolean;
  range: string;
  total_cases: number;
  total_revenue: number;
  pending_cases: number;
  incomplete_cases: number;
  by_status: Record<string, number>;
  top_users: { user_id: string; name: string; case_count: number }[];
}

let owner: TestUser;
let other: TestUser;
let admin: TestUser;

beforeAll(async () => {
  [owner, other, admin] = await Promise.all([
    signedInProvider(local, { first_name: 'Ada', last_name: 'Quill' }),
    signedInProvider(local, { first_name: 'Bram', last_name: 'Oakes' }),
    signedInAdmin(local, 10),
  ]);
});

let seq = 0;
/** An hour ago: seeded cases are created after it, one second apart, in the order they are written. */
const BASE_MS = Date.now() - 3_600_000;
/** A case written through the repository; `daysAgo` sets its creation time. */
function seedCase(
  userId: string,
  fields: { daysAgo?: number; last?: string; ins?: string; status?: number; payCents?: number } = {},
): Promise<CaseItem> {
  seq += 1;
  const created = new Date(BASE_MS - (fields.daysAgo ?? 0) * 86_400_000 + seq * 1000);
  return repoCreateCase({
    user_id: userId,
    case_date: '2026-02-03',
    surgeon_id: 's1',
    facility_id: 'f1',
    patient_first: 'Pat',
    patient_last: fields.last ?? 'Doe',
    ins_provider: fields.ins ?? 'Aetna',
    created_at: created.toISOString(),
    ...(fields.status !== undefined ? { case_status: fields.status } : {}),
    ...(fields.payCents !== undefined ? { pay_amount_cents: fields.payCents } : {}),
  });
}

async function list(user: TestUser, query: string): Promise<{ status: number; body: ListAnswer }> {
  return local.api<ListAnswer>('GET', `/case?${query}`, { token: user.accessToken });
}

/** Every page of a list, following next_cursor; the page sizes seen. */
async function allPages(user: TestUser, query: string): Promise<{ ids: string[]; sizes: number[]; cases: ApiCase[] }> {
  const cases: ApiCase[] = [];
  const sizes: number[] = [];
  let cursor: string | undefined;
  for (let i = 0; i < 1000; i++) {
    const res = await list(user, `${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    if (res.status !== 200) throw new Error(`page ${i}: ${res.status} ${JSON.stringify(res.body)}`);
    cases.push(...res.body.cases);
    sizes.push(res.body.cases.length);
    cursor = res.body.next_cursor;
    if (!cursor) break;
  }
  return { ids: cases.map((c) => c.case_id), sizes, cases };
}

async function stats(user: TestUser, query = ''): Promise<{ status: number; body: StatsAnswer }> {
  return local.api<StatsAnswer>('GET', `/case/stats${query}`, { token: user.accessToken });
}

describe('a provider pages through their own cases', () => {
  it('answers pages of the limit newest first, and the last page has no next_cursor', async () => {
    // Prepare
    const provider = await signedInProvider(local);
    const made = [];
    for (let i = 0; i < 7; i++) made.push(await seedCase(provider.sub));
    const newestFirst = made.map((c) => c.case_id).reverse();

    // Act
    const pages = await allPages(provider, `user_id=${provider.sub}&limit=3`);

    // Assess
    expect(pages.sizes).toEqual([3, 3, 1]);
    expect(pages.ids).toEqual(newestFirst);
  });

  it('gives no next_cursor when the cases fill the last page exactly', async () => {
    // Prepare
    const provider = await signedInProvider(local);
    for (let i = 0; i < 4; i++) await seedCase(provider.sub);

    // Act
    const pages = await allPages(provider, `user_id=${provider.sub}&limit=2`);

    // Assess
    expect(pages.sizes).toEqual([2, 2]);
  });

  it('keeps the status filter across pages on GET /case/filter and GET /case?status=', async () => {
    // Prepare
    const provider = await signedInProvider(local);
    for (let i = 0; i < 5; i++) await seedCase(provider.sub, { status: i % 2 === 0 ? 30 : 0 });

    // Act
    const filtered = await allPages(provider, `user_id=${provider.sub}&limit=2&status=30`);
    const res = await local.api<ListAnswer>(
      'GET',
      `/case/filter?user_id=${provider.sub}&filter=sent_to_biller&limit=2`,
      {
        token: provider.accessToken,
      },
    );

    // Assess
    expect(filtered.sizes).toEqual([2, 1]);
    expect(filtered.cases.every((c) => c.case_status === 30)).toBe(true);
    expect(res.status).toBe(200);
    expect(res.body.cases).toHaveLength(2);
    expect(res.body.next_cursor).toEqual(expect.any(String));
  });

  it('caps a limit above 200 at 200 and answers 50 without a limit', async () => {
    // Prepare
    const provider = await signedInProvider(local);
    const writes = [];
    for (let i = 0; i < 205; i++) writes.push(seedCase(provider.sub));
    for (let i = 0; i < writes.length; i += 25) await Promise.all(writes.slice(i, i + 25));

    // Act
    const capped = await list(provider, `user_id=${provider.sub}&limit=500`);
    const defaulted = await list(provider, `user_id=${provider.sub}`);

    // Assess
    expect(capped.body.cases).toHaveLength(200);
    expect(capped.body.next_cursor).toEqual(expect.any(String));
    expect(defaulted.body.cases).toHaveLength(50);
  });

  it('answers 400 for a forged cursor, a cursor of another list and a limit that is not a number', async () => {
    // Prepare
    await seedCase(owner.sub);
    await seedCase(owner.sub);
    const first = await list(owner, `user_id=${owner.sub}&limit=1`);
    const cursor = first.body.next_cursor!;
    const forged = Buffer.from(JSON.stringify({ v: 1, s: `case:owner:${other.sub}:all`, p: { g: 0 } })).toString(
      'base64url',
    );

    // Act
    const garbage = await list(owner, `user_id=${owner.sub}&cursor=not-a-cursor!`);
    const otherList = await list(owner, `user_id=${owner.sub}&status=0&cursor=${cursor}`);
    const otherOwner = await list(owner, `user_id=${owner.sub}&cursor=${forged}`);
    const badLimit = await list(owner, `user_id=${owner.sub}&limit=abc`);

    // Assess
    for (const res of [garbage, otherList, otherOwner, badLimit]) {
      expect(res.status).toBe(400);
      expect(res.body.success).toBe(false);
    }
  });
});

describe('the back office lists every case', () => {
  it('walks months newest first across pages, with the owner name on every case', async () => {
    // Prepare
    const a = await seedCase(owner.sub, { daysAgo: 75 });
    const b = await seedCase(other.sub, { daysAgo: 40 });
    const c = await seedCase(owner.sub, { daysAgo: 1 });

    // Act
    const pages = await allPages(admin, 'limit=7');

    // Assess
    const ids = pages.ids;
    expect(ids.indexOf(c.case_id)).toBeLessThan(ids.indexOf(b.case_id));
    expect(ids.indexOf(b.case_id)).toBeLessThan(ids.indexOf(a.case_id));
    const created = pages.cases.map((x) => x.created_date);
    expect([...created].sort().reverse()).toEqual(created);
    expect(new Set(ids).size).toBe(ids.length);
    expect(pages.cases.find((x) => x.case_id === b.case_id)?.owner_name).toBe('Bram Oakes');
    expect(pages.cases.find((x) => x.case_id === a.case_id)?.owner_name).toBe('Ada Quill');
  });

  it('filters by status and by owner with paging', async () => {
    // Prepare
    const target = await signedInProvider(local, { first_name: 'Cleo', last_name: 'Marsh' });
    const idr = [await seedCase(target.sub, { status: 70, daysAgo: 100 }), await seedCase(other.sub, { status: 70 })];
    await seedCase(target.sub, { status: 10 });

    // Act
    const byStatus = await allPages(admin, 'status=70&limit=1');
    const byOwner = await allPages(admin, `user_id=${target.sub}&limit=1`);

    // Assess
    expect(byStatus.ids).toEqual(expect.arrayContaining(idr.map((x) => x.case_id)));
    expect(byStatus.cases.every((x) => x.case_status === 70)).toBe(true);
    expect(byOwner.ids).toHaveLength(2);
    expect(byOwner.cases.every((x) => x.owner_name === 'Cleo Marsh')).toBe(true);
  });

  it("refuses a provider reading another owner's list with 403", async () => {
    // Act
    const res = await list(owner, `user_id=${other.sub}`);

    // Assess
    expect(res.status).toBe(403);
  });
});

describe('searching cases', () => {
  it('finds by case id, patient last name and insurance prefix, case-insensitively, each case once', async () => {
    // Prepare
    const byLast = await seedCase(owner.sub, { last: 'Zephyrine', ins: 'Cigna' });
    const byIns = await seedCase(other.sub, { last: 'Moss', ins: 'Zephyr Health' });
    const both = await seedCase(owner.sub, { last: 'Zephyra', ins: 'Zephyr Mutual' });

    // Act
    const zep = await allPages(admin, 'search=ZEP&limit=2');
    const byId = await list(admin, `search=${encodeURIComponent(byIns.case_id.slice(0, 30).toUpperCase())}`);

    // Assess
    expect(zep.ids.sort()).toEqual([byLast.case_id, byIns.case_id, both.case_id].sort());
    expect(byId.body.cases.map((x) => x.case_id)).toContain(byIns.case_id);
    expect(byId.body.cases.every((x) => x.case_id.startsWith(byIns.case_id.slice(0, 30)))).toBe(true);
  });

  it('gives no next_cursor when the groups after a full last page hold only cases already listed', async () => {
    // Prepare: every match is found by last name first, and again (filtered out) by insurance
    for (let i = 0; i < 3; i++) await seedCase(owner.sub, { last: 'Kestrelby', ins: 'Kestrel Mutual' });

    // Act
    const pages = await allPages(admin, 'search=kestrel&limit=3');

    // Assess
    expect(pages.sizes).toEqual([3]);
  });

  it('gives search cursors that show no index key, patient last name or caller when decoded', async () => {
    // Prepare
    await seedCase(owner.sub, { last: 'Ozymandias', ins: 'Cigna' });
    await seedCase(owner.sub, { last: 'Ozymandian', ins: 'Cigna' });

    // Act
    const first = await list(admin, 'search=ozyman&limit=1');
    const cursor = first.body.next_cursor!;
    const decoded = Buffer.from(cursor, 'base64url').toString('latin1').toLowerCase();
    const next = await list(admin, `search=ozyman&limit=1&cursor=${cursor}`);
    const otherSearch = await list(admin, `search=ozymandia&limit=1&cursor=${cursor}`);

    // Assess
    for (const readable of ['ozyman', 'case_id', 'search', admin.sub.toLowerCase(), first.body.cases[0]!.case_id]) {
      expect(decoded).not.toContain(readable.toLowerCase());
    }
    expect(next.status).toBe(200);
    expect(next.body.cases).toHaveLength(1);
    expect(next.body.cases[0]!.case_id).not.toBe(first.body.cases[0]!.case_id);
    expect(otherSearch.status).toBe(400);
  });

  it('narrows a search by status and pages it', async () => {
    // Prepare
    await seedCase(owner.sub, { last: 'Quinterra', status: 50 });
    await seedCase(owner.sub, { last: 'Quintero', status: 50 });
    await seedCase(owner.sub, { last: 'Quintana', status: 0 });

    // Act
    const pages = await allPages(admin, 'search=quint&status=50&limit=1');

    // Assess
    expect(pages.cases.map((x) => x.patient_last).sort()).toEqual(['Quintero', 'Quinterra']);
  });

  it('follows an edit of the patient last name', async () => {
    // Prepare
    const item = await seedCase(owner.sub, { last: 'Vandermeer' });

    // Act
    await updateCase(item.case_id, { patient_last: 'Xylander' });
    const oldName = await list(admin, 'search=vanderm');
    const newName = await list(admin, 'search=xyland');

    // Assess
    expect(oldName.body.cases.map((x) => x.case_id)).not.toContain(item.case_id);
    expect(newName.body.cases.map((x) => x.case_id)).toEqual([item.case_id]);
  });
});

describe('GET /case/stats', () => {
  it('keeps counts and revenue after a create, a status change, a pay amount change and a delete', async () => {
    // Prepare
    const before = (await stats(admin)).body;

    // Act
    const created = await local.api<{ case: ApiCase }>('POST', '/case', {
      token: admin.accessToken,
      body: await adminCaseBody(),
    });
    const afterCreate = (await stats(admin)).body;
    const id = created.body.case.case_id;
    await local.api('PUT', '/case', { token: admin.accessToken, body: { case_id: id, case_status: 20 } });
    const afterStatus = (await stats(admin)).body;
    await local.api('PATCH', '/case', { token: admin.accessToken, body: { case_id: id, pay_amount: 1234.56 } });
    const afterPay = (await stats(admin)).body;
    await local.api('DELETE', `/case?case_id=${id}`, { token: admin.accessToken });
    const afterDelete = (await stats(admin)).body;

    // Assess
    expect(afterCreate.total_cases).toBe(before.total_cases + 1);
    expect(afterCreate.incomplete_cases).toBe(before.incomplete_cases + 1);
    expect(afterStatus.incomplete_cases).toBe(before.incomplete_cases);
    expect(afterStatus.pending_cases).toBe(before.pending_cases + 1);
    expect(afterStatus.by_status['20']).toBe(before.by_status['20']! + 1);
    expect(afterPay.total_revenue).toBeCloseTo(before.total_revenue + 1234.56, 2);
    expect(afterDelete).toEqual(before);
  });

  it('counts only the cases created within the range', async () => {
    // Prepare
    const provider = await signedInProvider(local);
    await seedCase(provider.sub, { daysAgo: 0, payCents: 10_000 });
    await seedCase(provider.sub, { daysAgo: 20 });
    await seedCase(provider.sub, { daysAgo: 45 });
    await seedCase(provider.sub, { daysAgo: 400 });

    // Act
    const ranges = await Promise.all(
      ['7d', '30d', '90d', '1y', 'all'].map((r) => stats(provider, `?range=${r}&user_id=${provider.sub}`)),
    );

    // Assess
    expect(ranges.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(ranges.map((r) => r.body.total_cases)).toEqual([1, 2, 3, 3, 4]);
    expect(ranges[0]!.body.total_revenue).toBe(100);
    expect(ranges[4]!.body.top_users).toEqual([]);
  });

  it("answers 403 to a provider asking for everyone's or another user's counts, and 400 for an unknown range", async () => {
    // Act
    const everyone = await stats(owner);
    const another = await stats(owner, `?user_id=${other.sub}`);
    const badRange = await stats(admin, '?range=2w');

    // Assess
    expect(everyone.status).toBe(403);
    expect(another.status).toBe(403);
    expect(badRange.status).toBe(400);
  });

  it('ranks the top users by case count with their names', async () => {
    // Prepare
    const busy = await signedInProvider(local, { first_name: 'Dora', last_name: 'Busy' });
    for (let i = 0; i < 300; i += 25) await Promise.all(Array.from({ length: 25 }, () => seedCase(busy.sub)));

    // Act
    const res = await stats(admin);

    // Assess
    expect(res.body.top_users.length).toBeLessThanOrEqual(5);
    expect(res.body.top_users[0]).toEqual({ user_id: busy.sub, name: 'Dora Busy', case_count: 300 });
    const counts = res.body.top_users.map((u) => u.case_count);
    expect([...counts].sort((x, y) => y - x)).toEqual(counts);
  });

  it('stays exact under 50 parallel writes (creates and status changes at once)', async () => {
    // Prepare
    const provider = await signedInProvider(local);
    const existing = await Promise.all(Array.from({ length: 25 }, () => seedCase(provider.sub)));
    const before = (await stats(admin)).body;

    // Act: 25 creates and 25 status changes, all in flight together
    await Promise.all([
      ...Array.from({ length: 25 }, () => seedCase(provider.sub, { status: 10, payCents: 100 })),
      ...existing.map((c) => updateCase(c.case_id, { case_status: 90 })),
    ]);
    const after = (await stats(admin)).body;
    const own = (await stats(provider, `?user_id=${provider.sub}`)).body;
    const listed = await allPages(provider, `user_id=${provider.sub}&limit=200`);

    // Assess
    expect(after.total_cases).toBe(before.total_cases + 25);
    expect(after.by_status['90']).toBe(before.by_status['90']! + 25);
    expect(after.by_status['10']).toBe(before.by_status['10']! + 25);
    expect(after.by_status['0']).toBe(before.by_status['0']! - 25);
    expect(after.total_revenue).toBeCloseTo(before.total_revenue + 25, 2);
    const fromList: Record<string, number> = {};
    for (const c of listed.cases) fromList[String(c.case_status)] = (fromList[String(c.case_status)] ?? 0) + 1;
    expect(own.total_cases).toBe(listed.ids.length);
    for (const [status, n] of Object.entries(own.by_status)) expect(n).toBe(fromList[status] ?? 0);
  });
});

/** A case body for the admin (who needs a surgeon and facility of their own). */
let adminRefs: { surgeonId: string; facilityId: string } | undefined;
async function adminCaseBody(): Promise<Record<string, unknown>> {
  if (!adminRefs) {
    const { ownSurgeonAndFacility } = await import('./support');
    adminRefs = await ownSurgeonAndFacility(local, admin);
  }
  return {
    case_date: '2026-02-03',
    surgeon_id: adminRefs.surgeonId,
    facility_id: adminRefs.facilityId,
    patient: { first: 'Pat', last: 'Doe', ins_provider: 'Aetna' },
    procedure_codes: ['27447'],
  };
}
