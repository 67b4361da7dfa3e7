/**
 * @jest-environment ./test/unit/web/support/msw-environment.ts
 */
/**
 * The Dispute panel of Case Details against the fake API: loading, empty and error states; the amounts
 * against the Medicare benchmark; the timeline in date order with state badges, the unconfirmed rule and
 * the extension's reason; the Add event form offering only the events possible next, its own checks
 * and a 400's field message; delete with a reason after a confirmation; the provider's read-only panel.
 */
import './support/dom-env';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import DisputePanel from '../../../web/src/disputes/DisputePanel';
import type { DisputeAnswer } from '../../../shared/schemas/dispute-api';
import type { Deadline } from '../../../shared/dispute/events';
import { NO_AMOUNTS, disputeEvent, disputeOf } from './support/dispute-fixtures';
import { networkError, reply, useFakeApi } from './support/fake-api-server';

const api = useFakeApi();
const CASE_ID = 'p1_1760000000000';

const event = disputeEvent;

function deadline(overrides: Partial<Deadline> = {}): Deadline {
  return {
    step: 'open_negotiation_initiation_due',
    due: '2026-03-03',
    day_type: 'business',
    basis: { type: 'initial_payment_received', date: '2026-01-20' },
    rule_version: '2021-IFR',
    graded: 'S',
    party: 'provider',
    state: 'due_soon',
    ...overrides,
  };
}

const dispute = (overrides: Partial<DisputeAnswer> = {}) => disputeOf(CASE_ID, overrides);

/** A dispute after an initial payment: its open negotiation deadline is due soon, one extended step. */
const PAID = dispute({
  events: [
    event('bill_sent', '2026-01-05'),
    event('initial_payment_received', '2026-01-20', { amount: 800 }),
    event('extension', '2026-01-25', {
      step: 'initial_payment_due',
      new_due: '2026-02-10',
      reason: 'Plan portal outage',
    }),
  ],
  amounts: { ...NO_AMOUNTS, billed: 4000, initial_payment: 800 },
  deadlines: [
    deadline({
      step: 'initial_payment_due',
      due: '2026-02-10',
      extended_from: '2026-02-04',
      day_type: 'calendar',
      basis: { type: 'bill_sent', date: '2026-01-05' },
      party: 'payer',
      state: 'met',
      met_on: '2026-01-20',
    }),
    deadline(),
    deadline({
      step: 'award_payment_due',
      due: '2026-01-03',
      graded: 'U',
      day_type: 'calendar',
      state: 'open',
      falls_on_non_business_day: true,
    }),
  ],
  next_deadline: deadline(),
  medicare_benchmark: {
    amount: 1600,
    conversion_factor: 32.3465,
    year: 2026,
    per_code: [{ code: '27447', facility_total_rvu: 49.46, amount: 1600 }],
    missing_codes: [],
  },
});

function renderPanel(editable = true) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <DisputePanel caseId={CASE_ID} editable={editable} />
    </QueryClientProvider>,
  );
}

const options = (label: string) =>
  within(screen.getByLabelText(label) as HTMLSelectElement)
    .getAllByRole('option')
    .map((o) => o.textContent)
    .filter((t) => t !== 'Select...');

describe('the Dispute panel', () => {
  it('reads GET /dispute for the case, shows loading, then an empty dispute with only the first events offered', async () => {
    api.on('GET /dispute', dispute());
    renderPanel();

    expect(screen.getByRole('status').textContent).toContain('Loading');
    expect(await screen.findByText('No dispute events recorded yet.')).toBeTruthy();
    expect(api.requests('GET /dispute')[0]?.query).toEqual({ case_id: CASE_ID });
    await screen.findByRole('form', { name: 'Add event' });
    expect(options('Event')).toEqual(['Bill sent to the plan', 'Initial payment received', 'Denial received']);
  });

  it('says when the dispute cannot be loaded and retries', async () => {
    api.on('GET /dispute', () => networkError());
    renderPanel();

    expect((await screen.findByRole('alert')).textContent).toContain(
      'The dispute service is currently unavailable. Please try again in a moment.',
    );
    api.on('GET /dispute', dispute());
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No dispute events recorded yet.')).toBeTruthy();
  });

  it('shows the amounts against the benchmark and the timeline in date order with badges, marks and reasons', async () => {
    api.on('GET /dispute', PAID);
    renderPanel(false);
    const timeline = await screen.findByRole('list', { name: 'Dispute timeline' });

    expect(screen.getByText('$4,000.00').parentElement?.textContent).toContain('(250 % of Medicare)');
    expect(screen.getByText('$800.00', { selector: 'dd' }).textContent).toContain('(50 % of Medicare)');
    const items = within(timeline)
      .getAllByRole('listitem')
      .map((li) => li.textContent ?? '');
    expect(
      items.map(
        (t) =>
          /Award payment due|Bill sent|Initial payment received|Extension|Initial payment or denial due|Open negotiation to be started/.exec(
            t,
          )?.[0],
      ),
    ).toEqual([
      'Award payment due',
      'Bill sent',
      'Initial payment received',
      'Extension',
      'Initial payment or denial due',
      'Open negotiation to be started',
    ]);
    expect(items[0]).toContain('unconfirmed rule');
    expect(items[0]).toContain('Falls on a weekend or federal holiday');
    expect(items[4]).toContain('Met');
    expect(items[4]).toContain('Extended from Wed, Feb 4, 2026');
    expect(items[4]).toContain('Extension reason: Plan portal outage');
    expect(items[5]).toContain('Due soon');
    expect(items[5]).not.toContain('unconfirmed rule');
  });

  it('says there is no benchmark, naming the codes, when the fee schedule holds none of them', async () => {
    api.on('GET /dispute', {
      ...PAID,
      medicare_benchmark: { amount: null, conversion_factor: null, year: null, per_code: [], missing_codes: ['27447'] },
    });
    renderPanel(false);
    await screen.findByRole('list', { name: 'Dispute timeline' });

    expect(screen.getByText(/No Medicare benchmark/).textContent).toBe(
      'No Medicare benchmark: the fee schedule has no values for 27447. The CMS fee-schedule file is imported in List Management.',
    );
    expect(screen.queryByText(/Medicare benchmark \(/)).toBeNull();
    expect(screen.queryByText(/% of Medicare/)).toBeNull();
  });

  it('is read-only for the provider: no Add event form, no Delete', async () => {
    api.on('GET /dispute', PAID);
    renderPanel(false);
    await screen.findByRole('list', { name: 'Dispute timeline' });

    expect(screen.queryByRole('form', { name: 'Add event' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
  });

  it('offers the events possible after an initial payment, checks the fields and records an event', async () => {
    api.on('GET /dispute', PAID);
    api.on('POST /dispute/event', () =>
      dispute({ ...PAID, events: [...PAID.events, event('open_negotiation_sent', '2026-02-02')] }),
    );
    renderPanel();
    await screen.findByRole('form', { name: 'Add event' });

    expect(options('Event')).toEqual([
      'Bill sent to the plan',
      'Initial payment received',
      'Denial received',
      'Open negotiation notice sent',
      'Open negotiation filed on the federal portal',
      'Extension',
    ]);
    fireEvent.change(screen.getByLabelText('Event'), { target: { value: 'initial_payment_received' } });
    fireEvent.click(screen.getByRole('button', { name: 'Record event' }));
    expect(await screen.findByText('Event date is required')).toBeTruthy();
    expect(screen.getByText('Amount is required')).toBeTruthy();
    expect(api.requests('POST /dispute/event')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Event'), { target: { value: 'open_negotiation_sent' } });
    fireEvent.change(screen.getByLabelText('Event date'), { target: { value: '2026-02-02' } });
    fireEvent.change(screen.getByLabelText('QPA (optional, dollars)'), { target: { value: '$1,200.50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Record event' }));

    expect(await screen.findByText('Open negotiation notice sent recorded.')).toBeTruthy();
    expect(api.requests('POST /dispute/event')[0]?.body).toEqual({
      case_id: CASE_ID,
      qpa: 1200.5,
      type: 'open_negotiation_sent',
      date: '2026-02-02',
    });
  });

  it('keeps Record event focusable while the event is saved, and saves it once however often it is pressed', async () => {
    // Prepare
    api.on('GET /dispute', PAID);
    let answer: (d: DisputeAnswer) => void = () => undefined;
    api.on('POST /dispute/event', () => new Promise<DisputeAnswer>((resolve) => (answer = resolve)));
    renderPanel();
    await screen.findByRole('form', { name: 'Add event' });
    fireEvent.change(screen.getByLabelText('Event'), { target: { value: 'open_negotiation_sent' } });
    fireEvent.change(screen.getByLabelText('Event date'), { target: { value: '2026-02-02' } });
    const record = screen.getByRole('button', { name: 'Record event' }) as HTMLButtonElement;
    record.focus();
    // Act
    fireEvent.click(record);
    await waitFor(() => expect(api.requests('POST /dispute/event')).toHaveLength(1));
    fireEvent.click(record);
    // Assess: a disabled button would lose the focus
    expect(record.textContent).toBe('Saving...');
    expect(record.disabled).toBe(false);
    expect(record.getAttribute('aria-disabled')).toBe('true');
    // Act
    answer(dispute({ ...PAID, events: [...PAID.events, event('open_negotiation_sent', '2026-02-02')] }));
    // Assess
    expect(await screen.findByText('Open negotiation notice sent recorded.')).toBeTruthy();
    expect(api.requests('POST /dispute/event')).toHaveLength(1);
    expect(document.activeElement).toBe(record);
  });

  it('shows the plan, its contact and the federal dispute number, and the provider cannot enter them', async () => {
    api.on('GET /dispute', { ...PAID, payer_name: 'Aetna', payer_contact: 'disputes@aetna.example' });
    renderPanel(false);
    await screen.findByRole('list', { name: 'Dispute timeline' });

    const rows = ['Plan', 'Plan contact', 'Federal dispute number'].map(
      (term) => `${term}: ${screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent}`,
    );
    expect(rows).toEqual([
      'Plan: Aetna',
      'Plan contact: disputes@aetna.example',
      'Federal dispute number: Not recorded',
    ]);
    expect(screen.queryByRole('textbox', { name: 'Plan name' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Federal dispute number' })).toBeNull();
  });

  it('offers the per-case fields as they stand, checks them, and sends the changed ones with the event', async () => {
    api.on('GET /dispute', { ...PAID, payer_name: 'Aetna', dispute_reference: 'DISP-1' });
    api.on('POST /dispute/event', () => PAID);
    renderPanel();
    const form = await screen.findByRole('form', { name: 'Add event' });
    const field = (name: string) => within(form).getByRole('textbox', { name }) as HTMLInputElement;

    expect(field('Billed amount (optional, dollars)').value).toBe('4000.00');
    expect(field('Plan name').value).toBe('Aetna');
    expect(field('Plan contact').value).toBe('');
    expect(field('Federal dispute number').value).toBe('DISP-1');
    fireEvent.change(within(form).getByLabelText('Event'), { target: { value: 'bill_sent' } });
    fireEvent.change(within(form).getByLabelText('Event date'), { target: { value: '2026-01-05' } });
    fireEvent.change(field('Plan contact'), { target: { value: 'x'.repeat(201) } });
    fireEvent.change(field('Federal dispute number'), { target: { value: '  ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Record event' }));
    expect(await within(form).findByText('Plan contact must be at most 200 characters')).toBeTruthy();
    expect(within(form).getByText('Federal dispute number is required once recorded')).toBeTruthy();
    expect(api.requests('POST /dispute/event')).toHaveLength(0);

    fireEvent.change(field('Plan name'), { target: { value: ' Aetna Life ' } });
    fireEvent.change(field('Plan contact'), { target: { value: 'Jo Smith, 555-0100' } });
    fireEvent.change(field('Federal dispute number'), { target: { value: 'DISP-2026-0042' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Record event' }));

    expect(await screen.findByText('Bill sent to the plan recorded.')).toBeTruthy();
    expect(api.requests('POST /dispute/event')[0]?.body).toEqual({
      case_id: CASE_ID,
      payer_name: 'Aetna Life',
      payer_contact: 'Jo Smith, 555-0100',
      dispute_reference: 'DISP-2026-0042',
      type: 'bill_sent',
      date: '2026-01-05',
    });
  });

  it("puts a 400's message under the field it names, and nothing else is shown as saved", async () => {
    api.on('GET /dispute', PAID);
    api.on('POST /dispute/event', () =>
      reply(400, {
        success: false,
        message: 'date must be on or after the case date (2026-01-02)',
        errors: [{ field: 'date', message: 'date must be on or after the case date (2026-01-02)' }],
      }),
    );
    renderPanel();
    await screen.findByRole('form', { name: 'Add event' });

    fireEvent.change(screen.getByLabelText('Event'), { target: { value: 'bill_sent' } });
    fireEvent.change(screen.getByLabelText('Event date'), { target: { value: '2026-01-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Record event' }));

    const message = await screen.findByText('date must be on or after the case date (2026-01-02)');
    const input = screen.getByLabelText('Event date');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toContain(message.id);
    expect(screen.queryByText(/recorded\.$/)).toBeNull();
  });

  it('offers only the award payment after a settlement, and nothing after a withdrawal', async () => {
    api.on(
      'GET /dispute',
      dispute({
        events: [
          event('initial_payment_received', '2026-01-20', { amount: 1 }),
          event('open_negotiation_sent', '2026-01-22'),
          event('settled', '2026-02-01', { amount: 2000 }),
        ],
      }),
    );
    const { unmount } = renderPanel();
    await screen.findByRole('form', { name: 'Add event' });
    expect(options('Event')).toEqual(['Award paid']);
    unmount();

    api.on(
      'GET /dispute',
      dispute({ events: [event('open_negotiation_sent', '2026-01-22'), event('withdrawn', '2026-02-01')] }),
    );
    renderPanel();
    expect(await screen.findByText('No event can be recorded now: the dispute is closed.')).toBeTruthy();
  });

  it('deletes an event with a reason after a confirmation', async () => {
    api.on('GET /dispute', PAID);
    api.on('DELETE /dispute/event', () =>
      dispute({
        ...PAID,
        events: PAID.events.filter((e) => e.type !== 'bill_sent'),
        deleted_events: [{ ...PAID.events[0]!, delete_reason: 'Entered on the wrong case' }],
      }),
    );
    renderPanel();
    await screen.findByRole('list', { name: 'Dispute timeline' });

    fireEvent.click(screen.getByRole('button', { name: 'Delete Bill sent to the plan of Mon, Jan 5, 2026' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete event' }));
    expect(await screen.findByText('A reason is required to delete an event')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Reason for deleting'), {
      target: { value: ' Entered on the wrong case ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Delete event' }));
    const dialog = screen.getByRole('dialog', { hidden: true });
    expect(api.requests('DELETE /dispute/event')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete', hidden: true }));

    expect(await screen.findByText('Deleted events (1)')).toBeTruthy();
    expect(api.requests('DELETE /dispute/event')[0]?.query).toEqual({
      case_id: CASE_ID,
      event_id: 'bill_sent-2026-01-05',
      reason: 'Entered on the wrong case',
    });
    await waitFor(() => expect(screen.queryByRole('form', { name: /^Delete / })).toBeNull());
  });

  it('gives focus back to the Delete button on Cancel, and to the Timeline heading once the event is deleted', async () => {
    // Prepare
    api.on('GET /dispute', PAID);
    api.on('DELETE /dispute/event', () =>
      dispute({
        ...PAID,
        events: PAID.events.filter((e) => e.type !== 'bill_sent'),
        deleted_events: [PAID.events[0]!],
      }),
    );
    renderPanel();
    await screen.findByRole('list', { name: 'Dispute timeline' });
    const remove = screen.getByRole('button', { name: 'Delete Bill sent to the plan of Mon, Jan 5, 2026' });
    fireEvent.click(remove);
    // Act
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    // Assess
    expect(screen.queryByRole('form', { name: /^Delete / })).toBeNull();
    expect(document.activeElement).toBe(remove);
    // Act
    fireEvent.click(remove);
    fireEvent.change(screen.getByLabelText('Reason for deleting'), { target: { value: 'Entered twice' } });
    fireEvent.click(screen.getByRole('button', { name: 'Delete event' }));
    fireEvent.click(
      within(screen.getByRole('dialog', { hidden: true })).getByRole('button', { name: 'Delete', hidden: true }),
    );
    // Assess
    await waitFor(() => expect(screen.queryByRole('form', { name: /^Delete / })).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Timeline' }));
  });
});
