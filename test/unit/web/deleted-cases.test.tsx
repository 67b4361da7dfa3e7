/**
 * @jest-environment jsdom
 */
/**
 * The Deleted cases view (/back-office/cases/deleted; issue 9, section 2) with a fake API client:
 * the rows with who deleted them and when, paging with Load more, and a restore only after the
 * confirmation, after which the list is read again. No network, no Amplify session.
 */
jest.mock('../../../web/src/lib/api', () => jest.requireActual('./support/fake-api'));

import './support/dom-env';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { DeletedCases } from '../../../web/src/back-office/cases/DeletedCasesPage';
import { ApiError, apiFetch } from './support/fake-api';

type Req = { method?: string; query?: Record<string, string | number | undefined>; body?: unknown } | undefined;

const NOW = Date.parse('2026-11-23T12:00:00.000Z');

function deleted(caseId: string, overrides: Record<string, unknown> = {}) {
  return {
    case_id: caseId,
    user_id: 'owner-1',
    owner_name: 'Ada Quill',
    case_date: '2026-11-02',
    patient_first: 'Pat',
    patient_last: 'Doe',
    ins_provider: 'Aetna',
    case_status: 10,
    created_date: '2026-11-02T09:00:00.000Z',
    deleted_at: '2026-11-20T08:30:00.000Z',
    deleted_by: 'owner-1',
    deleted_by_name: 'Ada Quill',
    ...overrides,
  };
}

function renderView() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <DeletedCases now={() => NOW} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => apiFetch.mockReset());

describe('the deleted cases view', () => {
  it('lists who deleted each case and when, and loads the next page with the cursor', async () => {
    // Prepare
    const calls: Req[] = [];
    apiFetch.mockImplementation(async (_path: string, req: Req) => {
      calls.push(req);
      return req?.query?.cursor
        ? { cases: [deleted('owner-1_2', { patient_last: 'Roe', deleted_by_name: 'Grace Admin' })] }
        : { cases: [deleted('owner-1_1')], next_cursor: 'c1' };
    });
    renderView();
    const first = await screen.findByRole('row', { name: /owner-1_1/ });

    // Act
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));

    // Assess
    const second = await screen.findByRole('row', { name: /owner-1_2/ });
    expect(within(first).getByText('2026-11-20 08:30')).toBeTruthy();
    expect(within(first).getAllByText('Ada Quill')).toHaveLength(2);
    expect(within(first).getByText('Submitted')).toBeTruthy();
    expect(within(first).getByText('2026-12-20 08:30')).toBeTruthy();
    expect(within(second).getByText('Grace Admin')).toBeTruthy();
    expect(calls[0]?.query).toMatchObject({ limit: 50, cursor: undefined });
    expect(calls[1]?.query).toMatchObject({ cursor: 'c1' });
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('restores a case only after the confirmation and reads the list again', async () => {
    // Prepare
    let restoredIds: string[] = [];
    apiFetch.mockImplementation(async (path: string, req: Req) => {
      if (path === '/case/restore') {
        restoredIds = [...restoredIds, (req?.body as { case_id: string }).case_id];
        return { success: true, message: 'Case restored successfully', case: { case_id: 'owner-1_1' } };
      }
      return { cases: restoredIds.includes('owner-1_1') ? [] : [deleted('owner-1_1')] };
    });
    renderView();
    fireEvent.click(await screen.findByRole('button', { name: 'Restore case owner-1_1' }));

    // Act: cancel first, then confirm
    const dialog = screen.getByRole('dialog', { name: 'Restore case' });
    expect(within(dialog).getByText(/Restore case owner-1_1\? It returns to Case Management/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(restoredIds).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Restore case owner-1_1' }));
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Restore case' })).getByRole('button', { name: 'Restore' }),
    );

    // Assess
    await screen.findByText(/Case restored successfully/);
    expect(restoredIds).toEqual(['owner-1_1']);
    expect(screen.getByRole('link', { name: 'Open case owner-1_1' }).getAttribute('href')).toBe('/case/owner-1_1');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Restore case owner-1_1' })).toBeNull());
    expect(await screen.findByText('No deleted cases')).toBeTruthy();
  });

  it("disables the restore past 30 days and shows the server's refusal", async () => {
    // Prepare
    apiFetch.mockImplementation(async (path: string) => {
      if (path === '/case/restore') {
        throw new ApiError('A case can be restored only within 30 days of its deletion', 409);
      }
      return {
        cases: [deleted('owner-1_old', { deleted_at: '2026-10-20T08:00:00.000Z' }), deleted('owner-1_new')],
      };
    });
    renderView();
    const old = await screen.findByRole('button', { name: 'Restore case owner-1_old' });

    // Act
    fireEvent.click(screen.getByRole('button', { name: 'Restore case owner-1_new' }));
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Restore case' })).getByRole('button', { name: 'Restore' }),
    );

    // Assess
    expect((old as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Past 30 days')).toBeTruthy();
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The case could not be restored: A case can be restored only within 30 days of its deletion',
    );
  });
});
