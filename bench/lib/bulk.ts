/**
 * Bulk loads of `npm run bench:backoffice`: data sets of 100,000 items written in minutes rather
 * than one transaction per write (5 to 140 cases a second on this machine). The items and counter
 * updates are the data modules' own; only the way they are written differs: items with
 * BatchWriteItem, the counter updates summed per counter item (CounterTotals,
 * lambdas/data/counters/stats.ts) and applied once each. For empty data sets only: a bulk load
 * checks no condition, so it would overwrite an item with the same key.
 *
 * - {@link putAll}(table, items, concurrency): BatchWriteItem in groups of 25, unprocessed items
 *   resent (lambdas/lib/dynamo.ts resendUnprocessed); throws when some stay unprocessed.
 * - {@link applyCounters}(totals, concurrency): one UpdateItem per counter item.
 * - {@link loadCases}(n, caseAt, options): cases as createCase writes them (newCaseWrite,
 *   lambdas/data/case/repository.ts), numbered from one block reserved on the counter in index order.
 */
import { BatchWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { formatCaseNumber } from '../../shared';
import { ddb } from '../../lambdas/lib/aws';
import { getEnv } from '../../lambdas/lib/env';
import { resendUnprocessed } from '../../lambdas/lib/dynamo';
import { buildCaseId } from '../../lambdas/data/case/keys';
import { cptDescriptions, newCaseWrite, type CreateCaseInput } from '../../lambdas/data/case/repository';
import { CounterTotals } from '../../lambdas/data/counters/stats';
import { reserveCaseNumbers } from '../../lambdas/data/counters/case-numbers';

/** BatchWriteItem's limit of items per request. */
const BATCH = 25;
/** Cases built at a time by {@link loadCases} (their batches then written `concurrency` at a time). */
const CHUNK = 400;

/** Run `task(0..count-1)` with `concurrency` in flight; rejects on the first failure. */
async function inParallel(count: number, concurrency: number, task: (i: number) => Promise<unknown>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < count) await task(next++);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
}

/** Put `items` into `table` with BatchWriteItem, `concurrency` requests in flight. */
export async function putAll(table: string, items: Record<string, unknown>[], concurrency: number): Promise<void> {
  const batches = Math.ceil(items.length / BATCH);
  await inParallel(batches, concurrency, async (b) => {
    const puts = items.slice(b * BATCH, (b + 1) * BATCH).map((Item) => ({ PutRequest: { Item } }));
    const left = await resendUnprocessed(puts, async (batch) => {
      const out = await ddb().send(new BatchWriteCommand({ RequestItems: { [table]: batch } }));
      return (out.UnprocessedItems?.[table] ?? []) as typeof batch;
    });
    if (left.length) throw new Error(`${left.length} items of ${table} left unprocessed`);
  });
}

/** Apply the summed counter updates, one UpdateItem per counter item, `concurrency` in flight; resolves with their number. */
export async function applyCounters(totals: CounterTotals, concurrency: number): Promise<number> {
  const updates = totals.updates();
  await inParallel(updates.length, concurrency, (i) => ddb().send(new UpdateCommand(updates[i]!.Update)));
  return updates.length;
}

/** What {@link loadCases} wrote. */
export interface LoadedCases {
  /** Counter items updated (one UpdateItem each). */
  counterItems: number;
  /** The number of the first case (case `i` has `first + i`). */
  firstNumber: number;
}

/**
 * Write cases `0..n-1` (`caseAt(i)`, as createCase takes them) into an empty cases table: each
 * case's item from newCaseWrite with the id createCase would give it (`input.case_id`, else owner
 * and creation millisecond, the next millisecond when taken by an earlier case of the load), case
 * number `first + i` from ONE reservation of `n` numbers, descriptors read once per code; then the
 * counters. `progress(done)` after each chunk. Throws on DynamoDB errors and unprocessed items.
 */
export async function loadCases(
  n: number,
  caseAt: (i: number) => CreateCaseInput,
  options: { now: Date; concurrency: number; actor?: string; progress?: (done: number) => void },
): Promise<LoadedCases> {
  const table = getEnv().CASES_TABLE;
  const firstNumber = await reserveCaseNumbers(n);
  const totals = new CounterTotals();
  const described = new Map<string, string>();
  const looked = new Set<string>();
  const ids = new Set<string>();
  for (let from = 0; from < n; from += CHUNK) {
    const inputs = Array.from({ length: Math.min(CHUNK, n - from) }, (_, k) => caseAt(from + k));
    const codes = (input: CreateCaseInput) => (input.procedure_codes ?? []).map((c) => c.trim().toUpperCase());
    const unseen = [...new Set(inputs.flatMap(codes))].filter((c) => c !== '' && !looked.has(c));
    if (unseen.length) {
      for (const [code, text] of await cptDescriptions(unseen)) described.set(code, text);
      for (const code of unseen) looked.add(code);
    }
    const items = inputs.map((input, k) => {
      let ms = Date.parse(input.created_at ?? options.now.toISOString());
      if (Number.isNaN(ms)) ms = options.now.getTime();
      let caseId = input.case_id ?? buildCaseId(input.user_id, ms);
      while (ids.has(caseId)) caseId = buildCaseId(input.user_id, ++ms);
      ids.add(caseId);
      const descriptors = Object.fromEntries(
        codes(input).flatMap((c) => (described.has(c) ? [[c, described.get(c)!] as const] : [])),
      );
      const { item, counters } = newCaseWrite(input, {
        caseId,
        caseNumber: formatCaseNumber(firstNumber + from + k),
        now: options.now,
        ...(options.actor !== undefined ? { actor: options.actor } : {}),
        descriptors,
      });
      totals.add(counters);
      return item as unknown as Record<string, unknown>;
    });
    await putAll(table, items, options.concurrency);
    options.progress?.(from + inputs.length);
  }
  return { counterItems: await applyCounters(totals, options.concurrency), firstNumber };
}
