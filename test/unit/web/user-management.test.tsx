/**
 * @jest-environment ./test/unit/web/support/msw-environment.ts
 */
/**
 * User management screens (spec back-office-and-shell sections 2, 5, 8) against the fake API: the list (columns, phone display, total and "Showing X of Y", Load more, search,
 * the spec's error texts with Retry), the invite form, the detail page (sections, NPI Validate,
 * long dates, User Not Found, Error Loading User), the user type control and Delete with a confirm.
 */
jest.mock('../../../web/src/auth/AuthProvider', () => ({
  useAuth: () => ({
    status: 'signedIn',
    user: { sub: 'me', email: 'useradmin@example.com' },
    signOut: jest.fn(async () => undefined),
    refresh: jest.fn(),
  }),
}));

import './support/dom-env';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { longDateTime, userTypeText } from '../../../web/src/back-office/users/UserDetailPage';
import UserManagement from '../../../web/src/back-office/users/UserManagement';
import { networkError, reply, useFakeApi } from './support/fake-api-server';
import { captureDownloads } from './support/downloads';
import { parse } from 'csv-parse/sync';

type Req = { method: string; query: Record<string, string>; body?: Record<string, unknown> };

const api = useFakeApi();

let myType = 50;

const userOf = (n: number, extra: Record<string, unknown> = {}) => ({
  user_id: `user-${n}`,
  user_email: `user${n}@example.com`,
  first_name: `First${n}`,
  last_name: `Last${n}`,
  user_npi: `12345678${n}3`,
  state: 'ME',
  telephone: n === 1 ? '2075550142' : n === 2 ? '555-01' : '',
  user_type: 0,
  ...extra,
});

/** GET /user/invitations' answer unless a test's handler answers it (none pending by default). */
let invitationsAnswer: unknown = { success: true, invitations: [] };

/** The caller's own profile (GET /user?user_id=me), then whatever `serve` answers. */
function serve(handler: (path: string, req: Req) => unknown) {
  api.fallback(({ path, method, query, body }) => {
    if (path === '/user' && query.user_id === 'me' && method === 'GET') {
      return { success: true, user: { ...userOf(0), user_id: 'me', user_type: myType } };
    }
    if (path === '/user/invitations') return invitationsAnswer;
    return handler(path, { method, query, body: body as Record<string, unknown> | undefined });
  });
}

function renderAt(path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/back-office" element={<p>Back-office home</p>} />
          <Route path="/back-office/users/:userId?" element={<UserManagement />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const rows = () =>
  within(screen.getByRole('table', { name: 'Users' }))
    .getAllByRole('row')
    .slice(1);

beforeEach(() => {
  myType = 50;
  invitationsAnswer = { success: true, invitations: [] };
});

describe('the user list', () => {
  /** A row's cells as text: the name (the row's header) first, then the data cells. */
  const rowText = (row: HTMLElement) =>
    [within(row).getByRole('rowheader'), ...within(row).getAllByRole('cell')].map((c) => c.textContent);

  it('shows name, email, role, status, then NPI, state, phone and the id, the total and Showing X of Y, and Load more appends a page', async () => {
    // Prepare
    const complete = { addr1: '1 Main St', city: 'Portland', zipcode: '04101' };
    serve((path, req) => {
      if (path !== '/user/list') return reply(500, { message: `unexpected ${path}` });
      if (req.query.cursor === undefined)
        return {
          success: true,
          users: [userOf(1, { ...complete, user_type: 20 }), userOf(2, complete)],
          next_cursor: 'c2',
          total: 3,
        };
      return { success: true, users: [userOf(3, { first_name: '', last_name: '', user_type: '100' })], total: 3 };
    });
    renderAt('/back-office/users');
    await screen.findByText('Showing 2 of 3');
    // Assess the first page
    const headers = within(screen.getByRole('table', { name: 'Users' })).getAllByRole('columnheader');
    expect(headers.map((h) => h.textContent)).toEqual([
      'Name',
      'Email',
      'Role',
      'Status',
      'NPI Number',
      'State',
      'Phone Number',
      'User ID',
    ]);
    expect(rowText(rows()[0]!)).toEqual([
      'First1 Last1',
      'user1@example.com',
      'Case & User Admin',
      'Active',
      '1234567813',
      'ME',
      '(207) 555-0142',
      'user-1',
    ]);
    expect(rowText(rows()[1]!).slice(2, 4)).toEqual(['Provider', 'Active']);
    expect(within(rows()[1]!).getAllByRole('cell')[5]!.textContent).toBe('555-01');
    const link = within(rows()[0]!).getByRole('link', { name: 'First1 Last1' });
    expect(link.getAttribute('href')).toBe('/back-office/users/user-1');
    expect(screen.getByText('Total users: 3')).toBeTruthy();
    // Act
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    // Assess: no phone, no address (an incomplete profile), no name (the email names the row)
    await screen.findByText('Showing 3 of 3');
    expect(rowText(rows()[2]!)).toEqual([
      'user3@example.com',
      'user3@example.com',
      'Global Admin',
      'Profile incomplete',
      '1234567833',
      'ME',
      'N/A',
      'user-3',
    ]);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(api.requests('GET /user/list').map((r) => r.query)).toEqual([
      { limit: '50' },
      { limit: '50', cursor: 'c2' },
    ]);
  });

  it('keeps Load more focusable while a page loads, and moves focus to Showing X of Y when the last page removes it', async () => {
    // Prepare
    let answer: (a: unknown) => void = () => undefined;
    serve((path, req) => {
      if (path !== '/user/list') return reply(500, { message: `unexpected ${path}` });
      if (req.query.cursor === undefined)
        return { success: true, users: [userOf(1), userOf(2)], next_cursor: 'c2', total: 3 };
      return new Promise((resolve) => (answer = resolve));
    });
    renderAt('/back-office/users');
    await screen.findByText('Showing 2 of 3');
    const more = screen.getByRole('button', { name: 'Load more' }) as HTMLButtonElement;
    more.focus();
    // Act
    fireEvent.click(more);
    // Assess: a disabled button would lose the focus
    await waitFor(() => expect(more.textContent).toBe('Loading more…'));
    expect(more.disabled).toBe(false);
    expect(more.getAttribute('aria-disabled')).toBe('true');
    // Act
    answer({ success: true, users: [userOf(3)], total: 3 });
    // Assess
    const showing = await screen.findByText('Showing 3 of 3');
    expect(screen.queryByRole('button', { name: /Load more/ })).toBeNull();
    expect(document.activeElement).toBe(showing);
  });

  it('searches on the server after typing stops', async () => {
    // Prepare
    serve((path, req) =>
      req.query.search === 'ada'
        ? { success: true, users: [userOf(7, { first_name: 'Ada' })], total: 1 }
        : { success: true, users: [userOf(1), userOf(2)], total: 2 },
    );
    renderAt('/back-office/users');
    await screen.findByText('Showing 2 of 2');
    // Act
    fireEvent.change(screen.getByLabelText('Search users'), { target: { value: ' ada ' } });
    // Assess
    await screen.findByText('Showing 1 of 1');
    expect(within(rows()[0]!).getByRole('rowheader').textContent).toBe('Ada Last7');
  });

  describe('Export CSV', () => {
    const saved = captureDownloads();

    it('saves the users the search on screen finds, page after page, with the table columns', async () => {
      // Prepare
      serve((path, req) =>
        req.query.search !== 'last'
          ? { success: true, users: [userOf(1)], total: 1 }
          : req.query.cursor
            ? { success: true, users: [userOf(3)], total: 2 }
            : { success: true, users: [userOf(1, { user_type: 20 })], next_cursor: 'c2', total: 2 },
      );
      renderAt('/back-office/users');
      await screen.findByText('Showing 1 of 1');
      fireEvent.change(screen.getByLabelText('Search users'), { target: { value: 'last' } });
      await screen.findByText('Showing 1 of 2');

      // Act
      fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));

      // Assess
      await screen.findByText('Exported 2 users.');
      const [header, ...lines]: string[][] = parse(await saved[0]!.text, { bom: true });
      expect(header).toEqual(
        within(screen.getByRole('table', { name: 'Users' }))
          .getAllByRole('columnheader')
          .map((h) => h.textContent),
      );
      expect(lines).toEqual([
        [
          'First1 Last1',
          'user1@example.com',
          'Case & User Admin',
          'Profile incomplete',
          '1234567813',
          'ME',
          '2075550142',
          'user-1',
        ],
        ['First3 Last3', 'user3@example.com', 'Provider', 'Profile incomplete', '1234567833', 'ME', '', 'user-3'],
      ]);
      expect(
        api
          .requests()
          .filter((r) => r.path === '/user/list')
          .map((r) => r.query)
          .slice(-2),
      ).toEqual([
        { search: 'last', limit: '50' },
        { search: 'last', limit: '50', cursor: 'c2' },
      ]);
    });
  });

  it.each([
    [
      'no answer',
      () => networkError(),
      'Backend API is currently unavailable. User listing will work once the backend server is running.',
    ],
    [
      '504',
      () => reply(504),
      'Backend API is currently unavailable. User listing will work once the backend server is running.',
    ],
    ['401', () => reply(401, { message: 'Unauthorized' }), 'Authentication required. Please sign in again.'],
    [
      '403',
      () => reply(403, { message: 'x' }),
      'Access denied: Back office functionality requires elevated permissions.',
    ],
    ['500', () => reply(500), 'Error loading users: API request failed: 500 Internal Server Error'],
  ])('shows the spec text for %s with a Retry that reloads', async (_name, failure, text) => {
    // Prepare
    let fail = true;
    serve(() => {
      if (fail) return failure();
      return { success: true, users: [userOf(1)], total: 1 };
    });
    renderAt('/back-office/users');
    // Assess
    expect((await screen.findByRole('alert')).textContent).toContain(text);
    // Act
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    // Assess
    await screen.findByText('Showing 1 of 1');
  });

  it("shows 'Invalid response format from user list API' for an answer that is not a list", async () => {
    // Prepare
    serve(() => ({ success: true, users: 'nope' }));
    // Act
    renderAt('/back-office/users');
    // Assess
    expect((await screen.findByRole('alert')).textContent).toContain('Invalid response format from user list API');
  });

  it('keeps Send invitation focusable while the invitation is sent, and sends it once', async () => {
    // Prepare
    let answer: (a: unknown) => void = () => undefined;
    serve((path) => {
      if (path === '/user/invite') return new Promise((resolve) => (answer = resolve));
      return { success: true, users: [], total: 0 };
    });
    renderAt('/back-office/users');
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'new@example.com' } });
    const send = screen.getByRole('button', { name: 'Send invitation' }) as HTMLButtonElement;
    send.focus();
    // Act
    fireEvent.click(send);
    await waitFor(() => expect(api.requests('POST /user/invite')).toHaveLength(1));
    fireEvent.click(send);
    // Assess: a disabled button would lose the focus
    expect(send.textContent).toBe('Sending...');
    expect(send.disabled).toBe(false);
    expect(send.getAttribute('aria-disabled')).toBe('true');
    // Act
    answer({
      success: true,
      message: 'Invitation sent to new@example.com',
      user: { user_id: 'new', email: 'new@example.com', status: 'FORCE_CHANGE_PASSWORD' },
    });
    // Assess
    await screen.findByText(/Invitation sent to new@example.com/);
    expect(api.requests('POST /user/invite')).toHaveLength(1);
    expect(document.activeElement).toBe(send);
  });

  it('sends an invitation and shows the server refusal in its words, refusing a bad email itself', async () => {
    // Prepare
    serve((path, req) => {
      if (path === '/user/list') return { success: true, users: [], total: 0 };
      if (req.body?.email === 'taken@example.com')
        return reply(409, { message: 'An account with this email already exists' });
      return {
        success: true,
        message: `Invitation sent to ${String(req.body?.email)}`,
        user: { user_id: 'new', email: req.body?.email, status: 'FORCE_CHANGE_PASSWORD' },
      };
    });
    renderAt('/back-office/users');
    await screen.findByText('No users found');
    const email = screen.getByLabelText('Email');
    // Act: a bad email
    fireEvent.change(email, { target: { value: 'nope' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    // Assess
    await screen.findByText('Invalid email address');
    expect(api.requests('POST /user/invite')).toEqual([]);
    // Act: a good one, then a taken one
    fireEvent.change(email, { target: { value: 'new@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    await screen.findByText(/Invitation sent to new@example.com/);
    fireEvent.change(email, { target: { value: 'taken@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    // Assess
    expect((await screen.findByRole('alert')).textContent).toBe('An account with this email already exists');
    expect(api.requests('POST /user/invite').map((r) => r.body)).toEqual([
      { email: 'new@example.com' },
      { email: 'taken@example.com' },
    ]);
  });

  it('lists the pending invitations with their dates, marks an expired one, and sends one again from its row', async () => {
    // Prepare
    const day = 86_400_000;
    const iso = (t: number) => new Date(t).toISOString();
    invitationsAnswer = {
      success: true,
      invitations: [
        {
          user_id: 'p1',
          email: 'fresh@example.com',
          invited_at: iso(Date.now() - day),
          expires_at: iso(Date.now() + 6 * day),
        },
        {
          user_id: 'p2',
          email: 'stale@example.com',
          invited_at: iso(Date.now() - 9 * day),
          expires_at: iso(Date.now() - 2 * day),
        },
      ],
    };
    serve((path, req) => {
      if (path === '/user/list') return { success: true, users: [], total: 0 };
      return {
        success: true,
        message: `Invitation sent again to ${String(req.body?.email)}`,
        user: { user_id: 'p2', email: req.body?.email, status: 'FORCE_CHANGE_PASSWORD' },
      };
    });
    renderAt('/back-office/users');
    const section = await screen.findByRole('region', { name: 'Pending invitations' });
    await within(section).findByText('stale@example.com');

    // Act
    fireEvent.click(within(section).getByRole('button', { name: 'Send again to stale@example.com' }));

    // Assess
    await within(section).findByText('Invitation sent again to stale@example.com');
    const items = within(section)
      .getAllByRole('listitem')
      .map((li) => li.textContent ?? '');
    expect(items[0]).toMatch(/fresh@example\.com.*Expires/);
    expect(items[1]).toMatch(/stale@example\.com.*Expired/);
    expect(api.requests('POST /user/invite').map((r) => r.body)).toEqual([{ email: 'stale@example.com' }]);
    await waitFor(() => expect(api.requests('GET /user/invitations').length).toBeGreaterThanOrEqual(2));
  });

  it('offers Load more after a first page that came back empty with a next cursor, and shows what it loads', async () => {
    // Prepare: the server left out every account of the first page (disabled), and has more
    api.fallback(({ path, query }) => {
      if (path === '/user' && query.user_id === 'me') {
        return { success: true, user: { ...userOf(0), user_id: 'me', user_type: myType } };
      }
      if (path === '/user/invitations') {
        return query.cursor === 'c2'
          ? {
              success: true,
              invitations: [
                {
                  user_id: 'p9',
                  email: 'later@example.com',
                  invited_at: '2026-11-24T10:00:00.000Z',
                  expires_at: '2099-12-01T10:00:00.000Z',
                },
              ],
            }
          : { success: true, invitations: [], next_cursor: 'c2' };
      }
      return { success: true, users: [], total: 0 };
    });
    renderAt('/back-office/users');
    const section = await screen.findByRole('region', { name: 'Pending invitations' });

    // Act
    fireEvent.click(await within(section).findByRole('button', { name: 'Load more' }));

    // Assess
    await within(section).findByText('later@example.com');
    expect(within(section).queryByText('No pending invitations.')).toBeNull();
  });

  it("says 'No pending invitations.' when there are none", async () => {
    // Prepare
    serve(() => ({ success: true, users: [], total: 0 }));
    // Act
    renderAt('/back-office/users');
    // Assess
    const section = await screen.findByRole('region', { name: 'Pending invitations' });
    await within(section).findByText('No pending invitations.');
  });

  it("marks a profile whose NPI the registry holds under another person's name with 'NPI to review'", async () => {
    // Prepare
    const complete = { addr1: '1 Main St', city: 'Portland', zipcode: '04101' };
    const review = { reason: 'name_mismatch', registry_name: 'John Smith', at: '2026-11-26T12:00:00.000Z' };
    serve((path) =>
      path === '/user/list'
        ? { success: true, users: [userOf(1, { ...complete, npi_review: review }), userOf(2, complete)], total: 2 }
        : reply(500, { message: `unexpected ${path}` }),
    );
    // Act
    renderAt('/back-office/users');
    await screen.findByText('Showing 2 of 2');
    // Assess
    const badge = within(rows()[0]!).getByTestId('npi-review-badge');
    expect(badge.textContent).toBe('NPI to review');
    expect(badge.getAttribute('title')).toBe('NPI registered to John Smith');
    expect(within(rows()[1]!).queryByTestId('npi-review-badge')).toBeNull();
  });

  it('sends a back-office user below 20 to /back-office', async () => {
    // Prepare
    myType = 10;
    serve(() => ({ success: true, users: [], total: 0 }));
    // Act
    renderAt('/back-office/users');
    // Assess
    await screen.findByText('Back-office home');
    expect(api.requests('GET /user/list')).toEqual([]);
  });
});

describe('the user detail', () => {
  const detail = userOf(1, {
    addr1: '12 Harbor ST',
    addr2: '',
    city: 'Portland',
    zipcode: '04101',
    states_licensed: ['ME', 'NH'],
    message_pref: 3,
    referred_by_user: 'Dr. Quill',
    createdAt: '2026-03-04T14:05:00.000Z',
    updatedAt: '2026-03-05T09:30:00.000Z',
    user_type: 10,
  });

  it('shows the read-only sections with long US dates and validates the NPI with the spec messages', async () => {
    // Prepare
    let npiAnswer: unknown = { valid: true, first_name: 'ADA', last_name: 'QUILL' };
    serve((path) => {
      if (path === '/user') return { success: true, user: detail };
      if (path === '/check_npi') return npiAnswer;
      return reply(500, { message: `unexpected ${path}` });
    });
    renderAt('/back-office/users/user-1');
    await screen.findByRole('heading', { name: 'First1 Last1' });
    // Assess the sections
    for (const title of ['Basic Information', 'Professional Information', 'Address Information', 'Account Information'])
      expect(screen.getByRole('heading', { name: title })).toBeTruthy();
    expect(screen.getByText(longDateTime('2026-03-04T14:05:00.000Z'))).toBeTruthy();
    expect(longDateTime('2026-03-04T14:05:00.000Z')).toMatch(/^March [45], 2026 at \d{1,2}:\d{2}\s?[AP]M$/);
    expect(screen.getByText('Both Email and SMS')).toBeTruthy();
    expect(screen.getByText('ME, NH')).toBeTruthy();
    // Act
    fireEvent.click(screen.getByRole('button', { name: 'Validate' }));
    // Assess
    await screen.findByText('NPI validated successfully for Ada Quill');
    npiAnswer = { valid: true };
    fireEvent.click(screen.getByRole('button', { name: 'Validate' }));
    await screen.findByText('No name information returned');
    npiAnswer = { valid: false, error: 'NPI not found' };
    fireEvent.click(screen.getByRole('button', { name: 'Validate' }));
    await screen.findByText('NPI not found');
  });

  it('keeps Validate focusable while the NPI is checked, and checks once however often it is pressed', async () => {
    // Prepare
    let answer: (a: unknown) => void = () => undefined;
    serve((path) => {
      if (path === '/user') return { success: true, user: detail };
      if (path === '/check_npi') return new Promise((resolve) => (answer = resolve));
      return reply(500, { message: `unexpected ${path}` });
    });
    renderAt('/back-office/users/user-1');
    const validate = (await screen.findByRole('button', { name: 'Validate' })) as HTMLButtonElement;
    validate.focus();
    // Act
    fireEvent.click(validate);
    await waitFor(() => expect(api.requests('GET /check_npi')).toHaveLength(1));
    fireEvent.click(validate);
    // Assess: a disabled button would lose the focus
    expect(validate.textContent).toBe('Validating...');
    expect(validate.disabled).toBe(false);
    expect(validate.getAttribute('aria-disabled')).toBe('true');
    // Act
    answer({ valid: true, first_name: 'ADA', last_name: 'QUILL' });
    // Assess
    await screen.findByText('NPI validated successfully for Ada Quill');
    expect(api.requests('GET /check_npi')).toHaveLength(1);
    expect(document.activeElement).toBe(validate);
  });

  it("keeps the page's Retry focusable while the user is read again", async () => {
    // Prepare
    let reads = 0;
    let answer: (a: unknown) => void = () => undefined;
    serve((path) => {
      if (path !== '/user') return reply(500, { message: `unexpected ${path}` });
      reads += 1;
      return reads === 1 ? { success: true, user: detail } : new Promise((resolve) => (answer = resolve));
    });
    renderAt('/back-office/users/user-1');
    await screen.findByRole('heading', { name: 'First1 Last1' });
    const retry = screen.getByRole('button', { name: 'Retry' }) as HTMLButtonElement;
    retry.focus();
    // Act
    fireEvent.click(retry);
    await waitFor(() => expect(reads).toBe(2));
    // Assess: a disabled button would lose the focus
    await waitFor(() => expect(retry.getAttribute('aria-disabled')).toBe('true'));
    expect(retry.disabled).toBe(false);
    // Act
    answer({ success: true, user: detail });
    // Assess
    await waitFor(() => expect(retry.textContent).toBe('Retry'));
    expect(document.activeElement).toBe(retry);
  });

  it("shows 'User Not Found' with Back to User Management for a 404", async () => {
    // Prepare
    serve((path, req) => {
      if (req.query.user_id === 'gone') return reply(404, { message: 'User not found' });
      return reply(500);
    });
    // Act
    renderAt('/back-office/users/gone');
    // Assess
    await screen.findByRole('heading', { name: 'User Not Found' });
    expect(screen.getByRole('alert').textContent).toBe('User not found or invalid response format');
    expect(screen.getByRole('button', { name: 'Back to User Management' })).toBeTruthy();
  });

  it("shows 'Error Loading User' with the spec's text and a Retry", async () => {
    // Prepare
    serve(() => reply(500));
    // Act
    renderAt('/back-office/users/user-1');
    // Assess
    await screen.findByRole('heading', { name: 'Error Loading User' });
    expect(screen.getByRole('alert').textContent).toBe(
      'Failed to load user details: API request failed: 500 Internal Server Error',
    );
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it("offers only types below the caller's own, shows the change and asks, changes it with PATCH /user and undoes it", async () => {
    // Prepare
    serve((path, req) => {
      if (path === '/user' && req.method === 'PATCH') {
        const body = req.body as { user_type: number };
        return {
          success: true,
          message: 'User type updated successfully',
          user: { ...detail, user_type: body.user_type },
        };
      }
      if (path === '/user') return { success: true, user: detail };
      return { success: true, users: [], total: 0 };
    });
    renderAt('/back-office/users/user-1');
    const select = (await screen.findByLabelText('User type')) as HTMLSelectElement;
    // Assess the options
    expect([...select.options].map((o) => o.value)).toEqual(['0', '10', '20']);
    // Act
    fireEvent.change(select, { target: { value: '20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change user type' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change user type' });
    // Assess: what will change, nothing sent yet
    expect(within(dialog).getByText(/→/).textContent).toBe(
      `${detail.first_name} ${detail.last_name}: Case Admin (10) → Case & User Admin (20). You can undo it for 10 seconds.`,
    );
    expect(userTypeText.confirm('Ada Quill', 0, 10)).toBe(
      "Ada Quill: Provider (0) → Case Admin (10). They will see every practice's cases, patient details included. You can undo it for 10 seconds.",
    );
    expect(api.requests('PATCH /user')).toHaveLength(0);
    // Act
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change user type' }));
    await screen.findByText('User type updated successfully: Case & User Admin (20)');
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    // Assess
    await screen.findByText('Undone: the user type is Case Admin (10) again');
    expect(api.requests('PATCH /user').map((r) => r.body)).toEqual([
      { user_id: 'user-1', user_type: 20 },
      { user_id: 'user-1', user_type: 10 },
    ]);
  });

  it('gives focus back to Change user type when the question is cancelled, and to the select once the type changed', async () => {
    // Prepare
    serve((path, req) => {
      if (path === '/user' && req.method === 'PATCH') {
        return { success: true, user: { ...detail, user_type: (req.body as { user_type: number }).user_type } };
      }
      if (path === '/user') return { success: true, user: detail };
      return { success: true, users: [], total: 0 };
    });
    renderAt('/back-office/users/user-1');
    const select = (await screen.findByLabelText('User type')) as HTMLSelectElement;
    fireEvent.change(select, { target: { value: '20' } });
    const submit = screen.getByRole('button', { name: 'Change user type' });
    submit.focus();
    fireEvent.click(submit);
    // Act
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    // Assess
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(submit);
    // Act: asked again and confirmed; the type is now the one chosen, so the button is disabled
    fireEvent.click(submit);
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Change user type' }));
    // Assess
    await screen.findByText('User type updated successfully: Case & User Admin (20)');
    expect(document.activeElement).toBe(select);
  });

  it('deletes with DELETE /user only after the confirmation', async () => {
    // Prepare
    serve((path, req) => {
      if (path === '/user' && req.method === 'DELETE') return { success: true, message: 'User deleted successfully' };
      if (path === '/user' && req.query.user_id === 'boss')
        return { success: true, user: { ...detail, user_id: 'boss', user_type: 100 } };
      if (path === '/user') return { success: true, user: detail };
      return { success: true, users: [], total: 0 };
    });
    renderAt('/back-office/users/user-1');
    await screen.findByRole('button', { name: 'Delete user' });
    // Act: open and cancel, then confirm
    fireEvent.click(screen.getByRole('button', { name: 'Delete user' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    const deletesAfterCancel = api.requests('DELETE /user').length;
    fireEvent.click(screen.getByRole('button', { name: 'Delete user' }));
    await act(async () => {
      fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    });
    // Assess
    expect(deletesAfterCancel).toBe(0);
    await waitFor(() => expect(api.requests('DELETE /user').map((r) => r.query)).toEqual([{ user_id: 'user-1' }]));
  });

  it('shows no management controls for a user of a higher type', async () => {
    // Prepare
    serve(() => ({ success: true, user: { ...detail, user_type: 100 } }));
    // Act
    renderAt('/back-office/users/user-1');
    // Assess
    await screen.findByRole('heading', { name: 'Basic Information' });
    expect(screen.queryByLabelText('User type')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete user' })).toBeNull();
  });

  it('shows no management controls on one’s own page', async () => {
    // Prepare
    myType = 1000;
    serve(() => reply(500, { message: 'unexpected' }));
    // Act
    renderAt('/back-office/users/me');
    // Assess
    await screen.findByRole('heading', { name: 'Basic Information' });
    expect(screen.queryByLabelText('User type')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete user' })).toBeNull();
  });
});
