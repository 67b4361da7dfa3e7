/**
 * The one read of a user's role: `user_type` of the profile in the users table (spec provider-side
 * section 6; a missing profile or attribute = 0, a provider). Authorization reads it once per request
 * (lambdas/lib/auth.ts `callerUserType`); the audit writer reads it, cached for a minute, for the
 * entries of requests that did not need it (lambdas/lib/audit-writer.ts).
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { toUserType } from '../../shared';
import { ddb } from './aws';
import { getEnv } from './env';

/** user_type of `userId`'s profile (one GetItem, projection `user_type`); throws the SDK's error. */
export async function loadUserType(userId: string): Promise<number> {
  const out = await ddb().send(
    new GetCommand({
      TableName: getEnv().USERS_TABLE,
      Key: { user_id: userId },
      ProjectionExpression: 'user_type',
    }),
  );
  return toUserType(out.Item?.user_type);
}
