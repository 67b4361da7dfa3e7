import './support/env';
import { DynamoDBDocumentClient, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { LIST_ATTRIBUTES, listCases, previousMonth, type CaseListQuery } from '../../../lambdas/data/case/lists';
import { indexAttributes, toApiCase, type CaseItem } from '../../../lambdas/data/case/repository';
import { ValidationError } from '../../../lambdas/lib/errors';
import { CURSOR_MESSAGE, encodeCursor } from '../../../lambdas/lib/paging';
import { CASES_TABLE } from '../../../lambdas/data/case/keys';

const ddbMock = mockClient(DynamoDBDocumentClient);

type Row = CaseItem & Record<string, unknown>;

/** A stored case with its index keys, as the repository writes it. */
function row(fields: {
  case_id: string;
  user_id?: string;
  created_at: string;
  case_status?: number;
  patient_last?: string;
  patient_first?: string;
  ins_provider?: string;
  member_id?: string;
  case_number?: string;
  case_date?: string;
  status_changed_at?: string;
}): Row {
  const base = {
    user_id: 'owner-1',
    case_status: 0,
    patient_last: 'Doe',
    ins_provider: 'Medicare',
    case_date: fields.created_at.slice(0, 10),
    surgeon_id: 's1',
    facility_id: 'f1',
    patient_first: 'Pat',
    procedure_codes: [],
    demo_file: '',
    note_file: '',
    misc_file: '',
    file_keys: '',
    updated_at: fields.created_at,
    version: 1,
    ...fields,
  };
  return { ...base, ...indexAttributes(base) } as Row;
}

/**
 * An in-memory cases table behind the Query mock: GSIs of CASES_TABLE, the key conditions and
 * filters the lists use, Limit counted before the filter, LastEvaluatedKey whenever Limit is reached
 * (as DynamoDB does, even at the very end), ExclusiveStartKey, ScanIndexForward. The month counters of
 * case-stats (the month bounds) are derived from the cases.
 */
function useTable(rows: Row[]) {
  ddbMock.on(QueryCommand).callsFake((input: QueryCommandInput) => {
    if (input.TableName === 'case-stats') {
      if (input.ExpressionAttributeValues![':s'] !== 'month') throw new Error('unexpected counter query');
      // One month item per month with cases: n_total and n_<status>, as the counters keep them.
      const byMonth = new Map<string, Record<string, number | string>>();
      for (const r of rows) {
        const m = r.created_at.slice(0, 7);
        const item = byMonth.get(m) ?? { scope: 'month', bucket: m, n_total: 0 };
        item.n_total = Number(item.n_total) + 1;
        item[`n_${r.case_status}`] = Number(item[`n_${r.case_status}`] ?? 0) + 1;
        byMonth.set(m, item);
      }
      const items = [...byMonth.values()].sort((x, y) => String(x.bucket).localeCompare(String(y.bucket)));
      if (input.ScanIndexForward === false) items.reverse();
      return { Items: items, ScannedCount: items.length };
    }
    const index = CASES_TABLE.globalSecondaryIndexes.find((i) => i.indexName === input.IndexName);
    if (input.TableName !== 'cases' || !index) throw new Error(`unexpected query ${JSON.stringify(input)}`);
    const names = input.ExpressionAttributeNames ?? {};
    const values = input.ExpressionAttributeValues ?? {};
    const attr = (token: string) => (token.startsWith('#') ? names[token]! : token);
    const test = (clause: string) => {
      const begins = /^(NOT )?begins_with\((\S+), (:\w+)\)$/.exec(clause);
      if (begins) {
        const v = rowValue(attr(begins[2]!));
        const hit = typeof v === 'string' && v.startsWith(String(values[begins[3]!]));
        return begins[1] ? !hit : hit;
      }
      const between = /^(\S+) BETWEEN (:\w+) AND (:\w+)$/.exec(clause);
      if (between) {
        const v = rowValue(attr(between[1]!));
        return typeof v === 'string' && v >= String(values[between[2]!]) && v <= String(values[between[3]!]);
      }
      const cmp = /^(\S+) (=|<|<=|>=) (:\w+)$/.exec(clause);
      if (!cmp) throw new Error(`unsupported clause ${clause}`);
      const v = rowValue(attr(cmp[1]!));
      const w = values[cmp[3]!];
      if (cmp[2] === '=') return v === w;
      if (typeof v !== 'string') return false;
      return cmp[2] === '<' ? v < String(w) : cmp[2] === '<=' ? v <= String(w) : v >= String(w);
    };
    let current: Row;
    const rowValue = (name: string) => current[name];
    // Clauses joined by AND (the AND of a BETWEEN is part of its clause).
    const clauses = (text: string) =>
      text
        .replace(/BETWEEN (:\w+) AND/g, 'BETWEEN $1 &&')
        .split(' AND ')
        .map((c) => c.replace(' && ', ' AND '));
    const keyClauses = clauses(input.KeyConditionExpression!);
    // The partition clause must name the index's partition key, the sort clause its sort key.
    expect(attr(keyClauses[0]!.split(' ')[0]!)).toBe(index.partitionKey.name);
    if (keyClauses[1]) {
      expect(attr((/\((\S+),/.exec(keyClauses[1]) ?? /^(\S+) /.exec(keyClauses[1]))![1]!)).toBe(index.sortKey!.name);
    }
    const filterClauses = input.FilterExpression ? clauses(input.FilterExpression) : [];
    const sortName = index.sortKey!.name;
    const ordered = rows
      .filter((r) => {
        current = r;
        return r[index.partitionKey.name] !== undefined && keyClauses.every(test);
      })
      .sort((a, b) =>
        String(a[sortName]) === String(b[sortName])
          ? a.case_id.localeCompare(b.case_id)
          : String(a[sortName]).localeCompare(String(b[sortName])),
      );
    if (input.ScanIndexForward === false) ordered.reverse();
    const startKey = input.ExclusiveStartKey;
    let start = 0;
    if (startKey) {
      const keyNames = ['case_id', index.partitionKey.name, sortName];
      expect(Object.keys(startKey).sort()).toEqual([...keyNames].sort());
      start = ordered.findIndex((r) => r.case_id === startKey.case_id) + 1;
      if (start === 0)
        throw Object.assign(new Error('The provided starting key is invalid'), { name: 'ValidationException' });
    }
    const read = ordered.slice(start, input.Limit === undefined ? undefined : start + input.Limit);
    const last = read[read.length - 1];
    // ProjectionExpression: only the attributes named (after the filter, as DynamoDB applies it).
    const projected = input.ProjectionExpression?.split(', ').map(attr);
    const project = (r: Row) =>
      projected ? Object.fromEntries(projected.filter((n) => n in r).map((n) => [n, r[n]])) : r;
    return {
      Items: read
        .filter((r) => {
          current = r;
          return filterClauses.every(test);
        })
        .map(project),
      ScannedCount: read.length,
      ...(last && read.length === input.Limit
        ? {
            LastEvaluatedKey: {
              case_id: last.case_id,
              [index.partitionKey.name]: last[index.partitionKey.name],
              [sortName]: last[sortName],
            },
          }
        : {}),
    };
  });
}

function queries(): QueryCommandInput[] {
  return ddbMock.commandCalls(QueryCommand).map((c) => c.args[0].input);
}

function caseQueries(): QueryCommandInput[] {
  return queries().filter((q) => q.TableName === 'cases');
}

/** Every page of a list, following next_cursor (at most 50 pages). */
async function allPages(query: Omit<CaseListQuery, 'cursor'>): Promise<string[][]> {
  const pages: string[][] = [];
  let cursor: string | undefined;
  do {
    const page = await listCases({ ...query, cursor });
    pages.push(page.items.map((c) => c.case_id));
    cursor = page.next_cursor;
  } while (cursor && pages.length < 50);
  return pages;
}

async function refusal(query: CaseListQuery): Promise<unknown> {
  const outcome = listCases(query);
  await expect(outcome).rejects.toBeInstanceOf(ValidationError);
  return ((await outcome.catch((err: unknown) => err)) as ValidationError).errors;
}

beforeEach(() => {
  ddbMock.reset();
});

describe("listCases: one owner's cases", () => {
  const rows = [
    ...Array.from({ length: 5 }, (_, i) =>
      row({ case_id: `owner-1_${i}`, created_at: `2026-03-0${i + 1}T10:00:00.000Z`, case_status: i % 2 ? 10 : 0 }),
    ),
    row({ case_id: 'owner-2_0', user_id: 'owner-2', created_at: '2026-03-09T10:00:00.000Z' }),
  ];

  it('reads the byUser index of the owner newest first, limit + 1 items, with a cursor when more exist', async () => {
    // Prepare
    useTable(rows);
    // Act
    const page = await listCases({ ownerId: 'owner-1', limit: 2 });
    // Assess
    expect(queries()).toEqual([
      expect.objectContaining({
        TableName: 'cases',
        IndexName: 'byUser',
        KeyConditionExpression: 'user_id = :u',
        ExpressionAttributeValues: { ':u': 'owner-1' },
        ScanIndexForward: false,
        Limit: 3,
      }),
    ]);
    expect(page.items.map((c) => c.case_id)).toEqual(['owner-1_4', 'owner-1_3']);
    expect(page.next_cursor).toEqual(expect.any(String));
  });

  it('resumes from the cursor after the last case of the page and ends without a cursor', async () => {
    // Prepare
    useTable(rows);
    // Act
    const pages = await allPages({ ownerId: 'owner-1', limit: 2 });
    // Assess
    expect(pages).toEqual([['owner-1_4', 'owner-1_3'], ['owner-1_2', 'owner-1_1'], ['owner-1_0']]);
    expect(caseQueries()[1]!.ExclusiveStartKey).toEqual({
      case_id: 'owner-1_3',
      user_id: 'owner-1',
      created_at: '2026-03-04T10:00:00.000Z',
    });
  });

  it('answers no cursor when the cases are an exact multiple of the limit', async () => {
    // Prepare
    useTable(rows.slice(0, 4));
    // Act
    const pages = await allPages({ ownerId: 'owner-1', limit: 2 });
    // Assess
    expect(pages).toEqual([
      ['owner-1_3', 'owner-1_2'],
      ['owner-1_1', 'owner-1_0'],
    ]);
  });

  it('reads the byUserStatus index with the owner#status key for one status', async () => {
    // Prepare
    useTable(rows);
    // Act
    const pages = await allPages({ ownerId: 'owner-1', status: 10, limit: 1 });
    // Assess
    expect(caseQueries()[0]).toMatchObject({
      IndexName: 'byUserStatus',
      KeyConditionExpression: 'user_status = :us',
      ExpressionAttributeValues: { ':us': 'owner-1#10' },
      ScanIndexForward: false,
      Limit: 2,
    });
    expect(pages).toEqual([['owner-1_3'], ['owner-1_1']]);
  });
});

describe('listCases: all cases, month after month', () => {
  // March: 3 cases, February: none, January: 2 (the oldest month), all by several owners.
  const rows = [
    row({ case_id: 'm3', user_id: 'owner-2', created_at: '2026-03-20T00:00:00.000Z', case_status: 20 }),
    row({ case_id: 'm2', created_at: '2026-03-10T00:00:00.000Z' }),
    row({ case_id: 'm1', user_id: 'owner-3', created_at: '2026-03-01T00:00:00.000Z', case_status: 20 }),
    row({ case_id: 'j2', created_at: '2026-01-31T23:59:59.999Z', case_status: 20 }),
    row({ case_id: 'j1', created_at: '2026-01-02T00:00:00.000Z' }),
  ];

  it('reads the month counters once, then the newest month with limit + 1 and the oldest month, skipping the empty one', async () => {
    // Prepare
    useTable(rows);
    // Act
    const page = await listCases({ limit: 50 });
    // Assess
    const bounds = queries().filter((q) => q.TableName === 'case-stats');
    expect(bounds.map((q) => [q.ExpressionAttributeValues![':s'], q.ScanIndexForward])).toEqual([['month', false]]);
    expect(caseQueries().map((q) => [q.IndexName, q.ExpressionAttributeValues![':m'], q.Limit])).toEqual([
      ['byMonth', '2026-03', 51],
      ['byMonth', '2026-01', 48],
    ]);
    expect(caseQueries().every((q) => q.KeyConditionExpression === 'created_month = :m' && !q.ScanIndexForward)).toBe(
      true,
    );
    expect(page.items.map((c) => c.case_id)).toEqual(['m3', 'm2', 'm1', 'j2', 'j1']);
    expect(page.next_cursor).toBeUndefined();
  });

  it('pages across months with the cursor, every case once, newest first', async () => {
    // Prepare
    useTable(rows);
    // Act
    const pages = await allPages({ limit: 2 });
    // Assess
    expect(pages).toEqual([['m3', 'm2'], ['m1', 'j2'], ['j1']]);
    // An earlier month is read only when the page is not full.
    const perPage = caseQueries().map((q) => q.ExpressionAttributeValues![':m']);
    expect(perPage).toEqual(['2026-03', '2026-03', '2026-01', '2026-01']);
  });

  it('probes the next months with one item when a page ends exactly at the end of a month', async () => {
    // Prepare
    useTable(rows);
    // Act
    const first = await listCases({ limit: 3 });
    const second = await listCases({ limit: 3, cursor: first.next_cursor });
    // Assess
    expect(first.items.map((c) => c.case_id)).toEqual(['m3', 'm2', 'm1']);
    expect(first.next_cursor).toEqual(expect.any(String));
    expect(second.items.map((c) => c.case_id)).toEqual(['j2', 'j1']);
    expect(second.next_cursor).toBeUndefined();
    const probes = caseQueries().filter((q) => q.Limit === 1);
    expect(probes.map((q) => q.ExpressionAttributeValues![':m'])).toEqual(['2026-01']);
  });

  it('answers an empty page and queries no case when nothing was ever counted', async () => {
    // Prepare
    useTable([]);
    // Act
    const page = await listCases({ limit: 50 });
    // Assess
    expect(page.items).toEqual([]);
    expect(page.next_cursor).toBeUndefined();
    expect(caseQueries()).toEqual([]);
  });

  it('reads byStatusMonth with the <status>#<YYYY-MM> key for one status, month after month', async () => {
    // Prepare
    useTable(rows);
    // Act
    const pages = await allPages({ status: 20, limit: 2 });
    // Assess
    expect(pages).toEqual([['m3', 'm1'], ['j2']]);
    expect(caseQueries()[0]).toMatchObject({
      IndexName: 'byStatusMonth',
      KeyConditionExpression: 'status_month = :sm',
      ExpressionAttributeValues: { ':sm': '20#2026-03' },
      ScanIndexForward: false,
      Limit: 3,
    });
    expect(new Set(caseQueries().map((q) => q.ExpressionAttributeValues![':sm']))).toEqual(
      new Set(['20#2026-03', '20#2026-01']),
    );
  });

  it('refuses a cursor month outside the counted months instead of walking to it', async () => {
    // Prepare: a forged month far in the future would be a walk of thousands of empty months.
    useTable(rows);
    const forged = [
      encodeCursor('case:all:all', { g: '9999-12' }),
      encodeCursor('case:all:all', { g: '1999-01' }),
      encodeCursor('case:all:all', { g: '2026-13' }),
    ];
    // Act
    const errors = [];
    for (const cursor of forged) errors.push(await refusal({ limit: 50, cursor }));
    // Assess
    expect(errors).toEqual(Array(3).fill([{ field: 'cursor', message: CURSOR_MESSAGE }]));
    expect(caseQueries()).toEqual([]);
  });
});

describe('listCases: search', () => {
  // "ro" matches the case id of ro-owner's cases, the last name Roe / Rossi, the insurance Royal.
  const rows = [
    row({ case_id: 'ro-owner_2', user_id: 'ro-owner', created_at: '2026-03-02T00:00:00.000Z', patient_last: 'Roe' }),
    row({ case_id: 'ro-owner_1', user_id: 'ro-owner', created_at: '2026-03-01T00:00:00.000Z', case_status: 10 }),
    row({ case_id: 'x_3', created_at: '2026-02-03T00:00:00.000Z', patient_last: 'Rossi', case_status: 10 }),
    row({ case_id: 'x_2', created_at: '2026-02-02T00:00:00.000Z', patient_last: 'roe' }),
    row({ case_id: 'x_1', created_at: '2026-02-01T00:00:00.000Z', patient_last: 'Ross', ins_provider: 'Royal' }),
    row({ case_id: 'x_0', user_id: 'owner-2', created_at: '2026-01-01T00:00:00.000Z', ins_provider: 'Royal Care' }),
    row({ case_id: 'x_9', created_at: '2026-01-09T00:00:00.000Z', patient_last: 'Smith', ins_provider: 'Aetna' }),
  ];

  it('answers case-id matches, then last-name matches, then insurance matches, each once', async () => {
    // Prepare
    useTable(rows);
    // Act
    const page = await listCases({ search: '  RO ', limit: 50 });
    // Assess
    expect(page.items.map((c) => c.case_id)).toEqual(['ro-owner_1', 'ro-owner_2', 'x_2', 'x_1', 'x_3', 'x_0']);
    expect(page.next_cursor).toBeUndefined();
    const [byId, byNum, byLast, byName, byMember, byIns] = caseQueries();
    expect(caseQueries()).toHaveLength(6);
    for (const [q, index, p, s] of [
      [byId, 'bySearchId', 'search_id_p', 'search_id'],
      [byNum, 'bySearchNum', 'search_num_p', 'search_num'],
      [byLast, 'bySearchLast', 'search_last_p', 'search_last'],
      [byName, 'bySearchName', 'search_name_p', 'search_name'],
      [byMember, 'bySearchMember', 'search_member_p', 'search_member'],
      [byIns, 'bySearchIns', 'search_ins_p', 'search_ins'],
    ] as const) {
      expect(q).toMatchObject({
        IndexName: index,
        KeyConditionExpression: '#p = :p AND begins_with(#s, :q)',
        ExpressionAttributeNames: expect.objectContaining({ '#p': p, '#s': s }),
        ExpressionAttributeValues: { ':p': 'r', ':q': 'ro' },
      });
    }
    expect(byId!.FilterExpression).toBeUndefined();
    expect(byNum!.FilterExpression).toBe('NOT begins_with(#e0, :q)');
    expect(byNum!.ExpressionAttributeNames).toMatchObject({ '#e0': 'search_id' });
    expect(byIns!.FilterExpression).toBe([0, 1, 2, 3, 4].map((i) => `NOT begins_with(#e${i}, :q)`).join(' AND '));
    expect(byIns!.ExpressionAttributeNames).toMatchObject({
      '#e0': 'search_id',
      '#e1': 'search_num',
      '#e2': 'search_last',
      '#e3': 'search_name',
      '#e4': 'search_member',
    });
  });

  it('pages a search across its groups with the cursor, every match once and in the same order', async () => {
    // Prepare
    useTable(rows);
    // Act
    const pages = await allPages({ search: 'ro', limit: 2 });
    // Assess
    expect(pages).toEqual([
      ['ro-owner_1', 'ro-owner_2'],
      ['x_2', 'x_1'],
      ['x_3', 'x_0'],
    ]);
  });

  it('narrows a search by status and owner with filters added to every group', async () => {
    // Prepare
    useTable(rows);
    // Act
    const byStatus = await listCases({ search: 'ro', status: 10, limit: 50 });
    ddbMock.resetHistory();
    const byOwner = await listCases({ search: 'ro', ownerId: 'owner-1', status: 0, limit: 50 });
    // Assess
    expect(byStatus.items.map((c) => c.case_id)).toEqual(['ro-owner_1', 'x_3']);
    expect(byOwner.items.map((c) => c.case_id)).toEqual(['x_2', 'x_1']);
    const [byId, byNum, byLast, , byMember, byIns] = caseQueries();
    // Identifiers: every owner's index, filtered by owner; names and insurers: the owner's own index.
    for (const q of [byId, byNum, byMember]) expect(q!.IndexName).toMatch(/^bySearch/);
    expect(byId!.FilterExpression).toBe('#st = :st AND #o = :o');
    expect(byNum!.FilterExpression).toBe('NOT begins_with(#e0, :q) AND #st = :st AND #o = :o');
    expect(byLast).toMatchObject({
      IndexName: 'byUserSearchLast',
      ExpressionAttributeNames: expect.objectContaining({ '#p': 'user_id', '#s': 'search_last' }),
      ExpressionAttributeValues: expect.objectContaining({ ':p': 'owner-1', ':q': 'ro' }),
    });
    expect(byIns!.IndexName).toBe('byUserSearchIns');
    expect(byIns!.FilterExpression).toBe(
      [0, 1, 2, 3, 4].map((i) => `NOT begins_with(#e${i}, :q)`).join(' AND ') + ' AND #st = :st',
    );
    expect(byIns!.ExpressionAttributeNames).toMatchObject({ '#st': 'case_status' });
    expect(byIns!.ExpressionAttributeValues).toMatchObject({ ':st': 0, ':p': 'owner-1' });
  });

  it('finds a whole name in either order, with or without a comma, and the case number and member ID', async () => {
    // Prepare
    useTable([
      row({
        case_id: 'n_1',
        created_at: '2026-03-01T00:00:00.000Z',
        patient_last: 'Dummyfield',
        patient_first: 'Quebec',
      }),
      row({
        case_id: 'n_2',
        created_at: '2026-03-02T00:00:00.000Z',
        patient_last: 'Dummy',
        member_id: 'W123-45',
        case_number: 'C-000123',
      }),
    ]);
    // Act
    const found = async (search: string) => (await listCases({ search, limit: 50 })).items.map((c) => c.case_id);
    // Assess
    expect(await found('Quebec')).toEqual(['n_1']);
    expect(await found('quebec dummyf')).toEqual(['n_1']);
    expect(await found('Dummyfield, Quebec')).toEqual(['n_1']);
    expect(await found('dummyfield  quebec')).toEqual(['n_1']);
    expect(await found('Dummy')).toEqual(['n_2', 'n_1']);
    expect(await found('c-000123')).toEqual(['n_2']);
    expect(await found('w123')).toEqual(['n_2']);
  });

  it('answers nothing for a prefix nobody has', async () => {
    // Prepare
    useTable(rows);
    // Act
    const page = await listCases({ search: 'zz', limit: 50 });
    // Assess
    expect(page).toMatchObject({ items: [], next_cursor: undefined });
    expect(caseQueries().map((q) => q.ExpressionAttributeValues![':p'])).toEqual(['z', 'z', 'z', 'z', 'z', 'z']);
  });
});

describe('listCases: cursors', () => {
  const rows = Array.from({ length: 3 }, (_, i) =>
    row({ case_id: `owner-1_${i}`, created_at: `2026-03-0${i + 1}T00:00:00.000Z`, patient_last: 'Roe' }),
  );

  it('refuses a cursor of one list in another list with a 400, reading no case', async () => {
    // Prepare
    useTable(rows);
    const ownerCursor = (await listCases({ ownerId: 'owner-1', limit: 1 })).next_cursor;
    const allCursor = (await listCases({ limit: 1 })).next_cursor;
    const searchCursor = (await listCases({ search: 'roe', limit: 1 })).next_cursor;
    ddbMock.resetHistory();
    // Act
    const errors = [];
    for (const query of [
      { ownerId: 'owner-2', cursor: ownerCursor },
      { ownerId: 'owner-1', status: 0, cursor: ownerCursor },
      { cursor: ownerCursor },
      { status: 0, cursor: allCursor },
      { ownerId: 'owner-1', cursor: allCursor },
      { search: 'roe', cursor: allCursor },
      { search: 'ro', cursor: searchCursor },
      { search: 'roe', status: 0, cursor: searchCursor },
      { cursor: searchCursor },
    ])
      errors.push(await refusal({ limit: 1, ...query }));
    // Assess
    expect(errors).toEqual(Array(9).fill([{ field: 'cursor', message: CURSOR_MESSAGE }]));
    expect(caseQueries()).toEqual([]);
  });

  it('refuses a forged cursor of the right list whose state is of another list kind with a 400', async () => {
    // Prepare
    useTable(rows);
    // Act
    const errors = [
      await refusal({ limit: 1, cursor: encodeCursor('case:all:all', { g: 0 }) }),
      await refusal({ limit: 1, search: 'roe', cursor: encodeCursor('case:search:all:all:roe', { g: '2026-03' }) }),
      await refusal({ limit: 1, search: 'roe', cursor: encodeCursor('case:search:all:all:roe', { g: 7 }) }),
      await refusal({ limit: 1, ownerId: 'owner-1', cursor: encodeCursor('case:owner:owner-1:all', { g: 1 }) }),
    ];
    // Assess
    expect(errors).toEqual(Array(4).fill([{ field: 'cursor', message: CURSOR_MESSAGE }]));
  });

  it('answers a 400 for a cursor whose start key DynamoDB refuses', async () => {
    // Prepare: a key of the right shape for a case that is not in the index.
    useTable(rows);
    const cursor = encodeCursor('case:owner:owner-1:all', {
      g: 0,
      k: { case_id: 'gone', user_id: 'owner-1', created_at: '2026-03-01T00:00:00.000Z' },
    });
    // Act
    const errors = await refusal({ ownerId: 'owner-1', limit: 1, cursor });
    // Assess
    expect(errors).toEqual([{ field: 'cursor', message: CURSOR_MESSAGE }]);
  });
});

describe('previousMonth', () => {
  it('answers the month before, across a year', () => {
    // Act
    const months = ['2026-03', '2026-10', '2026-01', '2000-01', '0001-01'].map(previousMonth);
    // Assess
    expect(months).toEqual(['2026-02', '2026-09', '2025-12', '1999-12', '0000-12']);
  });
});

describe('listCases: what a list reads', () => {
  const rows = [
    row({ case_id: 'owner-1_0', created_at: '2026-03-01T10:00:00.000Z', patient_last: 'Roe' }),
    row({ case_id: 'owner-1_1', created_at: '2026-03-02T10:00:00.000Z', case_status: 10, patient_last: 'Rowe' }),
  ];
  /** The attribute names a Query projects. */
  const projectedNames = (q: QueryCommandInput) =>
    q.ProjectionExpression!.split(', ').map((token) => q.ExpressionAttributeNames![token]);

  it("reads only the list answer's attributes and the index key of its cursor, never the other index keys", async () => {
    // Prepare
    useTable(rows);

    // Act
    await listCases({ ownerId: 'owner-1', limit: 1 });
    await listCases({ ownerId: 'owner-1', status: 10, limit: 1 });
    await listCases({ search: 'ro', limit: 1 });

    // Assess
    const [byUser, byUserStatus, bySearchId] = caseQueries();
    expect(projectedNames(byUser!).sort()).toEqual([...LIST_ATTRIBUTES].sort());
    expect(projectedNames(byUserStatus!).sort()).toEqual([...LIST_ATTRIBUTES, 'user_status'].sort());
    expect(projectedNames(bySearchId!).sort()).toEqual([...LIST_ATTRIBUTES, 'search_id_p', 'search_id'].sort());
    expect(projectedNames(byUser!)).not.toContain('search_last');
  });

  it('answers the same API cases from the projected items as from the whole stored cases', async () => {
    // Prepare
    const stored = rows.map((r) => ({
      ...r,
      pay_amount_cents: 125_050,
      procedure_codes: ['27447'],
      cpt_descriptors: { '27447': 'Total knee arthroplasty' },
      status_history: [{ from: null, to: 0, by: 'owner-1', at: r.created_at, why: 'auto' as const }],
    })) as Row[];
    useTable(stored);

    // Act
    const page = await listCases({ ownerId: 'owner-1', limit: 50 });

    // Assess
    const whole = new Map(stored.map((r) => [r.case_id, r]));
    expect(page.items).toHaveLength(2);
    for (const item of page.items) expect(toApiCase(item)).toEqual(toApiCase(whole.get(item.case_id)!));
    expect(page.items[0]).not.toHaveProperty('user_status');
  });
});

describe('listCases: by case date and by status change', () => {
  // Case dates and last status changes (America/New_York days: 2026-11-26 is "today").
  const rows = [
    row({
      case_id: 'd_1',
      created_at: '2026-01-01T00:00:00.000Z',
      case_date: '2026-03-05',
      status_changed_at: '2026-10-01T12:00:00.000Z',
    }),
    row({
      case_id: 'd_2',
      created_at: '2026-01-02T00:00:00.000Z',
      case_date: '2026-03-01',
      status_changed_at: '2026-10-28T03:59:00.000Z',
      case_status: 50,
    }),
    row({
      case_id: 'd_3',
      created_at: '2026-01-03T00:00:00.000Z',
      case_date: '2026-03-09',
      status_changed_at: '2026-11-20T12:00:00.000Z',
      case_status: 50,
    }),
    row({
      case_id: 'd_4',
      user_id: 'owner-2',
      created_at: '2026-01-04T00:00:00.000Z',
      case_date: '2026-03-07',
      status_changed_at: '2026-10-28T04:00:00.000Z',
      case_status: 50,
    }),
  ];
  const today = '2026-11-26';

  it("orders one owner's cases by case date both ways from byUserDate, a range bounding the key", async () => {
    // Prepare
    useTable(rows);
    // Act
    const asc = await listCases({ ownerId: 'owner-1', sort: 'case_date', limit: 50 });
    const ranged = await allPages({ ownerId: 'owner-1', from: '2026-03-02', to: '2026-03-09', limit: 1 });
    // Assess
    expect(asc.items.map((c) => c.case_id)).toEqual(['d_2', 'd_1', 'd_3']);
    // A range alone: latest case date first.
    expect(ranged).toEqual([['d_3'], ['d_1']]);
    const q = caseQueries().at(-1)!;
    expect(q).toMatchObject({
      IndexName: 'byUserDate',
      KeyConditionExpression: '#p = :p AND #s BETWEEN :from AND :to',
      ScanIndexForward: false,
    });
  });

  it('answers cases at least N New York days in their status, longest first, from byChanged and byStatusChanged', async () => {
    // Prepare
    useTable(rows);
    // Act
    const all = await listCases({ minDaysInStatus: 30, today, limit: 50 });
    const sent = await listCases({ minDaysInStatus: 30, status: 50, sort: '-status_changed', today, limit: 50 });
    // Assess: 2026-10-28 starts at 04:00 UTC in New York (daylight time): d_2 changed on the 27th (30 days).
    expect(all.items.map((c) => c.case_id)).toEqual(['d_1', 'd_2']);
    expect(sent.items.map((c) => c.case_id)).toEqual(['d_2']);
    const [byChanged, byStatus] = caseQueries();
    expect(byChanged).toMatchObject({ IndexName: 'byChanged', KeyConditionExpression: '#p = :p AND #s < :cut' });
    expect(byChanged!.ExpressionAttributeValues).toMatchObject({ ':p': 'case', ':cut': '2026-10-28T04:00:00.000Z' });
    expect(byStatus).toMatchObject({ IndexName: 'byStatusChanged', ScanIndexForward: false });
    expect(byStatus!.ExpressionAttributeValues).toMatchObject({ ':p': 's50' });
  });

  it('narrows an order by a filter when the index is ordered by the other key, and binds the cursor to the filters', async () => {
    // Prepare
    useTable(rows);
    // Act
    const page = await listCases({ sort: 'case_date', minDaysInStatus: 30, today, limit: 1 });
    const otherFilter = listCases({
      sort: 'case_date',
      minDaysInStatus: 31,
      today,
      limit: 1,
      cursor: page.next_cursor,
    });
    // Assess
    expect(page.items.map((c) => c.case_id)).toEqual(['d_2']);
    expect(caseQueries()[0]).toMatchObject({ IndexName: 'byDate', FilterExpression: '#fc < :cut' });
    await expect(otherFilter).rejects.toBeInstanceOf(ValidationError);
  });

  it('refuses a sort with a search', async () => {
    // Act
    const errors = await refusal({ search: 'ro', sort: 'case_date', limit: 50 });
    // Assess
    expect(errors).toEqual([{ field: 'sort', message: expect.stringContaining('search') }]);
  });
});
