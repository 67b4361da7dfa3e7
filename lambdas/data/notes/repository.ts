/**
 * Reads and writes of the notes on a case (docs/decisions/0023-case-notes.md). A page is one Query of
 * the case's partition, newest first (lambdas/lib/paging.ts queryPage); a write is one PutItem,
 * conditional on the key being new. The text may hold PHI: nothing here logs it (a malformed item is
 * logged by its key only, lambdas/data/item.ts).
 */
import { randomUUID } from 'node:crypto';
import { BatchWriteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { ddb } from '../../lib/aws';
import { queryAll, resendUnprocessed } from '../../lib/dynamo';
import { getEnv } from '../../lib/env';
import { queryPage, type PageKey } from '../../lib/paging';
import { parseItems } from '../item';
import { NOTE_KEY_NAMES, noteSortKey } from './keys';

/** A note as stored: its keys beside the note. */
const NoteItemSchema = z.object({
  case_id: z.string().min(1),
  note_sk: z.string().min(1),
  note_id: z.string().min(1),
  author_id: z.string().min(1),
  author_role: z.string(),
  at: z.string().min(1),
  text: z.string(),
});
type NoteItem = z.infer<typeof NoteItemSchema>;

/** A note as the rest of the code sees it (no storage keys; the author's name is the caller's to add). */
export interface StoredNote {
  note_id: string;
  author_id: string;
  author_role: string;
  /** ISO UTC time. */
  at: string;
  text: string;
}

const table = () => getEnv().CASE_NOTES_TABLE;

/** The note without its storage keys. */
function toNote({ case_id: _case, note_sk: _sk, ...note }: NoteItem): StoredNote {
  return note;
}

/** The resume key of a page of notes (the last note's key). */
export const NoteCursorSchema = z.object({ case_id: z.string(), note_sk: z.string() });

/**
 * Write a note on `caseId` (its text already checked: shared/schemas/notes.ts). The note id is
 * random; `now` (default the clock) stamps it. Throws the SDK's error on failure.
 */
export async function addNote(
  caseId: string,
  note: { author_id: string; author_role: string; text: string },
  now: Date = new Date(),
): Promise<StoredNote> {
  const at = now.toISOString();
  const noteId = randomUUID();
  const item: NoteItem = { case_id: caseId, note_sk: noteSortKey(at, noteId), note_id: noteId, at, ...note };
  await ddb().send(
    new PutCommand({
      TableName: table(),
      Item: item,
      ConditionExpression: 'attribute_not_exists(note_sk)',
    }),
  );
  return toNote(item);
}

/**
 * One page of the notes of `caseId`, newest first: at most `limit` notes after `startKey` (the
 * previous page's `lastKey`), and `lastKey` when older ones remain. Reads at most `limit + 1` items.
 */
export async function listNotes(
  caseId: string,
  limit: number,
  startKey?: PageKey,
): Promise<{ notes: StoredNote[]; lastKey?: PageKey }> {
  const page = await queryPage(
    {
      TableName: table(),
      KeyConditionExpression: 'case_id = :c',
      ExpressionAttributeValues: { ':c': caseId },
      ScanIndexForward: false,
    },
    { limit, startKey, keyNames: NOTE_KEY_NAMES },
  );
  const items = parseItems(NoteItemSchema, page.items, table(), NOTE_KEY_NAMES);
  return { notes: items.map(toNote), ...(page.lastKey ? { lastKey: page.lastKey } : {}) };
}

/**
 * Delete every note of `caseId` (the 30-day purge of a soft-deleted case): one Query of its keys,
 * then BatchWriteItem in groups of 25. Resolves with the number deleted; throws when some stay
 * unprocessed after the retries (the next purge run cannot find the case again, so the caller logs it).
 */
export async function deleteNotesOfCase(caseId: string): Promise<number> {
  const { items } = await queryAll({
    TableName: table(),
    KeyConditionExpression: 'case_id = :c',
    ExpressionAttributeValues: { ':c': caseId },
    ProjectionExpression: 'case_id, note_sk',
  });
  const requests = items.map((item) => ({
    DeleteRequest: { Key: { case_id: String(item.case_id), note_sk: String(item.note_sk) } },
  }));
  for (let i = 0; i < requests.length; i += 25) {
    const left = await resendUnprocessed(requests.slice(i, i + 25), async (pending) => {
      const out = await ddb().send(new BatchWriteCommand({ RequestItems: { [table()]: pending } }));
      return (out.UnprocessedItems?.[table()] ?? []) as typeof pending;
    });
    if (left.length) throw new Error(`${left.length} note(s) of a purged case stayed undeleted`);
  }
  return requests.length;
}
