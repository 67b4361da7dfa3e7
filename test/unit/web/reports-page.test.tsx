/**
 * @jest-environment ./test/unit/web/support/msw-environment.ts
 */
/**
 * The Reports page (/back-office/reports; spec back-office-and-shell sections 2 "Reports" and 8
 * "Reports") against the fake API: the permission check first, the redirect of users without access,
 * the download under the server's file name, the provider picker (GET /user/list), the spec's error
 * texts by cause and the server-side history.
 */

import './support/dom-env';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import ReportsPage from '../../../web/src/back-office/reports/ReportsPage';
import { navItemsFor } from '../../../web/src/shell/navigationFor';
import { HttpResponse } from 'msw';
import { networkError, reply, useFakeApi } from './support/fake-api-server';

const api = useFakeApi();

/** POST /report/provider-payment's PDF answer, under `filename`. */
function pdf(filename: string, bytes = '%PDF-1.7'): Response {
  return new HttpResponse(bytes, {
    headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': `attachment; filename="${filename}"` },
  });
}

const HISTORY = [
  {
    id: '2026-11-23T18:05:12.000Z#aa',
    reportType: 'provider-payment',
    userId: '',
    generatedAt: '2026-11-23T18:05:12.000Z',
    status: 'success',
    filename: 'provider-payment-report_all_2026-11-23_180512.pdf',
    case_count: 1234,
    total: 98765.4,
    downloadable: true,
  },
  {
    id: '2026-11-22T10:00:00.000Z#bb',
    reportType: 'provider-payment',
    userId: '72df5eef-d59b-41c9-abff-a3e5e991124a',
    generatedAt: '2026-11-22T10:00:00.000Z',
    status: 'error',
    filename: 'provider-payment-report_72df5eef_2026-11-22_100000.pdf',
    case_count: 0,
    total: 0,
  },
  {
    id: '2026-11-21T09:00:00.000Z#cc',
    reportType: 'provider-payment',
    userId: '5ebe1918-42b3-45f9-8cd3-b0bf95a23ebc',
    providerName: 'Ada Quill',
    generatedAt: '2026-11-21T09:00:00.000Z',
    status: 'success',
    filename: 'provider-payment-report_5ebe1918_2026-11-21_090000.pdf',
    case_count: 2,
    total: 2234.56,
  },
];

function serve(options: { permission?: unknown; permissionError?: () => Response; history?: unknown[] } = {}) {
  api.fallback(({ path, query }) => {
    if (path === '/report/permission') {
      if (options.permissionError) return options.permissionError();
      return options.permission ?? { userType: 50, hasReportingAccess: true, error: null };
    }
    if (path === '/report/history') return { reports: options.history ?? HISTORY };
    if (path === '/user/list') {
      const search = query.search ?? '';
      return {
        users: [
          {
            user_id: 'prov-ada',
            first_name: 'Ada',
            last_name: 'Quill',
            user_email: 'ada@example.com',
            user_type: 0,
            user_npi: '1234567893',
          },
          {
            user_id: 'admin-quinn',
            first_name: 'Quinn',
            last_name: 'Quist',
            user_email: 'q@example.com',
            user_type: 50,
            user_npi: '',
          },
        ].filter((u) => u.last_name.toLowerCase().startsWith(search.toLowerCase())),
        total: 1,
      };
    }
    return reply(404, { message: 'Not Found' });
  });
}

function renderPage() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/back-office/reports']}>
        <Routes>
          <Route path="/back-office/reports" element={<ReportsPage />} />
          <Route path="/dashboard" element={<p>Dashboard page</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const calls = (path: string) => api.requests().filter((r) => r.path === path);
const generated = () => api.requests('POST /report/provider-payment');

let clicked: HTMLAnchorElement[] = [];
beforeEach(() => {
  clicked = [];
  Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:report'), revokeObjectURL: jest.fn() });
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push(this);
  });
});
afterEach(() => jest.restoreAllMocks());

describe('the permission check', () => {
  it('says "Checking permissions..." first, then the user type with "Reporting Enabled" and the history', async () => {
    // Prepare
    serve({ permission: { userType: 100, hasReportingAccess: true, error: null } });

    // Act
    renderPage();

    // Assess
    expect(screen.getByText('Checking permissions...')).toBeTruthy();
    expect(await screen.findByText('Reporting Enabled')).toBeTruthy();
    expect(screen.getByText('User type: Global Admin (100)')).toBeTruthy();
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(rows[0]!.textContent).toContain('All providers');
    expect(rows[0]!.textContent).toContain('Success');
    expect(rows[0]!.textContent).toContain('1,234');
    expect(rows[0]!.textContent).toContain('$98,765.40');
    // A report kept before names were stored: the spec's lookup fallback.
    expect(rows[1]!.textContent).toContain('User 72DF5EEF');
    expect(rows[1]!.textContent).toContain('Error');
    expect(within(rows[2]!).getAllByRole('cell')[1]!.textContent).toBe('Ada Quill');
  });

  it('sends a user without reporting access to /dashboard', async () => {
    // Prepare
    serve({
      permission: {
        userType: 20,
        hasReportingAccess: false,
        error: 'Access denied: Reporting functionality requires user_type >= 50',
      },
    });

    // Act
    renderPage();

    // Assess
    expect(await screen.findByText('Dashboard page')).toBeTruthy();
    expect(calls('/report/history')).toHaveLength(0);
  });

  it('sends the user to /dashboard when the permission call fails', async () => {
    // Prepare
    serve({ permissionError: () => reply(500) });

    // Act
    renderPage();

    // Assess
    expect(await screen.findByText('Dashboard page')).toBeTruthy();
  });
});

describe('generating the report', () => {
  it('downloads the PDF for every provider under the file name the server gave, then refreshes the history', async () => {
    // Prepare
    serve({ history: [] });
    api.on('POST /report/provider-payment', () => pdf('provider-payment-report_all_2026-11-23_180512.pdf'));
    renderPage();
    await screen.findByText('No reports generated yet.');

    // Act
    fireEvent.click(screen.getByRole('button', { name: 'Generate Report' }));

    // Assess
    expect(
      await screen.findByText('Report downloaded: provider-payment-report_all_2026-11-23_180512.pdf'),
    ).toBeTruthy();
    expect(generated()).toHaveLength(1);
    expect(generated()[0]?.headers.get('accept')).toContain('application/pdf');
    expect(generated()[0]?.body).not.toHaveProperty('user_id');
    const [blob] = jest.mocked(URL.createObjectURL).mock.calls[0] as [Blob];
    expect(blob.type).toBe('application/pdf');
    expect(await blob.text()).toBe('%PDF-1.7');
    expect(clicked).toHaveLength(1);
    expect(clicked[0]!.download).toBe('provider-payment-report_all_2026-11-23_180512.pdf');
    await waitFor(() => expect(calls('/report/history').length).toBe(2));
  });

  it('keeps Generate Report focusable while the report is made, and sends one request however often it is pressed', async () => {
    // Prepare
    serve({ history: [] });
    let finish: (r: Response) => void = () => undefined;
    api.on('POST /report/provider-payment', () => new Promise<Response>((resolve) => (finish = resolve)));
    renderPage();
    await screen.findByText('No reports generated yet.');
    const button = screen.getByRole('button', { name: 'Generate Report' }) as HTMLButtonElement;
    button.focus();
    // Act
    fireEvent.click(button);
    await waitFor(() => expect(generated()).toHaveLength(1));
    // Assess: a disabled button would lose the focus
    expect(button.textContent).toBe('Generating report...');
    expect(button.disabled).toBe(false);
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(document.activeElement).toBe(button);
    // Act
    fireEvent.click(button);
    finish(pdf('r.pdf'));
    // Assess
    expect(await screen.findByText('Report downloaded: r.pdf')).toBeTruthy();
    expect(generated()).toHaveLength(1);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Generate Report' }));
  });

  it('sends the provider chosen in the picker (searched through GET /user/list)', async () => {
    // Prepare
    serve();
    api.on('POST /report/provider-payment', () => pdf('r.pdf', 'x'));
    renderPage();
    const input = await screen.findByLabelText('Provider (optional)');

    // Act
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'qui' } });
    await waitFor(() => expect(calls('/user/list')).toHaveLength(1));
    const option = await screen.findByRole('option', { name: 'Ada Quill (NPI 1234567893)' });
    expect(screen.queryByRole('option', { name: /Quinn Quist/ })).toBeNull();
    fireEvent.click(option);
    fireEvent.click(screen.getByRole('button', { name: 'Generate Report' }));

    // Assess
    expect(calls('/user/list')[0]?.query).toMatchObject({ search: 'qui', limit: '20' });
    expect(screen.getByTestId('chosen-provider').textContent).toBe('Ada Quill (NPI 1234567893)');
    await waitFor(() => expect(generated()).toHaveLength(1));
    expect(generated()[0]?.body).toMatchObject({ user_id: 'prov-ada' });
  });

  it('keeps focus on the provider picker: on All providers instead after a pick, back in the box after it', async () => {
    // Prepare
    serve();
    renderPage();
    const input = await screen.findByLabelText('Provider (optional)');
    input.focus();
    fireEvent.change(input, { target: { value: 'qui' } });
    // Act
    fireEvent.click(await screen.findByRole('option', { name: 'Ada Quill (NPI 1234567893)' }));
    // Assess
    const instead = screen.getByRole('button', { name: 'All providers instead' });
    expect(document.activeElement).toBe(instead);
    // Act
    fireEvent.click(instead);
    // Assess
    expect(document.activeElement).toBe(screen.getByLabelText('Provider (optional)'));
  });

  it.each([
    [
      '404',
      () => reply(404, { message: "Sorry, we can't find any cases in pending payment status." }),
      "Sorry, we can't find any cases in pending payment status.",
    ],
    [
      '403',
      () => reply(403, { message: 'Access denied: Reporting functionality requires user_type >= 50' }),
      'Access denied: You do not have permission to generate reports.',
    ],
    ['401', () => reply(401, { message: 'Unauthorized' }), 'Authentication failed. Please sign in again.'],
    ['no answer', () => networkError(), 'Network error. Please check your connection and try again.'],
    ['504', () => reply(504), 'Request timed out. Please try again.'],
  ])('shows the spec text for %s', async (_name, failure, shown) => {
    // Prepare
    serve({ history: [] });
    api.on('POST /report/provider-payment', failure);
    renderPage();
    await screen.findByText('No reports generated yet.');

    // Act
    fireEvent.click(screen.getByRole('button', { name: 'Generate Report' }));

    // Assess
    expect(await screen.findByText(shown)).toBeTruthy();
    expect(clicked).toHaveLength(0);
  });
});

describe('downloading a report of the history again', () => {
  it('offers Download for kept reports only, opens the link the server signs, and says when it is gone', async () => {
    // Prepare
    serve();
    const link = {
      url: 'http://127.0.0.1:9/private/reports/me/r.pdf?X-Amz-Signature=abc',
      filename: 'provider-payment-report_all_2026-11-23_180512.pdf',
      expires_in: 300,
    };
    let answer: () => Response | typeof link = () => link;
    api.on('GET /report/download', () => answer());
    renderPage();
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);

    // Act
    fireEvent.click(within(rows[0]!).getByRole('button', { name: /^Download provider-payment-report_all/ }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    answer = () => reply(404, { message: 'This report is not available for download.' });
    fireEvent.click(within(rows[0]!).getByRole('button', { name: /^Download / }));

    // Assess: the error row offers nothing, the older success says it is not kept.
    expect(calls('/report/download')[0]?.query).toMatchObject({ id: '2026-11-23T18:05:12.000Z#aa' });
    expect(clicked[0]!.href).toBe('http://127.0.0.1:9/private/reports/me/r.pdf?X-Amz-Signature=abc');
    expect(within(rows[1]!).queryByRole('button')).toBeNull();
    expect(rows[2]!.textContent).toContain('Not kept');
    expect((await screen.findByRole('alert')).textContent).toContain('This report is not available for download.');
    expect(generated()).toHaveLength(0);
  });
});

describe('downloading a report of the history again, from the keyboard', () => {
  it('keeps the Download button focusable while the link is fetched', async () => {
    // Prepare
    serve();
    let answer: (r: Response) => void = () => undefined;
    api.on('GET /report/download', () => new Promise<Response>((resolve) => (answer = resolve)));
    renderPage();
    const download = (await screen.findByRole('button', {
      name: /^Download provider-payment-report_all/,
    })) as HTMLButtonElement;
    download.focus();
    // Act
    fireEvent.click(download);
    await waitFor(() => expect(calls('/report/download')).toHaveLength(1));
    fireEvent.click(download);
    // Assess: a disabled button would lose the focus
    expect(download.textContent).toBe('Downloading...');
    expect(download.disabled).toBe(false);
    expect(download.getAttribute('aria-disabled')).toBe('true');
    // Act
    answer(reply(200, { url: 'http://127.0.0.1:9/r.pdf', filename: 'r.pdf', expires_in: 300 }));
    // Assess
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(calls('/report/download')).toHaveLength(1);
    expect(document.activeElement).toBe(download);
  });
});

describe('the Reports link', () => {
  it('appears in the back-office navigation from user_type 50 only', () => {
    // Act
    const at = (type: number) => navItemsFor(true, type).map((i) => i.to);

    // Assess
    expect(at(20)).not.toContain('/back-office/reports');
    expect(at(49)).not.toContain('/back-office/reports');
    expect(at(50)).toContain('/back-office/reports');
    expect(at(1000)).toContain('/back-office/reports');
    expect(at(0)).not.toContain('/back-office/reports');
  });
});

describe('the file name of a download', () => {
  it('reads the quoted, bare and UTF-8 forms of Content-Disposition, and nothing from a missing header', () => {
    // Prepare
    const { filenameFromDisposition } =
      jest.requireActual<typeof import('../../../web/src/lib/apiFile')>('../../../web/src/lib/apiFile');

    // Act and Assess
    expect(filenameFromDisposition('attachment; filename="provider-payment-report_all_2026-11-23_180512.pdf"')).toBe(
      'provider-payment-report_all_2026-11-23_180512.pdf',
    );
    expect(filenameFromDisposition('attachment; filename=report.pdf')).toBe('report.pdf');
    expect(filenameFromDisposition('attachment; filename="a.pdf"; filename*=UTF-8\'\'r%C3%A9sum%C3%A9.pdf')).toBe(
      'résumé.pdf',
    );
    expect(filenameFromDisposition(null)).toBeUndefined();
    expect(filenameFromDisposition('attachment')).toBeUndefined();
  });
});
