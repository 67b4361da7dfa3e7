/**
 * The one-NPI-per-user steps of lambdas/data/owned/items.ts (issue 6 sections 1 and 2) on the
 * paths the emulators cannot interleave on demand: a concurrent change during a PATCH, a stale
 * marker whose holder moved to another NPI, and a failed release. DynamoDB is mocked.
 */
import './support/env';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, DynamoDBDocumentClient, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { ConflictError, NotFoundError } from '../../../lambdas/lib/errors';
import { logger } from '../../../lambdas/lib/logger';
import { deleteSurgeon, getSurgeon, putSurgeon, updateSurgeon } from '../../../lambdas/data/owned/surgeons';

const ddbMock = mockClient(DynamoDBDocumentClient);
const failed = () => new ConditionalCheckFailedException({ message: 'condition', $metadata: {} });

const stored = {
  user_id: 'me',
  surgeon_id: 's1',
  first_name: 'Ann',
  last_name: 'Lee',
  surgeon_npi: 1234567893,
};

beforeEach(() => {
  ddbMock.reset();
});

describe('NPI uniqueness markers', () => {
  it('releases the new NPI and answers 409 when the item changed during a PATCH of its NPI', async () => {
    // Prepare
    ddbMock.on(GetCommand, { Key: { user_id: 'me', surgeon_id: 's1' } }).resolves({ Item: stored });
    ddbMock.on(PutCommand).resolves({});
    ddbMock.on(UpdateCommand).rejects(failed());
    ddbMock.on(DeleteCommand).resolves({});
    // Act
    const error = await updateSurgeon('me', 's1', { surgeon_npi: 1245319599 }).catch((e: unknown) => e);
    // Assess
    expect(error).toBeInstanceOf(ConflictError);
    const update = ddbMock.commandCalls(UpdateCommand)[0]!.args[0].input;
    expect(update.ConditionExpression).toContain('#npi = :oldNpi');
    expect(update.ExpressionAttributeValues?.[':oldNpi']).toBe(1234567893);
    const deletes = ddbMock.commandCalls(DeleteCommand).map((c) => c.args[0].input);
    expect(deletes).toEqual([
      expect.objectContaining({
        Key: { user_id: 'me#npi', surgeon_id: '1245319599' },
        ExpressionAttributeValues: { ':id': 's1' },
      }),
    ]);
  });

  it('takes over an old marker whose holder now has another NPI, on condition nobody else did', async () => {
    // Prepare
    const oldMarker = { item_id: 'holder', claimed_at: new Date(Date.now() - 60_000).toISOString(), npi_marker: true };
    ddbMock.on(PutCommand).rejectsOnce(failed()).resolves({});
    ddbMock.on(GetCommand, { Key: { user_id: 'me#npi', surgeon_id: '1234567893' } }).resolves({ Item: oldMarker });
    ddbMock
      .on(GetCommand, { Key: { user_id: 'me', surgeon_id: 'holder' } })
      .resolves({ Item: { ...stored, surgeon_id: 'holder', surgeon_npi: 1245319599 } });
    // Act
    const item = await putSurgeon({ user_id: 'me', first_name: 'Ann', last_name: 'Lee', surgeon_npi: 1234567893 });
    // Assess
    const puts = ddbMock.commandCalls(PutCommand).map((c) => c.args[0].input);
    expect(puts).toHaveLength(3);
    expect(puts[1]).toMatchObject({
      Item: { user_id: 'me#npi', surgeon_id: '1234567893', item_id: item.surgeon_id },
      ConditionExpression: 'item_id = :old AND claimed_at = :claimed',
      ExpressionAttributeValues: { ':old': 'holder', ':claimed': oldMarker.claimed_at },
    });
    expect(puts[2]!.Item).toMatchObject({ user_id: 'me', surgeon_npi: 1234567893 });
  });

  it('answers 409 for a marker whose holder still has the NPI, however old', async () => {
    // Prepare
    const oldMarker = { item_id: 'holder', claimed_at: '2020-01-01T00:00:00.000Z', npi_marker: true };
    ddbMock.on(PutCommand).rejects(failed());
    ddbMock.on(GetCommand, { Key: { user_id: 'me#npi', surgeon_id: '1234567893' } }).resolves({ Item: oldMarker });
    ddbMock
      .on(GetCommand, { Key: { user_id: 'me', surgeon_id: 'holder' } })
      .resolves({ Item: { ...stored, surgeon_id: 'holder' } });
    // Act
    const error = await putSurgeon({
      user_id: 'me',
      first_name: 'Ann',
      last_name: 'Lee',
      surgeon_npi: 1234567893,
    }).catch((e: unknown) => e);
    // Assess
    expect(error).toBeInstanceOf(ConflictError);
    expect((error as Error).message).toBe('Surgeon already exists');
    expect(ddbMock.commandCalls(PutCommand)).toHaveLength(1);
  });

  it('completes a PATCH of the NPI when releasing the old marker fails, and logs it', async () => {
    // Prepare
    const warn = jest.spyOn(logger, 'warn').mockImplementation(() => undefined);
    ddbMock.on(GetCommand, { Key: { user_id: 'me', surgeon_id: 's1' } }).resolves({ Item: stored });
    ddbMock.on(PutCommand).resolves({});
    ddbMock.on(UpdateCommand).resolves({ Attributes: { ...stored, surgeon_npi: 1245319599 } });
    ddbMock.on(DeleteCommand).rejects(new Error('throttled'));
    // Act
    const item = await updateSurgeon('me', 's1', { surgeon_npi: 1245319599 });
    // Assess
    expect(item.surgeon_npi).toBe(1245319599);
    expect(ddbMock.commandCalls(DeleteCommand)[0]!.args[0].input.Key).toEqual({
      user_id: 'me#npi',
      surgeon_id: '1234567893',
    });
    expect(warn).toHaveBeenCalledWith('Could not release an NPI marker', expect.anything());
    warn.mockRestore();
  });
});

describe('sort_name of the byName index (issue 7 section 1)', () => {
  it('writes sort_name with a rename, on condition that the names are still the ones read, and retries once they changed', async () => {
    // Prepare: the first write finds the names changed by someone else, the second succeeds.
    const renamed = { ...stored, last_name: 'Zhou', sort_name: 'x' };
    ddbMock
      .on(GetCommand)
      .resolvesOnce({ Item: stored })
      .resolves({ Item: { ...stored, first_name: 'Anna' } });
    ddbMock.on(UpdateCommand).rejectsOnce(failed()).resolves({ Attributes: renamed });

    // Act
    const item = await updateSurgeon('me', 's1', { last_name: 'Zhou' });

    // Assess
    const updates = ddbMock.commandCalls(UpdateCommand).map((c) => c.args[0].input);
    expect(updates).toHaveLength(2);
    expect(updates[0]!.ExpressionAttributeValues).toMatchObject({ ':name0': 'Lee', ':name1': 'Ann' });
    expect(Object.values(updates[0]!.ExpressionAttributeValues ?? {})).toContain('zhou\u0001ann\u0001s1');
    expect(updates[1]!.ExpressionAttributeValues).toMatchObject({ ':name0': 'Lee', ':name1': 'Anna' });
    expect(Object.values(updates[1]!.ExpressionAttributeValues ?? {})).toContain('zhou\u0001anna\u0001s1');
    expect(updates[1]!.ConditionExpression).toContain('#name0 = :name0 AND #name1 = :name1');
    expect(item).not.toHaveProperty('sort_name');
  });

  it('answers 409 when the names keep changing during a rename', async () => {
    // Prepare
    ddbMock.on(GetCommand).resolves({ Item: stored });
    ddbMock.on(UpdateCommand).rejects(failed());

    // Act
    const error = await updateSurgeon('me', 's1', { first_name: 'Bo' }).catch((e: unknown) => e);

    // Assess
    expect(error).toBeInstanceOf(ConflictError);
    expect(ddbMock.commandCalls(UpdateCommand)).toHaveLength(3);
  });

  it('writes no sort_name and reads nothing first when no name changes', async () => {
    // Prepare
    ddbMock.on(UpdateCommand).resolves({ Attributes: { ...stored, surgeon_city: 'Tacoma', sort_name: 'lee' } });

    // Act
    const item = await updateSurgeon('me', 's1', { surgeon_city: 'Tacoma' });

    // Assess
    expect(ddbMock.commandCalls(GetCommand)).toHaveLength(0);
    const update = ddbMock.commandCalls(UpdateCommand)[0]!.args[0].input;
    expect(Object.values(update.ExpressionAttributeNames ?? {})).not.toContain('sort_name');
    expect(item).not.toHaveProperty('sort_name');
  });

  it('stores a new surgeon with its folded sort_name and answers it without', async () => {
    // Prepare
    ddbMock.on(PutCommand).resolves({});

    // Act
    const item = await putSurgeon({ user_id: 'me', surgeon_id: 's2', first_name: 'Zoë', last_name: ' Ábel  Smith ' });

    // Assess
    const put = ddbMock.commandCalls(PutCommand)[0]!.args[0].input;
    expect(put.Item?.sort_name).toBe('abel smith\u0001zoe\u0001s2');
    expect(item).not.toHaveProperty('sort_name');
  });
});

describe('soft delete (issue 9, section 2)', () => {
  it('marks the item with deleted_at and deleted_by, drops sort_name, releases its NPI and never deletes the item', async () => {
    // Prepare
    ddbMock.on(UpdateCommand).resolves({ Attributes: { ...stored, sort_name: 'lee ann s1' } });
    ddbMock.on(DeleteCommand).resolves({});
    const now = new Date('2026-11-23T10:00:00.000Z');
    // Act
    await deleteSurgeon('me', 's1', { now, actor: 'me' });
    // Assess
    const update = ddbMock.commandCalls(UpdateCommand)[0]!.args[0].input;
    expect(update.Key).toEqual({ user_id: 'me', surgeon_id: 's1' });
    expect(update.UpdateExpression).toBe('SET #da = :da, #db = :db REMOVE #sort');
    expect(update.ExpressionAttributeValues).toEqual({ ':da': now.toISOString(), ':db': 'me' });
    expect(update.ConditionExpression).toContain('attribute_not_exists(#da)');
    const deletes = ddbMock.commandCalls(DeleteCommand).map((c) => c.args[0].input.Key);
    expect(deletes).toEqual([{ user_id: 'me#npi', surgeon_id: '1234567893' }]);
  });

  it('answers 404 for a second delete and hides a deleted item from a get', async () => {
    // Prepare
    ddbMock.on(UpdateCommand).rejects(failed());
    ddbMock.on(GetCommand).resolves({ Item: { ...stored, deleted_at: '2026-11-23T10:00:00.000Z', deleted_by: 'me' } });
    // Act
    const error = await deleteSurgeon('me', 's1').catch((e: unknown) => e);
    const got = await getSurgeon('me', 's1');
    // Assess
    expect(error).toBeInstanceOf(NotFoundError);
    expect(got).toBeUndefined();
    expect(ddbMock.commandCalls(DeleteCommand)).toHaveLength(0);
  });
});
