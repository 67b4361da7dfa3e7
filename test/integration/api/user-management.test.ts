/**
 * User management through the local gateway, Cognito (cognito-local) and dynalite: GET /user/list (paging, search, total), PATCH /user type changes and DELETE
 * /user for every pair of caller and target type at the thresholds, POST /user/invite with the
 * new-password challenge at first sign-in, a pending invitation sent again, and GET /user/invitations
 * paged.
 */
import './quiet';
import {
  AdminGetUserCommand,
  AdminListGroupsForUserCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { roleGroupFor as roleGroupForTest } from '../../../lambdas/user/accounts';
import { createProfile, getProfile } from '../../../lambdas/data/user/repository';
import { USER_MGMT_MESSAGES, deleteAboveMessage, typeAboveOwnMessage } from '../../../shared';
import { useLocalStack, type TestUser } from '../../support/local';
import { caseBody, fakeNpi, ownSurgeonAndFacility, profileBody, signedInAdmin, signedInProvider } from './support';

jest.setTimeout(180_000);

const local = useLocalStack();

const THRESHOLDS = [0, 10, 20, 50, 100, 1000] as const;

interface ListAnswer {
  success: boolean;
  users: { user_id: string; first_name: string; last_name: string; user_email: string; user_npi: string }[];
  next_cursor?: string;
  total: number;
  total_is_lower_bound?: boolean;
}
interface ErrorAnswer {
  success: boolean;
  message: string;
  errors?: { field: string; message: string }[];
}

let cognito: CognitoIdentityProviderClient;
beforeAll(() => {
  cognito = new CognitoIdentityProviderClient({
    endpoint: local.stack.endpoints.cognito,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
});
afterAll(() => cognito?.destroy());

let targetCounter = 0;

/** A Cognito account (group of its type) with a profile of `userType`, written through the repository. */
async function target(
  userType: number,
  profile: { first_name?: string; last_name?: string; email?: string; user_npi?: string } = {},
): Promise<{ sub: string; email: string }> {
  targetCounter += 1;
  const email = profile.email ?? `target-${Date.now()}-${targetCounter}@example.com`;
  const sub = await local.createAccount(email, 'Test-Passw0rd!', [roleGroupForTest(userType)]);
  await createProfile({
    user_id: sub,
    user_email: email,
    first_name: profile.first_name ?? 'Tess',
    last_name: profile.last_name ?? 'Target',
    user_npi: profile.user_npi ?? fakeNpi(),
    state: 'ME',
    telephone: '2075550142',
    ...(userType ? { user_type: userType } : {}),
  });
  return { sub, email };
}

async function groupsOf(sub: string): Promise<string[]> {
  const out = await cognito.send(
    new AdminListGroupsForUserCommand({ UserPoolId: local.stack.userPoolId, Username: sub }),
  );
  return (out.Groups ?? []).map((g) => g.GroupName ?? '').sort();
}

/** Callers of each threshold type, signed in (created once for the file). */
const callers = new Map<number, TestUser>();
async function caller(userType: number): Promise<TestUser> {
  let user = callers.get(userType);
  if (!user) {
    user = userType === 0 ? await signedInProvider(local) : await signedInAdmin(local, userType);
    callers.set(userType, user);
  }
  return user;
}

/** Expected PATCH status for a caller type and target type. */
function expectedPatch(callerType: number, targetType: number): number {
  if (callerType < 10) return 404;
  if (callerType < 20) return 403;
  return targetType < callerType ? 200 : 403;
}

/** Expected DELETE status (spec section 6: the largest deletable type is the caller's own minus 1). */
function expectedDelete(callerType: number, targetType: number): number {
  if (callerType < 10) return 404;
  if (callerType < 20) return 403;
  return targetType <= callerType - 1 ? 200 : 403;
}

const PAIRS = THRESHOLDS.flatMap((c) => THRESHOLDS.map((t) => [c, t] as const));

describe('PATCH /user { user_id, user_type } for every pair of caller and target type', () => {
  it.each(PAIRS)(
    'answers a caller of type %i changing a user of type %i as the rules say, the group following',
    async (callerType, targetType) => {
      // Prepare
      const admin = await caller(callerType);
      const victim = await target(targetType);
      const newType = callerType >= 20 ? callerType - 1 : 0;
      // Act
      const res = await local.api<ErrorAnswer & { user?: { user_type: number } }>('PATCH', '/user', {
        token: admin.accessToken,
        body: { user_id: victim.sub, user_type: newType },
      });
      // Assess
      const expected = expectedPatch(callerType, targetType);
      expect(res.status).toBe(expected);
      const stored = await getProfile(victim.sub);
      if (expected === 200) {
        expect(res.body.user?.user_type).toBe(newType);
        expect(stored?.user_type).toBe(newType);
        expect(await groupsOf(victim.sub)).toEqual([roleGroupForTest(newType)]);
      } else {
        expect(stored?.user_type ?? 0).toBe(targetType);
        expect(await groupsOf(victim.sub)).toEqual([roleGroupForTest(targetType)]);
        if (expected === 404) expect(res.body.message).toBe('User not found');
        else if (callerType < 20) expect(res.body.message).toBe(USER_MGMT_MESSAGES.accessDenied);
        else expect(res.body.message).toBe(USER_MGMT_MESSAGES.targetNotBelow);
      }
    },
  );

  it("refuses a type at or above the caller's own, and a bad type, changing nothing", async () => {
    // Prepare
    const admin = await caller(50);
    const victim = await target(0);
    // Act
    const same = await local.api<ErrorAnswer>('PATCH', '/user', {
      token: admin.accessToken,
      body: { user_id: victim.sub, user_type: 50 },
    });
    const above = await local.api<ErrorAnswer>('PATCH', '/user', {
      token: admin.accessToken,
      body: { user_id: victim.sub, user_type: 1000 },
    });
    const bad = await Promise.all(
      ['ten', -1, 2.5, null].map((value) =>
        local.api<ErrorAnswer>('PATCH', '/user', {
          token: admin.accessToken,
          body: { user_id: victim.sub, user_type: value },
        }),
      ),
    );
    // Assess
    expect(same.status).toBe(403);
    expect(same.body.message).toBe(typeAboveOwnMessage(50));
    expect(above.status).toBe(403);
    for (const res of bad) {
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(USER_MGMT_MESSAGES.userTypeInvalid);
    }
    expect((await getProfile(victim.sub))?.user_type).toBeUndefined();
    expect(await groupsOf(victim.sub)).toEqual(['surgeon']);
  });

  it('lets nobody change their own type, and answers 404 for a user who does not exist', async () => {
    // Prepare
    const admin = await caller(1000);
    // Act
    const own = await local.api<ErrorAnswer>('PATCH', '/user', {
      token: admin.accessToken,
      body: { user_id: admin.sub, user_type: 0 },
    });
    const missing = await local.api<ErrorAnswer>('PATCH', '/user', {
      token: admin.accessToken,
      body: { user_id: 'no-such-user-0000', user_type: 0 },
    });
    // Assess
    expect(own.status).toBe(403);
    expect(own.body.message).toBe(USER_MGMT_MESSAGES.ownType);
    expect((await getProfile(admin.sub))?.user_type).toBe(1000);
    expect(missing.status).toBe(404);
  });
});

describe('DELETE /user?user_id= for every pair of caller and target type', () => {
  it.each(PAIRS)(
    'answers a caller of type %i deleting a user of type %i as the spec rule says, disabling the account',
    async (callerType, targetType) => {
      // Prepare
      const admin = await caller(callerType);
      const victim = await target(targetType);
      // Act
      const res = await local.api<ErrorAnswer>('DELETE', '/user', {
        token: admin.accessToken,
        query: { user_id: victim.sub },
      });
      // Assess
      const expected = expectedDelete(callerType, targetType);
      expect(res.status).toBe(expected);
      const account = await cognito.send(
        new AdminGetUserCommand({ UserPoolId: local.stack.userPoolId, Username: victim.sub }),
      );
      if (expected === 200) {
        expect(await getProfile(victim.sub)).toBeUndefined();
        expect(account.Enabled).toBe(false);
      } else {
        expect(await getProfile(victim.sub)).toBeDefined();
        expect(account.Enabled).toBe(true);
        if (expected === 403 && callerType >= 20) expect(res.body.message).toBe(deleteAboveMessage(callerType));
      }
    },
  );

  it("keeps a deleted user's cases, still visible to the back office, and the user can no longer sign in", async () => {
    // Prepare
    const provider = await signedInProvider(local);
    const refs = await ownSurgeonAndFacility(local, provider);
    const made = await local.api<{ case: { case_id: string } }>('POST', '/case', {
      token: provider.accessToken,
      body: caseBody(refs),
    });
    expect(made.status).toBe(201);
    const admin = await caller(20);
    // Act
    const res = await local.api('DELETE', '/user', { token: admin.accessToken, query: { user_id: provider.sub } });
    // Assess
    expect(res.status).toBe(200);
    const seen = await local.api<{ case?: { case_id: string } }>('GET', '/case', {
      token: admin.accessToken,
      query: { case_id: made.body.case.case_id },
    });
    expect(seen.status).toBe(200);
    await expect(local.signIn(provider.email, provider.password)).rejects.toThrow();
  });
});

describe('GET /user/list', () => {
  it('answers 403 with the spec text below user_type 20 and 401 without a token', async () => {
    // Prepare
    const [provider, caseAdmin] = await Promise.all([caller(0), caller(10)]);
    // Act
    const byProvider = await local.api<ErrorAnswer>('GET', '/user/list', { token: provider.accessToken });
    const byCaseAdmin = await local.api<ErrorAnswer>('GET', '/user/list', { token: caseAdmin.accessToken });
    const anonymous = await local.api('GET', '/user/list');
    // Assess
    expect(byProvider.status).toBe(403);
    expect(byProvider.body.message).toBe(USER_MGMT_MESSAGES.accessDenied);
    expect(byCaseAdmin.status).toBe(403);
    expect(anonymous.status).toBe(401);
  });

  it('pages through every profile once, by name, with the total from the counter', async () => {
    // Prepare
    const admin = await caller(20);
    await Promise.all([target(0, { last_name: 'Aardvark' }), target(0, { last_name: 'Zzyzx' })]);
    // Act
    const seen: string[] = [];
    const names: string[] = [];
    let cursor: string | undefined;
    let total = -1;
    let pages = 0;
    do {
      const res = await local.api<ListAnswer>('GET', '/user/list', {
        token: admin.accessToken,
        query: { limit: 7, cursor },
      });
      expect(res.status).toBe(200);
      expect(res.body.users.length).toBeLessThanOrEqual(7);
      seen.push(...res.body.users.map((u) => u.user_id));
      names.push(...res.body.users.map((u) => u.last_name.toLowerCase()));
      total = res.body.total;
      cursor = res.body.next_cursor;
      pages += 1;
    } while (cursor && pages < 100);
    // Assess
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBe(total);
    expect(names).toEqual([...names].sort());
    expect(pages).toBe(Math.ceil(total / 7));
  });

  it.each([
    ['first name', 'first_name'],
    ['last name', 'last_name'],
    ['email', 'email'],
    ['NPI', 'user_npi'],
  ] as const)('finds users by a case-insensitive prefix of the %s, paged, each once', async (_label, field) => {
    // Prepare: five users sharing a prefix in this field only.
    const admin = await caller(100);
    const tag = `q${Date.now().toString(36)}${field.length}`;
    const npiBase = String(Date.now()).slice(-5);
    const made = await Promise.all(
      [1, 2, 3, 4, 5].map((i) =>
        target(0, {
          first_name: field === 'first_name' ? `${tag}Fn${i}` : `Other${i}`,
          last_name: field === 'last_name' ? `${tag}Ln${i}` : `Person${i}`,
          email: field === 'email' ? `${tag}.${i}@example.com` : undefined,
          user_npi: field === 'user_npi' ? `9${npiBase}${i}000` : undefined,
        }),
      ),
    );
    const prefix = field === 'user_npi' ? `9${npiBase}` : tag.toUpperCase();
    // Act
    const ids: string[] = [];
    let cursor: string | undefined;
    const totals: number[] = [];
    let pages = 0;
    do {
      const res = await local.api<ListAnswer>('GET', '/user/list', {
        token: admin.accessToken,
        query: { search: ` ${prefix} `, limit: 2, cursor },
      });
      expect(res.status).toBe(200);
      ids.push(...res.body.users.map((u) => u.user_id));
      totals.push(res.body.total);
      cursor = res.body.next_cursor;
      pages += 1;
    } while (cursor && pages < 10);
    // Assess
    expect(ids.sort()).toEqual(made.map((m) => m.sub).sort());
    expect(pages).toBe(3);
    expect(new Set(totals)).toEqual(new Set([5]));
  });

  it('does not list a user twice when the text starts both the first and the last name', async () => {
    // Prepare
    const admin = await caller(20);
    const tag = `dup${Date.now().toString(36)}`;
    const both = await target(0, { first_name: `${tag}a`, last_name: `${tag}b` });
    // Act
    const res = await local.api<ListAnswer>('GET', '/user/list', { token: admin.accessToken, query: { search: tag } });
    // Assess
    expect(res.body.users.map((u) => u.user_id)).toEqual([both.sub]);
    expect(res.body.total).toBe(1);
    expect(res.body.next_cursor).toBeUndefined();
  });

  it('finds a user by the whole name in either order, with or without a comma, and by email', async () => {
    // Prepare
    const admin = await caller(20);
    const tag = `jon${Date.now().toString(36).replace(/\d/g, 'q')}`;
    const user = await target(0, { first_name: `${tag}athan`, last_name: `Morales${tag}` });
    const search = async (text: string) =>
      (
        await local.api<ListAnswer>('GET', '/user/list', { token: admin.accessToken, query: { search: text } })
      ).body.users.map((u) => u.user_id);
    // Act
    const found = await Promise.all([
      search(`${tag}athan Morales${tag}`),
      search(`morales${tag}, ${tag}ATHAN`),
      search(`Morales${tag} ${tag}`),
      search(user.email.toUpperCase()),
    ]);
    // Assess
    for (const ids of found) expect(ids).toContain(user.sub);
  });

  it('follows a name change in the search and answers 400 for a cursor of another list or a bad limit', async () => {
    // Prepare
    const admin = await caller(20);
    const old = `old${Date.now().toString(36)}`;
    const fresh = `new${Date.now().toString(36)}`;
    const user = await signedInProvider(local, { last_name: old });
    await local.api('PATCH', '/user', { token: user.accessToken, body: { last_name: fresh } });
    const page = await local.api<ListAnswer>('GET', '/user/list', { token: admin.accessToken, query: { limit: 1 } });
    // Act
    const byOld = await local.api<ListAnswer>('GET', '/user/list', {
      token: admin.accessToken,
      query: { search: old },
    });
    const byNew = await local.api<ListAnswer>('GET', '/user/list', {
      token: admin.accessToken,
      query: { search: fresh },
    });
    const foreign = await local.api<ErrorAnswer>('GET', '/user/list', {
      token: admin.accessToken,
      query: { search: fresh, cursor: page.body.next_cursor },
    });
    const forged = await local.api<ErrorAnswer>('GET', '/user/list', {
      token: admin.accessToken,
      query: { cursor: 'not-a-cursor' },
    });
    const badLimit = await local.api<ErrorAnswer>('GET', '/user/list', {
      token: admin.accessToken,
      query: { limit: 'many' },
    });
    // Assess
    expect(byOld.body.users).toEqual([]);
    expect(byOld.body.total).toBe(0);
    expect(byNew.body.users.map((u) => u.user_id)).toEqual([user.sub]);
    expect(page.body.next_cursor).toBeDefined();
    expect(foreign.status).toBe(400);
    expect(forged.status).toBe(400);
    expect(badLimit.status).toBe(400);
  });

  it('counts profiles: a create adds one and a delete takes one away', async () => {
    // Prepare
    const admin = await caller(20);
    const totalNow = async () =>
      (await local.api<ListAnswer>('GET', '/user/list', { token: admin.accessToken, query: { limit: 1 } })).body.total;
    const before = await totalNow();
    // Act
    const one = await target(0);
    const afterCreate = await totalNow();
    await local.api('DELETE', '/user', { token: admin.accessToken, query: { user_id: one.sub } });
    const afterDelete = await totalNow();
    // Assess
    expect(afterCreate).toBe(before + 1);
    expect(afterDelete).toBe(before);
  });
});

describe('GET /user?user_id= (the detail page)', () => {
  it("lets a user admin read another user's profile and a provider not", async () => {
    // Prepare
    const [admin, provider] = await Promise.all([caller(20), caller(0)]);
    const other = await target(0, { first_name: 'Detail' });
    // Act
    const byAdmin = await local.api<{ user: { first_name: string } }>('GET', '/user', {
      token: admin.accessToken,
      query: { user_id: other.sub },
    });
    const byProvider = await local.api('GET', '/user', { token: provider.accessToken, query: { user_id: other.sub } });
    // Assess
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.user.first_name).toBe('Detail');
    expect(byProvider.status).toBe(404);
  });
});

/** The password an invited user chooses at first sign-in in these tests. */
const NEW_PASSWORD = 'Brand-New-Passw0rd!';

/** The temporary passwords the invitations to `email` carried, oldest first (from the local Cognito log). */
function temporaryPasswords(email: string): string[] {
  return local.logs
    .filter((l) => l.includes(`invitation email to ${email}`))
    .map((l) => /temporary password is (\S+)\.$/.exec(l)?.[1] ?? '');
}

/** An invited user's first sign-in with `password` (USER_PASSWORD_AUTH). */
function firstSignIn(email: string, password: string) {
  return cognito.send(
    new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: local.stack.clientId,
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
}

/** Answer the NEW_PASSWORD_REQUIRED challenge of `session` with {@link NEW_PASSWORD} (the invitation accepted). */
function setNewPassword(email: string, session: string | undefined) {
  return cognito.send(
    new RespondToAuthChallengeCommand({
      ClientId: local.stack.clientId,
      ChallengeName: 'NEW_PASSWORD_REQUIRED',
      Session: session,
      ChallengeResponses: { USERNAME: email, NEW_PASSWORD },
    }),
  );
}

describe('POST /user/invite', () => {
  it('creates the account with an invitation printed in the log; the new user sets a password and a profile', async () => {
    // Prepare
    const admin = await caller(20);
    const email = `invitee-${Date.now()}@example.com`;
    // Act
    const res = await local.api<{ success: boolean; message: string; user: { user_id: string; status: string } }>(
      'POST',
      '/user/invite',
      { token: admin.accessToken, body: { email } },
    );
    // Assess: the answer and the invitation text
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ success: true, message: `Invitation sent to ${email}` });
    expect(res.body.user.status).toBe('FORCE_CHANGE_PASSWORD');
    const [temporary] = temporaryPasswords(email);
    expect(temporary).toBeTruthy();
    expect(await groupsOf(res.body.user.user_id)).toEqual(['surgeon']);
    // Assess: first sign-in asks for a new password, then the profile can be created
    const first = await firstSignIn(email, temporary!);
    expect(first.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
    const done = await setNewPassword(email, first.Session);
    expect(done.AuthenticationResult?.AccessToken).toBeDefined();
    const signedIn = await local.signIn(email, NEW_PASSWORD);
    expect(signedIn.sub).toBe(res.body.user.user_id);
    const profile = await local.api('POST', '/user', {
      token: signedIn.accessToken,
      body: profileBody({ last_name: `Invitee${Date.now().toString(36)}` }),
    });
    expect(profile.status).toBe(201);
    const listed = await local.api<ListAnswer>('GET', '/user/list', {
      token: admin.accessToken,
      query: { search: email },
    });
    expect(listed.body.users.map((u) => u.user_id)).toEqual([signedIn.sub]);
  });

  it('sends a pending invitation again with a new temporary password, and answers 409 once it is accepted', async () => {
    // Prepare
    const admin = await caller(20);
    const email = `resend-${Date.now()}@example.com`;
    const first = await local.api<{ user: { user_id: string } }>('POST', '/user/invite', {
      token: admin.accessToken,
      body: { email },
    });
    const [oldPassword] = temporaryPasswords(email);

    // Act
    const again = await local.api<{ success: boolean; message: string; user: { user_id: string; status: string } }>(
      'POST',
      '/user/invite',
      { token: admin.accessToken, body: { email: email.toUpperCase() } },
    );

    // Assess: a second invitation with a new temporary password; the old one no longer signs in
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({
      success: true,
      message: `Invitation sent again to ${email}`,
      user: { user_id: first.body.user.user_id, status: 'FORCE_CHANGE_PASSWORD' },
    });
    const passwords = temporaryPasswords(email);
    expect(passwords).toHaveLength(2);
    const newPassword = passwords[1];
    expect(newPassword).toBeTruthy();
    expect(newPassword).not.toBe(oldPassword);
    await expect(firstSignIn(email, oldPassword!)).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    const challenge = await firstSignIn(email, newPassword!);
    expect(challenge.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');

    // Act: the invitation is accepted, then invited once more
    await setNewPassword(email, challenge.Session);
    const accepted = await local.api<ErrorAnswer>('POST', '/user/invite', {
      token: admin.accessToken,
      body: { email },
    });

    // Assess
    expect(accepted.status).toBe(409);
    expect(accepted.body.message).toBe('An account with this email already exists');
    expect(temporaryPasswords(email)).toHaveLength(2);
  });

  it('lists the invitations not accepted yet in pages through the local ListUsers paging, and drops one once accepted', async () => {
    // Prepare: four invitations (so at least two pages of 2), one then accepted
    const admin = await caller(20);
    const stamp = Date.now();
    const emails = [0, 1, 2, 3].map((n) => `pending-${stamp}-${n}@example.com`);
    for (const email of emails) {
      expect((await local.api('POST', '/user/invite', { token: admin.accessToken, body: { email } })).status).toBe(201);
    }
    const challenge = await firstSignIn(emails[3]!, temporaryPasswords(emails[3]!)[0]!);
    await setNewPassword(emails[3]!, challenge.Session);
    type Page = { invitations: { email: string; invited_at: string; expires_at: string }[]; next_cursor?: string };

    // Act: every page of 2
    const listed: Page['invitations'] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await local.api<Page>('GET', '/user/invitations', {
        token: admin.accessToken,
        query: { limit: 2, cursor },
      });
      expect(page.status).toBe(200);
      expect(page.body.invitations.length).toBeLessThanOrEqual(2);
      listed.push(...page.body.invitations);
      cursor = page.body.next_cursor;
      pages += 1;
    } while (cursor && pages < 100);
    const byCaseAdmin = await local.api('GET', '/user/invitations', { token: (await caller(10)).accessToken });

    // Assess
    const ours = listed.filter((i) => i.email.startsWith(`pending-${stamp}-`));
    expect(ours.map((i) => i.email).sort()).toEqual([emails[0], emails[1], emails[2]]);
    for (const i of ours) {
      expect(Date.parse(i.expires_at) - Date.parse(i.invited_at)).toBe(7 * 86_400_000);
    }
    expect(pages).toBeGreaterThanOrEqual(2);
    expect(new Set(listed.map((i) => i.email)).size).toBe(listed.length);
    expect(byCaseAdmin.status).toBe(403);
  });

  it('answers 403 below user_type 20, 400 for a bad email and 409 for an email with an account', async () => {
    // Prepare
    const [admin, caseAdmin] = await Promise.all([caller(20), caller(10)]);
    const existing = await target(0);
    // Act
    const byCaseAdmin = await local.api<ErrorAnswer>('POST', '/user/invite', {
      token: caseAdmin.accessToken,
      body: { email: 'someone@example.com' },
    });
    const missing = await local.api<ErrorAnswer>('POST', '/user/invite', { token: admin.accessToken, body: {} });
    const bad = await local.api<ErrorAnswer>('POST', '/user/invite', {
      token: admin.accessToken,
      body: { email: 'not-an-email' },
    });
    const twice = await local.api<ErrorAnswer>('POST', '/user/invite', {
      token: admin.accessToken,
      body: { email: existing.email },
    });
    // Assess
    expect(byCaseAdmin.status).toBe(403);
    expect(byCaseAdmin.body.message).toBe(USER_MGMT_MESSAGES.accessDenied);
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(USER_MGMT_MESSAGES.emailRequired);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(USER_MGMT_MESSAGES.emailInvalid);
    expect(twice.status).toBe(409);
    expect(local.logs.some((l) => l.includes('invitation email to someone@example.com'))).toBe(false);
  });
});
