/**
 * SPA profile calls and shell helpers (web/src/profile/api.ts, web/src/shell/navigation.ts,
 * web/src/auth/errors.ts): spec provider-side sections 5, 7 and 8; back-office-and-shell sections 2 and 4.
 * The API client is replaced by a fake so no Amplify session or network is involved.
 */
jest.mock('../../../web/src/lib/api', () => jest.requireActual('./support/fake-api'));

import { apiFetch } from './support/fake-api';

import { ApiError } from '../../../web/src/lib/api';
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

beforeEach(() => apiFetch.mockReset());

describe('fetchProfile', () => {
  it('answers null for a user without a profile (404), so the gate asks for profile creation', async () => {
    // Prepare
    apiFetch.mockRejectedValue(new ApiError('User not found', 404, { success: false }));
    // Act
    const profile = await fetchProfile('sub-123');
    // Assess
    expect(profile).toBeNull();
    expect(profileGateReason(profile)).toBe('new_user');
  });

  it('unwraps data.user and maps alias names onto the canonical profile', async () => {
    // Prepare
    apiFetch.mockResolvedValue({
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
    apiFetch.mockResolvedValue({
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
    apiFetch.mockRejectedValue(new ApiError('API request failed: 500 Internal Server Error', 500));
    // Act and Assess
    await expect(fetchProfile('s')).rejects.toThrow('API request failed: 500');
  });
});

describe('createProfile', () => {
  it('posts the spec create payload: message_pref as text, states JSON-encoded, referred_by_user empty', async () => {
    // Prepare
    apiFetch.mockResolvedValue({ success: true, user: { user_id: 'sub-123' } });
    // Act
    await createProfile(user, form);
    // Assess
    expect(apiFetch).toHaveBeenCalledWith(
      '/user',
      expect.objectContaining({
        method: 'POST',
        body: {
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
      }),
    );
  });

  it('falls back to PATCH /user when the server says the user already exists (409)', async () => {
    // Prepare
    apiFetch
      .mockRejectedValueOnce(
        new ApiError('User already exists', 409, { success: false, message: 'User already exists' }),
      )
      .mockResolvedValueOnce({ success: true, user: { user_id: 'sub-123', first_name: 'Ada' } });
    // Act
    const saved = await createProfile(user, form);
    // Assess
    expect(apiFetch).toHaveBeenCalledTimes(2);
    expect(apiFetch.mock.calls[1]?.[1]).toMatchObject({
      method: 'PATCH',
      body: { user_id: 'sub-123', messaging_pref: 2 },
    });
    expect(saved?.first_name).toBe('Ada');
  });

  it('falls back to PATCH /user when a 2xx answer has success false and "already exists"', async () => {
    // Prepare
    apiFetch
      .mockResolvedValueOnce({ success: false, message: 'User sub-123 already exists' })
      .mockResolvedValueOnce({ success: true });
    // Act
    await createProfile(user, form);
    // Assess
    expect(apiFetch.mock.calls.map((c) => (c[1] as { method: string }).method)).toEqual(['POST', 'PATCH']);
  });

  it('carries the server field messages of a 400 in the ProfileSaveError', async () => {
    // Prepare
    apiFetch.mockRejectedValue(
      new ApiError('Zip code must be 5 digits', 400, {
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

  it("leaves exceptions and server errors to the screen's own message (empty message)", async () => {
    // Prepare
    apiFetch.mockRejectedValueOnce(new TypeError('boom'));
    apiFetch.mockRejectedValueOnce(new ApiError('API request failed: 500 Internal Server Error', 500));
    apiFetch.mockRejectedValueOnce(new ApiError('Network error. Please check your internet connection.', 0));
    // Act
    const errors = await Promise.all([1, 2, 3].map(() => updateProfile(user, form).catch((e: unknown) => e)));
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
    expect(apiFetch).not.toHaveBeenCalled();
  });

  it('is valid only with non-empty first and last names, title-cased, and calls without credentials', async () => {
    // Prepare
    apiFetch.mockResolvedValue({
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
    expect(outcome).toEqual({ valid: true, message: "NPI validated successfully for John O'Neil" });
    expect(apiFetch).toHaveBeenCalledWith('/check_npi', { query: { npi: '1234567893' } });
  });

  it('reports a valid answer without names as a failure', async () => {
    // Prepare
    apiFetch.mockResolvedValue({ valid: true });
    // Act and Assess
    expect(await checkNpi('1234567893')).toEqual({
      valid: false,
      message: 'NPI validation failed: No name information returned',
    });
    apiFetch.mockResolvedValue({ valid: true, first_name: 'Ann', last_name: ' ' });
    expect(await checkNpi('1234567893')).toEqual({
      valid: false,
      message: 'NPI validation failed: No valid name information found',
    });
  });

  it("shows the server's error text, or the generic message for a network failure", async () => {
    // Prepare
    apiFetch.mockResolvedValueOnce({ valid: false, error: 'NPI not found' });
    apiFetch.mockRejectedValueOnce(new ApiError('Network error. Please check your internet connection.', 0));
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
