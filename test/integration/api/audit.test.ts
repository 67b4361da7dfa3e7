/**
 * The audit trail against the local stack (docs/security.md): case calls leave entries with the
 * ids they touched, another owner's case answered 404 is recorded as denied, and GET /audit filters,
 * pages (newest first) and refuses callers below user_type 100.
 */
import './quiet';
import type { AuditPage } from '../../../shared';
import { auditShard } from '../../../lambdas/data/audit/keys';
import { useLocalStack, type TestUser } from '../../support/local';
import { caseBody, ownSurgeonAndFacility, signedInAdmin, signedInProvider } from './support';

jest.setTimeout(180_000);

// Its own runtime: the walks page the whole audit trail of the day.
const local = useLocalStack({ isolated: true });

let providerA: TestUser;
let providerB: TestUser;
let admin: TestUser;
let caseId: string;
let listed: string[];

async function auditPage(query: Record<string, string | number>, user: TestUser = admin) {
  return local.api<AuditPage>('GET', '/audit', { token: user.accessToken, query });
}

beforeAll(async () => {
  [providerA, providerB, admin] = await Promise.all([
    signedInProvider(local),
    signedInProvider(local),
    signedInAdmin(local, 100),
  ]);
  const refs = await ownSurgeonAndFacility(local, providerA);
  const made = await local.api<{ case_id: string }>('POST', '/case', {
    token: providerA.accessToken,
    body: caseBody(refs, { patient: { first: 'Jane', last: 'Roe', ins_provider: 'Aetna' } }),
  });
  if (made.status !== 201) throw new Error(`case create failed: ${made.status}`);
  caseId = made.body.case_id;
  const got = await local.api('GET', '/case', { token: providerA.accessToken, query: { case_id: caseId } });
  if (got.status !== 200) throw new Error(`case get failed: ${got.status}`);
  const list = await local.api<{ cases: { case_id: string }[] }>('GET', '/case', { token: providerA.accessToken });
  if (list.status !== 200) throw new Error(`case list failed: ${list.status}`);
  listed = list.body.cases.map((c) => c.case_id);
  const denied = await local.api('GET', '/case', { token: providerB.accessToken, query: { case_id: caseId } });
  if (denied.status !== 404) throw new Error(`B's read answered ${denied.status}`);
});

describe('the audit trail', () => {
  it("records the create, get and list of a provider's case with the ids, newest first", async () => {
    // Act
    const res = await auditPage({ user_id: providerA.sub, limit: 100 });
    // Assess
    expect(res.status).toBe(200);
    const caseCalls = res.body.entries.filter((e) => e.action.endsWith(' /case'));
    expect(caseCalls.map((e) => [e.action, e.outcome, e.resource_ids])).toEqual([
      ['GET /case', 'allowed', listed],
      ['GET /case', 'allowed', [caseId]],
      ['POST /case', 'allowed', [caseId]],
    ]);
    expect(listed).toContain(caseId);
    const [entry] = caseCalls;
    expect(entry).toMatchObject({ user_id: providerA.sub, resource_type: 'case', status: 200 });
    expect(caseCalls.map((e) => e.user_type)).toEqual([0, 0, 0]);
    expect(entry!.source_ip).toMatch(/^(127\.0\.0\.1|::1)$/);
    expect(entry!.request_id).not.toBe('');
    expect(entry!.source_ip).not.toBe('');
    const ats = res.body.entries.map((e) => e.at);
    expect([...ats].sort().reverse()).toEqual(ats);
    expect(JSON.stringify(res.body)).not.toMatch(/Jane|Roe/);
  });

  it("records a provider's 404 on another's case as denied, found by case with the case's other entries", async () => {
    // Act
    const res = await auditPage({ case_id: caseId });
    // Assess
    expect(res.status).toBe(200);
    expect(res.body.entries.map((e) => [e.user_id, e.action, e.status, e.outcome])).toEqual([
      [providerB.sub, 'GET /case', 404, 'denied'],
      // The list, which returned only this case, then the get.
      [providerA.sub, 'GET /case', 200, 'allowed'],
      [providerA.sub, 'GET /case', 200, 'allowed'],
      [providerA.sub, 'POST /case', 201, 'allowed'],
    ]);
  });

  it('names the people of each entry and records the status a status change asked for', async () => {
    // Prepare
    const profile = await local.api<{ user: { user_email: string } }>('GET', '/user', {
      token: providerA.accessToken,
    });
    const moved = await local.api('PUT', '/case', {
      token: admin.accessToken,
      body: { case_id: caseId, case_status: 20 },
    });
    // Act
    const res = await auditPage({ case_id: caseId, limit: 1 });
    const byProvider = await auditPage({ user_id: providerA.sub, limit: 1 });
    // Assess
    expect(moved.status).toBe(200);
    expect(res.body.entries[0]).toMatchObject({
      action: 'PUT /case',
      user_id: admin.sub,
      user_name: 'Admin Quill',
      case_status: 20,
    });
    expect(byProvider.body.entries[0]).toMatchObject({
      user_name: 'Ada Quill',
      user_email: profile.body.user.user_email,
    });
    expect(profile.body.user.user_email).toContain('@');
  });

  it('filters by action and date range and pages with next_cursor', async () => {
    // Prepare: from yesterday (UTC), in case midnight passed since the entries were written
    const today = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    // Act
    const first = await auditPage({
      user_id: providerA.sub,
      action: 'GET /case',
      from: yesterday,
      to: today,
      limit: 1,
    });
    const second = await auditPage({
      user_id: providerA.sub,
      action: 'GET /case',
      from: yesterday,
      to: today,
      limit: 1,
      cursor: first.body.next_cursor ?? '',
    });
    const longAgo = await auditPage({ user_id: providerA.sub, to: '2020-01-01' });
    // Assess
    expect([first.status, second.status]).toEqual([200, 200]);
    // The list (newest) first, then the get of the one case.
    expect(first.body.entries.map((e) => e.request_id)).not.toEqual(second.body.entries.map((e) => e.request_id));
    expect(first.body.entries[0]!.at > second.body.entries[0]!.at).toBe(true);
    expect(first.body.entries[0]!.resource_ids).toEqual(listed);
    expect(second.body.entries[0]!.resource_ids).toEqual([caseId]);
    expect(first.body.next_cursor).toBeDefined();
    expect(second.body.next_cursor).toBeUndefined();
    expect(longAgo.status).toBe(200);
    expect(longAgo.body.entries).toEqual([]);
  });

  it("walks the day partitions without a filter and finds today's entries", async () => {
    // Act
    const res = await auditPage({ limit: 100 });
    // Assess
    expect(res.status).toBe(200);
    expect(res.body.entries.some((e) => e.user_id === providerB.sub && e.outcome === 'denied')).toBe(true);
  });

  it("records profile reads by someone else: a provider's as denied, the back office's as allowed", async () => {
    // Prepare
    const byB = await local.api('GET', '/user', { token: providerB.accessToken, query: { user_id: providerA.sub } });
    const byAdmin = await local.api('GET', '/user', { token: admin.accessToken, query: { user_id: providerA.sub } });
    // Act
    const res = await auditPage({ action: 'GET /user', limit: 100 });
    // Assess
    expect([byB.status, byAdmin.status]).toEqual([404, 200]);
    const reads = res.body.entries.filter((e) => e.resource_ids.includes(providerA.sub) && e.user_id !== providerA.sub);
    expect(reads.map((e) => [e.user_id, e.resource_type, e.outcome])).toEqual([
      [admin.sub, 'user', 'allowed'],
      [providerB.sub, 'user', 'denied'],
    ]);
  });

  it('refuses a cursor of another filter and a bad date with 400', async () => {
    // Prepare
    const first = await auditPage({ user_id: providerA.sub, limit: 1 });
    // Act
    const other = await auditPage({ user_id: providerB.sub, limit: 1, cursor: first.body.next_cursor ?? 'x' });
    const badDate = await auditPage({ from: '2026-02-30' });
    const reversed = await auditPage({ from: '2026-02-03', to: '2026-02-01' });
    // Assess
    expect([other.status, badDate.status, reversed.status]).toEqual([400, 400, 400]);
  });

  it('answers 403 below user_type 100 and records the refusal as denied', async () => {
    // Prepare
    const reportAdmin = await signedInAdmin(local, 50);
    // Act
    const refused = await auditPage({ limit: 1 }, reportAdmin);
    const trail = await auditPage({ user_id: reportAdmin.sub, action: 'GET /audit' });
    // Assess
    expect(refused.status).toBe(403);
    expect(trail.body.entries).toEqual([expect.objectContaining({ status: 403, outcome: 'denied', user_type: 50 })]);
  });

  it('pages the write-sharded day partitions and byAction newest first, every entry once', async () => {
    // Prepare: 23 more calls of one provider, spread by their request ids over the AUDIT_SHARDS shards
    const provider = await signedInProvider(local);
    for (let i = 0; i < 23; i++) {
      const res = await local.api('GET', '/case', { token: provider.accessToken, query: { limit: 1 } });
      if (res.status !== 200) throw new Error(`list answered ${res.status}`);
    }
    const walk = async (query: Record<string, string | number>) => {
      const seen: AuditPage['entries'] = [];
      let cursor: string | undefined;
      let pages = 0;
      do {
        const page = await auditPage({ ...query, limit: 4, ...(cursor ? { cursor } : {}) });
        expect(page.status).toBe(200);
        expect(page.body.entries.length).toBeLessThanOrEqual(4);
        seen.push(...page.body.entries);
        cursor = page.body.next_cursor;
        pages += 1;
      } while (cursor && pages < 500);
      return seen;
    };
    const since = (await auditPage({ user_id: provider.sub, limit: 100 })).body.entries;

    // Act
    const byAction = await walk({ action: 'GET /case' });
    const byDay = await walk({});

    // Assess: strictly newest first, no entry twice, and the provider's 23 lists in both walks
    const lists = since.filter((e) => e.action === 'GET /case');
    for (const [seen, expected] of [
      [byAction, lists],
      [byDay, since],
    ] as const) {
      const ids = seen.map((e) => e.request_id);
      expect(new Set(ids).size).toBe(ids.length);
      const ats = seen.map((e) => e.at);
      expect([...ats].sort().reverse()).toEqual(ats);
      const mine = seen.filter((e) => e.user_id === provider.sub).map((e) => e.request_id);
      expect(mine).toEqual(expected.map((e) => e.request_id));
    }
    expect(lists).toHaveLength(23);
    expect(byAction.every((e) => e.action === 'GET /case')).toBe(true);
    expect(byDay.length).toBeGreaterThan(byAction.length);
    // The calls were spread over more than one shard, so the walks merged shards.
    expect(new Set(lists.map((e) => auditShard(e.request_id))).size).toBeGreaterThan(1);
  });

  it.each([
    ['500,000 characters', 500_000, { first_name: 'Ada' }],
    ['300,000 characters', 300_000, {}],
    ['300,000 characters in a type change', 300_000, { user_type: 10 }],
    ['5,000 characters in a type change', 5_000, { user_type: 10 }],
    ['201 characters', 201, {}],
  ])(
    'answers 400 to a PATCH /user with a user_id of %s and records the refusal as denied, bounded',
    async (_name, length, rest) => {
      // Prepare
      const caller = await signedInProvider(local);
      // Act
      const res = await local.api<{ message: string }>('PATCH', '/user', {
        token: caller.accessToken,
        body: { user_id: 'u'.repeat(length), ...rest },
      });
      // Assess: refused before anything was done, and recorded without the oversized id
      expect(res.status).toBe(400);
      const page = await auditPage({ user_id: caller.sub, action: 'PATCH /user' });
      expect(page.body.entries.map((e) => [e.status, e.outcome])).toEqual([[400, 'denied']]);
      expect(JSON.stringify(page.body.entries[0]).length).toBeLessThan(4096);
    },
  );

  it('records requests refused with 401 (no token, a forged token) as denied, without a user', async () => {
    // Prepare: a token with its signature altered
    const [header, payload] = providerA.accessToken.split('.');
    const forged = `${header}.${payload}.${Buffer.from('forged').toString('base64url')}`;
    // Act
    const none = await local.api('GET', '/surgeon', {});
    const bad = await local.api('GET', '/surgeon', { token: forged });
    // Assess
    expect([none.status, bad.status]).toEqual([401, 401]);
    const page = await auditPage({ action: 'GET /surgeon', limit: 100 });
    const refused = page.body.entries.filter((e) => e.status === 401);
    expect(refused.map((e) => [e.outcome, e.user_id ?? ''])).toEqual([
      ['denied', ''],
      ['denied', ''],
    ]);
  });
});
