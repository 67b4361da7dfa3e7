/**
 * Notes on a case between the practice and the back office (docs/decisions/0023-case-notes.md):
 * who may read or write them is who may see the case (lambdas/data/case/access.ts: the owner or
 * user_type 10 or more; anyone else, and a soft-deleted case, the same 404 as a missing case). The
 * middleware's audit entry names the action and the case; a note's text is never logged.
 */
import { CaseNoteBodySchema, NOTES_PAGE_SIZE, type CaseNote } from '../../shared/schemas/notes';
import { roleLabel } from '../../shared/roles';
import { callerUserType, requireCaller } from '../lib/auth';
import { ValidationError } from '../lib/errors';
import { bodyObject, created, ok, queryParam, type ApiEvent } from '../lib/http';
import { MAX_CURSOR_LENGTH, decodeCursor, encodeCursor, parseLimit } from '../lib/paging';
import { parseInput } from '../lib/validation';
import { accessibleCase } from '../data/case/access';
import { NoteCursorSchema, addNote, listNotes, type StoredNote } from '../data/notes/repository';
import { ownerNames } from '../data/user/owners';

/** Cursor scope: the list, the caller and the case, so a cursor opens for nothing else. */
const scopeOf = (callerId: string, caseId: string) => `case:notes:${callerId}:${caseId}`;

/** The API shape of `notes`, each with its author's current name (one batched read of the profiles). */
async function withAuthorNames(notes: StoredNote[]): Promise<CaseNote[]> {
  const names = await ownerNames(notes.map((n) => n.author_id));
  return notes.map((n) => ({ ...n, author_name: names.get(n.author_id) ?? '' }));
}

/** GET /case/notes?case_id=&limit=&cursor= -> `{ notes, next_cursor? }`, newest first. */
export async function getNotes(event: ApiEvent) {
  const caller = requireCaller(event);
  const caseId = queryParam(event, 'case_id');
  if (!caseId) throw new ValidationError([{ field: 'case_id', message: 'case_id is required' }]);
  const rawLimit = queryParam(event, 'limit');
  // A thread shows a few notes at a time: a smaller default page than other lists.
  const limit = rawLimit === undefined ? NOTES_PAGE_SIZE : parseLimit(rawLimit);
  const scope = scopeOf(caller.sub, caseId);
  // The cursor is checked before the case is read: a bad one is a 400 whatever the case.
  const startKey = decodeCursor(queryParam(event, 'cursor', MAX_CURSOR_LENGTH), scope, NoteCursorSchema);
  const item = await accessibleCase(event, caseId);
  const page = await listNotes(item.case_id, limit, startKey);
  return ok({
    notes: await withAuthorNames(page.notes),
    ...(page.lastKey ? { next_cursor: encodeCursor(scope, page.lastKey) } : {}),
  });
}

/** POST /case/notes { case_id, text } -> 201 `{ note }`; a bad body is a 400 and nothing is written. */
export async function postNote(event: ApiEvent) {
  const caller = requireCaller(event);
  const input = parseInput(CaseNoteBodySchema, bodyObject(event));
  const item = await accessibleCase(event, input.case_id);
  const role = roleLabel(await callerUserType(event));
  const note = await addNote(item.case_id, { author_id: caller.sub, author_role: role, text: input.text });
  return created({ note: (await withAuthorNames([note]))[0] });
}
