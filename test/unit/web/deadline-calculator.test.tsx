/**
 * @jest-environment ./test/unit/web/support/msw-environment.ts
 */
/**
 * The deadline calculator (/tools/deadlines) against the fake API: the dates entered become the
 * events of POST /dispute/calculate, the deadlines answered show with their state badge (text, not
 * colour alone), the "unconfirmed rule" mark and the non-business-day note; no date, a refusal and
 * an empty answer say so.
 */
import './support/dom-env';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import DeadlineCalculatorPage from '../../../web/src/disputes/DeadlineCalculatorPage';
import type { Deadline } from '../../../shared/dispute/events';
import { reply, useFakeApi } from './support/fake-api-server';

const api = useFakeApi();

function deadline(overrides: Partial<Deadline> = {}): Deadline {
  return {
    step: 'open_negotiation_initiation_due',
    due: '2026-03-02',
    day_type: 'business',
    basis: { type: 'initial_payment_received', date: '2026-01-20' },
    rule_version: '2021-IFR',
    graded: 'S',
    party: 'provider',
    state: 'open',
    ...overrides,
  };
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <DeadlineCalculatorPage />
    </QueryClientProvider>,
  );
}

const setDate = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('the deadline calculator', () => {
  it('sends the dates entered as events with the as-of day and shows every deadline answered', async () => {
    // Prepare
    api.on('POST /dispute/calculate', {
      success: true,
      deadlines: [
        deadline(),
        deadline({
          step: 'award_payment_due',
          due: '2026-03-01',
          day_type: 'calendar',
          basis: { type: 'determination', date: '2026-01-30' },
          graded: 'U',
          party: 'payer',
          state: 'overdue',
          falls_on_non_business_day: true,
        }),
      ],
    });
    renderPage();

    // Act
    setDate('Initial payment received', '2026-01-20');
    setDate('Payment determination', '2026-01-30');
    setDate('As of', '2026-03-05');
    fireEvent.click(screen.getByRole('button', { name: 'Calculate deadlines' }));

    // Assess
    const table = await screen.findByRole('table', { name: 'Deadlines, soonest first' });
    expect(api.requests('POST /dispute/calculate')[0]?.body).toEqual({
      events: [
        { type: 'initial_payment_received', date: '2026-01-20', amount: 0 },
        { type: 'determination', date: '2026-01-30', amount: 0, prevailing_party: 'provider' },
      ],
      as_of: '2026-03-05',
    });
    const rows = within(table).getAllByRole('row').slice(1);
    // Soonest first: the award payment (Mar 1) before the open negotiation (Mar 2).
    expect(rows[0]?.textContent).toContain('Award payment due');
    expect(within(rows[0]!).getByText('Overdue')).toBeTruthy();
    expect(within(rows[0]!).getByText('unconfirmed rule')).toBeTruthy();
    expect(within(rows[0]!).getByText(/Falls on a weekend or federal holiday/)).toBeTruthy();
    expect(within(rows[1]!).getByText('Open')).toBeTruthy();
    expect(within(rows[1]!).queryByText('unconfirmed rule')).toBeNull();
    expect(screen.getByRole('button', { name: 'Print' })).toBeTruthy();
  });

  it('asks for at least one date and calls nothing without one', async () => {
    renderPage();

    fireEvent.click(screen.getByRole('button', { name: 'Calculate deadlines' }));

    expect((await screen.findByRole('alert')).textContent).toBe('Please enter at least one date');
    expect(api.requests('POST /dispute/calculate')).toHaveLength(0);
  });

  it("shows the server's refusal and says when no deadline follows", async () => {
    api.on('POST /dispute/calculate', () => reply(400, { message: 'events must hold at most 100 events' }));
    renderPage();
    setDate('Bill sent to the plan', '2026-01-05');
    fireEvent.click(screen.getByRole('button', { name: 'Calculate deadlines' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Failed to calculate deadlines: events must hold at most 100 events',
    );

    api.on('POST /dispute/calculate', { success: true, deadlines: [] });
    fireEvent.click(screen.getByRole('button', { name: 'Calculate deadlines' }));
    expect(await screen.findByText('No deadline follows from these dates.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });
});
