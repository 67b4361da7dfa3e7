/**
 * A case as a request may see it: the owner's, or any with back-office access (user_type 10 or
 * more); for anyone else the same 404 as a missing case, recorded in the audit as denied
 * (docs/decisions/0012-refused-requests-in-the-audit-trail.md).
 */
import { API_MESSAGES } from '../../../shared';
import { audit } from '../../lib/audit';
import { callerUserType, canActOnOwnedItem, requireCaller } from '../../lib/auth';
import { NotFoundError } from '../../lib/errors';
import type { ApiEvent } from '../../lib/http';
import { getCase, type CaseItem } from './repository';

/**
 * Case `caseId` if the caller may act on it (its id recorded in the request's audit entry); else
 * `NotFoundError('Case not found')`, the same answer as a missing or soft-deleted case.
 */
export async function accessibleCase(event: ApiEvent, caseId: string): Promise<CaseItem> {
  const caller = requireCaller(event);
  const trail = audit(event).touched('case', [caseId]);
  const item = await getCase(caseId);
  if (!item) throw new NotFoundError(API_MESSAGES.caseNotFound);
  const userType = item.user_id === caller.sub ? 0 : await callerUserType(event);
  if (!canActOnOwnedItem(caller.sub, userType, item.user_id)) {
    // Another owner's case: the same 404 as a missing one, recorded as denied.
    trail.deniedIfNotFound();
    throw new NotFoundError(API_MESSAGES.caseNotFound);
  }
  return item;
}
