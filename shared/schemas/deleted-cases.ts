/**
 * Soft-deleted cases (docs/decisions/0006-soft-delete-and-30-day-purge.md) as the API answers them, parsed by the back office's
 * Deleted cases view (web/src/back-office/cases):
 * - `GET /case/deleted?limit=&cursor=` (user_type 100 or more) -> {@link DeletedCasePageSchema}:
 *   `{ success, cases: [{ case_id, case_number, user_id, owner_name, case_date, patient_first, patient_last,
 *   ins_provider, case_status, created_date, deleted_at, deleted_by, deleted_by_name, ... }], count,
 *   next_cursor? }`, most recently deleted first; `next_cursor` absent on the last page.
 * - `POST /case/restore { case_id }` -> {@link RestoreCaseResponseSchema}: `{ success, message:
 *   'Case restored successfully', case }`; 409 past {@link RESTORE_WINDOW_DAYS} days, 404 when no
 *   such case is deleted.
 * Times are ISO 8601 UTC. Extra fields of the case are allowed (the full case shape is sent).
 */
import * as z from 'zod';

/** Days a soft-deleted case can be restored; after that the daily purge removes it for good. */
export const RESTORE_WINDOW_DAYS = 30;

/** One deleted case of the list. */
export const DeletedCaseSchema = z.looseObject({
  case_id: z.string(),
  /** "C-000123" (shared/case-number.ts); null while the stage has not numbered it. */
  case_number: z.string().nullable().default(null),
  user_id: z.string(),
  /** "First Last" of the owner, '' when unknown. */
  owner_name: z.string().default(''),
  case_date: z.string().default(''),
  patient_first: z.string().default(''),
  patient_last: z.string().default(''),
  ins_provider: z.string().default(''),
  case_status: z.number(),
  created_date: z.string().default(''),
  /** ISO time of the delete. */
  deleted_at: z.string(),
  /** User id of who deleted it ('system' for tooling). */
  deleted_by: z.string(),
  /** "First Last" of who deleted it, '' when unknown. */
  deleted_by_name: z.string().default(''),
});
export type DeletedCase = z.infer<typeof DeletedCaseSchema>;

export const DeletedCasePageSchema = z.object({
  cases: z.array(DeletedCaseSchema),
  next_cursor: z.string().optional(),
});
export type DeletedCasePage = z.infer<typeof DeletedCasePageSchema>;

/** POST /case/restore body. */
export const RestoreCaseBodySchema = z.object({ case_id: z.string().trim().min(1, 'case_id is required').max(200) });

export const RestoreCaseResponseSchema = z.object({
  message: z.string(),
  case: z.looseObject({ case_id: z.string() }),
});
export type RestoreCaseResponse = z.infer<typeof RestoreCaseResponseSchema>;

/** The last moment a case deleted at `deletedAt` (ISO) can be restored, as an ISO time ('' when unreadable). */
export function restorableUntil(deletedAt: string): string {
  const t = Date.parse(deletedAt);
  return Number.isNaN(t) ? '' : new Date(t + RESTORE_WINDOW_DAYS * 24 * 3600 * 1000).toISOString();
}
