/**
 * A user's facilities in the facilities table (PK `user_id`, SK `facility_id`; `lambdas/lib/tables.ts`).
 *
 * Stored item: {@link FacilityItem} (facility_npi a number, 0 when missing; spec provider-side
 * section 3). The API shape adds `id` (= facility_id), see {@link toApiFacility}.
 *
 * Exported plain functions (used by the /facility and /case Lambdas, the local runtime's seeding
 * `local/seed.ts`, and tests; table name from the Lambda environment, `getEnv()`):
 * - {@link putFacility}(input, { now }) -> FacilityItem: conditional create (facility_id generated
 *   when absent; an existing (user_id, facility_id) throws `ConflictError`). Alias {@link createFacility}.
 * - {@link listFacilities}(userId, { limit, cursor }) -> { items: FacilityItem[], next_cursor? }: one page in
 *   order of name (case- and accent-insensitive; Query of the byName index; decision record 0010).
 * - {@link getFacility}(userId, facilityId) -> FacilityItem | undefined (GetItem).
 * - {@link updateFacility}(userId, facilityId, patch, { now }) -> FacilityItem (`NotFoundError('Facility not found')`).
 * - {@link deleteFacility}(userId, facilityId, { now, actor }) -> void: a SOFT delete (decision record 0006; section 2;
 *   `NotFoundError('Facility not found')` when missing or already deleted). A deleted facility is never listed or got.
 * Keys are scoped by user: another user's facility is simply not found.
 * One NPI once per user: a create or update that would give a second facility of the user a
 * non-zero NPI already held throws `ConflictError('Facility already exists')` and writes nothing (NPI
 * uniqueness markers, lambdas/data/owned/items.ts); NPI 0 (manual entry) may repeat.
 */
import { randomUUID } from 'node:crypto';
import { FACILITY_MESSAGES, type Facility } from '../../../shared';
import * as z from 'zod';
import { getEnv } from '../../lib/env';
import { ownedItemRepository, type OwnedItemPage } from './items';

export type FacilityItem = Omit<Facility, 'id'>;
export type FacilityFields = Omit<FacilityItem, 'user_id' | 'facility_id' | 'createdAt' | 'updatedAt'>;
export type PutFacilityInput = { user_id: string; facility_id?: string; createdAt?: string } & Pick<
  FacilityFields,
  'facility_name'
> &
  Partial<FacilityFields>;

/**
 * The item schema of a facility: the API's fields without `id` (a `z.object`, so parsing drops the
 * storage-only `sort_name`, `version` and soft-delete marks); fields an older item lacks read as
 * empty, 0 or false.
 */
export const FacilityItemSchema = z.object({
  user_id: z.string().min(1),
  facility_id: z.string().min(1),
  facility_name: z.string().default(''),
  facility_npi: z.number().int().default(0),
  facility_addr: z.string().default(''),
  facility_city: z.string().default(''),
  facility_state: z.string().default(''),
  facility_zip: z.string().default(''),
  manual_entry: z.boolean().default(false),
  createdAt: z.string().default(''),
  updatedAt: z.string().default(''),
}) satisfies z.ZodType<FacilityItem>;

/** The shared owned-item access patterns over FACILITIES_TABLE (lambdas/data/owned/items.ts). */
const repository = ownedItemRepository<FacilityItem>({
  table: () => getEnv().FACILITIES_TABLE,
  tableId: 'facilities',
  schema: FacilityItemSchema,
  idField: 'facility_id',
  nameFields: ['facility_name'],
  conflictMessage: 'Facility already exists',
  npiField: 'facility_npi',
  notFoundMessage: FACILITY_MESSAGES.notFound,
});

/** API shape: the stored item plus `id`. */
export function toApiFacility(item: FacilityItem): Facility {
  return { ...item, id: item.facility_id };
}

/** Create a facility for `user_id`; throws `ConflictError` when the id is taken. */
export async function putFacility(input: PutFacilityInput, options: { now?: Date } = {}): Promise<FacilityItem> {
  const now = (options.now ?? new Date()).toISOString();
  const item: FacilityItem = {
    user_id: input.user_id,
    facility_id: input.facility_id ?? randomUUID(),
    facility_name: input.facility_name,
    facility_npi: input.facility_npi ?? 0,
    facility_addr: input.facility_addr ?? '',
    facility_city: input.facility_city ?? '',
    facility_state: input.facility_state ?? '',
    facility_zip: input.facility_zip ?? '',
    manual_entry: input.manual_entry ?? false,
    createdAt: input.createdAt ?? now,
    updatedAt: now,
  };
  return repository.create(item);
}

/** Same as {@link putFacility}. */
export const createFacility = putFacility;

/**
 * One page of a user's facilities in order of name: at most `limit` after `cursor` (from the
 * previous page's `next_cursor`; absent: the first page). `next_cursor` only when more exist.
 * Throws `ValidationError` (400, field `cursor`) for a cursor of another list or user, or forged.
 */
export async function listFacilities(
  userId: string,
  page: { limit: number; cursor?: string },
): Promise<OwnedItemPage<FacilityItem>> {
  return repository.list(userId, page);
}

export async function getFacility(userId: string, facilityId: string): Promise<FacilityItem | undefined> {
  return repository.get(userId, facilityId);
}

/** Change the given fields; throws `NotFoundError('Facility not found')` when missing. */
export async function updateFacility(
  userId: string,
  facilityId: string,
  patch: Partial<FacilityFields>,
  options: { now?: Date } = {},
): Promise<FacilityItem> {
  return repository.update(userId, facilityId, patch, options.now);
}

/**
 * Soft-delete (decision record 0006): `deleted_at` (ISO, `now`) and `deleted_by` (`actor`) are set and the
 * item leaves every list and get (lambdas/data/owned/items.ts); its NPI may be added again. Throws
 * `NotFoundError('Facility not found')` when missing or already deleted.
 */
export async function deleteFacility(
  userId: string,
  facilityId: string,
  options: { now?: Date; actor?: string } = {},
): Promise<void> {
  return repository.remove(userId, facilityId, options);
}
