/**
 * @jest-environment ./test/unit/web/support/msw-environment.ts
 */
/**
 * The case form's procedure code rows (web/src/cases/CaseFormPage.tsx, spec provider-side section
 * 2): removing a row from the keyboard leaves focus on a code input, not on the page.
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
import { fireEvent, render, screen } from '@testing-library/react';
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
  ins_provider: 'Aetna',
  procedure_codes: ['47562', '10060', '27447'],
  case_status: 0,
  version: 2,
};

function renderEdit() {
  api.on('GET /case', { success: true, case: EDITED });
  api.on('GET /surgeon', {
    success: true,
    surgeons: [{ surgeon_id: 's1', first_name: 'Meredith', last_name: 'Grey' }],
  });
  api.on('GET /facility', { success: true, facilities: [{ facility_id: 'f1', facility_name: 'Harbor Surgery' }] });
  api.on('GET /cpt_codes', ({ query }) => ({
    cpt_codes: EDITED.procedure_codes
      .filter((code) => !query.search || code.startsWith(query.search))
      .map((code) => ({ cpt_code: code, cpt_description: `Procedure ${code}` })),
  }));
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[`/case/${EDITED.case_id}/edit`]}>
        <Routes>
          <Route path="/case/:caseId/edit" element={<CaseFormPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** Press the focused Remove button of code row `n` (1-based). */
function removeRow(n: number) {
  const remove = screen.getByRole('button', { name: `Remove code row ${n}` });
  remove.focus();
  fireEvent.click(remove);
}

describe('procedure code rows', () => {
  it('puts focus on the code now in the removed row’s place, or on the last code when the last row goes', async () => {
    // Prepare
    renderEdit();
    await screen.findByRole('combobox', { name: 'Procedure code 3' });

    // Act: remove the middle row
    removeRow(2);
    const afterMiddle = document.activeElement;
    const secondCode = screen.getByRole('combobox', { name: 'Procedure code 2' });
    // then the last row
    removeRow(2);

    // Assess
    expect(afterMiddle).toBe(secondCode);
    expect((secondCode as HTMLInputElement).value).toBe('27447');
    expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'Procedure code 1' }));
    expect(screen.getByRole('button', { name: 'Remove code row 1' }).hasAttribute('disabled')).toBe(true);
  });
});
