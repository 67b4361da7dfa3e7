/**
 * @jest-environment ./test/unit/web/support/msw-environment.ts
 */
/**
 * The Deleted cases view (/back-office/cases/deleted; decision 0006-soft-delete-and-30-day-purge)
 * against the fake API: the rows with who deleted them and when, paging with Load more, and a restore
 * only after the confirmation, after which the list is read again.
 */

import './support/dom-env';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { DeletedCases } from '../../../web/src/back-office/cases/DeletedCasesPage';
import { reply, useFakeApi } from './support/fake-api-server';

const api = useFakeApi();

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

describe('the deleted cases view', () => {
  it('lists who deleted each case and when, and loads the next page with the cursor', async () => {
    // Prepare
    api.on('GET /case/deleted', ({ query }) =>
      query.cursor
        ? { cases: [deleted('owner-1_2', { patient_last: 'Roe', deleted_by_name: 'Grace Admin' })] }
        : { cases: [deleted('owner-1_1')], next_cursor: 'c1' },
    );
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
    const calls = api.requests('GET /case/deleted');
    expect(calls[0]?.query).toEqual({ limit: '50' });
    expect(calls[1]?.query).toMatchObject({ cursor: 'c1' });
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('restores a case only after the confirmation and reads the list again', async () => {
    // Prepare
    const restoredIds = () => api.requests('POST /case/restore').map((r) => (r.body as { case_id: string }).case_id);
    api.on('POST /case/restore', {
      success: true,
      message: 'Case restored successfully',
      case: { case_id: 'owner-1_1' },
    });
    api.on('GET /case/deleted', () => ({ cases: restoredIds().includes('owner-1_1') ? [] : [deleted('owner-1_1')] }));
    renderView();
    fireEvent.click(await screen.findByRole('button', { name: 'Restore case owner-1_1' }));

    // Act: cancel first, then confirm
    const dialog = screen.getByRole('dialog', { name: 'Restore case' });
    expect(within(dialog).getByText(/Restore case owner-1_1\? It returns to Case Management/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(restoredIds()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Restore case owner-1_1' }));
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Restore case' })).getByRole('button', { name: 'Restore' }),
    );

    // Assess
    await screen.findByText(/Case restored successfully/);
    expect(restoredIds()).toEqual(['owner-1_1']);
    expect(screen.getByRole('link', { name: 'Open case owner-1_1' }).getAttribute('href')).toBe('/case/owner-1_1');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Restore case owner-1_1' })).toBeNull());
    expect(await screen.findByText('No deleted cases')).toBeTruthy();
  });

  it('names each deleted case by its number, its id beside it, in the row, the confirmation and the banner', async () => {
    // Prepare
    const id = 'owner-1_1760000000000';
    api.on('POST /case/restore', { success: true, message: 'Case restored successfully', case: { case_id: id } });
    api.on('GET /case/deleted', () =>
      api.requests('POST /case/restore').length ? { cases: [] } : { cases: [deleted(id, { case_number: 'C-000321' })] },
    );
    renderView();
    const row = await screen.findByRole('row', { name: /C-000321/ });
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);

    // Act
    fireEvent.click(within(row).getByRole('button', { name: 'Restore case C-000321' }));
    const dialog = screen.getByRole('dialog', { name: 'Restore case' });
    const asked = within(dialog).getByText(/Restore case C-000321\? It returns/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Restore' }));

    // Assess
    expect(headers.slice(0, 2)).toEqual(['Case', 'Case ID']);
    const cells = within(row)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells.slice(0, 2)).toEqual(['C-000321', id]);
    expect(asked).toBeTruthy();
    const link = await screen.findByRole('link', { name: 'Open case C-000321' });
    expect(link.getAttribute('href')).toBe(`/case/${id}`);
    expect(api.requests('POST /case/restore').map((r) => r.body)).toEqual([{ case_id: id }]);
  });

  it("disables the restore past 30 days and shows the server's refusal", async () => {
    // Prepare
    api.on('POST /case/restore', () =>
      reply(409, { message: 'A case can be restored only within 30 days of its deletion' }),
    );
    api.on('GET /case/deleted', {
      cases: [deleted('owner-1_old', { deleted_at: '2026-10-20T08:00:00.000Z' }), deleted('owner-1_new')],
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
