import './support/env';
import {
  BatchGetCommand,
  DynamoDBDocumentClient,
  QueryCommand,
  type BatchGetCommandInput,
  type QueryCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import {
  caseShard,
  counterUpdates,
  nextMonth,
  previousMonth,
  rangeCounters,
  rangeStartDay,
  readCaseStats,
  topUsers,
  type CountedCase,
  type CounterUpdate,
} from '../../../lambdas/data/counters/stats';
import { CASE_STATUSES } from '../../../shared';

const ddbMock = mockClient(DynamoDBDocumentClient);

const CASE: CountedCase = {
  case_id: 'owner-1_1760000000000',
  user_id: 'owner-1',
  created_at: '2026-01-15T23:30:00.000Z',
  case_status: 0,
};

/** Each update as `scope|bucket -> { attribute: delta }` (its ADD clause). */
function deltas(updates: CounterUpdate[]): Record<string, Record<string, unknown>> {
  return Object.fromEntries(
    updates.map(({ Update: u }) => {
      const add = /^ADD (.*?)(?: SET .*)?$/.exec(u.UpdateExpression)![1]!;
      const pairs = add.split(', ').map((part) => {
        const [name, value] = part.split(' ') as [string, string];
        return [u.ExpressionAttributeNames[name], u.ExpressionAttributeValues[value]];
      });
      return [`${u.Key.scope}|${u.Key.bucket}`, Object.fromEntries(pairs)];
    }),
  );
}

/** The six counter keys of CASE, as `scope|bucket`. */
function caseKeys(shard = caseShard(CASE.case_id)): string[] {
  return [
    `all|shard#${shard}`,
    'day|2026-01-15',
    'month|2026-01',
    'owner|owner-1',
    'owner-day#owner-1|2026-01-15',
    'owner-month#owner-1|2026-01',
  ];
}

function each<T>(keys: string[], value: T): Record<string, T> {
  return Object.fromEntries(keys.map((k) => [k, value]));
}

/** The deltas of the six counter items of CASE only (not the payer and aging items). */
function sharedDeltas(updates: CounterUpdate[]): Record<string, Record<string, unknown>> {
  const keys = caseKeys();
  return Object.fromEntries(Object.entries(deltas(updates)).filter(([k]) => keys.includes(k)));
}

/** The deltas of the analytics items (payer and days in status). */
function analyticsDeltas(updates: CounterUpdate[]): Record<string, Record<string, unknown>> {
  return Object.fromEntries(Object.entries(deltas(updates)).filter(([k]) => /^(payer|aging#)/.test(k)));
}

beforeEach(() => {
  ddbMock.reset();
});

describe('counterUpdates', () => {
  it('counts a created case once on its shard, its day, its month, its owner, its owner-day and its owner-month', () => {
    // Act
    const updates = counterUpdates(undefined, { ...CASE, pay_amount_cents: 12_345 });
    // Assess
    expect(updates).toHaveLength(8);
    expect(updates.every((u) => u.Update.TableName === 'case-stats')).toBe(true);
    expect(sharedDeltas(updates)).toEqual(each(caseKeys(), { n_0: 1, n_total: 1, pay_cents: 12_345, pay_0: 12_345 }));
    expect(analyticsDeltas(updates)).toEqual({
      'payer|(none)': { n_total: 1, pay_cents: 12_345 },
      'aging#0|2026-01-15': { n_total: 1 },
    });
  });

  it('gives the owner item the board and owner_id of the top-users index, and only that item', () => {
    // Act
    const updates = counterUpdates(undefined, CASE);
    // Assess
    const owner = updates.find((u) => u.Update.Key.scope === 'owner')!.Update;
    expect(owner.UpdateExpression).toMatch(/ SET #board = :board, #owner = :owner$/);
    expect(owner.ExpressionAttributeNames).toMatchObject({ '#board': 'board', '#owner': 'owner_id' });
    expect(owner.ExpressionAttributeValues).toMatchObject({ ':board': 'owners', ':owner': 'owner-1' });
    // The payer item sets its label; no other item sets anything.
    const others = updates.filter((u) => !['owner', 'payer'].includes(u.Update.Key.scope));
    expect(others.map((u) => u.Update.UpdateExpression).some((e) => e.includes('SET'))).toBe(false);
  });

  it('takes a deleted case out of every count and sum', () => {
    // Act
    const updates = counterUpdates({ ...CASE, case_status: 20, pay_amount_cents: 5_000 }, undefined);
    // Assess
    expect(sharedDeltas(updates)).toEqual(
      each(caseKeys(), { n_20: -1, n_total: -1, pay_cents: -5_000, pay_20: -5_000 }),
    );
    expect(analyticsDeltas(updates)).toEqual({
      'payer|(none)': { n_total: -1, pay_cents: -5_000 },
      'aging#20|2026-01-15': { n_total: -1 },
    });
  });

  it('moves a status change from the old status to the new one, leaving the total', () => {
    // Act
    const updates = counterUpdates(CASE, { ...CASE, case_status: 10, status_changed_at: '2026-02-01T10:00:00.000Z' });
    // Assess: counts move status; days in status restart on the day of the move
    expect(sharedDeltas(updates)).toEqual(each(caseKeys(), { n_0: -1, n_10: 1 }));
    expect(analyticsDeltas(updates)).toEqual({
      'aging#0|2026-01-15': { n_total: -1 },
      'aging#10|2026-02-01': { n_total: 1 },
    });
  });

  it('moves a pay amount change by the difference in cents, and a removed amount by minus the old one', () => {
    // Prepare
    const paid = { ...CASE, case_status: 20, pay_amount_cents: 10_000 };
    // Act
    const changed = counterUpdates(paid, { ...paid, pay_amount_cents: 12_550 });
    const removed = counterUpdates(paid, { ...paid, pay_amount_cents: null });
    // Assess
    expect(sharedDeltas(changed)).toEqual(each(caseKeys(), { pay_cents: 2_550, pay_20: 2_550 }));
    expect(sharedDeltas(removed)).toEqual(each(caseKeys(), { pay_cents: -10_000, pay_20: -10_000 }));
    expect(analyticsDeltas(changed)).toEqual({ 'payer|(none)': { pay_cents: 2_550 } });
  });

  it('moves a case between payers by their folded names, labelled as last written', () => {
    // Prepare
    const aetna = { ...CASE, ins_provider: 'Aetna', pay_amount_cents: 900 };
    // Act
    const respelled = counterUpdates(aetna, { ...aetna, ins_provider: '  AETNA ' });
    const moved = counterUpdates(aetna, { ...aetna, ins_provider: 'Quebec  Mutual' });
    // Assess
    expect(respelled).toEqual([]);
    expect(analyticsDeltas(moved)).toEqual({
      'payer|aetna': { n_total: -1, pay_cents: -900 },
      'payer|quebec mutual': { n_total: 1, pay_cents: 900 },
    });
    const label = moved.find((u) => u.Update.Key.bucket === 'quebec mutual')!.Update.ExpressionAttributeValues;
    expect(label[':label']).toBe('Quebec Mutual');
    expect(sharedDeltas(moved)).toEqual({});
  });

  it('answers no update for a write that changes nothing counted', () => {
    // Prepare
    const paid = { ...CASE, case_status: 30, pay_amount_cents: 700 };
    // Act
    const updates = [
      counterUpdates(paid, { ...paid }),
      counterUpdates(CASE, { ...CASE }),
      counterUpdates(undefined, undefined),
    ];
    // Assess
    expect(updates).toEqual([[], [], []]);
  });

  it('keys the day counters by the UTC creation day of the case', () => {
    // Prepare: 23:30 on the 15th in UTC is already the 16th east of Greenwich.
    const late = { ...CASE, created_at: '2026-01-15T23:30:00.000Z' };
    // Act
    const keys = Object.keys(deltas(counterUpdates(undefined, late)));
    // Assess: the day, the owner's day and the day it entered its status
    expect(keys.filter((k) => k.includes('2026-01-15'))).toHaveLength(3);
    expect(keys.some((k) => k.includes('2026-01-16'))).toBe(false);
  });

  it('keys the month counters by the UTC creation month of the case', () => {
    // Prepare: 23:30 on 31 December in UTC is already January east of Greenwich.
    const late = { ...CASE, created_at: '2025-12-31T23:30:00.000Z' };
    // Act
    const keys = Object.keys(deltas(counterUpdates(undefined, late)));
    // Assess
    expect(keys.filter((k) => k.endsWith('|2025-12'))).toEqual(['month|2025-12', 'owner-month#owner-1|2025-12']);
    expect(keys.some((k) => k.includes('2026-01'))).toBe(false);
  });
});

describe('caseShard', () => {
  it('gives the same case id the same shard, within 0..7, and spreads many ids over all eight', () => {
    // Prepare
    const ids = Array.from({ length: 800 }, (_, i) => `user-${i % 7}_${1760000000000 + i}`);
    // Act
    const shards = ids.map(caseShard);
    const again = ids.map(caseShard);
    // Assess
    expect(again).toEqual(shards);
    expect(shards.every((s) => Number.isInteger(s) && s >= 0 && s <= 7)).toBe(true);
    expect(new Set(shards).size).toBe(8);
    // No shard holds more than twice its fair share.
    const counts = [0, 1, 2, 3, 4, 5, 6, 7].map((s) => shards.filter((x) => x === s).length);
    expect(Math.max(...counts)).toBeLessThan(200);
  });
});

describe('rangeStartDay', () => {
  it('answers the first UTC day of a range that ends today, across a month and a year', () => {
    // Act
    const days = [
      rangeStartDay(7, new Date('2026-03-03T12:00:00.000Z')),
      rangeStartDay(1, new Date('2026-03-03T00:00:00.000Z')),
      rangeStartDay(30, new Date('2026-01-10T23:59:59.999Z')),
      rangeStartDay(365, new Date('2028-12-31T08:00:00.000Z')),
    ];
    // Assess
    expect(days).toEqual(['2026-02-25', '2026-03-03', '2025-12-12', '2028-01-02']);
  });
});

/**
 * Counter items served by the stats Query mock: scope -> items (optionally in two pages); a
 * `bucket BETWEEN :from AND :to` condition keeps the items within its bounds, as DynamoDB does.
 */
function serveCounters(byScope: Record<string, Record<string, unknown>[]>, pageSize = 1000) {
  ddbMock.on(QueryCommand).callsFake((input: QueryCommandInput) => {
    if (input.IndexName === 'byCaseCount') return { Items: [] };
    const values = input.ExpressionAttributeValues!;
    const within = (item: Record<string, unknown>) =>
      !input.KeyConditionExpression!.includes('BETWEEN') ||
      (String(item.bucket) >= String(values[':from']) && String(item.bucket) <= String(values[':to']));
    const all = (byScope[String(values[':s'])] ?? []).filter(within);
    const start = (input.ExclusiveStartKey?.index as number | undefined) ?? 0;
    const items = all.slice(start, start + pageSize);
    return {
      Items: items,
      ...(start + pageSize < all.length ? { LastEvaluatedKey: { index: start + pageSize } } : {}),
    };
  });
}

/** The BETWEEN counter Queries made so far, as `scope from..to`, sorted. */
function counterBounds(): string[] {
  return ddbMock
    .commandCalls(QueryCommand)
    .map((c) => c.args[0].input)
    .filter((q) => q.IndexName === undefined)
    .map((q) => {
      expect(q).toMatchObject({
        TableName: 'case-stats',
        KeyConditionExpression: '#s = :s AND #b BETWEEN :from AND :to',
        ExpressionAttributeNames: { '#s': 'scope', '#b': 'bucket' },
      });
      const v = q.ExpressionAttributeValues!;
      return `${String(v[':s'])} ${String(v[':from'])}..${String(v[':to'])}`;
    })
    .sort();
}

describe('readCaseStats', () => {
  const NOW = new Date('2026-11-23T21:00:00.000Z');

  it('sums the eight shards of all cases, in dollars, with every status key, pending and incomplete', async () => {
    // Prepare: the shards come back in two pages.
    serveCounters(
      {
        all: [
          { scope: 'all', bucket: 'shard#0', n_0: 2, n_20: 1, n_total: 3, pay_cents: 12_345 },
          { scope: 'all', bucket: 'shard#3', n_0: 1, n_20: 4, n_90: 1, n_total: 6, pay_cents: 100 },
          { scope: 'all', bucket: 'shard#7', n_10: 5, n_total: 5 },
        ],
      },
      2,
    );
    // Act
    const stats = await readCaseStats('all', undefined, NOW);
    // Assess
    const counterQueries = ddbMock
      .commandCalls(QueryCommand)
      .map((c) => c.args[0].input)
      .filter((q) => q.IndexName === undefined);
    expect(counterQueries).toHaveLength(2);
    expect(counterQueries[0]).toMatchObject({
      TableName: 'case-stats',
      KeyConditionExpression: '#s = :s',
      ExpressionAttributeValues: { ':s': 'all' },
    });
    expect(stats).toMatchObject({
      range: 'all',
      total_cases: 14,
      total_revenue: 124.45,
      pending_cases: 5,
      incomplete_cases: 3,
    });
    expect(Object.keys(stats.by_status).sort()).toEqual(CASE_STATUSES.map((s) => String(s.value)).sort());
    expect(Object.keys(stats.by_status)).toHaveLength(10);
    expect(stats.by_status).toMatchObject({ '0': 3, '10': 5, '20': 5, '30': 0, '90': 1 });
  });

  it('sums the day items of a 7-day range, today and the six UTC days before, from one Query', async () => {
    // Prepare: the days just outside the range hold cases too.
    serveCounters({
      day: [
        { scope: 'day', bucket: '2026-11-16', n_0: 50, n_total: 50, pay_cents: 0 },
        { scope: 'day', bucket: '2026-11-17', n_0: 1, n_total: 1, pay_cents: 0 },
        { scope: 'day', bucket: '2026-11-23', n_20: 3, n_total: 3, pay_cents: 10_000 },
        { scope: 'day', bucket: '2026-11-24', n_20: 70, n_total: 70, pay_cents: 70 },
      ],
      month: [{ scope: 'month', bucket: '2026-11', n_0: 900, n_total: 900 }],
    });
    // Act
    const stats = await readCaseStats('7d', undefined, NOW);
    // Assess
    const counterQueries = ddbMock
      .commandCalls(QueryCommand)
      .map((c) => c.args[0].input)
      .filter((q) => q.IndexName === undefined);
    expect(counterQueries).toHaveLength(1);
    expect(counterQueries[0]).toMatchObject({
      TableName: 'case-stats',
      KeyConditionExpression: '#s = :s AND #b BETWEEN :from AND :to',
      ExpressionAttributeNames: { '#s': 'scope', '#b': 'bucket' },
      ExpressionAttributeValues: { ':s': 'day', ':from': '2026-11-17', ':to': '2026-11-23' },
    });
    expect(stats).toMatchObject({ range: '7d', total_cases: 4, total_revenue: 100, pending_cases: 3 });
  });

  it('answers the 30d, 90d and 1y ranges from the matching first day: partial months by day, whole months by month', async () => {
    // Prepare
    serveCounters({});
    // Act
    const ranges = [];
    for (const range of ['30d', '90d', '1y'] as const) {
      ddbMock.resetHistory();
      await readCaseStats(range, undefined, NOW);
      ranges.push(counterBounds());
    }
    // Assess
    expect(ranges).toEqual([
      ['day 2026-10-25..2026-10-31', 'day 2026-11-01..2026-11-23'],
      ['day 2026-08-26..2026-08-31', 'day 2026-11-01..2026-11-23', 'month 2026-09..2026-10'],
      ['day 2025-11-24..2025-11-31', 'day 2026-11-01..2026-11-23', 'month 2025-12..2026-10'],
    ]);
  });

  it('sums a year from its whole months and the days of its partial months, counting every case once', async () => {
    // Prepare: a day item and a month item for every day and month from October 2025 to December
    // 2026; each day item counts 1 case of 1 cent, each month item its days' cases.
    const dayItems: Record<string, unknown>[] = [];
    const monthItems: Record<string, unknown>[] = [];
    for (let month = '2025-10'; month <= '2026-12'; month = nextMonth(month)) {
      const [y, m] = month.split('-').map(Number) as [number, number];
      const length = new Date(Date.UTC(y, m, 0)).getUTCDate();
      for (let d = 1; d <= length; d++)
        dayItems.push({
          scope: 'day',
          bucket: `${month}-${String(d).padStart(2, '0')}`,
          n_0: 1,
          n_total: 1,
          pay_cents: 1,
        });
      monthItems.push({ scope: 'month', bucket: month, n_0: length, n_total: length, pay_cents: length });
    }
    serveCounters({ day: dayItems, month: monthItems });
    // Act
    const stats = await readCaseStats('1y', undefined, NOW);
    // Assess: 365 days, 2025-11-24 to 2026-11-23, each once.
    expect(stats).toMatchObject({ total_cases: 365, incomplete_cases: 365, total_revenue: 3.65 });
  });

  it("reads a provider's own item for all time and their owner-day items for a range, with no top users", async () => {
    // Prepare
    serveCounters({
      owner: [{ scope: 'owner', bucket: 'owner-1', board: 'owners', owner_id: 'owner-1', n_10: 2, n_total: 2 }],
      'owner-day#owner-1': [{ scope: 'owner-day#owner-1', bucket: '2026-11-20', n_0: 1, n_total: 1, pay_cents: 50 }],
    });
    // Act
    const all = await readCaseStats('all', 'owner-1', NOW);
    const week = await readCaseStats('7d', 'owner-1', NOW);
    // Assess
    const queries = ddbMock.commandCalls(QueryCommand).map((c) => c.args[0].input);
    expect(queries).toHaveLength(2);
    expect(queries[0]).toMatchObject({
      KeyConditionExpression: '#s = :s AND #b = :b',
      ExpressionAttributeValues: { ':s': 'owner', ':b': 'owner-1' },
    });
    expect(queries[1]).toMatchObject({
      KeyConditionExpression: '#s = :s AND #b BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':s': 'owner-day#owner-1', ':from': '2026-11-17', ':to': '2026-11-23' },
    });
    expect(all).toMatchObject({ total_cases: 2, by_status: { '10': 2 }, top_users: [] });
    expect(week).toMatchObject({ total_cases: 1, incomplete_cases: 1, total_revenue: 0.5, top_users: [] });
    expect(ddbMock.commandCalls(BatchGetCommand)).toHaveLength(0);
  });

  it("reads a provider's year from their owner-month items and their owner-day items of the partial months", async () => {
    // Prepare: another owner's items must not count.
    serveCounters({
      'owner-day#owner-1': [
        { bucket: '2025-11-23', n_0: 40, n_total: 40 },
        { bucket: '2025-11-24', n_0: 1, n_total: 1 },
        { bucket: '2026-11-23', n_20: 1, n_total: 1, pay_cents: 250 },
      ],
      'owner-month#owner-1': [
        { bucket: '2025-11', n_0: 41, n_total: 41 },
        { bucket: '2026-03', n_10: 2, n_total: 2 },
        { bucket: '2026-11', n_20: 1, n_total: 1, pay_cents: 250 },
      ],
      'owner-month#owner-2': [{ bucket: '2026-03', n_10: 9, n_total: 9 }],
    });
    // Act
    const year = await readCaseStats('1y', 'owner-1', NOW);
    // Assess
    expect(counterBounds()).toEqual([
      'owner-day#owner-1 2025-11-24..2025-11-31',
      'owner-day#owner-1 2026-11-01..2026-11-23',
      'owner-month#owner-1 2025-12..2026-10',
    ]);
    expect(year).toMatchObject({
      total_cases: 4,
      incomplete_cases: 1,
      pending_cases: 1,
      total_revenue: 2.5,
      top_users: [],
    });
    expect(year.by_status).toMatchObject({ '10': 2 });
  });

  it('answers zeros for every status when nothing was counted', async () => {
    // Prepare
    serveCounters({});
    // Act
    const stats = await readCaseStats('30d', 'nobody', NOW);
    // Assess
    expect(stats).toEqual({
      range: '30d',
      total_cases: 0,
      total_revenue: 0,
      pending_cases: 0,
      incomplete_cases: 0,
      by_status: Object.fromEntries(CASE_STATUSES.map((s) => [String(s.value), 0])),
      amount_by_status: Object.fromEntries(CASE_STATUSES.map((s) => [String(s.value), 0])),
      top_users: [],
    });
  });
});

describe('rangeCounters', () => {
  it('reads a 7-day range within one month with one Query on the day scope', async () => {
    // Prepare
    serveCounters({
      'd#u': [
        { bucket: '2026-03-04', n_total: 2 },
        { bucket: '2026-03-10', n_total: 5 },
      ],
    });
    // Act
    const items = await rangeCounters('d#u', 'm#u', '2026-03-04', '2026-03-10');
    // Assess
    expect(counterBounds()).toEqual(['d#u 2026-03-04..2026-03-10']);
    expect(items.map((i) => i.n_total)).toEqual([2, 5]);
  });

  it('reads a 30-day range across a month boundary as head days and tail days, with no month Query', async () => {
    // Prepare
    serveCounters({});
    // Act
    await rangeCounters('day', 'month', '2026-02-20', '2026-03-21');
    // Assess
    expect(counterBounds()).toEqual(['day 2026-02-20..2026-02-31', 'day 2026-03-01..2026-03-21']);
  });

  it('reads a 30-day range from the 1st of a month as that whole month and the tail days, with no head Query', async () => {
    // Prepare
    serveCounters({});
    // Act
    await rangeCounters('day', 'month', '2026-04-01', '2026-05-01');
    // Assess
    expect(counterBounds()).toEqual(['day 2026-05-01..2026-05-01', 'month 2026-04..2026-04']);
  });

  it('reads a year as head days, its 11 whole months from the month scope and tail days', async () => {
    // Prepare
    serveCounters({});
    // Act
    await rangeCounters('day', 'month', '2025-11-24', '2026-11-23');
    // Assess
    expect(counterBounds()).toEqual([
      'day 2025-11-24..2025-11-31',
      'day 2026-11-01..2026-11-23',
      'month 2025-12..2026-10',
    ]);
  });

  it('reads a year that starts on the 1st without a head Query: its whole months and the tail days', async () => {
    // Prepare
    serveCounters({});
    // Act
    await rangeCounters('day', 'month', '2026-01-01', '2026-12-31');
    // Assess
    expect(counterBounds()).toEqual(['day 2026-12-01..2026-12-31', 'month 2026-01..2026-11']);
  });
});

describe('nextMonth and previousMonth', () => {
  it('answer the month after and the month before, across a year', () => {
    // Act
    const next = ['2025-12', '2026-01', '2026-09', '2026-11', '0999-12'].map(nextMonth);
    const previous = ['2026-01', '2026-02', '2026-10', '2026-12', '1000-01'].map(previousMonth);
    // Assess
    expect(next).toEqual(['2026-01', '2026-02', '2026-10', '2026-12', '1000-01']);
    expect(previous).toEqual(['2025-12', '2026-01', '2026-09', '2026-11', '0999-12']);
  });
});

describe('topUsers', () => {
  it('ranks owners by case count from the byCaseCount index and names them from one batched read', async () => {
    // Prepare
    ddbMock.on(QueryCommand).resolves({
      Items: [
        { scope: 'owner', bucket: 'u-b', owner_id: 'u-b', n_total: 9 },
        { scope: 'owner', bucket: 'u-a', owner_id: 'u-a', n_total: 4 },
        { scope: 'owner', bucket: 'u-gone', owner_id: 'u-gone', n_total: 1 },
      ],
    });
    ddbMock.on(BatchGetCommand).resolves({
      Responses: {
        users: [
          { user_id: 'u-a', first_name: 'Ada', last_name: 'Lovelace' },
          { user_id: 'u-b', first_name: 'Grace', last_name: 'Hopper' },
        ],
      },
    });
    // Act
    const top = await topUsers(5);
    // Assess
    expect(ddbMock.commandCalls(QueryCommand)[0]!.args[0].input).toMatchObject({
      TableName: 'case-stats',
      IndexName: 'byCaseCount',
      KeyConditionExpression: '#b = :b AND #n > :zero',
      ExpressionAttributeValues: { ':b': 'owners', ':zero': 0 },
      ScanIndexForward: false,
      Limit: 5,
    });
    const reads = ddbMock.commandCalls(BatchGetCommand).map((c) => c.args[0].input as BatchGetCommandInput);
    expect(reads).toHaveLength(1);
    expect(reads[0]!.RequestItems!.users!.Keys).toEqual([
      { user_id: 'u-b' },
      { user_id: 'u-a' },
      { user_id: 'u-gone' },
    ]);
    expect(top).toEqual([
      { user_id: 'u-b', name: 'Grace Hopper', case_count: 9 },
      { user_id: 'u-a', name: 'Ada Lovelace', case_count: 4 },
      { user_id: 'u-gone', name: '', case_count: 1 },
    ]);
  });

  it('comes with the all-cases stats, whatever the range', async () => {
    // Prepare
    ddbMock
      .on(QueryCommand)
      .callsFake((input: QueryCommandInput) =>
        input.IndexName === 'byCaseCount'
          ? { Items: [{ scope: 'owner', bucket: 'u-b', owner_id: 'u-b', n_total: 9 }] }
          : { Items: [] },
      );
    ddbMock.on(BatchGetCommand).resolves({ Responses: { users: [{ user_id: 'u-b', first_name: 'Grace' }] } });
    // Act
    const stats = await readCaseStats('7d', undefined, new Date('2026-11-23T00:00:00.000Z'));
    // Assess
    expect(stats.top_users).toEqual([{ user_id: 'u-b', name: 'Grace', case_count: 9 }]);
  });
});

describe('search keys of a text that starts with an emoji', () => {
  it('keep the whole first character (a surrogate pair), never half of it', () => {
    // Prepare
    const { searchKey } = jest.requireActual<typeof import('../../../lambdas/data/keys')>('../../../lambdas/data/keys');

    // Act
    const key = searchKey('😀Smile');

    // Assess
    expect(key).toEqual({ p: '😀', s: '😀smile' });
    expect(key!.p.length).toBe(2);
  });
});
