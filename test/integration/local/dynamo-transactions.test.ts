/**
 * The TransactWriteItems layer in front of dynalite (local/dynamo-transactions.ts; docs/figures.md and section 3 "the emulator layer is tested for what you rely on"): all-or-nothing,
 * conditions, validation, idempotency, isolation under concurrency, and the untouched pass-through.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CreateTableCommand,
  IdempotentParameterMismatchException,
  TransactionCanceledException,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import {
  BatchWriteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactGetCommand,
  TransactWriteCommand,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { localDynamoClient, startDynamo, type DynamoEmulator, waitForActiveTables } from '../../../local/dynamodb';

/** The credentials this emulator accepts (a runtime generates its own: local/credentials.ts). */
const CREDENTIALS = {
  accessKeyId: 'LOCALTXTEST000000000',
  secretAccessKey: 'tx-test-secret-000000000000000000000000000',
};
const TABLE = 'tx-test';
const OTHER = 'tx-test-other';

let dir: string;
let dynamo: DynamoEmulator;
let raw: DynamoDBClient;
let doc: DynamoDBDocumentClient;
let seq = 0;

/** A fresh partition key per test, so tests never see each other's items. */
const fresh = (label: string) => `${label}-${++seq}`;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'suture-tx-'));
  dynamo = await startDynamo(dir, { credentials: CREDENTIALS });
  raw = localDynamoClient(dynamo.endpoint, CREDENTIALS);
  doc = DynamoDBDocumentClient.from(raw);
  await raw.send(
    new CreateTableCommand({
      TableName: TABLE,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [
        { AttributeName: 'pk', AttributeType: 'S' },
        { AttributeName: 'sk', AttributeType: 'S' },
        { AttributeName: 'group', AttributeType: 'S' },
      ],
      KeySchema: [
        { AttributeName: 'pk', KeyType: 'HASH' },
        { AttributeName: 'sk', KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: [
        {
          IndexName: 'byGroup',
          KeySchema: [
            { AttributeName: 'group', KeyType: 'HASH' },
            { AttributeName: 'sk', KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        },
      ],
    }),
  );
  await raw.send(
    new CreateTableCommand({
      TableName: OTHER,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [{ AttributeName: 'id', AttributeType: 'S' }],
      KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }],
    }),
  );
  await waitForActiveTables(raw, [TABLE, OTHER]);
});

afterAll(async () => {
  raw?.destroy();
  await dynamo?.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = async (pk: string, sk = 'item') =>
  (await doc.send(new GetCommand({ TableName: TABLE, Key: { pk, sk }, ConsistentRead: true }))).Item;
const getOther = async (id: string) =>
  (await doc.send(new GetCommand({ TableName: OTHER, Key: { id }, ConsistentRead: true }))).Item;
const put = (item: Record<string, unknown>) => doc.send(new PutCommand({ TableName: TABLE, Item: item }));

/** Run a transaction and return what it threw (fails the test when it succeeds). */
async function rejection(input: TransactWriteCommandInput): Promise<Error & Record<string, unknown>> {
  try {
    await doc.send(new TransactWriteCommand(input));
  } catch (err) {
    return err as Error & Record<string, unknown>;
  }
  throw new Error('the transaction succeeded');
}

describe('TransactWriteItems on the local endpoint', () => {
  it('applies a Put, an Update with ADD and a Delete over two tables together', async () => {
    // Prepare
    const pk = fresh('all');
    await put({ pk, sk: 'counter', n: 5 });
    await put({ pk, sk: 'doomed', v: 'x' });

    // Act
    await doc.send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: OTHER, Item: { id: pk, name: 'new' }, ConditionExpression: 'attribute_not_exists(id)' } },
          {
            Update: {
              TableName: TABLE,
              Key: { pk, sk: 'counter' },
              UpdateExpression: 'ADD #n :two',
              ExpressionAttributeNames: { '#n': 'n' },
              ExpressionAttributeValues: { ':two': 2 },
            },
          },
          { Delete: { TableName: TABLE, Key: { pk, sk: 'doomed' } } },
        ],
      }),
    );

    // Assess
    expect(await getOther(pk)).toEqual({ id: pk, name: 'new' });
    expect(await get(pk, 'counter')).toEqual({ pk, sk: 'counter', n: 7 });
    expect(await get(pk, 'doomed')).toBeUndefined();
  });

  it('cancels the whole transaction when one condition among several fails, with one reason per action', async () => {
    // Prepare
    const pk = fresh('cancel');
    await put({ pk, sk: 'a', n: 1 });
    await put({ pk, sk: 'b', state: 'open' });
    await put({ pk, sk: 'c', v: 'keep' });

    // Act
    const err = await rejection({
      TransactItems: [
        {
          Update: {
            TableName: TABLE,
            Key: { pk, sk: 'a' },
            UpdateExpression: 'ADD n :one',
            ExpressionAttributeValues: { ':one': 1 },
          },
        },
        {
          Update: {
            TableName: TABLE,
            Key: { pk, sk: 'b' },
            UpdateExpression: 'SET #s = :closed',
            ConditionExpression: '#s = :closed',
            ExpressionAttributeNames: { '#s': 'state' },
            ExpressionAttributeValues: { ':closed': 'closed' },
          },
        },
        { Delete: { TableName: TABLE, Key: { pk, sk: 'c' }, ConditionExpression: 'attribute_exists(pk)' } },
        { Put: { TableName: TABLE, Item: { pk, sk: 'd', v: 'new' } } },
      ],
    });

    // Assess
    expect(err).toBeInstanceOf(TransactionCanceledException);
    expect(err.name).toBe('TransactionCanceledException');
    expect(err.message).toBe(
      'Transaction cancelled, please refer cancellation reasons for specific reasons [None, ConditionalCheckFailed, None, None]',
    );
    expect(err.CancellationReasons).toEqual([
      { Code: 'None' },
      { Code: 'ConditionalCheckFailed', Message: 'The conditional request failed' },
      { Code: 'None' },
      { Code: 'None' },
    ]);
    expect(await get(pk, 'a')).toEqual({ pk, sk: 'a', n: 1 });
    expect(await get(pk, 'b')).toEqual({ pk, sk: 'b', state: 'open' });
    expect(await get(pk, 'c')).toEqual({ pk, sk: 'c', v: 'keep' });
    expect(await get(pk, 'd')).toBeUndefined();
  });

  it('returns the current item in the reason when ReturnValuesOnConditionCheckFailure is ALL_OLD', async () => {
    // Prepare
    const pk = fresh('old');
    await put({ pk, sk: 'item', v: 'before' });

    // Act
    const err = await rejection({
      TransactItems: [
        {
          Put: {
            TableName: TABLE,
            Item: { pk, sk: 'item', v: 'after' },
            ConditionExpression: 'attribute_not_exists(pk)',
            ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
          },
        },
      ],
    });

    // Assess
    expect((err.CancellationReasons as { Code: string; Item?: unknown }[])[0]).toMatchObject({
      Code: 'ConditionalCheckFailed',
      Item: { pk: { S: pk }, sk: { S: 'item' }, v: { S: 'before' } },
    });
    expect(await get(pk)).toEqual({ pk, sk: 'item', v: 'before' });
  });

  it.each([
    { on: 'an existing item', exists: true, condition: 'attribute_exists(pk)', passes: true },
    { on: 'an existing item', exists: true, condition: 'attribute_not_exists(pk)', passes: false },
    { on: 'a missing item', exists: false, condition: 'attribute_not_exists(pk)', passes: true },
    { on: 'a missing item', exists: false, condition: 'attribute_exists(pk)', passes: false },
  ])('runs a ConditionCheck on $on with $condition (passes: $passes)', async ({ exists, condition, passes }) => {
    // Prepare
    const pk = fresh('check');
    if (exists) await put({ pk, sk: 'item', v: 1 });
    const input: TransactWriteCommandInput = {
      TransactItems: [
        { ConditionCheck: { TableName: TABLE, Key: { pk, sk: 'item' }, ConditionExpression: condition } },
        { Put: { TableName: OTHER, Item: { id: pk } } },
      ],
    };

    // Act
    const outcome = passes
      ? await doc.send(new TransactWriteCommand(input)).then(() => 'applied')
      : ((await rejection(input)).CancellationReasons as { Code: string }[]).map((r) => r.Code);

    // Assess
    expect(outcome).toEqual(passes ? 'applied' : ['ConditionalCheckFailed', 'None']);
    expect(await getOther(pk)).toEqual(passes ? { id: pk } : undefined);
    expect(await get(pk)).toEqual(exists ? { pk, sk: 'item', v: 1 } : undefined);
  });

  it('compares a ConditionCheck against attribute values of the stored item', async () => {
    // Prepare
    const pk = fresh('value');
    await put({ pk, sk: 'item', status: 10 });

    // Act
    const err = await rejection({
      TransactItems: [
        {
          ConditionCheck: {
            TableName: TABLE,
            Key: { pk, sk: 'item' },
            ConditionExpression: '#s = :ten',
            ExpressionAttributeNames: { '#s': 'status' },
            ExpressionAttributeValues: { ':ten': 10 },
          },
        },
        {
          ConditionCheck: {
            TableName: TABLE,
            Key: { pk, sk: 'missing' },
            ConditionExpression: '#s > :ten',
            ExpressionAttributeNames: { '#s': 'status' },
            ExpressionAttributeValues: { ':ten': 10 },
          },
        },
      ],
    });

    // Assess
    expect((err.CancellationReasons as { Code: string }[]).map((r) => r.Code)).toEqual([
      'None',
      'ConditionalCheckFailed',
    ]);
  });

  it('rolls back the actions already applied when an update fails on the stored data (ADD to a string)', async () => {
    // Prepare
    const pk = fresh('rollback');
    await put({ pk, sk: 'existing', v: 'before', n: 1 });
    await put({ pk, sk: 'text', n: 'not a number' });
    await put({ pk, sk: 'gone', v: 'still here' });

    // Act
    const err = await rejection({
      TransactItems: [
        { Put: { TableName: TABLE, Item: { pk, sk: 'created', v: 'new' } } },
        { Put: { TableName: TABLE, Item: { pk, sk: 'existing', v: 'after' } } },
        { Delete: { TableName: TABLE, Key: { pk, sk: 'gone' } } },
        {
          Update: {
            TableName: TABLE,
            Key: { pk, sk: 'text' },
            UpdateExpression: 'ADD n :one',
            ExpressionAttributeValues: { ':one': 1 },
          },
        },
      ],
    });

    // Assess
    expect(err).toBeInstanceOf(TransactionCanceledException);
    expect(err.CancellationReasons).toEqual([
      { Code: 'None' },
      { Code: 'None' },
      { Code: 'None' },
      { Code: 'ValidationError', Message: 'An operand in the update expression has an incorrect data type' },
    ]);
    expect(await get(pk, 'created')).toBeUndefined();
    expect(await get(pk, 'existing')).toEqual({ pk, sk: 'existing', v: 'before', n: 1 });
    expect(await get(pk, 'gone')).toEqual({ pk, sk: 'gone', v: 'still here' });
    expect(await get(pk, 'text')).toEqual({ pk, sk: 'text', n: 'not a number' });
  });

  it('rolls back and answers a ValidationException when an update expression is malformed', async () => {
    // Prepare
    const pk = fresh('syntax');
    await put({ pk, sk: 'existing', v: 'before' });

    // Act
    const err = await rejection({
      TransactItems: [
        { Put: { TableName: TABLE, Item: { pk, sk: 'existing', v: 'after' } } },
        {
          Update: {
            TableName: TABLE,
            Key: { pk, sk: 'other' },
            UpdateExpression: 'SET v = = :x',
            ExpressionAttributeValues: { ':x': 1 },
          },
        },
      ],
    });

    // Assess
    expect(err.name).toBe('ValidationException');
    expect(err.message).toMatch(/Invalid UpdateExpression/);
    expect(await get(pk, 'existing')).toEqual({ pk, sk: 'existing', v: 'before' });
    expect(await get(pk, 'other')).toBeUndefined();
  });

  it('rejects two actions on one item with a ValidationException and writes nothing', async () => {
    // Prepare
    const pk = fresh('twice');

    // Act
    const err = await rejection({
      TransactItems: [
        { Put: { TableName: TABLE, Item: { pk, sk: 'item', v: 1 } } },
        {
          ConditionCheck: {
            TableName: TABLE,
            Key: { pk, sk: 'item' },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
      ],
    });

    // Assess
    expect(err.name).toBe('ValidationException');
    expect(err.message).toBe('Transaction request cannot include multiple operations on one item');
    expect(await get(pk)).toBeUndefined();
  });

  it.each([
    ['no actions', [], /Member must have length greater than or equal to 1/],
    [
      '101 actions',
      Array.from({ length: 101 }, (_, i) => ({ Put: { TableName: OTHER, Item: { id: `many-${i}` } } })),
      /Member must have length less than or equal to 100/,
    ],
    [
      'an action with both Put and Delete',
      [{ Put: { TableName: OTHER, Item: { id: 'both' } }, Delete: { TableName: OTHER, Key: { id: 'both' } } }],
      /^TransactItems can only contain one of Check, Put, Update or Delete$/,
    ],
    [
      'an expression attribute value no expression uses',
      [
        {
          Put: {
            TableName: OTHER,
            Item: { id: 'unused' },
            ConditionExpression: 'attribute_not_exists(id)',
            ExpressionAttributeValues: { ':never': 1 },
          },
        },
      ],
      /^Value provided in ExpressionAttributeValues unused in expressions: keys: \{:never\}$/,
    ],
  ])('rejects %s with a ValidationException', async (_label, items, message) => {
    // Act
    const err = await rejection({ TransactItems: items as TransactWriteCommandInput['TransactItems'] });

    // Assess
    expect(err.name).toBe('ValidationException');
    expect(err.message).toMatch(message);
    expect(await getOther('many-0')).toBeUndefined();
    expect(await getOther('both')).toBeUndefined();
    expect(await getOther('unused')).toBeUndefined();
  });

  it('applies a request once per ClientRequestToken and refuses the token for another request', async () => {
    // Prepare
    const pk = fresh('token');
    await put({ pk, sk: 'item', n: 0 });
    const input = (by: number): TransactWriteCommandInput => ({
      ClientRequestToken: `token-${pk}`,
      TransactItems: [
        {
          Update: {
            TableName: TABLE,
            Key: { pk, sk: 'item' },
            UpdateExpression: 'ADD n :by',
            ExpressionAttributeValues: { ':by': by },
          },
        },
      ],
    });

    // Act
    await doc.send(new TransactWriteCommand(input(1)));
    await doc.send(new TransactWriteCommand(input(1)));
    const mismatch = await rejection(input(2));

    // Assess
    expect(await get(pk)).toEqual({ pk, sk: 'item', n: 1 });
    expect(mismatch).toBeInstanceOf(IdempotentParameterMismatchException);
  });

  it('lets exactly one of 50 parallel transactions claim an item guarded by attribute_not_exists', async () => {
    // Prepare
    const pk = fresh('claim');
    await put({ pk, sk: 'claims', n: 0 });

    // Act
    const outcomes = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        doc.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Put: {
                  TableName: TABLE,
                  Item: { pk, sk: 'slot', owner: i },
                  ConditionExpression: 'attribute_not_exists(pk)',
                },
              },
              {
                Update: {
                  TableName: TABLE,
                  Key: { pk, sk: 'claims' },
                  UpdateExpression: 'ADD n :one',
                  ExpressionAttributeValues: { ':one': 1 },
                },
              },
            ],
          }),
        ),
      ),
    );

    // Assess
    const winners = outcomes.flatMap((o, i) => (o.status === 'fulfilled' ? [i] : []));
    expect(winners).toHaveLength(1);
    expect(outcomes.filter((o) => o.status === 'rejected').map((o) => (o as PromiseRejectedResult).reason)).toEqual(
      Array.from({ length: 49 }, () => expect.any(TransactionCanceledException)),
    );
    expect(await get(pk, 'slot')).toEqual({ pk, sk: 'slot', owner: winners[0] });
    expect(await get(pk, 'claims')).toEqual({ pk, sk: 'claims', n: 1 });
  });

  it('serialises 50 parallel transactions on one counter while plain calls keep running', async () => {
    // Prepare
    const pk = fresh('parallel');
    await put({ pk, sk: 'counter', n: 0 });

    // Act
    const transactions = Array.from({ length: 50 }, (_, i) =>
      doc.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Update: {
                TableName: TABLE,
                Key: { pk, sk: 'counter' },
                UpdateExpression: 'ADD n :one',
                ExpressionAttributeValues: { ':one': 1 },
              },
            },
            { Put: { TableName: TABLE, Item: { pk, sk: `tx-${String(i).padStart(2, '0')}`, group: pk } } },
          ],
        }),
      ),
    );
    const plain = Array.from({ length: 30 }, (_, i) =>
      i % 3 === 0
        ? put({ pk, sk: `plain-${i}`, v: i })
        : i % 3 === 1
          ? get(pk, 'counter')
          : doc.send(
              new QueryCommand({
                TableName: TABLE,
                KeyConditionExpression: 'pk = :pk',
                ExpressionAttributeValues: { ':pk': pk },
              }),
            ),
    );
    await Promise.all([...transactions, ...plain]);

    // Assess
    expect(await get(pk, 'counter')).toEqual({ pk, sk: 'counter', n: 50 });
    const written = await doc.send(
      new QueryCommand({
        TableName: TABLE,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :tx)',
        ExpressionAttributeValues: { ':pk': pk, ':tx': 'tx-' },
        ConsistentRead: true,
      }),
    );
    expect(written.Items?.map((item) => item.sk)).toEqual(
      Array.from({ length: 50 }, (_, i) => `tx-${String(i).padStart(2, '0')}`),
    );
    for (let i = 0; i < 30; i += 3) expect(await get(pk, `plain-${i}`)).toEqual({ pk, sk: `plain-${i}`, v: i });
  });
});

describe('the other calls on the local endpoint', () => {
  it('pass through to dynalite: BatchWriteItem and a Query on a GSI', async () => {
    // Prepare
    const group = fresh('group');

    // Act
    await doc.send(
      new BatchWriteCommand({
        RequestItems: {
          [TABLE]: ['b', 'a', 'c'].map((sk) => ({ PutRequest: { Item: { pk: `${group}-${sk}`, sk, group } } })),
        },
      }),
    );
    const page = await doc.send(
      new QueryCommand({
        TableName: TABLE,
        IndexName: 'byGroup',
        KeyConditionExpression: '#g = :g',
        ExpressionAttributeNames: { '#g': 'group' },
        ExpressionAttributeValues: { ':g': group },
      }),
    );

    // Assess
    expect(page.Items?.map((item) => item.sk)).toEqual(['a', 'b', 'c']);
  });

  it('answer TransactGetItems with the items in request order, empty for a missing one', async () => {
    // Prepare
    const pk = fresh('tget');
    await put({ pk, sk: 'item', v: 'here', w: 'hidden' });

    // Act
    const answer = await doc.send(
      new TransactGetCommand({
        TransactItems: [
          { Get: { TableName: TABLE, Key: { pk, sk: 'missing' } } },
          { Get: { TableName: TABLE, Key: { pk, sk: 'item' }, ProjectionExpression: 'v' } },
        ],
      }),
    );

    // Assess
    expect(answer.Responses).toEqual([{}, { Item: { v: 'here' } }]);
  });
});
