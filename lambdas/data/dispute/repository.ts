/**
 * Reads and writes of a case's dispute (docs/decisions/0019-dispute-data.md). A read is one Query of
 * the case's partition (its record and events; bounded by {@link MAX_EVENTS_PER_CASE}). A write is
 * one TransactWriteItems: the new or deleted event, the record (conditional on the version read),
 * the queue and award items when they change, the counters, and whatever else the caller adds (the
 * case's forward status move). The rules that decide what a write holds live in lambdas/dispute/.
 */
import { GetCommand, QueryCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../../lib/aws';
import { getEnv } from '../../lib/env';
import { buildUpdate } from '../../lib/dynamo';
import { TransactionConditionError, transactWrite } from '../../lib/transact';
import { versionGuard } from '../item';
import { disputeSk } from './keys';
import { disputeCounterUpdates } from './counters';
import {
  DISPUTE_FIELD_NAMES,
  awardItemOf,
  eventItemOf,
  parseEventItem,
  parseRecordItem,
  queueItemOf,
  recordItemOf,
  toEvent,
  toRecord,
  type AwardEntry,
  type DisputeEvent,
  type DisputeFields,
  type DisputeRecord,
  type QueueEntry,
} from './items';

type TransactAction = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** Events a case may hold, deleted ones included (a bound on every read of a dispute). */
export const MAX_EVENTS_PER_CASE = 200;

/** A case's dispute as stored: its record (undefined before the first event) and its events in recording order. */
export interface StoredDispute {
  record?: DisputeRecord;
  events: DisputeEvent[];
}

const table = () => getEnv().DISPUTES_TABLE;

/**
 * The dispute of case `caseId`: one Query of its partition (record and events; the queue and award
 * items are left out by the key condition's range), `consistent` before a write.
 */
export async function getDispute(caseId: string, consistent = false): Promise<StoredDispute> {
  const out = await ddb().send(
    new QueryCommand({
      TableName: table(),
      // 'dispute' and 'event#...' sort between 'award' and 'queue': one range holds both kinds.
      KeyConditionExpression: '#c = :c AND #sk BETWEEN :lo AND :hi',
      ExpressionAttributeNames: { '#c': 'case_id', '#sk': 'sk' },
      ExpressionAttributeValues: { ':c': caseId, ':lo': disputeSk.record, ':hi': `${disputeSk.eventPrefix}\uffff` },
      Limit: MAX_EVENTS_PER_CASE + 1,
      ...(consistent ? { ConsistentRead: true } : {}),
    }),
  );
  let record: DisputeRecord | undefined;
  const events: DisputeEvent[] = [];
  for (const item of out.Items ?? []) {
    if (item.sk === disputeSk.record) record = toRecord(parseRecordItem(item));
    else events.push(toEvent(parseEventItem(item)));
  }
  return { record, events };
}

/**
 * The actions of a case's soft delete (`out`) or restore (`in`) that take its dispute out of the
 * dispute counters or count it again (docs/decisions/0006-soft-delete-and-30-day-purge.md), for the
 * case's own transaction: the counter updates and a check that the dispute record is still as read
 * now (or still absent), so that a dispute write in between fails that transaction, which reads
 * both again. Reads the record (one consistent GetItem).
 */
export async function disputeCountActions(caseId: string, direction: 'out' | 'in'): Promise<TransactAction[]> {
  const key = { case_id: caseId, sk: disputeSk.record };
  const out = await ddb().send(new GetCommand({ TableName: table(), Key: key, ConsistentRead: true }));
  const record = out.Item ? toRecord(parseRecordItem(out.Item)) : undefined;
  if (!record) {
    return [{ ConditionCheck: { TableName: table(), Key: key, ConditionExpression: 'attribute_not_exists(sk)' } }];
  }
  const guard = versionGuard(record);
  const uncounted = { case_id: record.case_id, user_id: record.user_id };
  return [
    {
      ConditionCheck: {
        TableName: table(),
        Key: key,
        ConditionExpression: guard.condition,
        ExpressionAttributeNames: guard.names,
        ...(Object.keys(guard.values).length ? { ExpressionAttributeValues: guard.values } : {}),
      },
    },
    ...(direction === 'out' ? disputeCounterUpdates(record, uncounted) : disputeCounterUpdates(undefined, record)),
  ];
}

/** What a write leaves: the case's record after it, and the queue entry and award it derives from the events. */
export interface DisputeWrite {
  /** The case's owner (the record of a first write takes it). */
  userId: string;
  /** Per-case fields this write sets (absent: kept). */
  fields?: DisputeFields;
  /** The next open deadline after the write, or undefined when none is open. */
  queue?: QueueEntry;
  /** The award after the write, or undefined when no determination is recorded. */
  award?: AwardEntry;
  /** Actions of other entities in the same transaction (the case's status move). */
  extra?: TransactAction[];
  actor: string;
  now: Date;
}

/** The write lost to a concurrent one (the record's version changed): read again and retry. */
export class DisputeConflictError extends Error {
  override name = 'DisputeConflictError';
}

/**
 * Record `event` (its id from {@link nextEventId}) on the dispute `current` was read as.
 * Throws {@link DisputeConflictError} when the record or an `extra` action's condition failed.
 */
export async function recordEvent(
  caseId: string,
  current: StoredDispute,
  event: DisputeEvent,
  write: DisputeWrite,
): Promise<DisputeRecord> {
  const record = nextRecord(caseId, current.record, write, 1);
  await commit(current.record, record, [
    {
      Put: {
        TableName: table(),
        Item: eventItemOf(caseId, event),
        ConditionExpression: 'attribute_not_exists(sk)',
      },
    },
    ...(write.extra ?? []),
  ]);
  return record;
}

/**
 * Mark event `eventId` deleted (`deleted_at`, `deleted_by`, `delete_reason`): kept, never removed or
 * edited otherwise. Throws {@link DisputeConflictError} when it was deleted or the record changed since read.
 */
export async function deleteEvent(
  caseId: string,
  current: StoredDispute & { record: DisputeRecord },
  eventId: string,
  reason: string,
  write: DisputeWrite,
): Promise<DisputeRecord> {
  const record = nextRecord(caseId, current.record, write, 0);
  const update = buildUpdate({
    set: { deleted_at: write.now.toISOString(), deleted_by: write.actor, delete_reason: reason },
    condition: [
      {
        condition: 'attribute_exists(sk) AND attribute_not_exists(#da)',
        names: { '#da': 'deleted_at' },
        values: {},
      },
    ],
  });
  await commit(current.record, record, [
    { Update: { TableName: table(), Key: { case_id: caseId, sk: disputeSk.event(eventId) }, ...update } },
    ...(write.extra ?? []),
  ]);
  return record;
}

/** The id the next event of `current` gets. */
export function nextEventSeq(current: StoredDispute): number {
  return (current.record?.event_seq ?? 0) + 1;
}

function nextRecord(
  caseId: string,
  before: DisputeRecord | undefined,
  write: DisputeWrite,
  newEvents: number,
): DisputeRecord {
  const at = write.now.toISOString();
  const kept: DisputeFields = {};
  for (const name of DISPUTE_FIELD_NAMES) {
    const value = write.fields?.[name] ?? before?.[name];
    if (value !== undefined) (kept as Record<string, unknown>)[name] = value;
  }
  return {
    case_id: caseId,
    user_id: before?.user_id ?? write.userId,
    event_seq: (before?.event_seq ?? 0) + newEvents,
    ...kept,
    ...(write.queue ? { queue: write.queue } : {}),
    ...(write.award ? { award: write.award } : {}),
    created_at: before?.created_at ?? at,
    updated_at: at,
    version: (before?.version ?? 0) + 1,
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

async function commit(
  before: DisputeRecord | undefined,
  after: DisputeRecord,
  actions: TransactAction[],
): Promise<void> {
  const recordPut: TransactAction = {
    Put: {
      TableName: table(),
      Item: recordItemOf(after),
      ...(before
        ? (() => {
            const guard = versionGuard(before);
            return {
              ConditionExpression: guard.condition,
              ExpressionAttributeNames: guard.names,
              ...(Object.keys(guard.values).length ? { ExpressionAttributeValues: guard.values } : {}),
            };
          })()
        : { ConditionExpression: 'attribute_not_exists(sk)' }),
    },
  };
  const all: TransactAction[] = [recordPut, ...actions];
  // The queue item follows the next deadline and the payer's name it shows.
  if (!same(before?.queue, after.queue) || (after.queue && before?.payer_name !== after.payer_name)) {
    all.push(
      after.queue
        ? { Put: { TableName: table(), Item: queueItemOf(after, after.queue) } }
        : { Delete: { TableName: table(), Key: { case_id: after.case_id, sk: disputeSk.queue } } },
    );
  }
  if (!same(before?.award, after.award)) {
    all.push(
      after.award
        ? { Put: { TableName: table(), Item: awardItemOf(after, after.award) } }
        : { Delete: { TableName: table(), Key: { case_id: after.case_id, sk: disputeSk.award } } },
    );
  }
  all.push(...disputeCounterUpdates(before, after));
  try {
    await transactWrite(all);
  } catch (err) {
    if (err instanceof TransactionConditionError) throw new DisputeConflictError('The dispute changed', { cause: err });
    throw err;
  }
}
