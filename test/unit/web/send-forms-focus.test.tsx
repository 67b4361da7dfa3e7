/**
 * @jest-environment ./test/unit/web/support/msw-environment.ts
 */
/**
 * The Contact form (web/src/public/ContactPage.tsx) and Report Bug (web/src/report-bug/ReportBugPage.tsx)
 * from the keyboard: their send button, disabled while sending, has keyboard focus again after a refusal,
 * and the button that asks for another message gives it to the new form's first field.
 */
import { browserFocusFixup } from './support/dom-env';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import ContactPage from '../../../web/src/public/ContactPage';
import ReportBugPage from '../../../web/src/report-bug/ReportBugPage';
import { reply, useFakeApi } from './support/fake-api-server';

const api = useFakeApi();

function renderAt(element: ReactElement, path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>{element}</MemoryRouter>
    </QueryClientProvider>,
  );
}

/** A refusal that takes a moment, as over a network, so that the sending state is drawn. */
const slowRefusal = (message: string) => async () => {
  await new Promise((resolve) => setTimeout(resolve, 100));
  return reply(429, { success: false, message });
};

const change = (label: RegExp | string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('send buttons from the keyboard', () => {
  it('gives keyboard focus back to Send Message when the message is refused', async () => {
    // Prepare: the browser takes focus from the button while it is disabled
    browserFocusFixup();
    api.on('POST /contact', slowRefusal('Too many messages from your network. Please try again in an hour.'));
    renderAt(<ContactPage />, '/contact');
    change('First Name', 'Jane');
    change('Last Name', 'Roe');
    change('Email', 'jane@clinic.example');
    change('Organization', 'Roe Surgical');
    change('Inquiry Type', 'support');
    change('Subject', 'Access');
    change('Message', 'Please call me back about our account.');
    const send = screen.getByRole('button', { name: 'Send Message' });
    send.focus();

    // Act
    fireEvent.click(send);

    // Assess
    expect(await screen.findByText(/^Your message could not be sent/)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Send Message' }));
  });

  it('gives keyboard focus back to Send Report when the report is refused', async () => {
    // Prepare
    browserFocusFixup();
    api.on('POST /support/bug', slowRefusal('Too many reports. Please try again later.'));
    renderAt(<ReportBugPage />, '/report-bug');
    change(/What went wrong/, 'The case list stays empty after saving.');
    const send = screen.getByRole('button', { name: 'Send Report' });
    send.focus();

    // Act
    fireEvent.click(send);

    // Assess
    expect(await screen.findByText(/^Your report could not be sent/)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Send Report' }));
  });
  it('puts keyboard focus on First Name after Send Another Message', async () => {
    // Prepare: a message sent
    api.on('POST /contact', () => reply(201, { success: true, reference: 'S-CON00001' }));
    renderAt(<ContactPage />, '/contact');
    change('First Name', 'Jane');
    change('Last Name', 'Roe');
    change('Email', 'jane@clinic.example');
    change('Organization', 'Roe Surgical');
    change('Inquiry Type', 'support');
    change('Subject', 'Access');
    change('Message', 'Please call me back about our account.');
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    const again = await screen.findByRole('button', { name: 'Send Another Message' });
    again.focus();

    // Act
    fireEvent.click(again);

    // Assess
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('First Name')));
  });

  it('puts keyboard focus on the description after Report another problem', async () => {
    // Prepare: a report sent
    api.on('POST /support/bug', () => reply(201, { reference: 'S-BUG00001' }));
    renderAt(<ReportBugPage />, '/report-bug');
    change(/What went wrong/, 'The case list stays empty after saving.');
    fireEvent.click(screen.getByRole('button', { name: 'Send Report' }));
    const again = await screen.findByRole('button', { name: 'Report another problem' });
    again.focus();

    // Act
    fireEvent.click(again);

    // Assess
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/What went wrong/)));
  });
});
