/**
 * GET /surgeon and GET /facility page on the server, through the local
 * gateway, Cognito tokens and dynalite: `limit` (default 50, capped at 200), an opaque `cursor`,
 * `next_cursor` absent on the last page, name order across pages (byName index), 400 for a forged
 * cursor or one of another user's list. Items are written through the repositories in this process
 * (the stack's emulators), not through HTTP, to stay fast.
 */
import './quiet';
import { randomUUID } from 'node:crypto';
import { putFacility, updateFacility } from '../../../lambdas/data/owned/facilities';
import { CURSOR_MESSAGE, LIMIT_MESSAGE } from '../../../lambdas/lib/paging';
import { putSurgeon, updateSurgeon } from '../../../lambdas/data/owned/surgeons';
import { useLocalStack, type TestUser } from '../../support/local';
import { fakeNpi, signedInAdmin, signedInProvider } from './support';

jest.setTimeout(120_000);

const local = useLocalStack();

interface Answer {
  success: boolean;
  message?: string;
  next_cursor?: string;
  errors?: { field: string; message: string }[];
  [key: string]: unknown;
}

type Named = { id: string; name: string; npi: number };

let admin: TestUser;
beforeAll(async () => {
  admin = await signedInAdmin(local, 10);
});

const kinds = [
  {
    resource: 'surgeon',
    listKey: 'surgeons',
    idField: 'surgeon_id',
    /** Stored in this order; listed by last name, then first name, ignoring case and accents. */
    names: [
      ['Zhou', 'Amy'],
      ['adams', 'Zed'],
      ['Ábel', 'Carl'],
      ['Baker', 'Beth'],
      ['baker', 'Anna'],
      ['Smith Jr', 'Al'],
      ['Smith', 'Zoe'],
    ],
    expected: ['Ábel Carl', 'adams Zed', 'baker Anna', 'Baker Beth', 'Smith Zoe', 'Smith Jr Al', 'Zhou Amy'],
    put: (userId: string, [last, first]: readonly string[], npi: number) =>
      putSurgeon({ user_id: userId, first_name: first!, last_name: last!, surgeon_npi: npi }).then((s) => s.surgeon_id),
    rename: (userId: string, id: string, [last, first]: readonly string[]) =>
      updateSurgeon(userId, id, { last_name: last!, first_name: first! }),
    nameOf: (item: Record<string, unknown>) => `${String(item.last_name)} ${String(item.first_name)}`,
  },
  {
    resource: 'facility',
    listKey: 'facilities',
    idField: 'facility_id',
    names: [
      ['Zenith Surgery'],
      ['alpha clinic'],
      ['Álamo Center'],
      ['bayside'],
      ['Bay Surgery Annex'],
      ['Bay Surgery'],
    ],
    expected: ['Álamo Center', 'alpha clinic', 'Bay Surgery', 'Bay Surgery Annex', 'bayside', 'Zenith Surgery'],
    put: (userId: string, [name]: readonly string[], npi: number) =>
      putFacility({ user_id: userId, facility_name: name!, facility_npi: npi }).then((f) => f.facility_id),
    rename: (userId: string, id: string, [name]: readonly string[]) =>
      updateFacility(userId, id, { facility_name: name! }),
    nameOf: (item: Record<string, unknown>) => String(item.facility_name),
  },
] as const;

describe.each(kinds)('GET /$resource paging', (kind) => {
  const path = `/${kind.resource}`;
  let owner: TestUser;
  let other: TestUser;
  const stored: Named[] = [];

  const list = (user: TestUser, query: Record<string, string | number | undefined>) =>
    local.api<Answer>('GET', path, { token: user.accessToken, query: { user_id: user.sub, ...query } });
  const items = (answer: Answer) => answer[kind.listKey] as Record<string, unknown>[];

  /** Every page of `user`'s list at `limit`, following next_cursor. */
  async function allPages(user: TestUser, limit: number, asUser: TestUser = user): Promise<Answer[]> {
    const pages: Answer[] = [];
    let cursor: string | undefined;
    do {
      const res = await local.api<Answer>('GET', path, {
        token: asUser.accessToken,
        query: { user_id: user.sub, limit, cursor },
      });
      expect(res.status).toBe(200);
      pages.push(res.body);
      cursor = res.body.next_cursor;
    } while (cursor && pages.length < 50);
    return pages;
  }

  beforeAll(async () => {
    [owner, other] = await Promise.all([signedInProvider(local), signedInProvider(local)]);
    for (const [i, name] of kind.names.entries()) {
      // Some with an NPI (their uniqueness markers must never be listed), some without.
      const npi = i % 2 === 0 ? Number(fakeNpi()) : 0;
      stored.push({ id: await kind.put(owner.sub, name, npi), name: name.join(' '), npi });
    }
    await kind.put(other.sub, ['Aaron', 'Other'], 0);
  });

  it('answers the first page with next_cursor and only the wrapper fields', async () => {
    // Act
    const res = await list(owner, { limit: 3 });

    // Assess
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(items(res.body).map(kind.nameOf)).toEqual(kind.expected.slice(0, 3));
    expect(typeof res.body.next_cursor).toBe('string');
    expect(Object.keys(res.body).sort()).toEqual(['next_cursor', 'success', kind.listKey].sort());
    for (const item of items(res.body)) {
      expect(item).not.toHaveProperty('sort_name');
      expect(item.id).toBe(item[kind.idField]);
    }
  });

  it('follows next_cursor to the last page, which has none, in name order across pages', async () => {
    // Act
    const pages = await allPages(owner, 2);

    // Assess
    expect(pages.map((p) => items(p).length)).toEqual(
      Array.from({ length: Math.ceil(kind.names.length / 2) }, (_, i) => Math.min(2, kind.names.length - 2 * i)),
    );
    expect(pages.at(-1)).not.toHaveProperty('next_cursor');
    for (const page of pages.slice(0, -1)) expect(typeof page.next_cursor).toBe('string');
    expect(pages.flatMap((p) => items(p).map(kind.nameOf))).toEqual(kind.expected);
    expect(new Set(pages.flatMap((p) => items(p).map((x) => x.id))).size).toBe(kind.names.length);
  });

  it('answers one page without next_cursor when the list fits exactly', async () => {
    // Act
    const res = await list(owner, { limit: kind.names.length });

    // Assess
    expect(items(res.body)).toHaveLength(kind.names.length);
    expect(res.body).not.toHaveProperty('next_cursor');
  });

  it('lets back office page through another user list with user_id', async () => {
    // Act
    const pages = await allPages(owner, 4, admin);

    // Assess
    expect(pages.flatMap((p) => items(p).map(kind.nameOf))).toEqual(kind.expected);
  });

  it('moves an item to its new place in the order after a rename', async () => {
    // Prepare
    const first = stored.find((s) => s.name === kind.names[2]!.join(' '))!;
    const renamed = kind.resource === 'surgeon' ? ['Zz Last', 'Ann'] : ['Zz Last Center'];

    // Act
    await kind.rename(owner.sub, first.id, renamed);
    const pages = await allPages(owner, 3);

    // Assess
    const names = pages.flatMap((p) => items(p).map(kind.nameOf));
    expect(names.at(-1)).toBe(renamed.join(' '));
    expect(names).toHaveLength(kind.names.length);
    await kind.rename(owner.sub, first.id, kind.names[2]!);
    expect((await allPages(owner, 50)).flatMap((p) => items(p).map(kind.nameOf))).toEqual(kind.expected);
  });

  it.each([
    ['not base64url', 'not a cursor!'],
    ['damaged', 'eyJ2IjoxLCJzIjoi'],
    ['forged for another scope', Buffer.from(JSON.stringify({ v: 1, s: 'case:x', p: {} })).toString('base64url')],
  ])('answers 400 for a cursor that is %s', async (_what, cursor) => {
    // Act
    const res = await list(owner, { cursor });

    // Assess
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: 'cursor', message: CURSOR_MESSAGE }]);
  });

  it("answers 400 for a cursor of another user's list, also to back office", async () => {
    // Prepare
    const ownerCursor = (await list(owner, { limit: 1 })).body.next_cursor!;

    // Act
    const byOther = await list(other, { limit: 1, cursor: ownerCursor });
    const byAdmin = await local.api<Answer>('GET', path, {
      token: admin.accessToken,
      query: { user_id: other.sub, cursor: ownerCursor },
    });

    // Assess
    expect(byOther.status).toBe(400);
    expect(byOther.body.errors).toEqual([{ field: 'cursor', message: CURSOR_MESSAGE }]);
    expect(byAdmin.status).toBe(400);
  });

  it("answers 400 for a cursor re-scoped to the caller but keyed into another user's list", async () => {
    // Prepare: a hand-made cursor with the caller's scope and the owner's index key.
    const scope = `${kind.idField}:byName:${other.sub}`;
    const forged = Buffer.from(
      JSON.stringify({ v: 1, s: scope, p: { user_id: owner.sub, [kind.idField]: stored[0]!.id, sort_name: 'a' } }),
    ).toString('base64url');

    // Act
    const res = await list(other, { cursor: forged });

    // Assess
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: 'cursor', message: CURSOR_MESSAGE }]);
  });

  it.each(['0', '-1', 'abc', '1.5'])('answers 400 for limit=%s', async (limit) => {
    // Act
    const res = await list(owner, { limit });

    // Assess
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: 'limit', message: LIMIT_MESSAGE }]);
  });
});

describe.each(kinds)('GET /$resource limits', (kind) => {
  const path = `/${kind.resource}`;
  let user: TestUser;
  const total = 205;

  beforeAll(async () => {
    user = await signedInProvider(local);
    const names = Array.from({ length: total }, (_, i) => [`Name ${String(i).padStart(3, '0')}`, randomUUID()]);
    for (let i = 0; i < names.length; i += 20) {
      await Promise.all(names.slice(i, i + 20).map((n) => kind.put(user.sub, n, 0)));
    }
  });

  it('answers 50 items by default', async () => {
    // Act
    const res = await local.api<Answer>('GET', path, { token: user.accessToken, query: { user_id: user.sub } });

    // Assess
    expect(res.status).toBe(200);
    expect(res.body[kind.listKey]).toHaveLength(50);
    expect(typeof res.body.next_cursor).toBe('string');
  });

  it('caps a limit above 200 at 200 and ends with the rest', async () => {
    // Act
    const first = await local.api<Answer>('GET', path, {
      token: user.accessToken,
      query: { user_id: user.sub, limit: 1000 },
    });
    const second = await local.api<Answer>('GET', path, {
      token: user.accessToken,
      query: { user_id: user.sub, limit: 1000, cursor: first.body.next_cursor },
    });

    // Assess
    expect(first.status).toBe(200);
    expect(first.body[kind.listKey]).toHaveLength(200);
    expect(typeof first.body.next_cursor).toBe('string');
    expect(second.status).toBe(200);
    expect(second.body[kind.listKey]).toHaveLength(total - 200);
    expect(second.body).not.toHaveProperty('next_cursor');
  });
});
