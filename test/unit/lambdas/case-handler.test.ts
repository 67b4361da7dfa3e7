import './support/env';
import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
  type BatchGetCommandInput,
  type QueryCommandInput,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { handler } from '../../../lambdas/case/handler';
import { indexAttributes, type CaseItem } from '../../../lambdas/data/case/repository';
import { caseShard } from '../../../lambdas/data/counters/stats';
import { invoke } from './support/events';

const ddbMock = mockClient(DynamoDBDocumentClient);

const OWNER = 'owner-sub';
const OTHER = 'other-sub';
const ADMIN = 'admin-sub';

/** A case as the repository writes it now: index keys from its own fields, CPT descriptors stored. */
function storedCase(overrides: Partial<CaseItem> = {}): CaseItem {
  const base = {
    case_id: `${OWNER}_1760000000000`,
    user_id: OWNER,
    case_date: '2026-01-15',
    surgeon_id: 's1',
    facility_id: 'f1',
    patient_first: 'Jane',
    patient_last: 'Roe',
    ins_provider: 'Aetna',
    procedure_codes: ['47562'],
    case_status: 0,
    demo_file: '',
    note_file: 'op_x.pdf',
    misc_file: '',
    file_keys: '',
    created_at: '2026-01-15T10:00:00.000Z',
    updated_at: '2026-01-15T10:00:00.000Z',
    status_changed_at: '2026-01-15T10:00:00.000Z',
    version: 3,
    cpt_descriptors: { '47562': 'Laparoscopic cholecystectomy' },
    ...overrides,
  };
  return { ...indexAttributes(base), ...base } as CaseItem;
}

/** Every write the handler could make: single-item writes and transactions (the middleware's audit entry aside). */
function writeCalls() {
  return [
    ...ddbMock.commandCalls(PutCommand).filter((c) => c.args[0].input.TableName !== 'audit'),
    ...ddbMock.commandCalls(UpdateCommand),
    ...ddbMock.commandCalls(DeleteCommand),
    ...ddbMock.commandCalls(TransactWriteCommand),
  ];
}

type TransactAction = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** The actions of the n-th TransactWriteItems call. */
function transaction(n = 0): TransactAction[] {
  return ddbMock.commandCalls(TransactWriteCommand)[n]!.args[0].input.TransactItems!;
}

/** Counter updates of a transaction as `scope|bucket -> { attribute: delta }` (ADD clauses only). */
function counterDeltas(actions: TransactAction[]): Record<string, Record<string, unknown>> {
  const out: Record<string, Record<string, unknown>> = {};
  for (const action of actions) {
    const u = action.Update;
    // The analytics items (payer, days in status) are asserted in case-stats.test.ts.
    if (!u || u.TableName !== 'case-stats' || /^(payer|aging#)/.test(String(u.Key!.scope))) continue;
    const add = /^ADD (.*?)(?: SET .*)?$/.exec(u.UpdateExpression!)![1]!;
    out[`${u.Key!.scope}|${u.Key!.bucket}`] = Object.fromEntries(
      add.split(', ').map((part) => {
        const [name, value] = part.split(' ') as [string, string];
        return [u.ExpressionAttributeNames![name], u.ExpressionAttributeValues![value]];
      }),
    );
  }
  return out;
}

/** The six counter items of a case (lambdas/lib/tables.ts caseStatsKeys), as `scope|bucket`. */
function counterKeys(item: { case_id: string; user_id: string; created_at: string }): string[] {
  const day = item.created_at.slice(0, 10);
  const month = item.created_at.slice(0, 7);
  const shard = caseShard(item.case_id);
  return [
    'all|shard#' + shard,
    `day|${day}`,
    `month|${month}`,
    `owner|${item.user_id}`,
    `owner-day#${item.user_id}|${day}`,
    `owner-month#${item.user_id}|${month}`,
  ];
}

/** The fields a SET of an update writes (`#fN` names with their `:fN` values). */
function writtenFields(update: {
  ExpressionAttributeNames?: Record<string, string>;
  ExpressionAttributeValues?: Record<string, unknown>;
}) {
  return Object.fromEntries(
    Object.entries(update.ExpressionAttributeNames!)
      .filter(([k]) => k.startsWith('#f'))
      .map(([k, name]) => [name, update.ExpressionAttributeValues![`:${k.slice(1)}`]]),
  );
}

function conditionFailed(actions: number): TransactionCanceledException {
  return new TransactionCanceledException({
    message: 'Transaction cancelled',
    $metadata: {},
    CancellationReasons: Array.from({ length: actions }, (_, i) => ({
      Code: i === 0 ? 'ConditionalCheckFailed' : 'None',
    })),
  });
}

const validBody = {
  case_date: '2026-02-01',
  surgeon_id: 's1',
  facility_id: 'f1',
  patient: { first: 'Jane', last: 'Roe', ins_provider: 'Aetna' },
  procedure_codes: ['47562', ' ', '49505'],
};

/** The case-number counter of the mocked `case-stats` (an UpdateItem ADD answering the new value). */
let caseNumberCounter = 0;

beforeEach(() => {
  ddbMock.reset();
  caseNumberCounter = 41;
  ddbMock
    .on(UpdateCommand, { TableName: 'case-stats' })
    .callsFake((input: { ExpressionAttributeValues: { ':count': number } }) => {
      caseNumberCounter += input.ExpressionAttributeValues[':count'];
      return { Attributes: { n: caseNumberCounter } };
    });
  // Profiles: the admin is back office (10), everyone else has no user_type.
  ddbMock.on(GetCommand, { TableName: 'users' }).resolves({});
  ddbMock.on(GetCommand, { TableName: 'users', Key: { user_id: ADMIN } }).resolves({ Item: { user_type: 10 } });
  ddbMock.on(GetCommand, { TableName: 'surgeons' }).resolves({});
  ddbMock.on(GetCommand, { TableName: 'facilities' }).resolves({});
  ddbMock
    .on(GetCommand, { TableName: 'surgeons', Key: { user_id: OWNER, surgeon_id: 's1' } })
    .resolves({ Item: { surgeon_id: 's1' } });
  ddbMock
    .on(GetCommand, { TableName: 'facilities', Key: { user_id: OWNER, facility_id: 'f1' } })
    .resolves({ Item: { facility_id: 'f1' } });
  ddbMock.on(BatchGetCommand).callsFake((input: BatchGetCommandInput) => {
    const table = Object.keys(input.RequestItems!)[0]!;
    if (table === 'cpt-codes')
      return { Responses: { 'cpt-codes': [{ cpt_code: '47562', cpt_description: 'Laparoscopic cholecystectomy' }] } };
    if (table === 'users')
      return { Responses: { users: [{ user_id: OWNER, first_name: 'Ada', last_name: 'Lovelace' }] } };
    return { Responses: {} };
  });
});

describe('POST /case', () => {
  it('answers 400 with the spec messages and writes nothing when required fields are missing', async () => {
    // Act
    const answer = await invoke(handler, { method: 'POST', path: '/case', sub: OWNER, body: { procedure_codes: [] } });
    // Assess
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe('Case date is required');
    const messages = answer.body.errors.map((e: { message: string }) => e.message);
    expect(messages).toEqual(expect.arrayContaining(['Primary surgeon is required', 'Facility is required']));
    expect(writeCalls()).toHaveLength(0);
  });

  it('refuses 26 procedure codes with the spec message', async () => {
    // Prepare
    const codes = Array.from({ length: 26 }, (_, i) => String(10000 + i));
    // Act
    const answer = await invoke(handler, {
      method: 'POST',
      path: '/case',
      sub: OWNER,
      body: { ...validBody, procedure_codes: codes },
    });
    // Assess
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe('Maximum 25 procedure codes allowed');
  });

  it("refuses a surgeon that is not one of the caller's own, writing nothing", async () => {
    // Act
    const answer = await invoke(handler, {
      method: 'POST',
      path: '/case',
      sub: OWNER,
      body: { ...validBody, surgeon_id: 'someone-elses' },
    });
    // Assess
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe('Primary surgeon not found');
    expect(writeCalls()).toHaveLength(0);
  });

  it('creates the case for the caller at status 0 with a generated id, whatever user_id and case_id the body says', async () => {
    // Prepare
    ddbMock.on(TransactWriteCommand).resolves({});
    // Act
    const answer = await invoke(handler, {
      method: 'POST',
      path: '/case',
      sub: OWNER,
      body: { ...validBody, user_id: OTHER, case_id: `${OTHER}_1760000000000` },
    });
    // Assess
    expect(answer.status).toBe(201);
    expect(ddbMock.commandCalls(TransactWriteCommand)).toHaveLength(1);
    expect(ddbMock.commandCalls(PutCommand).filter((c) => c.args[0].input.TableName !== 'audit')).toHaveLength(0);
    const [action, ...counters] = transaction();
    const put = action!.Put!;
    expect(put.TableName).toBe('cases');
    expect(put.ConditionExpression).toBe('attribute_not_exists(case_id)');
    const item = put.Item!;
    expect(item).toMatchObject({
      user_id: OWNER,
      case_status: 0,
      user_status: `${OWNER}#0`,
      procedure_codes: ['47562', '49505'],
      version: 1,
      cpt_descriptors: { '47562': 'Laparoscopic cholecystectomy' },
      status_month: `0#${item.created_at.slice(0, 7)}`,
      created_month: item.created_at.slice(0, 7),
      search_id_p: OWNER.charAt(0),
      search_id: item.case_id.toLowerCase(),
      search_last_p: 'r',
      search_last: 'roe jane',
      search_name_p: 'j',
      search_name: 'jane roe',
      search_ins_p: 'a',
      search_ins: 'aetna',
      search_num_p: 'c',
      search_num: 'c-000042',
      sort_date: item.case_date,
      sort_changed: item.created_at,
      status_changed_at: item.created_at,
      list_p: 'case',
      status_p: 's0',
    });
    expect(answer.body.case).toMatchObject({ status_changed_at: item.created_at, days_in_status: 0 });
    expect(item.case_id).toMatch(new RegExp(`^${OWNER}_\\d{13}$`));
    // The next number of the counter, reserved by one ADD whose answer is used.
    expect(item.case_number).toBe('C-000042');
    expect(answer.body.case.case_number).toBe('C-000042');
    const reserve = ddbMock.commandCalls(UpdateCommand, { TableName: 'case-stats' });
    expect(reserve).toHaveLength(1);
    expect(reserve[0]!.args[0].input).toMatchObject({
      Key: { scope: 'sequence', bucket: 'case_number' },
      UpdateExpression: 'ADD #n :count',
      ExpressionAttributeValues: { ':count': 1 },
      ReturnValues: 'UPDATED_NEW',
    });
    // The six counters move with the case, in the same transaction.
    const up = { n_0: 1, n_total: 1 };
    expect(counters).toHaveLength(8);
    expect(counterDeltas(counters)).toEqual(Object.fromEntries(counterKeys(item as CaseItem).map((key) => [key, up])));
    expect(ddbMock.commandCalls(TransactWriteCommand)[0]!.args[0].input.ClientRequestToken).toEqual(expect.any(String));
    expect(answer.body.case.procedure_codes).toEqual([
      { procedure_code: '47562', procedure_desc: 'Laparoscopic cholecystectomy' },
      { procedure_code: '49505', procedure_desc: '' },
    ]);
  });

  it('answers 409 when a client case_id of the form `${sub}_<ms>` exists, writing no second case', async () => {
    // Prepare
    const wanted = `${OWNER}_1760000000123`;
    ddbMock.on(TransactWriteCommand).rejects(conditionFailed(5));
    // Act
    const answer = await invoke(handler, {
      method: 'POST',
      path: '/case',
      sub: OWNER,
      body: { ...validBody, case_id: wanted },
    });
    // Assess
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe('A case with this id already exists');
    const puts = ddbMock
      .commandCalls(TransactWriteCommand)
      .map((c) => c.args[0].input.TransactItems![0]!.Put!.Item!.case_id);
    expect(puts).toEqual([wanted]);
  });

  it('retries a collision of a generated case id with the next millisecond instead of overwriting', async () => {
    // Prepare
    ddbMock.on(TransactWriteCommand).rejectsOnce(conditionFailed(5)).resolves({});
    // Act
    const answer = await invoke(handler, { method: 'POST', path: '/case', sub: OWNER, body: validBody });
    // Assess
    const puts = ddbMock
      .commandCalls(TransactWriteCommand)
      .map((c) => c.args[0].input.TransactItems![0]!.Put!.Item!.case_id as string);
    expect(puts).toHaveLength(2);
    expect(Number(puts[1]!.split('_')[1])).toBe(Number(puts[0]!.split('_')[1]) + 1);
    expect(answer.status).toBe(201);
    expect(answer.body.case_id).toBe(puts[1]);
    // The number reserved once is the retry's too (it was never stored).
    expect(ddbMock.commandCalls(UpdateCommand, { TableName: 'case-stats' })).toHaveLength(1);
    expect(transaction(1)[0]!.Put!.Item!.case_number).toBe('C-000042');
    // The retried transaction counts the case under its new id (its own shard), the same case once.
    expect(Object.keys(counterDeltas(transaction(1)))).toEqual(
      counterKeys({ case_id: puts[1]!, user_id: OWNER, created_at: transaction(1)[0]!.Put!.Item!.created_at }),
    );
  });

  it('records the creation in the status history with from null, the caller and why auto', async () => {
    // Prepare
    ddbMock.on(TransactWriteCommand).resolves({});
    // Act
    const answer = await invoke(handler, { method: 'POST', path: '/case', sub: OWNER, body: validBody });
    // Assess
    const item = transaction()[0]!.Put!.Item!;
    expect(item.status_history).toEqual([{ from: null, to: 0, by: OWNER, at: item.updated_at, why: 'auto' }]);
    expect(answer.body.case.status_history).toEqual([{ ...item.status_history[0], by_name: 'Ada Lovelace' }]);
  });

  it('refuses case_status from a provider with 403 whatever the value, writing nothing', async () => {
    // Act
    const answers = await Promise.all(
      [0, 10, 20, 'x'].map((case_status) =>
        invoke(handler, { method: 'POST', path: '/case', sub: OWNER, body: { ...validBody, case_status } }),
      ),
    );
    // Assess
    expect(answers.map((a) => a.status)).toEqual([403, 403, 403, 403]);
    expect(writeCalls()).toHaveLength(0);
  });

  it.each([
    ['demo_file', 'private/case-documents/x/demo_1.pdf'],
    ['note_file', 'op.pdf'],
    ['misc_file', 'misc.pdf'],
    ['file_keys', { op_note: 'private/case-documents/x/op_1.pdf' }],
  ])('refuses %s with a document reference on creation (400 naming the field)', async (field, value) => {
    // Act
    const answer = await invoke(handler, {
      method: 'POST',
      path: '/case',
      sub: OWNER,
      body: { ...validBody, [field]: value },
    });
    // Assess
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual([{ field, message: expect.stringContaining(`${field} must be empty`) }]);
    expect(writeCalls()).toHaveLength(0);
  });
});

describe('GET /case', () => {
  it("answers 404 'Case not found' to a provider asking for another user's case", async () => {
    // Prepare
    ddbMock.on(GetCommand, { TableName: 'cases' }).resolves({ Item: storedCase() });
    // Act
    const answer = await invoke(handler, {
      method: 'GET',
      path: '/case',
      sub: OTHER,
      query: { case_id: storedCase().case_id },
    });
    // Assess
    expect(answer).toMatchObject({ status: 404, body: { success: false, message: 'Case not found' } });
  });

  it('lets back office read any case, with pay_amount in dollars', async () => {
    // Prepare
    ddbMock
      .on(GetCommand, { TableName: 'cases' })
      .resolves({ Item: storedCase({ pay_amount_cents: 123456, case_status: 20 }) });
    // Act
    const answer = await invoke(handler, {
      method: 'GET',
      path: '/case',
      sub: ADMIN,
      query: { case_id: storedCase().case_id },
    });
    // Assess
    expect(answer.status).toBe(200);
    expect(answer.body.case).toMatchObject({
      case_id: storedCase().case_id,
      pay_amount: 1234.56,
      patient: { first: 'Jane' },
    });
  });

  it("refuses a provider listing another user's cases with 403 and queries nothing", async () => {
    // Act
    const answer = await invoke(handler, { method: 'GET', path: '/case', sub: OWNER, query: { user_id: OTHER } });
    // Assess
    expect(answer).toMatchObject({ status: 403, body: { message: 'No cases found or insufficient permissions' } });
    expect(ddbMock.commandCalls(QueryCommand)).toHaveLength(0);
  });

  it("lists a provider's own cases of one status through the byUserStatus index, newest first", async () => {
    // Prepare
    ddbMock.on(QueryCommand).resolves({ Items: [storedCase({ case_status: 10, user_status: `${OWNER}#10` })] });
    // Act
    const answer = await invoke(handler, { method: 'GET', path: '/case', sub: OWNER, query: { status: 'submitted' } });
    // Assess
    const query = ddbMock.commandCalls(QueryCommand)[0]!.args[0].input;
    expect(query).toMatchObject({
      IndexName: 'byUserStatus',
      ScanIndexForward: false,
      ExpressionAttributeValues: { ':us': `${OWNER}#10` },
    });
    expect(answer.body).toMatchObject({ success: true, count: 1 });
  });

  it('answers 400 for an unknown status', async () => {
    // Act
    const answer = await invoke(handler, { method: 'GET', path: '/case', sub: OWNER, query: { status: '15' } });
    // Assess
    expect(answer.status).toBe(400);
    expect(answer.body.message).toMatch(/^status must be one of 0, 10/);
  });

  it("gives back office all users' cases by walking the months from the newest, reading earlier months with cases only while the page is not full", async () => {
    // Prepare: cases created in March and January 2026, none in February.
    const march = storedCase({ case_id: 'b', case_status: 90, created_at: '2026-03-01T00:00:00.000Z' });
    const january = storedCase({ case_id: 'a', created_at: '2026-01-01T00:00:00.000Z' });
    ddbMock.on(QueryCommand).callsFake((input: QueryCommandInput) => {
      if (input.TableName === 'case-stats')
        return {
          Items: [
            { bucket: '2026-03', n_total: 1 },
            { bucket: '2026-02', n_total: 0 },
            { bucket: '2026-01', n_total: 1 },
          ],
        };
      const month = input.ExpressionAttributeValues![':m'];
      if (month === '2026-03') return { Items: [march], ScannedCount: 1 };
      if (month === '2026-01') return { Items: [january], ScannedCount: 1 };
      return { Items: [], ScannedCount: 0 };
    });
    // Act
    const answer = await invoke(handler, { method: 'GET', path: '/case', sub: ADMIN });
    // Assess
    const queries = ddbMock.commandCalls(QueryCommand).map((c) => c.args[0].input);
    const bounds = queries.filter((q) => q.TableName === 'case-stats');
    expect(bounds).toHaveLength(1);
    expect(bounds[0]).toMatchObject({ ScanIndexForward: false, ExpressionAttributeValues: { ':s': 'month' } });
    const months = queries.filter((q) => q.TableName === 'cases');
    expect(months.every((q) => q.IndexName === 'byMonth' && q.ScanIndexForward === false)).toBe(true);
    expect(months.map((q) => [q.ExpressionAttributeValues![':m'], q.Limit])).toEqual([
      ['2026-03', 51],
      ['2026-01', 50],
    ]);
    expect(queries.some((q) => q.IndexName === 'byStatus')).toBe(false);
    expect(answer.body).toMatchObject({ success: true, count: 2 });
    expect(answer.body.next_cursor).toBeUndefined();
    expect(answer.body.cases.map((c: { case_id: string }) => c.case_id)).toEqual(['b', 'a']);
    expect(answer.body.cases.map((c: { owner_name: string }) => c.owner_name)).toEqual([
      'Ada Lovelace',
      'Ada Lovelace',
    ]);
    // One batched read of the page's owners, not one per row.
    const userReads = ddbMock
      .commandCalls(BatchGetCommand)
      .filter((c) => Object.keys(c.args[0].input.RequestItems!)[0] === 'users');
    expect(userReads).toHaveLength(1);
  });

  it('stops the month walk at a full page and answers a cursor that resumes after its last case', async () => {
    // Prepare: March holds more than one page of one case.
    const newest = storedCase({ case_id: 'c', created_at: '2026-03-09T00:00:00.000Z' });
    const older = storedCase({ case_id: 'b', created_at: '2026-03-02T00:00:00.000Z' });
    ddbMock.on(QueryCommand).callsFake((input: QueryCommandInput) => {
      if (input.TableName === 'case-stats')
        return {
          Items: [
            { bucket: '2026-03', n_total: 2 },
            { bucket: '2025-11', n_total: 0 },
          ],
        };
      if (input.ExpressionAttributeValues![':m'] !== '2026-03') return { Items: [] };
      const items = input.ExclusiveStartKey ? [older] : [newest, older];
      return { Items: items.slice(0, input.Limit), ScannedCount: Math.min(items.length, input.Limit!) };
    });
    // Act
    const first = await invoke(handler, { method: 'GET', path: '/case', sub: ADMIN, query: { limit: '1' } });
    const firstQueries = ddbMock.commandCalls(QueryCommand).length;
    const second = await invoke(handler, {
      method: 'GET',
      path: '/case',
      sub: ADMIN,
      query: { limit: '1', cursor: first.body.next_cursor },
    });
    // Assess
    const months = ddbMock
      .commandCalls(QueryCommand)
      .slice(0, firstQueries)
      .map((c) => c.args[0].input)
      .filter((q) => q.TableName === 'cases');
    expect(months.map((q) => [q.ExpressionAttributeValues![':m'], q.Limit])).toEqual([['2026-03', 2]]);
    expect(first.body.cases.map((c: { case_id: string }) => c.case_id)).toEqual(['c']);
    expect(first.body.next_cursor).toEqual(expect.any(String));
    const resumed = ddbMock
      .commandCalls(QueryCommand)
      .slice(firstQueries)
      .map((c) => c.args[0].input)
      .find((q) => q.TableName === 'cases')!;
    expect(resumed.ExclusiveStartKey).toEqual({
      case_id: 'c',
      created_month: '2026-03',
      created_at: '2026-03-09T00:00:00.000Z',
    });
    expect(second.body.cases.map((c: { case_id: string }) => c.case_id)).toEqual(['b']);
    expect(second.body.next_cursor).toBeUndefined();
  });
});

describe('PATCH, PUT and DELETE /case', () => {
  beforeEach(() => {
    ddbMock.on(GetCommand, { TableName: 'cases' }).resolves({ Item: storedCase() });
    ddbMock.on(UpdateCommand).callsFake((input: { ExpressionAttributeValues: Record<string, unknown> }) => ({
      Attributes: storedCase({
        version: 4,
        ...(input.ExpressionAttributeValues[':f0'] === '' ? { note_file: '' } : {}),
      }),
    }));
    ddbMock.on(TransactWriteCommand).resolves({});
  });

  it("answers 'case_id is required for case updates' without touching the table", async () => {
    // Act
    const answer = await invoke(handler, {
      method: 'PATCH',
      path: '/case',
      sub: OWNER,
      body: { patient_first: 'Janet' },
    });
    // Assess
    expect(answer).toMatchObject({ status: 400, body: { message: 'case_id is required for case updates' } });
    expect(writeCalls()).toHaveLength(0);
  });

  it('changes only the sent fields, clears a file with null and guards on the stored version', async () => {
    // Act
    const answer = await invoke(handler, {
      method: 'PATCH',
      path: '/case',
      sub: OWNER,
      body: { case_id: storedCase().case_id, note_file: null, patient_last: 'Smith' },
    });
    // Assess
    expect(answer.status).toBe(200);
    // Nothing counted changes: one UpdateItem, no transaction.
    expect(ddbMock.commandCalls(TransactWriteCommand)).toHaveLength(0);
    const update = ddbMock.commandCalls(UpdateCommand)[0]!.args[0].input;
    expect(update.ReturnValues).toBe('ALL_NEW');
    const written = writtenFields(update);
    // The sent fields, and the name search keys that follow patient_last.
    // The detached note is soft-deleted in the same write: recorded, not removed.
    expect(written).toEqual({
      note_file: '',
      patient_last: 'Smith',
      search_last_p: 's',
      search_last: 'smith jane',
      search_name: 'jane smith',
      deleted_documents: [{ key: 'op_x.pdf', deleted_at: expect.any(String), deleted_by: 'owner-sub' }],
    });
    expect(update.ConditionExpression).toContain('#v = :read');
    expect(update.ExpressionAttributeValues![':read']).toBe(3);
    expect(update.ExpressionAttributeValues![':next']).toBe(4);
  });

  it("answers 404 to a provider patching another user's case", async () => {
    // Act
    const answer = await invoke(handler, {
      method: 'PATCH',
      path: '/case',
      sub: OTHER,
      body: { case_id: storedCase().case_id, patient_last: 'Xavier' },
    });
    // Assess
    expect(answer.status).toBe(404);
    expect(writeCalls()).toHaveLength(0);
  });

  it('refuses pay_amount from a provider with 403', async () => {
    // Act
    const answer = await invoke(handler, {
      method: 'PATCH',
      path: '/case',
      sub: OWNER,
      body: { case_id: storedCase().case_id, pay_amount: 100 },
    });
    // Assess
    expect(answer.status).toBe(403);
    expect(writeCalls()).toHaveLength(0);
  });

  it('answers 409 without writing when the stored version differs from the one the client sent', async () => {
    // Act
    const answer = await invoke(handler, {
      method: 'PATCH',
      path: '/case',
      sub: OWNER,
      body: { case_id: storedCase().case_id, patient_last: 'Smith', version: 2 },
    });
    // Assess
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe('The case was changed by someone else. Reload it and try again.');
    expect(writeCalls()).toHaveLength(0);
  });

  it('answers 409 when a concurrent write wins after the read and the client sent a version', async () => {
    // Prepare
    ddbMock.on(UpdateCommand).rejects(new ConditionalCheckFailedException({ message: 'version', $metadata: {} }));
    // Act
    const answer = await invoke(handler, {
      method: 'PATCH',
      path: '/case',
      sub: OWNER,
      body: { case_id: storedCase().case_id, patient_last: 'Smith', version: 3 },
    });
    // Assess
    expect(answer.status).toBe(409);
    expect(ddbMock.commandCalls(UpdateCommand)).toHaveLength(1);
    expect(ddbMock.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('answers 409 when a concurrent write wins a status change (a transaction) and the client sent a version', async () => {
    // Prepare
    ddbMock.on(TransactWriteCommand).rejects(conditionFailed(5));
    // Act
    const answer = await invoke(handler, {
      method: 'PATCH',
      path: '/case',
      sub: ADMIN,
      body: { case_id: storedCase().case_id, case_status: 20, version: 3 },
    });
    // Assess
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe('The case was changed by someone else. Reload it and try again.');
    expect(ddbMock.commandCalls(TransactWriteCommand)).toHaveLength(1);
  });

  it('re-reads and retries once when a concurrent write wins and the client sent no version', async () => {
    // Prepare
    ddbMock
      .on(GetCommand, { TableName: 'cases' })
      .resolvesOnce({ Item: storedCase() })
      .resolvesOnce({ Item: storedCase() })
      .resolves({ Item: storedCase({ version: 4, patient_first: 'Janet' }) });
    ddbMock
      .on(UpdateCommand)
      .rejectsOnce(new ConditionalCheckFailedException({ message: 'version', $metadata: {} }))
      .resolves({ Attributes: storedCase({ version: 5, patient_last: 'Smith' }) });
    // Act
    const answer = await invoke(handler, {
      method: 'PATCH',
      path: '/case',
      sub: OWNER,
      body: { case_id: storedCase().case_id, patient_last: 'Smith' },
    });
    // Assess
    expect(answer.status).toBe(200);
    const reads = ddbMock.commandCalls(UpdateCommand).map((c) => c.args[0].input.ExpressionAttributeValues![':read']);
    expect(reads).toEqual([3, 4]);
  });

  it('moves a case to Submitted on the write that completes it and records the history entry', async () => {
    // Prepare
    const complete = storedCase({ demo_file: 'private/case-documents/owner-sub/demo_1.pdf', procedure_codes: [] });
    ddbMock.on(GetCommand, { TableName: 'cases' }).resolves({ Item: complete });
    // Act
    await invoke(handler, {
      method: 'PATCH',
      path: '/case',
      sub: OWNER,
      body: { case_id: complete.case_id, procedure_codes: ['47562'] },
    });
    // Assess
    expect(ddbMock.commandCalls(UpdateCommand)).toHaveLength(0);
    const [action, ...counters] = transaction();
    const update = action!.Update!;
    expect(update).toMatchObject({ TableName: 'cases', Key: { case_id: complete.case_id } });
    expect(update.ConditionExpression).toBe('attribute_exists(#id) AND attribute_not_exists(#del) AND #v = :read');
    expect(update.ExpressionAttributeValues![':read']).toBe(3);
    const written = writtenFields(update);
    expect(written).toMatchObject({
      case_status: 10,
      user_status: `${OWNER}#10`,
      status_month: '10#2026-01',
      procedure_codes: ['47562'],
      cpt_descriptors: { '47562': 'Laparoscopic cholecystectomy' },
    });
    expect(written.status_history).toEqual([
      { from: 0, to: 10, by: OWNER, at: update.ExpressionAttributeValues![':ua'], why: 'auto' },
    ]);
    // One case leaves Incomplete for Submitted on each of its six counters; the total stays.
    expect(counterDeltas(counters)).toEqual(
      Object.fromEntries(counterKeys(complete).map((key) => [key, { n_0: -1, n_10: 1 }])),
    );
  });

  it('refuses case_status in a PATCH from a provider with 403 and lets back office set it as a manual change', async () => {
    // Act
    const provider = await invoke(handler, {
      method: 'PATCH',
      path: '/case',
      sub: OWNER,
      body: { case_id: storedCase().case_id, case_status: 10 },
    });
    const admin = await invoke(handler, {
      method: 'PATCH',
      path: '/case',
      sub: ADMIN,
      body: { case_id: storedCase().case_id, case_status: 20 },
    });
    // Assess
    expect(provider.status).toBe(403);
    expect(admin.status).toBe(200);
    expect(writeCalls()).toHaveLength(1);
    const [action, ...counters] = transaction();
    expect(writtenFields(action!.Update!)).toMatchObject({
      case_status: 20,
      user_status: `${OWNER}#20`,
      status_month: '20#2026-01',
      status_history: [expect.objectContaining({ from: 0, to: 20, by: ADMIN, why: 'manual' })],
    });
    expect(Object.values(counterDeltas(counters))).toEqual(Array(6).fill({ n_0: -1, n_20: 1 }));
    expect(admin.body.case).toMatchObject({ case_status: 20, version: 4 });
  });

  it('moves pay_amount_cents (cents) on the counters in the same transaction when back office sets a pay amount', async () => {
    // Prepare
    ddbMock.on(GetCommand, { TableName: 'cases' }).resolves({
      Item: storedCase({ case_status: 20, pay_amount_cents: 10_000 }),
    });
    // Act
    const answer = await invoke(handler, {
      method: 'PATCH',
      path: '/case',
      sub: ADMIN,
      body: { case_id: storedCase().case_id, pay_amount: 123.45 },
    });
    // Assess
    expect(answer.status).toBe(200);
    const [action, ...counters] = transaction();
    expect(writtenFields(action!.Update!)).toEqual({ pay_amount_cents: 12_345 });
    expect(counterDeltas(counters)).toEqual(
      Object.fromEntries(counterKeys(storedCase()).map((key) => [key, { pay_cents: 2_345, pay_20: 2_345 }])),
    );
    expect(answer.body.case.pay_amount).toBe(123.45);
  });

  it.each([
    [{ demo_file: 'private/case-documents/owner-sub/demo_forged.pdf' }, 'demo_file'],
    [{ note_file: 'private/case-documents/someone-else/op_1.pdf' }, 'note_file'],
    [{ misc_file: '../../etc/passwd' }, 'misc_file'],
    [{ file_keys: JSON.stringify({ op_note: 'op_x.pdf', misc_documents: ['private/other.pdf'] }) }, 'file_keys'],
    [{ file_keys: JSON.stringify({ demographic_sheet: 'op_x.pdf' }) }, 'file_keys'],
  ])('refuses %p, a file key the server did not issue for that field (400 naming %s)', async (fields, field) => {
    // Act
    const answer = await invoke(handler, {
      method: 'PATCH',
      path: '/case',
      sub: OWNER,
      body: { case_id: storedCase().case_id, ...fields },
    });
    // Assess
    expect(answer.status).toBe(400);
    expect(answer.body.errors.map((e: { field: string }) => e.field)).toEqual([field]);
    expect(writeCalls()).toHaveLength(0);
  });

  it('accepts the stored key, an empty text or null for file fields', async () => {
    // Act
    const answer = await invoke(handler, {
      method: 'PATCH',
      path: '/case',
      sub: OWNER,
      body: { case_id: storedCase().case_id, note_file: 'op_x.pdf', demo_file: '', misc_file: null, file_keys: null },
    });
    // Assess
    expect(answer.status).toBe(200);
    expect(ddbMock.commandCalls(UpdateCommand)).toHaveLength(1);
  });

  it('refuses a status change (PUT) from a provider with 403, even on their own case', async () => {
    // Act
    const answer = await invoke(handler, {
      method: 'PUT',
      path: '/case',
      sub: OWNER,
      body: { case_id: storedCase().case_id, case_status: 10 },
    });
    // Assess
    expect(answer.status).toBe(403);
    expect(writeCalls()).toHaveLength(0);
  });

  it('lets back office change the status, keeping the user_status key in step', async () => {
    // Act
    const answer = await invoke(handler, {
      method: 'PUT',
      path: '/case',
      sub: ADMIN,
      body: { case_id: storedCase().case_id, case_status: '30' },
    });
    // Assess
    expect(answer.status).toBe(200);
    expect(ddbMock.commandCalls(UpdateCommand)).toHaveLength(0);
    const [action, ...counters] = transaction();
    const update = action!.Update!;
    expect(update.ConditionExpression).toBe('attribute_exists(#id) AND attribute_not_exists(#del) AND #v = :read');
    expect(writtenFields(update)).toEqual({
      case_status: 30,
      status_history: [{ from: 0, to: 30, by: ADMIN, at: update.ExpressionAttributeValues![':ua'], why: 'manual' }],
      user_status: `${OWNER}#30`,
      status_month: '30#2026-01',
      status_changed_at: update.ExpressionAttributeValues![':ua'],
      sort_changed: update.ExpressionAttributeValues![':ua'],
      status_p: 's30',
    });
    expect(counterDeltas(counters)).toEqual(
      Object.fromEntries(counterKeys(storedCase()).map((key) => [key, { n_0: -1, n_30: 1 }])),
    );
    expect(answer.body.case).toMatchObject({ case_status: 30, version: 4 });
  });

  it('refuses a move to a lower status without a non-blank reason with 400 and writes nothing', async () => {
    // Prepare
    ddbMock.on(GetCommand, { TableName: 'cases' }).resolves({ Item: storedCase({ case_status: 30 }) });
    // Act
    const answers = await Promise.all(
      [{}, { reason: '  ' }, { reason: null }].map((extra) =>
        invoke(handler, {
          method: 'PUT',
          path: '/case',
          sub: ADMIN,
          body: { case_id: storedCase().case_id, case_status: 20, ...extra },
        }),
      ),
    );
    // Assess
    expect(answers.map((a) => a.status)).toEqual([400, 400, 400]);
    expect(answers[0]!.body.message).toBe('A reason is required to move a case back to an earlier status');
    expect(writeCalls()).toHaveLength(0);
  });

  it('keeps the reason of a move back in the history entry', async () => {
    // Prepare
    ddbMock.on(GetCommand, { TableName: 'cases' }).resolves({ Item: storedCase({ case_status: 30 }) });
    // Act
    const answer = await invoke(handler, {
      method: 'PUT',
      path: '/case',
      sub: ADMIN,
      body: { case_id: storedCase().case_id, case_status: 20, reason: ' Claim returned by the payer ' },
    });
    // Assess
    expect(answer.status).toBe(200);
    const update = transaction()[0]!.Update!;
    expect(writtenFields(update).status_history).toEqual([
      {
        from: 30,
        to: 20,
        by: ADMIN,
        at: update.ExpressionAttributeValues![':ua'],
        why: 'manual',
        reason: 'Claim returned by the payer',
      },
    ]);
  });

  it("answers 404 to a provider deleting another user's case and deletes nothing", async () => {
    // Act
    const answer = await invoke(handler, {
      method: 'DELETE',
      path: '/case',
      sub: OTHER,
      query: { case_id: storedCase().case_id },
    });
    // Assess
    expect(answer.status).toBe(404);
    expect(writeCalls()).toHaveLength(0);
  });

  it("soft-deletes the owner's case: marked, out of every index and its six counters in one transaction guarded by the version", async () => {
    // Prepare
    ddbMock.on(GetCommand, { TableName: 'cases' }).resolves({
      Item: storedCase({ case_status: 20, pay_amount_cents: 5_000 }),
    });
    ddbMock.on(GetCommand, { TableName: 'disputes' }).resolves({});
    // Act
    const answer = await invoke(handler, {
      method: 'DELETE',
      path: '/case',
      sub: OWNER,
      query: { case_id: storedCase().case_id },
    });
    // Assess
    expect(answer).toMatchObject({ status: 200, body: { success: true } });
    expect(ddbMock.commandCalls(DeleteCommand)).toHaveLength(0);
    const [action, ...others] = transaction();
    // No dispute: nothing to take out of its counts, on condition that none appeared meanwhile
    const counters = others.filter((a) => !a.ConditionCheck);
    expect(others.filter((a) => a.ConditionCheck)).toEqual([
      {
        ConditionCheck: {
          TableName: 'disputes',
          Key: { case_id: storedCase().case_id, sk: 'dispute' },
          ConditionExpression: 'attribute_not_exists(sk)',
        },
      },
    ]);
    expect(action!.Delete).toBeUndefined();
    const update = action!.Update!;
    expect(update).toMatchObject({
      TableName: 'cases',
      Key: { case_id: storedCase().case_id },
      ConditionExpression: '#v = :read AND attribute_not_exists(#da)',
      ExpressionAttributeValues: {
        ':read': 3,
        ':next': 4,
        ':db': OWNER,
        ':dp': 'deleted',
        ':dc': storedCase().created_at,
      },
    });
    const removed = update
      .UpdateExpression!.split(' REMOVE ')[1]!
      .split(', ')
      .map((n) => update.ExpressionAttributeNames![n]);
    expect(removed.sort()).toEqual(
      [
        'created_at',
        'user_status',
        'status_month',
        'created_month',
        'search_id_p',
        'search_id',
        'search_last_p',
        'search_last',
        'search_ins_p',
        'search_ins',
        'search_member_p',
        'search_member',
        'search_name_p',
        'search_name',
        'search_num_p',
        'search_num',
        'sort_changed',
        'sort_date',
        'list_p',
        'status_p',
      ].sort(),
    );
    expect(counterDeltas(counters)).toEqual(
      Object.fromEntries(
        counterKeys(storedCase()).map((key) => [key, { n_20: -1, n_total: -1, pay_cents: -5_000, pay_20: -5_000 }]),
      ),
    );
  });
});

describe('GET /case/stats', () => {
  beforeEach(() => {
    ddbMock.on(QueryCommand).callsFake((input: QueryCommandInput) => {
      if (input.IndexName === 'byCaseCount')
        return { Items: [{ scope: 'owner', bucket: OWNER, owner_id: OWNER, n_total: 3 }] };
      const scope = input.ExpressionAttributeValues![':s'];
      if (scope === 'all') return { Items: [{ bucket: 'shard#1', n_0: 1, n_20: 2, n_total: 3, pay_cents: 25_050 }] };
      if (scope === 'owner') return { Items: [{ bucket: OWNER, n_20: 2, n_total: 2, pay_cents: 25_050 }] };
      return { Items: [] };
    });
  });

  it('gives back office the counts of all cases with the top users and their names', async () => {
    // Act
    const answer = await invoke(handler, { method: 'GET', path: '/case/stats', sub: ADMIN });
    // Assess
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      success: true,
      range: 'all',
      total_cases: 3,
      total_revenue: 250.5,
      pending_cases: 2,
      incomplete_cases: 1,
      top_users: [{ user_id: OWNER, name: 'Ada Lovelace', case_count: 3 }],
    });
    expect(Object.keys(answer.body.by_status)).toHaveLength(10);
    // Counters only: no case is read.
    expect(ddbMock.commandCalls(QueryCommand).some((c) => c.args[0].input.TableName === 'cases')).toBe(false);
  });

  it("gives a provider their own counts, without top users, and refuses anyone else's with 403", async () => {
    // Act
    const own = await invoke(handler, { method: 'GET', path: '/case/stats', sub: OWNER, query: { user_id: OWNER } });
    const other = await invoke(handler, { method: 'GET', path: '/case/stats', sub: OTHER, query: { user_id: OWNER } });
    const all = await invoke(handler, { method: 'GET', path: '/case/stats', sub: OTHER });
    // Assess
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ total_cases: 2, total_revenue: 250.5, pending_cases: 2, top_users: [] });
    expect([other.status, all.status]).toEqual([403, 403]);
    const scopes = ddbMock.commandCalls(QueryCommand).map((c) => c.args[0].input.ExpressionAttributeValues![':s']);
    // Besides the owner's case counters, only the owner's own dispute counters (decision record 0019).
    const disputeScopes = (s: unknown) => String(s).startsWith(`dq-owner#${OWNER}#`) || s === 'dispute-owner-totals';
    expect(scopes.filter((s) => !disputeScopes(s))).toEqual(['owner']);
  });

  it('answers 400 naming the range for a range it does not know', async () => {
    // Act
    const answer = await invoke(handler, { method: 'GET', path: '/case/stats', sub: ADMIN, query: { range: '2w' } });
    // Assess
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual([{ field: 'range', message: 'range must be one of 7d, 30d, 90d, 1y, all' }]);
    expect(ddbMock.commandCalls(QueryCommand)).toHaveLength(0);
  });
});

describe('GET /case paging', () => {
  it('answers 400 for a limit that is not a whole number and for a cursor of another owner, reading no case', async () => {
    // Prepare
    ddbMock.on(QueryCommand).resolves({ Items: [storedCase(), storedCase({ case_id: `${OWNER}_1759999999999` })] });
    const mine = await invoke(handler, { method: 'GET', path: '/case', sub: OWNER, query: { limit: '1' } });
    ddbMock.resetHistory();
    // Act
    const badLimit = await invoke(handler, { method: 'GET', path: '/case', sub: OWNER, query: { limit: '1.5' } });
    const stolen = await invoke(handler, {
      method: 'GET',
      path: '/case',
      sub: OTHER,
      query: { limit: '1', cursor: mine.body.next_cursor },
    });
    // Assess
    expect(mine.body).toMatchObject({ count: 1, next_cursor: expect.any(String) });
    expect(mine.body.cases[0]).not.toHaveProperty('owner_name');
    expect(badLimit.status).toBe(400);
    expect(badLimit.body.errors).toEqual([{ field: 'limit', message: expect.any(String) }]);
    expect(stolen.status).toBe(400);
    expect(stolen.body.errors).toEqual([{ field: 'cursor', message: expect.any(String) }]);
    expect(ddbMock.commandCalls(QueryCommand)).toHaveLength(0);
  });

  it("follows next_cursor to the next page of a provider's list whose cursor is longer than 200 characters", async () => {
    // Prepare: a real Cognito sub makes case ids, and so cursors, long.
    const sub = 'c4a8e2b0-7d1f-4cde-8f00-0123456789ab';
    const newest = storedCase({
      user_id: sub,
      case_id: `${sub}_1760000000001`,
      created_at: '2026-01-16T10:00:00.000Z',
    });
    const older = storedCase({ user_id: sub, case_id: `${sub}_1760000000000` });
    ddbMock
      .on(QueryCommand)
      .callsFake((input: QueryCommandInput) => ({ Items: input.ExclusiveStartKey ? [older] : [newest, older] }));
    // Act
    const first = await invoke(handler, { method: 'GET', path: '/case', sub, query: { user_id: sub, limit: '1' } });
    const second = await invoke(handler, {
      method: 'GET',
      path: '/case',
      sub,
      query: { user_id: sub, limit: '1', cursor: first.body.next_cursor },
    });
    // Assess
    expect(first.body.next_cursor.length).toBeGreaterThan(200);
    expect(second.status).toBe(200);
    expect(ddbMock.commandCalls(QueryCommand)[1]!.args[0].input.ExclusiveStartKey).toEqual({
      case_id: newest.case_id,
      user_id: sub,
      created_at: newest.created_at,
    });
    expect(second.body.cases.map((c: { case_id: string }) => c.case_id)).toEqual([older.case_id]);
    expect(second.body).not.toHaveProperty('next_cursor');
  });

  it('pages GET /case/filter with the same limit and cursor and caps a limit above 200', async () => {
    // Prepare
    ddbMock.on(QueryCommand).resolves({ Items: [storedCase({ case_status: 10 })] });
    // Act
    const answer = await invoke(handler, {
      method: 'GET',
      path: '/case/filter',
      sub: OWNER,
      query: { filter: '10', limit: '500' },
    });
    // Assess
    expect(answer.status).toBe(200);
    expect(ddbMock.commandCalls(QueryCommand)[0]!.args[0].input).toMatchObject({
      IndexName: 'byUserStatus',
      ExpressionAttributeValues: { ':us': `${OWNER}#10` },
      Limit: 201,
    });
    expect(answer.body).toMatchObject({ success: true, count: 1 });
    expect(answer.body).not.toHaveProperty('next_cursor');
  });
});

describe('GET /case/health', () => {
  it('answers without a token', async () => {
    // Act
    const answer = await invoke(handler, { method: 'GET', path: '/case/health' });
    // Assess
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ status: 'ok', service: 'case' });
    expect(Number.isNaN(Date.parse(answer.body.time))).toBe(false);
  });
});
