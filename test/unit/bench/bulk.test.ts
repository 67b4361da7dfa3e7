import '../lambdas/support/env';
import {
  BatchGetCommand,
  BatchWriteCommand,
  DynamoDBDocumentClient,
  TransactWriteCommand,
  UpdateCommand,
  type BatchGetCommandInput,
  type BatchWriteCommandInput,
  type TransactWriteCommandInput,
  type UpdateCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { loadCases } from '../../../bench/lib/bulk';
import { createCase, type CreateCaseInput } from '../../../lambdas/data/case/repository';

const ddbMock = mockClient(DynamoDBDocumentClient);

/** An in-memory cases table and case-stats table, written as DynamoDB would apply the calls. */
interface Store {
  cases: Map<string, Record<string, unknown>>;
  counters: Map<string, Record<string, unknown>>;
  /** Counter UpdateItems sent outside a transaction (the case-number reservations aside). */
  counterCalls: number;
  batchWrites: number;
  numberReservations: number[];
}

let store: Store;
let caseNumberCounter: number;

/** Apply an `ADD #n :v, ... SET #n = :v, ...` update to the counter table (DynamoDB's semantics). */
function applyCounterUpdate(u: Pick<UpdateCommandInput, 'Key' | 'UpdateExpression'> & Record<string, unknown>): void {
  const key = u.Key as { scope: string; bucket: string };
  const names = u.ExpressionAttributeNames as Record<string, string>;
  const values = u.ExpressionAttributeValues as Record<string, unknown>;
  const id = `${key.scope}|${key.bucket}`;
  const item = store.counters.get(id) ?? { ...key };
  for (const [, verb, body] of String(u.UpdateExpression).matchAll(/(ADD|SET) (.*?)(?= ADD | SET |$)/g)) {
    for (const part of body!.split(', ')) {
      if (verb === 'ADD') {
        const [n, v] = part.split(' ') as [string, string];
        item[names[n]!] = Number(item[names[n]!] ?? 0) + Number(values[v]);
      } else {
        const [n, v] = part.split(' = ') as [string, string];
        item[names[n]!] = values[v];
      }
    }
  }
  store.counters.set(id, item);
}

const DESCRIPTORS: Record<string, string> = {
  '47562': 'Laparoscopic cholecystectomy',
  '27447': 'Total knee arthroplasty',
};

beforeEach(() => {
  ddbMock.reset();
  store = { cases: new Map(), counters: new Map(), counterCalls: 0, batchWrites: 0, numberReservations: [] };
  caseNumberCounter = 41;
  ddbMock.on(UpdateCommand).callsFake((input: UpdateCommandInput) => {
    if ((input.Key as { scope: string }).scope === 'sequence') {
      const count = input.ExpressionAttributeValues![':count'] as number;
      store.numberReservations.push(count);
      caseNumberCounter += count;
      return { Attributes: { n: caseNumberCounter } };
    }
    store.counterCalls += 1;
    applyCounterUpdate(input as never);
    return {};
  });
  ddbMock.on(BatchGetCommand).callsFake((input: BatchGetCommandInput) => {
    const keys = input.RequestItems!['cpt-codes']!.Keys as { cpt_code: string }[];
    return {
      Responses: {
        'cpt-codes': keys
          .filter((k) => DESCRIPTORS[k.cpt_code])
          .map((k) => ({ cpt_code: k.cpt_code, cpt_description: DESCRIPTORS[k.cpt_code] })),
      },
    };
  });
  ddbMock.on(TransactWriteCommand).callsFake((input: TransactWriteCommandInput) => {
    const actions = input.TransactItems!;
    const put = actions[0]!.Put!;
    if (store.cases.has(put.Item!.case_id as string)) {
      throw Object.assign(new Error('Transaction cancelled'), {
        name: 'TransactionCanceledException',
        CancellationReasons: actions.map((_, i) => ({ Code: i === 0 ? 'ConditionalCheckFailed' : 'None' })),
      });
    }
    store.cases.set(put.Item!.case_id as string, put.Item!);
    for (const action of actions.slice(1)) applyCounterUpdate(action.Update as never);
    return {};
  });
  ddbMock.on(BatchWriteCommand).callsFake((input: BatchWriteCommandInput) => {
    store.batchWrites += 1;
    for (const request of input.RequestItems!.cases!) {
      const item = request.PutRequest!.Item!;
      store.cases.set(item.case_id as string, item);
    }
    return { UnprocessedItems: {} };
  });
});

const NOW = new Date('2026-11-20T15:00:00.000Z');
const base = {
  surgeon_id: 's1',
  facility_id: 'f1',
  patient_first: 'Alpha',
  patient_last: 'Harrowgate',
};

/** A handful of cases covering what a create computes: auto and manual statuses, pay amounts, payers, an id taken twice. */
const INPUTS: CreateCaseInput[] = [
  { ...base, user_id: 'owner-a', case_date: '2026-03-01', ins_provider: 'Northwind Health', procedure_codes: ['47562'],
    case_status: 20, pay_amount_cents: 125_000, created_at: '2026-03-02T10:00:00.000Z' },
  // Same owner and millisecond: createCase retries with the next millisecond; so must the bulk load.
  { ...base, user_id: 'owner-a', case_date: '2026-03-01', ins_provider: '  northwind   HEALTH ', procedure_codes: ['27447', '99999'],
    case_status: 90, pay_amount_cents: 9_900, created_at: '2026-03-02T10:00:00.000Z' },
  { ...base, user_id: 'owner-b', case_date: '2025-12-30', ins_provider: 'Bluegate Mutual', procedure_codes: [],
    created_at: '2025-12-31T23:59:59.999Z' },
  { ...base, user_id: 'owner-b', case_date: '2026-11-19', ins_provider: '', procedure_codes: ['47562'],
    case_status: 30, patient_dob: '1980-02-03', member_id: 'M-1', claim_number: 'CL-9',
    created_at: '2026-11-19T08:00:00.000Z' },
  // No creation time: created now.
  { ...base, user_id: 'owner-c', case_date: '2026-11-20', ins_provider: 'Cedar Valley Care', patient_last: "O'Brien",
    procedure_codes: ['27447'], demo_file: 'demo.pdf', note_file: 'note.pdf', misc_file: 'misc.pdf' },
]; // prettier-ignore

describe('bulk load of cases (bench/lib/bulk.ts)', () => {
  it('writes the same case items and counter totals as createCase, one UpdateItem per counter item', async () => {
    // Arrange: each case through createCase, one transaction each, as the API writes them
    for (const input of INPUTS) await createCase(input, { now: NOW });
    const viaApi = store;
    expect(viaApi.cases.size).toBe(INPUTS.length);
    expect(viaApi.numberReservations).toEqual(INPUTS.map(() => 1));
    // Act: the same inputs bulk-loaded onto empty tables, the counter back where it was
    ddbMock.resetHistory();
    store = { cases: new Map(), counters: new Map(), counterCalls: 0, batchWrites: 0, numberReservations: [] };
    caseNumberCounter = 41;
    const out = await loadCases(INPUTS.length, (i) => INPUTS[i]!, { now: NOW, concurrency: 2 });
    // Assess: the same items (ids, numbers, statuses, history, descriptors, index keys) and counters
    expect(Object.fromEntries(store.cases)).toEqual(Object.fromEntries(viaApi.cases));
    expect(Object.fromEntries(store.counters)).toEqual(Object.fromEntries(viaApi.counters));
    expect(store.numberReservations).toEqual([INPUTS.length]);
    expect(out.firstNumber).toBe(42);
    expect(store.batchWrites).toBe(1);
    expect(store.counterCalls).toBe(store.counters.size);
    expect(out.counterItems).toBe(store.counters.size);
    // What the comparison covers: the taken id moved on, analytics counters and SETs were written.
    expect([...store.cases.keys()]).toEqual(expect.arrayContaining(['owner-a_1772445600000', 'owner-a_1772445600001']));
    expect(store.cases.get('owner-a_1772445600001')).toMatchObject({
      case_number: 'C-000043',
      cpt_descriptors: { '27447': 'Total knee arthroplasty' },
    });
    const scopes = new Set([...store.counters.values()].map((c) => String(c.scope).split('#')[0]));
    expect(scopes.size).toBeGreaterThanOrEqual(8);
    const labels = [...store.counters.values()].filter((c) => c.label !== undefined);
    expect(labels.length).toBeGreaterThan(0);
    expect([...store.counters.values()].some((c) => c.board !== undefined)).toBe(true);
  });
});
