/**
 * @jest-environment jsdom
 */
/**
 * The navigation per role (back-office-and-shell section 2 "Navigation"): the
 * spec's entries for signed out, a provider and each back-office threshold (10, 20, 50, 100, 1000),
 * the logo's target, the phone menu (opens and closes, on Escape, an outside click and a route
 * change; shows the email, the role label with its number and Sign Out), the desktop header's order
 * (the account before the links when they take a row of their own), the back-office guard's
 * rules (section 4 "Route guards") and the home's Quick Actions per type.
 */
const signOut = jest.fn(async () => undefined);
let signedIn = true;
jest.mock('../../../web/src/auth/AuthProvider', () => ({
  useAuth: () => ({
    status: signedIn ? 'signedIn' : 'signedOut',
    user: signedIn ? { sub: 'u1', email: 'caseadmin@example.com' } : null,
    signOut,
    refresh: jest.fn(),
  }),
}));
let profileState: { isPending: boolean; isError: boolean; error: Error | null; data: unknown; userType: number };
jest.mock('../../../web/src/profile/useProfile', () => ({ useProfile: () => profileState }));

import { setViewport } from './support/dom-env';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Link, MemoryRouter, Route, RouterProvider, Routes, createMemoryRouter, useLocation } from 'react-router-dom';
import { AppLayout } from '../../../web/src/shell/AppLayout';
import { PublicHeader } from '../../../web/src/shell/PublicHeader';
import { Header, ONE_ROW_MAX_LINKS } from '../../../web/src/shell/Header';
import { HeaderProfileContext } from '../../../web/src/shell/headerProfile';
import { FOOTER_NAV, PUBLIC_NAV } from '../../../web/src/shell/navigation';
import { BACK_OFFICE_NAV, PROVIDER_NAV } from '../../../web/src/shell/signedInNavigation';
import { homePathFor, isPageAvailable, navEntriesFor, navItemsFor } from '../../../web/src/shell/navigationFor';
import { BackOfficeGuard } from '../../../web/src/shell/ProfileGate';
import { quickActionsFor } from '../../../web/src/shell/BackOfficeHomePage';

const entries = (signed: boolean, type: number) => navEntriesFor(signed, type).map((i) => `${i.label} ${i.to}`);

describe("the spec's navigation entries per role", () => {
  it('gives signed-out visitors About, FAQ and Contact', () => {
    expect(entries(false, 0)).toEqual(['About /about', 'FAQ /faq', 'Contact /contact']);
  });

  it('gives a provider (user_type 0 to 9) the case list, surgeons, facilities, the deadline calculator, profile, FAQ and Report Bug', () => {
    const provider = [
      'Case List /dashboard',
      'Surgeons /surgeon-management',
      'Facilities /facility-management',
      'Deadline Calculator /tools/deadlines',
      'Profile /update-profile',
      'FAQ/Tutorials /faq',
      'Report Bug /report-bug',
    ];
    expect(entries(true, 0)).toEqual(provider);
    expect(entries(true, 9)).toEqual(provider);
  });

  it('adds User Mgmt at 20, Reports at 50 and List Mgmt, Audit, Support and API at 100 to the back-office entries of 10', () => {
    const home = [
      'Home /back-office',
      'Dashboard /back-office/dashboard',
      'Case Mgmt /back-office/cases',
      'Deadlines /back-office/deadlines',
      'Awards /back-office/awards',
    ];
    const tail = [
      'Deadline Calculator /tools/deadlines',
      'FAQ/Tutorials /back-office/faq',
      'Report Bug /back-office/report-bug',
    ];
    const users = 'User Mgmt /back-office/users';
    const reports = 'Reports /back-office/reports';
    const lists = 'List Mgmt /back-office/list-management';
    const audit = 'Audit /back-office/audit';
    const support = 'Support /back-office/support';
    const api = 'API /back-office/api';
    expect(entries(true, 10)).toEqual([...home, ...tail]);
    expect(entries(true, 19)).toEqual([...home, ...tail]);
    expect(entries(true, 20)).toEqual([...home, users, ...tail]);
    expect(entries(true, 50)).toEqual([...home, users, reports, ...tail]);
    expect(entries(true, 100)).toEqual([...home, users, reports, lists, audit, support, api, ...tail]);
    expect(entries(true, 1000)).toEqual([...home, users, reports, lists, audit, support, api, ...tail]);
  });

  it('shows only the entries whose page is in this build', () => {
    for (const [signed, type] of [
      [false, 0],
      [true, 0],
      [true, 10],
      [true, 20],
      [true, 50],
      [true, 100],
      [true, 1000],
    ] as const) {
      expect(navItemsFor(signed, type)).toEqual(navEntriesFor(signed, type).filter((i) => i.available));
    }
    expect(navItemsFor(true, 10).map((i) => i.to)).toEqual(
      expect.arrayContaining(['/back-office', '/back-office/dashboard', '/back-office/report-bug']),
    );
  });

  it('points the logo to /back-office from user_type 10 and to /dashboard below', () => {
    expect([0, 9, 10, 20, 50, 100, 1000].map(homePathFor)).toEqual([
      '/dashboard',
      '/dashboard',
      '/back-office',
      '/back-office',
      '/back-office',
      '/back-office',
      '/back-office',
    ]);
  });

  it('keeps the footer to Home, About, FAQ and Contact', () => {
    expect(FOOTER_NAV.map((i) => `${i.label} ${i.to}`)).toEqual([
      'Home /',
      'About /about',
      'FAQ /faq',
      'Contact /contact',
    ]);
    expect([...PUBLIC_NAV, ...PROVIDER_NAV, ...BACK_OFFICE_NAV].every((i) => typeof i.available === 'boolean')).toBe(
      true,
    );
  });
});

let path = '';
function PathProbe() {
  path = useLocation().pathname;
  return null;
}

function renderHeader(userType: number, at = '/back-office') {
  return render(
    <MemoryRouter initialEntries={[at]}>
      <HeaderProfileContext.Provider value={{ isPending: false, userType, complete: true }}>
        <Header />
      </HeaderProfileContext.Provider>
      <PathProbe />
      <p>Outside the menu</p>
      <Routes>
        <Route path="*" element={<Link to="/elsewhere">Page link</Link>} />
      </Routes>
    </MemoryRouter>,
  );
}

const mainLinks = () =>
  within(screen.getByRole('navigation', { name: 'Main' }))
    .getAllByRole('link')
    .map((a) => a.getAttribute('href'));

beforeEach(() => {
  signedIn = true;
  signOut.mockClear();
});

describe('the header', () => {
  it.each([0, 10, 20, 50, 100, 1000])('shows user_type %i its links, the logo home and its role label', (type) => {
    // Prepare
    setViewport('desktop');

    // Act
    renderHeader(type);

    // Assess
    expect(mainLinks()).toEqual([homePathFor(type), ...navItemsFor(true, type).map((i) => i.to)]);
    expect(screen.getByText('caseadmin@example.com')).toBeTruthy();
    const label = {
      0: 'Provider (0)',
      10: 'Case Admin (10)',
      20: 'Case & User Admin (20)',
      50: 'Report Admin (50)',
      100: 'Global Admin (100)',
      1000: 'Super User (1000)',
    }[type]!;
    expect(screen.getByText(label)).toBeTruthy();
  });

  it.each([
    [0, 'the account, then the links on a row of their own'],
    [50, 'the account, then the links on a row of their own'],
    [100, 'the account, then the links on a row of their own'],
    [1000, 'the account, then the links on a row of their own'],
  ])('orders the header of user_type %i: logo, %s', (type, expected) => {
    // Prepare
    setViewport('desktop');
    renderHeader(type);
    const nav = screen.getByRole('navigation', { name: 'Main' });

    // Act
    const firstLink = within(nav).getByRole('link', { name: navItemsFor(true, type)[0]!.label });
    const email = within(nav).getByText('caseadmin@example.com');
    const accountFirst = !!(email.compareDocumentPosition(firstLink) & Node.DOCUMENT_POSITION_FOLLOWING);

    // Assess
    expect(navItemsFor(true, type).length > ONE_ROW_MAX_LINKS).toBe(accountFirst);
    expect(accountFirst ? 'the account, then the links on a row of their own' : 'links, then the account').toBe(
      expected,
    );
  });

  it('signs out from the Sign Out button and announces it in a live region that outlives the header', async () => {
    // Prepare
    setViewport('desktop');
    const { unmount } = renderHeader(10);

    // Act
    fireEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
    unmount();

    // Assess
    expect(signOut).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('You have been signed out.'));
    expect(screen.getByRole('status').getAttribute('aria-live')).toBe('polite');
  });

  it.each([0, 1000])('gives each link of user_type %i a decorative icon, its name still the label alone', (type) => {
    // Prepare
    setViewport('desktop');

    // Act
    renderHeader(type);

    // Assess: one hidden, unfocusable svg per link; the accessible names are the labels.
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const items = navItemsFor(true, type);
    for (const item of items) {
      const link = within(nav).getByRole('link', { name: item.label });
      const icons = link.querySelectorAll('svg');
      expect(icons).toHaveLength(1);
      expect(icons[0]!.getAttribute('aria-hidden')).toBe('true');
      expect(icons[0]!.getAttribute('focusable')).toBe('false');
      expect(link.textContent).toBe(item.label);
    }
  });
});

describe('the phone menu', () => {
  beforeEach(() => setViewport('phone'));

  it('is closed at first and opens with the links, the email, the role label with its number and Sign Out', () => {
    // Prepare
    renderHeader(50);
    const toggle = screen.getByRole('button', { name: 'Menu' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('button', { name: 'Sign Out' })).toBeNull();

    // Act
    fireEvent.click(toggle);

    // Assess
    const menu = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(
      within(menu)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(navItemsFor(true, 50).map((i) => i.to));
    expect(within(menu).getByText('caseadmin@example.com')).toBeTruthy();
    expect(within(menu).getByText('Report Admin (50)')).toBeTruthy();
    fireEvent.click(within(menu).getByRole('button', { name: 'Sign Out' }));
    expect(signOut).toHaveBeenCalledTimes(1);
  });

  it('closes on Escape and gives the focus back to the menu button', () => {
    // Prepare
    renderHeader(10);
    fireEvent.click(screen.getByRole('button', { name: 'Menu' }));

    // Act
    fireEvent.keyDown(document, { key: 'Escape' });

    // Assess
    const toggle = screen.getByRole('button', { name: 'Menu' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);
  });

  it('closes on a click outside it and stays open on a click inside it', () => {
    // Prepare
    renderHeader(10);
    fireEvent.click(screen.getByRole('button', { name: 'Menu' }));

    // Act
    fireEvent.mouseDown(screen.getByText('caseadmin@example.com'));
    const stillOpen = screen.queryByRole('button', { name: 'Close menu' }) !== null;
    fireEvent.mouseDown(screen.getByText('Outside the menu'));

    // Assess
    expect(stillOpen).toBe(true);
    expect(screen.getByRole('button', { name: 'Menu' }).getAttribute('aria-expanded')).toBe('false');
  });

  it('closes when the route changes, by its own links or any other', () => {
    // Prepare
    renderHeader(10, '/back-office');
    fireEvent.click(screen.getByRole('button', { name: 'Menu' }));

    // Act
    fireEvent.click(screen.getByRole('link', { name: 'Page link' }));

    // Assess
    expect(path).toBe('/elsewhere');
    expect(screen.getByRole('button', { name: 'Menu' }).getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(screen.getByRole('button', { name: 'Menu' }));
    fireEvent.click(screen.getByRole('link', { name: 'Dashboard' }));
    expect(path).toBe('/back-office/dashboard');
    expect(screen.queryByRole('button', { name: 'Close menu' })).toBeNull();
  });

  it('offers no menu to a signed-out visitor when no public page is in the build, else the public links', () => {
    // Prepare
    signedIn = false;

    // Act
    renderHeader(0, '/auth');

    // Assess
    const publicItems = navItemsFor(false, 0);
    if (publicItems.length === 0) expect(screen.queryByRole('button', { name: 'Menu' })).toBeNull();
    else {
      fireEvent.click(screen.getByRole('button', { name: 'Menu' }));
      expect(screen.queryByRole('button', { name: 'Sign Out' })).toBeNull();
    }
    expect(mainLinks()).toEqual(['/auth']);
  });
});

describe('the public header', () => {
  function renderSignedOut(at: string) {
    const router = createMemoryRouter(
      [
        {
          element: <AppLayout />,
          children: [
            { path: '/about', element: <h1>About</h1> },
            { path: '/auth', element: <h1>Sign in</h1> },
          ],
        },
      ],
      { initialEntries: [at] },
    );
    render(<RouterProvider router={router} />);
  }

  it('offers a signed-out visitor Sign In to /auth beside the public pages, marked as the current page there', () => {
    // Prepare
    signedIn = false;

    // Act
    renderSignedOut('/about');
    const onAbout = within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Sign In' });
    const linksOnAbout = mainLinks();
    cleanup();
    renderSignedOut('/auth');

    // Assess
    expect(linksOnAbout).toEqual(['/auth', '/about', '/faq', '/contact', '/auth']);
    expect(onAbout.getAttribute('aria-current')).toBeNull();
    const onAuth = within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Sign In' });
    expect(onAuth.getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeTruthy();
  });

  it('leaves Sign In out when it stands in for the signed-in header while that loads', () => {
    // Act
    render(
      <MemoryRouter initialEntries={['/dashboard']}>
        <PublicHeader />
      </MemoryRouter>,
    );

    // Assess
    expect(mainLinks()).toEqual(['/auth', '/about', '/faq', '/contact']);
    expect(screen.queryByRole('link', { name: 'Sign In' })).toBeNull();
  });
});

describe('the back-office guard', () => {
  function renderGuard() {
    render(
      <MemoryRouter initialEntries={['/back-office']}>
        <PathProbe />
        <Routes>
          <Route element={<BackOfficeGuard />}>
            <Route path="/back-office" element={<p>Back-office page</p>} />
          </Route>
          <Route path="/dashboard" element={<p>Case list</p>} />
        </Routes>
      </MemoryRouter>,
    );
  }
  const ok = (userType: number) => ({
    isPending: false,
    isError: false,
    error: null,
    data: { user_type: userType },
    userType,
  });

  it.each([10, 20, 50, 100, 1000])('lets user_type %i in', (type) => {
    profileState = ok(type);
    renderGuard();
    expect(screen.getByText('Back-office page')).toBeTruthy();
  });

  it.each([0, 5, 9])('sends user_type %i to /dashboard', (type) => {
    profileState = ok(type);
    renderGuard();
    expect(path).toBe('/dashboard');
    expect(signOut).not.toHaveBeenCalled();
  });

  it('sends a user whose profile cannot be read to /dashboard, keeping the session', () => {
    profileState = {
      isPending: false,
      isError: true,
      error: new Error('Error loading profile: 500'),
      data: undefined,
      userType: 0,
    };
    renderGuard();
    expect(path).toBe('/dashboard');
    expect(signOut).not.toHaveBeenCalled();
  });

  it.each([
    'Authentication failed. Please sign in again.',
    'No valid authentication tokens found. Please sign in again.',
  ])('clears the session and goes to /dashboard on the profile failure "%s"', async (message) => {
    profileState = { isPending: false, isError: true, error: new Error(message), data: undefined, userType: 0 };
    renderGuard();
    expect(path).toBe('/dashboard');
    await waitFor(() => expect(signOut).toHaveBeenCalledTimes(1));
  });
});

describe("the back-office home's Quick Actions", () => {
  it('offers Manage Users from user_type 20 only, in the spec order, leaving out pages not in this build', () => {
    // Act
    const labels = (t: number) => quickActionsFor(t).map((a) => a.label);

    // Assess
    const spec = [
      'View All Cases',
      'Manage Users',
      'Create New Case',
      'Add New Surgeon',
      'Add New Facility',
      'Update Profile',
    ];
    const paths = {
      'View All Cases': '/back-office/cases',
      'Manage Users': '/back-office/users',
    } as Record<string, string>;
    const built = (l: string) => !paths[l] || isPageAvailable(paths[l]!);
    expect(labels(10)).toEqual(spec.filter((l) => l !== 'Manage Users' && built(l)));
    expect(labels(20)).toEqual(spec.filter(built));
    expect(labels(1000)).toEqual(spec.filter(built));
    expect(labels(10)).toEqual(
      expect.arrayContaining(['Create New Case', 'Add New Surgeon', 'Add New Facility', 'Update Profile']),
    );
  });
});
