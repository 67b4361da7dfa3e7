import './support/env';
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminGetUserCommand,
  InvalidParameterException,
  ListUsersCommand,
  UnsupportedUserStateException,
  UserNotFoundException,
  AdminDisableUserCommand,
  AdminRemoveUserFromGroupCommand,
  CognitoIdentityProviderClient,
  UsernameExistsException,
} from '@aws-sdk/client-cognito-identity-provider';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { handler } from '../../../lambdas/user/handler';
import { invoke } from './support/events';

const ddbMock = mockClient(DynamoDBDocumentClient);
const cognitoMock = mockClient(CognitoIdentityProviderClient);

/** The Put of a profile create (a transaction with the profile counter). */
function putItems(): Record<string, unknown>[] {
  return ddbMock
    .commandCalls(TransactWriteCommand)
    .flatMap((c) => c.args[0].input.TransactItems ?? [])
    .flatMap((a) => (a.Put ? [a.Put.Item as Record<string, unknown>] : []));
}

/** Keys of the profiles deleted (transactions with the profile counter). */
function deletedKeys(): unknown[] {
  return ddbMock
    .commandCalls(TransactWriteCommand)
    .flatMap((c) => c.args[0].input.TransactItems ?? [])
    .flatMap((a) => (a.Delete ? [a.Delete.Key] : []));
}

/** The profile payload the setup screen's client sends (spec provider-side section 7). */
const createPayload = {
  user_id: 'spoofed',
  user_email: 'spoof@example.com',
  first_name: 'Ada',
  last_name: 'Lovelace',
  addr1: '1 Main ST',
  addr2: '',
  city: 'Boston',
  state: 'ma',
  zipcode: '02110',
  telephone: '(617) 555-0100',
  user_npi: '1234567893',
  referred_by_user: '',
  message_pref: '2',
  states_licensed: '["MA","NY"]',
};

beforeEach(() => {
  ddbMock.reset();
  cognitoMock.reset();
  ddbMock.on(GetCommand).resolves({});
});

describe('POST /user', () => {
  it('stores canonical names from the token identity and returns them with the aliases', async () => {
    // Prepare
    ddbMock.on(TransactWriteCommand).resolves({});
    // Act
    const answer = await invoke(handler, {
      method: 'POST',
      path: '/user',
      sub: 'me',
      claims: { email: 'ada@example.com' },
      body: createPayload,
    });
    // Assess
    expect(answer.status).toBe(201);
    const item = putItems()[0]!;
    expect(item).toMatchObject({
      user_id: 'me',
      user_email: 'ada@example.com',
      addr1: '1 Main ST',
      state: 'MA',
      zipcode: '02110',
      telephone: '(617) 555-0100',
      message_pref: 2,
      states_licensed: ['MA', 'NY'],
    });
    expect(item).not.toHaveProperty('user_type');
    expect(answer.body.user).toMatchObject({
      address1: '1 Main ST',
      zip_code: '02110',
      telephone_number: '(617) 555-0100',
      messaging_pref: 2,
      user_type: 0,
    });
  });

  it('answers the spec messages for a bad profile and writes nothing', async () => {
    // Act
    const answer = await invoke(handler, {
      method: 'POST',
      path: '/user',
      sub: 'me',
      body: { ...createPayload, first_name: 'A', user_npi: '12345', states_licensed: '[]', zipcode: '2110' },
    });
    // Assess
    expect(answer.status).toBe(400);
    const byField = Object.fromEntries(
      answer.body.errors.map((e: { field: string; message: string }) => [e.field, e.message]),
    );
    expect(byField).toMatchObject({
      first_name: 'First name must be at least 2 characters',
      zipcode: 'Zip code must be 5 digits',
      user_npi: 'NPI must be exactly 10 digits',
      states_licensed: 'At least one licensed state is required',
    });
    expect(putItems()).toHaveLength(0);
  });

  it("answers 409 { success: false, message: 'User already exists' } when the profile exists", async () => {
    // Prepare
    ddbMock.on(TransactWriteCommand).rejects(
      new TransactionCanceledException({
        message: 'cancelled',
        $metadata: {},
        CancellationReasons: [{ Code: 'ConditionalCheckFailed' }, { Code: 'None' }],
      }),
    );
    // Act
    const answer = await invoke(handler, { method: 'POST', path: '/user', sub: 'me', body: createPayload });
    // Assess
    expect(answer).toMatchObject({ status: 409, body: { success: false, message: 'User already exists' } });
  });
});

describe('GET, PATCH and DELETE /user', () => {
  it("answers 404 'User not found' to a provider reading another user's profile, without reading it", async () => {
    // Act
    const answer = await invoke(handler, { method: 'GET', path: '/user', sub: 'me', query: { user_id: 'you' } });
    // Assess
    expect(answer).toMatchObject({ status: 404, body: { success: false, message: 'User not found' } });
    const reads = ddbMock.commandCalls(GetCommand).map((c) => c.args[0].input.Key);
    expect(reads).not.toContainEqual({ user_id: 'you' });
  });

  it('changes only the sent fields and ignores a user_type in the body', async () => {
    // Prepare
    ddbMock.on(UpdateCommand).resolves({ Attributes: { user_id: 'me', first_name: 'Ada', city: 'Salem' } });
    // Act
    const answer = await invoke(handler, {
      method: 'PATCH',
      path: '/user',
      sub: 'me',
      body: { user_id: 'me', city: 'Salem', user_type: 1000 },
    });
    // Assess
    expect(answer.status).toBe(200);
    const update = ddbMock.commandCalls(UpdateCommand)[0]!.args[0].input;
    // The sent field, the time, the key condition and the optimistic-lock version every write sets.
    expect(Object.values(update.ExpressionAttributeNames!).sort()).toEqual(
      ['city', 'updatedAt', 'user_id', 'version'].sort(),
    );
    expect(JSON.stringify(update)).not.toContain('1000');
  });

  it("answers 404 to a provider patching someone else's profile", async () => {
    // Act
    const answer = await invoke(handler, {
      method: 'PATCH',
      path: '/user',
      sub: 'me',
      body: { user_id: 'you', city: 'Salem' },
    });
    // Assess
    expect(answer.status).toBe(404);
    expect(ddbMock.commandCalls(UpdateCommand)).toHaveLength(0);
  });

  it('lets a user admin delete a user of a lower type but not an equal one', async () => {
    // Prepare
    ddbMock.on(GetCommand, { Key: { user_id: 'admin' } }).resolves({ Item: { user_type: 20 } });
    ddbMock.on(GetCommand, { Key: { user_id: 'provider' } }).resolves({ Item: { user_id: 'provider', user_type: 0 } });
    ddbMock.on(GetCommand, { Key: { user_id: 'peer' } }).resolves({ Item: { user_id: 'peer', user_type: 20 } });
    ddbMock.on(TransactWriteCommand).resolves({});
    cognitoMock.on(AdminDisableUserCommand).resolves({});
    // Act
    const lower = await invoke(handler, {
      method: 'DELETE',
      path: '/user',
      sub: 'admin',
      query: { user_id: 'provider' },
    });
    const equal = await invoke(handler, { method: 'DELETE', path: '/user', sub: 'admin', query: { user_id: 'peer' } });
    // Assess
    expect(lower.status).toBe(200);
    expect(equal.status).toBe(403);
    expect(deletedKeys()).toEqual([{ user_id: 'provider' }]);
    expect(cognitoMock.commandCalls(AdminDisableUserCommand).map((c) => c.args[0].input.Username)).toEqual([
      'provider',
    ]);
  });
});

describe('bad input that must change nothing', () => {
  const stored = {
    user_id: 'me',
    documents: [{ document_type: 'CV - Resume', document_name: 'private/profile-documents/me/a@b.c_1.pdf' }],
    document_key: 'private/profile-documents/me/legacy.pdf',
  };

  it.each(['', '   '])('answers 400 to DELETE /user?user_id=%p and deletes nothing', async (userId) => {
    // Act
    const answer = await invoke(handler, { method: 'DELETE', path: '/user', sub: 'me', query: { user_id: userId } });
    // Assess
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual([{ field: 'user_id', message: 'user_id must not be empty' }]);
    expect(deletedKeys()).toHaveLength(0);
  });

  it("refuses a profile NPI whose check digit is wrong with 'NPI not found or invalid' on POST and PATCH", async () => {
    // Prepare
    ddbMock.on(GetCommand, { Key: { user_id: 'me' } }).resolves({ Item: { user_id: 'me' } });
    // Act
    const created = await invoke(handler, {
      method: 'POST',
      path: '/user',
      sub: 'new',
      body: { ...createPayload, user_npi: '1234567890' },
    });
    const patched = await invoke(handler, {
      method: 'PATCH',
      path: '/user',
      sub: 'me',
      body: { npi: '1234567898' },
    });
    // Assess
    expect(created.status).toBe(400);
    expect(created.body.errors).toEqual([{ field: 'user_npi', message: 'NPI not found or invalid' }]);
    expect(patched.status).toBe(400);
    expect(patched.body.message).toBe('NPI not found or invalid');
    expect(ddbMock.commandCalls(UpdateCommand)).toHaveLength(0);
  });

  it('refuses documents on POST /user: documents come through POST /document', async () => {
    // Act
    const answer = await invoke(handler, {
      method: 'POST',
      path: '/user',
      sub: 'new',
      body: { ...createPayload, documents: [stored.documents[0]], document_key: 'private/x.pdf' },
    });
    // Assess
    expect(answer.status).toBe(400);
    expect(answer.body.errors.map((e: { field: string }) => e.field)).toEqual([
      'documents.0.document_name',
      'document_key',
    ]);
    expect(putItems()).toHaveLength(0);
  });

  it.each([
    [{ documents: [{ document_type: 'CV - Resume', document_name: 'private/profile-documents/other/x.pdf' }] }],
    [{ documents: [...stored.documents, { document_type: 'License(s)', document_name: 'private/x.pdf' }] }],
    [{ documents: [{ ...stored.documents[0], document_type: 'License(s)' }] }],
    [{ document_key: 'private/profile-documents/other/y.pdf' }],
  ])('refuses a PATCH /user that adds a document path: %j', async (body) => {
    // Prepare
    ddbMock.on(GetCommand).resolves({ Item: stored });
    // Act
    const answer = await invoke(handler, { method: 'PATCH', path: '/user', sub: 'me', body });
    // Assess
    expect(answer.status).toBe(400);
    expect(ddbMock.commandCalls(UpdateCommand)).toHaveLength(0);
  });

  it('lets a PATCH /user keep or drop stored documents and clear the document key', async () => {
    // Prepare
    ddbMock.on(GetCommand).resolves({ Item: stored });
    ddbMock.on(UpdateCommand).resolves({ Attributes: { ...stored, documents: [], document_key: '' } });
    // Act
    const kept = await invoke(handler, {
      method: 'PATCH',
      path: '/user',
      sub: 'me',
      body: { documents: stored.documents, document_key: stored.document_key },
    });
    const dropped = await invoke(handler, {
      method: 'PATCH',
      path: '/user',
      sub: 'me',
      body: { documents: [], document_key: '' },
    });
    // Assess
    expect([kept.status, dropped.status]).toEqual([200, 200]);
    expect(ddbMock.commandCalls(UpdateCommand)).toHaveLength(2);
  });
});

describe('user management', () => {
  /** The caller `admin` of type `adminType` and the target `target` of type `targetType`. */
  function users(adminType: number, targetType: number) {
    ddbMock
      .on(GetCommand, { Key: { user_id: 'admin' } })
      .resolves({ Item: { user_id: 'admin', user_type: adminType } });
    ddbMock
      .on(GetCommand, { Key: { user_id: 'target' } })
      .resolves({ Item: { user_id: 'target', user_type: targetType, updatedAt: '2026-01-01T00:00:00.000Z' } });
  }
  const groupCalls = () => [
    ...cognitoMock.commandCalls(AdminAddUserToGroupCommand).map((c) => `+${c.args[0].input.GroupName}`),
    ...cognitoMock.commandCalls(AdminRemoveUserFromGroupCommand).map((c) => `-${c.args[0].input.GroupName}`),
  ];

  it('moves the Cognito group first, then sets the type only while it is still the one checked', async () => {
    // Prepare
    users(50, 0);
    ddbMock.on(UpdateCommand).resolves({ Attributes: { user_id: 'target', user_type: 20 } });
    // Act
    const answer = await invoke(handler, {
      method: 'PATCH',
      path: '/user',
      sub: 'admin',
      body: { user_id: 'target', user_type: 20 },
    });
    // Assess
    expect(answer).toMatchObject({ status: 200, body: { success: true, user: { user_type: 20 } } });
    expect(groupCalls()).toEqual(['+admin', '-surgeon']);
    const update = ddbMock.commandCalls(UpdateCommand)[0]!.args[0].input;
    expect(update.ConditionExpression).toContain('attribute_not_exists(#ut) OR #ut = :ut');
    expect(update.ExpressionAttributeValues).toMatchObject({ ':ut': 0 });
  });

  it('puts the group back and answers 409 when the type changed in between', async () => {
    // Prepare
    users(50, 0);
    ddbMock.on(UpdateCommand).rejects(new ConditionalCheckFailedException({ message: 'changed', $metadata: {} }));
    // Act
    const answer = await invoke(handler, {
      method: 'PATCH',
      path: '/user',
      sub: 'admin',
      body: { user_id: 'target', user_type: 10 },
    });
    // Assess
    expect(answer.status).toBe(409);
    expect(groupCalls()).toEqual(['+admin', '+surgeon', '-surgeon', '-admin']);
  });

  it('changes no group when the type stays on the same side of 10, and nothing at all when refused', async () => {
    // Prepare
    users(1000, 50);
    ddbMock.on(UpdateCommand).resolves({ Attributes: { user_id: 'target', user_type: 100 } });
    // Act
    const allowed = await invoke(handler, {
      method: 'PATCH',
      path: '/user',
      sub: 'admin',
      body: { user_id: 'target', user_type: 100 },
    });
    const refused = await invoke(handler, {
      method: 'PATCH',
      path: '/user',
      sub: 'admin',
      body: { user_id: 'target', user_type: 1000 },
    });
    // Assess
    expect(allowed.status).toBe(200);
    expect(refused).toMatchObject({
      status: 403,
      body: { message: 'You can only set a user type below your own (1000).' },
    });
    expect(groupCalls()).toEqual([]);
    expect(ddbMock.commandCalls(UpdateCommand)).toHaveLength(1);
  });

  it('refuses a delete above the caller’s own type minus 1 without disabling the account', async () => {
    // Prepare
    users(20, 20);
    // Act
    const answer = await invoke(handler, {
      method: 'DELETE',
      path: '/user',
      sub: 'admin',
      query: { user_id: 'target' },
    });
    // Assess
    expect(answer).toMatchObject({
      status: 403,
      body: { message: 'You can only delete users whose user type is at most 19 (your own type minus 1).' },
    });
    expect(cognitoMock.commandCalls(AdminDisableUserCommand)).toHaveLength(0);
    expect(deletedKeys()).toHaveLength(0);
  });

  it('invites with Cognito’s own email invitation and the surgeon group, and answers 409 for a known email', async () => {
    // Prepare
    users(20, 0);
    cognitoMock.on(AdminCreateUserCommand, { Username: 'new@example.com' }).resolves({
      User: { Username: 'sub-1', UserStatus: 'FORCE_CHANGE_PASSWORD', Attributes: [{ Name: 'sub', Value: 'sub-1' }] },
    });
    cognitoMock
      .on(AdminCreateUserCommand, { Username: 'known@example.com' })
      .rejects(new UsernameExistsException({ message: 'exists', $metadata: {} }));
    cognitoMock
      .on(AdminGetUserCommand, { Username: 'known@example.com' })
      .resolves({ Username: 'sub-known', UserStatus: 'CONFIRMED', Enabled: true });
    // Act
    const sent = await invoke(handler, {
      method: 'POST',
      path: '/user/invite',
      sub: 'admin',
      body: { email: ' New@Example.com ' },
    });
    const known = await invoke(handler, {
      method: 'POST',
      path: '/user/invite',
      sub: 'admin',
      body: { email: 'known@example.com' },
    });
    // Assess
    expect(sent).toMatchObject({
      status: 201,
      body: { success: true, user: { user_id: 'sub-1', email: 'new@example.com', status: 'FORCE_CHANGE_PASSWORD' } },
    });
    const create = cognitoMock.commandCalls(AdminCreateUserCommand)[0]!.args[0].input;
    expect(create.MessageAction).toBeUndefined();
    expect(create.DesiredDeliveryMediums).toEqual(['EMAIL']);
    expect(create.UserPoolId).toBe('us-east-1_unit');
    expect(groupCalls()).toEqual(['+surgeon']);
    expect(known).toMatchObject({ status: 409, body: { message: 'An account with this email already exists' } });
    expect(cognitoMock.commandCalls(AdminCreateUserCommand).filter((c) => c.args[0].input.MessageAction)).toHaveLength(
      0,
    );
  });

  it('sends a pending invitation again (RESEND, 200) and refuses a disabled pending account with 409 and no email', async () => {
    // Prepare
    users(20, 0);
    cognitoMock
      .on(AdminCreateUserCommand)
      .rejects(new UsernameExistsException({ message: 'exists', $metadata: {} }))
      .on(AdminCreateUserCommand, { MessageAction: 'RESEND' })
      .resolves({ User: { Username: 'sub-p', UserStatus: 'FORCE_CHANGE_PASSWORD' } });
    cognitoMock.on(AdminGetUserCommand, { Username: 'pending@example.com' }).resolves({
      Username: 'sub-p',
      UserStatus: 'FORCE_CHANGE_PASSWORD',
      Enabled: true,
      UserAttributes: [{ Name: 'sub', Value: 'sub-p' }],
    });
    cognitoMock
      .on(AdminGetUserCommand, { Username: 'gone@example.com' })
      .resolves({ Username: 'sub-g', UserStatus: 'FORCE_CHANGE_PASSWORD', Enabled: false });

    // Act
    const again = await invoke(handler, {
      method: 'POST',
      path: '/user/invite',
      sub: 'admin',
      body: { email: 'pending@example.com' },
    });
    const disabled = await invoke(handler, {
      method: 'POST',
      path: '/user/invite',
      sub: 'admin',
      body: { email: 'gone@example.com' },
    });

    // Assess
    expect(again).toMatchObject({
      status: 200,
      body: {
        success: true,
        message: 'Invitation sent again to pending@example.com',
        user: { user_id: 'sub-p', email: 'pending@example.com', status: 'FORCE_CHANGE_PASSWORD' },
      },
    });
    const resends = cognitoMock
      .commandCalls(AdminCreateUserCommand)
      .map((c) => c.args[0].input)
      .filter((input) => input.MessageAction === 'RESEND');
    expect(resends).toEqual([
      {
        UserPoolId: 'us-east-1_unit',
        Username: 'pending@example.com',
        MessageAction: 'RESEND',
        DesiredDeliveryMediums: ['EMAIL'],
      },
    ]);
    expect(groupCalls()).toEqual(['+surgeon']);
    expect(disabled).toMatchObject({ status: 409, body: { message: 'An account with this email already exists' } });
  });

  it('answers 409, not 500, when the pending account is accepted or deleted between the read and the resend', async () => {
    // Prepare
    users(20, 0);
    cognitoMock
      .on(AdminCreateUserCommand)
      .rejects(new UsernameExistsException({ message: 'exists', $metadata: {} }))
      .on(AdminCreateUserCommand, { MessageAction: 'RESEND' })
      .rejects(new UnsupportedUserStateException({ message: 'Resend not possible', $metadata: {} }));
    cognitoMock
      .on(AdminGetUserCommand, { Username: 'accepting@example.com' })
      .resolves({ Username: 'sub-a', UserStatus: 'FORCE_CHANGE_PASSWORD', Enabled: true });
    cognitoMock
      .on(AdminGetUserCommand, { Username: 'deleted@example.com' })
      .rejects(new UserNotFoundException({ message: 'User does not exist.', $metadata: {} }));

    // Act
    const answers = await Promise.all(
      ['accepting@example.com', 'deleted@example.com'].map((email) =>
        invoke(handler, { method: 'POST', path: '/user/invite', sub: 'admin', body: { email } }),
      ),
    );

    // Assess
    for (const answer of answers) {
      expect(answer).toMatchObject({ status: 409, body: { message: 'An account with this email already exists' } });
    }
  });

  it('lists pending invitations a page at a time through an opaque cursor, leaving out disabled accounts and capping the page at 60', async () => {
    // Prepare
    users(20, 0);
    const sent = new Date('2026-11-20T10:00:00.000Z');
    const pending = (n: number, enabled = true) => ({
      Username: `sub-${n}`,
      UserStatus: 'FORCE_CHANGE_PASSWORD' as const,
      Enabled: enabled,
      UserLastModifiedDate: sent,
      Attributes: [
        { Name: 'sub', Value: `sub-${n}` },
        { Name: 'email', Value: `p${n}@example.com` },
      ],
    });
    cognitoMock
      .on(ListUsersCommand)
      .resolves({ Users: [pending(1), pending(2, false)], PaginationToken: 'cognito-token-1' })
      .on(ListUsersCommand, { PaginationToken: 'cognito-token-1' })
      .resolves({ Users: [pending(3)] });

    // Act
    const first = await invoke(handler, {
      method: 'GET',
      path: '/user/invitations',
      sub: 'admin',
      query: { limit: '500' },
    });
    const cursor = (first.body as { next_cursor: string }).next_cursor;
    const second = await invoke(handler, { method: 'GET', path: '/user/invitations', sub: 'admin', query: { cursor } });

    // Assess
    expect(first).toMatchObject({
      status: 200,
      body: {
        success: true,
        invitations: [
          {
            user_id: 'sub-1',
            email: 'p1@example.com',
            invited_at: '2026-11-20T10:00:00.000Z',
            expires_at: '2026-11-27T10:00:00.000Z',
          },
        ],
      },
    });
    expect(cursor).not.toContain('cognito-token-1');
    expect(second).toMatchObject({ status: 200, body: { invitations: [{ user_id: 'sub-3' }] } });
    expect((second.body as { next_cursor?: string }).next_cursor).toBeUndefined();
    const inputs = cognitoMock.commandCalls(ListUsersCommand).map((c) => c.args[0].input);
    expect(inputs.map((i) => [i.Filter, i.Limit, i.PaginationToken])).toEqual([
      ['cognito:user_status = "FORCE_CHANGE_PASSWORD"', 60, undefined],
      ['cognito:user_status = "FORCE_CHANGE_PASSWORD"', 50, 'cognito-token-1'],
    ]);
  });

  it('answers 403 below user_type 20, and 400 for a forged cursor or one Cognito refuses, without a 500', async () => {
    // Prepare
    users(20, 0);
    cognitoMock.on(ListUsersCommand).rejects(new InvalidParameterException({ message: 'bad token', $metadata: {} }));
    const stale = Buffer.from(JSON.stringify({ v: 1, s: 'invitations', p: { token: 'expired' } })).toString(
      'base64url',
    );

    // Act
    const forged = await invoke(handler, {
      method: 'GET',
      path: '/user/invitations',
      sub: 'admin',
      query: { cursor: 'not-a-cursor' },
    });
    const refused = await invoke(handler, {
      method: 'GET',
      path: '/user/invitations',
      sub: 'admin',
      query: { cursor: stale },
    });
    users(10, 0);
    const byCaseAdmin = await invoke(handler, { method: 'GET', path: '/user/invitations', sub: 'admin' });

    // Assess
    expect(forged.status).toBe(400);
    expect(refused).toMatchObject({
      status: 400,
      body: { message: expect.stringContaining('cursor is not valid for this list') },
    });
    expect(byCaseAdmin.status).toBe(403);
  });
});
