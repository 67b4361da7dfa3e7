/**
 * The notes thread of Case Details (docs/decisions/0023-case-notes.md), for the case's owner and the
 * back office: a form (a textarea with a character counter and Post) above the notes, newest first,
 * each with its author's name, role and time, and Load more for older ones. Empty state "No notes
 * yet"; load and post failures in the spec's message style (web/src/lib/apiErrors.ts `notesLoad`,
 * `notesSave`), a 400's message on the field. Its own lazy chunk: /case/:caseId stays within budget.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Card, Flex, Heading, Loader, Text, TextAreaField } from '@aws-amplify/ui-react';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { MAX_NOTE_LENGTH, NoteFormSchema, type NoteFormInput } from '../../../../shared/schemas/notes';
import { UI_MESSAGES } from '../../../../shared/messages';
import { userDisplayName } from '../../back-office/dashboard/api';
import { LoadMore, nextPageProps } from '../../components/LoadMore';
import { BusyButton, RetryButton } from '../../components/BusyButton';
import { apiErrorMessage } from '../../lib/apiErrors';
import { formatTimestamp } from '../format';
import type { CaseNote } from './api';
import { NOTE_SCREEN_MESSAGES as MESSAGES } from './messages';
import { useCaseNotes, usePostNote } from './queries';

/** The message a 400 gave for `field`, if any. */
function fieldMessage(err: unknown, field: string): string | undefined {
  const errors = (err as { status?: number; body?: { errors?: unknown } } | null)?.body?.errors;
  if (!Array.isArray(errors)) return undefined;
  const found = errors.find((e): e is { field: string; message: string } => e?.field === field);
  return typeof found?.message === 'string' ? found.message : undefined;
}

function NoteForm({ caseId }: { caseId: string }) {
  const post = usePostNote(caseId);
  const [posted, setPosted] = useState('');
  const form = useForm<NoteFormInput>({ resolver: zodResolver(NoteFormSchema), defaultValues: { text: '' } });
  const text = useWatch({ control: form.control, name: 'text' }) ?? '';
  const length = text.trim().length;
  const error = form.formState.errors.text?.message;

  const onSubmit = form.handleSubmit(async ({ text: value }) => {
    setPosted('');
    try {
      await post.mutateAsync(value);
      form.reset({ text: '' });
      setPosted(MESSAGES.posted);
    } catch (err) {
      const message = fieldMessage(err, 'text');
      if (message) form.setError('text', { message });
    }
  });
  // A refusal on the field shows there; any other failure above the button.
  const failure = post.isError && !fieldMessage(post.error, 'text') ? apiErrorMessage('notesSave', post.error) : '';

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label="New note">
      <Flex direction="column" gap="xs">
        <TextAreaField
          label="Add a note"
          rows={3}
          resize="vertical"
          descriptiveText={`${length.toLocaleString('en-US')} / ${MAX_NOTE_LENGTH.toLocaleString('en-US')} characters`}
          hasError={Boolean(error)}
          errorMessage={error}
          {...form.register('text')}
        />
        {failure && (
          <Alert variation="error" role="alert">
            {failure}
          </Alert>
        )}
        <Flex alignItems="center" gap="small" wrap="wrap">
          <BusyButton
            type="submit"
            variation="primary"
            busy={post.isPending}
            busyText="Posting..."
            style={{ minHeight: 44 }}
          >
            Post
          </BusyButton>
          <Text as="span" role="status" fontSize="small" color="font.secondary">
            {posted}
          </Text>
        </Flex>
      </Flex>
    </form>
  );
}

function NoteItem({ note }: { note: CaseNote }) {
  return (
    <li
      style={{
        listStyle: 'none',
        borderTop: '1px solid var(--amplify-colors-border-secondary)',
        paddingBlock: '0.75rem',
      }}
    >
      <article aria-label={`Note by ${userDisplayName(note.author_name, note.author_id)}`}>
        <Flex as="header" gap="xs" wrap="wrap" alignItems="baseline">
          <Text as="span" fontWeight="bold">
            {userDisplayName(note.author_name, note.author_id)}
          </Text>
          <Text as="span" fontSize="small" color="font.secondary">
            {note.author_role}
          </Text>
          <Text as="span" fontSize="small" color="font.secondary">
            <time dateTime={note.at}>{formatTimestamp(note.at)}</time>
          </Text>
        </Flex>
        <Text as="p" margin="0.25rem 0 0" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {note.text}
        </Text>
      </article>
    </li>
  );
}

export default function CaseNotes({ caseId }: { caseId: string }) {
  const headingId = useId();
  const notes = useCaseNotes(caseId);
  const all = notes.data?.pages.flatMap((p) => p.notes) ?? [];

  let thread;
  if (notes.isPending) {
    thread = (
      <Flex alignItems="center" gap="small" role="status">
        <Loader size="small" aria-hidden="true" />
        <Text>{UI_MESSAGES.loading}</Text>
      </Flex>
    );
  } else if (notes.isError && all.length === 0) {
    thread = (
      <Alert variation="error" role="alert">
        <Flex direction="column" gap="xs" alignItems="flex-start">
          {apiErrorMessage('notesLoad', notes.error)}
          <RetryButton size="small" query={notes} />
        </Flex>
      </Alert>
    );
  } else if (all.length === 0) {
    thread = (
      <Flex direction="column" gap="xxs">
        <Text fontWeight="bold">{MESSAGES.empty}</Text>
        <Text fontSize="small" color="font.secondary">
          {MESSAGES.emptyHint}
        </Text>
      </Flex>
    );
  } else {
    thread = (
      <>
        <ol aria-labelledby={headingId} style={{ margin: 0, padding: 0 }}>
          {all.map((note) => (
            <NoteItem key={note.note_id} note={note} />
          ))}
        </ol>
        <LoadMore
          shown={all.length}
          noun={['note', 'notes']}
          {...nextPageProps(notes)}
          error={notes.isFetchNextPageError ? new Error(apiErrorMessage('notesLoad', notes.error)) : null}
        />
      </>
    );
  }

  return (
    <Card as="section" variation="outlined" aria-labelledby={headingId}>
      <Flex direction="column" gap="medium">
        <Heading level={2} id={headingId}>
          Notes
        </Heading>
        <NoteForm caseId={caseId} />
        {thread}
      </Flex>
    </Card>
  );
}
