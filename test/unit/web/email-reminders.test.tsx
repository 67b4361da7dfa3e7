/**
 * @jest-environment ./test/unit/web/support/msw-environment.ts
 */
/**
 * The profile's Email reminders against the fake API (docs/decisions/0030-deadline-reminders.md): a
 * back-office user opts in with a number of business days and saves those fields only; a provider
 * sees the weekly summary and no digest; SMS shows as not available yet; a bounce's notice says why
 * the emails stopped; a refusal shows the server's message.
 */
import { browserFocusFixup } from './support/dom-env';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import type { Profile } from '../../../shared';
import { EmailReminders } from '../../../web/src/profile/EmailReminders';
import { reply, useFakeApi } from './support/fake-api-server';

const api = useFakeApi();

const PROFILE: Profile = {
  user_id: 'u-1',
  user_email: 'ada@clinic.example',
  first_name: 'Ada',
  last_name: 'Quill',
  addr1: '',
  addr2: '',
  city: '',
  state: '',
  zipcode: '',
  telephone: '',
  user_npi: '',
  message_pref: 1,
  states_licensed: [],
  documents: [],
  user_type: 10,
  referred_by_user: '',
  createdAt: '',
  updatedAt: '',
};

function renderFor(profile: Partial<Profile>) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <EmailReminders profile={{ ...PROFILE, ...profile }} />
    </QueryClientProvider>,
  );
}

describe('Email reminders on the profile', () => {
  it('lets a back-office user opt in with their business days (no weekly summary) and saves only those fields', async () => {
    api.on('PATCH /user', ({ body }) =>
      reply(200, { success: true, message: 'ok', user: { ...PROFILE, ...(body as object) } }),
    );
    renderFor({});

    fireEvent.click(screen.getByRole('checkbox', { name: /Email me a digest of deadlines/ }));
    fireEvent.change(screen.getByLabelText('Deadlines due within'), { target: { value: '7' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save email reminders' }));

    expect(await screen.findByText('Email reminder settings saved.')).toBeTruthy();
    expect(api.requests('PATCH /user')[0]?.body).toEqual({ notify_deadlines: true, notify_days_ahead: 7 });
    expect(screen.queryByRole('checkbox', { name: /weekly summary/ })).toBeNull();
  });

  it('gives keyboard focus back to Save email reminders once saved', async () => {
    // Prepare: the browser takes focus from the button while it is disabled
    browserFocusFixup();
    api.on('PATCH /user', async ({ body }) => {
      await new Promise((resolve) => setTimeout(resolve, 100));
      return reply(200, { success: true, message: 'ok', user: { ...PROFILE, ...(body as object) } });
    });
    renderFor({ user_type: 0 });
    fireEvent.click(screen.getByRole('checkbox', { name: /weekly summary/ }));
    const save = screen.getByRole('button', { name: 'Save email reminders' });
    save.focus();

    // Act
    fireEvent.click(save);

    // Assess
    expect(await screen.findByText('Email reminder settings saved.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Save email reminders' }));
  });

  it('shows a provider the weekly summary only, and SMS as not available yet', async () => {
    api.on('PATCH /user', () => reply(200, { success: true, message: 'ok', user: PROFILE }));
    renderFor({ user_type: 0, message_pref: 3 });

    expect(screen.queryByRole('checkbox', { name: /Email me a digest of deadlines/ })).toBeNull();
    expect(screen.getByText(/SMS messages: not available yet/)).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: /weekly summary/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save email reminders' }));

    await screen.findByText('Email reminder settings saved.');
    expect(api.requests('PATCH /user')[0]?.body).toEqual({ weekly_summary: true });
  });

  it("says why a bounce turned the emails off, and shows the server's refusal", async () => {
    api.on('PATCH /user', () =>
      reply(400, { message: 'Validation failed', errors: [{ field: 'notify_days_ahead', message: 'bad days' }] }),
    );
    renderFor({ email_off: { reason: 'bounce', at: '2026-11-20T12:00:00.000Z' } });

    expect(
      screen.getByText(
        'Email reminders were turned off on 2026-11-20 because an email to ada@clinic.example bounced. Turn them on again once your address receives email.',
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save email reminders' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
  });
});
