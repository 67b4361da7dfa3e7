/**
 * @jest-environment ./test/unit/web/support/msw-environment.ts
 */
/**
 * The forms that reach support against the fake API (docs/decisions/0027-email-and-support-messages.md):
 * the public Contact form (spec back-office-and-shell sections 2 "Contact page", 4, 5: the spec's
 * field messages, "Sending...", Thank You! with the reference, Send Another Message), which sends
 * POST /contact without a token and the honeypot's value only when filled, and says so when the
 * hourly limit refuses it; and Report Bug, which sends POST /support/bug and shows the reference.
 */
import './support/dom-env';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import ContactPage from '../../../web/src/public/ContactPage';
import ReportBugPage from '../../../web/src/report-bug/ReportBugPage';
import { CONTACT_MESSAGES } from '../../../shared/schemas/contact';
import { reply, useFakeApi } from './support/fake-api-server';

const api = useFakeApi();

function renderAt(element: ReactElement, path = '/') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>{element}</MemoryRouter>
    </QueryClientProvider>,
  );
}

const field = (label: RegExp | string) => screen.getByLabelText(label);

function fillValid() {
  fireEvent.change(field('First Name'), { target: { value: 'Jane' } });
  fireEvent.change(field('Last Name'), { target: { value: 'Roe' } });
  fireEvent.change(field('Email'), { target: { value: 'jane@clinic.example' } });
  fireEvent.change(field('Organization'), { target: { value: 'Roe Surgical' } });
  fireEvent.change(field('Inquiry Type'), { target: { value: 'support' } });
  fireEvent.change(field('Subject'), { target: { value: 'Access' } });
  fireEvent.change(field('Message'), { target: { value: 'Please call me back about our account.' } });
}

describe('Contact page', () => {
  it('shows each required-field message of the spec when sent empty, none for the optional phone, and sends nothing', async () => {
    renderAt(<ContactPage />, '/contact');

    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));

    for (const message of [
      CONTACT_MESSAGES.firstNameRequired,
      CONTACT_MESSAGES.lastNameRequired,
      CONTACT_MESSAGES.emailRequired,
      CONTACT_MESSAGES.organizationRequired,
      CONTACT_MESSAGES.subjectRequired,
      CONTACT_MESSAGES.messageRequired,
      CONTACT_MESSAGES.inquiryTypeRequired,
    ]) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
    expect(field('Phone (optional)').getAttribute('aria-invalid')).not.toBe('true');
    expect(api.requests('POST /contact')).toHaveLength(0);
  });

  it('says "Invalid email address" and "Message must be at least 10 characters" for a bad email and a short message', async () => {
    renderAt(<ContactPage />, '/contact');
    fillValid();

    fireEvent.change(field('Email'), { target: { value: 'jane@clinic' } });
    fireEvent.change(field('Message'), { target: { value: 'Too short' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(await screen.findByText(CONTACT_MESSAGES.emailInvalid)).toBeTruthy();
    expect(screen.getByText(CONTACT_MESSAGES.messageTooShort)).toBeTruthy();
    expect(screen.queryByText(CONTACT_MESSAGES.firstNameRequired)).toBeNull();
  });

  it('sends the message without a token, thanks the sender with the reference, and Send Another Message returns to an empty form', async () => {
    let release: () => void = () => undefined;
    api.on(
      'POST /contact',
      () => new Promise((resolve) => (release = () => resolve(reply(201, { reference: 'S-7K3M9Q2X' })))),
    );
    renderAt(<ContactPage />, '/contact');
    fillValid();

    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(await screen.findByText('Sending...')).toBeTruthy();
    release();
    const thanks = await screen.findByRole('heading', { name: 'Thank You!' });
    const panel = thanks.closest('section') as HTMLElement;
    expect(within(panel).getByText(/within 24 hours/)).toBeTruthy();
    expect(within(panel).getByText('S-7K3M9Q2X')).toBeTruthy();
    const [sent] = api.requests('POST /contact');
    expect(sent?.headers.get('authorization')).toBeNull();
    expect(sent?.body).toEqual({
      firstName: 'Jane',
      lastName: 'Roe',
      email: 'jane@clinic.example',
      organization: 'Roe Surgical',
      phone: '',
      subject: 'Access',
      message: 'Please call me back about our account.',
      inquiryType: 'support',
    });

    fireEvent.click(screen.getByRole('button', { name: 'Send Another Message' }));

    await waitFor(() => expect(screen.getByRole('button', { name: 'Send Message' })).toBeTruthy());
    expect((field('First Name') as HTMLInputElement).value).toBe('');
    expect((field('Inquiry Type') as HTMLSelectElement).value).toBe('');
  });

  it("sends the honeypot's value when a robot fills it", async () => {
    api.on('POST /contact', () => reply(201, { reference: 'S-00000000' }));
    renderAt(<ContactPage />, '/contact');
    fillValid();
    const trap = document.querySelector('input[name="website"]') as HTMLInputElement;
    expect(trap.tabIndex).toBe(-1);
    expect(trap.closest('[aria-hidden="true"]')).not.toBeNull();
    fireEvent.change(trap, { target: { value: 'http://spam.example' } });

    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));

    await screen.findByRole('heading', { name: 'Thank You!' });
    expect((api.requests('POST /contact')[0]?.body as { website?: string }).website).toBe('http://spam.example');
  });

  it('says why when the hourly limit refuses the message, and keeps what was typed', async () => {
    api.on('POST /contact', () =>
      reply(429, { success: false, message: 'Too many messages from your network. Please try again in an hour.' }),
    );
    renderAt(<ContactPage />, '/contact');
    fillValid();

    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'Your message could not be sent: Too many messages from your network. Please try again in an hour.',
    );
    expect((field('First Name') as HTMLInputElement).value).toBe('Jane');
    expect(screen.queryByText('Thank You!')).toBeNull();
  });

  it('preselects the inquiry type named by ?inquiry= (Request Demo on About)', () => {
    renderAt(<ContactPage />, '/contact?inquiry=demo');

    expect((field('Inquiry Type') as HTMLSelectElement).value).toBe('demo');
  });
});

describe('Report Bug', () => {
  it('asks for a description before sending anything', async () => {
    renderAt(<ReportBugPage />, '/report-bug');

    fireEvent.click(screen.getByRole('button', { name: 'Send Report' }));

    expect(await screen.findByText('Please describe the problem')).toBeTruthy();
    expect(api.requests('POST /support/bug')).toHaveLength(0);
  });

  it('sends the report with the page and shows its reference; another report starts empty', async () => {
    api.on('POST /support/bug', () => reply(201, { reference: 'S-BUG00001' }));
    renderAt(<ReportBugPage />, '/report-bug');
    fireEvent.change(field(/What went wrong/), { target: { value: 'The case list stays empty after saving.' } });
    fireEvent.change(field(/Where did it happen/), { target: { value: '/dashboard' } });

    fireEvent.click(screen.getByRole('button', { name: 'Send Report' }));

    expect(await screen.findByText('S-BUG00001')).toBeTruthy();
    const [sent] = api.requests('POST /support/bug');
    expect(sent?.body).toEqual({ message: 'The case list stays empty after saving.', page: '/dashboard' });
    expect(sent?.headers.get('authorization')).toBe('Bearer test-access-token');

    fireEvent.click(screen.getByRole('button', { name: 'Report another problem' }));

    expect(((await screen.findByLabelText(/What went wrong/)) as HTMLTextAreaElement).value).toBe('');
  });
});
