/**
 * @jest-environment jsdom
 */
/**
 * The public FAQ and Contact pages (web/src/public; spec back-office-and-shell sections 2 "FAQ
 * page" and "Contact page", 4 "Other states", 5): one question open at a time,
 * the contact form's validation messages, the simulated 1 s send, Thank You! and Send Another
 * Message. No network: the runtime config is a stand-in.
 */
jest.mock('../../../web/src/lib/config', () => ({
  getConfig: () => ({ supportEmail: 'help@clinic.example', debugPages: false }),
}));

import './support/dom-env';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import ContactPage from '../../../web/src/public/ContactPage';
import FaqPage from '../../../web/src/public/FaqPage';
import { CONTACT_MESSAGES } from '../../../shared/schemas/contact';

function renderAt(element: React.ReactElement, path = '/') {
  render(<MemoryRouter initialEntries={[path]}>{element}</MemoryRouter>);
}

const questionButtons = () =>
  screen
    .getAllByRole('button')
    .filter((b) => b.hasAttribute('aria-expanded') && b.getAttribute('aria-controls') !== null);
const expanded = () => questionButtons().filter((b) => b.getAttribute('aria-expanded') === 'true');

describe('FAQ page', () => {
  it('lists 12 questions, all closed, each controlling a hidden answer region', () => {
    // Act
    renderAt(<FaqPage />, '/faq');

    // Assess
    const buttons = questionButtons();
    expect(buttons).toHaveLength(12);
    expect(expanded()).toHaveLength(0);
    for (const b of buttons) {
      const panel = document.getElementById(b.getAttribute('aria-controls') ?? '');
      expect(panel).not.toBeNull();
      expect(panel?.hidden).toBe(true);
      expect(panel?.getAttribute('aria-labelledby')).toBe(b.id);
    }
  });

  it('keeps one question open at a time, and clicking the open one closes it', () => {
    // Prepare
    renderAt(<FaqPage />, '/faq');
    const [first, second] = questionButtons();
    if (!first || !second) throw new Error('missing questions');

    // Act: open the first, then the second
    fireEvent.click(first);
    const firstPanel = document.getElementById(first.getAttribute('aria-controls') ?? '');
    expect(expanded()).toEqual([first]);
    expect(firstPanel?.hidden).toBe(false);
    fireEvent.click(second);

    // Assess: only the second is open
    expect(expanded()).toEqual([second]);
    expect(firstPanel?.hidden).toBe(true);

    // Act: click the open one
    fireEvent.click(second);

    // Assess: all closed
    expect(expanded()).toHaveLength(0);
  });

  it('answers about deletion without claiming an audit log, and about formats with the accepted extensions', () => {
    // Prepare
    renderAt(<FaqPage />, '/faq');

    // Act
    fireEvent.click(screen.getByRole('button', { name: /can a case be deleted/i }));
    fireEvent.click(screen.getByRole('button', { name: /which file formats/i }));

    // Assess
    const formats = screen.getByRole('region', { name: /which file formats/i });
    expect(formats.textContent).toMatch(/PDF, JPG, JPEG, PNG, DOC, DOCX/);
    expect(formats.textContent).toMatch(/TIFF files are not accepted/);
    const deletion = document.getElementById(
      screen.getByRole('button', { name: /can a case be deleted/i }).getAttribute('aria-controls') ?? '',
    );
    expect(deletion?.textContent).toMatch(/authorised user/);
    expect(deletion?.textContent).not.toMatch(/audit/i);
  });

  it('shows the support address of the runtime config on the email card', () => {
    // Act
    renderAt(<FaqPage />, '/faq');

    // Assess
    const link = screen.getByRole('link', { name: 'help@clinic.example' });
    expect(link.getAttribute('href')).toBe('mailto:help@clinic.example');
  });
});

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

const afterThis: (() => void)[] = [];
afterEach(() => afterThis.splice(0).forEach((undo) => undo()));

describe('Contact page', () => {
  it('shows each required-field message of the spec when sent empty, and none for the optional phone', async () => {
    // Prepare
    renderAt(<ContactPage />, '/contact');

    // Act
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));

    // Assess
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
    expect(screen.queryByText('Thank You!')).toBeNull();
  });

  it('says "Invalid email address" and "Message must be at least 10 characters" for a bad email and a short message', async () => {
    // Prepare
    renderAt(<ContactPage />, '/contact');
    fillValid();

    // Act
    fireEvent.change(field('Email'), { target: { value: 'jane@clinic' } });
    fireEvent.change(field('Message'), { target: { value: 'Too short' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));

    // Assess
    expect(await screen.findByText(CONTACT_MESSAGES.emailInvalid)).toBeTruthy();
    expect(screen.getByText(CONTACT_MESSAGES.messageTooShort)).toBeTruthy();
    expect(screen.queryByText(CONTACT_MESSAGES.firstNameRequired)).toBeNull();
  });

  it('sends for 1 s without a server call, thanks the user, and Send Another Message returns to an empty form', async () => {
    // Prepare
    const fetchSpy = jest.fn();
    const realFetch = globalThis.fetch;
    globalThis.fetch = fetchSpy as unknown as typeof fetch;
    afterThis.push(() => {
      globalThis.fetch = realFetch;
    });
    renderAt(<ContactPage />, '/contact');
    fillValid();

    // Act
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));

    // Assess: sending, then thanked about 1 s later
    expect(await screen.findByText('Sending...')).toBeTruthy();
    expect(screen.queryByText('Thank You!')).toBeNull();
    const thanks = await screen.findByRole('heading', { name: 'Thank You!' }, { timeout: 3000 });
    const panel = thanks.closest('section') as HTMLElement;
    expect(within(panel).getByText(/within 24 hours/)).toBeTruthy();
    expect(fetchSpy).not.toHaveBeenCalled();

    // Act: another message
    fireEvent.click(screen.getByRole('button', { name: 'Send Another Message' }));

    // Assess: the form is back, empty
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send Message' })).toBeTruthy());
    expect((field('First Name') as HTMLInputElement).value).toBe('');
    expect((field('Inquiry Type') as HTMLSelectElement).value).toBe('');
  });

  it('preselects the inquiry type named by ?inquiry= (Request Demo on About)', () => {
    // Act
    renderAt(<ContactPage />, '/contact?inquiry=demo');

    // Assess
    expect((field('Inquiry Type') as HTMLSelectElement).value).toBe('demo');
  });
});
