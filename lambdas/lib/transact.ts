/**
 * TransactWriteItems with the retries a transaction needs on AWS (issue 7, section 1).
 *
 * DynamoDB cancels a transaction whose items another transaction is writing at the same moment
 * (reason `TransactionConflict`); the counter items of `case-stats` make that likely under
 * concurrent case writes. {@link transactWrite} retries such cancellations (and throttling) with
 * exponential backoff and full jitter, reusing one `ClientRequestToken` so a retry of a transaction
 * that did commit is answered as a success, never applied twice (idempotent for 10 minutes, AWS
 * TransactWriteItems API reference). A cancellation for a failed condition is not retried: it is
 * thrown as {@link TransactionConditionError} with the index of each failed action.
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
 * Write `actions` (1..100 Put / Update / Delete / ConditionCheck) all-or-nothing. Retries conflicts
 * and throttling up to `maxAttempts` (default 6; backoff from 25 ms, capped at 1 s); throws
 * {@link TransactionConditionError} when a condition failed, else the SDK's error.
 */
export async function transactWrite(actions: Actions, options: { maxAttempts?: number } = {}): Promise<void> {
  const token = randomUUID();
  const maxAttempts = options.maxAttempts ?? 6;
  for (let attempt = 1; ; attempt++) {
    try {
      await ddb().send(new TransactWriteCommand({ TransactItems: actions, ClientRequestToken: token }));
      return;
    } catch (err) {
      const codes = cancellationCodes(err);
      if (codes) {
        const failed = codes.flatMap((code, i) => (code === 'ConditionalCheckFailed' ? [i] : []));
        if (failed.length) throw new TransactionConditionError(failed, { cause: err });
      }
      const retryable =
        (codes !== undefined && codes.some((c) => c === 'TransactionConflict' || c === 'ThrottlingError')) ||
        (err as { name?: string })?.name === 'TransactionInProgressException';
      if (!retryable || attempt >= maxAttempts) throw err;
      await new Promise((r) => setTimeout(r, Math.random() * Math.min(1000, 25 * 2 ** attempt)));
    }
  }
}
