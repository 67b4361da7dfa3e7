/**
 * Saving a new case at most once per form session (a double-clicked or retried
 * submit must not create two cases).
 *
 * The case id is generated on the first save (`{userId}_{Date.now()}`, spec provider-side section 3)
 * and kept, so a retried POST /case carries the same id and the server answers 409 instead of
 * creating a second case. That 409 means this very form created the case already (the id holds the
 * user's id and this session's timestamp), so the save becomes PATCH /case of that id; once a create
 * succeeded, every later save of the form is an update too.
 */
import type { CaseFormOutput } from '../../../shared';
import { ApiError } from '../lib/api';
import { createCase, newCaseId, updateCase } from './api';

/** `save(values)` resolves with the case id; errors as createCase / updateCase throw them. */
export function caseCreator(userId: string | undefined, now: () => number = Date.now) {
  let clientCaseId: string | undefined;
  let createdId: string | undefined;
  return async function save(values: CaseFormOutput): Promise<string> {
    if (createdId) return updateCase(createdId, userId, values);
    if (userId && !clientCaseId) clientCaseId = newCaseId(userId, now());
    let id: string;
    try {
      id = await createCase(userId, values, clientCaseId);
    } catch (err) {
      if (!(err instanceof ApiError && err.status === 409 && clientCaseId)) throw err;
      id = await updateCase(clientCaseId, userId, values);
    }
    createdId = id;
    return id;
  };
}
