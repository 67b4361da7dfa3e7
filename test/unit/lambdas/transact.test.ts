import './support/env';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { TransactionConditionError, cancellationCodes, transactWrite } from '../../../lambdas/lib/transact';

const ddbMock = mockClient(DynamoDBDocumentClient);

const ACTIONS = [
  { Put: { TableName: 'cases', Item: { case_id: 'c1' }, ConditionExpression: 'attribute_not_exists(case_id)' } },
  {
    Update: {
      TableName: 'case-stats',
      Key: { scope: 'all', bucket: 'shard#1' },
      UpdateExpression: 'ADD #a0 :a0',
      ExpressionAttributeNames: { '#a0': 'n_total' },
      ExpressionAttributeValues: { ':a0': 1 },
    },
  },
];

function cancelled(...codes: string[]): TransactionCanceledException {
  return new TransactionCanceledException({
    message: 'Transaction cancelled',
    $metadata: {},
    CancellationReasons: codes.map((Code) => ({ Code })),
  });
}

beforeEach(() => {
  ddbMock.reset();
});

describe('transactWrite', () => {
  it('sends every action in one TransactWriteItems with a client request token', async () => {
    // Prepare
    ddbMock.on(TransactWriteCommand).resolves({});
    // Act
    await transactWrite(ACTIONS);
    // Assess
    const calls = ddbMock.commandCalls(TransactWriteCommand);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.args[0].input.TransactItems).toEqual(ACTIONS);
    expect(calls[0]!.args[0].input.ClientRequestToken).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('does not retry a failed condition and names the actions whose condition failed', async () => {
    // Prepare
    ddbMock.on(TransactWriteCommand).rejects(cancelled('ConditionalCheckFailed', 'TransactionConflict'));
    // Act
    const outcome = transactWrite(ACTIONS);
    // Assess
    await expect(outcome).rejects.toBeInstanceOf(TransactionConditionError);
    await expect(outcome).rejects.toMatchObject({ failed: [0] });
    expect(ddbMock.commandCalls(TransactWriteCommand)).toHaveLength(1);
  });

  it('throws a cancellation the retries did not resolve as the SDK error', async () => {
    // Prepare: the retries themselves are the SDK's (aws.test.ts); here the client's last answer.
    ddbMock.on(TransactWriteCommand).rejects(cancelled('TransactionConflict', 'None'));
    // Act
    const outcome = transactWrite(ACTIONS);
    // Assess
    await expect(outcome).rejects.toMatchObject({ name: 'TransactionCanceledException' });
    expect(ddbMock.commandCalls(TransactWriteCommand)).toHaveLength(1);
  });

  it('throws any other error at once', async () => {
    // Prepare
    ddbMock.on(TransactWriteCommand).rejects(Object.assign(new Error('bad'), { name: 'ValidationException' }));
    // Act
    const outcome = transactWrite(ACTIONS);
    // Assess
    await expect(outcome).rejects.toMatchObject({ name: 'ValidationException' });
    expect(ddbMock.commandCalls(TransactWriteCommand)).toHaveLength(1);
  });
});

describe('cancellationCodes', () => {
  it('answers one code per action of a cancelled transaction and undefined for another error', () => {
    // Act
    const codes = [cancellationCodes(cancelled('None', 'ConditionalCheckFailed')), cancellationCodes(new Error('x'))];
    // Assess
    expect(codes).toEqual([['None', 'ConditionalCheckFailed'], undefined]);
  });
});
