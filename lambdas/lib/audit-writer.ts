/**
 * The audit trail's one write (issue 9, section 1): PutItem of an entry built by ./audit.ts into the
 * audit table (AUDIT_TABLE; the Lambda roles hold PutItem and nothing else on it). Every resource
 * with guarded routes passes {@link writeAuditEntry} to `apiHandler` (lambdas/lib/middleware.ts),
 * which refuses to build such a handler without it.
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { AuditEntry } from './audit';
import { ddb } from './aws';
import { getEnv } from './env';

/** Append `entry` to the audit table (one PutItem). Throws the SDK's error when the write fails. */
export async function writeAuditEntry(entry: AuditEntry): Promise<void> {
  await ddb().send(new PutCommand({ TableName: getEnv().AUDIT_TABLE, Item: entry }));
}
