/**
 * @jest-environment ./test/unit/web/support/msw-environment.ts
 */
/**
 * The getting-started checklist of a new practice's empty case list (web/src/cases/OnboardingChecklist.tsx)
 * against the fake API: each step's link and state from the profile, GET /surgeon, GET /facility and
 * the case list; the spec's lone Create Your First Case stays for an empty status filter.
 */
jest.mock('../../../web/src/auth/AuthProvider', () => ({
  useAuth: () => ({
    status: 'signedIn',
    user: { sub: 'u1', email: 'new.practice@example.com' },
    signOut: jest.fn(async () => undefined),
    refresh: jest.fn(),
  }),
}));

import './support/dom-env';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import CaseListPage from '../../../web/src/cases/CaseListPage';
import { reply, useFakeApi } from './support/fake-api-server';

const api = useFakeApi();

const COMPLETE_PROFILE = {
  user_id: 'u1',
  user_email: 'new.practice@example.com',
  first_name: 'Nora',
  last_name: 'Quinn',
  addr1: '1 Main St',
  city: 'Austin',
  state: 'TX',
  zipcode: '78701',
  telephone: '5125550100',
  user_npi: '1234567893',
};

/** The practice's data: a profile, its surgeons, facilities and cases (GET /case/filter answers none). */
function practice(data: { profile?: object; surgeons?: object[] | Response; facilities?: object[]; cases?: object[] }) {
  api.on('GET /user', { success: true, user: data.profile ?? COMPLETE_PROFILE });
  api.on('GET /surgeon', () =>
    data.surgeons instanceof Response ? data.surgeons : { success: true, surgeons: data.surgeons ?? [] },
  );
  api.on('GET /facility', { success: true, facilities: data.facilities ?? [] });
  api.on('GET /case', { success: true, cases: data.cases ?? [] });
  api.on('GET /case/filter', { success: true, cases: [] });
  api.on('GET /case/stats', { success: true });
}

function renderAt(path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/dashboard" element={<CaseListPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** Each step of the checklist as `[link text, link target, state text]`, once no step is being checked. */
async function steps(): Promise<[string, string | null, string][]> {
  const list = await screen.findByRole('list', { name: 'Getting started' });
  await waitFor(() => expect(list.textContent).not.toContain('Checking'));
  return within(list)
    .getAllByRole('listitem')
    .map((item) => {
      const link = within(item).getByRole('link');
      const state = (item.textContent ?? '').replace(link.textContent ?? '', '').trim();
      return [link.textContent ?? '', link.getAttribute('href'), state];
    });
}

describe('the getting-started checklist of an empty case list', () => {
  it('shows a new practice its four steps, each with its link and state, instead of the lone button', async () => {
    // Prepare
    practice({});

    // Act
    renderAt('/dashboard');

    // Assess
    expect(await steps()).toEqual([
      ['1. Complete your profile', '/update-profile', 'Done'],
      ['2. Add a surgeon', '/surgeon/new', 'To do'],
      ['3. Add a facility', '/facility/new', 'To do'],
      ['4. Create your first case', '/case/new', 'To do'],
    ]);
    expect(screen.getByRole('heading', { level: 2, name: 'No cases found' })).toBeTruthy();
    expect(screen.getByText(/1 of 4 done/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create Your First Case' })).toBeNull();
    expect(api.requests('GET /surgeon')[0]?.query.user_id).toBe('u1');
    expect(api.requests('GET /facility')[0]?.query.user_id).toBe('u1');
  });

  it('marks the surgeon and facility steps done once the practice has them, and an incomplete profile to do', async () => {
    // Prepare
    practice({
      profile: { ...COMPLETE_PROFILE, telephone: '' },
      surgeons: [{ surgeon_id: 's1', first_name: 'Ann', last_name: 'Lee', surgeon_npi: 0 }],
      facilities: [{ facility_id: 'f1', facility_name: 'Mercy Surgery Center', facility_npi: 0 }],
    });

    // Act
    renderAt('/dashboard');

    // Assess
    expect((await steps()).map(([label, , state]) => [label, state])).toEqual([
      ['1. Complete your profile', 'To do'],
      ['2. Add a surgeon', 'Done'],
      ['3. Add a facility', 'Done'],
      ['4. Create your first case', 'To do'],
    ]);
    expect(screen.getByText(/2 of 4 done/)).toBeTruthy();
  });

  it('says a step could not be checked when its list fails to load, and keeps its link', async () => {
    // Prepare
    practice({ surgeons: reply(500, { message: 'boom' }) });

    // Act
    renderAt('/dashboard');

    // Assess
    const [, surgeon] = await steps();
    expect(surgeon).toEqual(['2. Add a surgeon', '/surgeon/new', 'Could not check']);
  });

  it('is not shown (and reads no surgeon or facility list) once the practice has a case', async () => {
    // Prepare
    practice({
      cases: [{ case_id: 'u1_1760000000000', user_id: 'u1', case_date: '2026-02-03', case_status: 0 }],
    });

    // Act
    renderAt('/dashboard');

    // Assess
    await screen.findByText('Showing 1 case');
    expect(screen.queryByRole('list', { name: 'Getting started' })).toBeNull();
    expect(api.requests('GET /surgeon')).toHaveLength(0);
    expect(api.requests('GET /facility')).toHaveLength(0);
  });

  it('keeps the Create Your First Case offer for a status filter without cases', async () => {
    // Prepare
    practice({});

    // Act
    renderAt('/dashboard?status=paid');

    // Assess
    expect(await screen.findByText('No cases with status Paid.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create Your First Case' })).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Getting started' })).toBeNull();
  });
});
