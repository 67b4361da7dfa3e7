/**
 * Keys of the surgeons and facilities tables: owner and item id, the `byName` index and the
 * per-owner NPI uniqueness markers.
 * Pure data, no AWS imports: the CDK app and the local runtime read it through lambdas/lib/tables.ts.
 */
import { stringIndex, stringTable } from '../keys';

/**
 * Index of the surgeons and facilities tables that lists a user's items by name (decision record 0010):
 * partition `user_id`, sort `sort_name` (built only by `ownedSortName` (lambdas/data/keys.ts), written by
 * lambdas/data/owned/items.ts on create and on every name change). NPI markers carry no `sort_name`,
 * so they are never in it; items written before the index existed are not either until backfilled.
 */
export const BY_NAME_INDEX = stringIndex('byName', 'user_id', 'sort_name');

export const SURGEONS_TABLE = stringTable('surgeons', 'SURGEONS_TABLE', ['user_id', 'surgeon_id'], [BY_NAME_INDEX]);

export const FACILITIES_TABLE = stringTable(
  'facilities',
  'FACILITIES_TABLE',
  ['user_id', 'facility_id'],
  [BY_NAME_INDEX],
);

/**
 * Key values of the uniqueness marker of an NPI among one user's surgeons or facilities, an item of the same table as the surgeon or facility it guards:
 * - partition key (`user_id` attribute) `${userId}#npi`: a partition of its own, so a user's list
 *   (Query on `user_id = userId`) never sees markers (Cognito subs hold no `#`);
 * - sort key (the table's id attribute, `surgeon_id` / `facility_id`) the NPI as 10-digit text.
 * The marker's other attributes (`item_id`, `claimed_at`, `npi_marker`) are written by
 * `lambdas/data/owned/items.ts`, the only code that reads or writes markers.
 */
export function npiMarkerKey(userId: string, npi: number | string): { partition: string; sort: string } {
  return { partition: `${userId}#npi`, sort: String(npi) };
}
