/**
 * @jest-environment ./test/unit/web/support/msw-environment.ts
 */
/**
 * The SPA's paged lists (one page and a cursor per call) against the fake API: the provider case list,
 * the surgeon and facility screens (Load more appends the next page, announces the rows shown and
 * goes away on the last page; the status filter restarts from page 1), the case form's selects
 * (every page read), and the back-office home's Total Cases from GET /case/stats.
 */
jest.mock('../../../web/src/auth/AuthProvider', () => ({
  useAuth: () => ({
    status: 'signedIn',
    user: { sub: 'u1', email: 'provider1@example.com' },
    signOut: jest.fn(async () => undefined),
    refresh: jest.fn(),
  }),
}));

import { browserModalDialogs, setViewport } from './support/dom-env';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { listFacilities } from '../../../web/src/facilities/api';
import { listSurgeons } from '../../../web/src/surgeons/api';
import CaseListPage from '../../../web/src/cases/CaseListPage';
import FacilityListPage from '../../../web/src/facilities/FacilityListPage';
import BackOfficeHomePage from '../../../web/src/shell/BackOfficeHomePage';
import SurgeonListPage from '../../../web/src/surgeons/SurgeonListPage';
import { reply, useFakeApi } from './support/fake-api-server';
import { captureDownloads } from './support/downloads';
import { parse } from 'csv-parse/sync';

const api = useFakeApi();
/** The queries the fake API received for `path`, oldest first. */
const queries = (path: string) =>
  api
    .requests()
    .filter((r) => r.path === path)
    .map((r) => r.query);

function renderAt(path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/dashboard" element={<CaseListPage />} />
          <Route path="/surgeon-management" element={<SurgeonListPage />} />
          <Route path="/facility-management" element={<FacilityListPage />} />
          <Route path="/back-office" element={<BackOfficeHomePage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const caseOf = (n: number, status = 0) => ({
  case_id: `u1_${1_760_000_000_000 + n}`,
  user_id: 'u1',
  case_date: '2026-02-03',
  patient_first: 'Alfa',
  patient_last: `Patient${n}`,
  ins_provider: 'Aetna',
  procedure_codes: ['47562'],
  case_status: status,
});

/** Rows of the case table (header excluded). */
const caseRows = () =>
  within(screen.getByRole('table', { name: 'Cases' }))
    .getAllByRole('row')
    .slice(1);

/** The cards of the case list (the phone layout). */
const caseCards = () => within(screen.getByRole('list', { name: 'Cases' })).getAllByRole('listitem');

describe('the provider case list', () => {
  // The table: the case list renders the cards instead on a phone (web/src/cases/CaseTable.tsx).
  beforeEach(() => setViewport('desktop'));

  /** Two pages of all cases (3 + 2), cursor 'c2' between them; one page for the Paid filter. */
  function serveCases() {
    api.fallback(({ path, query: q }) => {
      if (path === '/case' && q.cursor === undefined)
        return { success: true, cases: [1, 2, 3].map((n) => caseOf(n)), count: 3, next_cursor: 'c2' };
      if (path === '/case' && q.cursor === 'c2')
        return { success: true, cases: [4, 5].map((n) => caseOf(n)), count: 2 };
      if (path === '/case/filter') return { success: true, cases: [caseOf(9, 20)], count: 1 };
      return reply(500, { message: `unexpected ${path}` });
    });
  }

  it('sends limit 50 and appends the next page on Load more, which goes away on the last page', async () => {
    // Prepare
    serveCases();
    renderAt('/dashboard');
    await screen.findByText('Showing 3 cases');

    // Act
    const more = screen.getByRole('button', { name: 'Load more' });
    more.focus();
    fireEvent.click(more);

    // Assess
    await screen.findByText('Showing 5 cases');
    expect(caseRows()).toHaveLength(5);
    expect(screen.getByRole('status').textContent).toContain('Showing 5 cases');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByText('Showing 5 cases'));
    expect(queries('/case')).toEqual([
      { user_id: 'u1', limit: '50' },
      { user_id: 'u1', limit: '50', cursor: 'c2' },
    ]);
    // The phone layout (cards) shows the same cases.
    act(() => setViewport('phone'));
    expect(caseCards()).toHaveLength(5);
  });

  it('renders only the layout that fits the viewport, switching when it crosses 640 px', async () => {
    // Prepare: a phone
    serveCases();
    setViewport('phone');
    renderAt('/dashboard');
    await screen.findByText('Showing 3 cases');
    // Assess: cards, each with its patient, its case link and its actions; no table
    expect(caseCards().map((card) => card.getAttribute('data-case-id'))).toEqual(
      [1, 2, 3].map((n) => caseOf(n).case_id),
    );
    expect(within(caseCards()[0]!).getByRole('heading', { name: 'Alfa Patient1' })).toBeTruthy();
    expect(within(caseCards()[0]!).getAllByRole('button').length).toBeGreaterThan(0);
    expect(screen.queryByRole('table', { name: 'Cases' })).toBeNull();

    // Act: the window widens past the breakpoint
    act(() => setViewport('desktop'));
    // Assess: the table alone, the same cases
    expect(caseRows().map((row) => row.getAttribute('data-case-id'))).toEqual([1, 2, 3].map((n) => caseOf(n).case_id));
    expect(screen.queryByRole('list', { name: 'Cases' })).toBeNull();

    // Act: and narrows again
    act(() => setViewport('phone'));
    // Assess
    expect(caseCards()).toHaveLength(3);
    expect(screen.queryByRole('table', { name: 'Cases' })).toBeNull();
  });

  describe('Export CSV', () => {
    const saved = captureDownloads();

    it('saves every page of the list, then only the status filtered on screen (GET /case/filter)', async () => {
      // Prepare
      serveCases();
      renderAt('/dashboard');
      await screen.findByText('Showing 3 cases');
      fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
      await screen.findByText('Showing 5 cases');
      const shown = caseRows().map((r) => r.getAttribute('data-case-id'));
      const exportCsv = async (done: string) => {
        fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
        await screen.findByText(done);
        const file: Record<string, string>[] = parse(await saved.at(-1)!.text, { bom: true, columns: true });
        return file;
      };

      // Act
      const all = await exportCsv('Exported 5 cases.');
      fireEvent.change(screen.getByLabelText('Status filter'), { target: { value: 'paid' } });
      await screen.findByText('Showing 1 case');
      const paid = await exportCsv('Exported 1 case.');

      // Assess
      expect(all.map((r) => r['Case ID'])).toEqual(shown);
      expect(all[0]).toMatchObject({ Date: '2026-02-03', Patient: 'Alfa Patient1', 'Procedure Codes': '47562' });
      expect(paid.map((r) => [r['Case ID'], r.Status])).toEqual([[caseOf(9).case_id, 'Paid']]);
      expect(queries('/case/filter').at(-1)).toEqual({ user_id: 'u1', filter: '20', limit: '50' });
    });
  });

  it('shows the next page as loading and keeps the rows when it fails, with Load more to retry', async () => {
    // Prepare
    let failNext = true;
    const waiting: (() => void)[] = [];
    /** Let the next-page request that has reached the fake API answer. */
    const release = async () => {
      await waitFor(() => expect(waiting).toHaveLength(1));
      waiting.shift()?.();
    };
    api.fallback(async ({ query }) => {
      if (query.cursor === undefined) return { success: true, cases: [1, 2].map((n) => caseOf(n)), next_cursor: 'c2' };
      await new Promise<void>((resolve) => waiting.push(resolve));
      if (failNext) {
        failNext = false;
        return reply(500);
      }
      return { success: true, cases: [caseOf(3)] };
    });
    renderAt('/dashboard');
    await screen.findByText('Showing 2 cases');

    // Act
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    const loading = await screen.findByRole('button', { name: /Loading more/ });
    const ariaDisabled = loading.getAttribute('aria-disabled');
    await release();

    // Assess
    expect(ariaDisabled).toBe('true');
    expect((await screen.findByRole('alert')).textContent).toContain('API request failed: 500 Internal Server Error');
    expect(caseRows()).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: /Loading more/ })).not.toBeNull());
    await release();
    await screen.findByText('Showing 3 cases');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('keeps keyboard focus on the page, on the heading, once a confirmed delete removes the row', async () => {
    // Prepare: a list that loses the deleted case
    browserModalDialogs();
    let shown = [1, 2].map((n) => caseOf(n));
    api.on('DELETE /case', ({ query }) => {
      shown = shown.filter((c) => c.case_id !== query.case_id);
      return { success: true };
    });
    api.on('GET /case', () => ({ success: true, cases: shown, count: shown.length }));
    renderAt('/dashboard');
    await screen.findByText('Showing 2 cases');
    const del = screen.getByRole('button', { name: /^Delete case .*Alfa Patient1/ });

    // Act
    del.focus();
    fireEvent.click(del);
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Delete case' })).getByRole('button', { name: 'Delete' }),
    );

    // Assess
    await screen.findByText('Showing 1 case');
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Cases' }));
  });

  it('starts again from the first page when the status filter changes', async () => {
    // Prepare
    serveCases();
    renderAt('/dashboard');
    await screen.findByText('Showing 3 cases');
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByText('Showing 5 cases');

    // Act
    fireEvent.change(screen.getByLabelText('Status filter'), { target: { value: 'paid' } });

    // Assess
    await screen.findByText('Showing 1 case');
    expect(caseRows()).toHaveLength(1);
    expect(queries('/case/filter')).toEqual([{ user_id: 'u1', filter: '20', limit: '50' }]);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('searches after a pause in typing, orders by the Date header and narrows to a case-date range', async () => {
    // Prepare
    serveCases();
    renderAt('/dashboard');
    await screen.findByText('Showing 3 cases');

    // Act: a sort from the header, then a range, then a search (which the server orders itself)
    fireEvent.click(screen.getByRole('button', { name: 'Date' }));
    await waitFor(() => expect(queries('/case').at(-1)).toMatchObject({ sort: '-case_date' }));
    const dateHeader = screen.getByRole('columnheader', { name: 'Date' });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-01-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-01-31' } });
    fireEvent.change(screen.getByLabelText('Search cases'), { target: { value: '  Morales, Jon ' } });

    // Assess
    expect(dateHeader.getAttribute('aria-sort')).toBe('descending');
    await waitFor(() => expect(queries('/case').at(-1)).toMatchObject({ search: 'Morales, Jon' }));
    expect(queries('/case').at(-1)).toEqual({
      user_id: 'u1',
      search: 'Morales, Jon',
      from: '2026-01-01',
      to: '2026-01-31',
      limit: '50',
    });
    expect(queries('/case').some((q) => q.search === 'M')).toBe(false);
    expect((screen.getByLabelText('Order') as HTMLSelectElement).disabled).toBe(true);
  });

  it('keeps keyboard focus on the page, on the heading, when a delete failure is dismissed', async () => {
    // Prepare: a failed delete
    api.on('DELETE /case', () => reply(500, { message: 'Database unavailable' }));
    api.on('GET /case', { success: true, cases: [caseOf(1)], count: 1 });
    renderAt('/dashboard');
    await screen.findByText('Showing 1 case');
    fireEvent.click(screen.getByRole('button', { name: /^Delete case / }));
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Delete case' })).getByRole('button', { name: 'Delete' }),
    );
    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(alert.textContent).toContain('Failed to delete case'));
    const dismiss = within(alert).getByRole('button', { name: 'Dismiss alert' });
    dismiss.focus();

    // Act
    fireEvent.click(dismiss);

    // Assess
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Cases' }));
  });

  it('puts keyboard focus on the search box after Clear search and dates', async () => {
    // Prepare: a search that matches nothing
    api.on('GET /case', ({ query }) =>
      query.search ? { success: true, cases: [], count: 0 } : { success: true, cases: [caseOf(1)], count: 1 },
    );
    renderAt('/dashboard?q=nobody');
    await screen.findByRole('heading', { name: 'No cases match your search' });
    const clear = screen.getByRole('button', { name: 'Clear search and dates' });
    clear.focus();

    // Act
    fireEvent.click(clear);

    // Assess
    await screen.findByText('Showing 1 case');
    expect(document.activeElement).toBe(screen.getByLabelText('Search cases'));
  });

  it('reads a legacy answer without paging (a bare list) as one last page', async () => {
    // Prepare
    api.fallback(() => [caseOf(1), caseOf(2)]);

    // Act
    renderAt('/dashboard');

    // Assess
    await screen.findByText('Showing 2 cases');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });
});

describe.each([
  {
    path: '/surgeon-management',
    resource: '/surgeon',
    listKey: 'surgeons',
    idKey: 'surgeon_id',
    item: (n: number): Record<string, unknown> => ({
      surgeon_id: `s${n}`,
      first_name: 'Ann',
      last_name: `Lee${n}`,
      surgeon_npi: 0,
    }),
    plural: 'surgeons',
  },
  {
    path: '/facility-management',
    resource: '/facility',
    listKey: 'facilities',
    idKey: 'facility_id',
    item: (n: number): Record<string, unknown> => ({
      facility_id: `f${n}`,
      facility_name: `Center ${n}`,
      facility_npi: 0,
    }),
    plural: 'facilities',
  },
])('the $plural screen', ({ path, resource, listKey, idKey, item, plural }) => {
  it('appends the next page on Load more and drops the button on the last page', async () => {
    // Prepare
    api.fallback(({ path: p, query }) => {
      if (p !== resource) return reply(500, { message: `unexpected ${p}` });
      if (query.cursor === undefined) return { success: true, [listKey]: [1, 2].map(item), next_cursor: 'n2' };
      return { success: true, [listKey]: [3].map(item) };
    });
    renderAt(path);
    await screen.findByText(`Showing 2 ${plural}`);

    // Act
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));

    // Assess
    await screen.findByText(`Showing 3 ${plural}`);
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(api.requests().map((r) => r.query)).toEqual([
      { user_id: 'u1', limit: '50' },
      { user_id: 'u1', limit: '50', cursor: 'n2' },
    ]);
  });

  it('keeps keyboard focus on the page, on the heading, once a confirmed delete removes the entry', async () => {
    // Prepare: a list that loses the deleted entry
    browserModalDialogs();
    let shown = [1, 2].map(item);
    api.on(`DELETE ${resource}` as 'DELETE /surgeon', ({ query }) => {
      shown = shown.filter((entry) => entry[idKey] !== query[idKey]);
      return { success: true };
    });
    api.on(`GET ${resource}` as 'GET /surgeon', () => ({ success: true, [listKey]: shown }) as never);
    renderAt(path);
    await screen.findByText(`Showing 2 ${plural}`);
    const del = screen.getByRole('button', { name: /^Delete .*1$/ });

    // Act
    del.focus();
    fireEvent.click(del);
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));

    // Assess
    await screen.findByText(`Showing 1 ${plural.slice(0, -1).replace(/ie$/, 'y')}`);
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1 }));
  });
});

describe("the case form's surgeon and facility lists", () => {
  it('read every page at 200 a page', async () => {
    // Prepare
    api.fallback(({ path: p, query }) => {
      const cursor = query.cursor;
      if (p === '/surgeon')
        return cursor === undefined
          ? { success: true, surgeons: [{ surgeon_id: 's1', first_name: 'A', last_name: 'B' }], next_cursor: 'x' }
          : { success: true, surgeons: [{ surgeon_id: 's2', first_name: 'C', last_name: 'D' }] };
      return cursor === undefined
        ? { success: true, facilities: [{ facility_id: 'f1', facility_name: 'One' }], next_cursor: 'y' }
        : { success: true, facilities: [{ facility_id: 'f2', facility_name: 'Two' }], next_cursor: '' };
    });

    // Act
    const [surgeons, facilities] = await Promise.all([listSurgeons('u1'), listFacilities('u1')]);

    // Assess
    expect(surgeons.map((s) => s.surgeon_id)).toEqual(['s1', 's2']);
    expect(facilities.map((f) => f.facility_id)).toEqual(['f1', 'f2']);
    expect(api.requests()).toHaveLength(4);
    for (const { query } of api.requests()) expect(query.limit).toBe('200');
  });

  it('stop after 10 pages even when the server keeps answering a next_cursor', async () => {
    // Prepare
    let n = 0;
    api.fallback(() => {
      n += 1;
      return {
        success: true,
        surgeons: [{ surgeon_id: `s${n}`, first_name: 'A', last_name: 'B' }],
        next_cursor: 'again',
      };
    });

    // Act
    const surgeons = await listSurgeons('u1');

    // Assess
    expect(surgeons).toHaveLength(10);
    expect(api.requests()).toHaveLength(10);
  });
});

describe('the back-office home', () => {
  const stats = {
    success: true,
    range: 'all',
    total_cases: 123456,
    total_revenue: 1234.5,
    pending_cases: 7,
    incomplete_cases: 9,
    by_status: { '0': 9, '10': 1, '20': 7, '30': 0, '40': 0, '50': 0, '60': 0, '70': 0, '80': 0, '90': 0 },
    top_users: [],
  };

  it('shows Total Cases from GET /case/stats, never reading the case list', async () => {
    // Prepare
    api.fallback(({ path: p }) => {
      if (p === '/case/stats') return stats;
      if (p === '/user') return { success: true, user: { user_id: 'u1', user_type: 10 } };
      return reply(500, { message: `unexpected ${p}` });
    });

    // Act
    renderAt('/back-office');

    // Assess
    expect(await screen.findByText('123,456')).toBeTruthy();
    const paths = api.requests().map((r) => r.path);
    expect(paths).toContain('/case/stats');
    expect(paths).not.toContain('/case');
    expect(queries('/case/stats')[0]).toEqual({ range: 'all' });
  });

  it('shows loading, then the error with Retry, which loads the figure', async () => {
    // Prepare
    let fail = true;
    api.fallback(({ path: p }) => {
      if (p !== '/case/stats') return {};
      return fail ? reply(403, { message: 'Insufficient permissions' }) : stats;
    });

    // Act
    renderAt('/back-office');

    // Assess
    expect(screen.getByText('Loading total cases…')).toBeTruthy();
    expect((await screen.findByRole('alert')).textContent).toContain('No cases found or insufficient permissions');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('123,456')).toBeTruthy();
  });

  it('says the counts could not be read when the answer has another shape', async () => {
    // Prepare
    api.fallback(({ path: p }) => (p === '/case/stats' ? { cases: [1, 2, 3] } : {}));

    // Act
    renderAt('/back-office');

    // Assess
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The case counts could not be read. Please try again.',
    );
  });
});
