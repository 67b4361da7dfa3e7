/**
 * The case-number counter (lambdas/data/counters/case-numbers.ts; docs/decisions/0022-case-numbers.md):
 * a reservation is one UpdateItem ADD whose answer gives the block, and the raise after a restore
 * never lowers the counter.
 */
import './support/env';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { raiseCaseNumberCounter, reserveCaseNumbers } from '../../../lambdas/data/counters/case-numbers';

const ddbMock = mockClient(DynamoDBDocumentClient);

beforeEach(() => ddbMock.reset());

describe('reserving case numbers', () => {
  it('adds the count to the counter in one write and answers the first number of the block', async () => {
    // Prepare: the counter answers its value after the ADD
    ddbMock.on(UpdateCommand).resolves({ Attributes: { n: 10 } });

    // Act
    const first = await reserveCaseNumbers(3);

    // Assess: 8, 9 and 10 are this caller's
    expect(first).toBe(8);
    const calls = ddbMock.commandCalls(UpdateCommand);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.args[0].input).toEqual({
      TableName: 'case-stats',
      Key: { scope: 'sequence', bucket: 'case_number' },
      UpdateExpression: 'ADD #n :count',
      ExpressionAttributeNames: { '#n': 'n' },
      ExpressionAttributeValues: { ':count': 3 },
      ReturnValues: 'UPDATED_NEW',
    });
  });

  it('refuses a count below one without writing', async () => {
    // Act / Assess
    for (const bad of [0, -2, 1.5]) await expect(reserveCaseNumbers(bad)).rejects.toThrow(RangeError);
    expect(ddbMock.commandCalls(UpdateCommand)).toHaveLength(0);
  });
});

describe('raising the counter', () => {
  it('sets it only when it is below the highest number found, and says whether it did', async () => {
    // Prepare
    ddbMock
      .on(UpdateCommand)
      .resolvesOnce({})
      .rejectsOnce(new ConditionalCheckFailedException({ message: 'higher already', $metadata: {} }));

    // Act
    const raised = await raiseCaseNumberCounter(120);
    const kept = await raiseCaseNumberCounter(5);

    // Assess
    expect([raised, kept]).toEqual([true, false]);
    expect(ddbMock.commandCalls(UpdateCommand)[0]!.args[0].input).toMatchObject({
      UpdateExpression: 'SET #n = :n',
      ConditionExpression: 'attribute_not_exists(#n) OR #n < :n',
      ExpressionAttributeValues: { ':n': 120 },
    });
  });
});
