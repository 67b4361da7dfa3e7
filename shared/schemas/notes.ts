/**
 * Notes on a case between the practice and the back office (docs/decisions/0023-case-notes.md): what
 * GET and POST /case/notes take and answer, and the note form's rule. A note's text may hold PHI: it
 * is never logged, emailed or exported.
 */
import * as z from 'zod';
import { TEXT_LIMITS } from '../constants';

/** Longest note, in characters after trimming. */
export const MAX_NOTE_LENGTH = 2000;
/** Notes a page of GET /case/notes holds unless `limit` says otherwise. */
export const NOTES_PAGE_SIZE = 20;

export const NOTE_MESSAGES = {
  textRequired: 'Please write a note',
  textTooLong: `A note must be at most ${MAX_NOTE_LENGTH.toLocaleString('en-US')} characters`,
  caseIdRequired: 'case_id is required',
} as const;

/** A note's text: trimmed, 1 to {@link MAX_NOTE_LENGTH} characters. */
export const NoteTextSchema = z
  .string({ error: NOTE_MESSAGES.textRequired })
  .trim()
  .min(1, { error: NOTE_MESSAGES.textRequired, abort: true })
  .max(MAX_NOTE_LENGTH, NOTE_MESSAGES.textTooLong);

/** The note form of Case Details. */
export const NoteFormSchema = z.object({ text: NoteTextSchema });
export type NoteFormInput = z.input<typeof NoteFormSchema>;

/** POST /case/notes. */
export const CaseNoteBodySchema = NoteFormSchema.extend({
  case_id: z
    .string({ error: NOTE_MESSAGES.caseIdRequired })
    .trim()
    .min(1, NOTE_MESSAGES.caseIdRequired)
    .max(TEXT_LIMITS.id),
});
export type CaseNoteBody = z.infer<typeof CaseNoteBodySchema>;

/** One note as the API answers it. */
export const CaseNoteSchema = z.object({
  note_id: z.string(),
  author_id: z.string(),
  /** "First Last" of the author's profile now; '' when it has no name. */
  author_name: z.string(),
  /** The author's role when the note was written (shared/roles.ts roleLabel). */
  author_role: z.string(),
  /** ISO time the note was written. */
  at: z.string(),
  text: z.string(),
});
export type CaseNote = z.infer<typeof CaseNoteSchema>;

/** GET /case/notes: one page, newest first. */
export const CaseNotesPageSchema = z.object({
  notes: z.array(CaseNoteSchema),
  next_cursor: z
    .string()
    .min(1)
    .optional()
    .meta({ description: 'Send back as `cursor` (same case) for the next, older page; absent on the last page.' }),
});
export type CaseNotesPage = z.infer<typeof CaseNotesPageSchema>;

/** POST /case/notes (201): the note written. */
export const CaseNoteSavedSchema = z.object({ note: CaseNoteSchema });
