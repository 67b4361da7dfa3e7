/**
 * @jest-environment ./test/unit/web/support/msw-environment.ts
 */
/**
 * Add Surgeon screen (web/src/surgeons/SurgeonFormPage.tsx) against the fake API: the search ->
 * select -> save flow of spec provider-side, and the way back to the case form with what was typed
 * (spec provider-side). The auth state is a stand-in.
 */
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
import { UI_MESSAGES } from '../../../shared/messages';
import { reply, useFakeApi } from './support/fake-api-server';

const api = useFakeApi();

const FOUND = {
  npi: '1234567893',
  first_name: 'JOHN',
  last_name: 'SMITH',
  address: '1 MAIN ST',
  city: 'AUSTIN',
  state: 'TX',
  zip: '78701',
};

/** The fake server: searches find John Smith; POST /surgeon stores him as s-new, unless `postError()` gives an answer. */
function fakeServer(options: { postError?: () => Response | undefined } = {}) {
  const stored: Record<string, unknown>[] = [];
  api.on('GET /surgeon/search', { surgeons: [FOUND] });
  api.on('POST /surgeon', ({ body }) => {
    const failure = options.postError?.();
    if (failure) return failure;
    const item = { ...(body as Record<string, unknown>), surgeon_id: 's-new', id: 's-new' };
    stored.push(item);
    return { success: true, message: 'Surgeon added successfully!', surgeon: item };
  });
  api.on('GET /surgeon', () => ({ success: true, surgeons: stored }));
  api.on('GET /facility', { success: true, facilities: [] });
  api.on('GET /cpt_codes', { cpt_codes: [] });
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
  const listbox = await screen.findByRole('listbox', { name: 'Surgeon search results' });
  fireEvent.click(within(listbox).getByRole('option', { name: /John Smith/ }));
}

describe('Add Surgeon screen', () => {
  it('searches the registry by the split name, shows the selected surgeon, saves it and goes back to the list', async () => {
    // Prepare
    fakeServer();
    const router = renderAt('/surgeon/new');
    // Act
    await searchAndPick('John Smith');
    const summary = await screen.findByRole('region', { name: 'Selected surgeon' });
    const save = screen.getByRole('button', { name: 'Save Surgeon' });
    save.focus();
    fireEvent.click(save);
    // Assess
    expect(within(summary).getByText('1234567893')).toBeTruthy();
    expect(api.requests('GET /surgeon/search')[0]?.query).toEqual({
      first_name: 'John',
      last_name: 'Smith',
    });
    expect(await screen.findByText('Surgeon added successfully!')).toBeTruthy();
    // Until the screen goes back the button is busy, not disabled: the focus stays on it.
    expect(save.getAttribute('aria-disabled')).toBe('true');
    expect((save as HTMLButtonElement).disabled).toBe(false);
    expect(save.textContent).toContain('Going back...');
    expect(document.activeElement).toBe(save);
    expect(api.requests('POST /surgeon')[0]?.body).toEqual({
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
    await waitFor(() => expect(router.pathname).toBe('/surgeon-management'));
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
    expect(api.requests('POST /surgeon')[0]?.body).toMatchObject({
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
    expect(api.requests('POST /surgeon')).toHaveLength(1);
  });

  it('shows the 409 message of a surgeon already in the list and stays on the screen', async () => {
    // Prepare
    fakeServer({ postError: () => reply(409, { message: 'Surgeon already exists' }) });
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
    expect(api.requests('GET /surgeon/search')).toHaveLength(0);
  });
});

describe('save errors and editing', () => {
  it('asks to try again 1 s after an error that mentions 502, and saves again when confirmed', async () => {
    // Prepare
    let posts = 0;
    // A message that mentions 502 (the client's own text for an HTTP 502 is 'Service temporarily unavailable').
    fakeServer({
      postError: () => (++posts === 1 ? reply(400, { message: 'Registry lookup failed: 502 Bad Gateway' }) : undefined),
    });
    renderAt('/surgeon/new');
    await searchAndPick('John Smith');
    // Act
    fireEvent.click(screen.getByRole('button', { name: 'Save Surgeon' }));
    const dialog = await waitFor(() => {
      const d = screen.getByRole('dialog', { hidden: true }) as HTMLDialogElement;
      if (!d.open) throw new Error('the dialog is not open yet');
      return d;
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Try Again', hidden: true }));
    // Assess
    expect(dialog.textContent).toContain('The server is experiencing issues. Would you like to try again?');
    expect(await screen.findByText('Surgeon added successfully!')).toBeTruthy();
    expect(posts).toBe(2);
    expect(api.requests('POST /surgeon')).toHaveLength(2);
  });

  it('starts the edit screen from the stored surgeon and saves it with PATCH and its id', async () => {
    // Prepare
    api.on('PATCH /surgeon', { success: true, surgeon: { surgeon_id: 's1' } });
    api.on('GET /surgeon', {
      success: true,
      surgeons: [{ surgeon_id: 's1', first_name: 'Ada', last_name: 'Lovelace', surgeon_npi: 0, manual_entry: true }],
    });
    const router = renderAt('/surgeon/s1/edit');
    // Act
    const summary = await screen.findByRole('region', { name: 'Selected surgeon' });
    fireEvent.click(screen.getByRole('button', { name: 'Save Surgeon' }));
    // Assess
    expect(within(summary).getByText('Lovelace')).toBeTruthy();
    expect(await screen.findByText('Surgeon updated successfully!')).toBeTruthy();
    const [patch] = api.requests('PATCH /surgeon');
    expect(patch?.query).toEqual({});
    expect(patch?.body).toEqual(
      expect.objectContaining({
        id: 's1',
        first_name: 'Ada',
        last_name: 'Lovelace',
        surgeon_npi: 0,
        manual_entry: true,
      }),
    );
    await waitFor(() => expect(router.pathname).toBe('/surgeon-management'));
  });

  it('says "Surgeon not found" for an id that is not in the list', async () => {
    // Prepare
    api.on('GET /surgeon', { success: true, surgeons: [] });
    // Act
    renderAt('/surgeon/nope/edit');
    // Assess
    expect(await screen.findByText('Surgeon not found')).toBeTruthy();
  });
});

describe('adding a surgeon from the case form', () => {
  it('says, when the user has no surgeon, to add one (not to update the profile) and links to /surgeon/new', async () => {
    // Prepare
    fakeServer();
    // Act
    renderAt('/case/new');
    // Assess: the hint is the select's description, so it is read with the field.
    const link = await screen.findByRole('link', { name: 'Add a surgeon' });
    expect(link.getAttribute('href')).toBe('/surgeon/new');
    expect(screen.getByRole('listbox', { name: /Primary surgeon/, description: UI_MESSAGES.noSurgeons })).toBeTruthy();
    expect(UI_MESSAGES.noSurgeons).toBe('No surgeons found. Add one to your surgeon list to choose it here.');
    expect(screen.queryByText(/update your profile/i)).toBeNull();
    expect(screen.getByRole('link', { name: 'Add a facility' }).getAttribute('href')).toBe('/facility/new');
  });

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
    await waitFor(() => expect(router.pathname).toBe('/case/new'));
    // Assess
    expect(((await screen.findByLabelText(/Patient first name/)) as HTMLInputElement).value).toBe('Test');
    expect((screen.getByLabelText(/Patient last name/) as HTMLInputElement).value).toBe('Patient');
    await waitFor(() => expect((screen.getByLabelText(/Primary surgeon/) as HTMLSelectElement).value).toBe('s-new'));
    expect(window.sessionStorage.length + window.localStorage.length).toBe(0);
    await act(async () => undefined);
  });
});
