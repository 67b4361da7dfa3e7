/**
 * @jest-environment ./test/unit/web/support/msw-environment.ts
 */
/**
 * The case form's warning before saving a second case of the same patient on the same date
 * (web/src/cases/CaseFormPage.tsx; docs/decisions/0024-case-search-and-sort.md): the owner's cases
 * of that date are read (no patient data in the URL) and compared; Save anyway saves.
 */
jest.mock('../../../web/src/auth/AuthProvider', () => ({
  useAuth: () => ({
    status: 'signedIn',
    user: { sub: 'u1', email: 'provider@example.com' },
    signOut: jest.fn(async () => undefined),
    refresh: jest.fn(),
  }),
}));

import './support/dom-env';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import CaseFormPage from '../../../web/src/cases/CaseFormPage';
import { useFakeApi } from './support/fake-api-server';

const api = useFakeApi();

const EDITED = {
  case_id: 'u1_1795438308000',
  case_number: 'C-000010',
  user_id: 'u1',
  case_date: '2026-03-02',
  surgeon_id: 's1',
  facility_id: 'f1',
  patient_first: 'Quebec',
  patient_last: 'Dummyfield',
  patient_dob: '',
  ins_provider: 'Aetna',
  procedure_codes: [{ procedure_code: '47562', procedure_desc: 'Laparoscopic cholecystectomy' }],
  case_status: 0,
  version: 2,
};

/** The server: the edited case, one surgeon and facility, a known code, and `sameDay` on its date. */
function fakeServer(sameDay: Record<string, unknown>[]) {
  api.on('GET /case', ({ query }) =>
    query.case_id ? { success: true, case: EDITED } : { success: true, cases: [EDITED, ...sameDay], count: 1 },
  );
  api.on('GET /surgeon', {
    success: true,
    surgeons: [{ surgeon_id: 's1', first_name: 'Meredith', last_name: 'Grey' }],
  });
  api.on('GET /facility', { success: true, facilities: [{ facility_id: 'f1', facility_name: 'Harbor Surgery' }] });
  api.on('GET /cpt_codes', { cpt_codes: [{ cpt_code: '47562', cpt_description: 'Laparoscopic cholecystectomy' }] });
  api.on('PATCH /case', { success: true, message: 'Case updated successfully', case: EDITED });
}

function renderEdit() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[`/case/${EDITED.case_id}/edit`]}>
        <Routes>
          <Route path="/case/:caseId/edit" element={<CaseFormPage />} />
          <Route path="/case/:caseId" element={<h1>Case</h1>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the same patient on the same date', () => {
  it("warns with the other case's number before saving, reading the owner's cases of that date, and saves on Save anyway", async () => {
    // Prepare: another case of Quebec Dummyfield (spelled otherwise) that day
    fakeServer([{ ...EDITED, case_id: 'u1_1795438309000', case_number: 'C-000011', patient_first: ' quebec ' }]);
    renderEdit();
    const update = await screen.findByRole('button', { name: 'Update Case' });
    // Act
    fireEvent.click(update);
    const warning = await screen.findByText(/already has a case on this date \(C-000011\)/);
    const patchesBefore = api.requests('PATCH /case').length;
    fireEvent.click(screen.getByRole('button', { name: 'Save anyway' }));
    // Assess
    expect(warning).toBeTruthy();
    expect(patchesBefore).toBe(0);
    const lookup = api.requests('GET /case').find((r) => r.query.from !== undefined)!;
    expect(lookup.query).toEqual({ user_id: 'u1', from: '2026-03-02', to: '2026-03-02', limit: '50' });
    await waitFor(() => expect(api.requests('PATCH /case')).toHaveLength(1));
  });

  it('saves at once when the only case of that date is the one edited, or another patient', async () => {
    // Prepare
    fakeServer([{ ...EDITED, case_id: 'u1_1795438309000', patient_first: 'Romeo' }]);
    renderEdit();
    const update = await screen.findByRole('button', { name: 'Update Case' });
    update.focus();
    // Act
    fireEvent.click(update);
    // Assess
    await waitFor(() => expect(api.requests('PATCH /case')).toHaveLength(1));
    expect(screen.queryByText(/already has a case on this date/)).toBeNull();
    // Until the redirect the button is busy, not disabled: the focus stays on it.
    await screen.findByText('Case Updated Successfully');
    await waitFor(() => expect(update.textContent).toContain('Opening the case...'));
    expect(update.getAttribute('aria-disabled')).toBe('true');
    expect((update as HTMLButtonElement).disabled).toBe(false);
    expect(document.activeElement).toBe(update);
    expect(await screen.findByRole('heading', { name: 'Case' })).toBeTruthy();
  });
});
