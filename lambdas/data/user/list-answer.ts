/**
 * The user list as GET /user/list answers it, read through the data module
 * (lambdas/data/user/lists.ts). Shared by the user Lambda and the export job (lambdas/export/job.ts).
 */
import { USER_MGMT_MESSAGES, canManageUsers } from '../../../shared';
import { callerUserType, requireCaller } from '../../lib/auth';
import { ForbiddenError } from '../../lib/errors';
import { queryParam, type ApiEvent } from '../../lib/http';
import { audit } from '../../lib/audit';
import { MAX_CURSOR_LENGTH, parseLimit } from '../../lib/paging';
import { listUsers } from './lists';
import { toApiProfile } from './repository';

/** GET /user/list: one page of profiles by name (user_type 100 or more, else 403). */
export async function userListAnswer(event: ApiEvent) {
  requireCaller(event);
  if (!canManageUsers(await callerUserType(event))) throw new ForbiddenError(USER_MGMT_MESSAGES.accessDenied);
  const limit = parseLimit(event.queryStringParameters?.limit);
  const page = await listUsers({
    search: queryParam(event, 'search', 200),
    limit,
    cursor: queryParam(event, 'cursor', MAX_CURSOR_LENGTH),
  });
  audit(event).touched(
    'user',
    page.items.map((u) => u.user_id),
  );
  return {
    success: true,
    users: page.items.map(toApiProfile),
    ...(page.next_cursor ? { next_cursor: page.next_cursor } : {}),
    total: page.total,
    ...(page.total_is_lower_bound ? { total_is_lower_bound: true } : {}),
  };
}
