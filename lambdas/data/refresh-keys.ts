/**
 * Refresh of the index keys of stored cases and profiles (docs/decisions/0024-case-search-and-sort.md):
 * the keys a write computes today (case search texts, order keys and `status_changed_at`, derived
 * from the case history; profile name texts) given to the items written before. Run with the
 * case numbering: by every local start (local/), and on AWS by `npm run number:cases`
 * (bin/number-cases.ts).
 *
 * Idempotent: each item is rewritten only when a key differs, conditional on the version read (a
 * write meanwhile computed the keys itself). It reads both tables whole (Scans): a one-off
 * operation, never on a request path. A run that finished records {@link INDEX_KEYS_VERSION} on
 * the case-number counter item, and `unlessComplete` then costs one GetItem.
 */
import { UpdateCommand, paginateScan } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../lib/aws';
import { buildUpdate } from '../lib/dynamo';
import { getEnv } from '../lib/env';
import { isConditionalCheckFailed } from '../lib/errors';
import { markMigrationDone, migrationDone } from './counters/migrations';
import { indexAttributes, parseCaseItem, statusChangedAt, type CaseItem } from './case/repository';
import { parseProfileItem, refreshProfileIndexKeys } from './user/repository';
import { versionGuard } from './item';

/** The generation of index keys this code writes; raise it when it computes keys differently. */
export const INDEX_KEYS_VERSION = 2;
/** Attribute of the counter item that holds the generation a finished run left. */
const COMPLETE_ATTRIBUTE = 'index_keys_version';

/** What a run did. */
export interface RefreshResult {
  cases: number;
  casesRewritten: number;
  profiles: number;
  profilesRewritten: number;
}

/** The attributes of a live case that differ from what a write would store now, and the ones to remove. */
export function staleCaseKeys(item: CaseItem): { set: Record<string, unknown>; remove: string[] } {
  const changedAt = statusChangedAt(item);
  const wanted: Record<string, unknown> = { ...indexAttributes({ ...item, status_changed_at: changedAt }) };
  wanted.status_changed_at = changedAt;
  const stored = item as unknown as Record<string, unknown>;
  const set = Object.fromEntries(Object.entries(wanted).filter(([name, value]) => stored[name] !== value));
  // A search text emptied by an older write keeps no key.
  const remove = Object.keys(stored).filter((name) => /^search_\w+$/.test(name) && !(name in wanted));
  return { set, remove };
}

/**
 * Every item of `table` (a consistent Scan), each given to `refresh`: undefined for an item that
 * is not counted (the table's own items), else whether it was rewritten.
 */
async function refreshTable(
  table: string,
  refresh: (raw: Record<string, unknown>) => Promise<boolean | undefined>,
): Promise<{ read: number; rewritten: number }> {
  let read = 0;
  let rewritten = 0;
  for await (const page of paginateScan({ client: ddb() }, { TableName: table, ConsistentRead: true })) {
    for (const raw of page.Items ?? []) {
      const outcome = await refresh(raw);
      if (outcome === undefined) continue;
      read += 1;
      if (outcome) rewritten += 1;
    }
  }
  return { read, rewritten };
}

/** Rewrite a live case's stale keys; false when none are stale or it was written or deleted meanwhile. */
async function refreshCase(raw: Record<string, unknown>): Promise<boolean> {
  const item = parseCaseItem(raw);
  // A deleted case has no index keys; a restore computes them.
  if (item.deleted_at !== undefined) return false;
  const { set, remove } = staleCaseKeys(item);
  if (Object.keys(set).length === 0 && remove.length === 0) return false;
  const guard = versionGuard(item.version === undefined ? {} : { version: item.version });
  const update = buildUpdate({
    set,
    remove,
    version: { next: guard.next },
    condition: [
      {
        condition: 'attribute_exists(#pk) AND attribute_not_exists(#del)',
        names: { '#pk': 'case_id', '#del': 'deleted_at' },
        values: {},
      },
      guard,
    ],
  });
  try {
    await ddb().send(new UpdateCommand({ TableName: getEnv().CASES_TABLE, Key: { case_id: item.case_id }, ...update }));
    return true;
  } catch (err) {
    // Written or deleted meanwhile: that write kept (or removed) the keys itself.
    if (!isConditionalCheckFailed(err)) throw err;
    return false;
  }
}

/** Refresh every case's and profile's index keys (see the module doc). Throws only DynamoDB's errors. */
export async function refreshIndexKeys(options: { unlessComplete?: boolean } = {}): Promise<RefreshResult> {
  if (options.unlessComplete && (await migrationDone(COMPLETE_ATTRIBUTE, INDEX_KEYS_VERSION))) {
    return { cases: 0, casesRewritten: 0, profiles: 0, profilesRewritten: 0 };
  }
  const cases = await refreshTable(getEnv().CASES_TABLE, refreshCase);
  // The table's own items (the profile counter) start with '#'.
  const profiles = await refreshTable(getEnv().USERS_TABLE, (raw) =>
    String(raw.user_id ?? '').startsWith('#')
      ? Promise.resolve(undefined)
      : refreshProfileIndexKeys(parseProfileItem(raw)),
  );
  await markMigrationDone(COMPLETE_ATTRIBUTE, INDEX_KEYS_VERSION);
  return {
    cases: cases.read,
    casesRewritten: cases.rewritten,
    profiles: profiles.read,
    profilesRewritten: profiles.rewritten,
  };
}
