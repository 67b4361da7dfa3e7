import './support/env';
import {
  BatchGetCommand,
  DynamoDBDocumentClient,
  GetCommand,
  QueryCommand,
  type BatchGetCommandInput,
  type QueryCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { handler } from '../../../lambdas/dispute/handler';
import { addCalendarDays, dueSoonEnd } from '../../../lambdas/data/dispute/calendar';
import { queueItemOf } from '../../../lambdas/data/dispute/items';
import { invoke } from './support/events';

const ddbMock = mockClient(DynamoDBDocumentClient);

const ADMIN = 'admin-sub';
const OWNERS = ['owner-a', 'owner-b'];
/** 23:50 in New York on 2026-11-18 (a Wednesday), and 00:10 the next day. */
const BEFORE_MIDNIGHT = new Date('2026-11-19T04:50:00Z');
const AFTER_MIDNIGHT = new Date('2026-11-19T05:10:00Z');

/** 60 queue entries of two owners, one due every day from 30 days before 2026-11-18 to 29 after. */
const ENTRIES = Array.from({ length: 60 }, (_, i) =>
  queueItemOf(
    { case_id: `case-${String(i).padStart(3, '0')}`, user_id: OWNERS[i % 2]!, event_seq: 1, version: 1 } as never,
    { step: 'open_negotiation_initiation_due', due: addCalendarDays('2026-11-18', i - 30) },
  ),
);

/** Serves the queue's index Queries like DynamoDB: key condition, Limit, ExclusiveStartKey, order. */
function serveIndexes(): void {
  ddbMock.on(QueryCommand).callsFake((input: QueryCommandInput) => {
    const names = input.ExpressionAttributeNames!;
    const values = input.ExpressionAttributeValues!;
    const partition = names['#p']!;
    const sort = names['#s']!;
    const lo = values[':lo'] as string;
    const hi = values[':hi'] as string;
    if (lo > hi) throw Object.assign(new Error('lo above hi'), { name: 'ValidationException' });
    const rows = ENTRIES.filter((e) => {
      const s = (e as Record<string, unknown>)[sort] as string;
      return (e as Record<string, unknown>)[partition] === values[':p'] && s >= lo && s <= hi;
    }).sort((a, b) => (a.due_s! < b.due_s! ? -1 : 1));
    if (input.ScanIndexForward === false) rows.reverse();
    const start = input.ExclusiveStartKey ? rows.findIndex((e) => e.due_s === input.ExclusiveStartKey![sort]) + 1 : 0;
    const read = rows.slice(start, start + input.Limit!);
    const last = read[read.length - 1];
    return {
      Items: read,
      ScannedCount: read.length,
      ...(read.length === input.Limit && last
        ? { LastEvaluatedKey: { case_id: last.case_id, sk: last.sk, [partition]: values[':p'], [sort]: last.due_s } }
        : {}),
    };
  });
}

beforeEach(() => {
  ddbMock.reset();
  ddbMock.on(GetCommand, { TableName: 'users', Key: { user_id: ADMIN } }).resolves({ Item: { user_type: 10 } });
  ddbMock.on(BatchGetCommand).callsFake((input: BatchGetCommandInput) => {
    const [table, request] = Object.entries(input.RequestItems!)[0]!;
    const ids = request.Keys!.map((k) => String(k.case_id ?? k.user_id));
    if (table === 'cases') {
      const cases = ids.map((id) => ({ case_id: id, user_id: 'owner-a', patient_last: 'Roe', case_status: 40 }));
      return { Responses: { cases } };
    }
    return { Responses: { users: ids.map((id) => ({ user_id: id, first_name: 'Pat', last_name: id })) } };
  });
  serveIndexes();
  // Only Date is faked: the SDK mocks and the middleware keep their real timers.
  jest.useFakeTimers({
    now: BEFORE_MIDNIGHT,
    doNotFake: [
      'nextTick',
      'setImmediate',
      'setTimeout',
      'setInterval',
      'clearTimeout',
      'clearInterval',
      'clearImmediate',
      'queueMicrotask',
      'hrtime',
      'performance',
    ],
  });
});

afterEach(() => jest.useRealTimers());

interface QueuePage {
  items: { case_id: string; due: string; state: string }[];
  next_cursor?: string;
}

async function page(query: Record<string, string>): Promise<{ status: number; body: QueuePage }> {
  const answer = await invoke(handler, { method: 'GET', path: '/dispute/queue', sub: ADMIN, query });
  return answer as unknown as { status: number; body: QueuePage };
}

describe('GET /dispute/queue with a cursor taken before midnight in New York', () => {
  it.each([
    ['every owner (merged shards)', {} as { user_id?: string }],
    ["one owner's (one partition)", { user_id: 'owner-a' }],
  ])('resumes after the last entry answered for %s, in the range of the new day', async (_what, filter) => {
    // Prepare: the first page of the due-soon entries on 2026-11-18
    const first = await page({ ...filter, state: 'due_soon', limit: '2' });
    jest.setSystemTime(AFTER_MIDNIGHT);

    // Act: the pages after it, asked on 2026-11-19 (due soon to 11-27: Thanksgiving is no business day)
    const rest: QueuePage['items'] = [];
    const statuses: number[] = [];
    let cursor = first.body.next_cursor;
    while (cursor) {
      const next = await page({ ...filter, state: 'due_soon', limit: '2', cursor });
      statuses.push(next.status);
      rest.push(...next.body.items);
      cursor = next.body.next_cursor;
    }

    // Assess: no refusal; each entry once, soonest first, after the first page and due soon today
    const firstDue = first.body.items.map((i) => i.due);
    expect(first.status).toBe(200);
    expect(firstDue[0]).toBe('2026-11-18');
    expect(dueSoonEnd('2026-11-19')).toBe('2026-11-27');
    expect(statuses.every((s) => s === 200)).toBe(true);
    const expected = ENTRIES.filter(
      (e) =>
        (!filter.user_id || e.user_id === filter.user_id) &&
        e.due >= '2026-11-19' &&
        e.due <= dueSoonEnd('2026-11-19') &&
        e.due_s! > `${firstDue[firstDue.length - 1]}#${first.body.items[first.body.items.length - 1]!.case_id}`,
    ).map((e) => e.case_id);
    expect(rest.map((i) => i.case_id)).toEqual(expected);
    expect(rest.length).toBeGreaterThan(0);
    expect(rest.every((i) => i.state === 'due_soon')).toBe(true);
  });

  it("reaches the entries the new day made overdue after one owner's last page of the day before", async () => {
    // Prepare: owner-a's 15 overdue entries on 2026-11-18 (one due every other day up to 11-16), 14 a page
    const first = await page({ user_id: 'owner-a', state: 'overdue', limit: '14' });
    jest.setSystemTime(AFTER_MIDNIGHT);

    // Act
    const next = await page({ user_id: 'owner-a', state: 'overdue', limit: '14', cursor: first.body.next_cursor! });

    // Assess: the 15th, and the one due 11-18, overdue from 11-19 on
    expect(first.body.items).toHaveLength(14);
    expect(next.status).toBe(200);
    expect(next.body.items.map((i) => [i.due, i.state])).toEqual([
      ['2026-11-16', 'overdue'],
      ['2026-11-18', 'overdue'],
    ]);
    expect(next.body.next_cursor).toBeUndefined();
  });
});
