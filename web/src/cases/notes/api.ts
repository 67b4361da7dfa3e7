/**
 * API layer of the notes on a case (GET and POST /case/notes; docs/decisions/0023-case-notes.md), on
 * `apiFetch`; answers are checked with the shared schemas (shared/schemas/notes.ts) and one of another
 * shape throws an Error {@link NOTE_SCREEN_MESSAGES.unreadable}. Failed calls throw `ApiError` (a 400
 * keeps its `errors: [{ field, message }]` in `body`).
 */
import type * as z from 'zod';
import {
  CaseNoteSavedSchema,
  CaseNotesPageSchema,
  NOTES_PAGE_SIZE,
  type CaseNote,
  type CaseNotesPage,
} from '../../../../shared/schemas/notes';
import { apiFetch } from '../../lib/api';
import { NOTE_SCREEN_MESSAGES } from './messages';

export type { CaseNote, CaseNotesPage };

function parsed<T>(schema: z.ZodType<T>, body: unknown): T {
  const result = schema.safeParse(body);
  if (!result.success) throw new Error(NOTE_SCREEN_MESSAGES.unreadable);
  return result.data;
}

/** One page of the notes of `caseId`, newest first; `cursor` is the previous page's `next_cursor`. */
export async function fetchNotesPage(caseId: string, cursor?: string, signal?: AbortSignal): Promise<CaseNotesPage> {
  const body = await apiFetch<unknown>('/case/notes', {
    query: { case_id: caseId, limit: String(NOTES_PAGE_SIZE), cursor },
    signal,
  });
  return parsed(CaseNotesPageSchema, body);
}

/** POST /case/notes: writes a note on `caseId`; answers it. */
export async function postNote(caseId: string, text: string): Promise<CaseNote> {
  const body = await apiFetch<unknown>('/case/notes', { method: 'POST', body: { case_id: caseId, text } });
  return parsed(CaseNoteSavedSchema, body).note;
}
