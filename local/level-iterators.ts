/**
 * Closes dynalite's LevelDB iterators ("The local server's memory grows under
 * load ... not given back").
 *
 * The cause: dynalite 4 reads every Query, Scan and index lookup through a stream that wraps a
 * `level` 10 iterator (`db.values()` / `db.keys()`), and its stream's `destroy()` closes the iterator
 * only through `iterator.return()`. abstract-level 3 iterators have `close()` but no `return()`,
 * so no iterator was ever closed: each one stayed in the database's set of open resources (two per
 * Query) with its native LevelDB iterator, which pins the memtable and table files it reads and
 * its read-ahead buffer, until the database closed. Measured with `npm run bench:memory` (the
 * provider's list and CPT searches, 60 s each): RSS grew without bound and was not given back.
 *
 * The fix: give abstract-level's iterators (the common base of entry, key and value iterators) the
 * `return()` of the async-iterator protocol, which closes the iterator. Node's streams destroy a
 * stream when it ends or is destroyed early (dynalite stops at `Limit`), so every iterator is now
 * closed as soon as its Query is answered. Idempotent; applied on import (local/dynamodb.ts
 * imports this module before starting dynalite). Nothing else of dynalite or level changes.
 */
import { createRequire } from 'node:module';

/** abstract-level as dynalite loads it (dynalite -> level -> classic-level -> abstract-level). */
function dynalitesAbstractLevel(): { AbstractIterator: { prototype: object } } {
  const fromDynalite = createRequire(require.resolve('dynalite'));
  const fromLevel = createRequire(fromDynalite.resolve('level'));
  const fromClassicLevel = createRequire(fromLevel.resolve('classic-level'));
  return fromClassicLevel('abstract-level') as { AbstractIterator: { prototype: object } };
}

interface ClosableIterator {
  close(): Promise<void>;
  return?: (value?: unknown) => Promise<IteratorReturnResult<unknown>>;
}

const common = Object.getPrototypeOf(dynalitesAbstractLevel().AbstractIterator.prototype) as ClosableIterator;

if (typeof common.return !== 'function') {
  Object.defineProperty(common, 'return', {
    configurable: true,
    writable: true,
    enumerable: false,
    /** Async-iterator protocol: close the iterator (its native LevelDB iterator too), then done. */
    value: async function (this: ClosableIterator, value?: unknown): Promise<IteratorReturnResult<unknown>> {
      await this.close();
      return { done: true, value };
    },
  });
}

/** true once the shim is in place (for tests). */
export const levelIteratorsClose = typeof common.return === 'function';
