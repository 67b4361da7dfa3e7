import './support/env';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { handler as facilityHandler } from '../../../lambdas/facility/handler';
import { handler as surgeonHandler } from '../../../lambdas/surgeon/handler';
import { invoke } from './support/events';

const ddbMock = mockClient(DynamoDBDocumentClient);

beforeEach(() => {
  ddbMock.reset();
  ddbMock.on(GetCommand).resolves({});
});

describe('/surgeon', () => {
  it('creates a surgeon owned by the caller with the NPI as a number', async () => {
    // Prepare
    ddbMock.on(PutCommand).resolves({});
    // Act
    const answer = await invoke(surgeonHandler, {
      method: 'POST',
      path: '/surgeon',
      sub: 'me',
      body: {
        user_id: 'you',
        first_name: 'Gregory',
        last_name: 'House',
        surgeon_npi: '1234567893',
        surgeon_state: 'nj',
      },
    });
    // Assess
    expect(answer.status).toBe(201);
    expect(answer.body.message).toBe('Surgeon added successfully!');
    // The surgeon and its NPI marker: one transaction.
    const puts = [
      ...ddbMock
        .commandCalls(TransactWriteCommand)
        .flatMap((c) => c.args[0].input.TransactItems!.flatMap((a) => (a.Put ? [a.Put.Item!] : []))),
      ...ddbMock.commandCalls(PutCommand).map((c) => c.args[0].input.Item!),
    ];
    const item = puts.find((p) => p.user_id === 'me')!;
    expect(item).toMatchObject({ user_id: 'me', surgeon_npi: 1234567893, surgeon_state: 'NJ' });
    expect(puts.find((p) => p.user_id === 'me#npi')).toMatchObject({
      surgeon_id: '1234567893',
      item_id: item.surgeon_id,
    });
    expect(answer.body.surgeon.id).toBe(item.surgeon_id);
  });

  it('answers the spec message when a name is missing', async () => {
    // Act
    const answer = await invoke(surgeonHandler, {
      method: 'POST',
      path: '/surgeon',
      sub: 'me',
      body: { first_name: 'Gregory' },
    });
    // Assess
    expect(answer).toMatchObject({
      status: 400,
      body: { message: 'Please provide both first and last name for the surgeon' },
    });
  });

  it("answers 404 'Surgeon not found' for a surgeon the caller does not own", async () => {
    // Prepare
    ddbMock.on(UpdateCommand).rejects(new ConditionalCheckFailedException({ message: 'missing', $metadata: {} }));
    // Act
    const answer = await invoke(surgeonHandler, {
      method: 'PATCH',
      path: '/surgeon',
      sub: 'me',
      body: { id: 'theirs', surgeon_city: 'Trenton' },
    });
    // Assess
    expect(answer).toMatchObject({ status: 404, body: { success: false, message: 'Surgeon not found' } });
    expect(ddbMock.commandCalls(UpdateCommand)[0]!.args[0].input.Key).toEqual({ user_id: 'me', surgeon_id: 'theirs' });
  });

  it("refuses a provider the list of another user's surgeons with 403", async () => {
    // Act
    const answer = await invoke(surgeonHandler, {
      method: 'GET',
      path: '/surgeon',
      sub: 'me',
      query: { user_id: 'you' },
    });
    // Assess
    expect(answer).toMatchObject({ status: 403, body: { message: 'No data found or insufficient permissions' } });
    expect(ddbMock.commandCalls(QueryCommand)).toHaveLength(0);
  });
});

describe('/facility', () => {
  it('patches only the sent fields', async () => {
    // Prepare
    ddbMock
      .on(UpdateCommand)
      .resolves({ Attributes: { user_id: 'me', facility_id: 'f1', facility_name: 'Mercy ASC' } });
    // Act
    const answer = await invoke(facilityHandler, {
      method: 'PATCH',
      path: '/facility',
      sub: 'me',
      body: { id: 'f1', facility_city: 'Albany' },
    });
    // Assess
    expect(answer.status).toBe(200);
    const input = ddbMock.commandCalls(UpdateCommand)[0]!.args[0].input;
    const names = Object.values(input.ExpressionAttributeNames!);
    // deleted_at only in the condition: a soft-deleted facility is missing; version: every write sets it.
    expect(names.sort()).toEqual(['deleted_at', 'facility_city', 'facility_id', 'updatedAt', 'version']);
    expect(input.ConditionExpression).toContain('attribute_not_exists(#deleted)');
  });

  it('answers 400 when DELETE has no facility_id', async () => {
    // Act
    const answer = await invoke(facilityHandler, { method: 'DELETE', path: '/facility', sub: 'me' });
    // Assess
    expect(answer).toMatchObject({ status: 400, body: { message: 'facility_id is required' } });
  });
});
