/**
 * @jest-environment ./test/unit/web/support/msw-environment.ts
 */
/**
 * Facility screens (web/src/facilities) and the shared management list, against the fake API:
 * spec provider-side, and spec provider-side sections 2 and 8 (list states, delete confirm,
 * 'Delete failed: {message}', edit not supported). The auth state is a stand-in.
 */
const signOut = jest.fn(async () => undefined);
jest.mock('../../../web/src/auth/AuthProvider', () => ({
  useAuth: () => ({
    status: 'signedIn',
    user: { sub: 'u1', email: 'newuser@example.com' },
    signOut,
    refresh: jest.fn(),
  }),
}));

import './support/dom-env';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import FacilityEditPage from '../../../web/src/facilities/FacilityEditPage';
import FacilityFormPage from '../../../web/src/facilities/FacilityFormPage';
import { FACILITY_MESSAGES } from '../../../shared/schemas/surgeon';
import FacilityListPage from '../../../web/src/facilities/FacilityListPage';
import SurgeonListPage from '../../../web/src/surgeons/SurgeonListPage';
import { reply, useFakeApi } from './support/fake-api-server';

const api = useFakeApi();

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
          <Route path="/" element={<h1>Home</h1>} />
          <Route path="/facility/new" element={<FacilityFormPage />} />
          <Route path="/facility/:facilityId/edit" element={<FacilityEditPage />} />
          <Route path="/facility-management" element={<FacilityListPage />} />
          <Route path="/surgeon-management" element={<SurgeonListPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => signOut.mockClear());

describe('Add Facility screen', () => {
  it('offers the typed name as an orange manual option after the results and saves it unvalidated', async () => {
    // Prepare
    api.on('GET /facility/search', {
      facilities: [
        {
          facility_name: 'AUSTIN SURGERY CENTER LLC',
          npi: '1234567893',
          address: '',
          city: 'AUSTIN',
          state: 'TX',
          zip: '',
        },
      ],
    });
    api.on('POST /facility', { success: true, facility: { facility_id: 'f1' } });
    renderAt('/facility/new');
    // Act
    fireEvent.change(screen.getByLabelText(/Search facilities/), { target: { value: 'Lakeside Clinic' } });
    const listbox = await screen.findByRole('listbox', { name: 'Facility search results' });
    const options = within(listbox).getAllByRole('option');
    fireEvent.click(options[options.length - 1] as HTMLElement);
    const summary = await screen.findByRole('region', { name: 'Selected facility' });
    fireEvent.click(screen.getByRole('button', { name: 'Save Facility' }));
    // Assess
    expect(options).toHaveLength(2);
    expect(options[0]?.textContent).toContain('Austin Surgery Center LLC');
    expect(options[1]?.textContent).toContain('Lakeside Clinic');
    expect(options[1]?.textContent).toContain('not validated');
    expect(within(summary).getByText('Manual entry (not validated)')).toBeTruthy();
    expect(api.requests('GET /facility/search')[0]?.query).toEqual({
      facility_name: 'Lakeside Clinic',
    });
    expect(await screen.findByText('Facility added successfully!')).toBeTruthy();
    expect(api.requests('POST /facility')[0]?.body).toEqual({
      user_id: 'u1',
      facility_name: 'Lakeside Clinic',
      facility_npi: 0,
      facility_addr: '',
      facility_city: '',
      facility_state: '',
      facility_zip: '',
      manual_entry: true,
    });
    await waitFor(() => expect(where.pathname).toBe('/facility-management'));
  });

  it('puts keyboard focus back on the search when the selection is cleared', async () => {
    // Prepare: a facility picked from the results
    api.on('GET /facility/search', { facilities: [] });
    renderAt('/facility/new');
    fireEvent.change(screen.getByLabelText(/Search facilities/), { target: { value: 'Lakeside Clinic' } });
    const listbox = await screen.findByRole('listbox', { name: 'Facility search results' });
    fireEvent.click(within(listbox).getAllByRole('option')[0] as HTMLElement);
    await screen.findByRole('region', { name: 'Selected facility' });
    const clear = screen.getByRole('button', { name: 'Clear selection' });
    clear.focus();

    // Act
    fireEvent.click(clear);

    // Assess
    expect(screen.queryByRole('region', { name: 'Selected facility' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByLabelText(/Search facilities/));
  });

  it('explains the 2-character minimum, asks for a selection, and shows the 409 message', async () => {
    // Prepare
    api.on('GET /facility/search', { facilities: [] });
    api.on('POST /facility', () => reply(409, { message: 'Facility already exists' }));
    renderAt('/facility/new');
    // Act
    fireEvent.change(screen.getByLabelText(/Search facilities/), { target: { value: 'L' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    const tooShort = await screen.findByText('Please enter a facility name with at least 2 characters');
    fireEvent.click(screen.getByRole('button', { name: 'Save Facility' }));
    const noSelection = await screen.findByText('Please search and select a facility, or create a manual entry');
    fireEvent.click(screen.getByRole('button', { name: 'Add Manual Entry' }));
    fireEvent.change(screen.getByLabelText('Facility name'), { target: { value: '  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Use Manual Entry' }));
    const noName = await screen.findByText('Please provide a facility name');
    fireEvent.change(screen.getByLabelText('Facility name'), { target: { value: 'Lakeside Clinic' } });
    fireEvent.click(screen.getByRole('button', { name: 'Use Manual Entry' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save Facility' }));
    // Assess
    expect(tooShort).toBeTruthy();
    expect(noSelection).toBeTruthy();
    expect(noName).toBeTruthy();
    expect(await screen.findByText('Facility already exists')).toBeTruthy();
    expect(where.pathname).toBe('/facility/new');
  });

  it('closes the results 150 ms after focus leaves the search area and reopens them when it comes back', async () => {
    // Prepare
    api.on('GET /facility/search', { facilities: [] });
    renderAt('/facility/new');
    const input = screen.getByLabelText(/Search facilities/);
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'Lakeside Clinic' } });
    await screen.findByRole('listbox', { name: 'Facility search results' });
    // Act
    fireEvent.blur(input, { relatedTarget: document.body });
    const stillOpen = screen.queryByRole('listbox', { name: 'Facility search results' }) !== null;
    await waitFor(() => expect(screen.queryByRole('listbox', { name: 'Facility search results' })).toBeNull());
    fireEvent.focus(input);
    // Assess
    expect(stillOpen).toBe(true);
    expect(await screen.findByRole('listbox', { name: 'Facility search results' })).toBeTruthy();
  });

  it('says the registry matches only the start of the name, and narrows the search by city, state and ZIP', async () => {
    // Prepare
    api.on('GET /facility/search', { facilities: [] });
    renderAt('/facility/new');
    // Act
    fireEvent.change(screen.getByLabelText('In city'), { target: { value: ' Austin ' } });
    fireEvent.change(screen.getByLabelText('In state'), { target: { value: 'tx' } });
    fireEvent.change(screen.getByLabelText('In ZIP code'), { target: { value: '787' } });
    fireEvent.change(screen.getByLabelText(/Search facilities/), { target: { value: 'Mercy' } });
    await waitFor(() => expect(api.requests('GET /facility/search')).toHaveLength(1));
    fireEvent.change(screen.getByLabelText('In ZIP code'), { target: { value: '78701' } });
    await waitFor(() => expect(api.requests('GET /facility/search')).toHaveLength(2));
    // Assess: a partial ZIP waits; the hint says how the registry matches.
    // It describes the name input, full width under the row of fields rather than inside the first.
    const hint = screen.getByText(FACILITY_MESSAGES.searchHint);
    const nameInput = screen.getByLabelText(/Search facilities/);
    expect(nameInput.getAttribute('aria-describedby')).toBe(hint.id);
    expect(nameInput.closest('.amplify-field')!.contains(hint)).toBe(false);
    expect(hint.parentElement!.contains(screen.getByLabelText('In ZIP code'))).toBe(true);
    expect(api.requests('GET /facility/search').map((r) => r.query)).toEqual([
      { facility_name: 'Mercy', city: 'Austin', state: 'TX' },
      { facility_name: 'Mercy', city: 'Austin', state: 'TX', zip: '78701' },
    ]);
  });

  it('takes a manual facility with the fields of a found one, the NPI optional and checked', async () => {
    // Prepare
    api.on('POST /facility', { success: true, facility: { facility_id: 'f2' } });
    renderAt('/facility/new');
    fireEvent.click(screen.getByRole('button', { name: 'Add Manual Entry' }));
    const fill = (label: string, value: string) =>
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
    fill('Facility name', 'Harbor Surgery Center');
    fill('Address', '12 Harbor St');
    fill('City', 'Portland');
    fill('State', 'me');
    fill('ZIP code', '04101');
    fill('NPI (optional)', '1234567898');
    // Act
    fireEvent.click(screen.getByRole('button', { name: 'Use Manual Entry' }));
    const badNpi = await screen.findByText('NPI not found or invalid');
    fill('NPI (optional)', '1234567893');
    fireEvent.click(screen.getByRole('button', { name: 'Use Manual Entry' }));
    await screen.findByRole('region', { name: 'Selected facility' });
    fireEvent.click(screen.getByRole('button', { name: 'Save Facility' }));
    // Assess
    expect(badNpi).toBeTruthy();
    await waitFor(() => expect(api.requests('POST /facility')).toHaveLength(1));
    expect(api.requests('POST /facility')[0]?.body).toEqual({
      user_id: 'u1',
      facility_name: 'Harbor Surgery Center',
      facility_npi: 1234567893,
      facility_addr: '12 Harbor St',
      facility_city: 'Portland',
      facility_state: 'ME',
      facility_zip: '04101',
      manual_entry: true,
    });
  });

  it('says on the edit screen that updates are not supported, with a way back', async () => {
    // Prepare
    renderAt('/facility/f1/edit');
    // Act
    fireEvent.click(screen.getByRole('button', { name: 'Back to Facilities' }));
    // Assess
    await waitFor(() => expect(where.pathname).toBe('/facility-management'));
  });
});

describe('management lists', () => {
  it('lists surgeons with "Manual entry" for NPI 0 and deletes one after the confirm dialog', async () => {
    // Prepare
    let surgeons = [
      { surgeon_id: 's1', first_name: 'JOHN', last_name: 'SMITH', surgeon_npi: 1234567893 },
      { surgeon_id: 's2', first_name: 'Ada', last_name: 'Lovelace', surgeon_npi: 0, manual_entry: true },
    ];
    api.on('DELETE /surgeon', ({ query }) => {
      surgeons = surgeons.filter((s) => s.surgeon_id !== query.surgeon_id);
      return { success: true };
    });
    api.on('GET /surgeon', () => ({ success: true, surgeons }));
    renderAt('/surgeon-management');
    // Act
    const list = await screen.findByRole('list', { name: 'Surgeons' });
    const rows = within(list).getAllByRole('listitem');
    const npis = rows.map((r) => within(r).getByText(/^\d{10}$|^Manual entry$/).textContent);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Dr. John Smith' }));
    const dialog = screen.getByRole('dialog', { hidden: true });
    const question = dialog.textContent;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete', hidden: true }));
    // Assess
    expect(npis).toEqual(['1234567893', 'Manual entry']);
    expect(question).toContain('Are you sure you want to delete Dr. John Smith?');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Delete Dr. John Smith' })).toBeNull());
    expect(api.requests('DELETE /surgeon').map((r) => [r.query, r.body])).toEqual([[{ surgeon_id: 's1' }, undefined]]);
  });

  it('shows "Delete failed: {message}" when the delete fails', async () => {
    // Prepare
    api.on('DELETE /facility', () => reply(404, { message: 'Facility not found' }));
    api.on('GET /facility', {
      success: true,
      facilities: [{ facility_id: 'f1', facility_name: 'Lakeside Clinic', facility_npi: 0 }],
    });
    renderAt('/facility-management');
    // Act
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Lakeside Clinic' }));
    fireEvent.click(
      within(screen.getByRole('dialog', { hidden: true })).getByRole('button', { name: 'Delete', hidden: true }),
    );
    // Assess
    expect(await screen.findByText('Delete failed: Facility not found')).toBeTruthy();
  });

  it('keeps keyboard focus on the page, on the heading, when the delete failure is dismissed', async () => {
    // Prepare: a failed delete
    api.on('DELETE /facility', () => reply(404, { message: 'Facility not found' }));
    api.on('GET /facility', {
      success: true,
      facilities: [{ facility_id: 'f1', facility_name: 'Lakeside Clinic', facility_npi: 0 }],
    });
    renderAt('/facility-management');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Lakeside Clinic' }));
    fireEvent.click(
      within(screen.getByRole('dialog', { hidden: true })).getByRole('button', { name: 'Delete', hidden: true }),
    );
    const alert = (await screen.findByText('Delete failed: Facility not found')).closest('[role="alert"]')!;
    const dismiss = within(alert as HTMLElement).getByRole('button', { name: 'Dismiss alert' });
    dismiss.focus();

    // Act
    fireEvent.click(dismiss);

    // Assess
    expect(screen.queryByText('Delete failed: Facility not found')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1 }));
  });

  it('lists facilities without an Edit button and finds saved ones by any word of their names', async () => {
    // Prepare
    api.on('GET /facility', {
      success: true,
      facilities: [
        { facility_id: 'f1', facility_name: 'Harbor Surgery Center LLC', facility_npi: 0 },
        { facility_id: 'f2', facility_name: 'Mercy General Hospital', facility_npi: 1234567893 },
      ],
    });
    renderAt('/facility-management');
    await screen.findByRole('button', { name: 'Delete Harbor Surgery Center LLC' });
    // Act
    fireEvent.change(screen.getByLabelText('Find a saved facility'), { target: { value: 'surgery cent' } });
    const rows = () => within(screen.getByRole('list', { name: 'Facilities' })).getAllByRole('listitem');
    await waitFor(() => expect(rows()).toHaveLength(1));
    const found = rows();
    fireEvent.change(screen.getByLabelText('Find a saved facility'), { target: { value: 'clinic' } });
    // Assess
    expect(screen.queryByRole('button', { name: /^Edit / })).toBeNull();
    expect(found).toHaveLength(1);
    expect(found[0]!.textContent).toContain('Harbor Surgery Center LLC');
    expect(await screen.findByText('No saved facility has a name with these words.')).toBeTruthy();
  });

  it('shows the empty state with an Add button', async () => {
    // Prepare
    api.on('GET /facility', { success: true, facilities: [] });
    renderAt('/facility-management');
    // Act
    const heading = await screen.findByRole('heading', { name: 'No facilities yet' });
    // Assess
    expect(heading).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Add Facility' })).toHaveLength(2);
  });

  it('shows the load failure message and stays signed in when it is not about authentication', async () => {
    // Prepare
    api.on('GET /surgeon', () => reply(500));
    renderAt('/surgeon-management');
    // Act
    const shown = await screen.findByText('API request failed: 500 Internal Server Error');
    // Assess
    expect(shown).toBeTruthy();
    expect(signOut).not.toHaveBeenCalled();
  });

  it('signs out and goes to / when the load failure says the user is not authenticated', async () => {
    // Prepare
    // The client passes a 400's own message on; the screen reads the words, not the status.
    api.on('GET /surgeon', () => reply(400, { message: 'User not authenticated' }));
    renderAt('/surgeon-management');
    // Act
    await waitFor(() => expect(where.pathname).toBe('/'));
    // Assess
    expect(signOut).toHaveBeenCalledTimes(1);
  });
});
