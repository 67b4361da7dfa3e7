/**
 * dynalite's index writes in one LevelDB batch per item write (the local runtime only).
 *
 * dynalite 4 writes an item's entry in each secondary index as a separate LevelDB `put` (and `del`
 * for the entries it replaces), each JSON-encoded on its own: a case (19 indexes, most projecting
 * the whole item) cost 19 native writes and 19 encodings of the same object, most of the
 * emulator's CPU under a load. This replaces dynalite's `updateIndexes` with one that computes
 * the same entries (dynalite's own `getIndexActions`) and writes them, the replaced ones deleted,
 * in ONE atomic batch, each distinct value encoded once. Keys, values and their bytes are as
 * dynalite writes them; only the number of native calls changes. Applied on import; idempotent.
 */
import { createRequire } from 'node:module';

type Callback = (err?: Error | null) => void;
type Item = Record<string, unknown>;

interface IndexAction {
  index: string;
  key: string;
  item?: Item;
}

interface TableDef {
  TableName: string;
  LocalSecondaryIndexes?: unknown[];
  GlobalSecondaryIndexes?: unknown[];
}

interface BatchOp {
  type: 'put' | 'del';
  key: string;
  value?: string;
  valueEncoding?: 'utf8';
}

interface DynaliteStore {
  db: { batch(ops: BatchOp[], cb: Callback): void };
  getIndexDb(indexType: string, tableName: string, indexName: string): unknown;
}

interface DynaliteDb {
  updateIndexes(
    store: DynaliteStore,
    table: TableDef,
    existing: Item | undefined,
    item: Item | null,
    cb: Callback,
  ): void;
  getIndexActions(
    indexes: unknown[],
    existing: Item | undefined,
    item: Item | null,
    table: TableDef,
  ): { puts: Required<IndexAction>[]; deletes: IndexAction[] };
  __sutureBatchedIndexes?: true;
}

const db = createRequire(require.resolve('dynalite'))('./db') as DynaliteDb;

/**
 * The key under which dynalite keeps an index entry: its index sub-database's prefix (dynalite's
 * `getIndexDb` -> `getSubDb(name)`, whose wrapper puts `name~` before each key) and the entry's key.
 */
function indexKey(indexType: string, tableName: string, indexName: string, key: string): string {
  return `index-${indexType.toLowerCase()}~${tableName}~${indexName}~${key}`;
}

function batchedUpdateIndexes(
  store: DynaliteStore,
  table: TableDef,
  existing: Item | undefined,
  item: Item | null,
  cb: Callback,
): void {
  if (!existing && !item) return cb();
  const deletes: BatchOp[] = [];
  const puts: BatchOp[] = [];
  // Most indexes project the whole item (the same object): its JSON once.
  const encoded = new Map<Item, string>();
  for (const indexType of ['Local', 'Global'] as const) {
    const indexes = table[`${indexType}SecondaryIndexes`] ?? [];
    if (indexes.length === 0) continue;
    const actions = db.getIndexActions(indexes, existing, item, table);
    for (const del of actions.deletes) {
      store.getIndexDb(indexType, table.TableName, del.index);
      deletes.push({ type: 'del', key: indexKey(indexType, table.TableName, del.index, del.key) });
    }
    for (const put of actions.puts) {
      store.getIndexDb(indexType, table.TableName, put.index);
      let value = encoded.get(put.item);
      if (value === undefined) {
        value = JSON.stringify(put.item);
        encoded.set(put.item, value);
      }
      puts.push({
        type: 'put',
        key: indexKey(indexType, table.TableName, put.index, put.key),
        value,
        valueEncoding: 'utf8',
      });
    }
  }
  const ops = [...deletes, ...puts];
  if (ops.length === 0) return cb();
  store.db.batch(ops, (err) => cb(err ?? null));
}

if (!db.__sutureBatchedIndexes) {
  db.updateIndexes = batchedUpdateIndexes;
  db.__sutureBatchedIndexes = true;
}

/** true once dynalite writes its index entries in one batch (for tests). */
export const dynaliteIndexesBatched = db.updateIndexes === batchedUpdateIndexes;
