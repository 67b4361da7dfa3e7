/**
 * @jest-environment ./test/unit/web/support/msw-environment.ts
 */
/**
 * The public pages and the debug pages in the app's route table. /about, /faq
 * and /contact open for everyone, signed in or not. The debug pages (a departure from the spec,
 * which leaves them unguarded):
 * through the app's real route table (web/src/App.tsx), they show Page Not Found wherever the
 * runtime config's `debugPages` is off, signed in or not; where it is on they need sign-in. Also the
 * debug patch tool's tests (web/src/debug/patchTests.ts) through the real client against the fake
 * API. The auth state and the profile are stand-ins; the config is the fake API's, `debugPages` set
 * per test.
 */
const auth: { status: 'signedIn' | 'signedOut'; user: { sub: string; email: string } | null } = {
  status: 'signedOut',
  user: null,
};
jest.mock('../../../web/src/auth/AuthProvider', () => ({
  AuthProvider: ({ children }: { children: React.ReactNode }) => children,
  useAuth: () => ({ ...auth, signOut: jest.fn(async () => undefined), refresh: jest.fn() }),
}));
// RenderFailure reads import.meta (Vite), which jest's CommonJS cannot load.
jest.mock('../../../web/src/shell/RenderFailure', () => ({
  RenderFailure: () => 'Something went wrong',
  ErrorBoundary: ({ children }: { children: React.ReactNode }) => children,
}));
jest.mock('../../../web/src/auth/AuthPage', () => ({ __esModule: true, default: () => <h1>Sign In Page</h1> }));
jest.mock('../../../web/src/profile/useProfile', () => ({
  profileQuery: (sub: string) => ({ queryKey: ['profile', sub] }),
  useProfile: () => ({
    isPending: false,
    isError: false,
    data: {
      user_id: 'u1',
      first_name: 'Dana',
      last_name: 'Lee',
      user_npi: '1234567893',
      telephone: '5125550100',
      addr1: '1 Main St',
      city: 'Austin',
      state: 'TX',
      zipcode: '78701',
      user_type: 0,
    },
    userType: 0,
  }),
}));

import './support/dom-env';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter, type RouteObject } from 'react-router-dom';
import { patchRoutesOnNavigation, routes } from '../../../web/src/App';
import { BACK_OFFICE_ROUTE_ID, PROFILE_GATE_ROUTE_ID, PUBLIC_ROUTE_ID } from '../../../web/src/shell/routeIds';
import { CASE_ID_REQUIRED, runPatchTests, type ApiCall } from '../../../web/src/debug/patchTests';
import { apiFetch } from '../../../web/src/lib/api';
import { getConfig } from '../../../web/src/lib/config';
import { reply, useFakeApi } from './support/fake-api-server';

const api = useFakeApi();

/** Turns the loaded runtime config's debug pages on or off. */
function setDebugPages(on: boolean) {
  Object.assign(getConfig(), { debugPages: on });
}

const DEBUG_PATHS = ['/debug/forgot-password', '/debug-patch', '/test-search', '/debug/emails'];

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path], patchRoutesOnNavigation });
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => {
  setDebugPages(false);
  auth.status = 'signedOut';
  auth.user = null;
});

describe('debug pages, debugPages off (prod)', () => {
  it.each(DEBUG_PATHS)('shows Page Not Found at %s to a signed-out visitor', async (path) => {
    // Act
    const router = renderAt(path);

    // Assess
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(path);
    expect(document.title).toBe('Page Not Found | Suture');
  });

  it.each(DEBUG_PATHS)('shows Page Not Found at %s to a signed-in user', async (path) => {
    // Prepare
    auth.status = 'signedIn';
    auth.user = { sub: 'u1', email: 'dana@clinic.example' };

    // Act
    renderAt(path);

    // Assess
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeTruthy();
  });
});

describe('debug pages, debugPages on', () => {
  it.each(DEBUG_PATHS)('sends a signed-out visitor of %s to sign in', async (path) => {
    // Prepare
    setDebugPages(true);

    // Act
    const router = renderAt(path);

    // Assess
    expect(await screen.findByRole('heading', { name: 'Sign In Page' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auth');
    expect(screen.queryByRole('heading', { name: 'Page Not Found' })).toBeNull();
  });

  it.each([
    ['/debug/forgot-password', 'Forgot Password Test'],
    ['/debug-patch', 'Debug Patch Tool'],
    ['/test-search', 'Search Test'],
    ['/debug/emails', 'Email viewer'],
  ])('shows %s to a signed-in user', async (path, heading) => {
    // Prepare
    setDebugPages(true);
    auth.status = 'signedIn';
    auth.user = { sub: 'u1', email: 'dana@clinic.example' };

    // Act
    renderAt(path);

    // Assess
    expect(await screen.findByRole('heading', { name: heading, level: 1 })).toBeTruthy();
    expect(document.title).toBe(`${heading} | Suture`);
  });

  it('alerts "Please enter a case ID" when the patch tool is run without one', async () => {
    // Prepare
    setDebugPages(true);
    auth.status = 'signedIn';
    auth.user = { sub: 'u1', email: 'dana@clinic.example' };
    renderAt('/debug-patch');
    const run = await screen.findByRole('button', { name: 'Run Tests' });

    // Act
    await act(async () => {
      fireEvent.click(run);
    });

    // Assess
    expect(screen.getByRole('alert').textContent).toBe(CASE_ID_REQUIRED);
  });

  it('asks for an email before the forgot-password test sends anything', async () => {
    // Prepare
    setDebugPages(true);
    auth.status = 'signedIn';
    auth.user = { sub: 'u1', email: 'dana@clinic.example' };
    renderAt('/debug/forgot-password');
    const send = await screen.findByRole('button', { name: 'Send Reset Code' });

    // Act
    await act(async () => {
      fireEvent.click(send);
    });

    // Assess
    expect(screen.getByRole('alert').textContent).toBe('Please enter an email address');
    expect(screen.getByRole('log').textContent).toMatch(/Please enter an email address/);
  });
});

describe('public pages in the route table', () => {
  it.each([
    ['/about', 'About Suture'],
    ['/faq', 'Frequently Asked Questions'],
    ['/contact', 'Contact Us'],
  ])('opens %s to a signed-out visitor, with the public navigation', async (path, heading) => {
    // Act
    const router = renderAt(path);

    // Assess
    expect(await screen.findByRole('heading', { name: heading, level: 1 })).toBeTruthy();
    expect(router.state.location.pathname).toBe(path);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(
      ['About', 'FAQ', 'Contact'].map((name) => within(nav).getByRole('link', { name }).getAttribute('href')),
    ).toEqual(['/about', '/faq', '/contact']);
  });

  it('opens /faq to a signed-in user too', async () => {
    // Prepare
    auth.status = 'signedIn';
    auth.user = { sub: 'u1', email: 'dana@clinic.example' };

    // Act
    const router = renderAt('/faq');

    // Assess
    expect(await screen.findByRole('heading', { name: 'Frequently Asked Questions', level: 1 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/faq');
  });
});

describe('runPatchTests', () => {
  const stored = {
    case_id: 'u1_1700000000000',
    case_status: 10,
    version: 3,
    ins_provider: 'Aetna',
    patient_first: 'Secretname',
  };

  /** GET and PATCH /case as the spec says: 409 on a wrong version, 400 on a bad date, 404 on an unknown id. */
  function fakeApi(): ApiCall {
    api.on('GET /case', ({ query }) =>
      query.case_id === stored.case_id ? { case: stored } : reply(404, { message: 'Case not found' }),
    );
    api.on('PATCH /case', ({ body }) => {
      const b = (body ?? {}) as Record<string, unknown>;
      if (b.case_id !== stored.case_id) return reply(404, { message: 'Case not found' });
      if (b.version !== undefined && b.version !== stored.version)
        return reply(409, { message: 'The case was changed by someone else. Reload it and try again.' });
      if (b.case_date === 'not-a-date') return reply(400, { message: 'case_date must be a date (YYYY-MM-DD)' });
      return { success: true, case: { ...stored, ...b } };
    });
    return (path, req) => apiFetch<unknown>(path, req);
  }

  it('refuses an empty case id with the spec message', async () => {
    await expect(runPatchTests('  ', fakeApi(), () => undefined)).rejects.toThrow(CASE_ID_REQUIRED);
  });

  it('passes every test against an API that answers as the spec says, and never logs a field value', async () => {
    // Prepare
    const log: string[] = [];

    // Act
    const results = await runPatchTests(stored.case_id, fakeApi(), (l) => log.push(l));

    // Assess
    expect(results.map((r) => [r.name, r.status, r.passed])).toEqual([
      ['Read the case', 200, true],
      ['PATCH with only case_id', 200, true],
      ['PATCH writing back the stored ins_provider', 200, true],
      ['PATCH with a stale version', 409, true],
      ['PATCH with an invalid case_date', 400, true],
      ['PATCH of a case that does not exist', 404, true],
      ['Read the case again', 200, true],
    ]);
    expect(log.join('\n')).not.toMatch(/Aetna|Secretname/);
  });

  it('fails the stale-version test when the API accepts any version', async () => {
    // Prepare
    const call = fakeApi();
    const lax: ApiCall = async (path, req) => {
      const body = { ...((req?.body ?? {}) as Record<string, unknown>) };
      delete body.version;
      return call(path, { ...req, body });
    };

    // Act
    const results = await runPatchTests(stored.case_id, lax, () => undefined);

    // Assess
    const stale = results.find((r) => r.name === 'PATCH with a stale version');
    expect(stale).toMatchObject({ status: 200, passed: false });
  });

  it('stops after the first test when the case cannot be read', async () => {
    // Act
    const results = await runPatchTests('u1_missing', fakeApi(), () => undefined);

    // Assess
    expect(results).toEqual([expect.objectContaining({ name: 'Read the case', status: 404, passed: false })]);
  });
});

// Lazy route discovery of the back office (web/src/App.tsx patchRoutesOnNavigation): the back-office
// pages are patched under the BackOfficeGuard route on a navigation under /back-office, and nothing
// is loaded or patched for any other path.
type Args = Parameters<NonNullable<typeof patchRoutesOnNavigation>>[0];

async function navigate(path: string): Promise<{ routeId: string | null; routes: RouteObject[] }[]> {
  const patches: { routeId: string | null; routes: RouteObject[] }[] = [];
  const patch = (routeId: string | null, children: RouteObject[]) => patches.push({ routeId, routes: children });
  await patchRoutesOnNavigation!({ path, patch, matches: [], signal: new AbortController().signal } as unknown as Args);
  return patches;
}

describe('back-office lazy routes', () => {
  it('patches every back-office page under the back-office guard on a navigation to one of them', async () => {
    // Act
    const patches = await navigate('/back-office/faq');

    // Assess
    expect(patches).toHaveLength(1);
    expect(patches[0]!.routeId).toBe(BACK_OFFICE_ROUTE_ID);
    expect(patches[0]!.routes.map((r) => r.path)).toEqual(
      expect.arrayContaining(['/back-office', '/back-office/dashboard', '/back-office/faq', '/back-office/report-bug']),
    );
  });

  it('patches them for /back-office itself', async () => {
    expect(await navigate('/back-office')).toHaveLength(1);
  });

  it('patches the provider pages under the profile gate for a provider path or a path that only starts like the back office', async () => {
    // Act
    const dashboard = await navigate('/dashboard');
    const lookalike = await navigate('/back-officer');

    // Assess
    for (const patches of [dashboard, lookalike]) {
      expect(patches.map((p) => p.routeId)).toEqual([PROFILE_GATE_ROUTE_ID]);
      expect(patches[0]!.routes.map((r) => r.path)).toEqual(
        expect.arrayContaining(['/dashboard', '/case/:caseId', '/surgeon-management', '/facility/new']),
      );
      expect(patches[0]!.routes.some((r) => r.path?.startsWith('/back-office'))).toBe(false);
    }
  });

  it('patches the public and debug pages under the route group for their paths only', async () => {
    // Act
    const about = await navigate('/about/');
    const debug = await navigate('/debug-patch');

    // Assess
    expect(about.map((p) => p.routeId)).toEqual([PUBLIC_ROUTE_ID]);
    expect(debug.map((p) => p.routeId)).toEqual([PUBLIC_ROUTE_ID]);
    expect(JSON.stringify(about[0]!.routes.map((r) => r.path))).toContain('/contact');
  });
});
