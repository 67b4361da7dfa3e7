/**
 * @jest-environment ./test/unit/web/support/msw-environment.ts
 */
/**
 * Report Bug's support address (web/src/report-bug/ReportBugPage.tsx): a link inside a sentence is
 * told apart from the text by more than its colour (WCAG 1.4.1; axe "link-in-text-block" found its
 * colour alone 2.24:1 against the text).
 */
import './support/dom-env';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import ReportBugPage from '../../../web/src/report-bug/ReportBugPage';
import { useFakeApi } from './support/fake-api-server';

useFakeApi();

describe('Report Bug', () => {
  it('underlines the support address in its sentence', () => {
    // Prepare
    const client = new QueryClient();

    // Act
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/report-bug']}>
          <ReportBugPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );

    // Assess
    const link = screen.getByRole('link', { name: /@/ });
    expect(link.closest('p')?.textContent).toMatch(/^Urgent\? Write to support:/);
    expect(getComputedStyle(link).textDecoration).toContain('underline');
  });
});
