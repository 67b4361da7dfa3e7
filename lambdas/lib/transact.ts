/**
 * TransactWriteItems with the outcome a caller needs: a failed condition is thrown as
 * {@link TransactionConditionError} naming the actions whose condition failed.
 *
 * DynamoDB cancels a transaction whose items another transaction is writing at the same moment
 * (reason `TransactionConflict`); the counter items of `case-stats` make that likely under
 * concurrent case writes. The shared client's SDK retryer retries such cancellations and throttling
 * with the same `ClientRequestToken` (lambdas/lib/aws.ts `retryTransactionCancellations`).
 *
 * Locally the runtime's transaction layer in front of dynalite (local/dynamo-transactions.ts)
 * serializes transactions, so conflicts never happen there; the code path is the same.
 */
import { randomUUID } from 'node:crypto';
import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { ddb } from './aws';

/** A transaction cancelled because a condition failed; `failed` holds the indexes of those actions. */
export class TransactionConditionError extends Error {
  constructor(
    readonly failed: number[],
    options?: { cause?: unknown },
  ) {
    super(`Transaction condition failed at action ${failed.join(', ')}`, options);
    this.name = 'TransactionConditionError';
  }
}

type Actions = NonNullable<TransactWriteCommandInput['TransactItems']>;

/** Reason codes of a TransactionCanceledException (one per action), or undefined for another error. */
export function cancellationCodes(err: unknown): string[] | undefined {
  const e = err as { name?: string; CancellationReasons?: { Code?: string }[] } | null;
  if (e?.name !== 'TransactionCanceledException') return undefined;
  return (e.CancellationReasons ?? []).map((r) => r.Code ?? 'None');
}

/**
 * Write `actions` (1..100 Put / Update / Delete / ConditionCheck) all-or-nothing, with one
 * `ClientRequestToken` for every retry the SDK makes. Throws {@link TransactionConditionError} when
 * a condition failed, else the SDK's error (a `TransactionCanceledException` still conflicted or
 * throttled after the retries: the middleware answers the latter 429).
 */
export async function transactWrite(actions: Actions): Promise<void> {
  try {
    await ddb().send(new TransactWriteCommand({ TransactItems: actions, ClientRequestToken: randomUUID() }));
  } catch (err) {
    const failed = (cancellationCodes(err) ?? []).flatMap((code, i) => (code === 'ConditionalCheckFailed' ? [i] : []));
    if (failed.length) throw new TransactionConditionError(failed, { cause: err });
    throw err;
  }
}
