/**
 * dynalite's table descriptions kept in memory between item calls (the local runtime only).
 *
 * dynalite 4 reads a table's description from LevelDB and parses its JSON on every item call:
 * each GetItem, Query, PutItem, and each item of a BatchWriteItem. The cases table's description
 * (19 indexes) is large, so that read and its garbage were a large share of the emulator's CPU
 * under a load. This keeps the description of each ACTIVE table once read, for the calls that
 * only read it (dynalite's `getTable(name, cb)` form: the item calls, which never change it), and
 * forgets every description when anything writes the table store (CreateTable, UpdateTable,
 * DeleteTable). Table calls (`getTable(name, false, cb)`: describe, update, delete, tags, TTL)
 * still read LevelDB, and get a copy of their own to change. Applied on import; idempotent.
 */
import { createRequire } from 'node:module';

type TableCallback = (err: Error | null, table?: Table) => void;
type Table = { TableStatus?: string } & Record<string, unknown>;
type WriteMethod = (...args: unknown[]) => unknown;

interface TableDb {
  put: WriteMethod;
  del: WriteMethod;
  batch: WriteMethod;
}

interface DynaliteStore {
  tableDb: TableDb;
  getTable(name: string, checkStatus: boolean | TableCallback, cb?: TableCallback): void;
}

interface DynaliteDbModule {
  create(options: unknown): DynaliteStore;
  __sutureTableCache?: true;
}

const db = createRequire(require.resolve('dynalite'))('./db') as DynaliteDbModule;

/** Give `store.getTable` a cache of ACTIVE tables, emptied by any write to `store.tableDb`. */
function cacheTables(store: DynaliteStore): void {
  const cache = new Map<string, Table>();
  /** Bumped by every write: a read that started before one is not cached. */
  let generation = 0;
  for (const method of ['put', 'del', 'batch'] as const) {
    const write = store.tableDb[method].bind(store.tableDb);
    store.tableDb[method] = (...args: unknown[]) => {
      generation += 1;
      cache.clear();
      return write(...args);
    };
  }
  const read = store.getTable.bind(store);
  store.getTable = (name, checkStatus, cb) => {
    if (typeof checkStatus !== 'function') return read(name, checkStatus, cb);
    const done = checkStatus;
    const known = cache.get(name);
    // Asynchronous, as the LevelDB read it stands for.
    if (known) return process.nextTick(done, null, known);
    const started = generation;
    read(name, (err, table) => {
      if (!err && table?.TableStatus === 'ACTIVE' && generation === started) cache.set(name, table);
      done(err, table);
    });
  };
}

if (!db.__sutureTableCache) {
  const create = db.create.bind(db);
  db.create = (options: unknown) => {
    const store = create(options);
    cacheTables(store);
    return store;
  };
  db.__sutureTableCache = true;
}

/** true once dynalite's stores keep their tables' descriptions (for tests). */
export const dynaliteTablesCached = db.__sutureTableCache === true;
