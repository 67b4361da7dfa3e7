/**
 * @jest-environment jsdom
 */
/**
 * The public FAQ page (web/src/public; spec back-office-and-shell section 2 "FAQ page"): one
 * question open at a time, the support address. No network: the runtime config is a stand-in. The
 * Contact page's form sends to the API: test/unit/web/support-forms.test.tsx.
 */
jest.mock('../../../web/src/lib/config', () => ({
  getConfig: () => ({ supportEmail: 'help@clinic.example', debugPages: false }),
}));

import './support/dom-env';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import FaqPage from '../../../web/src/public/FaqPage';

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
