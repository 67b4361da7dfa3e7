/**
 * A forward status move of a case written inside another entity's transaction (the dispute desk:
 * recording an event moves its case forward, never back, with the event in one TransactWriteItems;
 * docs/decisions/0019-dispute-data.md). The same rules as every case write: the history entry, the
 * index keys that follow the status, the version lock and the counters (decision record 0010).
 */
import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import type { StatusHistoryEntry } from '../../../shared';
import { getEnv } from '../../lib/env';
import { buildUpdate } from '../../lib/dynamo';
import { versionGuard } from '../item';
import { counterUpdates } from '../counters/stats';
import { SYSTEM_ACTOR, appendHistory, indexAttributes, type CaseItem } from './repository';

type TransactAction = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/**
 * The actions moving `current` to status `to` with a history entry `{ why: 'auto', reason }`, on
 * condition that the case is still at the version read and not deleted; [] when `to` is not above
 * its status (a case never moves back this way). The case after the move is `after`.
 */
export function forwardStatusMove(
  current: CaseItem,
  to: number,
  options: { actor?: string; now: Date; reason: string },
): { actions: TransactAction[]; after?: CaseItem } {
  if (to <= current.case_status) return { actions: [] };
  const at = options.now.toISOString();
  const entry: StatusHistoryEntry = {
    from: current.case_status,
    to,
    by: options.actor ?? SYSTEM_ACTOR,
    at,
    why: 'auto',
    reason: options.reason,
  };
  const guard = versionGuard(current);
  // Every key that follows the status or its time (the status lists and their days-in-status order).
  const keys = indexAttributes({ ...current, case_status: to, status_changed_at: at });
  const after: CaseItem = {
    ...current,
    ...keys,
    case_status: to,
    status_history: appendHistory(current.status_history, entry),
    status_changed_at: at,
    updated_at: at,
    version: guard.next,
  };
  const update = buildUpdate({
    set: {
      case_status: to,
      status_history: after.status_history,
      status_changed_at: at,
      updated_at: at,
      user_status: keys.user_status,
      status_month: keys.status_month,
      status_p: keys.status_p,
      sort_changed: keys.sort_changed,
    },
    version: { next: guard.next },
    condition: [
      guard,
      {
        condition: 'attribute_exists(case_id) AND attribute_not_exists(#del)',
        names: { '#del': 'deleted_at' },
        values: {},
      },
    ],
  });
  return {
    actions: [
      { Update: { TableName: getEnv().CASES_TABLE, Key: { case_id: current.case_id }, ...update } },
      ...counterUpdates(current, after),
    ],
    after,
  };
}

/**
 * A check, in another entity's transaction, that case `caseId` still exists and is not soft-deleted
 * (a dispute write that moves no status: its counters must not count a case deleted meanwhile).
 */
export function liveCaseCheck(caseId: string): TransactAction {
  return {
    ConditionCheck: {
      TableName: getEnv().CASES_TABLE,
      Key: { case_id: caseId },
      ConditionExpression: 'attribute_exists(case_id) AND attribute_not_exists(#del)',
      ExpressionAttributeNames: { '#del': 'deleted_at' },
    },
  };
}
