/**
 * @jest-environment jsdom
 */
/**
 * Add Surgeon screen (web/src/surgeons/SurgeonFormPage.tsx) with a fake API client: the search ->
 * select -> save flow of spec provider-side, and the way back to the case form with what was typed
 * (spec provider-side). No network, no Amplify session.
 */
jest.mock('../../../web/src/lib/api', () => jest.requireActual('./support/fake-api'));
jest.mock('../../../web/src/auth/AuthProvider', () => ({
  useAuth: () => ({
    status: 'signedIn',
    user: { sub: 'u1', email: 'newuser@example.com' },
    signOut: jest.fn(async () => undefined),
    refresh: jest.fn(),
  }),
}));

import './support/dom-env';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import CaseFormPage from '../../../web/src/cases/CaseFormPage';
import SurgeonFormPage from '../../../web/src/surgeons/SurgeonFormPage';
import { ApiError, apiFetch } from './support/fake-api';

type Call = [string, { method?: string; query?: Record<string, unknown>; body?: Record<string, unknown> } | undefined];

const FOUND = {
  npi: 1234567893,
  first_name: 'JOHN',
  last_name: 'SMITH',
  address: '1 MAIN ST',
  city: 'AUSTIN',
  state: 'TX',
  zip: '78701',
};

/** The fake server: searches find John Smith; POST /surgeon stores him as s-new. */
function fakeServer(options: { postError?: Error } = {}) {
  const stored: Record<string, unknown>[] = [];
  apiFetch.mockImplementation(async (path: string, req: Call[1] = {}) => {
    const method = req?.method ?? 'GET';
    if (path === '/surgeon/search') return { surgeons: [FOUND] };
    if (path === '/surgeon' && method === 'POST') {
      if (options.postError) throw options.postError;
      const item = { ...req?.body, surgeon_id: 's-new', id: 's-new' };
      stored.push(item);
      return { success: true, message: 'Surgeon added successfully!', surgeon: item };
    }
    if (path === '/surgeon') return { success: true, surgeons: stored };
    if (path === '/facility') return { success: true, facilities: [] };
    if (path === '/cpt_codes') return { cpt_codes: [] };
    throw new ApiError('Resource not found', 404);
  });
}

/** Where the app is (the router's current path), updated on every navigation. */
const where = { pathname: '' };
function TrackLocation() {
  where.pathname = useLocation().pathname;
  return null;
}

function renderAt(path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <TrackLocation />
        <Routes>
          <Route path="/surgeon/new" element={<SurgeonFormPage />} />
          <Route path="/surgeon/:surgeonId/edit" element={<SurgeonFormPage />} />
          <Route path="/surgeon-management" element={<h1>Surgeon list</h1>} />
          <Route path="/case/new" element={<CaseFormPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return {
    get pathname() {
      return where.pathname;
    },
  };
}

/** Types in 'Search surgeons', waits for the results, picks John Smith. */
async function searchAndPick(text: string) {
  fireEvent.change(screen.getByLabelText(/Search surgeons/), { target: { value: text } });
  const listbox = await screen.findByRole('listbox', { name: 'Surgeon search results' }, { timeout: 2000 });
  fireEvent.click(within(listbox).getByRole('option', { name: /John Smith/ }));
}

beforeEach(() => apiFetch.mockReset());

describe('Add Surgeon screen', () => {
  it('searches the registry by the split name, shows the selected surgeon, saves it and goes back to the list', async () => {
    // Prepare
    fakeServer();
    const router = renderAt('/surgeon/new');
    // Act
    await searchAndPick('John Smith');
    const summary = await screen.findByRole('region', { name: 'Selected surgeon' });
    fireEvent.click(screen.getByRole('button', { name: 'Save Surgeon' }));
    // Assess
    expect(within(summary).getByText('1234567893')).toBeTruthy();
    expect(apiFetch.mock.calls.find((c: Call) => c[0] === '/surgeon/search')?.[1]?.query).toEqual({
      first_name: 'John',
      last_name: 'Smith',
    });
    expect(await screen.findByText('Surgeon added successfully!')).toBeTruthy();
    const post = apiFetch.mock.calls.find((c: Call) => c[0] === '/surgeon' && c[1]?.method === 'POST') as Call;
    expect(post[1]?.body).toEqual({
      user_id: 'u1',
      first_name: 'JOHN',
      last_name: 'SMITH',
      surgeon_npi: 1234567893,
      surgeon_addr: '1 MAIN ST',
      surgeon_city: 'AUSTIN',
      surgeon_state: 'TX',
      surgeon_zip: '78701',
      manual_entry: false,
    });
    await waitFor(() => expect(router.pathname).toBe('/surgeon-management'), { timeout: 3000 });
  });

  it('asks for a selection before saving and saves a manual entry with NPI 0 and the manual flag', async () => {
    // Prepare
    fakeServer();
    renderAt('/surgeon/new');
    // Act
    fireEvent.click(screen.getByRole('button', { name: 'Save Surgeon' }));
    const noSelection = await screen.findByText('Please search and select a surgeon, or create a manual entry');
    fireEvent.click(screen.getByRole('button', { name: 'Add Manual Entry' }));
    fireEvent.change(screen.getByLabelText('Manual entry first name'), { target: { value: 'Ada' } });
    fireEvent.click(screen.getByRole('button', { name: 'Use Manual Entry' }));
    const missingLast = await screen.findByText('Please enter both first and last name (e.g., "John Smith")');
    fireEvent.change(screen.getByLabelText('Manual entry last name'), { target: { value: 'Lovelace' } });
    fireEvent.click(screen.getByRole('button', { name: 'Use Manual Entry' }));
    await screen.findByRole('region', { name: 'Selected surgeon' });
    fireEvent.click(screen.getByRole('button', { name: 'Save Surgeon' }));
    // Assess
    expect(noSelection).toBeTruthy();
    expect(missingLast).toBeTruthy();
    await screen.findByText('Surgeon added successfully!');
    const post = apiFetch.mock.calls.find((c: Call) => c[0] === '/surgeon' && c[1]?.method === 'POST') as Call;
    expect(post[1]?.body).toMatchObject({
      first_name: 'Ada',
      last_name: 'Lovelace',
      surgeon_npi: 0,
      surgeon_addr: '',
      surgeon_city: '',
      surgeon_state: '',
      surgeon_zip: '',
      manual_entry: true,
    });
  });

  it('saves one surgeon when Save is clicked twice before the screen re-renders', async () => {
    // Prepare
    fakeServer();
    renderAt('/surgeon/new');
    await searchAndPick('John Smith');
    await screen.findByRole('region', { name: 'Selected surgeon' });
    const save = screen.getByRole('button', { name: 'Save Surgeon' });
    // Act: two clicks in one batch, as a quick double-click on a slow phone
    act(() => {
      save.click();
      save.click();
    });
    // Assess
    await screen.findByText('Surgeon added successfully!');
    const posts = apiFetch.mock.calls.filter((c: Call) => c[0] === '/surgeon' && c[1]?.method === 'POST');
    expect(posts).toHaveLength(1);
  });

  it('shows the 409 message of a surgeon already in the list and stays on the screen', async () => {
    // Prepare
    fakeServer({ postError: new ApiError('Surgeon already exists', 409) });
    const router = renderAt('/surgeon/new');
    // Act
    await searchAndPick('Smith');
    fireEvent.click(screen.getByRole('button', { name: 'Save Surgeon' }));
    // Assess
    expect(await screen.findByText('Surgeon already exists')).toBeTruthy();
    expect(router.pathname).toBe('/surgeon/new');
  });

  it('alerts in the name-fields mode when one name is missing', async () => {
    // Prepare
    fakeServer();
    renderAt('/surgeon/new');
    // Act
    fireEvent.click(screen.getByLabelText('First and last name'));
    const button = screen.getByRole('button', { name: 'Search' }) as HTMLButtonElement;
    const disabledAtFirst = button.disabled;
    fireEvent.change(screen.getByLabelText('Surgeon first name'), { target: { value: 'Jo' } });
    fireEvent.click(button);
    // Assess
    expect(disabledAtFirst).toBe(true);
    expect(await screen.findByText('Please enter both first name and last name')).toBeTruthy();
    expect(apiFetch.mock.calls.some((c: Call) => c[0] === '/surgeon/search')).toBe(false);
  });
});

describe('save errors and editing', () => {
  it('asks to try again 1 s after an error that mentions 502, and saves again when confirmed', async () => {
    // Prepare
    fakeServer();
    const fallback = apiFetch.getMockImplementation() as (path: string, req?: Call[1]) => Promise<unknown>;
    let posts = 0;
    apiFetch.mockImplementation(async (path: string, req?: Call[1]) => {
      if (path === '/surgeon' && req?.method === 'POST' && ++posts === 1)
        throw new Error('API request failed: 502 Bad Gateway');
      return fallback(path, req);
    });
    renderAt('/surgeon/new');
    await searchAndPick('John Smith');
    // Act
    fireEvent.click(screen.getByRole('button', { name: 'Save Surgeon' }));
    const dialog = await waitFor(
      () => {
        const d = screen.getByRole('dialog', { hidden: true }) as HTMLDialogElement;
        if (!d.open) throw new Error('the dialog is not open yet');
        return d;
      },
      { timeout: 2500 },
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Try Again', hidden: true }));
    // Assess
    expect(dialog.textContent).toContain('The server is experiencing issues. Would you like to try again?');
    expect(await screen.findByText('Surgeon added successfully!')).toBeTruthy();
    expect(posts).toBe(2);
  });

  it('starts the edit screen from the stored surgeon and saves it with PATCH and its id', async () => {
    // Prepare
    apiFetch.mockImplementation(async (path: string, req?: Call[1]) => {
      if (path === '/surgeon' && req?.method === 'PATCH') return { success: true, surgeon: { surgeon_id: 's1' } };
      return {
        success: true,
        surgeons: [{ surgeon_id: 's1', first_name: 'Ada', last_name: 'Lovelace', surgeon_npi: 0, manual_entry: true }],
      };
    });
    const router = renderAt('/surgeon/s1/edit');
    // Act
    const summary = await screen.findByRole('region', { name: 'Selected surgeon' });
    fireEvent.click(screen.getByRole('button', { name: 'Save Surgeon' }));
    // Assess
    expect(within(summary).getByText('Lovelace')).toBeTruthy();
    expect(await screen.findByText('Surgeon updated successfully!')).toBeTruthy();
    expect(apiFetch).toHaveBeenCalledWith('/surgeon', {
      method: 'PATCH',
      body: expect.objectContaining({
        id: 's1',
        first_name: 'Ada',
        last_name: 'Lovelace',
        surgeon_npi: 0,
        manual_entry: true,
      }),
    });
    await waitFor(() => expect(router.pathname).toBe('/surgeon-management'), { timeout: 3000 });
  });

  it('says "Surgeon not found" for an id that is not in the list', async () => {
    // Prepare
    apiFetch.mockResolvedValue({ success: true, surgeons: [] });
    // Act
    renderAt('/surgeon/nope/edit');
    // Assess
    expect(await screen.findByText('Surgeon not found')).toBeTruthy();
  });
});

describe('adding a surgeon from the case form', () => {
  it('returns to the case form with what was typed and the new surgeon selected', async () => {
    // Prepare
    fakeServer();
    const router = renderAt('/case/new');
    const link = await screen.findByRole('link', { name: 'Add a surgeon' });
    fireEvent.change(screen.getByLabelText(/Patient first name/), { target: { value: 'Test' } });
    fireEvent.change(screen.getByLabelText(/Patient last name/), { target: { value: 'Patient' } });
    // Act
    fireEvent.click(link);
    await searchAndPick('John Smith');
    fireEvent.click(screen.getByRole('button', { name: 'Save Surgeon' }));
    await waitFor(() => expect(router.pathname).toBe('/case/new'), { timeout: 3000 });
    // Assess
    expect(((await screen.findByLabelText(/Patient first name/)) as HTMLInputElement).value).toBe('Test');
    expect((screen.getByLabelText(/Patient last name/) as HTMLInputElement).value).toBe('Patient');
    await waitFor(() => expect((screen.getByLabelText(/Primary surgeon/) as HTMLSelectElement).value).toBe('s-new'));
    expect(window.sessionStorage.length + window.localStorage.length).toBe(0);
    await act(async () => undefined);
  });
});
