/**
 * @jest-environment ./test/unit/web/support/msw-environment.ts
 */
/**
 * The back office's Deadlines queue (/back-office/deadlines) and Awards (/back-office/awards) against
 * the fake API: the filters sent to GET /dispute/queue, Load more with the cursor, rows linking to the
 * case, the `?state=` preset, the empty and error states; the award totals and the state sent to
 * GET /dispute/awards; the CSV export of each under the filters on screen.
 */
// A case admin (user_type 10): the provider filter suggests the owners the queue lists.
jest.mock('../../../web/src/profile/useProfile', () => ({
  useProfile: () => ({ data: { user_type: 10 }, userType: 10, isPending: false }),
}));

import './support/dom-env';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { DeadlineQueue } from '../../../web/src/disputes/DeadlinesPage';
import { AwardList } from '../../../web/src/disputes/AwardsPage';
import { networkError, useFakeApi } from './support/fake-api-server';
import { captureDownloads } from './support/downloads';
import { parse } from 'csv-parse/sync';

const api = useFakeApi();

function item(n: number, overrides: Record<string, unknown> = {}) {
  return {
    case_id: `p1_176000000000${n}`,
    user_id: 'p1',
    owner_name: 'Alice Baker',
    patient_last: `Patient${n}`,
    payer_name: 'Aetna',
    case_status: 70,
    step: 'entity_selection_joint_due' as const,
    due: `2026-03-0${n}`,
    state: 'overdue' as const,
    ...overrides,
  };
}

function renderWith(ui: React.ReactNode, path = '/back-office/deadlines') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}

const saved = captureDownloads();

/** Presses Export CSV, waits for `done` and answers the saved file's rows by header. */
async function exportRows(done: string): Promise<Record<string, string>[]> {
  fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
  await screen.findByText(done);
  return parse(await saved.at(-1)!.text, { bom: true, columns: true });
}

const queueCalls = () => api.requests('GET /dispute/queue').map((r) => r.query);
const table = () => screen.getByRole('table', { name: 'Next deadline of each case, soonest first' });

describe('the Deadlines queue', () => {
  it('lists the next deadlines soonest first, each row linking to its case, and loads more with the cursor', async () => {
    api.on('GET /dispute/queue', ({ query }) =>
      query.cursor
        ? { success: true, items: [item(3, { state: 'due_soon' })] }
        : { success: true, items: [item(1), item(2)], next_cursor: 'c1' },
    );
    renderWith(<DeadlineQueue />);
    await screen.findByText('Patient1');

    const link = within(table()).getAllByRole('link')[0]!;
    expect(link.getAttribute('href')).toBe('/case/p1_1760000000001');
    expect(within(table()).getAllByText('Overdue')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Patient3')).toBeTruthy();
    expect(within(table()).getByText('Due soon')).toBeTruthy();
    expect(queueCalls()).toEqual([{ limit: '50' }, { limit: '50', cursor: 'c1' }]);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('names each case by its number, the full id in the link name, and by its id while it has none', async () => {
    api.on('GET /dispute/queue', { success: true, items: [item(1, { case_number: 'C-000077' }), item(2)] });
    renderWith(<DeadlineQueue />);
    await screen.findByText('Patient1');

    const [numbered, unnumbered] = within(table()).getAllByRole('link');
    expect(numbered!.textContent).toBe('C-000077');
    expect(numbered!.getAttribute('aria-label')).toBe('Case C-000077 (full id p1_1760000000001)');
    expect(numbered!.getAttribute('href')).toBe('/case/p1_1760000000001');
    expect(unnumbered!.getAttribute('aria-label')).toContain('(full id p1_1760000000002)');
    expect(unnumbered!.textContent).not.toMatch(/^C-/);
  });

  it('sends the state, business days and step chosen, and presets the state from ?state=', async () => {
    api.on('GET /dispute/queue', { success: true, items: [item(1)] });
    renderWith(<DeadlineQueue />, '/back-office/deadlines?state=due_soon');
    await screen.findByText('Patient1');
    expect(queueCalls()[0]).toEqual({ state: 'due_soon', limit: '50' });

    fireEvent.change(screen.getByLabelText('State'), { target: { value: 'overdue' } });
    fireEvent.change(screen.getByLabelText('Due within (business days)'), { target: { value: 'ten' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(await screen.findByText('Business days must be a whole number from 0 to 365')).toBeTruthy();
    expect(queueCalls()).toHaveLength(1);

    fireEvent.change(screen.getByLabelText('Due within (business days)'), { target: { value: ' 5 ' } });
    fireEvent.change(screen.getByLabelText('Deadline'), { target: { value: 'offers_due' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(queueCalls()).toHaveLength(2));
    expect(queueCalls()[1]).toEqual({ state: 'overdue', within_days: '5', step: 'offers_due', limit: '50' });

    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(queueCalls().at(-1)).toEqual({ limit: '50' }));
  });

  it('filters by a provider chosen among the owners listed', async () => {
    api.on('GET /dispute/queue', ({ query }) => ({
      success: true,
      items: query.user_id
        ? [item(2, { user_id: 'p2', owner_name: 'Bruno Cole' })]
        : [item(1), item(2, { user_id: 'p2', owner_name: 'Bruno Cole' })],
    }));
    renderWith(<DeadlineQueue />);
    await screen.findByText('Patient1');

    const input = screen.getByLabelText('User filter');
    fireEvent.change(input, { target: { value: 'Bru' } });
    fireEvent.click(await screen.findByRole('option', { name: /Bruno Cole/ }));

    await waitFor(() => expect(queueCalls().at(-1)).toEqual({ user_id: 'p2', limit: '50' }));
    await waitFor(() => expect(screen.queryByText('Patient1')).toBeNull());
  });

  it('exports the queue under the state on screen, with the case and provider ids and days as YYYY-MM-DD', async () => {
    api.on('GET /dispute/queue', ({ query }) =>
      query.cursor
        ? { success: true, items: [item(3)] }
        : { success: true, items: [item(1), item(2)], next_cursor: 'c1' },
    );
    renderWith(<DeadlineQueue />, '/back-office/deadlines?state=overdue');
    await screen.findByText('Patient1');

    const rows = await exportRows('Exported 3 deadlines.');

    expect(queueCalls().slice(1)).toEqual([
      { state: 'overdue', limit: '50' },
      { state: 'overdue', limit: '50', cursor: 'c1' },
    ]);
    expect(rows.map((r) => r['Case ID'])).toEqual([1, 2, 3].map((n) => item(n).case_id));
    expect(rows[0]).toMatchObject({
      Due: '2026-03-01',
      State: 'Overdue',
      'Provider ID': 'p1',
      Provider: 'Alice Baker',
    });
    expect(saved.at(-1)!.name).toMatch(/^deadlines-/);
  });

  it('says when nothing matches and when the queue cannot be loaded', async () => {
    api.on('GET /dispute/queue', { success: true, items: [] });
    const { unmount } = renderWith(<DeadlineQueue />);
    expect(await screen.findByText('No deadlines match these filters')).toBeTruthy();
    unmount();

    api.on('GET /dispute/queue', () => networkError());
    renderWith(<DeadlineQueue />);
    expect((await screen.findByRole('alert')).textContent).toContain('The dispute service is currently unavailable');
  });
});

describe('the Awards list', () => {
  const totals = { awarded: 125000, paid: 40000.5, unpaid: 84999.5, overdue_count: 3 };
  const award = (n: number, overrides: Record<string, unknown> = {}) => ({
    case_id: `p1_176000000000${n}`,
    owner_name: 'Alice Baker',
    determination_date: '2026-01-05',
    award: 25000,
    paid: 0,
    award_payment_due: '2026-02-04',
    days_overdue: 20,
    ...overrides,
  });

  it('shows the totals and the unpaid awards, then the state chosen, with Load more', async () => {
    api.on('GET /dispute/awards', ({ query }) =>
      query.state === 'paid'
        ? { success: true, items: [award(3, { paid: 25000, days_overdue: 0 })], totals }
        : query.cursor
          ? { success: true, items: [award(2)], totals }
          : { success: true, items: [award(1)], next_cursor: 'a1', totals },
    );
    renderWith(<AwardList />, '/back-office/awards');

    const dl = await screen.findByLabelText('Award totals');
    expect(dl.textContent).toContain('Awarded$125,000.00');
    expect(dl.textContent).toContain('Paid$40,000.50');
    expect(dl.textContent).toContain('Unpaid$84,999.50');
    expect(dl.textContent).toContain('Overdue awards3');
    expect(screen.getByText('20 days overdue')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByText('20 days overdue')).toHaveLength(2));

    fireEvent.change(screen.getByLabelText('Awards'), { target: { value: 'paid' } });
    expect(await screen.findByText('Not overdue')).toBeTruthy();
    expect(api.requests('GET /dispute/awards').map((r) => r.query)).toEqual([
      { state: 'unpaid', limit: '50' },
      { state: 'unpaid', limit: '50', cursor: 'a1' },
      { state: 'paid', limit: '50' },
    ]);
  });

  it('exports the awards of the state chosen, amounts with 2 decimals', async () => {
    api.on('GET /dispute/awards', ({ query }) =>
      query.cursor
        ? { success: true, items: [award(2, { paid: 1234.5 })], totals }
        : { success: true, items: [award(1)], next_cursor: 'a1', totals },
    );
    renderWith(<AwardList />, '/back-office/awards');
    await screen.findByText('20 days overdue');

    const rows = await exportRows('Exported 2 awards.');

    expect(rows).toEqual([
      {
        'Case ID': award(1).case_id,
        'Case Number': '',
        Provider: 'Alice Baker',
        Determination: '2026-01-05',
        Award: '25000.00',
        Paid: '0.00',
        'Payment due': '2026-02-04',
        'Days overdue': '20',
      },
      expect.objectContaining({ 'Case ID': award(2).case_id, Paid: '1234.50' }),
    ]);
    expect(saved.at(-1)!.name).toMatch(/^awards-unpaid-\d{4}-\d{2}-\d{2}\.csv$/);
  });

  it('says when there are no awards of the state and when they cannot be loaded', async () => {
    api.on('GET /dispute/awards', {
      success: true,
      items: [],
      totals: { awarded: 0, paid: 0, unpaid: 0, overdue_count: 0 },
    });
    const { unmount } = renderWith(<AwardList />, '/back-office/awards');
    expect(await screen.findByText('No unpaid awards')).toBeTruthy();
    unmount();

    api.on('GET /dispute/awards', () => networkError());
    renderWith(<AwardList />, '/back-office/awards');
    expect((await screen.findByRole('alert')).textContent).toContain('The dispute service is currently unavailable');
  });
});
