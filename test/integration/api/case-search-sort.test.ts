/**
 * Case search, orders and days in status through the local gateway and the real emulators
 * (docs/decisions/0024-case-search-and-sort.md): search by number, either name order, member ID and
 * insurer, a provider's search limited to their own cases, `from` / `to`, `sort`,
 * `min_days_in_status`, the patient fields of a claim, and the key refresh of older cases.
 */
import './quiet';
import { randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { createCase as repoCreateCase, getCase, type CaseItem } from '../../../lambdas/data/case/repository';
import { refreshIndexKeys } from '../../../lambdas/data/refresh-keys';
import { daysInStatus } from '../../../lambdas/data/case/aging';
import { ddb } from '../../../lambdas/lib/aws';
import { getEnv } from '../../../lambdas/lib/env';
import { useLocalStack, type TestUser } from '../../support/local';
import { caseBody, ownSurgeonAndFacility, signedInAdmin, signedInProvider } from './support';

jest.setTimeout(120_000);

const local = useLocalStack();

interface ApiCase {
  case_id: string;
  case_number: string | null;
  case_date: string;
  patient_first: string;
  patient_last: string;
  status_changed_at: string;
  days_in_status: number;
  patient_dob: string;
  member_id: string;
  claim_number: string;
}
interface ListAnswer {
  cases: ApiCase[];
  next_cursor?: string;
  errors?: { field: string; message: string }[];
}

let owner: TestUser;
let other: TestUser;
let admin: TestUser;
/** A word no other test's case holds, so that searches of the shared runtime see only these cases. */
const tag = `Zq${randomUUID().slice(0, 6).replace(/\d/g, 'x')}`;

beforeAll(async () => {
  [owner, other, admin] = await Promise.all([
    signedInProvider(local),
    signedInProvider(local),
    signedInAdmin(local, 10),
  ]);
});

function seed(
  userId: string,
  fields: Partial<
    Pick<
      CaseItem,
      'patient_first' | 'patient_last' | 'ins_provider' | 'member_id' | 'case_date' | 'created_at' | 'case_status'
    >
  >,
): Promise<CaseItem> {
  return repoCreateCase({
    user_id: userId,
    case_date: '2026-02-03',
    surgeon_id: 's1',
    facility_id: 'f1',
    patient_first: 'Pat',
    patient_last: tag,
    ins_provider: 'Aetna',
    ...fields,
  });
}

async function list(user: TestUser, query: Record<string, string | number>) {
  return local.api<ListAnswer>('GET', '/case', { token: user.accessToken, query });
}
const ids = (answer: { body: ListAnswer }) => answer.body.cases.map((c) => c.case_id);

describe('searching cases', () => {
  it('finds the start of either name, the whole name in either order, the number, the member ID and the insurer', async () => {
    // Prepare
    const quebec = await seed(owner.sub, { patient_first: `Quebec${tag}`, patient_last: 'Dummyfield' });
    const member = await seed(other.sub, { member_id: `M${tag}-77`, patient_last: 'Elsewhere' });
    const insurer = await seed(other.sub, { ins_provider: `${tag} Mutual`, patient_last: 'Nobody' });

    // Act
    const byFirst = await list(admin, { search: `quebec${tag}` });
    const firstLast = await list(admin, { search: `Quebec${tag} Dummyf` });
    const lastFirst = await list(admin, { search: `Dummyfield, Quebec${tag}` });
    const byNumber = await list(admin, { search: quebec.case_number! });
    const byMember = await list(admin, { search: `m${tag}` });
    const byInsurer = await list(admin, { search: tag });

    // Assess
    expect(ids(byFirst)).toEqual([quebec.case_id]);
    expect(ids(firstLast)).toEqual([quebec.case_id]);
    expect(ids(lastFirst)).toEqual([quebec.case_id]);
    expect(ids(byNumber)).toEqual([quebec.case_id]);
    expect(ids(byMember)).toEqual([member.case_id]);
    expect(ids(byInsurer)).toContain(insurer.case_id);
  });

  it("limits a provider's search to their own cases, whatever the text matches", async () => {
    // Prepare
    const mine = await seed(owner.sub, { patient_first: 'Olive', patient_last: `Own${tag}` });
    const theirs = await seed(other.sub, { patient_first: 'Olive', patient_last: `Own${tag}`, member_id: `Own${tag}` });

    // Act
    const provider = await list(owner, { search: `own${tag}`, user_id: owner.sub });
    const byNumber = await list(owner, { search: theirs.case_number! });
    const backOffice = await list(admin, { search: `own${tag}` });

    // Assess
    expect(ids(provider)).toEqual([mine.case_id]);
    expect(ids(byNumber)).toEqual([]);
    expect(ids(backOffice).sort()).toEqual([mine.case_id, theirs.case_id].sort());
  });
});

describe('orders, date range and days in status', () => {
  it("orders a provider's cases by case date and narrows them to a date range, paging with the cursor", async () => {
    // Prepare
    const provider = await signedInProvider(local);
    const dates = ['2025-05-02', '2025-05-09', '2025-04-20', '2025-06-01'];
    const made = [];
    for (const case_date of dates) made.push(await seed(provider.sub, { case_date }));
    const byDate = new Map(made.map((c) => [c.case_date, c.case_id]));

    // Act
    const asc = await list(provider, { sort: 'case_date' });
    const first = await list(provider, { from: '2025-05-01', to: '2025-05-31', limit: 1 });
    const second = await list(provider, {
      from: '2025-05-01',
      to: '2025-05-31',
      limit: 1,
      cursor: first.body.next_cursor!,
    });
    const otherRange = await list(provider, {
      from: '2025-05-01',
      to: '2025-05-30',
      limit: 1,
      cursor: first.body.next_cursor!,
    });

    // Assess
    expect(asc.body.cases.map((c) => c.case_date)).toEqual([...dates].sort());
    expect([...ids(first), ...ids(second)]).toEqual([byDate.get('2025-05-09'), byDate.get('2025-05-02')]);
    expect(second.body.next_cursor).toBeUndefined();
    expect(otherRange.status).toBe(400);
  });

  it('answers status_changed_at and days_in_status, and lists the cases long in their status, longest first', async () => {
    // Prepare: a status change 40 days ago, one 35 days ago at status 50, and one today
    const provider = await signedInProvider(local);
    const old = await seed(provider.sub, {});
    const older = await seed(provider.sub, { case_status: 50 });
    const recent = await seed(provider.sub, {});
    const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();
    for (const [item, at] of [
      [old, daysAgo(35)],
      [older, daysAgo(40)],
    ] as const) {
      await ddb().send(
        new UpdateCommand({
          TableName: getEnv().CASES_TABLE,
          Key: { case_id: item.case_id },
          UpdateExpression: 'SET status_changed_at = :at, sort_changed = :at',
          ExpressionAttributeValues: { ':at': at },
        }),
      );
    }

    // Act
    const longest = await list(provider, { min_days_in_status: 30 });
    const sent = await list(admin, { user_id: provider.sub, min_days_in_status: 30, status: 50 });
    const newest = await list(provider, { sort: '-status_changed' });

    // Assess
    expect(ids(longest)).toEqual([older.case_id, old.case_id]);
    // Whole New York days: 40 and 35, or one more or less across a change of daylight time.
    expect(longest.body.cases.map((c) => c.days_in_status)).toEqual(
      longest.body.cases.map((c) => daysInStatus(c.status_changed_at)),
    );
    expect(Math.abs(longest.body.cases[0]!.days_in_status - 40)).toBeLessThanOrEqual(1);
    expect(ids(sent)).toEqual([older.case_id]);
    expect(ids(newest)[0]).toBe(recent.case_id);
    expect(newest.body.cases[0]).toMatchObject({ days_in_status: 0, status_changed_at: recent.created_at });
  });

  it('answers 400 naming each bad order parameter, and for a sort with a search', async () => {
    // Act
    const bad = await list(owner, { from: '2025-02-30', to: 'soon', sort: 'name', min_days_in_status: -1 });
    const reversed = await list(owner, { from: '2025-06-01', to: '2025-05-01' });
    const withSearch = await list(owner, { search: 'pat', sort: 'case_date' });

    // Assess
    expect(bad.status).toBe(400);
    expect(bad.body.errors!.map((e) => e.field).sort()).toEqual(['from', 'min_days_in_status', 'sort', 'to']);
    expect(reversed.status).toBe(400);
    expect(withSearch.status).toBe(400);
  });
});

describe('the patient fields of a claim', () => {
  it('keeps date of birth, member ID and claim number, clears them with empty text, and refuses bad ones', async () => {
    // Prepare
    const refs = await ownSurgeonAndFacility(local, owner);

    // Act
    const created = await local.api<{ case: ApiCase }>('POST', '/case', {
      token: owner.accessToken,
      body: caseBody(refs, { patient_dob: '1961-07-04', member_id: 'W998877', claim_number: 'CLM-1' }),
    });
    const cleared = await local.api<{ case: ApiCase }>('PATCH', '/case', {
      token: owner.accessToken,
      body: { case_id: created.body.case.case_id, member_id: '', claim_number: null },
    });
    const refused = await local.api<ListAnswer>('POST', '/case', {
      token: owner.accessToken,
      body: caseBody(refs, { patient_dob: '2999-01-01', member_id: 'x'.repeat(41) }),
    });

    // Assess
    expect(created.status).toBe(201);
    expect(created.body.case).toMatchObject({ patient_dob: '1961-07-04', member_id: 'W998877', claim_number: 'CLM-1' });
    expect(cleared.body.case).toMatchObject({ patient_dob: '1961-07-04', member_id: '', claim_number: '' });
    expect(refused.status).toBe(400);
    expect(refused.body.errors!.map((e) => e.field).sort()).toEqual(['member_id', 'patient_dob']);
  });
});

describe('the refresh of index keys', () => {
  it('gives a case written before them its name keys and status change time, from its history', async () => {
    // Prepare: a case as an older write left it
    const item = await seed(owner.sub, { patient_first: `Older${tag}`, patient_last: 'Keys' });
    await ddb().send(
      new UpdateCommand({
        TableName: getEnv().CASES_TABLE,
        Key: { case_id: item.case_id },
        UpdateExpression: 'SET search_last = :old REMOVE search_name, search_name_p, status_changed_at, sort_changed',
        ExpressionAttributeValues: { ':old': 'keys' },
      }),
    );
    const before = await list(admin, { search: `older${tag}` });

    // Act
    await refreshIndexKeys();
    const after = await list(admin, { search: `older${tag} keys` });
    const stored = await getCase(item.case_id);

    // Assess
    expect(ids(before)).toEqual([]);
    expect(ids(after)).toEqual([item.case_id]);
    expect(stored).toMatchObject({ status_changed_at: item.created_at, sort_changed: item.created_at, version: 2 });
  });
});
