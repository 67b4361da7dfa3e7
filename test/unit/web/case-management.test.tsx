/**
 * @jest-environment ./test/unit/web/support/msw-environment.ts
 */
/**
 * Back-office Case Management (/back-office/cases) and the back office's controls on Case Details
 * against the fake API holding cases in memory: the table with the
 * Status badge column, search with 'Showing X of Y cases matching' and Clear, the status and user
 * filters, Top Users, the status control (backwards asks for a reason; to 40 to 80 for the dispute
 * event the status stands for, recorded by POST /dispute/event), delete with the spec's confirm, the
 * Component Error panel, the pay amount entry and the history with who and why.
 * No network, no Amplify session.
 */
jest.mock('../../../web/src/auth/AuthProvider', () => ({
  useAuth: () => ({
    status: 'signedIn',
    user: { sub: 'admin1', email: 'caseadmin@example.com' },
    signOut: jest.fn(async () => undefined),
    refresh: jest.fn(),
  }),
}));
const profileState = { userType: 10 };
jest.mock('../../../web/src/profile/useProfile', () => ({
  useProfile: () => ({ data: { user_type: profileState.userType }, userType: profileState.userType, isPending: false }),
}));
// A badge that crashes while `crash.badge` is set lets a test reach the Component Error panel.
const crash = { badge: false };
jest.mock('../../../web/src/cases/StatusBadge', () => {
  const actual = jest.requireActual('../../../web/src/cases/StatusBadge');
  return {
    StatusBadge: (props: { status: number }) => {
      if (crash.badge) throw new Error('Badge exploded');
      return actual.StatusBadge(props);
    },
  };
});

import { setViewport } from './support/dom-env';
import { QueryClient, QueryClientProvider, focusManager } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import CaseManagementPage, { matchingText } from '../../../web/src/back-office/cases/CaseManagementPage';
import CaseDetailsPage from '../../../web/src/cases/CaseDetailsPage';
import CaseFormPage from '../../../web/src/cases/CaseFormPage';
import { parseDollarsInput } from '../../../web/src/cases/caseAdmin';
import { EVENT_STATUS_MOVES, type DisputeEventType } from '../../../shared/dispute/events';
import type { DisputeEventAnswer } from '../../../shared/schemas/dispute-api';
import { disputeEvent, disputeOf } from './support/dispute-fixtures';
import { networkError, reply, useFakeApi } from './support/fake-api-server';
import { captureDownloads } from './support/downloads';
import { parse } from 'csv-parse/sync';

const api = useFakeApi();

type Req = { method: string; query: Record<string, string>; body?: Record<string, unknown> };

interface FakeCase {
  case_id: string;
  user_id: string;
  owner_name: string;
  case_date: string;
  patient_first: string;
  patient_last: string;
  ins_provider: string;
  procedure_codes: string[];
  case_status: number;
  pay_amount?: number;
  demo_file: string;
  note_file: string;
  status_history: Record<string, unknown>[];
  version: number;
  days_in_status: number;
}

const OWNERS = { p1: 'Alice Baker', p2: 'Bruno Cole' } as const;
let cases: FakeCase[];
let calls: [string, Req][];
/** Dispute events by case id (a case without an entry has an empty dispute). */
let disputes: Map<string, DisputeEventAnswer[]>;

function fakeCase(n: number, owner: keyof typeof OWNERS, last: string, status = 10): FakeCase {
  return {
    case_id: `${owner}_${1_760_000_000_000 + n}`,
    user_id: owner,
    owner_name: OWNERS[owner],
    case_date: '2026-02-03',
    patient_first: 'Pat',
    patient_last: last,
    ins_provider: 'Aetna',
    procedure_codes: ['27447', '29881', '47562'],
    case_status: status,
    demo_file: n % 2 ? 'private/case-documents/x/demo.pdf' : '',
    note_file: '',
    status_history: [
      { from: null, to: status, by: owner, by_name: OWNERS[owner], at: '2026-02-03T10:00:00Z', why: 'auto' },
    ],
    version: 1,
    // 0, 40, 80... days: every other case is over the aging filters' 30 days.
    days_in_status: (n % 2) * 40 * Math.ceil(n / 2),
  };
}

/** The server's manual move of `c` to `to` (PUT, PATCH with case_status, POST /case/bulk). */
function move(c: FakeCase, to: number, reason: unknown) {
  c.status_history = [
    ...c.status_history,
    {
      from: c.case_status,
      to,
      by: 'admin1',
      by_name: 'Casey Admin',
      at: '2026-03-01T12:00:00Z',
      why: 'manual',
      ...(reason ? { reason } : {}),
    },
  ];
  c.case_status = to;
  c.version += 1;
  c.days_in_status = 0;
}

/** A row's name in its controls' labels: a case without a number by its id, then the patient. */
const rowName = (c: FakeCase) => `${c.case_id} (Pat ${c.patient_last})`;

function statsOf(list: FakeCase[]) {
  const by_status: Record<string, number> = {};
  for (const s of [0, 10, 20, 30, 40, 50, 60, 70, 80, 90]) by_status[String(s)] = 0;
  for (const c of list) by_status[String(c.case_status)] = (by_status[String(c.case_status)] ?? 0) + 1;
  const counts = new Map<string, number>();
  for (const c of list) counts.set(c.user_id, (counts.get(c.user_id) ?? 0) + 1);
  return {
    success: true,
    range: 'all',
    total_cases: list.length,
    total_revenue: list.reduce((s, c) => s + (c.pay_amount ?? 0), 0),
    pending_cases: by_status['20'],
    incomplete_cases: by_status['0'],
    by_status,
    top_users: [...counts]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 5)
      .map(([user_id, case_count]) => ({ user_id, name: OWNERS[user_id as keyof typeof OWNERS], case_count })),
  };
}

/** The fake server: GET /case pages 2 at a time (cursor = next index). */
function serve() {
  api.fallback(({ path, method, query, body }) => {
    const req: Req = { method, query, body: body as Record<string, unknown> | undefined };
    calls.push([path, req]);
    const q = req.query;
    if (path === '/case' && method === 'GET' && q.case_id) {
      const c = cases.find((x) => x.case_id === q.case_id);
      if (!c) return reply(404, { message: 'Case not found' });
      return { success: true, case: c };
    }
    if (path === '/case' && method === 'GET') {
      const search = String(q.search ?? '').toLowerCase();
      const matched = cases.filter(
        (c) =>
          (!search || c.patient_last.toLowerCase().startsWith(search)) &&
          (q.status === undefined || c.case_status === Number(q.status)) &&
          (q.min_days_in_status === undefined || c.days_in_status >= Number(q.min_days_in_status)) &&
          (q.user_id === undefined || c.user_id === q.user_id),
      );
      const start = Number(q.cursor ?? 0);
      const page = matched.slice(start, start + 2);
      return {
        success: true,
        cases: page,
        count: page.length,
        ...(start + 2 < matched.length ? { next_cursor: String(start + 2) } : {}),
      };
    }
    if (path === '/case/stats') return statsOf(q.user_id ? cases.filter((c) => c.user_id === q.user_id) : cases);
    if (path === '/user/list') {
      const s = String(q.search ?? '').toLowerCase();
      const users = Object.entries(OWNERS)
        .filter(([, name]) =>
          name
            .toLowerCase()
            .split(' ')
            .some((w) => w.startsWith(s)),
        )
        .map(([user_id, name]) => ({
          user_id,
          first_name: name.split(' ')[0],
          last_name: name.split(' ')[1],
          user_email: `${user_id}@example.com`,
          user_type: 0,
        }));
      return { users, total: 2 };
    }
    if (path === '/case' && method === 'PUT') {
      const c = cases.find((x) => x.case_id === req.body?.case_id);
      if (!c) return reply(404, { message: 'Case not found' });
      move(c, Number(req.body?.case_status), req.body?.reason);
      return { success: true, case: c };
    }
    if (path === '/case/bulk' && method === 'POST') {
      const { action, items } = req.body as { action: string; items: Record<string, unknown>[] };
      const results = items.map((item) => {
        const c = cases.find((x) => x.case_id === item.case_id);
        if (!c) return { case_id: item.case_id, ok: false, status: 404, message: 'Case not found' };
        if (item.version !== undefined && item.version !== c.version)
          return { case_id: c.case_id, ok: false, status: 409, message: 'The case was changed by someone else' };
        if (action === 'status') move(c, Number(item.case_status), item.reason);
        else if (item.pay_amount === null) delete c.pay_amount;
        else c.pay_amount = Number(item.pay_amount);
        return { case_id: c.case_id, ok: true, status: 200 };
      });
      return { results };
    }
    if (path === '/dispute' && method === 'GET')
      return disputeOf(q.case_id!, { events: disputes.get(q.case_id!) ?? [] });
    if (path === '/dispute/event' && method === 'POST') {
      // The server's forward move: the event's status, a history entry naming the event.
      const { case_id, type, date, ...fields } = req.body as { case_id: string; type: string; date: string };
      const c = cases.find((x) => x.case_id === case_id)!;
      disputes.set(case_id, [...(disputes.get(case_id) ?? []), disputeEvent(type, date, fields)]);
      const to = EVENT_STATUS_MOVES[type as DisputeEventType];
      if (to !== undefined && to > c.case_status) {
        c.status_history = [
          ...c.status_history,
          {
            from: c.case_status,
            to,
            by: 'admin1',
            at: '2026-03-01T12:00:00Z',
            why: 'auto',
            reason: `Dispute event recorded: ${type} (${date})`,
          },
        ];
        c.case_status = to;
      }
      return disputeOf(case_id, { events: disputes.get(case_id) ?? [] });
    }
    if (path === '/case' && method === 'PATCH') {
      const c = cases.find((x) => x.case_id === req.body?.case_id)!;
      if (req.body?.version !== undefined && req.body.version !== c.version)
        return reply(409, { message: 'The case was changed by someone else' });
      if (req.body?.case_status !== undefined) {
        move(c, Number(req.body.case_status), req.body.reason);
        return { success: true, case: c };
      }
      if (req.body?.pay_amount === null) delete c.pay_amount;
      else c.pay_amount = Number(req.body?.pay_amount);
      return { success: true, case: c };
    }
    if (path === '/case' && method === 'DELETE') {
      cases = cases.filter((c) => c.case_id !== q.case_id);
      return { success: true, message: 'Case deleted successfully' };
    }
    if (path === '/surgeon')
      return {
        success: true,
        surgeons:
          q.user_id === 'p1' ? [{ surgeon_id: 's1', user_id: 'p1', first_name: 'Meredith', last_name: 'Grey' }] : [],
      };
    if (path === '/facility') return { success: true, facilities: [] };
    return reply(500, { message: `unexpected ${method} ${path}` });
  });
}

function renderAt(path: string, editForm = false) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/back-office/cases" element={<CaseManagementPage />} />
          <Route path="/case/:caseId" element={<CaseDetailsPage />} />
          <Route path="/case/:caseId/edit" element={editForm ? <CaseFormPage /> : <p>Edit form</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const table = () => screen.getByRole('table', { name: 'Cases' });
const rows = () => within(table()).getAllByRole('row').slice(1);
const caseCalls = () => calls.filter(([p, r]) => p === '/case' && r.method === 'GET' && !r.query.case_id);

beforeEach(() => {
  // The table: the case list renders the cards instead on a phone (web/src/cases/CaseTable.tsx).
  setViewport('desktop');
  profileState.userType = 10;
  crash.badge = false;
  calls = [];
  disputes = new Map();
  cases = [
    fakeCase(1, 'p1', 'Doe'),
    fakeCase(2, 'p1', 'Dorsey', 20),
    fakeCase(3, 'p2', 'Smith', 0),
    fakeCase(4, 'p1', 'Young', 30),
  ];
  serve();
});

describe('the Case Management table', () => {
  it('shows the spec columns with the Status badge and owner, Top Users, and Showing X of Y from the counts', async () => {
    // Prepare
    renderAt('/back-office/cases');
    // Act
    await screen.findByText('Showing 2 of 4 cases');
    // Assess
    const headers = within(table())
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual([
      'Case ID',
      'Date',
      'Patient',
      'User',
      'Status',
      'Days in Status',
      'Insurance',
      'Procedure Codes',
      'Pay Amount',
      'Demo Sheet',
      'Op Note',
      'Actions',
    ]);
    const first = within(rows()[0]!).getAllByRole('cell');
    expect(first[2]!.textContent).toBe('Pat Doe');
    expect(first[3]!.textContent).toBe('Alice Baker');
    expect(first[4]!.textContent).toBe('Submitted');
    expect(first[5]!.textContent).toBe('40 days');
    expect(first[7]!.textContent).toBe('27447, 29881...');
    expect(first[8]!.textContent).toBe('N/A');
    const top = screen.getByRole('list', { name: 'Top users by case count' });
    expect(
      within(top)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Alice Baker 3 cases', 'Bruno Cole 1 case']);
    expect(caseCalls()[0]![1].query).toEqual({ limit: '50' });
  });

  it('shows an unknown status code as Incomplete', async () => {
    // Prepare
    cases[0]!.case_status = 55;
    renderAt('/back-office/cases');
    // Act (the counts of this fake hold the unknown code, which the stats schema refuses: no Y)
    await screen.findByText('Showing 2 cases');
    // Assess
    expect(within(rows()[0]!).getAllByRole('cell')[4]!.textContent).toBe('Incomplete');
  });

  it('appends the next page on Load more', async () => {
    // Prepare
    renderAt('/back-office/cases');
    await screen.findByText('Showing 2 of 4 cases');
    // Act
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    // Assess
    await screen.findByText('Showing 4 of 4 cases');
    expect(rows()).toHaveLength(4);
    expect(caseCalls().at(-1)![1].query.cursor).toBe('2');
  });

  it('searches with GET /case?search=, says how many of the cases in scope match, and clears', async () => {
    // Prepare
    renderAt('/back-office/cases');
    await screen.findByText('Showing 2 of 4 cases');
    // Act
    fireEvent.change(screen.getByPlaceholderText('Search cases...'), { target: { value: 'do' } });
    // Assess
    await screen.findByText('Showing 2 of 4 cases matching "do"');
    expect(caseCalls().at(-1)![1].query.search).toBe('do');
    expect(rows().map((r) => within(r).getAllByRole('cell')[2]!.textContent)).toEqual(['Pat Doe', 'Pat Dorsey']);
    // Act: Clear search
    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    // Assess
    await screen.findByText('Showing 2 of 4 cases');
    expect(screen.queryByText(/matching/)).toBeNull();
    expect((screen.getByPlaceholderText('Search cases...') as HTMLInputElement).value).toBe('');
  });

  it('shows the empty states: no match for a search, no cases at all', async () => {
    // Prepare
    renderAt('/back-office/cases');
    await screen.findByText('Showing 2 of 4 cases');
    // Act
    fireEvent.change(screen.getByPlaceholderText('Search cases...'), { target: { value: 'zz' } });
    // Assess
    await screen.findByText('No cases match your search');
    // Act: no cases at all
    cases = [];
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    // Assess
    await screen.findByRole('heading', { name: 'No cases found' });
  });

  it('filters by status (All Statuses) with Y from that status count', async () => {
    // Prepare
    renderAt('/back-office/cases');
    await screen.findByText('Showing 2 of 4 cases');
    // Act
    const select = screen.getByLabelText('Status filter');
    expect(within(select).getAllByRole('option')[0]!.textContent).toBe('All Statuses');
    fireEvent.change(select, { target: { value: 'paid' } });
    // Assess
    await screen.findByText('Showing 1 of 1 case');
    expect(caseCalls().at(-1)![1].query.status).toBe('20');
    expect(rows()).toHaveLength(1);
  });

  it('narrows to the cases over 30 days in their status, and to Sent to Biller over 30 days, with one press each', async () => {
    // Prepare: cases 1 and 3 are 40 and 80 days in their status; Young (case 4) 45 days Sent to Biller
    cases[3]!.days_in_status = 45;
    renderAt('/back-office/cases');
    await screen.findByText('Showing 2 of 4 cases');
    const over = screen.getByRole('button', { name: 'Over 30 days in this status' });
    const sent = screen.getByRole('button', { name: 'Sent to Biller over 30 days' });
    // Act
    fireEvent.click(over);
    await waitFor(() => expect(caseCalls().at(-1)![1].query.min_days_in_status).toBe('30'));
    const aged = await waitFor(() => {
      expect(rows().map((r) => r.getAttribute('data-case-id'))).toEqual([cases[0]!.case_id, cases[2]!.case_id]);
      return rows();
    });
    fireEvent.click(sent);
    // Assess
    expect(aged).toHaveLength(2);
    await waitFor(() => expect(caseCalls().at(-1)![1].query).toMatchObject({ status: '30', min_days_in_status: '30' }));
    await waitFor(() => expect(rows().map((r) => r.getAttribute('data-case-id'))).toEqual([cases[3]!.case_id]));
    expect(sent.getAttribute('aria-pressed')).toBe('true');
    expect(over.getAttribute('aria-pressed')).toBe('false');
    expect((screen.getByLabelText('Status filter') as HTMLSelectElement).value).toBe('sent_to_biller');
  });

  it('filters by a provider chosen by name from GET /user/list (user_type 20), with All Users to clear', async () => {
    // Prepare
    profileState.userType = 20;
    renderAt('/back-office/cases');
    await screen.findByText('Showing 2 of 4 cases');
    // Act
    const box = screen.getByRole('combobox', { name: 'User filter' });
    fireEvent.focus(box);
    fireEvent.change(box, { target: { value: 'bru' } });
    const option = await screen.findByRole('option', { name: 'Bruno Cole' });
    fireEvent.click(option);
    // Assess
    await screen.findByText('Showing 1 of 1 case');
    expect(calls.find(([p]) => p === '/user/list')![1].query).toEqual({ search: 'bru', limit: '10' });
    expect(caseCalls().at(-1)![1].query.user_id).toBe('p2');
    expect(calls.some(([p, r]) => p === '/case/stats' && r.query.user_id === 'p2')).toBe(true);
    expect(screen.getByText('Bruno Cole', { selector: 'strong' })).toBeTruthy();
    // Act: All Users
    fireEvent.click(screen.getByRole('button', { name: 'All Users' }));
    // Assess
    await screen.findByText('Showing 2 of 4 cases');
  });

  it('keeps focus on the user filter: on All Users after a pick, back in the box after All Users', async () => {
    // Prepare
    renderAt('/back-office/cases');
    await screen.findByText('Showing 2 of 4 cases');
    const box = screen.getByRole('combobox', { name: 'User filter' });
    box.focus();
    fireEvent.change(box, { target: { value: 'ali' } });
    // Act
    fireEvent.click(await screen.findByRole('option', { name: 'Alice Baker' }));
    // Assess
    const allUsers = await screen.findByRole('button', { name: 'All Users' });
    expect(document.activeElement).toBe(allUsers);
    // Act
    fireEvent.click(allUsers);
    // Assess
    expect(document.activeElement).toBe(await screen.findByRole('combobox', { name: 'User filter' }));
  });

  it('offers the owners it knows, without GET /user/list, to user_type 10', async () => {
    // Prepare
    renderAt('/back-office/cases');
    await screen.findByText('Showing 2 of 4 cases');
    // Act
    const box = screen.getByRole('combobox', { name: 'User filter' });
    fireEvent.focus(box);
    fireEvent.change(box, { target: { value: 'ali' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Alice Baker' }));
    // Assess
    await screen.findByText('Showing 2 of 3 cases');
    expect(calls.some(([p]) => p === '/user/list')).toBe(false);
  });

  it('sets the user filter from a Top Users name', async () => {
    // Prepare
    renderAt('/back-office/cases');
    await screen.findByText('Showing 2 of 4 cases');
    // Act
    fireEvent.click(screen.getByRole('button', { name: 'Bruno Cole' }));
    // Assess
    await screen.findByText('Showing 1 of 1 case');
    expect(caseCalls().at(-1)![1].query.user_id).toBe('p2');
  });
});

describe('the CSV export', () => {
  const saved = captureDownloads();

  it('pages through GET /case with the filters on screen and saves the rows shown, with ids, days and dollars', async () => {
    // Prepare: cases 1, 3 and 4 are over 30 days in their status: two pages of the fake
    cases[3]!.days_in_status = 45;
    cases[0]!.pay_amount = 1234.5;
    renderAt('/back-office/cases');
    await screen.findByText('Showing 2 of 4 cases');
    fireEvent.click(screen.getByRole('button', { name: 'Over 30 days in this status' }));
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(rows()).toHaveLength(3));
    const shown = rows().map((r) => r.getAttribute('data-case-id'));
    const before = caseCalls().length;

    // Act
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));

    // Assess
    expect(await screen.findByText('Exported 3 cases.')).toBeTruthy();
    expect(
      caseCalls()
        .slice(before)
        .map(([, r]) => r.query),
    ).toEqual([
      { min_days_in_status: '30', limit: '50' },
      { min_days_in_status: '30', limit: '50', cursor: '2' },
    ]);
    expect(saved.map((f) => f.name)).toEqual([expect.stringMatching(/^cases-\d{4}-\d{2}-\d{2}\.csv$/)]);
    const [header, ...lines]: string[][] = parse(await saved[0]!.text, { bom: true });
    // The table's columns (without Actions) and the case number beside the full case id.
    const [idHeader, ...tableHeaders] = within(table())
      .getAllByRole('columnheader')
      .map((h) => h.textContent)
      .filter((h) => h !== 'Actions');
    expect(header).toEqual([idHeader, 'Case Number', ...tableHeaders]);
    expect(lines.map((l) => l[0])).toEqual(shown);
    expect(lines[0]).toEqual([
      cases[0]!.case_id,
      '',
      '2026-02-03',
      'Pat Doe',
      'Alice Baker',
      'Submitted',
      '40',
      'Aetna',
      '27447, 29881, 47562',
      '1234.50',
      'Yes',
      'No',
    ]);
    expect(lines[2]![9]).toBe('');
  });
});

describe('row selection and bulk changes', () => {
  const box = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;
  const bulkBodies = () => calls.filter(([p]) => p === '/case/bulk').map(([, r]) => r.body);

  it('selects rows by their named checkboxes or all shown at once, and clears with a filter change', async () => {
    // Prepare
    renderAt('/back-office/cases');
    await screen.findByText('Showing 2 of 4 cases');
    // Act
    fireEvent.click(box('Select case 10/9/25, 8:53:20 AM (Pat Doe)'));
    // Assess
    expect(screen.getByRole('region', { name: 'Selected cases' }).textContent).toContain('1 case selected');
    expect(box('Select all 2 cases shown').indeterminate).toBe(true);
    // Act
    fireEvent.click(box('Select all 2 cases shown'));
    // Assess
    expect(screen.getByText('2 cases selected')).toBeTruthy();
    expect(box('Select case 10/9/25, 8:53:20 AM (Pat Dorsey)').checked).toBe(true);
    // Act: another filter
    fireEvent.change(screen.getByLabelText('Status filter'), { target: { value: 'paid' } });
    // Assess
    await screen.findByText('Showing 1 of 1 case');
    expect(screen.queryByRole('region', { name: 'Selected cases' })).toBeNull();
  });

  it('moves the selected cases with one POST /case/bulk, asking a reason for moves back, and sums up', async () => {
    // Prepare
    cases[1]!.version = 7;
    renderAt('/back-office/cases');
    await screen.findByText('Showing 2 of 4 cases');
    fireEvent.click(box('Select all 2 cases shown'));
    // Act
    fireEvent.click(screen.getByRole('button', { name: 'Move status' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move 2 cases' });
    const to = within(dialog).getByLabelText(/Move to/) as HTMLSelectElement;
    // Assess: statuses with a dispute event are not offered
    expect([...to.options].map((o) => o.value)).toEqual(['', '0', '10', '20', '30', '90']);
    // Act
    fireEvent.change(to, { target: { value: '10' } });
    // Assess: the one at Submitted already is left out; the move back needs a reason
    expect(
      within(within(dialog).getByRole('list', { name: 'Changes' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['10/9/25, 8:53:20 AM (Pat Dorsey): Paid → Submitted']);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move 1 case' }));
    expect(within(dialog).getByText('A reason is required to move a case back to an earlier status')).toBeTruthy();
    expect(bulkBodies()).toHaveLength(0);
    // Act
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'Payer recouped' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move 1 case' }));
    // Assess
    await within(dialog).findByText('Moved 1 of 1 case.');
    expect(bulkBodies()).toEqual([
      {
        action: 'status',
        items: [{ case_id: cases[1]!.case_id, case_status: 10, reason: 'Payer recouped', version: 7 }],
      },
    ]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(within(rows()[1]!).getAllByRole('cell')[4]!.textContent).toBe('Submitted'));
    expect(screen.queryByRole('region', { name: 'Selected cases' })).toBeNull();
  });

  it('gives focus back to the button that opened a bulk dialog, or to the heading once a change removed it', async () => {
    // Prepare
    renderAt('/back-office/cases');
    await screen.findByText('Showing 2 of 4 cases');
    fireEvent.click(box('Select all 2 cases shown'));
    const pay = screen.getByRole('button', { name: 'Enter pay amounts' });
    pay.focus();
    fireEvent.click(pay);
    // Act: cancelled
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    // Assess
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(pay);
    // Prepare
    const move = screen.getByRole('button', { name: 'Move status' });
    move.focus();
    fireEvent.click(move);
    const dialog = await screen.findByRole('dialog', { name: 'Move 2 cases' });
    fireEvent.change(within(dialog).getByLabelText(/Move to/), { target: { value: '90' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move 2 cases' }));
    await within(dialog).findByText('Moved 2 of 2 cases.');
    // Act: closed after the change, which cleared the selection and its bar
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    // Assess
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Case Management' }));
  });

  it("puts focus on a bulk dialog's Close button once its change is sent", async () => {
    // Prepare
    renderAt('/back-office/cases');
    await screen.findByText('Showing 2 of 4 cases');
    fireEvent.click(box('Select all 2 cases shown'));
    fireEvent.click(screen.getByRole('button', { name: 'Enter pay amounts' }));
    const pay = await screen.findByRole('dialog', { name: 'Pay amounts of 2 cases' });
    fireEvent.change(within(pay).getAllByRole('textbox')[0]!, { target: { value: '10' } });
    const save = within(pay).getByRole('button', { name: 'Save pay amounts' });
    save.focus();
    // Act
    fireEvent.click(save);
    // Assess
    await within(pay).findByText('Saved 1 of 1 case.');
    expect(document.activeElement).toBe(within(pay).getByRole('button', { name: 'Close' }));
    // Prepare
    fireEvent.click(within(pay).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(box('Select all 2 cases shown'));
    fireEvent.click(screen.getByRole('button', { name: 'Move status' }));
    const move = await screen.findByRole('dialog', { name: 'Move 2 cases' });
    fireEvent.change(within(move).getByLabelText(/Move to/), { target: { value: '90' } });
    const submit = within(move).getByRole('button', { name: 'Move 2 cases' });
    submit.focus();
    // Act
    fireEvent.click(submit);
    // Assess
    await within(move).findByText('Moved 2 of 2 cases.');
    expect(document.activeElement).toBe(within(move).getByRole('button', { name: 'Close' }));
  });

  it('checks every pay amount before sending, sends only the changed ones, and shows what failed', async () => {
    // Prepare
    cases[0]!.pay_amount = 100;
    cases[1]!.version = 3;
    renderAt('/back-office/cases');
    await screen.findByText('Showing 2 of 4 cases');
    fireEvent.click(box('Select all 2 cases shown'));
    fireEvent.click(screen.getByRole('button', { name: 'Enter pay amounts' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay amounts of 2 cases' });
    const field = (patient: string) =>
      within(dialog).getByLabelText(`New pay amount of case 10/9/25, 8:53:20 AM (Pat ${patient})`) as HTMLInputElement;
    // Assess: the amounts now
    expect(field('Doe').value).toBe('100.00');
    expect(field('Dorsey').value).toBe('');
    // Act: one bad amount
    fireEvent.change(field('Dorsey'), { target: { value: '12.345' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save pay amounts' }));
    // Assess
    expect(within(dialog).getByText('1 amount needs fixing before anything is sent.')).toBeTruthy();
    expect(within(dialog).getByText(/^Enter an amount in dollars/)).toBeTruthy();
    expect(bulkBodies()).toHaveLength(0);
    // Act: fixed, and the other case changed by someone meanwhile
    cases[1]!.version = 4;
    fireEvent.change(field('Dorsey'), { target: { value: '$1,250.50' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save pay amounts' }));
    // Assess: only the changed row sent, with the version read; its failure shown
    await within(dialog).findByText('Saved 0 of 1 case.');
    expect(bulkBodies()).toEqual([
      { action: 'pay_amount', items: [{ case_id: cases[1]!.case_id, pay_amount: 1250.5, version: 3 }] },
    ]);
    expect(within(dialog).getByText('Not saved: The case was changed by someone else')).toBeTruthy();
  });
});

describe('the row status control', () => {
  // A test below makes the window regain focus; the next ones read focus from the document again.
  afterEach(() => focusManager.setFocused(undefined));

  it('shows a forward move and asks; Cancel sends nothing', async () => {
    // Prepare
    renderAt('/back-office/cases');
    await screen.findByText('Showing 2 of 4 cases');
    // Act
    fireEvent.change(screen.getAllByRole('combobox', { name: `Change status of case ${rowName(cases[0]!)}` })[0]!, {
      target: { value: '30' },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Change status' });
    // Assess
    expect(within(dialog).getByText(/^Case/).textContent).toBe(
      'Case 10/9/25, 8:53:20 AM (Pat Doe): Submitted → Sent to Biller. You can undo it for 10 seconds.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some(([, r]) => r.method === 'PUT')).toBe(false);
    expect(within(rows()[0]!).getAllByRole('cell')[4]!.textContent).toBe('Submitted');
  });

  it('moves a case forward with PUT /case once confirmed, updates the row and the counts, and undoes it', async () => {
    // Prepare
    renderAt('/back-office/cases');
    await screen.findByText('Showing 2 of 4 cases');
    const statsBefore = calls.filter(([p]) => p === '/case/stats').length;
    // Act
    fireEvent.change(screen.getAllByRole('combobox', { name: `Change status of case ${rowName(cases[0]!)}` })[0]!, {
      target: { value: '30' },
    });
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Change status' }));
    // Assess
    await waitFor(() => expect(within(rows()[0]!).getAllByRole('cell')[4]!.textContent).toBe('Sent to Biller'));
    const put = calls.find(([p, r]) => p === '/case' && r.method === 'PUT')!;
    expect(put[1].body).toEqual({ case_id: cases[0]!.case_id, case_status: 30 });
    await waitFor(() => expect(calls.filter(([p]) => p === '/case/stats').length).toBeGreaterThan(statsBefore));
    // Act: Undo
    fireEvent.click(within(rows()[0]!).getByRole('button', { name: /^Undo status change of case/ }));
    // Assess
    await waitFor(() => expect(within(rows()[0]!).getAllByRole('cell')[4]!.textContent).toBe('Submitted'));
    const patch = calls.find(([p, r]) => p === '/case' && r.method === 'PATCH')!;
    expect(patch[1].body).toEqual({ case_id: cases[0]!.case_id, case_status: 10, reason: 'Undo', version: 2 });
    expect(within(rows()[0]!).getByRole('status').textContent).toContain('Undone: the status is Submitted again');
  });

  it('keeps a row that left the status filter, greyed, until the list is read again', async () => {
    // Prepare
    renderAt('/back-office/cases?status=submitted');
    await screen.findByText('Showing 1 of 1 case');
    const reads = caseCalls().length;
    // Act
    fireEvent.change(screen.getAllByRole('combobox', { name: `Change status of case ${rowName(cases[0]!)}` })[0]!, {
      target: { value: '20' },
    });
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Change status' }));
    // Assess
    await waitFor(() => expect(within(rows()[0]!).getAllByRole('cell')[4]!.textContent).toBe('Paid'));
    expect(rows()[0]!.getAttribute('aria-disabled')).toBeNull();
    expect(rows()[0]!.className).toContain('suture-row-left-view');
    expect(within(rows()[0]!).getByText('No longer in this view')).toBeTruthy();
    expect(await screen.findByText('Showing 0 of 0 cases')).toBeTruthy();
    expect(caseCalls().length).toBe(reads);
    // Act: read the list again
    fireEvent.click(screen.getByRole('button', { name: 'Refresh list' }));
    // Assess
    await screen.findByText('No cases found');
  });

  it('keeps focus on Refresh list while the list is read, then gives it to the heading when the button goes', async () => {
    // Prepare
    renderAt('/back-office/cases?status=submitted');
    await screen.findByText('Showing 1 of 1 case');
    fireEvent.change(screen.getAllByRole('combobox', { name: `Change status of case ${rowName(cases[0]!)}` })[0]!, {
      target: { value: '20' },
    });
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Change status' }));
    const refresh = (await screen.findByRole('button', { name: 'Refresh list' })) as HTMLButtonElement;
    refresh.focus();
    // Act
    fireEvent.click(refresh);
    // Assess: a disabled button would lose the focus
    expect(refresh.disabled).toBe(false);
    await screen.findByText('No cases found');
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Case Management' }));
  });

  it('greys a moved row under an aging filter too: a move restarts its days in status', async () => {
    // Prepare
    renderAt('/back-office/cases?aging=30');
    await waitFor(() => expect(rows()).toHaveLength(2));
    const aged = rows()[0]!.getAttribute('data-case-id')!;
    // Act
    fireEvent.change(
      screen.getAllByRole('combobox', {
        name: `Change status of case ${rowName(cases.find((c) => c.case_id === aged)!)}`,
      })[0]!,
      {
        target: { value: '90' },
      },
    );
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Change status' }));
    // Assess
    await within(rows()[0]!).findByText('No longer in this view');
    expect(screen.getByText('1 case no longer matches the filter.')).toBeTruthy();
  });

  it('asks for a reason before moving a case back, refuses a blank one, and sends it', async () => {
    // Prepare
    renderAt('/back-office/cases');
    await screen.findByText('Showing 2 of 4 cases');
    const paid = cases[1]!;
    // Act
    fireEvent.change(screen.getAllByRole('combobox', { name: `Change status of case ${rowName(paid)}` })[0]!, {
      target: { value: '10' },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Move case back to Submitted' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move Back' }));
    // Assess: blank refused, nothing sent
    expect(within(dialog).getByText('A reason is required to move a case back to an earlier status')).toBeTruthy();
    expect(calls.some(([, r]) => r.method === 'PUT')).toBe(false);
    // Act: a reason
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: ' Payer recouped ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move Back' }));
    // Assess
    await waitFor(() => expect(calls.some(([, r]) => r.method === 'PUT')).toBe(true));
    expect(calls.find(([, r]) => r.method === 'PUT')![1].body).toEqual({
      case_id: paid.case_id,
      case_status: 10,
      reason: 'Payer recouped',
    });
    await waitFor(() => expect(within(rows()[1]!).getAllByRole('cell')[4]!.textContent).toBe('Submitted'));
  });

  it('keeps an open dialog when the list is replaced without its row, and moves that case by its id', async () => {
    // Prepare: a search typed, and a row's move asked before the search applies
    renderAt('/back-office/cases');
    await screen.findByText('Showing 2 of 4 cases');
    const doe = cases[0]!;
    fireEvent.change(screen.getByPlaceholderText('Search cases...'), { target: { value: 'Dorsey' } });
    fireEvent.change(screen.getAllByRole('combobox', { name: `Change status of case ${rowName(doe)}` })[0]!, {
      target: { value: '30' },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Change status' });
    // Act: the search applies; its answer lacks the row
    await screen.findByText('Showing 1 of 4 cases matching "Dorsey"');
    // Assess: the dialog is still open and still names the case
    expect(rows().map((r) => r.getAttribute('data-case-id'))).toEqual([cases[1]!.case_id]);
    expect(screen.getByRole('dialog', { name: 'Change status' })).toBe(dialog);
    expect(within(dialog).getByText(/^Case/).textContent).toBe(
      'Case 10/9/25, 8:53:20 AM (Pat Doe): Submitted → Sent to Biller. You can undo it for 10 seconds.',
    );
    // Act: confirm
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change status' }));
    // Assess: that case moved, and the notice (with Undo) shows though its row is not in the list
    await screen.findByText('Status changed to Sent to Biller');
    expect(calls.find(([, r]) => r.method === 'PUT')![1].body).toEqual({ case_id: doe.case_id, case_status: 30 });
    expect(screen.queryByRole('dialog')).toBeNull();
    // Act: Undo
    fireEvent.click(screen.getByRole('button', { name: 'Undo status change of case 10/9/25, 8:53:20 AM (Pat Doe)' }));
    // Assess
    await screen.findByText('Undone: the status is Submitted again');
    expect(calls.find(([, r]) => r.method === 'PATCH')![1].body).toMatchObject({
      case_id: doe.case_id,
      reason: 'Undo',
    });
  });

  it('keeps the reason dialog when a background refetch drops its row', async () => {
    // Prepare: a move back of the Paid case asked under the Paid filter
    renderAt('/back-office/cases?status=paid');
    await screen.findByText('Showing 1 of 1 case');
    const paid = cases[1]!;
    fireEvent.change(screen.getAllByRole('combobox', { name: `Change status of case ${rowName(paid)}` })[0]!, {
      target: { value: '10' },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Move case back to Submitted' });
    // Act: someone else moves the case on; the window regains focus and the list is read again
    paid.case_status = 30;
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    await screen.findByText('No cases found');
    // Assess: still asking for the reason of that case
    expect(screen.getByRole('dialog', { name: 'Move case back to Submitted' })).toBe(dialog);
    // Act: a reason
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'Payer recouped' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move Back' }));
    // Assess
    await screen.findByText('Status changed to Submitted');
    expect(calls.find(([, r]) => r.method === 'PUT')![1].body).toEqual({
      case_id: paid.case_id,
      case_status: 10,
      reason: 'Payer recouped',
    });
  });

  it('leaves the status alone when the reason dialog is cancelled', async () => {
    // Prepare
    renderAt('/back-office/cases');
    await screen.findByText('Showing 2 of 4 cases');
    const paid = cases[1]!;
    const select = screen.getAllByRole('combobox', { name: `Change status of case ${rowName(paid)}` })[0]!;
    // Act
    fireEvent.change(select, { target: { value: '0' } });
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    // Assess
    expect((select as HTMLSelectElement).value).toBe('20');
    expect(calls.some(([, r]) => r.method === 'PUT')).toBe(false);
  });
});

describe('the status control and the dispute event of statuses 40 to 80', () => {
  const puts = () => calls.filter(([p, r]) => p === '/case' && r.method === 'PUT');
  const eventPosts = () => calls.filter(([p, r]) => p === '/dispute/event' && r.method === 'POST');
  const options = (select: HTMLElement) =>
    within(select)
      .getAllByRole('option')
      .map((o) => o.textContent)
      .filter((t) => t !== 'Select...');

  it('asks for the event of Received Payment in a dialog and records it instead of PUT /case', async () => {
    // Prepare
    renderAt('/back-office/cases');
    await screen.findByText('Showing 2 of 4 cases');
    const paid = cases[1]!;
    // Act
    fireEvent.change(screen.getAllByRole('combobox', { name: `Change status of case ${rowName(paid)}` })[0]!, {
      target: { value: '40' },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Move case to Received Payment' });
    const form = within(dialog).getByRole('form', { name: 'Dispute event for Received Payment' });
    // Assess: only the events that stand for the status, checked before any call
    expect(calls.find(([p]) => p === '/dispute')![1].query).toEqual({ case_id: paid.case_id });
    expect(options(within(form).getByLabelText('Event'))).toEqual(['Initial payment received', 'Denial received']);
    fireEvent.change(within(form).getByLabelText('Event'), { target: { value: 'initial_payment_received' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Record and change status' }));
    expect(await within(form).findByText('Amount is required')).toBeTruthy();
    expect(within(form).getByText('Event date is required')).toBeTruthy();
    expect(eventPosts()).toHaveLength(0);
    // Act: the date and amount
    fireEvent.change(within(form).getByLabelText('Event date'), { target: { value: '2026-03-02' } });
    fireEvent.change(within(form).getByLabelText('Amount (dollars)'), { target: { value: '$1,250.40' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Record and change status' }));
    // Assess
    await waitFor(() => expect(within(rows()[1]!).getAllByRole('cell')[4]!.textContent).toBe('Received Payment'));
    expect(eventPosts().map(([, r]) => r.body)).toEqual([
      { case_id: paid.case_id, type: 'initial_payment_received', date: '2026-03-02', amount: 1250.4 },
    ]);
    expect(puts()).toHaveLength(0);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('changes nothing when the event dialog is cancelled', async () => {
    // Prepare
    renderAt('/back-office/cases');
    await screen.findByText('Showing 2 of 4 cases');
    const select = screen.getAllByRole('combobox', { name: `Change status of case ${rowName(cases[1]!)}` })[0]!;
    // Act
    fireEvent.change(select, { target: { value: '40' } });
    const dialog = await screen.findByRole('dialog', { name: 'Move case to Received Payment' });
    fireEvent.change(within(dialog).getByLabelText('Event'), { target: { value: 'denial_received' } });
    fireEvent.change(within(dialog).getByLabelText('Event date'), { target: { value: '2026-03-02' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    // Assess
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((select as HTMLSelectElement).value).toBe('20');
    expect(puts()).toHaveLength(0);
    expect(eventPosts()).toHaveLength(0);
    expect(within(rows()[1]!).getAllByRole('cell')[4]!.textContent).toBe('Paid');
  });

  it('says which earlier event is missing, and offers Cancel only', async () => {
    // Prepare
    renderAt('/back-office/cases');
    await screen.findByText('Showing 2 of 4 cases');
    // Act
    fireEvent.change(screen.getAllByRole('combobox', { name: `Change status of case ${rowName(cases[0]!)}` })[0]!, {
      target: { value: '50' },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Move case to Sent to Negotiation' });
    // Assess
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'The case cannot move to Sent to Negotiation yet: Open negotiation notice sent needs Initial payment received or Denial received recorded first.',
    );
    expect(within(dialog).queryByRole('form')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(puts()).toHaveLength(0);
  });

  it('sends PUT /case as before when the dispute has the event already', async () => {
    // Prepare
    disputes.set(cases[1]!.case_id, [disputeEvent('denial_received', '2026-02-20')]);
    renderAt('/back-office/cases');
    await screen.findByText('Showing 2 of 4 cases');
    // Act
    fireEvent.change(screen.getAllByRole('combobox', { name: `Change status of case ${rowName(cases[1]!)}` })[0]!, {
      target: { value: '40' },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Change status' });
    expect(puts()).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change status' }));
    // Assess
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]![1].body).toEqual({ case_id: cases[1]!.case_id, case_status: 40 });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(eventPosts()).toHaveLength(0);
  });

  it('asks for the determination with its amount and prevailing party on Case Details', async () => {
    // Prepare
    const c = cases[3]!;
    c.case_status = 70;
    disputes.set(c.case_id, [
      disputeEvent('initial_payment_received', '2026-02-10', { amount: 100 }),
      disputeEvent('open_negotiation_sent', '2026-02-12'),
      disputeEvent('idr_initiated', '2026-02-20'),
      disputeEvent('entity_selected', '2026-02-25', { entity_name: 'Arbiter LLC', selected_by: 'joint' }),
    ]);
    renderAt(`/case/${c.case_id}`);
    await screen.findByRole('heading', { name: 'Case Details' });
    // Act
    fireEvent.change(await screen.findByRole('combobox', { name: 'Change Status' }), { target: { value: '80' } });
    const dialog = await screen.findByRole('dialog', { name: 'Move case to IDR Decision Made' });
    const event = within(dialog).getByLabelText('Event') as HTMLSelectElement;
    // Assess: the one event of the status, chosen already; its fields checked
    expect(options(event)).toEqual(['Payment determination']);
    expect(event.value).toBe('determination');
    fireEvent.change(within(dialog).getByLabelText('Event date'), { target: { value: '2026-03-02' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record and change status' }));
    expect(await within(dialog).findByText('Please select the prevailing party')).toBeTruthy();
    expect(eventPosts()).toHaveLength(0);
    // Act
    fireEvent.change(within(dialog).getByLabelText('Amount (dollars)'), { target: { value: '4100' } });
    fireEvent.change(within(dialog).getByLabelText('Prevailing party'), { target: { value: 'provider' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record and change status' }));
    // Assess
    expect(await screen.findByText(/^Status changed to IDR Decision Made and its dispute event recorded/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
    expect(eventPosts()[0]![1].body).toEqual({
      case_id: c.case_id,
      type: 'determination',
      date: '2026-03-02',
      amount: 4100,
      prevailing_party: 'provider',
    });
    expect(puts()).toHaveLength(0);
    const history = screen.getByRole('list', { name: 'Status history' });
    await waitFor(() => expect(within(history).getAllByRole('listitem')).toHaveLength(2));
    expect(within(history).getAllByRole('listitem')[1]!.textContent).toContain(
      'Reason: Dispute event recorded: determination (2026-03-02)',
    );
  });
});

describe('edit and delete', () => {
  it('deletes after the spec confirm and reloads the list', async () => {
    // Prepare
    renderAt('/back-office/cases');
    await screen.findByText('Showing 2 of 4 cases');
    const victim = cases[0]!;
    // Act
    fireEvent.click(screen.getAllByRole('button', { name: `Delete case ${rowName(victim)}` })[0]!);
    const dialog = screen.getByRole('dialog', { name: 'Delete case' });
    expect(within(dialog).getByText('Are you sure you want to delete this case?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    // Assess
    await screen.findByText('Showing 2 of 3 cases');
    expect(calls.find(([, r]) => r.method === 'DELETE')![1].query).toEqual({ case_id: victim.case_id });
    expect(screen.queryByText('Pat Doe')).toBeNull();
  });

  it('opens the edit form from the row', async () => {
    // Prepare
    renderAt('/back-office/cases');
    await screen.findByText('Showing 2 of 4 cases');
    // Act
    fireEvent.click(screen.getAllByRole('button', { name: `Edit case ${rowName(cases[0]!)}` })[0]!);
    // Assess
    expect(await screen.findByText('Edit form')).toBeTruthy();
  });
});

describe('errors', () => {
  it('shows the spec text for an unavailable backend with Retry', async () => {
    // Prepare
    api.fallback(({ path }) => (path === '/case' ? networkError() : statsOf(cases)));
    renderAt('/back-office/cases');
    // Assess
    expect(
      await screen.findByText(
        'Backend API is currently unavailable. Case listing will work once the backend server is running.',
      ),
    ).toBeTruthy();
    // Act
    serve();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    // Assess
    await screen.findByText('Showing 2 of 4 cases');
  });

  it('shows the Component Error panel with the message and Reload Page when the screen crashes', async () => {
    // Prepare
    crash.badge = true;
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    // Act
    renderAt('/back-office/cases');
    // Assess
    const panel = await screen.findByRole('alert');
    expect(within(panel).getByText('Component Error')).toBeTruthy();
    expect(within(panel).getByText('Badge exploded')).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Reload Page' })).toBeTruthy();
    (console.error as jest.Mock).mockRestore();
    crash.badge = false;
  });
});

describe('Case Details for the back office and for a provider', () => {
  it('offers the status control and the pay amount entry to the back office, and shows who and why in the history', async () => {
    // Prepare
    const c = cases[3]!;
    renderAt(`/case/${c.case_id}`);
    await screen.findByRole('heading', { name: 'Case Details' });
    const field = await screen.findByRole('textbox', { name: 'Pay Amount (USD)' });
    // Act: a bad amount is refused before any call
    fireEvent.change(field, { target: { value: '12.345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Pay Amount' }));
    // Assess
    expect(await screen.findByText(/with at most 2 decimals/)).toBeTruthy();
    expect(calls.some(([, r]) => r.method === 'PATCH')).toBe(false);
    // Act: a good one
    fireEvent.change(field, { target: { value: '$1,234.50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Pay Amount' }));
    // Assess
    await screen.findByText('Pay amount saved');
    expect(calls.find(([, r]) => r.method === 'PATCH')![1].body).toEqual({ case_id: c.case_id, pay_amount: 1234.5 });
    expect((screen.getByRole('textbox', { name: 'Pay Amount (USD)' }) as HTMLInputElement).value).toBe('1234.50');
    // Act: move back with a reason
    fireEvent.change(screen.getByRole('combobox', { name: 'Change Status' }), { target: { value: '20' } });
    const dialog = await screen.findByRole('dialog', { name: 'Move case back to Paid' });
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'Posted to the wrong case' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Move Back' }));
    });
    // Assess
    const history = await screen.findByRole('list', { name: 'Status history' });
    await waitFor(() => expect(within(history).getAllByRole('listitem')).toHaveLength(2));
    const last = within(history).getAllByRole('listitem')[1]!;
    expect(last.textContent).toContain('Set by back office by Casey Admin');
    expect(last.textContent).toContain('Reason: Posted to the wrong case');
    expect(calls.some(([p, r]) => p === '/surgeon' && r.query.user_id === c.user_id)).toBe(true);
  });

  it('names every input, select and text area of the page, the hidden file inputs included', async () => {
    // Prepare
    renderAt(`/case/${cases[3]!.case_id}`);
    await screen.findByRole('form', { name: 'Add event' });
    fireEvent.change(screen.getByLabelText('Event'), { target: { value: 'extension' } });
    // Act
    const result = await axe.run(document.body, {
      runOnly: { type: 'rule', values: ['label', 'select-name', 'aria-input-field-name'] },
    });
    // Assess: axe's naming rules; the file inputs by their names, 1 px in the theme (they reached past a phone's edge)
    expect(result.violations.map((v) => [v.id, v.nodes.map((n) => n.html)])).toEqual([]);
    for (const name of ['Demographic Sheet file', 'Operative Note file']) {
      const input = screen.getByLabelText(name);
      expect([input.tagName, input.getAttribute('type'), input.className]).toEqual([
        'INPUT',
        'file',
        'suture-file-input',
      ]);
    }
  });

  it('shows a provider the status and pay amount read-only', async () => {
    // Prepare
    profileState.userType = 0;
    cases[3]!.pay_amount = 99.5;
    // Act
    renderAt(`/case/${cases[3]!.case_id}`);
    // Assess
    await screen.findByText('$99.50');
    expect(screen.queryByRole('textbox', { name: 'Pay Amount (USD)' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Change Status' })).toBeNull();
  });
});

describe("editing another owner's case", () => {
  it("offers the case owner's surgeons, not the back-office user's", async () => {
    // Prepare
    const c = { ...cases[0]!, surgeon_id: 's1', facility_id: 'f1' };
    cases[0] = c;
    // Act
    renderAt(`/case/${c.case_id}/edit`, true);
    // Assess
    expect(await screen.findByRole('option', { name: 'Dr. Meredith Grey' })).toBeTruthy();
    const surgeonCalls = calls.filter(([p]) => p === '/surgeon').map(([, r]) => r.query.user_id);
    expect(surgeonCalls).toEqual(['p1']);
  });
});

describe('helpers', () => {
  it('reads pay amounts typed in dollars and refuses more than 2 decimals', () => {
    expect(parseDollarsInput('1234.5')).toEqual({ value: 1234.5 });
    expect(parseDollarsInput(' $1,234.56 ')).toEqual({ value: 1234.56 });
    expect(parseDollarsInput('')).toEqual({ value: null });
    expect(parseDollarsInput('0')).toEqual({ value: 0 });
    for (const bad of ['12.345', '-1', 'abc', '1,23', '10000000.01'])
      expect(parseDollarsInput(bad)).toHaveProperty('error');
  });

  it('words the search line with and without the scope count', () => {
    expect(matchingText(3, 120, 'doe')).toBe('Showing 3 of 120 cases matching "doe"');
    expect(matchingText(1, undefined, 'doe')).toBe('Showing 1 case matching "doe"');
  });
});

describe('case numbers on the case screens', () => {
  it('names a case by its number in the list row and in the Case Details title, its id beside it', async () => {
    // Prepare
    const numbered = cases.map((c, i) => ({ ...c, case_number: `C-00012${i}` }));
    cases = numbered;
    renderAt('/back-office/cases');
    await screen.findByText('Showing 2 of 4 cases');
    // Act
    const link = within(rows()[0]!).getAllByRole('link')[0]!;
    // Assess
    expect(link.textContent).toBe('C-000120');
    expect(link.getAttribute('aria-label')).toBe(`Case C-000120 (full id ${numbered[0]!.case_id})`);
    expect(link.getAttribute('href')).toBe(`/case/${numbered[0]!.case_id}`);
    const patient = `Pat ${numbered[0]!.patient_last}`;
    for (const name of [
      `Change status of case C-000120 (${patient})`,
      `Edit case C-000120 (${patient})`,
      `Delete case C-000120 (${patient})`,
    ]) {
      expect(within(rows()[0]!).getByLabelText(name)).toBeTruthy();
    }
  });

  it('titles Case Details with the patient, date and number, shows the case id as secondary text and the statuses as steps', async () => {
    // Prepare
    const c = { ...cases[1]!, case_number: 'C-000042' };
    cases[1] = c;
    // Act
    renderAt(`/case/${c.case_id}`);
    // Assess
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Case Details Pat Dorsey · 02/03/2026 · C-000042' }),
    ).toBeTruthy();
    const steps = within(screen.getByRole('list', { name: 'Case progress' })).getAllByRole('listitem');
    expect(steps).toHaveLength(10);
    const current = steps.filter((li) => li.getAttribute('aria-current') === 'step');
    expect(current.map((li) => li.textContent)).toEqual([expect.stringContaining('Paid, current status')]);
    expect(steps[0]!.textContent).toContain('Incomplete, skipped');
    expect(steps[3]!.textContent).toBe('4Sent to Biller, not reached');
    const heading = screen.getByRole('heading', { level: 1 });
    expect(heading.nextElementSibling?.textContent).toBe(`Case ID ${c.case_id}`);
    const fields = screen.getByText('Case Number').closest('div')!;
    expect(within(fields).getByText('C-000042')).toBeTruthy();
  });
});
