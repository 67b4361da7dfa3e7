/**
 * @jest-environment ./test/unit/web/support/msw-environment.ts
 */
/**
 * List Management (web/src/back-office/lists; spec back-office-and-shell section 2) against the fake
 * API, with a fake XMLHttpRequest for the storage upload: the keyboard tablist, the CPT table (page
 * size 10, search, the spec's empty and error texts), payer add / rename / remove with confirm, the
 * doctor-type search, the browser import with its progress and the importer's error, and the
 * user_type 100 guard.
 */
jest.mock('../../../web/src/auth/AuthProvider', () => ({
  useAuth: () => ({ status: 'signedIn', user: { sub: 'admin-1', email: 'globaladmin@example.com' } }),
}));
const profileState = { userType: 100 };
jest.mock('../../../web/src/profile/useProfile', () => ({
  useProfile: () => ({ isPending: false, isError: false, data: { user_type: profileState.userType }, ...profileState }),
}));

import './support/dom-env';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import ListManagementPage, { ListManagementTabs } from '../../../web/src/back-office/lists/ListManagementPage';
import type { ImportJob } from '../../../shared/schemas/reference-lists';
import { reply, useFakeApi } from './support/fake-api-server';
import { FakeXhr } from './support/fake-xhr';

type Body = Record<string, unknown> | undefined;

const api = useFakeApi();

function renderTabs(initial: 'cpt' | 'doctor-types' | 'insurance-types' = 'cpt') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <ListManagementTabs initial={initial} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const cptRows = (page: number) =>
  Array.from({ length: 10 }, (_, i) => ({
    cpt_code: String(10000 + (page - 1) * 10 + i),
    cpt_description: `Procedure ${(page - 1) * 10 + i}`,
  }));

function job(overrides: Partial<ImportJob>): ImportJob {
  return {
    job_id: 'job-1',
    kind: 'cpt',
    status: 'queued',
    file_name: 'PPRRVU2025_Oct.csv',
    size: 2547226,
    rows_read: 0,
    codes_total: 0,
    codes_written: 0,
    created_at: '2026-11-23T18:00:00.000Z',
    updated_at: '2026-11-23T18:00:00.000Z',
    ...overrides,
  };
}

beforeEach(() => {
  FakeXhr.instances = [];
  profileState.userType = 100;
});

describe('the List Management tabs', () => {
  it('moves between CPT Codes, Doctor Types and Insurance Types with the arrow, Home and End keys', async () => {
    // Prepare
    api.fallback(() => ({ cpt_codes: [], total: 0, insurance_types: [], doctor_types: [] }));
    renderTabs();
    const tabs = screen.getAllByRole('tab');
    // Act
    fireEvent.keyDown(tabs[0]!, { key: 'ArrowRight' });
    const afterRight = screen.getByRole('tab', { selected: true }).textContent;
    const focusedAfterRight = document.activeElement?.textContent;
    fireEvent.keyDown(screen.getByRole('tab', { selected: true }), { key: 'End' });
    const afterEnd = screen.getByRole('tab', { selected: true }).textContent;
    fireEvent.keyDown(screen.getByRole('tab', { selected: true }), { key: 'ArrowRight' });
    const afterWrap = screen.getByRole('tab', { selected: true }).textContent;
    fireEvent.keyDown(screen.getByRole('tab', { selected: true }), { key: 'ArrowLeft' });
    const afterLeftWrap = screen.getByRole('tab', { selected: true }).textContent;
    // Assess
    expect(tabs.map((t) => t.textContent)).toEqual(['CPT Codes', 'Doctor Types', 'Insurance Types']);
    expect(afterRight).toBe('Doctor Types');
    expect(focusedAfterRight).toBe('Doctor Types');
    expect(afterEnd).toBe('Insurance Types');
    expect(afterWrap).toBe('CPT Codes');
    expect(afterLeftWrap).toBe('Insurance Types');
    const selected = screen.getByRole('tab', { selected: true });
    expect(selected.getAttribute('tabindex')).toBe('0');
    expect(screen.getAllByRole('tab').filter((t) => t.getAttribute('tabindex') === '-1')).toHaveLength(2);
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(selected.id);
    await screen.findByText('No insurance types yet');
  });
});

describe('the CPT Codes tab', () => {
  it('reads 10 codes a page, pages forward, and says when a search finds nothing', async () => {
    // Prepare
    api.fallback(({ path, query }) => {
      if (path !== '/cpt_codes') return {};
      const page = Number(query.page);
      if (query.search === 'zzz') return { cpt_codes: [], total: 0, page: 1, total_pages: 0, limit: 10 };
      return { cpt_codes: cptRows(page), total: 16851, page, total_pages: 1686, limit: 10 };
    });
    renderTabs('cpt');
    await screen.findByText('10000');
    // Act
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('10010');
    fireEvent.change(screen.getByLabelText('Search CPT codes'), { target: { value: 'zzz' } });
    // Assess
    expect(await screen.findByText('No CPT codes found matching zzz')).toBeTruthy();
    const cptCalls = api.requests('GET /cpt_codes').map((r) => r.query);
    expect(cptCalls[0]).toEqual({ page: '1', limit: '10' });
    expect(cptCalls).toContainEqual({ page: '2', limit: '10' });
    expect(cptCalls[cptCalls.length - 1]).toEqual({ page: '1', limit: '10', search: 'zzz' });
    expect(screen.queryByText('Page 2 of 1686')).toBeNull();
  });

  it('keeps the focused pager button usable while a page loads, and moves focus to Previous at the last page', async () => {
    // Prepare
    api.fallback(({ query }) => ({
      cpt_codes: cptRows(Number(query.page)),
      total: 30,
      page: Number(query.page),
      total_pages: 3,
      limit: 10,
    }));
    renderTabs('cpt');
    await screen.findByText('10000');
    const next = screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement;
    next.focus();
    // Act
    fireEvent.click(next);
    // Assess: page 2 is loading; the focused button is not disabled under the keyboard
    expect(screen.getByText('Page 2 of 3')).toBeTruthy();
    expect(next.disabled).toBe(false);
    expect(document.activeElement).toBe(next);
    // Act
    await screen.findByText('10010');
    fireEvent.click(next);
    await screen.findByText('10020');
    // Assess
    expect(next.disabled).toBe(true);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Previous' }));
  });

  it('gives focus back to the search box when Clear empties it', async () => {
    // Prepare
    api.fallback(() => ({ cpt_codes: cptRows(1), total: 10, page: 1, total_pages: 1, limit: 10 }));
    renderTabs('cpt');
    await screen.findByText('10000');
    fireEvent.change(screen.getByLabelText('Search CPT codes'), { target: { value: 'knee' } });
    const clear = screen.getByRole('button', { name: 'Clear' });
    clear.focus();
    // Act
    fireEvent.click(clear);
    // Assess
    expect(screen.queryByRole('button', { name: 'Clear' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByLabelText('Search CPT codes'));
  });

  it('shows "Failed to load CPT codes" with a Retry that loads again', async () => {
    // Prepare
    let fail = true;
    api.fallback(({ path }) => {
      if (path === '/cpt_codes' && fail) return reply(500);
      return { cpt_codes: cptRows(1), total: 10, page: 1, total_pages: 1, limit: 10 };
    });
    renderTabs('cpt');
    await screen.findByText('Failed to load CPT codes');
    // Act
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    // Assess
    expect(await screen.findByText('Procedure 0')).toBeTruthy();
    expect(screen.getByText('Page 1 of 1')).toBeTruthy();
  });
});

describe('the Insurance Types tab', () => {
  const payers = [
    { insurance_id: 'seed-aetna', name: 'Aetna' },
    { insurance_id: 'seed-cigna', name: 'Cigna' },
  ];

  it('adds a payer, shows the server refusing a duplicate, and renames one in place', async () => {
    // Prepare
    api.fallback(({ path, method, body: sent }) => {
      const body = sent as Body;
      if (path !== '/lists/insurance') return {};
      if (method === 'POST') {
        if (body?.name === 'Aetna') return reply(409, { message: 'An insurance type with this name already exists' });
        return { insurance_type: { insurance_id: 'new-1', name: body?.name } };
      }
      if (method === 'PATCH') return { insurance_type: { insurance_id: body?.insurance_id, name: body?.name } };
      return { insurance_types: payers, total: 2 };
    });
    renderTabs('insurance-types');
    await screen.findByText('Aetna');
    // Act
    fireEvent.change(screen.getByLabelText('New insurance type'), { target: { value: '  Oscar Health ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await screen.findByText('Added Oscar Health');
    fireEvent.change(screen.getByLabelText('New insurance type'), { target: { value: 'Aetna' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    const refusal = await screen.findByText('An insurance type with this name already exists');
    fireEvent.click(screen.getByRole('button', { name: 'Rename Cigna' }));
    fireEvent.change(screen.getByLabelText('New name for Cigna'), { target: { value: 'Cigna Healthcare' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    // Assess
    expect(refusal).toBeTruthy();
    await waitFor(() =>
      expect(api.requests('PATCH /lists/insurance').map((r) => r.body)).toEqual([
        { insurance_id: 'seed-cigna', name: 'Cigna Healthcare' },
      ]),
    );
    expect(api.requests('POST /lists/insurance').map((r) => r.body)).toEqual([
      { name: 'Oscar Health' },
      { name: 'Aetna' },
    ]);
  });

  it('keeps Add focusable while a payer is added, and adds it once however often it is pressed', async () => {
    // Prepare
    let answer: (a: unknown) => void = () => undefined;
    api.fallback(({ path, method }) => {
      if (path !== '/lists/insurance') return {};
      if (method === 'POST') return new Promise((resolve) => (answer = resolve));
      return { insurance_types: payers, total: 2 };
    });
    renderTabs('insurance-types');
    await screen.findByText('Aetna');
    fireEvent.change(screen.getByLabelText('New insurance type'), { target: { value: 'Oscar Health' } });
    const add = screen.getByRole('button', { name: 'Add' }) as HTMLButtonElement;
    add.focus();
    // Act
    fireEvent.click(add);
    await waitFor(() => expect(api.requests('POST /lists/insurance')).toHaveLength(1));
    fireEvent.click(add);
    // Assess: a disabled button would lose the focus
    expect(add.textContent).toBe('Adding...');
    expect(add.disabled).toBe(false);
    expect(add.getAttribute('aria-disabled')).toBe('true');
    // Act
    answer({ insurance_type: { insurance_id: 'new-1', name: 'Oscar Health' } });
    // Assess
    await screen.findByText('Added Oscar Health');
    expect(api.requests('POST /lists/insurance')).toHaveLength(1);
    expect(document.activeElement).toBe(add);
  });

  it("gives focus back to the row's Rename button when the rename form closes", async () => {
    // Prepare
    api.fallback(({ path, method, body: sent }) => {
      const body = sent as Body;
      if (path !== '/lists/insurance') return {};
      if (method === 'PATCH') return { insurance_type: { insurance_id: body?.insurance_id, name: body?.name } };
      return { insurance_types: payers, total: 2 };
    });
    renderTabs('insurance-types');
    await screen.findByText('Cigna');
    const renameCigna = () => screen.getByRole('button', { name: 'Rename Cigna' });
    // Act: Cancel
    fireEvent.click(renameCigna());
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    // Assess
    expect(document.activeElement).toBe(renameCigna());
    // Act: Escape
    fireEvent.click(renameCigna());
    fireEvent.keyDown(screen.getByLabelText('New name for Cigna'), { key: 'Escape' });
    // Assess
    expect(document.activeElement).toBe(renameCigna());
    // Act: saved
    fireEvent.click(renameCigna());
    fireEvent.change(screen.getByLabelText('New name for Cigna'), { target: { value: 'Cigna Healthcare' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    // Assess
    await waitFor(() => expect(screen.queryByLabelText('New name for Cigna')).toBeNull());
    expect(document.activeElement).toBe(renameCigna());
  });

  it('removes a payer only after the confirm, and not at all on Cancel', async () => {
    // Prepare
    api.fallback(({ path, method }) => {
      if (method === 'DELETE') return { success: true };
      return path === '/lists/insurance' ? { insurance_types: payers, total: 2 } : {};
    });
    renderTabs('insurance-types');
    await screen.findByText('Aetna');
    const deletes = () => api.requests().filter((r) => r.method === 'DELETE');
    // Act
    fireEvent.click(screen.getByRole('button', { name: 'Remove Aetna' }));
    const dialog = screen.getByRole('dialog');
    const question = within(dialog).getByText(/Remove "Aetna" from the insurance types\?/).textContent;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    const afterCancel = deletes().length;
    fireEvent.click(screen.getByRole('button', { name: 'Remove Aetna' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove' }));
    // Assess
    expect(question).toContain('Cases that already name it keep it.');
    expect(afterCancel).toBe(0);
    await waitFor(() =>
      expect(deletes().map((r) => [r.key, r.query])).toEqual([
        ['DELETE /lists/insurance', { insurance_id: 'seed-aetna' }],
      ]),
    );
  });

  it('keeps focus in the tab once a removed payer leaves the list', async () => {
    // Prepare
    let removed = false;
    api.fallback(({ path, method }) => {
      if (method === 'DELETE') {
        removed = true;
        return { success: true };
      }
      if (path !== '/lists/insurance') return {};
      return removed ? { insurance_types: payers.slice(1), total: 1 } : { insurance_types: payers, total: 2 };
    });
    renderTabs('insurance-types');
    const remove = await screen.findByRole('button', { name: 'Remove Aetna' });
    remove.focus();
    fireEvent.click(remove);
    // Act
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove' }));
    // Assess
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Remove Aetna' })).toBeNull());
    expect(document.activeElement).not.toBe(document.body);
    expect(screen.getByRole('tabpanel').contains(document.activeElement)).toBe(true);
  });
});

describe('the Doctor Types tab', () => {
  it('searches the taxonomy and pages with the cursor the server gave', async () => {
    // Prepare
    api.fallback(({ path, query }) => {
      if (path !== '/lists/doctor_types') return {};
      if (query.cursor === 'c2')
        return {
          doctor_types: [
            {
              code: '207XS0114X',
              grouping: 'Allopathic',
              classification: 'Orthopaedic Surgery',
              specialization: 'Adult Reconstructive Orthopaedic Surgery',
            },
          ],
          total: 11,
        };
      if (query.search === 'ortho')
        return {
          doctor_types: [
            {
              code: '207X00000X',
              grouping: 'Allopathic & Osteopathic Physicians',
              classification: 'Orthopaedic Surgery',
              specialization: '',
            },
          ],
          next_cursor: 'c2',
          total: 11,
        };
      return { doctor_types: [], total: 0 };
    });
    renderTabs('doctor-types');
    await screen.findByText('No doctor types yet. Import the NUCC taxonomy file to fill this list.');
    // Act
    fireEvent.change(screen.getByLabelText('Search doctor types'), { target: { value: 'ortho' } });
    await screen.findByText('207X00000X');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    // Assess
    expect(await screen.findByText('207XS0114X')).toBeTruthy();
    expect(screen.getByText('Page 2 of 2')).toBeTruthy();
    expect(api.requests('GET /lists/doctor_types').map((r) => r.query)).toContainEqual({
      search: 'ortho',
      limit: '10',
      cursor: 'c2',
    });
  });
});

describe('importing a file from the browser', () => {
  const originalXhr = window.XMLHttpRequest;
  beforeEach(() => {
    (window as unknown as { XMLHttpRequest: unknown }).XMLHttpRequest = FakeXhr;
  });
  afterEach(() => {
    window.XMLHttpRequest = originalXhr;
  });

  function programImport(states: ImportJob[]) {
    let polls = 0;
    api.fallback(({ path, method }) => {
      if (path === '/cpt_codes') return { cpt_codes: cptRows(1), total: 10, page: 1, total_pages: 1, limit: 10 };
      if (path === '/lists/import' && method === 'POST')
        return {
          job: job({ status: 'awaiting_upload' }),
          key: 'imports/cpt/job-1/PPRRVU2025_Oct.csv',
          upload: { method: 'PUT', url: 'http://storage.test/put', headers: { 'Content-Type': 'text/csv' } },
          expires_in: 300,
        };
      if (path === '/lists/import/start') return { job: job({ status: 'queued' }) };
      if (path === '/lists/import') return { job: states[Math.min(polls++, states.length - 1)] };
      return {};
    });
  }

  function chooseFile(name: string, size = 2547226) {
    const file = new File(['x'], name, { type: 'text/csv' });
    Object.defineProperty(file, 'size', { value: size });
    fireEvent.change(screen.getByLabelText('CSV file'), { target: { files: [file] } });
  }

  it('uploads the CMS file, starts the job and shows rows read and codes written until done', async () => {
    // Prepare
    programImport([
      job({
        status: 'running',
        phase: 'writing',
        rows_read: 19090,
        codes_total: 16851,
        codes_written: 0,
        codes_to_write: 16851,
        index_written: 40000,
        index_total: 82439,
        updated_at: 'b',
      }),
      job({
        status: 'done',
        rows_read: 19090,
        codes_total: 16851,
        codes_written: 16851,
        codes_to_write: 16851,
        inserted: 16851,
        updated: 0,
        unchanged: 0,
        total_codes: 16851,
        updated_at: 'c',
      }),
    ]);
    renderTabs('cpt');
    await screen.findByText('10000');
    // Act
    chooseFile('PPRRVU2025_Oct.csv');
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(1));
    const xhr = FakeXhr.instances[0]!;
    act(() => xhr.progress(1273613, 2547226));
    const uploading = await screen.findByText('Uploading PPRRVU2025_Oct.csv: 50%');
    act(() => xhr.respond(200));
    const running = await screen.findByText('Rows read: 19,090 (16,851 codes)');
    // Assess
    expect(uploading).toBeTruthy();
    expect(running).toBeTruthy();
    expect(xhr.method).toBe('PUT');
    expect(xhr.url).toBe('http://storage.test/put');
    expect(api.requests('POST /lists/import').map((r) => r.body)).toEqual([
      { kind: 'cpt', file_name: 'PPRRVU2025_Oct.csv', size: 2547226 },
    ]);
    expect(api.requests('POST /lists/import/start').map((r) => r.body)).toEqual([{ job_id: 'job-1' }]);
    expect(await screen.findByText('Imported PPRRVU2025_Oct.csv')).toBeTruthy();
    expect(screen.getByText('Codes written: 16,851 of 16,851')).toBeTruthy();
    expect(screen.getByText(/Done: 16,851 new, 0 changed, 0 unchanged; 16,851 codes in the list\./)).toBeTruthy();
  });

  it("shows the importer's own message when the file is refused", async () => {
    // Prepare
    const message =
      'HCPCS_level2_2020_anweb.csv is not in the expected layout (no header row starting HCPCS in the first 30 rows). Nothing was written.';
    programImport([job({ status: 'failed', error: message, file_name: 'HCPCS_level2_2020_anweb.csv' })]);
    renderTabs('cpt');
    await screen.findByText('10000');
    // Act
    chooseFile('HCPCS_level2_2020_anweb.csv', 1677429);
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(1));
    act(() => FakeXhr.instances[0]!.respond(200));
    // Assess
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.getByText('Import of HCPCS_level2_2020_anweb.csv failed')).toBeTruthy();
  });

  it('refuses a file that is not CSV before any call', async () => {
    // Prepare
    programImport([]);
    renderTabs('cpt');
    await screen.findByText('10000');
    // Act
    chooseFile('RVU25D.zip', 1000);
    // Assess
    expect(await screen.findByText('Choose a CSV file (.csv)')).toBeTruthy();
    expect(api.requests().filter((r) => r.path === '/lists/import')).toEqual([]);
  });
});

describe('the List Management page', () => {
  it('sends a user below user_type 100 to /back-office and shows the tabs to a Global Admin', async () => {
    // Prepare
    api.fallback(() => ({ cpt_codes: [], total: 0, page: 1, total_pages: 0, limit: 10 }));
    const renderPage = () =>
      render(
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <MemoryRouter initialEntries={['/back-office/list-management']}>
            <Routes>
              <Route path="/back-office" element={<h1>Back office home</h1>} />
              <Route path="/back-office/list-management" element={<ListManagementPage />} />
            </Routes>
          </MemoryRouter>
        </QueryClientProvider>,
      );
    // Act
    profileState.userType = 50;
    const refused = renderPage();
    const home = screen.getByRole('heading', { name: 'Back office home' });
    refused.unmount();
    profileState.userType = 100;
    renderPage();
    // Assess
    expect(home).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'List Management' })).toBeTruthy();
    expect(screen.getByText('List management is available to Global Admin and Super User.')).toBeTruthy();
    expect(await screen.findByText('No CPT codes found')).toBeTruthy();
  });
});
