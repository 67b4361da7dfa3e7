/**
 * Keys of the audit trail: the table, its indexes and the write shards; the only place its keys
 * are spelled. Reads and writes: lambdas/lib/audit-writer.ts (append) and lambdas/data/audit/queries.ts.
 * Pure data, no AWS imports: the CDK app and the local runtime read it through lambdas/lib/tables.ts.
 */
import { shardOf, stringIndex, stringTable } from '../keys';

/**
 * The audit trail (decision record 0005; HIPAA 45 CFR 164.312(b)): one item per API request, written
 * by the shared middleware (lambdas/lib/audit.ts) with PutItem only, never updated or deleted by a
 * Lambda (the CDK test asserts no role has UpdateItem or DeleteItem on it). Keys (built only by
 * {@link auditKeys}):
 * - table: partition `day` (`YYYY-MM-DD#<shard>`: the UTC day of `at` and the entry's write shard,
 *   {@link auditShard}), sort `at_id` (`<ISO at>#<request id>`): every entry of a date range, newest
 *   first, one Query per day and shard, merged (lambdas/lib/paging.ts `queryShardsNewestFirst`);
 * - `byUser`: (`user_id`, `at_id`): one user's entries, newest first (absent for anonymous calls);
 * - `byCase`: (`case_id`, `at_id`): entries that touched exactly one case (get, create, update,
 *   status, delete, document calls), newest first; list and search entries carry their ids in
 *   `resource_ids` only;
 * - `byAction`: (`action_shard` = `<route key>#<shard>`, `at_id`): one route key (`GET /case`),
 *   newest first, one Query per shard, merged.
 * `expires_at` (epoch seconds, six years after `at`: 45 CFR 164.316(b)(2)) is the TTL attribute.
 *
 * Why shards (decision record 0010; no hot key at scale): every signed-in request writes an entry, so an
 * unsharded day would take all of a day's writes into one partition, and one route key (`GET /case`)
 * most of them into one partition of `byAction`. A DynamoDB partition takes about 1,000 writes a
 * second, and a time-ordered sort key defeats its split for heat, so the whole API would be capped
 * near 1,000 requests a second, then fail (a failed audit write fails the call). With
 * {@link AUDIT_SHARDS} shards, chosen by a hash of the request id, the cap is that many times higher.
 */
export const AUDIT_TABLE = stringTable(
  'audit',
  'AUDIT_TABLE',
  ['day', 'at_id'],
  [
    stringIndex('byUser', 'user_id', 'at_id'),
    stringIndex('byCase', 'case_id', 'at_id'),
    stringIndex('byAction', 'action_shard', 'at_id'),
  ],
  'expires_at',
);

/**
 * Write shards of the audit table's day partitions and of `byAction` (see {@link AUDIT_TABLE}): about
 * 1,000 audited requests a second each. Readers query every shard 0..AUDIT_SHARDS-1, so the number may
 * be raised (older entries stay in the lower shards, still read) but never lowered.
 */
export const AUDIT_SHARDS = 4;

/** The audit write shard of request `requestId` (0..AUDIT_SHARDS-1). */
export function auditShard(requestId: string): number {
  return shardOf(requestId, AUDIT_SHARDS);
}

/** The table's partition of day `day` (`YYYY-MM-DD`, UTC) and shard `shard` ({@link AUDIT_TABLE}). */
export function auditDayPartition(day: string, shard: number): string {
  return `${day}#${shard}`;
}

/** The `byAction` partition of route key `action` and shard `shard` ({@link AUDIT_TABLE}). */
export function auditActionPartition(action: string, shard: number): string {
  return `${action}#${shard}`;
}

/**
 * Keys of the audit entry of request `requestId` for route key `action`, answered at ISO time `at`
 * ({@link AUDIT_TABLE}): the day partition, the sort key and the `byAction` partition, both
 * partitions in the request's shard.
 */
export function auditKeys(
  at: string,
  requestId: string,
  action: string,
): { day: string; at_id: string; action_shard: string } {
  const shard = auditShard(requestId);
  return {
    day: auditDayPartition(at.slice(0, 10), shard),
    at_id: `${at}#${requestId}`,
    action_shard: auditActionPartition(action, shard),
  };
}
