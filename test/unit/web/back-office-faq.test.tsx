/**
 * @jest-environment jsdom
 */
/**
 * Back-office FAQ/Tutorials (web/src/back-office/faq; spec back-office-and-shell section 2): the
 * keyboard tablist, the category filters of each tab, the accordion, and content
 * taken from the shared statuses, workflow rule and user types.
 */
import './support/dom-env';
import { fireEvent, render, screen, within } from '@testing-library/react';
import BackOfficeFaqPage from '../../../web/src/back-office/faq/BackOfficeFaqPage';
import { FAQ_ITEMS, TUTORIALS } from '../../../web/src/back-office/faq/content';
import { CASE_STATUSES } from '../../../shared/statuses';
import { COMPLETENESS_REQUIREMENTS } from '../../../shared/workflow';

const itemTitles = () =>
  screen
    .getAllByRole('button')
    .filter((b) => b.hasAttribute('aria-expanded'))
    .map((b) => b.textContent?.replace(/[+−]$/, '').trim());

const categoryGroup = () => screen.getByRole('group', { name: /category/i });

describe('back-office FAQ/Tutorials', () => {
  it('starts on the FAQ tab with every FAQ item and the categories All, General, Cases, Users, System', () => {
    // Act
    render(<BackOfficeFaqPage />);

    // Assess
    const faqTab = screen.getByRole('tab', { name: 'FAQ' });
    expect(faqTab.getAttribute('aria-selected')).toBe('true');
    expect(faqTab.tabIndex).toBe(0);
    expect(screen.getByRole('tab', { name: 'Tutorials' }).tabIndex).toBe(-1);
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(faqTab.id);
    expect(
      within(categoryGroup())
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['All', 'General', 'Cases', 'Users', 'System']);
    expect(itemTitles()).toEqual(FAQ_ITEMS.map((f) => f.question));
  });

  it('filters the FAQ by category and marks the chosen one pressed', () => {
    // Prepare
    render(<BackOfficeFaqPage />);

    // Act
    fireEvent.click(within(categoryGroup()).getByRole('button', { name: 'Users' }));

    // Assess
    expect(itemTitles()).toEqual(FAQ_ITEMS.filter((f) => f.category === 'users').map((f) => f.question));
    expect(within(categoryGroup()).getByRole('button', { name: 'Users' }).getAttribute('aria-pressed')).toBe('true');
    expect(within(categoryGroup()).getByRole('button', { name: 'All' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('moves between tabs with the arrow keys, resetting the category, and lists the tutorial categories', () => {
    // Prepare
    render(<BackOfficeFaqPage />);
    fireEvent.click(within(categoryGroup()).getByRole('button', { name: 'Cases' }));

    // Act
    fireEvent.keyDown(screen.getByRole('tab', { name: 'FAQ' }), { key: 'ArrowRight' });

    // Assess
    const tutorials = screen.getByRole('tab', { name: 'Tutorials' });
    expect(tutorials.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(tutorials);
    expect(
      within(categoryGroup())
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['All', 'Getting Started', 'Case Management', 'User Management', 'Advanced']);
    expect(itemTitles()).toEqual(TUTORIALS.map((t) => t.title));

    // Act: ArrowRight wraps back to FAQ
    fireEvent.keyDown(tutorials, { key: 'ArrowRight' });

    // Assess
    expect(screen.getByRole('tab', { name: 'FAQ' }).getAttribute('aria-selected')).toBe('true');
  });

  it('shows a tutorial of a category with its numbered steps when opened', () => {
    // Prepare
    render(<BackOfficeFaqPage />);
    fireEvent.click(screen.getByRole('tab', { name: 'Tutorials' }));
    fireEvent.click(within(categoryGroup()).getByRole('button', { name: 'Case Management' }));

    // Act
    fireEvent.click(screen.getByRole('button', { name: /move a case to its next status/i }));

    // Assess
    expect(itemTitles()).toEqual(TUTORIALS.filter((t) => t.category === 'case-management').map((t) => t.title));
    const region = screen.getByRole('region', { name: /move a case to its next status/i });
    expect(within(region).getAllByRole('listitem').length).toBeGreaterThan(2);
    expect(region.textContent).toMatch(/status control of its row/);
    expect(region.textContent).toMatch(/lower status asks for a reason/);
  });

  it('gives the ten statuses with their numbers and the workflow rule for Submitted, one answer open at a time', () => {
    // Prepare
    render(<BackOfficeFaqPage />);
    fireEvent.click(within(categoryGroup()).getByRole('button', { name: 'Cases' }));

    // Act
    fireEvent.click(screen.getByRole('button', { name: /case statuses and their numbers/i }));
    const statuses = screen.getByRole('region', { name: /case statuses and their numbers/i });
    const statusLines = within(statuses)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    fireEvent.click(screen.getByRole('button', { name: /how does a case become submitted/i }));

    // Assess
    expect(statusLines).toEqual(CASE_STATUSES.map((s) => `${s.value}: ${s.label}`));
    expect(statusLines).toHaveLength(10);
    expect(statuses.hidden).toBe(true);
    const submitted = screen.getByRole('region', { name: /how does a case become submitted/i });
    expect(submitted.textContent).toMatch(/update automatically from the case workflow/);
    expect(
      within(submitted)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(COMPLETENESS_REQUIREMENTS.map((r) => r.label));
  });
});
