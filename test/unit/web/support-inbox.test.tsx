/**
 * @jest-environment ./test/unit/web/support/msw-environment.ts
 */
/**
 * The Support inbox (/back-office/support; docs/decisions/0027-email-and-support-messages.md) against
 * the fake API: open messages newest first with paging by cursor, reading one (sender, details, text,
 * an undelivered email's warning), marking it handled (PATCH, then the lists are read again), the
 * Handled list, and the empty state; on a desktop a table, on a phone a list of cards.
 */
import { setViewport } from './support/dom-env';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { SupportMessage } from '../../../shared/schemas/support';
import { SupportInbox } from '../../../web/src/support/SupportInboxPage';
import { useFakeApi } from './support/fake-api-server';

const api = useFakeApi();

function message(reference: string, overrides: Partial<SupportMessage> = {}): SupportMessage {
  return {
    reference,
    kind: 'contact',
    from_email: 'ada@example.com',
    from_name: 'Ada Lovelace',
    subject: `Question ${reference}`,
    received_at: '2026-11-26T21:05:00.000Z',
    state: 'open',
    message: 'How much is Suture\nfor four surgeons?',
    inquiry_type: 'pricing',
    organization: 'Analytical Surgery',
    delivery: 'sent',
    ...overrides,
  };
}

function renderInbox() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <SupportInbox />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the Support inbox', () => {
  beforeEach(() => setViewport('desktop'));

  it('lists the open messages and loads the next page with the cursor', async () => {
    api.on('GET /support/messages', ({ query }) =>
      query.cursor === 'c1'
        ? { items: [message('S-00000002', { kind: 'bug', subject: 'Bug report on /dashboard', from_name: '' })] }
        : { items: [message('S-00000001')], next_cursor: 'c1' },
    );
    renderInbox();
    const first = await screen.findByRole('row', { name: /S-00000001/ });
    expect(within(first).getByText('Ada Lovelace <ada@example.com>')).toBeTruthy();
    expect(within(first).getByText('2026-11-26 21:05')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));

    const second = await screen.findByRole('row', { name: /S-00000002/ });
    expect(within(second).getByText('Bug report')).toBeTruthy();
    expect(within(second).getByText('ada@example.com')).toBeTruthy();
    expect(api.requests('GET /support/messages').map((r) => [r.query.state, r.query.cursor])).toEqual([
      ['open', undefined],
      ['open', 'c1'],
    ]);
  });

  it('reads a message and marks it handled, after which the list is read again', async () => {
    let handled = false;
    api.on('GET /support/messages', ({ query }) =>
      query.state === 'handled' || !handled
        ? { items: [message('S-00000001', { delivery: 'failed', phone: '555-0100' })] }
        : { items: [] },
    );
    api.on('PATCH /support/messages', () => {
      handled = true;
      return { message: message('S-00000001', { state: 'handled', handled_at: '2026-11-26T22:00:00.000Z' }) };
    });
    renderInbox();

    fireEvent.click(await screen.findByRole('button', { name: 'Read message S-00000001' }));

    const view = screen.getByRole('region', { name: 'Question S-00000001' });
    expect(within(view).getByRole('link', { name: 'Ada Lovelace <ada@example.com>' }).getAttribute('href')).toBe(
      `mailto:ada@example.com?subject=${encodeURIComponent('Re: [S-00000001] Question S-00000001')}`,
    );
    expect(within(view).getByText('Pricing')).toBeTruthy();
    expect(within(view).getByText('555-0100')).toBeTruthy();
    expect(within(view).getByText(/not delivered/)).toBeTruthy();
    expect(within(view).getByText(/for four surgeons/).textContent).toBe('How much is Suture\nfor four surgeons?');

    fireEvent.click(within(view).getByRole('button', { name: 'Mark handled' }));

    expect(await screen.findByText('Message S-00000001 marked handled.')).toBeTruthy();
    expect(api.requests('PATCH /support/messages')[0]?.body).toEqual({ reference: 'S-00000001', state: 'handled' });
    expect(await screen.findByText('No open messages')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Question S-00000001' })).toBeNull();
  });

  it('shows the handled messages when Handled is chosen, without Mark handled', async () => {
    api.on('GET /support/messages', ({ query }) =>
      query.state === 'handled'
        ? { items: [message('S-00000009', { state: 'handled', handled_at: '2026-11-26T22:00:00.000Z' })] }
        : { items: [] },
    );
    renderInbox();
    expect(await screen.findByText('No open messages')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Handled' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Read message S-00000009' }));

    const view = screen.getByRole('region', { name: 'Question S-00000009' });
    expect(within(view).getByText('2026-11-26 22:00')).toBeTruthy();
    expect(within(view).queryByRole('button', { name: 'Mark handled' })).toBeNull();
    await waitFor(() =>
      expect(api.requests('GET /support/messages').map((r) => r.query.state)).toEqual(['open', 'handled']),
    );
  });

  it('gives focus back to the Read button of the message on Close', async () => {
    // Prepare
    api.on('GET /support/messages', { items: [message('S-00000001'), message('S-00000002')] });
    renderInbox();
    const read = await screen.findByRole('button', { name: 'Read message S-00000002' });
    fireEvent.click(read);
    const view = screen.getByRole('region', { name: 'Question S-00000002' });
    // Act
    fireEvent.click(within(view).getByRole('button', { name: 'Close' }));
    // Assess
    expect(screen.queryByRole('region', { name: 'Question S-00000002' })).toBeNull();
    expect(document.activeElement).toBe(read);
  });

  it('on a phone, lists the messages as cards with every column and Read, and no table', async () => {
    setViewport('phone');
    api.on('GET /support/messages', () => ({
      items: [
        message('S-00000002', { kind: 'bug', subject: 'Bug report on /dashboard', from_name: '' }),
        message('S-00000001'),
      ],
    }));
    renderInbox();

    const list = await screen.findByRole('list', { name: 'Open messages, newest first' });
    expect(screen.queryByRole('table')).toBeNull();
    const [bug, contact] = within(list).getAllByRole('listitem');
    expect(within(bug!).getByText('Bug report on /dashboard')).toBeTruthy();
    expect(within(bug!).getByText('Bug report')).toBeTruthy();
    expect(within(bug!).getByText('ada@example.com')).toBeTruthy();
    expect(within(contact!).getByText('Question S-00000001')).toBeTruthy();
    expect(within(contact!).getByText('Contact')).toBeTruthy();
    expect(within(contact!).getByText('Ada Lovelace <ada@example.com>')).toBeTruthy();
    expect(within(contact!).getByText('S-00000001')).toBeTruthy();
    expect(within(contact!).getByText('2026-11-26 21:05')).toBeTruthy();

    // Read is a real button, reached by keyboard, and opens the message with Mark handled.
    const read = within(contact!).getByRole('button', { name: 'Read message S-00000001' });
    read.focus();
    expect(document.activeElement).toBe(read);
    fireEvent.click(read);
    const view = screen.getByRole('region', { name: 'Question S-00000001' });
    expect(within(view).getByRole('button', { name: 'Mark handled' })).toBeTruthy();
  });
});
