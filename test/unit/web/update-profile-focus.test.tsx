/**
 * @jest-environment ./test/unit/web/support/msw-environment.ts
 */
/**
 * The profile editing screen's Update Profile and Discard Changes (web/src/profile/UpdateProfilePage.tsx)
 * and the setup screen's submit (web/src/profile/ProfileSetupPage.tsx), spec provider-side section 2:
 * pressed from the keyboard, none leaves focus on the page once the button it pressed is disabled.
 */
jest.mock('../../../web/src/auth/AuthProvider', () => ({
  useAuth: () => ({
    status: 'signedIn',
    user: { sub: 'u-1', email: 'ada@clinic.example' },
    signOut: jest.fn(async () => undefined),
    refresh: jest.fn(),
  }),
}));

// Two-step sign-in asks the identity service, which is not what these tests are about.
jest.mock('../../../web/src/auth/TotpSection', () => ({ __esModule: true, default: () => null }));

import { browserFocusFixup } from './support/dom-env';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import type { Profile } from '../../../shared';
import ProfileSetupPage from '../../../web/src/profile/ProfileSetupPage';
import UpdateProfilePage from '../../../web/src/profile/UpdateProfilePage';
import { reply, useFakeApi } from './support/fake-api-server';

const api = useFakeApi();

const PROFILE: Profile = {
  user_id: 'u-1',
  user_email: 'ada@clinic.example',
  first_name: 'Ada',
  last_name: 'Quill',
  addr1: '1 Main ST',
  addr2: '',
  city: 'Boston',
  state: 'MA',
  zipcode: '02110',
  telephone: '6175550100',
  user_npi: '1234567893',
  message_pref: 1,
  states_licensed: ['MA'],
  documents: [],
  user_type: 0,
  referred_by_user: '',
  createdAt: '',
  updatedAt: '',
};

async function renderPage() {
  api.on('GET /user', { success: true, user: PROFILE });
  api.on('PATCH /user', ({ body }) =>
    reply(200, { success: true, message: 'ok', user: { ...PROFILE, ...(body as object) } }),
  );
  api.fallback(() => ({ success: true }));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter([{ path: '/update-profile', element: <UpdateProfilePage /> }], {
    initialEntries: ['/update-profile'],
  });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  const firstName = await screen.findByLabelText('First Name');
  fireEvent.change(firstName, { target: { value: 'Adah' } });
}

describe('Update Profile and Discard Changes from the keyboard', () => {
  it('gives keyboard focus back to Update Profile once the save is over', async () => {
    // Prepare: the browser takes focus from the button while it is disabled
    browserFocusFixup();
    await renderPage();
    const update = screen.getByRole('button', { name: 'Update Profile' });
    update.focus();

    // Act
    fireEvent.click(update);

    // Assess
    expect(await screen.findByText('Profile updated successfully!')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Update Profile' }));
  });

  it('puts keyboard focus on Update Profile after Discard Changes, which the clean form disables', async () => {
    // Prepare
    browserFocusFixup();
    await renderPage();
    const discard = screen.getByRole('button', { name: 'Discard Changes' });
    discard.focus();

    // Act
    fireEvent.click(discard);
    await Promise.resolve();

    // Assess
    expect((screen.getByLabelText('First Name') as HTMLInputElement).value).toBe('Ada');
    expect(discard.hasAttribute('disabled')).toBe(true);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Update Profile' }));
  });
});

describe('the setup screen from the keyboard', () => {
  it('gives keyboard focus back to its submit button when the save is refused', async () => {
    // Prepare: an incomplete profile to complete; the refusal takes a moment, as over a network
    browserFocusFixup();
    api.on('GET /user', { success: true, user: PROFILE });
    api.on('PATCH /user', async () => {
      await new Promise((resolve) => setTimeout(resolve, 100));
      return reply(500, { message: 'Internal server error' });
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
    const router = createMemoryRouter([{ path: '/profile-setup', element: <ProfileSetupPage /> }], {
      initialEntries: ['/profile-setup?reason=incomplete_profile'],
    });
    render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    const submit = await screen.findByRole('button', { name: 'Update Profile' });
    submit.focus();

    // Act
    fireEvent.click(submit);

    // Assess
    expect(await screen.findByText('An error occurred while saving your profile. Please try again.')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Update Profile' }).hasAttribute('disabled')).toBe(false),
    );
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Update Profile' }));
  });
});
