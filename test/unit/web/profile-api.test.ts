/**
 * @jest-environment ./test/unit/web/support/msw-environment.ts
 */
/**
 * SPA profile calls and shell helpers (web/src/profile/api.ts, web/src/shell/navigation.ts,
 * web/src/auth/errors.ts): spec provider-side sections 5, 7 and 8; back-office-and-shell sections 2 and 4.
 * The profile calls go to the fake API.
 */
import { networkError, reply, useFakeApi } from './support/fake-api-server';
import {
  checkNpi,
  createProfile,
  fetchProfile,
  profileGateReason,
  updateProfile,
  ProfileSaveError,
} from '../../../web/src/profile/api';
import { navItemsFor, homePathFor } from '../../../web/src/shell/navigationFor';
import { signInErrorMessage } from '../../../web/src/auth/errors';
import type { ProfileForm } from '../../../shared';

const user = { sub: 'sub-123', email: 'doc@example.com' };
const form: ProfileForm = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  address1: '1 Main St',
  address2: '',
  city: 'Austin',
  state: 'TX',
  zipcode: '78701',
  telephone_number: '(512) 555-0100',
  user_npi: '1234567893',
  messaging_pref: 2,
  states_licensed: ['TX', 'CA'],
};

const api = useFakeApi();

describe('fetchProfile', () => {
  it('answers null for a user without a profile (404), so the gate asks for profile creation', async () => {
    // Prepare
    api.on('GET /user', () => reply(404, { success: false, message: 'User not found' }));
    // Act
    const profile = await fetchProfile('sub-123');
    // Assess
    expect(profile).toBeNull();
    expect(profileGateReason(profile)).toBe('new_user');
  });

  it('unwraps data.user and maps alias names onto the canonical profile', async () => {
    // Prepare
    api.on('GET /user', {
      data: {
        user: {
          user_id: 'sub-123',
          first_name: 'Ada',
          last_name: 'Lovelace',
          address1: '1 Main St',
          city: 'Austin',
          state: 'tx',
          zip_code: '78701',
          telephone_number: '5125550100',
          npi: 1234567893,
          states_licensed: '["TX","ca"]',
          user_type: '20',
        },
      },
    });
    // Act
    const profile = await fetchProfile('sub-123');
    // Assess
    expect(profile).toMatchObject({
      addr1: '1 Main St',
      state: 'TX',
      zipcode: '78701',
      telephone: '5125550100',
      user_npi: '1234567893',
      states_licensed: ['TX', 'CA'],
      user_type: 20,
      message_pref: 1,
    });
    expect(profileGateReason(profile)).toBeNull();
  });

  it('flags a profile without a phone number as incomplete', async () => {
    // Prepare
    api.on('GET /user', {
      success: true,
      user: {
        user_id: 's',
        first_name: 'A',
        last_name: 'B',
        user_npi: '1',
        addr1: 'x',
        city: 'c',
        state: 'TX',
        zipcode: '1',
      },
    });
    // Act
    const profile = await fetchProfile('s');
    // Assess
    expect(profileGateReason(profile)).toBe('incomplete_profile');
  });

  it('rethrows failures other than "not found" so the gate lets the user continue', async () => {
    // Prepare
    api.on('GET /user', () => reply(500, { message: 'Internal Server Error' }));
    // Act and Assess
    await expect(fetchProfile('s')).rejects.toThrow('API request failed: 500');
  });
});

describe('createProfile', () => {
  it('posts the spec create payload: message_pref as text, states JSON-encoded, referred_by_user empty', async () => {
    // Prepare
    api.on('POST /user', { success: true, user: { user_id: 'sub-123' } });
    // Act
    await createProfile(user, form);
    // Assess
    expect(api.requests().map((r) => [r.key, r.body])).toEqual([
      [
        'POST /user',
        {
          user_id: 'sub-123',
          user_email: 'doc@example.com',
          first_name: 'Ada',
          last_name: 'Lovelace',
          addr1: '1 Main St',
          addr2: '',
          city: 'Austin',
          state: 'TX',
          zipcode: '78701',
          telephone: '(512) 555-0100',
          user_npi: '1234567893',
          referred_by_user: '',
          message_pref: '2',
          states_licensed: '["TX","CA"]',
        },
      ],
    ]);
  });

  it('falls back to PATCH /user when the server says the user already exists (409)', async () => {
    // Prepare
    api.on('POST /user', () => reply(409, { success: false, message: 'User already exists' }));
    api.on('PATCH /user', { success: true, user: { user_id: 'sub-123', first_name: 'Ada' } });
    // Act
    const saved = await createProfile(user, form);
    // Assess
    expect(api.requests().map((r) => r.key)).toEqual(['POST /user', 'PATCH /user']);
    expect(api.requests('PATCH /user')[0]?.body).toMatchObject({ user_id: 'sub-123', messaging_pref: 2 });
    expect(saved?.first_name).toBe('Ada');
  });

  it('falls back to PATCH /user when a 2xx answer has success false and "already exists"', async () => {
    // Prepare
    api.on('POST /user', { success: false, message: 'User sub-123 already exists' });
    api.on('PATCH /user', { success: true });
    // Act
    await createProfile(user, form);
    // Assess
    expect(api.requests().map((r) => r.key)).toEqual(['POST /user', 'PATCH /user']);
  });

  it('carries the server field messages of a 400 in the ProfileSaveError', async () => {
    // Prepare
    api.on('POST /user', () =>
      reply(400, {
        success: false,
        message: 'Zip code must be 5 digits',
        errors: [{ field: 'zipcode', message: 'Zip code must be 5 digits' }],
      }),
    );
    // Act
    const failure = await createProfile(user, form).catch((e: unknown) => e);
    // Assess
    expect(failure).toBeInstanceOf(ProfileSaveError);
    expect((failure as ProfileSaveError).message).toBe('Zip code must be 5 digits');
    expect((failure as ProfileSaveError).fieldErrors).toEqual([
      { field: 'zipcode', message: 'Zip code must be 5 digits' },
    ]);
  });

  it("leaves server errors and network failures to the screen's own message (empty message)", async () => {
    // Prepare
    const answers = [reply(502), reply(500, { message: 'Internal Server Error' }), networkError()];
    api.on('PATCH /user', () => answers.shift() ?? reply(500));
    // Act
    const errors: unknown[] = [];
    for (let i = 0; i < 3; i += 1) errors.push(await updateProfile(user, form).catch((e: unknown) => e));
    // Assess
    for (const err of errors) {
      expect(err).toBeInstanceOf(ProfileSaveError);
      expect((err as ProfileSaveError).message).toBe('');
    }
  });
});

describe('checkNpi', () => {
  it('asks for an NPI when the input is empty, without calling the server', async () => {
    // Act
    const outcome = await checkNpi('  ');
    // Assess
    expect(outcome).toEqual({ valid: false, message: 'Please enter an NPI number' });
    expect(api.requests()).toEqual([]);
  });

  it('is valid only with non-empty first and last names, title-cased, and calls without credentials', async () => {
    // Prepare
    api.on('GET /check_npi', {
      valid: true,
      first_name: 'JOHN',
      last_name: "O'NEIL",
      status: 'A',
      error: '',
      message: '',
    });
    // Act
    const outcome = await checkNpi('1234567893');
    // Assess
    expect(outcome).toEqual({
      valid: true,
      message: "NPI validated successfully for John O'Neil",
      first_name: 'John',
      last_name: "O'Neil",
    });
    expect(api.requests().map((r) => [r.key, r.query])).toEqual([['GET /check_npi', { npi: '1234567893' }]]);
  });

  it('reports a valid answer without names as a failure', async () => {
    // Prepare
    api.on('GET /check_npi', { valid: true });
    // Act and Assess
    expect(await checkNpi('1234567893')).toEqual({
      valid: false,
      message: 'NPI validation failed: No name information returned',
    });
    api.on('GET /check_npi', { valid: true, first_name: 'Ann', last_name: ' ' });
    expect(await checkNpi('1234567893')).toEqual({
      valid: false,
      message: 'NPI validation failed: No valid name information found',
    });
  });

  it("shows the server's error text, or the generic message for a network failure", async () => {
    // Prepare
    const answers = [Response.json({ valid: false, error: 'NPI not found' }), networkError()];
    api.on('GET /check_npi', () => answers.shift() ?? reply(500));
    // Act
    const notFound = await checkNpi('1234567893');
    const offline = await checkNpi('1234567893');
    // Assess
    expect(notFound.message).toBe('NPI not found');
    expect(offline.message).toBe('Error validating NPI. Please try again.');
  });
});

describe('shell navigation', () => {
  it('gives providers only the provider links whose pages exist, and the logo /dashboard', () => {
    // Act
    const labels = navItemsFor(true, 0).map((i) => i.label);
    // Assess
    expect(labels).toContain('Case List');
    expect(labels).not.toContain('Case Mgmt');
    expect(homePathFor(0)).toBe('/dashboard');
  });

  it('gives user_type 10 or more the back-office links and the logo /back-office', () => {
    // Act
    const labels = navItemsFor(true, 10).map((i) => i.label);
    // Assess
    expect(labels[0]).toBe('Home');
    expect(labels).not.toContain('Case List');
    expect(homePathFor(10)).toBe('/back-office');
  });
});

describe('sign-in error messages', () => {
  it('reads the same for a wrong password and an unknown user, and generic for unexpected errors', () => {
    // Prepare
    const named = (name: string) => Object.assign(new Error('x'), { name });
    // Act and Assess
    expect(signInErrorMessage(named('NotAuthorizedException'))).toBe(
      signInErrorMessage(named('UserNotFoundException')),
    );
    expect(signInErrorMessage(named('InvalidPasswordException'))).toBe('Incorrect email or password.');
    expect(signInErrorMessage(new TypeError('fetch failed'))).toBe('An error occurred during sign in.');
  });
});
