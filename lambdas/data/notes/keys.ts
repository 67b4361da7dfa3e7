/**
 * Keys of the notes on a case (docs/decisions/0023-case-notes.md): one partition per case, each note
 * sorted by the time it was written, then its id. Pure data, no AWS imports: the CDK app and the
 * local runtime read it through lambdas/lib/tables.ts.
 */
import { stringTable } from '../keys';

/** `case_id` + `note_sk` ({@link noteSortKey}); a case's notes newest first are one backward Query. */
export const CASE_NOTES_TABLE = stringTable('case-notes', 'CASE_NOTES_TABLE', ['case_id', 'note_sk']);

/** The key attributes of a note (the cursor's resume key and what a malformed-item log names). */
export const NOTE_KEY_NAMES = ['case_id', 'note_sk'] as const;

/** `note_sk` of a note written at `at` (ISO UTC time) with id `noteId`: unique, in time order. */
export function noteSortKey(at: string, noteId: string): string {
  return `${at}#${noteId}`;
}
