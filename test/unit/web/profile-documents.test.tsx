/**
 * @jest-environment ./test/unit/web/support/msw-environment.ts
 */
/**
 * The profile's documents card (web/src/documents/ProfileDocuments.tsx): a refused file is reported
 * in an error banner, and dismissing it leaves keyboard focus on the card's heading, not the page.
 */
jest.mock('../../../web/src/auth/AuthProvider', () => ({ useAuth: () => ({ status: 'signedIn', user: null }) }));

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { useFakeApi } from './support/fake-api-server';
import { ProfileDocuments } from '../../../web/src/documents/ProfileDocuments';

useFakeApi();

describe('ProfileDocuments', () => {
  it('reports a refused file and puts keyboard focus on the Documents heading when it is dismissed', () => {
    // Prepare
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
    render(
      <QueryClientProvider client={queryClient}>
        <ProfileDocuments userId="u-1" documents={[]} />
      </QueryClientProvider>,
    );
    fireEvent.change(screen.getByLabelText('Profile document file'), {
      target: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' })] },
    });
    const alert = screen.getByRole('alert');
    const dismiss = within(alert).getByRole('button', { name: 'Dismiss alert' });
    dismiss.focus();

    // Act
    fireEvent.click(dismiss);

    // Assess
    expect(alert.textContent).toContain('txt');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Documents' }));
  });
});
