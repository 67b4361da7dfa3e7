/**
 * @jest-environment ./test/unit/web/support/msw-environment.ts
 */
/**
 * The notes thread of Case Details against the fake API: loading, the empty state, the thread newest
 * first with author, role and time, Load more with the cursor, the load error with Retry; the form's
 * counter, its own checks (nothing sent), the post and the thread read again, a 400's message on the
 * field and another failure in the spec's style.
 */
import { browserFocusFixup } from './support/dom-env';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import CaseNotes from '../../../web/src/cases/notes/CaseNotes';
import type { CaseNote } from '../../../shared/schemas/notes';
import { networkError, reply, useFakeApi } from './support/fake-api-server';

const api = useFakeApi();
const CASE_ID = 'p1_1760000000000';

function note(n: number, overrides: Partial<CaseNote> = {}): CaseNote {
  return {
    note_id: `n${n}`,
    author_id: 'b7c1d2e3-0000-4000-8000-000000000001',
    author_name: 'Dana Biller',
    author_role: 'Case Admin',
    at: `2026-03-0${n}T15:30:00.000Z`,
    text: `Note ${n}`,
    ...overrides,
  };
}

function renderNotes() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <CaseNotes caseId={CASE_ID} />
    </QueryClientProvider>,
  );
}

const textarea = () => screen.getByLabelText('Add a note') as HTMLTextAreaElement;
const items = () =>
  within(screen.getByRole('list', { name: 'Notes' }))
    .getAllByRole('listitem')
    .map((li) => li.textContent ?? '');

describe('the notes thread', () => {
  it('shows loading, then "No notes yet" for a case without notes', async () => {
    api.on('GET /case/notes', { notes: [] });
    renderNotes();

    expect(screen.getAllByRole('status').some((s) => s.textContent?.includes('Loading'))).toBe(true);
    expect(screen.getByRole('form', { name: 'New note' })).toBeTruthy();
    expect(await screen.findByText('No notes yet')).toBeTruthy();
    expect(api.requests('GET /case/notes')[0]?.query).toEqual({ case_id: CASE_ID, limit: '20' });
  });

  it('lists the notes newest first with author, role and time, and loads older ones with the cursor', async () => {
    api.on('GET /case/notes', ({ query }) =>
      query.cursor === 'c1'
        ? { notes: [note(1, { author_name: '', author_id: 'abcdef12-3456', author_role: 'Provider' })] }
        : { notes: [note(3, { text: 'Line one\nLine two' }), note(2)], next_cursor: 'c1' },
    );
    renderNotes();
    await screen.findByRole('list', { name: 'Notes' });

    expect(items()).toHaveLength(2);
    expect(items()[0]).toContain('Dana Biller');
    expect(items()[0]).toContain('Case Admin');
    expect(items()[0]).toContain('Line one\nLine two');
    expect(screen.getAllByRole('article')[0]!.querySelector('time')?.getAttribute('dateTime')).toBe(
      '2026-03-03T15:30:00.000Z',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));

    await waitFor(() => expect(items()).toHaveLength(3));
    expect(api.requests('GET /case/notes')[1]?.query).toEqual({ case_id: CASE_ID, limit: '20', cursor: 'c1' });
    // The spec's name lookup fallback for an author without a name.
    expect(items()[2]).toContain('User ABCDEF12');
    expect(items()[2]).toContain('Provider');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(screen.getByText('Showing 3 notes')).toBeTruthy();
  });

  it('says when the notes cannot be loaded and retries', async () => {
    api.on('GET /case/notes', () => reply(500, { message: 'Internal server error' }));
    renderNotes();

    expect((await screen.findByRole('alert')).textContent).toContain('Failed to load notes:');
    api.on('GET /case/notes', () => networkError());
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain('The notes service is currently unavailable.'),
    );
    api.on('GET /case/notes', { notes: [note(1)] });
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByRole('list', { name: 'Notes' });
  });

  it('counts the characters, checks the text before sending, posts it and reads the thread again', async () => {
    let stored: CaseNote[] = [];
    api.on('GET /case/notes', () => ({ notes: stored }));
    api.on('POST /case/notes', ({ body }) => {
      const posted = note(4, { text: (body as { text: string }).text, author_role: 'Provider' });
      stored = [posted, ...stored];
      return reply(201, { note: posted });
    });
    renderNotes();
    await screen.findByText('No notes yet');

    expect(screen.getByText('0 / 2,000 characters')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('Please write a note')).toBeTruthy();
    expect(textarea().getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(textarea(), { target: { value: 'x'.repeat(2001) } });
    expect(screen.getByText('2,001 / 2,000 characters')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('A note must be at most 2,000 characters')).toBeTruthy();
    expect(api.requests('POST /case/notes')).toHaveLength(0);

    fireEvent.change(textarea(), { target: { value: '  Called the payer.  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Post' }));

    expect(await screen.findByText('Note posted')).toBeTruthy();
    expect(api.requests('POST /case/notes')[0]?.body).toEqual({ case_id: CASE_ID, text: 'Called the payer.' });
    await waitFor(() => expect(items()[0]).toContain('Called the payer.'));
    expect(textarea().value).toBe('');
  });

  it('gives keyboard focus back to Post once the note is posted', async () => {
    // Prepare: the browser takes focus from the button while it is disabled; the post takes a moment
    browserFocusFixup();
    api.on('GET /case/notes', { notes: [] });
    api.on('POST /case/notes', async () => {
      await new Promise((resolve) => setTimeout(resolve, 100));
      return reply(201, { note: note(1, { text: 'Called the payer.' }) });
    });
    renderNotes();
    await screen.findByText('No notes yet');
    fireEvent.change(textarea(), { target: { value: 'Called the payer.' } });
    const post = screen.getByRole('button', { name: 'Post' });
    post.focus();

    // Act
    fireEvent.click(post);

    // Assess
    expect(await screen.findByText('Note posted')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Post' })));
  });

  it("puts a 400's message on the field, and says when the post fails otherwise", async () => {
    api.on('GET /case/notes', { notes: [] });
    api.on('POST /case/notes', () =>
      reply(400, {
        message: 'Validation failed',
        errors: [{ field: 'text', message: 'text must not contain control characters' }],
      }),
    );
    renderNotes();
    await screen.findByText('No notes yet');

    fireEvent.change(textarea(), { target: { value: 'Hello' } });
    fireEvent.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('text must not contain control characters')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();

    api.on('POST /case/notes', () => reply(404, { message: 'Case not found' }));
    fireEvent.click(screen.getByRole('button', { name: 'Post' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to post note: Case not found');
    expect(textarea().value).toBe('Hello');
  });
});
