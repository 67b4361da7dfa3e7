/**
 * The one-NPI-per-user writes of lambdas/data/owned/items.ts on the paths the emulators cannot
 * interleave on demand: a concurrent change during a PATCH, a leftover marker whose holder moved to
 * another NPI, a marker held by another item, and the optimistic lock on `version` (items without
 * one are migrated on their next write). DynamoDB is mocked.
 */
import './support/env';
import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { MalformedItemError } from '../../../lambdas/data/item';
import { deleteSurgeon, getSurgeon, putSurgeon, updateSurgeon } from '../../../lambdas/data/owned/surgeons';
import { ConflictError, NotFoundError } from '../../../lambdas/lib/errors';
import { logger } from '../../../lambdas/lib/logger';

const ddbMock = mockClient(DynamoDBDocumentClient);
const failed = () => new ConditionalCheckFailedException({ message: 'condition', $metadata: {} });
/** A cancelled transaction whose actions at `failedAt` had a failed condition. */
const cancelled = (actions: number, failedAt: number[]) =>
  new TransactionCanceledException({
    message: 'Transaction cancelled',
    $metadata: {},
    CancellationReasons: Array.from({ length: actions }, (_, i) => ({
      Code: failedAt.includes(i) ? 'ConditionalCheckFailed' : 'None',
    })),
  });

const stored = {
  user_id: 'me',
  surgeon_id: 's1',
  first_name: 'Ann',
  last_name: 'Lee',
  surgeon_npi: 1234567893,
  surgeon_addr: '1 Main St',
  surgeon_city: 'Salem',
  surgeon_state: 'OR',
  surgeon_zip: '97301',
  manual_entry: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  sort_name: 'lee\u0001ann\u0001s1',
  version: 2,
};
const transactions = () => ddbMock.commandCalls(TransactWriteCommand).map((c) => c.args[0].input.TransactItems!);

beforeEach(() => {
  ddbMock.reset();
});

describe('NPI uniqueness markers', () => {
  it('changes the NPI, takes the new marker and releases the old one in one transaction on the version read', async () => {
    // Prepare
    ddbMock.on(GetCommand, { Key: { user_id: 'me', surgeon_id: 's1' } }).resolves({ Item: stored });
    ddbMock.on(TransactWriteCommand).resolves({});
    // Act
    const item = await updateSurgeon('me', 's1', { surgeon_npi: 1245319599 });
    // Assess
    const [actions] = transactions();
    expect(actions).toHaveLength(3);
    expect(actions![0]!.Put).toMatchObject({
      Item: { user_id: 'me#npi', surgeon_id: '1245319599', item_id: 's1', npi_marker: true },
      ConditionExpression: 'attribute_not_exists(#sk)',
    });
    expect(actions![1]!.Update!.ConditionExpression).toContain('#v = :read');
    expect(actions![1]!.Update!.ExpressionAttributeValues).toMatchObject({ ':read': 2, ':vnext': 3 });
    expect(actions![2]!.Delete!.Key).toEqual({ user_id: 'me#npi', surgeon_id: '1234567893' });
    expect(item).toMatchObject({ surgeon_npi: 1245319599 });
    expect(item).not.toHaveProperty('version');
    expect(item).not.toHaveProperty('sort_name');
  });

  it('answers 409 and writes nothing when the item keeps changing during a PATCH of its NPI', async () => {
    // Prepare
    ddbMock.on(GetCommand, { Key: { user_id: 'me', surgeon_id: 's1' } }).resolves({ Item: stored });
    ddbMock.on(TransactWriteCommand).rejects(cancelled(3, [1]));
    // Act
    const error = await updateSurgeon('me', 's1', { surgeon_npi: 1245319599 }).catch((e: unknown) => e);
    // Assess: three tries, each all-or-nothing; no marker write outside a transaction.
    expect(error).toBeInstanceOf(ConflictError);
    expect(transactions()).toHaveLength(3);
    expect(ddbMock.commandCalls(PutCommand)).toHaveLength(0);
  });

  it('takes over an old marker whose holder now has another NPI, on condition nobody else did', async () => {
    // Prepare
    const oldMarker = { item_id: 'holder', claimed_at: new Date(Date.now() - 60_000).toISOString(), npi_marker: true };
    ddbMock
      .on(TransactWriteCommand)
      .rejectsOnce(cancelled(2, [0]))
      .resolves({});
    ddbMock.on(GetCommand, { Key: { user_id: 'me#npi', surgeon_id: '1234567893' } }).resolves({ Item: oldMarker });
    ddbMock
      .on(GetCommand, { Key: { user_id: 'me', surgeon_id: 'holder' } })
      .resolves({ Item: { ...stored, surgeon_id: 'holder', surgeon_npi: 1245319599 } });
    // Act
    const item = await putSurgeon({ user_id: 'me', first_name: 'Ann', last_name: 'Lee', surgeon_npi: 1234567893 });
    // Assess
    const second = transactions()[1]!;
    expect(second[0]!.Put).toMatchObject({
      Item: { user_id: 'me#npi', surgeon_id: '1234567893', item_id: item.surgeon_id },
      ConditionExpression: 'item_id = :old AND claimed_at = :claimed',
      ExpressionAttributeValues: { ':old': 'holder', ':claimed': oldMarker.claimed_at },
    });
    expect(second[1]!.Put!.Item).toMatchObject({ user_id: 'me', surgeon_npi: 1234567893, version: 1 });
  });

  it('answers 409 for a marker whose holder still has the NPI, however old', async () => {
    // Prepare
    const oldMarker = { item_id: 'holder', claimed_at: '2020-01-01T00:00:00.000Z', npi_marker: true };
    ddbMock.on(TransactWriteCommand).rejects(cancelled(2, [0]));
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
    expect(transactions()).toHaveLength(1);
  });

  it('completes a PATCH of the NPI without releasing an old marker another item holds, and logs it', async () => {
    // Prepare
    const warn = jest.spyOn(logger, 'warn').mockImplementation(() => undefined);
    ddbMock.on(GetCommand, { Key: { user_id: 'me', surgeon_id: 's1' } }).resolves({ Item: stored });
    ddbMock
      .on(TransactWriteCommand)
      .rejectsOnce(cancelled(3, [2]))
      .resolves({});
    // Act
    const item = await updateSurgeon('me', 's1', { surgeon_npi: 1245319599 });
    // Assess
    expect(item.surgeon_npi).toBe(1245319599);
    const [first, second] = transactions();
    expect(first![2]!.Delete!.ExpressionAttributeValues).toEqual({ ':id': 's1' });
    expect(second!.map((action) => Object.keys(action)[0])).toEqual(['Put', 'Update']);
    expect(warn).toHaveBeenCalledWith('An NPI marker released by an update is held by another item');
    warn.mockRestore();
  });
});

describe('sort_name of the byName index and the version lock', () => {
  it('writes sort_name with a rename, on condition of the version read, and retries once it changed', async () => {
    // Prepare: the first write finds the item changed by someone else, the second succeeds.
    ddbMock
      .on(GetCommand)
      .resolvesOnce({ Item: stored })
      .resolves({ Item: { ...stored, first_name: 'Anna', version: 3 } });
    ddbMock.on(UpdateCommand).rejectsOnce(failed()).resolves({});

    // Act
    const item = await updateSurgeon('me', 's1', { last_name: 'Zhou' });

    // Assess
    const updates = ddbMock.commandCalls(UpdateCommand).map((c) => c.args[0].input);
    expect(updates).toHaveLength(2);
    expect(updates[0]!.ExpressionAttributeValues).toMatchObject({ ':read': 2, ':vnext': 3 });
    expect(Object.values(updates[0]!.ExpressionAttributeValues ?? {})).toContain('zhou\u0001ann\u0001s1');
    expect(updates[1]!.ExpressionAttributeValues).toMatchObject({ ':read': 3, ':vnext': 4 });
    expect(Object.values(updates[1]!.ExpressionAttributeValues ?? {})).toContain('zhou\u0001anna\u0001s1');
    expect(updates[1]!.ConditionExpression).toContain('#v = :read');
    expect(item).toMatchObject({ first_name: 'Anna', last_name: 'Zhou' });
    expect(item).not.toHaveProperty('sort_name');
  });

  it('gives an item written before versions its first version on its next write, on condition it still has none', async () => {
    // Prepare
    const { version: _none, ...legacy } = stored;
    ddbMock.on(GetCommand).resolves({ Item: legacy });
    ddbMock.on(UpdateCommand).resolves({});

    // Act
    await updateSurgeon('me', 's1', { first_name: 'Bo' });

    // Assess
    const update = ddbMock.commandCalls(UpdateCommand)[0]!.args[0].input;
    expect(update.ConditionExpression).toContain('attribute_not_exists(#v)');
    expect(update.ExpressionAttributeValues).toMatchObject({ ':vnext': 1 });
    expect(update.ExpressionAttributeValues).not.toHaveProperty(':read');
  });

  it('answers 409 when the item keeps changing during a rename', async () => {
    // Prepare
    ddbMock.on(GetCommand).resolves({ Item: stored });
    ddbMock.on(UpdateCommand).rejects(failed());

    // Act
    const error = await updateSurgeon('me', 's1', { first_name: 'Bo' }).catch((e: unknown) => e);

    // Assess
    expect(error).toBeInstanceOf(ConflictError);
    expect(ddbMock.commandCalls(UpdateCommand)).toHaveLength(3);
  });

  it('writes no sort_name and reads nothing first when no name changes, and still moves the version', async () => {
    // Prepare
    ddbMock.on(UpdateCommand).resolves({ Attributes: { ...stored, surgeon_city: 'Tacoma' } });

    // Act
    const item = await updateSurgeon('me', 's1', { surgeon_city: 'Tacoma' });

    // Assess
    expect(ddbMock.commandCalls(GetCommand)).toHaveLength(0);
    const update = ddbMock.commandCalls(UpdateCommand)[0]!.args[0].input;
    expect(Object.values(update.ExpressionAttributeNames ?? {})).not.toContain('sort_name');
    expect(update.UpdateExpression).toContain('#v = if_not_exists(#v, :v0) + :v1');
    expect(item).not.toHaveProperty('sort_name');
    expect(item).not.toHaveProperty('version');
  });

  it('stores a new surgeon with its folded sort_name and version 1 and answers it without', async () => {
    // Prepare
    ddbMock.on(PutCommand).resolves({});

    // Act
    const item = await putSurgeon({ user_id: 'me', surgeon_id: 's2', first_name: 'Zoë', last_name: ' Ábel  Smith ' });

    // Assess
    const put = ddbMock.commandCalls(PutCommand)[0]!.args[0].input;
    expect(put.Item?.sort_name).toBe('abel smith\u0001zoe\u0001s2');
    expect(put.Item?.version).toBe(1);
    expect(item).not.toHaveProperty('sort_name');
  });
});

describe('soft delete', () => {
  it('marks the item deleted, drops sort_name and releases its NPI in one transaction, never deleting the item', async () => {
    // Prepare
    ddbMock.on(GetCommand).resolves({ Item: stored });
    ddbMock.on(TransactWriteCommand).resolves({});
    const now = new Date('2026-11-23T10:00:00.000Z');
    // Act
    await deleteSurgeon('me', 's1', { now, actor: 'me' });
    // Assess
    const [actions] = transactions();
    const update = actions![0]!.Update!;
    expect(update.Key).toEqual({ user_id: 'me', surgeon_id: 's1' });
    expect(update.UpdateExpression).toMatch(/^SET .* REMOVE #r0$/);
    expect(update.ExpressionAttributeNames).toMatchObject({ '#r0': 'sort_name' });
    expect(update.ExpressionAttributeValues).toMatchObject({ ':f0': now.toISOString(), ':f1': 'me', ':read': 2 });
    expect(update.ConditionExpression).toContain('attribute_not_exists(#deleted)');
    expect(actions![1]!.Delete!.Key).toEqual({ user_id: 'me#npi', surgeon_id: '1234567893' });
  });

  it('answers 404 for a second delete and hides a deleted item from a get', async () => {
    // Prepare
    ddbMock.on(GetCommand).resolves({ Item: { ...stored, deleted_at: '2026-11-23T10:00:00.000Z', deleted_by: 'me' } });
    // Act
    const error = await deleteSurgeon('me', 's1').catch((e: unknown) => e);
    const got = await getSurgeon('me', 's1');
    // Assess
    expect(error).toBeInstanceOf(NotFoundError);
    expect(got).toBeUndefined();
    expect(transactions()).toHaveLength(0);
  });
});

describe('item schema', () => {
  it('refuses a malformed surgeon with a MalformedItemError logged by its key only', async () => {
    // Prepare
    const error = jest.spyOn(logger, 'error').mockImplementation(() => undefined);
    ddbMock.on(GetCommand).resolves({ Item: { ...stored, first_name: 42 } });
    // Act
    const failure = await getSurgeon('me', 's1').catch((e: unknown) => e);
    // Assess
    expect(failure).toBeInstanceOf(MalformedItemError);
    expect(error).toHaveBeenCalledWith(
      'Malformed item',
      expect.objectContaining({ key: { user_id: 'me', surgeon_id: 's1' } }),
    );
    const logged = JSON.stringify(error.mock.calls);
    expect(logged).not.toContain('Lee');
    expect(logged).not.toContain('42');
    error.mockRestore();
  });
});
