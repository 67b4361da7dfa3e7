/**
 * A user's surgeons in the surgeons table (PK `user_id`, SK `surgeon_id`; `lambdas/lib/tables.ts`).
 *
 * Stored item: {@link SurgeonItem} (surgeon_npi a number, 0 for none / manual entry; spec
 * provider-side section 3). The API shape adds `id` (= surgeon_id), see {@link toApiSurgeon}.
 *
 * Exported plain functions (used by the /surgeon and /case Lambdas, the local runtime's seeding
 * `local/seed.ts`, and tests; table name from the Lambda environment, `getEnv()`):
 * - {@link putSurgeon}(input, { now }) -> SurgeonItem: conditional create (surgeon_id generated
 *   when absent; an existing (user_id, surgeon_id) throws `ConflictError`). Alias {@link createSurgeon}.
 * - {@link listSurgeons}(userId, { limit, cursor }) -> { items: SurgeonItem[], next_cursor? }: one page in
 *   order of last name, then first name (case- and accent-insensitive; Query of the byName index; decision record 0010).
 * - {@link getSurgeon}(userId, surgeonId) -> SurgeonItem | undefined (GetItem).
 * - {@link updateSurgeon}(userId, surgeonId, patch, { now }) -> SurgeonItem (`NotFoundError('Surgeon not found')`).
 * - {@link deleteSurgeon}(userId, surgeonId, { now, actor }) -> void: a SOFT delete (decision record 0006; section 2;
 *   `NotFoundError('Surgeon not found')` when missing or already deleted). A deleted surgeon is never listed or got.
 * Keys are scoped by user: another user's surgeon is simply not found.
 * One NPI once per user: a create or update that would give a second surgeon of the user a
 * non-zero NPI already held throws `ConflictError('Surgeon already exists')` and writes nothing (NPI
 * uniqueness markers, lambdas/data/owned/items.ts); NPI 0 (manual entry) may repeat.
 */
import { randomUUID } from 'node:crypto';
import { SURGEON_MESSAGES, type Surgeon } from '../../../shared';
import * as z from 'zod';
import { getEnv } from '../../lib/env';
import { ownedItemRepository, type OwnedItemPage } from './items';

export type SurgeonItem = Omit<Surgeon, 'id'>;
export type SurgeonFields = Omit<SurgeonItem, 'user_id' | 'surgeon_id' | 'createdAt' | 'updatedAt'>;
export type PutSurgeonInput = { user_id: string; surgeon_id?: string; createdAt?: string } & Pick<
  SurgeonFields,
  'first_name' | 'last_name'
> &
  Partial<SurgeonFields>;

/**
 * The item schema of a surgeon: the API's fields without `id` (a `z.object`, so parsing drops the
 * storage-only `sort_name`, `version` and soft-delete marks); fields an older item lacks read as
 * empty, 0 or false.
 */
export const SurgeonItemSchema = z.object({
  user_id: z.string().min(1),
  surgeon_id: z.string().min(1),
  first_name: z.string().default(''),
  last_name: z.string().default(''),
  surgeon_npi: z.number().int().default(0),
  surgeon_addr: z.string().default(''),
  surgeon_city: z.string().default(''),
  surgeon_state: z.string().default(''),
  surgeon_zip: z.string().default(''),
  manual_entry: z.boolean().default(false),
  createdAt: z.string().default(''),
  updatedAt: z.string().default(''),
}) satisfies z.ZodType<SurgeonItem>;

/** The shared owned-item access patterns over SURGEONS_TABLE (lambdas/data/owned/items.ts). */
const repository = ownedItemRepository<SurgeonItem>({
  table: () => getEnv().SURGEONS_TABLE,
  tableId: 'surgeons',
  schema: SurgeonItemSchema,
  idField: 'surgeon_id',
  nameFields: ['last_name', 'first_name'],
  conflictMessage: 'Surgeon already exists',
  npiField: 'surgeon_npi',
  notFoundMessage: SURGEON_MESSAGES.notFound,
});

/** API shape: the stored item plus `id`. */
export function toApiSurgeon(item: SurgeonItem): Surgeon {
  return { ...item, id: item.surgeon_id };
}

/** Create a surgeon for `user_id`; throws `ConflictError` when the id is taken. */
export async function putSurgeon(input: PutSurgeonInput, options: { now?: Date } = {}): Promise<SurgeonItem> {
  const now = (options.now ?? new Date()).toISOString();
  const item: SurgeonItem = {
    user_id: input.user_id,
    surgeon_id: input.surgeon_id ?? randomUUID(),
    first_name: input.first_name,
    last_name: input.last_name,
    surgeon_npi: input.surgeon_npi ?? 0,
    surgeon_addr: input.surgeon_addr ?? '',
    surgeon_city: input.surgeon_city ?? '',
    surgeon_state: input.surgeon_state ?? '',
    surgeon_zip: input.surgeon_zip ?? '',
    manual_entry: input.manual_entry ?? false,
    createdAt: input.createdAt ?? now,
    updatedAt: now,
  };
  return repository.create(item);
}

/** Same as {@link putSurgeon}. */
export const createSurgeon = putSurgeon;

/**
 * One page of a user's surgeons in order of last name, then first name: at most `limit` after `cursor` (from the
 * previous page's `next_cursor`; absent: the first page). `next_cursor` only when more exist.
 * Throws `ValidationError` (400, field `cursor`) for a cursor of another list or user, or forged.
 */
export async function listSurgeons(
  userId: string,
  page: { limit: number; cursor?: string },
): Promise<OwnedItemPage<SurgeonItem>> {
  return repository.list(userId, page);
}

export async function getSurgeon(userId: string, surgeonId: string): Promise<SurgeonItem | undefined> {
  return repository.get(userId, surgeonId);
}

/** Change the given fields; throws `NotFoundError('Surgeon not found')` when missing. */
export async function updateSurgeon(
  userId: string,
  surgeonId: string,
  patch: Partial<SurgeonFields>,
  options: { now?: Date } = {},
): Promise<SurgeonItem> {
  return repository.update(userId, surgeonId, patch, options.now);
}

/**
 * Soft-delete (decision record 0006): `deleted_at` (ISO, `now`) and `deleted_by` (`actor`) are set and the
 * item leaves every list and get (lambdas/data/owned/items.ts); its NPI may be added again. Throws
 * `NotFoundError('Surgeon not found')` when missing or already deleted.
 */
export async function deleteSurgeon(
  userId: string,
  surgeonId: string,
  options: { now?: Date; actor?: string } = {},
): Promise<void> {
  return repository.remove(userId, surgeonId, options);
}
