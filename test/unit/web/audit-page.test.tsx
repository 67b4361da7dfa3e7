/**
 * @jest-environment ./test/unit/web/support/msw-environment.ts
 */
/**
 * The audit screen (/back-office/audit; spec back-office-and-shell, audit trail) against the fake API:
 * the filters sent to GET /audit, paging with Load more, the CSV export of the filtered entries (the
 * shared export button: paging with the filters on screen, progress, Cancel; quoting, formula guard).
 */

import './support/dom-env';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { parse } from 'csv-parse/sync';
import { AuditTrail } from '../../../web/src/back-office/audit/AuditPage';
import { AUDIT_CSV_COLUMNS } from '../../../web/src/back-office/audit/api';
import { toCsv } from '../../../web/src/components/csv';
import type { AuditEntryView } from '../../../shared/schemas/audit';
import { ROUTES } from '../../../shared/api-routes';
import { reply, useFakeApi } from './support/fake-api-server';
import { captureDownloads } from './support/downloads';

const api = useFakeApi();

function entry(overrides: Partial<AuditEntryView> = {}): AuditEntryView {
  return {
    at: '2026-11-23T18:05:12.000Z',
    user_id: 'u-1',
    user_type: 0,
    username: 'ada',
    action: 'GET /case',
    status: 200,
    resource_type: 'case',
    resource_ids: ['u-1_1760000000000'],
    outcome: 'allowed',
    request_id: 'req-1',
    source_ip: '203.0.113.9',
    user_agent: 'Mozilla/5.0',
    ...overrides,
  };
}

function renderTrail() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <AuditTrail />
    </QueryClientProvider>,
  );
}

describe('the audit screen', () => {
  it('shows the number of the case an entry is about in the Case column', async () => {
    // Prepare
    api.on('GET /audit', {
      entries: [entry({ case_id: 'u-1_1760000000000', case_number: 'C-000123' })],
    });
    // Act
    renderTrail();
    // Assess
    const cell = await screen.findByRole('cell', { name: 'C-000123' });
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    const row = cell.closest('tr')!;
    expect(headers[[...row.children].indexOf(cell)]).toBe('Case');
  });

  it('keeps focus on the case filter: on All cases after a pick, back in the box after it', async () => {
    // Prepare
    api.on('GET /audit', { entries: [entry()] });
    api.on('GET /case', {
      cases: [
        {
          case_id: 'u-1_1760000000000',
          case_number: 'C-000123',
          case_date: '2026-03-14',
          patient: { first: 'Pat', last: 'Doe', ins_provider: 'Aetna' },
          case_status: 10,
        },
      ],
    });
    renderTrail();
    await screen.findByText('ada');
    const box = screen.getByRole('combobox', { name: 'Case' });
    box.focus();
    fireEvent.change(box, { target: { value: 'C-000123' } });
    // Act
    fireEvent.click(await screen.findByRole('option', { name: 'C-000123 · Pat Doe · 03/14/2026' }));
    // Assess
    const all = screen.getByRole('button', { name: 'All cases' });
    expect(document.activeElement).toBe(all);
    // Act
    fireEvent.click(all);
    // Assess
    expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'Case' }));
  });

  it('keeps Load more focusable while a page loads, and moves focus to the count when the last page removes it', async () => {
    // Prepare
    let answer: (a: Response) => void = () => undefined;
    api.on('GET /audit', ({ query }) =>
      query.cursor ? new Promise<Response>((resolve) => (answer = resolve)) : { entries: [entry()], next_cursor: 'c1' },
    );
    renderTrail();
    await screen.findByText('ada');
    const more = screen.getByRole('button', { name: 'Load more' }) as HTMLButtonElement;
    more.focus();
    // Act
    fireEvent.click(more);
    // Assess: a disabled button would lose the focus
    await waitFor(() => expect(more.getAttribute('aria-disabled')).toBe('true'));
    expect(more.disabled).toBe(false);
    // Act
    answer(reply(200, { entries: [entry({ request_id: 'req-2', username: 'grace' })] }));
    // Assess
    await screen.findByText('grace');
    expect(screen.queryByRole('button', { name: /Load more/ })).toBeNull();
    expect(document.activeElement).toBe(screen.getByText('Showing 2 entries'));
  });

  it('filters by a case picked by its number and loads the next page with the cursor', async () => {
    // Prepare
    api.on('GET /audit', ({ query }) =>
      query.cursor
        ? { entries: [entry({ request_id: 'req-2', username: 'grace' })] }
        : { entries: [entry()], next_cursor: 'c1' },
    );
    api.on('GET /case', {
      cases: [
        {
          case_id: 'u-1_1760000000000',
          case_number: 'C-000123',
          case_date: '2026-03-14',
          patient: { first: 'Pat', last: 'Doe', ins_provider: 'Aetna' },
          case_status: 10,
        },
      ],
    });
    const calls = () => api.requests('GET /audit').map((r) => r.query);
    renderTrail();
    await screen.findByText('ada');

    // Act
    fireEvent.change(screen.getByRole('combobox', { name: 'Case' }), { target: { value: 'C-000123' } });
    fireEvent.click(await screen.findByRole('option', { name: 'C-000123 · Pat Doe · 03/14/2026' }));
    fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(calls()).toHaveLength(2));
    fireEvent.click(await screen.findByRole('button', { name: 'Load more' }));

    // Assess
    expect(await screen.findByText('grace')).toBeTruthy();
    expect(api.requests('GET /case')[0]?.query).toMatchObject({ search: 'C-000123' });
    expect(screen.getByText('C-000123', { selector: 'strong' })).toBeTruthy();
    expect(calls()[1]).toMatchObject({ case_id: 'u-1_1760000000000', limit: '50' });
    expect(calls()[1]).not.toHaveProperty('user_id');
    expect(calls()[2]).toMatchObject({ case_id: 'u-1_1760000000000', cursor: 'c1' });
    expect(api.requests('GET /audit')[2]?.headers.get('authorization')).toBe('Bearer test-access-token');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('offers the key of every route that needs sign-in, the purge, the email sent and the export job as the Action filter, and sends the one chosen', async () => {
    // Prepare
    api.on('GET /audit', { entries: [entry()] });
    const calls = () => api.requests('GET /audit').map((r) => r.query);
    renderTrail();
    await screen.findByText('ada');
    const select = screen.getByLabelText('Action') as HTMLSelectElement;

    // Act
    fireEvent.change(select, { target: { value: 'DELETE /case' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }));

    // Assess
    const options = [...select.options].map((o) => o.value);
    expect(options).toEqual([
      '',
      ...ROUTES.filter((r) => r.auth).map((r) => `${r.method} ${r.path}`),
      'case.purge',
      'email.sent',
      'export.done',
    ]);
    expect(select.selectedOptions[0]?.textContent).toBe('Deleted a case');
    expect(options).not.toContain('GET /health');
    await waitFor(() => expect(calls()).toHaveLength(2));
    expect(calls()[1]).toMatchObject({ action: 'DELETE /case' });
    expect(calls()[1]).not.toHaveProperty('case_id');
  });

  it("shows a list call's first two ids in its row and folds the rest into '+N more', and three ids in full", async () => {
    // Prepare
    const many = Array.from({ length: 50 }, (_, i) => `u-1_17600000000${String(i).padStart(2, '0')}`);
    const three = ['c-1', 'c-2', 'c-3'];
    api.on('GET /audit', {
      entries: [entry({ resource_ids: many }), entry({ request_id: 'req-2', username: 'grace', resource_ids: three })],
    });

    // Act
    renderTrail();
    await screen.findByText('grace');

    // Assess
    const summary = screen.getByText('+48 more');
    expect(summary.tagName).toBe('SUMMARY');
    const row = summary.closest('tr')!;
    expect(row.textContent).toContain(`${many[0]}, ${many[1]}`);
    expect(summary.parentElement!.textContent).toContain(many[49]);
    expect(screen.getByText('c-1, c-2, c-3')).toBeTruthy();
    expect(screen.getAllByText(/more$/)).toHaveLength(1);
  });

  it('says who in people terms (name, email, role) and what in words, with the request in the details', async () => {
    // Prepare
    api.on('GET /audit', {
      entries: [
        entry({
          user_name: 'Quinn Biller',
          user_email: 'quinn@example.com',
          user_type: 10,
          action: 'PUT /case',
          case_id: 'u-1_1760000000000',
          case_number: 'C-000123',
          case_status: 20,
        }),
      ],
    });
    // Act
    renderTrail();
    // Assess
    const what = await screen.findByRole('cell', { name: 'Changed status of case C-000123 to Paid' });
    const row = what.closest('tr')!;
    expect(row.textContent).toContain('Quinn Biller');
    expect(row.textContent).toContain('quinn@example.com · Case Admin');
    expect(row.querySelector('details summary')?.textContent).toBe('Details');
    expect(row.querySelector('details')?.textContent).toContain('PUT /case');
  });

  it('says so when no entry matches', async () => {
    // Prepare
    api.on('GET /audit', { entries: [] });
    // Act
    renderTrail();
    // Assess
    expect(await screen.findByText('No audit entries match these filters.')).toBeTruthy();
  });
});

/** Entry `n` of an export: its own request id and user name. */
function numbered(n: number): AuditEntryView {
  return entry({ request_id: `req-${n}`, username: `user${n}` });
}

describe('exporting the filtered entries as CSV (web/src/components/CsvExport.tsx)', () => {
  const saved = captureDownloads();

  it('pages through the list call with the filters on screen and saves the same rows', async () => {
    // Prepare
    const pages = [[numbered(1), numbered(2)], [numbered(3)]];
    api.on('GET /audit', ({ query }) =>
      query.cursor === 'p2' ? { entries: pages[1]! } : { entries: pages[0]!, next_cursor: 'p2' },
    );
    renderTrail();
    fireEvent.change(screen.getByLabelText('From (UTC)'), { target: { value: '2026-11-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(api.requests('GET /audit').some((r) => r.query.from === '2026-11-01')).toBe(true));
    fireEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    await screen.findByText('user3');
    const before = api.requests('GET /audit').length;

    // Act
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));

    // Assess
    expect(await screen.findByText('Exported 3 entries.')).toBeTruthy();
    const exportCalls = api
      .requests('GET /audit')
      .slice(before)
      .map((r) => r.query);
    expect(exportCalls).toEqual([
      expect.objectContaining({ from: '2026-11-01', limit: '100' }),
      expect.objectContaining({ from: '2026-11-01', cursor: 'p2' }),
    ]);
    expect(saved).toHaveLength(1);
    expect(saved[0]!.name).toMatch(/^audit-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = await saved[0]!.text;
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const rows: Record<string, string>[] = parse(text, { bom: true, columns: true });
    const shown = screen.getAllByRole('row').slice(1);
    expect(rows.map((r) => r.request_id)).toEqual(['req-1', 'req-2', 'req-3']);
    expect(rows.map((r) => r.username)).toEqual(pages.flat().map((e) => e.username));
    expect(shown).toHaveLength(rows.length);
  });

  it('above 10,000 rows hands the export to the server with the filters on screen, then links its file', async () => {
    // Prepare: the export's pages (limit 100) hold 5,000 entries each and never end
    const page = Array.from({ length: 5000 }, (_, i) => numbered(i));
    api.on('GET /audit', ({ query }) =>
      query.limit === '100' ? { entries: page, next_cursor: `p${query.cursor ?? ''}x` } : { entries: [numbered(1)] },
    );
    const exportId = '0b6f3f7e-4c7a-4a55-9b8e-3f1f2a9c1d10';
    api.on('POST /export', () => reply(202, { success: true, export_id: exportId }));
    api.on('GET /export', {
      success: true,
      export_id: exportId,
      list: 'audit',
      state: 'done',
      rows: 25_000,
      url: 'http://localhost/s3/documents/private/exports/u/x.csv?X-Amz-Signature=abc',
      expires_in: 600,
    });
    renderTrail();
    await screen.findByText('user1');
    fireEvent.change(screen.getByLabelText('Action'), { target: { value: 'DELETE /case' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }));

    // Act
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));

    // Assess (10,000 entries are parsed first: seconds on a busy machine)
    expect(
      await screen.findByText(
        'Exported 25,000 entries. The download link works for 10 minutes.',
        {},
        { timeout: 25_000 },
      ),
    ).toBeTruthy();
    const link = screen.getByRole('link', { name: /^Download audit-\d{4}-\d{2}-\d{2}\.csv$/ });
    expect(link.getAttribute('href')).toBe('http://localhost/s3/documents/private/exports/u/x.csv?X-Amz-Signature=abc');
    expect(api.requests('GET /audit').filter((r) => r.query.limit === '100')).toHaveLength(2);
    expect(api.requests('POST /export')[0]?.body).toEqual({ list: 'audit', filters: { action: 'DELETE /case' } });
    expect(api.requests('GET /export')[0]?.query).toEqual({ export_id: exportId });
    expect(saved).toHaveLength(0);
  });

  it('shows the rows read so far and stops paging on Cancel, saving nothing', async () => {
    // Prepare
    let release: () => void = () => undefined;
    api.on('GET /audit', ({ query }) => {
      if (query.limit !== '100') return { entries: [numbered(1)] };
      if (!query.cursor) return { entries: [numbered(1), numbered(2)], next_cursor: 'p2' };
      return new Promise((resolve) => {
        release = () => resolve({ entries: [numbered(3)], next_cursor: 'p3' });
      });
    });
    renderTrail();
    await screen.findByText('user1');

    // Act
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('2 entries so far…')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Exporting entries' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    release();

    // Assess
    expect(await screen.findByText('Export cancelled.')).toBeTruthy();
    await waitFor(() => expect(api.requests('GET /audit').filter((r) => r.query.cursor)).toHaveLength(1));
    expect(api.requests('GET /audit').some((r) => r.query.cursor === 'p3')).toBe(false);
    expect(saved).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeTruthy();
  });
});

describe('the audit CSV', () => {
  it('writes a header and one row per entry, quoting commas and quotes and guarding formulas', () => {
    // Act
    const csv = toCsv(AUDIT_CSV_COLUMNS, [
      entry({ user_agent: 'Agent, "quoted"', resource_ids: ['a', 'b'], user_type: null }),
      entry({ username: '=HYPERLINK("x")' }),
    ]);
    // Assess
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe(
      '\uFEFFat,user_id,user_type,username,user_name,user_email,action,status,outcome,resource_type,resource_ids,request_id,source_ip,user_agent,case_id,case_number',
    );
    expect(lines[1]).toBe(
      '2026-11-23T18:05:12.000Z,u-1,,ada,,,GET /case,200,allowed,case,"a, b",req-1,203.0.113.9,"Agent, ""quoted""",,',
    );
    expect(lines[2]).toContain(`,"'=HYPERLINK(""x"")",`);
    expect(lines).toHaveLength(4);
  });

  it('names the case an entry is about by its id and its number', () => {
    // Act
    const csv = toCsv(AUDIT_CSV_COLUMNS, [entry({ case_id: 'u-1_1760000000000', case_number: 'C-000123' })]);
    // Assess
    expect(csv.split('\r\n')[1]).toMatch(/,u-1_1760000000000,C-000123$/);
  });
});
