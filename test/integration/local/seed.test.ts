/**
 * First-start seeding of the local runtime: demo accounts, profiles,
 * surgeons and facilities from the emulated registry, cases over all statuses and the last
 * twelve months, provider1's disputes, the starter CPT list; idempotent.
 */
import { CASE_STATUSES, FIRST_PAID_STATUS, isCaseComplete, parseFileKeys } from '../../../shared';
import { parseDocumentKey } from '../../../lambdas/document/keys';
import { headObject, readStart } from '../../../lambdas/lib/storage';
import { listCases } from '../../../lambdas/data/case/lists';
import { loadCursorKey } from '../../../lambdas/lib/cursor-seal';
import { STARTER_CODES } from '../../../lambdas/cpt_codes/starter';
import { getCptCode } from '../../../lambdas/data/cpt_codes/repository';
import { listFacilities } from '../../../lambdas/data/owned/facilities';
import { listSurgeons } from '../../../lambdas/data/owned/surgeons';
import { getProfile } from '../../../lambdas/data/user/repository';
import { getRegistry } from '../../../local/nppes-registry';
import { getDispute } from '../../../lambdas/data/dispute/repository';
import { DISPUTE_STATUSES } from '../../../local/seed-disputes';
import { LOCAL_DOCUMENTS_BUCKET, LOCAL_PREFIX } from '../../../local';
import { localCognitoClient } from '../../../local/cognito';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, emptySeedSummary, seedDemoData, seedResources } from '../../../local/seed';
import { updateState } from '../../../local/state';
import { useLocalStack } from '../../support/local';
import { formatCaseNumber } from '../../../shared/case-number';

/** Every case of a demo user (a handful: one page of 200 holds them all). */
async function listCasesForUser(ownerId: string) {
  const page = await listCases({ ownerId, limit: 200 });
  expect(page.next_cursor).toBeUndefined();
  return page.items;
}

const local = useLocalStack({ seed: true });

/** A row of GET /dispute/queue and of GET /dispute/awards (shared/api-contract.ts). */
interface QueueRow {
  case_id: string;
  user_id: string;
  owner_name: string;
  payer_name: string;
  case_status: number;
  step: string;
  due: string;
  state: string;
}
interface AwardRow {
  case_id: string;
  award: number;
  paid: number;
  days_overdue: number;
}

function groupsOf(idToken: string): string[] {
  const payload = JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >;
  return (payload['cognito:groups'] as string[] | undefined) ?? [];
}

const subs = new Map<string, string>();

/** A provider's seeded surgeons / facilities: one page of the byName index (the seed writes fewer than 200). */
const surgeonsOf = async (sub: string) => (await listSurgeons(sub, { limit: 200 })).items;
const facilitiesOf = async (sub: string) => (await listFacilities(sub, { limit: 200 })).items;

beforeAll(async () => {
  // The list functions page in this process: read the cursor key as a Lambda's cold start does.
  await loadCursorKey();
  for (const account of DEMO_ACCOUNTS) {
    subs.set(account.email, (await local.signIn(account.email, DEMO_PASSWORD)).sub);
  }
});

describe('the demo accounts', () => {
  it('sign in with the demo password and carry their groups', async () => {
    // Act
    const tokens = await Promise.all(DEMO_ACCOUNTS.map((a) => local.signIn(a.email, DEMO_PASSWORD)));

    // Assess
    expect(DEMO_ACCOUNTS.map((a) => a.email)).toEqual([
      'provider1@example.com',
      'provider2@example.com',
      'newuser@example.com',
      'caseadmin@example.com',
      'useradmin@example.com',
      'reportadmin@example.com',
      'globaladmin@example.com',
      'superuser@example.com',
    ]);
    tokens.forEach((t, i) => expect(groupsOf(t.idToken)).toEqual([...DEMO_ACCOUNTS[i]!.groups]));
  });

  it('have complete profiles with their user_type, except newuser who has none', async () => {
    // Act
    const profiles = await Promise.all(DEMO_ACCOUNTS.map((a) => getProfile(subs.get(a.email)!)));

    // Assess
    const types = Object.fromEntries(DEMO_ACCOUNTS.map((a, i) => [a.email, profiles[i]?.user_type]));
    expect(types).toEqual({
      'provider1@example.com': 0,
      'provider2@example.com': 0,
      'newuser@example.com': undefined,
      'caseadmin@example.com': 10,
      'useradmin@example.com': 20,
      'reportadmin@example.com': 50,
      'globaladmin@example.com': 100,
      'superuser@example.com': 1000,
    });
    expect(profiles[2]).toBeUndefined();
    for (const p of profiles.filter((x) => x !== undefined)) {
      expect(p.first_name.length).toBeGreaterThanOrEqual(2);
      expect(p.last_name.length).toBeGreaterThanOrEqual(2);
      expect(p.addr1).not.toBe('');
      expect(p.city).not.toBe('');
      expect(p.state).toMatch(/^[A-Z]{2}$/);
      expect(p.zipcode).toMatch(/^\d{5}$/);
      expect(p.telephone).toMatch(/^\(\d{3}\) \d{3}-\d{4}$/);
      expect(p.user_npi).toMatch(/^\d{10}$/);
      expect(p.states_licensed.length).toBeGreaterThan(0);
    }
  });
});

describe('the providers data', () => {
  it.each([
    ['provider1@example.com', 60],
    ['provider2@example.com', 20],
  ])('gives %s at least %i cases over all statuses and the last twelve months', async (email, minimum) => {
    // Prepare
    const sub = subs.get(email)!;
    const now = Date.now();
    const yearAgo = now - 366 * 86_400_000;
    const starter = new Set(STARTER_CODES.map((c) => c.cpt_code));

    // Act
    const cases = await listCasesForUser(sub);

    // Assess
    expect(cases.length).toBeGreaterThanOrEqual(minimum);
    expect(new Set(cases.map((c) => c.case_status))).toEqual(new Set(CASE_STATUSES.map((s) => s.value)));
    for (const c of cases) {
      expect(c.user_id).toBe(sub);
      expect(c.case_id).toMatch(new RegExp(`^${sub}_\\d{13}$`));
      expect(Date.parse(c.case_date)).toBeGreaterThan(yearAgo);
      expect(Date.parse(c.created_at)).toBeGreaterThan(yearAgo);
      expect(Date.parse(c.created_at)).toBeLessThanOrEqual(now);
      expect(c.procedure_codes.length).toBeGreaterThan(0);
      for (const code of c.procedure_codes) expect(starter.has(code)).toBe(true);
      if (c.case_status >= FIRST_PAID_STATUS) expect(c.pay_amount_cents).toBeGreaterThan(0);
      else expect(c.pay_amount_cents).toBeUndefined();
    }
    const months = new Set(cases.map((c) => c.case_date.slice(0, 7)));
    expect(months.size).toBeGreaterThanOrEqual(11);
  });

  it('gives cases documents that exist as small PDFs at layout keys, statuses 0 and 10 following the workflow rule', async () => {
    for (const email of ['provider1@example.com', 'provider2@example.com']) {
      // Prepare
      const sub = subs.get(email)!;

      // Act
      const cases = await listCasesForUser(sub);

      // Read every document at once: one after another, they were most of this test's time.
      const documents = cases.flatMap((c) => {
        const fk = parseFileKeys(c.file_keys);
        return [fk.demographic_sheet, fk.op_note, ...fk.misc_documents].filter(Boolean).map((key) => ({ c, fk, key }));
      });
      const read = await Promise.all(
        documents.map(async ({ key }) => ({ info: await headObject(key), start: await readStart(key, 5) })),
      );

      // Assess
      for (const c of cases) {
        if (c.case_status === 0) expect(isCaseComplete(c)).toBe(false);
        if (c.case_status >= 10) expect(isCaseComplete(c)).toBe(true);
        const fk = parseFileKeys(c.file_keys);
        expect(fk.demographic_sheet).toBe(c.demo_file);
        expect(fk.op_note).toBe(c.note_file);
      }
      documents.forEach(({ c, fk, key }, i) => {
        const { info, start } = read[i]!;
        expect(parseDocumentKey(key)).toMatchObject({ kind: 'case', ownerId: sub, caseId: c.case_id, ext: 'pdf' });
        expect(info?.size).toBeGreaterThan(100);
        expect(info?.size).toBeLessThan(10_000);
        expect(Buffer.from(start).toString('latin1')).toBe('%PDF-');
        expect(fk.file_names[key]).toMatch(/\.pdf$/);
      });
      expect(cases.some((c) => c.case_status === 0 && c.demo_file !== '')).toBe(true);
      expect(cases.some((c) => parseFileKeys(c.file_keys).misc_documents.length > 0)).toBe(true);
    }
  }, 60_000);

  it('gives each provider 6+ surgeons and 4+ facilities from the emulated registry, used by the cases', async () => {
    // Prepare
    const registry = getRegistry();

    for (const email of ['provider1@example.com', 'provider2@example.com']) {
      const sub = subs.get(email)!;

      // Act
      const [surgeons, facilities, cases] = await Promise.all([
        surgeonsOf(sub),
        facilitiesOf(sub),
        listCasesForUser(sub),
      ]);

      // Assess
      expect(surgeons.length).toBeGreaterThanOrEqual(6);
      expect(facilities.length).toBeGreaterThanOrEqual(4);
      for (const s of surgeons) expect(registry.byNumber.get(String(s.surgeon_npi))?.enumeration_type).toBe('NPI-1');
      for (const f of facilities) expect(registry.byNumber.get(String(f.facility_npi))?.enumeration_type).toBe('NPI-2');
      const surgeonIds = new Set(surgeons.map((s) => s.surgeon_id));
      const facilityIds = new Set(facilities.map((f) => f.facility_id));
      for (const c of cases) {
        expect(surgeonIds.has(c.surgeon_id)).toBe(true);
        expect(facilityIds.has(c.facility_id)).toBe(true);
      }
    }
  });

  it('does not give provider2 any of provider1 surgeons or facilities', async () => {
    // Act
    const [s1, s2] = await Promise.all([
      surgeonsOf(subs.get('provider1@example.com')!),
      surgeonsOf(subs.get('provider2@example.com')!),
    ]);

    // Assess
    const ids1 = new Set(s1.map((s) => s.surgeon_id));
    expect(s2.some((s) => ids1.has(s.surgeon_id))).toBe(false);
  });

  it("numbers every provider's cases together in creation order, from C-000001", async () => {
    // Act
    const cases = [
      ...(await listCasesForUser(subs.get('provider1@example.com')!)),
      ...(await listCasesForUser(subs.get('provider2@example.com')!)),
    ].sort((a, b) => a.created_at!.localeCompare(b.created_at!) || a.case_id.localeCompare(b.case_id));

    // Assess
    expect(cases.map((c) => c.case_number)).toEqual(cases.map((_, i) => formatCaseNumber(i + 1)));
  });

  it('imports the starter CPT list', async () => {
    // Act
    const code = await getCptCode('47562');

    // Assess
    expect(code?.cpt_description).toBe(STARTER_CODES.find((c) => c.cpt_code === '47562')!.cpt_description);
  });
});

describe('the demo disputes', () => {
  it("gives provider1's cases in statuses 40 to 90 a dispute recorded by caseadmin, and provider2's none", async () => {
    // Prepare
    const caseAdmin = subs.get('caseadmin@example.com')!;
    const cases1 = await listCasesForUser(subs.get('provider1@example.com')!);
    const cases2 = await listCasesForUser(subs.get('provider2@example.com')!);

    // Act
    const disputes1 = await Promise.all(cases1.map(async (c) => ({ c, d: await getDispute(c.case_id) })));
    const disputes2 = await Promise.all(cases2.map((c) => getDispute(c.case_id)));

    // Assess
    for (const { c, d } of disputes1) {
      if (!DISPUTE_STATUSES.includes(c.case_status)) {
        expect(d.record).toBeUndefined();
        continue;
      }
      expect(d.record).toMatchObject({ user_id: c.user_id, payer_name: expect.any(String) });
      expect(d.events.length).toBeGreaterThanOrEqual(2);
      for (const e of d.events) {
        expect(e.recorded_by).toBe(caseAdmin);
        expect(e.date >= c.case_date).toBe(true);
      }
    }
    expect(disputes1.filter(({ d }) => d.record).length).toBe(36);
    expect(disputes2.every((d) => d.record === undefined)).toBe(true);
  });

  it('fills the deadline queue with overdue, due-soon and open deadlines, soonest first, as GET /case/stats counts them', async () => {
    // Prepare
    const { accessToken: token } = await local.signIn('caseadmin@example.com', DEMO_PASSWORD);
    const provider1 = subs.get('provider1@example.com')!;
    const queue = async (query: Record<string, string | number>) => {
      const res = await local.api<{ items: QueueRow[]; next_cursor?: string }>('GET', '/dispute/queue', {
        token,
        query: { limit: 100, ...query },
      });
      expect(res.status).toBe(200);
      expect(res.body.next_cursor).toBeUndefined();
      return res.body.items;
    };

    // Act
    const all = await queue({});
    const own = await queue({ user_id: provider1 });
    const [overdue, dueSoon, open] = await Promise.all([
      queue({ state: 'overdue' }),
      queue({ state: 'due_soon' }),
      queue({ state: 'open' }),
    ]);
    const stats = await local.api<{ disputes: Record<string, number> }>('GET', '/case/stats', {
      token,
      query: { range: 'all' },
    });

    // Assess
    const dues = all.map((q) => q.due);
    expect(dues).toEqual([...dues].sort());
    expect(own.map((q) => q.case_id)).toEqual(all.map((q) => q.case_id));
    for (const [rows, state] of [
      [overdue, 'overdue'],
      [dueSoon, 'due_soon'],
      [open, 'open'],
    ] as const) {
      expect(rows.length).toBeGreaterThanOrEqual(3);
      expect(rows.every((q) => q.state === state)).toBe(true);
    }
    expect(overdue.length + dueSoon.length + open.length).toBe(all.length);
    for (const q of all) {
      expect(q).toMatchObject({ user_id: provider1, owner_name: expect.any(String), payer_name: expect.any(String) });
      expect(q.case_status).toBeGreaterThanOrEqual(40);
    }
    expect(new Set(all.map((q) => q.step)).size).toBeGreaterThanOrEqual(5);
    expect(stats.body.disputes).toMatchObject({
      overdue: overdue.length,
      due_soon: dueSoon.length,
      open: open.length,
    });
  });

  it('lists paid, unpaid and overdue awards, with totals that add them up, as GET /case/stats counts them', async () => {
    // Prepare
    const { accessToken: token } = await local.signIn('caseadmin@example.com', DEMO_PASSWORD);
    const awards = async (state: string) => {
      const res = await local.api<{ items: AwardRow[]; totals: Record<string, number> }>('GET', '/dispute/awards', {
        token,
        query: { state, limit: 100 },
      });
      expect(res.status).toBe(200);
      return res.body;
    };

    // Act
    const [unpaid, overdue, paid] = await Promise.all([awards('unpaid'), awards('overdue'), awards('paid')]);
    const stats = await local.api<{ disputes: Record<string, number> }>('GET', '/case/stats', {
      token,
      query: { range: 'all' },
    });

    // Assess
    expect(unpaid.items.length).toBeGreaterThanOrEqual(3);
    expect(overdue.items.length).toBeGreaterThanOrEqual(1);
    expect(overdue.items.every((a) => a.days_overdue > 0 && a.paid === 0)).toBe(true);
    expect(paid.items.length).toBeGreaterThanOrEqual(3);
    expect(paid.items.every((a) => a.paid > 0 && a.days_overdue === 0)).toBe(true);
    const cents = (rows: AwardRow[], field: 'award' | 'paid') =>
      rows.reduce((sum, a) => sum + Math.round(a[field] * 100), 0);
    expect(unpaid.totals).toEqual({
      awarded: (cents(unpaid.items, 'award') + cents(paid.items, 'award')) / 100,
      paid: cents(paid.items, 'paid') / 100,
      unpaid: cents(unpaid.items, 'award') / 100,
      overdue_count: overdue.items.length,
    });
    expect(stats.body.disputes).toMatchObject({
      awards_unpaid: unpaid.items.length,
      awards_unpaid_amount: unpaid.totals.unpaid,
    });
  });
});

describe('seeding again', () => {
  it('is skipped on a restart of a seeded data dir', async () => {
    // Act
    await local.restart();

    // Assess
    expect(local.stack.seedSummary?.seeded).toBe(false);
    expect((await local.signIn('provider1@example.com', DEMO_PASSWORD)).sub).toBe(subs.get('provider1@example.com'));
  });

  it('completes an interrupted seed without duplicating anything', async () => {
    // Prepare
    const sub = subs.get('provider1@example.com')!;
    const before = (await listCasesForUser(sub)).length;
    const surgeonsBefore = (await surgeonsOf(sub)).length;
    updateState(local.dataDir, { seed: undefined });

    // Act: the call the runtime makes on start (local/index.ts)
    const cognito = localCognitoClient(local.stack.endpoints.cognito);
    const summary = await seedDemoData({
      dataDir: local.dataDir,
      cognito,
      userPoolId: local.stack.userPoolId,
      resources: seedResources(LOCAL_PREFIX, LOCAL_DOCUMENTS_BUCKET),
      log: () => undefined,
    }).finally(() => cognito.destroy());

    // Assess
    expect(summary).toEqual({ ...emptySeedSummary(), seeded: true, accounts: DEMO_ACCOUNTS.length });
    expect((await listCasesForUser(sub)).length).toBe(before);
    expect((await surgeonsOf(sub)).length).toBe(surgeonsBefore);
  });
});
