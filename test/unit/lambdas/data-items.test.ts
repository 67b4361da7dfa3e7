/**
 * The data layer's item schemas and optimistic lock (lambdas/data/item.ts): a stored item that does
 * not match its schema is answered 500 with the request id and logged by its key, never with its
 * patient data; a profile written before versions gets one on its next write, and a profile with
 * one is written only while it is still the one read. DynamoDB is mocked.
 */
import './support/env';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { handler as caseHandler } from '../../../lambdas/case/handler';
import { updateProfile } from '../../../lambdas/data/user/repository';
import { ConflictError } from '../../../lambdas/lib/errors';
import { logger } from '../../../lambdas/lib/logger';
import { invoke } from './support/events';

const ddbMock = mockClient(DynamoDBDocumentClient);

const OWNER = 'owner-sub';
const CASE_ID = `${OWNER}_1760000000000`;

beforeEach(() => {
  ddbMock.reset();
});

/** Every argument the logger was given, as one text (what would reach CloudWatch). */
function spyLogs() {
  const spies = (['error', 'warn', 'info', 'debug'] as const).map((level) =>
    jest.spyOn(logger, level).mockImplementation(() => undefined),
  );
  return {
    text: () => JSON.stringify(spies.map((spy) => spy.mock.calls)),
    restore: () => spies.forEach((spy) => spy.mockRestore()),
  };
}

describe('a malformed stored case', () => {
  it('answers 500 with the request id and logs the case by its key, never its patient', async () => {
    // Prepare: a case whose status is text (not a number), holding a patient's name.
    const logs = spyLogs();
    ddbMock.on(GetCommand, { TableName: 'cases' }).resolves({
      Item: {
        case_id: CASE_ID,
        user_id: OWNER,
        case_date: '2026-01-15',
        patient_first: 'Jane',
        patient_last: 'Roe',
        case_status: 'submitted',
        created_at: '2026-01-15T10:00:00.000Z',
        updated_at: '2026-01-15T10:00:00.000Z',
        version: 1,
      },
    });

    // Act
    const answer = await invoke(caseHandler, { method: 'GET', path: '/case', sub: OWNER, query: { case_id: CASE_ID } });

    // Assess
    expect(answer.status).toBe(500);
    expect(answer.body).toMatchObject({ success: false, request_id: 'req-1' });
    expect(JSON.stringify(answer.body)).not.toContain('Roe');
    const logged = logs.text();
    expect(logged).toContain('Malformed item');
    expect(logged).toContain(CASE_ID);
    expect(logged).not.toContain('Jane');
    expect(logged).not.toContain('Roe');
    expect(logged).not.toContain('submitted');
    logs.restore();
  });
});

describe('the version of a profile', () => {
  const profile = {
    user_id: 'me',
    user_email: 'ada@example.com',
    first_name: 'Ada',
    last_name: 'Lovelace',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };

  it('is given to a profile written before versions on its next write, on condition it still has none', async () => {
    // Prepare
    ddbMock.on(GetCommand).resolves({ Item: profile });
    ddbMock.on(UpdateCommand).resolves({ Attributes: { ...profile, last_name: 'Byron', version: 1 } });

    // Act
    await updateProfile('me', { last_name: 'Byron' });

    // Assess
    const update = ddbMock.commandCalls(UpdateCommand)[0]!.args[0].input;
    expect(update.ConditionExpression).toContain('attribute_not_exists(#v)');
    expect(update.ExpressionAttributeNames).toMatchObject({ '#v': 'version' });
    expect(update.ExpressionAttributeValues).toMatchObject({ ':vnext': 1 });
  });

  it('grows by one with a write conditional on the version read, and a lost race answers 409', async () => {
    // Prepare
    ddbMock.on(GetCommand).resolves({ Item: { ...profile, version: 4 } });
    ddbMock.on(UpdateCommand).rejects(new ConditionalCheckFailedException({ message: 'condition', $metadata: {} }));

    // Act
    const error = await updateProfile('me', { first_name: 'Augusta' }).catch((e: unknown) => e);

    // Assess
    const update = ddbMock.commandCalls(UpdateCommand)[0]!.args[0].input;
    expect(update.ConditionExpression).toContain('#v = :read');
    expect(update.ExpressionAttributeValues).toMatchObject({ ':read': 4, ':vnext': 5 });
    expect(error).toBeInstanceOf(ConflictError);
  });

  it('is incremented (or started at 1) by a write that reads nothing first', async () => {
    // Prepare
    ddbMock.on(UpdateCommand).resolves({ Attributes: { ...profile, city: 'Salem', version: 1 } });

    // Act
    await updateProfile('me', { city: 'Salem' });

    // Assess
    expect(ddbMock.commandCalls(GetCommand)).toHaveLength(0);
    const update = ddbMock.commandCalls(UpdateCommand)[0]!.args[0].input;
    expect(update.UpdateExpression).toContain('#v = if_not_exists(#v, :v0) + :v1');
  });
});
