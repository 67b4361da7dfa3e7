/**
 * @jest-environment ./test/unit/web/support/msw-environment.ts
 */
/**
 * The analytics dashboard, the provider pipeline and the back-office home's System Status (spec
 * back-office-and-shell sections 2 and 8) against the fake API: the time range really asks for that range, the cards
 * and the accessible Cases by Status table show the counts, the empty state, the spec's error
 * texts with Retry; the pipeline's links set the case list's status filter; GET /health drives the
 * System Status.
 */
jest.mock('../../../web/src/auth/AuthProvider', () => ({
  useAuth: () => ({
    status: 'signedIn',
    user: { sub: 'u1', email: 'admin1@example.com' },
    signOut: jest.fn(async () => undefined),
    refresh: jest.fn(),
  }),
}));

import './support/dom-env';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import DashboardPage from '../../../web/src/back-office/dashboard/DashboardPage';
import { ANALYTICS_MESSAGES } from '../../../web/src/back-office/dashboard/messages';
import CaseListPage from '../../../web/src/cases/CaseListPage';
import BackOfficeHomePage from '../../../web/src/shell/BackOfficeHomePage';
import { networkError, reply, useFakeApi } from './support/fake-api-server';

const api = useFakeApi();

// recharts' ResponsiveContainer observes its size; jsdom has no ResizeObserver.
class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
Object.assign(globalThis, { ResizeObserver: NoResizeObserver });

let location = '';
function LocationProbe() {
  const loc = useLocation();
  location = `${loc.pathname}${loc.search}`;
  return null;
}

function renderAt(
  path: string,
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } }),
) {
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <LocationProbe />
        <Routes>
          <Route path="/back-office/dashboard" element={<DashboardPage />} />
          <Route path="/dashboard" element={<CaseListPage />} />
          <Route path="/back-office" element={<BackOfficeHomePage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const byStatus = (over: Record<string, number> = {}) => ({
  '0': 0,
  '10': 0,
  '20': 0,
  '30': 0,
  '40': 0,
  '50': 0,
  '60': 0,
  '70': 0,
  '80': 0,
  '90': 0,
  ...over,
});

/** A stats answer whose figures depend on the range, so that a test can tell which one is shown. */
function statsFor(range: string) {
  const n = { '7d': 3, '30d': 12, '90d': 40, '1y': 150, all: 200 }[range] ?? 0;
  return {
    success: true,
    range,
    total_cases: n,
    total_revenue: n * 100.25,
    pending_cases: 1,
    incomplete_cases: n - 1,
    by_status: byStatus({ '0': n - 1, '20': 1 }),
    top_users: [
      { user_id: 'abcdef1234567890', name: 'Dana Surgeon', case_count: 120 },
      { user_id: 'zyxwvu9876543210', name: '', case_count: 80 },
    ],
  };
}

const statsCalls = () => api.requests('GET /case/stats');

/** The figure of a card, by its heading. */
const card = (title: string) => screen.getByRole('heading', { name: title, level: 2 }).parentElement!.textContent;

describe('the analytics dashboard', () => {
  it('asks for the last 30 days first and shows the cards, the status table and the top users', async () => {
    // Prepare
    api.fallback(({ query }) => statsFor(String(query.range)));

    // Act
    renderAt('/back-office/dashboard');

    // Assess
    await screen.findByRole('heading', { name: 'Total Cases', level: 2 });
    expect(statsCalls()[0]?.query).toEqual({ range: '30d' });
    expect(card('Total Cases')).toContain('12');
    expect(card('Total Revenue')).toContain('$1,203.00');
    expect(card('Pending Cases')).toContain('1');
    expect(card('Pending Cases')).toContain('Paid, awaiting provider payment');
    expect(card('Incomplete Cases')).toContain('11');
    const table = screen.getByRole('table', { name: 'Cases by Status' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(10);
    expect(rows[0]!.textContent).toBe('Incomplete1192%');
    expect(rows[2]!.textContent).toBe('Paid18%');
    const top = within(screen.getByRole('list', { name: 'Top Users' })).getAllByRole('listitem');
    expect(top.map((li) => li.textContent)).toEqual(['Dana Surgeon120 cases', 'User ZYXWVU9880 cases']);
  });

  it('really filters: choosing another range asks for it and shows its figures, kept in the address', async () => {
    // Prepare
    api.fallback(({ query }) => statsFor(String(query.range)));
    renderAt('/back-office/dashboard');
    await screen.findByRole('heading', { name: 'Total Cases', level: 2 });

    for (const [label, range, total] of [
      ['Last 7 days', '7d', '3'],
      ['Last 90 days', '90d', '40'],
      ['Last year', '1y', '150'],
    ] as const) {
      // Act
      fireEvent.change(screen.getByLabelText('Time range'), { target: { value: range } });

      // Assess
      await waitFor(() => expect(card('Total Cases')).toBe(`Total Cases${total}`));
      expect(statsCalls().at(-1)?.query).toEqual({ range });
      expect(location).toBe(`/back-office/dashboard?range=${range}`);
      expect(screen.getByText(`Cases created in the ${label.toLowerCase()}, by their current status.`)).toBeTruthy();
    }
  });

  it('reads the counts again on every visit, even within the app-wide 30 s freshness', async () => {
    // Prepare
    api.fallback(({ query }) => statsFor(String(query.range)));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } });
    const first = renderAt('/back-office/dashboard', client);
    await screen.findByRole('heading', { name: 'Total Cases', level: 2 });
    first.unmount();

    // Act
    renderAt('/back-office/dashboard', client);

    // Assess
    await waitFor(() => expect(statsCalls()).toHaveLength(2));
  });

  it('says "No analytics data available" when the range holds no case', async () => {
    // Prepare
    api.fallback(({ query }) => ({
      ...statsFor('7d'),
      range: query.range,
      total_cases: 0,
      total_revenue: 0,
      pending_cases: 0,
      incomplete_cases: 0,
      by_status: byStatus(),
    }));

    // Act
    renderAt('/back-office/dashboard?range=7d');

    // Assess
    expect(await screen.findByText(ANALYTICS_MESSAGES.noData)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(statsCalls()[0]?.query).toEqual({ range: '7d' });
  });

  it('shows the connection error text on a network failure, and Retry loads the figures', async () => {
    // Prepare
    let fail = true;
    api.fallback(({ query }) => (fail ? networkError() : statsFor(String(query.range))));
    renderAt('/back-office/dashboard');

    // Act
    const alert = await screen.findByRole('alert');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));

    // Assess
    expect(alert.textContent).toContain('Failed to load dashboard data. Please check your connection and try again.');
    await screen.findByRole('heading', { name: 'Total Cases', level: 2 });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows "Failed to load analytics: {message}" for another failure and for an answer of another shape', async () => {
    // Prepare
    const answers = [reply(403, { message: 'Insufficient permissions' }), Response.json({ cases: [] })];
    api.on('GET /case/stats', () => answers.shift() ?? reply(500));

    // Act
    renderAt('/back-office/dashboard');

    // Assess: the client words a 403 of the case routes as the spec's "Other 403" for cases
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Failed to load analytics: No cases found or insufficient permissions',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain('Failed to load analytics: Invalid response format'),
    );
  });
});

describe('the analytics charts', () => {
  it('shows pay amounts by month, the payer mix and days in status from GET /case/analytics, with their figures', async () => {
    // Prepare
    api.on('GET /case/analytics', {
      success: true,
      pay_by_month: Array.from({ length: 12 }, (_, i) => ({
        month: `2026-${String(i + 1).padStart(2, '0')}`,
        cases: i,
        amount: i === 10 ? 4200.5 : 0,
      })),
      payer_mix: [
        { payer: 'Aetna', cases: 7, amount: 1000 },
        { payer: 'Other payers', cases: 2, amount: 0 },
      ],
      aging: [
        { status: 0, buckets: [1, 2, 0, 0, 0] },
        { status: 30, buckets: [0, 0, 0, 0, 5] },
      ],
    });
    api.fallback(({ query }) => statsFor(String(query.range)));

    // Act
    renderAt('/back-office/dashboard');

    // Assess
    await screen.findByRole('heading', { name: 'Pay amounts by month', level: 2 });
    const months = within(screen.getByRole('table', { name: 'Pay amounts by month' })).getAllByRole('row');
    expect(months[11]!.textContent).toBe('November 202610$4,200.50');
    const payers = within(screen.getByRole('table', { name: 'Payer mix' }))
      .getAllByRole('row')
      .slice(1);
    expect(payers.map((r) => r.textContent)).toEqual(['Aetna7$1,000.00', 'Other payers2$0.00']);
    const aging = within(screen.getByRole('table', { name: 'Days in status' })).getAllByRole('row');
    expect(aging[0]!.textContent).toBe('Status0-7 days8-30 days31-60 days61-90 daysOver 90 days');
    expect(aging[2]!.textContent).toBe('Sent to Biller00005');
  });

  it('says when the charts cannot be loaded, and Retry asks again', async () => {
    // Prepare
    const answers = [reply(500, { message: 'boom' })];
    api.on(
      'GET /case/analytics',
      () => answers.shift() ?? { success: true, pay_by_month: [], payer_mix: [], aging: [] },
    );
    api.fallback(({ query }) => statsFor(String(query.range)));
    renderAt('/back-office/dashboard');
    const alert = await screen.findByRole('alert');

    // Act
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));

    // Assess
    expect(alert.textContent).toContain('Charts unavailable');
    await screen.findByRole('heading', { name: 'Payer mix', level: 2 });
    expect(api.requests('GET /case/analytics')).toHaveLength(2);
  });
});

describe('the provider pipeline on /dashboard', () => {
  function serve() {
    api.fallback(({ path: p }) => {
      if (p === '/case/stats')
        return {
          ...statsFor('all'),
          total_cases: 6,
          total_revenue: 2500.5,
          by_status: byStatus({ '0': 2, '10': 3, '20': 1 }),
          amount_by_status: byStatus({ '20': 2500.5 }),
          top_users: [],
        };
      if (p === '/case' || p === '/case/filter') return { success: true, cases: [], count: 0 };
      return reply(500, { message: `unexpected ${p}` });
    });
  }

  it("reads the caller's own all-time counts and shows each status with its count and the pay amounts' sum", async () => {
    // Prepare
    serve();

    // Act
    renderAt('/dashboard');

    // Assess
    const nav = await screen.findByRole('navigation', { name: 'Your pipeline' });
    expect(statsCalls()[0]?.query).toEqual({ range: 'all', user_id: 'u1' });
    expect(nav.textContent).toContain('$2,500.50');
    const links = within(nav).getAllByRole('link');
    expect(links).toHaveLength(11);
    expect(links.slice(0, 4).map((a) => a.textContent)).toEqual([
      'All6cases',
      'Incomplete2cases',
      'Submitted3cases',
      'Paid1case$2,500.50',
    ]);
    // Dollars per stage: drawn for the statuses that hold pay amounts.
    expect(within(nav).getByRole('heading', { name: 'Pay amounts by status', level: 3 })).toBeTruthy();
  });

  it("sets the list's status filter when a status is chosen, and All clears it", async () => {
    // Prepare
    serve();
    renderAt('/dashboard');
    const nav = await screen.findByRole('navigation', { name: 'Your pipeline' });

    // Act
    fireEvent.click(within(nav).getByRole('link', { name: /^Submitted/ }));

    // Assess
    await waitFor(() => expect(location).toBe('/dashboard?status=submitted'));
    expect((screen.getByLabelText('Status filter') as HTMLSelectElement).value).toBe('submitted');
    await waitFor(() => expect(api.requests('GET /case/filter').some((r) => r.query.filter === '10')).toBe(true));
    expect(
      within(nav)
        .getByRole('link', { name: /^Submitted/ })
        .getAttribute('aria-current'),
    ).toBe('true');

    // Act
    fireEvent.click(within(nav).getByRole('link', { name: /^All/ }));

    // Assess
    await waitFor(() => expect(location).toBe('/dashboard'));
    expect((screen.getByLabelText('Status filter') as HTMLSelectElement).value).toBe('');
  });
});

describe("the back-office home's System Status", () => {
  const homeStats = { ...statsFor('all') };

  it('shows API Operational and Database Connected from GET /health, sent without a token, with the time checked', async () => {
    // Prepare
    api.fallback(({ path: p }) => {
      if (p === '/case/stats') return homeStats;
      if (p === '/health')
        return { status: 'ok', api: 'ok', database: 'ok', checked_at: '2026-11-23T18:05:09.000Z', latency_ms: 7 };
      return { success: true, user: { user_id: 'u1', user_type: 10 } };
    });

    // Act
    renderAt('/back-office');

    // Assess
    const list = await screen.findByRole('list', { name: 'System Status' });
    await waitFor(() => expect(list.textContent).toBe('API OperationalDatabase Connected'));
    expect(screen.getByText(/^Checked at .* \(7 ms\)$/)).toBeTruthy();
    const [call] = api.requests('GET /health');
    expect(call?.headers.has('authorization')).toBe(false);
  });

  it('shows Database Unavailable from a 503 health answer, and Check again measures anew', async () => {
    // Prepare
    let database = 'error';
    api.fallback(({ path: p }) => {
      if (p === '/case/stats') return homeStats;
      if (p === '/health') {
        const body = {
          status: database,
          api: 'ok',
          database,
          checked_at: '2026-11-23T18:05:09.000Z',
          latency_ms: 3000,
        };
        if (database === 'error') return reply(503, body);
        return body;
      }
      return { success: true, user: { user_id: 'u1', user_type: 10 } };
    });
    renderAt('/back-office');
    const list = await screen.findByRole('list', { name: 'System Status' });
    await waitFor(() => expect(list.textContent).toBe('API OperationalDatabase Unavailable'));

    // Act
    database = 'ok';
    fireEvent.click(screen.getByRole('button', { name: 'Check again' }));

    // Assess
    await waitFor(() => expect(list.textContent).toBe('API OperationalDatabase Connected'));
  });

  it('shows API Unavailable when the API does not answer at all', async () => {
    // Prepare
    api.fallback(({ path: p }) => {
      if (p === '/case/stats') return homeStats;
      if (p === '/health') return networkError();
      return { success: true, user: { user_id: 'u1', user_type: 10 } };
    });

    // Act
    renderAt('/back-office');

    // Assess
    const list = await screen.findByRole('list', { name: 'System Status' });
    await waitFor(() => expect(list.textContent).toBe('API UnavailableDatabase Unavailable'));
    expect(screen.getByText('The API did not answer.')).toBeTruthy();
  });
});
