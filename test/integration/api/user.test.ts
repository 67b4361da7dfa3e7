/**
 * /user through the local gateway, Cognito tokens and dynalite (spec provider-side sections 5 and 7).
 */
import './quiet';
import { getProfile, updateProfile } from '../../../lambdas/data/user/repository';
import { useLocalStack, type TestUser } from '../../support/local';
import { fakeNpi, profileBody, signedInAdmin, signedInProvider } from './support';
import { getRegistry } from '../../../local/nppes-registry';
import { titleCaseName } from '../../../shared/display';

jest.setTimeout(60_000);

const local = useLocalStack();

interface UserAnswer {
  success: boolean;
  message: string;
  user: Record<string, unknown>;
}
interface ErrorAnswer {
  success: boolean;
  message: string;
  errors?: { field: string; message: string }[];
}

describe('POST /user', () => {
  it('creates the profile from the token identity, stores canonical names and returns the aliases', async () => {
    // Prepare
    const user = await local.createSignedInUser();
    // Act
    const res = await local.api<UserAnswer>('POST', '/user', {
      token: user.idToken,
      body: {
        ...profileBody({ message_pref: '3' }),
        user_id: 'someone-else',
        user_email: 'spoof@example.com',
        user_type: 1000,
      },
    });
    // Assess
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({
      user_id: user.sub,
      user_email: user.email,
      addr1: '12 Harbor ST',
      address1: '12 Harbor ST',
      zipcode: '04101',
      zip_code: '04101',
      telephone: '(207) 555-0142',
      telephone_number: '(207) 555-0142',
      message_pref: 3,
      messaging_pref: 3,
      states_licensed: ['ME', 'NH'],
      user_type: 0,
    });
    const stored = await getProfile(user.sub);
    expect(stored).not.toHaveProperty('user_type');
    expect(stored).not.toHaveProperty('address1');
  });

  it("stores the user pool's email for access-token callers, never the body's user_email", async () => {
    // Prepare: an access token carries no email claim.
    const user = await local.createSignedInUser();
    // Act
    const res = await local.api<UserAnswer>('POST', '/user', {
      token: user.accessToken,
      body: { ...profileBody(), user_email: 'someone-else@victim.example' },
    });
    // Assess
    expect(res.status).toBe(201);
    expect(res.body.user.user_email).toBe(user.email);
    expect((await getProfile(user.sub))?.user_email).toBe(user.email);
  });

  it("answers 409 'User already exists' before validating, so the client's update fallback runs", async () => {
    // Prepare
    const user = await signedInProvider(local);
    // Act: a body the setup schema would refuse (no licensed state, no NPI).
    const res = await local.api<ErrorAnswer>('POST', '/user', {
      token: user.accessToken,
      body: { first_name: 'Ada' },
    });
    // Assess
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ success: false, message: 'User already exists' });
  });

  it("answers 409 'User already exists' (success false) to a second create, leaving the profile unchanged", async () => {
    // Prepare
    const user = await signedInProvider(local);
    // Act
    const res = await local.api<ErrorAnswer>('POST', '/user', {
      token: user.accessToken,
      body: profileBody({ first_name: 'Changed' }),
    });
    // Assess
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ success: false, message: 'User already exists' });
    expect((await getProfile(user.sub))?.first_name).toBe('Ada');
  });

  it('answers the setup screen messages for missing fields and stores nothing', async () => {
    // Prepare
    const user = await local.createSignedInUser();
    // Act
    const res = await local.api<ErrorAnswer>('POST', '/user', {
      token: user.accessToken,
      body: {
        first_name: '',
        last_name: 'Q',
        state: 'Maine',
        telephone: '555',
        user_npi: 'abc',
        message_pref: '7',
        states_licensed: '',
      },
    });
    // Assess
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('First name is required');
    const byField = Object.fromEntries((res.body.errors ?? []).map((e) => [e.field, e.message]));
    expect(byField).toEqual({
      first_name: 'First name is required',
      last_name: 'Last name must be at least 2 characters',
      address1: 'Address is required',
      city: 'City is required',
      state: 'Please use 2-letter state code (e.g., CA, NY)',
      zipcode: 'Zip code is required',
      telephone_number: 'Phone number must be in format (555) 123-4567',
      user_npi: 'NPI must be exactly 10 digits',
      messaging_pref: 'Invalid messaging preference',
      states_licensed: 'At least one licensed state is required',
    });
    expect(await getProfile(user.sub)).toBeUndefined();
  });

  it('answers 401 without a token', async () => {
    // Act & Assess
    expect((await local.api('POST', '/user', { body: profileBody() })).status).toBe(401);
  });
});

describe('GET /user', () => {
  let owner: TestUser;
  let other: TestUser;
  beforeAll(async () => {
    [owner, other] = await Promise.all([signedInProvider(local), signedInProvider(local)]);
  });

  it("returns the caller's own profile with or without user_id", async () => {
    // Act
    const implicit = await local.api<UserAnswer>('GET', '/user', { token: owner.accessToken });
    const explicit = await local.api<UserAnswer>('GET', '/user', {
      token: owner.accessToken,
      query: { user_id: owner.sub },
    });
    // Assess
    expect(implicit.status).toBe(200);
    expect(implicit.body.success).toBe(true);
    expect(implicit.body.user.user_id).toBe(owner.sub);
    expect(explicit.body.user).toEqual(implicit.body.user);
  });

  it("answers 404 'User not found' for a missing profile and, identically, for another user's", async () => {
    // Prepare
    const fresh = await local.createSignedInUser();
    // Act
    const missing = await local.api<ErrorAnswer>('GET', '/user', { token: fresh.accessToken });
    const theirs = await local.api<ErrorAnswer>('GET', '/user', {
      token: owner.accessToken,
      query: { user_id: other.sub },
    });
    // Assess
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ success: false, message: 'User not found' });
    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual(missing.body);
  });

  it('lets back office read any profile', async () => {
    // Prepare
    const admin = await signedInAdmin(local, 10);
    // Act
    const res = await local.api<UserAnswer>('GET', '/user', {
      token: admin.accessToken,
      query: { user_id: other.sub },
    });
    // Assess
    expect(res.status).toBe(200);
    expect(res.body.user.user_id).toBe(other.sub);
  });

  it('answers 401 without a token', async () => {
    // Act & Assess
    expect((await local.api('GET', '/user')).status).toBe(401);
  });
});

describe('PATCH /user', () => {
  it('changes only the sent fields (alias names accepted) and never the user_type', async () => {
    // Prepare
    const user = await signedInProvider(local);
    // Act
    const res = await local.api<UserAnswer>('PATCH', '/user', {
      token: user.accessToken,
      body: { user_id: user.sub, address1: '9 Elm AVE', messaging_pref: 0, states_licensed: 'ME,VT', user_type: 100 },
    });
    // Assess
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({
      addr1: '9 Elm AVE',
      first_name: 'Ada',
      city: 'Portland',
      message_pref: 0,
      states_licensed: ['ME', 'VT'],
      user_type: 0,
    });
    expect((await getProfile(user.sub))?.user_type).toBeUndefined();
  });

  it('answers the editing screen messages for bad values', async () => {
    // Prepare
    const user = await signedInProvider(local);
    // Act
    const res = await local.api<ErrorAnswer>('PATCH', '/user', {
      token: user.accessToken,
      body: { zipcode: '123', telephone: 'call me' },
    });
    // Assess
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { field: 'zipcode', message: 'Zip code must be 5 digits' },
      { field: 'telephone_number', message: 'Phone number must be in format (555) 123-4567' },
    ]);
  });

  it('refuses states_licensed of another type, over-long names and document entries, changing nothing', async () => {
    // Prepare
    const user = await signedInProvider(local);
    const before = await getProfile(user.sub);
    // Act
    const asObject = await local.api<ErrorAnswer>('PATCH', '/user', {
      token: user.accessToken,
      body: { states_licensed: { a: 1 } },
    });
    const longName = await local.api<ErrorAnswer>('PATCH', '/user', {
      token: user.accessToken,
      body: { first_name: 'A'.repeat(450_000) },
    });
    const longDocument = await local.api<ErrorAnswer>('PATCH', '/user', {
      token: user.accessToken,
      body: { documents: [{ document_type: 'CV - Resume', document_name: 'x'.repeat(5000) }] },
    });
    const badPref = await local.api<ErrorAnswer>('PATCH', '/user', {
      token: user.accessToken,
      body: { messaging_pref: 'abc' },
    });
    // Assess
    expect(asObject.status).toBe(400);
    expect(asObject.body.message).toBe('Please use 2-letter state code (e.g., CA, NY)');
    expect(longName.status).toBe(400);
    expect(longName.body.message).toBe('First name must be at most 100 characters');
    expect(longDocument.status).toBe(400);
    expect(longDocument.body.message).toBe('document_name must be at most 1024 characters');
    expect(badPref.status).toBe(400);
    expect(badPref.body.message).toBe('Invalid messaging preference');
    expect(await getProfile(user.sub)).toEqual(before);
  });

  it("answers 404 for a missing profile and for another user's", async () => {
    // Prepare
    const fresh = await local.createSignedInUser();
    const other = await signedInProvider(local);
    // Act
    const missing = await local.api<ErrorAnswer>('PATCH', '/user', {
      token: fresh.accessToken,
      body: { city: 'Bath' },
    });
    const theirs = await local.api<ErrorAnswer>('PATCH', '/user', {
      token: fresh.accessToken,
      body: { user_id: other.sub, city: 'Bath' },
    });
    // Assess
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('User not found');
    expect(theirs.status).toBe(404);
    expect((await getProfile(other.sub))?.city).toBe('Portland');
  });

  it('answers 401 without a token', async () => {
    // Act & Assess
    expect((await local.api('PATCH', '/user', { body: { city: 'Bath' } })).status).toBe(401);
  });
});

describe("an NPI the registry holds under another person's name", () => {
  it('flags the profile for back-office review on save, shows it in User Management, and clears it when the names match', async () => {
    // Prepare: a surgeon of the (local) registry, whose NPI a new user claims under their own name.
    const [claimed, other] = getRegistry().surgeons;
    const registered = `${titleCaseName(claimed!.basic.first_name)} ${titleCaseName(claimed!.basic.last_name)}`;
    const admin = await signedInAdmin(local, 20);
    // Act
    const claimant = await signedInProvider(local, {
      user_npi: claimed!.number,
      first_name: 'Ada',
      last_name: 'Quill',
    });
    const flagged = await local.api<UserAnswer>('GET', '/user', { token: claimant.accessToken });
    const listed = await local.api<{ users: Record<string, unknown>[] }>('GET', '/user/list', {
      token: admin.accessToken,
      query: { search: claimed!.number, limit: 5 },
    });
    const renamed = await local.api<UserAnswer>('PATCH', '/user', {
      token: claimant.accessToken,
      body: { first_name: claimed!.basic.first_name, last_name: claimed!.basic.last_name },
    });
    const unrelated = await local.api<UserAnswer>('PATCH', '/user', {
      token: claimant.accessToken,
      body: { city: 'Bath' },
    });
    const reclaimed = await local.api<UserAnswer>('PATCH', '/user', {
      token: claimant.accessToken,
      body: { user_npi: other!.number },
    });
    const own = await signedInProvider(local, {
      user_npi: other!.number,
      first_name: other!.basic.first_name,
      last_name: other!.basic.last_name,
    });
    const ownProfile = await local.api<UserAnswer>('GET', '/user', { token: own.accessToken });
    // Assess
    expect(flagged.body.user.npi_review).toMatchObject({ reason: 'name_mismatch', registry_name: registered });
    expect(listed.body.users.find((u) => u.user_id === claimant.sub)?.npi_review).toMatchObject({
      registry_name: registered,
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.user.npi_review).toBeUndefined();
    expect(unrelated.body.user.npi_review).toBeUndefined();
    expect(reclaimed.body.user.npi_review).toMatchObject({ reason: 'name_mismatch' });
    expect(ownProfile.body.user.npi_review).toBeUndefined();
  });
});

describe('DELETE /user', () => {
  it("deletes the caller's own profile", async () => {
    // Prepare
    const user = await signedInProvider(local);
    // Act
    const res = await local.api<ErrorAnswer>('DELETE', '/user', {
      token: user.accessToken,
      query: { user_id: user.sub },
    });
    // Assess
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(await getProfile(user.sub)).toBeUndefined();
  });

  it("refuses a provider another user's profile with 404 and lets a user admin delete a lower type only", async () => {
    // Prepare
    const [provider, victim, userAdmin, peer] = await Promise.all([
      signedInProvider(local),
      signedInProvider(local),
      signedInAdmin(local, 20),
      signedInAdmin(local, 20),
    ]);
    // Act
    const byProvider = await local.api('DELETE', '/user', {
      token: provider.accessToken,
      query: { user_id: victim.sub },
    });
    const equalType = await local.api('DELETE', '/user', {
      token: userAdmin.accessToken,
      query: { user_id: peer.sub },
    });
    const lowerType = await local.api('DELETE', '/user', {
      token: userAdmin.accessToken,
      query: { user_id: victim.sub },
    });
    // Assess
    expect(byProvider.status).toBe(404);
    expect(equalType.status).toBe(403);
    expect(lowerType.status).toBe(200);
    expect(await getProfile(victim.sub)).toBeUndefined();
    expect(await getProfile(peer.sub)).toBeDefined();
  });

  it('answers 401 without a token', async () => {
    // Act & Assess
    expect((await local.api('DELETE', '/user', { query: { user_id: 'x' } })).status).toBe(401);
  });
});

describe('bad input that must change nothing', () => {
  it.each(['', '   '])('answers 400 to DELETE /user?user_id=%p and keeps the profile', async (userId) => {
    // Prepare
    const user = await signedInProvider(local);
    // Act
    const res = await local.api<ErrorAnswer>('DELETE', '/user', {
      token: user.accessToken,
      query: { user_id: userId },
    });
    // Assess
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      success: false,
      message: 'user_id must not be empty',
      errors: [{ field: 'user_id', message: 'user_id must not be empty' }],
    });
    expect(await getProfile(user.sub)).toBeDefined();
  });

  it("refuses a profile NPI with a wrong check digit on POST and PATCH with 'NPI not found or invalid'", async () => {
    // Prepare
    const fresh = await local.createSignedInUser();
    const user = await signedInProvider(local);
    const before = await getProfile(user.sub);
    const valid = fakeNpi();
    const wrongDigit = `${valid.slice(0, 9)}${(Number(valid[9]) + 1) % 10}`;
    // Act
    const created = await local.api<ErrorAnswer>('POST', '/user', {
      token: fresh.accessToken,
      body: profileBody({ user_npi: '1234567890' }),
    });
    const patched = await local.api<ErrorAnswer>('PATCH', '/user', {
      token: user.accessToken,
      body: { user_npi: wrongDigit },
    });
    const accepted = await local.api<UserAnswer>('PATCH', '/user', {
      token: user.accessToken,
      body: { user_npi: valid },
    });
    // Assess
    expect(created.status).toBe(400);
    expect(created.body.errors).toEqual([{ field: 'user_npi', message: 'NPI not found or invalid' }]);
    expect(await getProfile(fresh.sub)).toBeUndefined();
    expect(patched.status).toBe(400);
    expect(patched.body.message).toBe('NPI not found or invalid');
    expect(accepted.status).toBe(200);
    expect(accepted.body.user.user_npi).toBe(valid);
    expect(before?.user_npi).not.toBe(wrongDigit);
  });

  it('lets PATCH /user keep or drop stored documents but never add a path (400 naming the field)', async () => {
    // Prepare
    const user = await signedInProvider(local);
    const storedDoc = {
      document_type: 'CV - Resume',
      document_name: `private/profile-documents/${user.sub}/ada@example.com_1760000000000.pdf`,
    };
    await updateProfile(user.sub, { documents: [storedDoc] });
    const before = await getProfile(user.sub);
    // Act
    const added = await local.api<ErrorAnswer>('PATCH', '/user', {
      token: user.accessToken,
      body: {
        documents: [storedDoc, { document_type: 'License(s)', document_name: 'private/profile-documents/x/y.pdf' }],
      },
    });
    const key = await local.api<ErrorAnswer>('PATCH', '/user', {
      token: user.accessToken,
      body: { document_key: '../../private/case-documents/other/demo_1.pdf' },
    });
    const unchanged = await getProfile(user.sub);
    const kept = await local.api<UserAnswer>('PATCH', '/user', {
      token: user.accessToken,
      body: { documents: [storedDoc] },
    });
    const dropped = await local.api<UserAnswer>('PATCH', '/user', { token: user.accessToken, body: { documents: [] } });
    // Assess
    expect(added.status).toBe(400);
    expect(added.body.errors?.map((e) => e.field)).toEqual(['documents.1.document_name']);
    expect(key.status).toBe(400);
    expect(key.body.errors?.map((e) => e.field)).toEqual(['document_key']);
    expect(unchanged).toEqual(before);
    expect(kept.status).toBe(200);
    expect(kept.body.user.documents).toEqual([storedDoc]);
    expect(dropped.status).toBe(200);
    expect(dropped.body.user.documents).toEqual([]);
  });

  it('answers 415 to a body that is not sent as application/json and stores nothing', async () => {
    // Prepare
    const user = await local.createSignedInUser();
    // Act
    const res = await local.api<ErrorAnswer>('POST', '/user', {
      token: user.accessToken,
      body: JSON.stringify(profileBody()),
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
    });
    // Assess
    expect(res.status).toBe(415);
    expect(res.body).toEqual({
      success: false,
      message: 'Request body must be JSON sent with Content-Type: application/json',
    });
    expect(await getProfile(user.sub)).toBeUndefined();
  });

  it('answers 400 naming the field for a NUL or a lone surrogate in a profile, changing nothing', async () => {
    // Prepare
    const user = await signedInProvider(local);
    const before = await getProfile(user.sub);
    // Act
    const nul = await local.api<ErrorAnswer>('PATCH', '/user', {
      token: user.accessToken,
      body: '{"city":"Port\\u0000land"}',
    });
    const surrogate = await local.api<ErrorAnswer>('PATCH', '/user', {
      token: user.accessToken,
      body: '{"first_name":"Ada\\ud800"}',
    });
    // Assess
    expect(nul.status).toBe(400);
    expect(nul.body.errors).toEqual([{ field: 'city', message: 'city must not contain control characters' }]);
    expect(surrogate.status).toBe(400);
    expect(surrogate.body.errors?.[0]?.field).toBe('first_name');
    expect(await getProfile(user.sub)).toEqual(before);
  });
});
