/**
 * The audit trail's one write (docs/security.md, "Audit trail"): PutItem of an entry built by ./audit.ts into the
 * audit table (AUDIT_TABLE; the Lambda roles hold PutItem and nothing else on it). Every resource
 * with guarded routes passes {@link writeAuditEntry} to `apiHandler` (lambdas/lib/middleware.ts),
 * which refuses to build such a handler without it.
 *
 * "Who" includes the caller's user_type. A request that decided on it (every
 * back-office route) put it on the entry; for the others (a provider's calls on their own items) the
 * writer reads the profile's user_type, kept {@link USER_TYPE_TTL_MS} per Lambda instance, so a
 * provider's requests cost one GetItem a minute, not one each. A type change shows in the entries
 * within that minute; authorization never uses this copy. When the read fails the entry is written
 * without user_type (the user id still names the caller).
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { SYSTEM_AUDIT_ACTOR, type AuditEntry } from './audit';
import { ddb } from './aws';
import { getEnv } from './env';
import { isConditionalCheckFailed } from './errors';
import { logger } from './logger';
import { METRIC_NAMES, count } from './metrics';
import { loadUserType } from './user-type';

/** How long a user_type read for the audit is reused, in ms (60 s). */
export const USER_TYPE_TTL_MS = 60_000;
/** At most this many users' types are kept per Lambda instance (the oldest goes first). */
const USER_TYPE_CACHE_MAX = 5_000;

const userTypes = new Map<string, { userType: number; until: number }>();

function keepUserType(userId: string, userType: number, now: number): void {
  userTypes.delete(userId);
  userTypes.set(userId, { userType, until: now + USER_TYPE_TTL_MS });
  if (userTypes.size > USER_TYPE_CACHE_MAX) userTypes.delete(userTypes.keys().next().value as string);
}

/** The user_type for an entry that lacks it: the kept copy, else the profile's; undefined when that read fails. */
async function userTypeFor(userId: string, now: number): Promise<number | undefined> {
  const kept = userTypes.get(userId);
  if (kept && kept.until > now) return kept.userType;
  try {
    const userType = await loadUserType(userId);
    keepUserType(userId, userType, now);
    return userType;
  } catch (err) {
    logger.warn('Could not read the user_type for an audit entry', { error: (err as Error)?.name });
    return undefined;
  }
}

/** Forget the kept user_types (tests). */
export function resetAuditUserTypes(): void {
  userTypes.clear();
}

/**
 * Append `entry` to the audit table (one PutItem), with the caller's user_type filled in when the
 * request did not load it. Counts the write as `AuditWriteSucceeded` or `AuditWriteFailed`
 * (./metrics.ts). Throws the SDK's error when the write fails.
 *
 * `ifAbsent`: write only when no entry has these keys yet, and resolve without writing when one has
 * (a log line delivered again: lambdas/refusals/); an existing entry is then never replaced.
 */
export async function writeAuditEntry(
  entry: AuditEntry,
  now = Date.now(),
  options: { ifAbsent?: boolean } = {},
): Promise<void> {
  let item = entry;
  if (entry.user_id && entry.user_id !== SYSTEM_AUDIT_ACTOR) {
    if (entry.user_type === undefined) {
      const userType = await userTypeFor(entry.user_id, now);
      if (userType !== undefined) item = { ...entry, user_type: userType };
    } else {
      keepUserType(entry.user_id, entry.user_type, now);
    }
  }
  try {
    await ddb().send(
      new PutCommand({
        TableName: getEnv().AUDIT_TABLE,
        Item: item,
        ...(options.ifAbsent ? { ConditionExpression: 'attribute_not_exists(at_id)' } : {}),
      }),
    );
  } catch (err) {
    if (options.ifAbsent && isConditionalCheckFailed(err)) return;
    // Counted before the error goes on: an alarm fires on any (infra/monitoring.ts).
    count(METRIC_NAMES.auditWriteFailed);
    throw err;
  }
  count(METRIC_NAMES.auditWriteSucceeded);
}
