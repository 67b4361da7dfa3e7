/**
 * POST /case/bulk (docs/decisions/0025-bulk-and-undo.md): user_type 10 or more (403 otherwise,
 * checked first); a bad body (shared/schemas/case-bulk.ts) is a 400 and nothing is written. Each
 * item then goes, one after the other, through the single call's own code path (the `apply` the
 * handler passes: PATCH /case with the item's fields), so the rules, the status history and the
 * counters are those of the single calls; a refusal of one item does not stop the others. Every item
 * gets its own audit entry (its case, its status), as the single call would.
 */
import { API_MESSAGES, canChangeCaseStatus } from '../../shared';
import {
  BULK_MESSAGES,
  CaseBulkBodySchema,
  type BulkAction,
  type BulkItem,
  type BulkResult,
} from '../../shared/schemas/case-bulk';
import { audit } from '../lib/audit';
import { callerUserType } from '../lib/auth';
import { ForbiddenError, ValidationError } from '../lib/errors';
import { bodyObject, ok, type ApiEvent } from '../lib/http';
import { errorResponse } from '../lib/middleware';
import { parseInput } from '../lib/validation';

/** The fields each action passes on to the single call, and the one it must carry. */
const ACTION_FIELDS: Record<BulkAction, { required: keyof BulkItem; optional: (keyof BulkItem)[] }> = {
  status: { required: 'case_status', optional: ['reason', 'version'] },
  pay_amount: { required: 'pay_amount', optional: ['version'] },
};

/** Applies one item as the single call does (throws its errors); the handler passes PATCH /case's core. */
export type ApplyItem = (event: ApiEvent, body: Record<string, unknown>) => Promise<unknown>;

/**
 * The single call's body for `item`: `case_id`, the action's fields; an item without the action's
 * field, or with the other action's, is a `ValidationError` for that item.
 */
export function itemBody(action: BulkAction, item: BulkItem): Record<string, unknown> {
  const { required, optional } = ACTION_FIELDS[action];
  const other = (Object.keys(ACTION_FIELDS) as BulkAction[]).find((a) => a !== action) as BulkAction;
  const foreign = ACTION_FIELDS[other].required;
  if (item[foreign] !== undefined) {
    throw new ValidationError([{ field: foreign, message: BULK_MESSAGES.foreign(foreign, action) }]);
  }
  if (item[required] === undefined) {
    throw new ValidationError([{ field: required, message: BULK_MESSAGES.missing(required) }]);
  }
  const body: Record<string, unknown> = { case_id: item.case_id, [required]: item[required] };
  for (const field of optional) if (item[field] !== undefined) body[field] = item[field];
  return body;
}

/** The result of one item: the answer's status and, for a refusal, its message (as the single call answers). */
async function applyOne(event: ApiEvent, action: BulkAction, item: BulkItem, apply: ApplyItem): Promise<BulkResult> {
  try {
    await apply(event, itemBody(action, item));
    return { case_id: item.case_id, ok: true, status: 200 };
  } catch (err) {
    // The middleware's own mapping (and logging) of an error to an answer.
    const answer = errorResponse(err, event.routeKey, event.requestContext?.requestId);
    const status = answer.statusCode ?? 500;
    const { message } = JSON.parse(String(answer.body ?? '{}')) as { message?: string };
    return { case_id: item.case_id, ok: false, status, ...(message ? { message } : {}) };
  }
}

/** POST /case/bulk -> `{ results: [{ case_id, ok, status, message? }] }`, in the order of `items`. */
export async function bulkUpdate(event: ApiEvent, apply: ApplyItem) {
  if (!canChangeCaseStatus(await callerUserType(event))) throw new ForbiddenError(API_MESSAGES.insufficientPermissions);
  const input = parseInput(CaseBulkBodySchema, bodyObject(event));
  const results: BulkResult[] = [];
  // One at a time: every status move also moves the shared counters, which concurrent transactions
  // of the same request would fight over.
  for (const item of input.items) results.push(await applyOne(event, input.action, item, apply));
  // A status move's entries name the status asked for, as a single PUT /case's entry does.
  audit(event).outcomes(
    'case',
    results.map((r, i) => {
      const asked = input.action === 'status' ? Number(input.items[i]?.case_status) : NaN;
      return { id: r.case_id, status: r.status, ...(Number.isInteger(asked) ? { caseStatus: asked } : {}) };
    }),
  );
  return ok({ results });
}
