/**
 * Items that belong to one user, in a table keyed by PK `user_id` and SK `<idField>` (the surgeons
 * and facilities tables, ./keys.ts). One implementation of the access patterns both resources
 * share: conditional create, list by user, get, update and soft delete. Keys are scoped by user, so
 * another user's item is simply not found. Every read is parsed with the entity's item schema.
 *
 * One NPI once per user, when `npiField` is configured: every item with a non-zero NPI holds a
 * uniqueness marker, an item of the same table at `npiMarkerKey(userId, npi)` with `item_id` (the
 * holder's id), `claimed_at` (ISO time) and `npi_marker: true`. NPI 0 (none, manual entry) has no
 * marker and is never a duplicate. The marker and the item are written in ONE transaction
 * (`transactWrite`): a create puts both, an NPI change takes the new marker, updates the item and
 * releases the old marker, a delete marks the item deleted and releases its marker; so a marker
 * never outlives its item's NPI. A marker left by an older, non-transactional write whose holder no
 * longer exists or no longer has that NPI is taken over once it is older than
 * {@link STALE_MARKER_GRACE_MS}: a leftover never makes a permanent 409.
 *
 * Optimistic locking (docs/decisions/0010-data-layer.md): every write sets the integer `version`;
 * a write derived from the item as read (a rename rewrites `sort_name`, an NPI change moves the
 * markers, a delete releases one) is conditional on the version read, re-read and retried up to 3
 * times. Items written before versions have none (version 0) and get one on their next write.
 *
 * Lists page on the server by name: every item carries `sort_name` (`ownedSortName` of its
 * `nameFields` and id), and {@link OwnedItemRepository.list} reads one page of the `byName` index
 * with lambdas/lib/paging.ts. A cursor is bound to the list and the owner; any other is a
 * `ValidationError` (400, field `cursor`). `sort_name` and `version` are storage-only: never returned.
 *
 * Soft delete (docs/decisions/0006-soft-delete-and-30-day-purge.md): {@link OwnedItemRepository.remove}
 * sets `deleted_at` and `deleted_by` and removes `sort_name` (out of every list); get, update and a
 * second remove treat a deleted item as missing (404). The item stays in the table for the record.
 *
 * Errors: `ConflictError(conflictMessage)` when a created id is taken or the NPI is already held by
 * another of the user's items; `ConflictError(changedMessage)` when the item kept changing under a
 * derived write; `NotFoundError(notFoundMessage)` when an updated or deleted item does not exist.
 */
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { ddb } from '../../lib/aws';
import { buildUpdate, conditionOf, type WriteCondition } from '../../lib/dynamo';
import { ConflictError, NotFoundError, isConditionalCheckFailed } from '../../lib/errors';
import { logger } from '../../lib/logger';
import { decodeCursor, encodeCursor, queryPage } from '../../lib/paging';
import { TransactionConditionError, transactWrite } from '../../lib/transact';
import { VersionSchema, parseItem, parseItems, versionGuard } from '../item';
import { ownedSortName } from '../keys';
import { BY_NAME_INDEX, npiMarkerKey } from './keys';

/** A marker younger than this (ms) is never taken over, even when its holder is missing. */
export const STALE_MARKER_GRACE_MS = 30_000;
/** Attribute that tells a marker from an item. */
export const NPI_MARKER_FLAG = 'npi_marker';
/** The attribute of the `byName` index sort key (./keys.ts BY_NAME_INDEX); storage-only. */
export const SORT_NAME_FIELD = BY_NAME_INDEX.sortKey.name;
/** Set on a soft-deleted item (ISO time of the delete); such an item is never listed or returned. */
export const DELETED_AT_FIELD = 'deleted_at';
/** Who soft-deleted an item (user id, or 'system'). */
export const DELETED_BY_FIELD = 'deleted_by';

/** One page of a user's items: `next_cursor` only when more exist. */
export interface OwnedItemPage<Item> {
  items: Item[];
  next_cursor?: string;
}

export interface OwnedItemConfig<Item> {
  /** Physical table name (read from the Lambda environment at call time). */
  table: () => string;
  /** Logical table name, for the log of a malformed item. */
  tableId: string;
  /** The sort key attribute, e.g. `surgeon_id`. */
  idField: string;
  /**
   * The item schema of the entity's own fields (a `z.object`, which drops the storage-only
   * attributes: `sort_name`, `version`, the soft-delete marks): parsing a stored item with it maps
   * it to the domain item.
   */
  schema: z.ZodType<Item>;
  /**
   * The name attributes, in order of precedence, that {@link OwnedItemRepository.list} sorts by
   * (e.g. `['last_name', 'first_name']`); `sort_name` is built from them and the id.
   */
  nameFields: readonly (keyof Item & string)[];
  conflictMessage: string;
  notFoundMessage: string;
  /** The NPI attribute (a number, 0 = none) that must be unique per user, e.g. `surgeon_npi`. */
  npiField?: string;
  /** 409 message when the item kept changing under a derived write. */
  changedMessage?: string;
}

export interface OwnedItemRepository<Item> {
  /** Store a new item (its `user_id` and id set); throws ConflictError when the id or the NPI is taken. */
  create(item: Item): Promise<Item>;
  /**
   * One page of a user's items in name order (`nameFields`, case- and accent-insensitive, then id):
   * at most `limit` items after `cursor` (absent: the first page). Query of the byName index only
   * (reads limit + 1 items); never markers. Throws `ValidationError` (400) for a cursor of another
   * list or owner, damaged or forged.
   */
  list(userId: string, page: { limit: number; cursor?: string }): Promise<OwnedItemPage<Item>>;
  /** One item of a user, or undefined. GetItem; never a marker. */
  get(userId: string, id: string): Promise<Item | undefined>;
  /** Change the given fields and `updatedAt` (ISO); NotFoundError when missing, ConflictError for a taken NPI. */
  update(userId: string, id: string, patch: Record<string, unknown>, now?: Date): Promise<Item>;
  /**
   * Soft-delete (see the module doc) and release its NPI; throws NotFoundError when missing or
   * already deleted. `now` (default the clock) and `actor` (default 'system') are recorded.
   */
  remove(userId: string, id: string, options?: { now?: Date; actor?: string }): Promise<void>;
}

/** The item schema of an NPI marker. */
const MarkerSchema = z.looseObject({ item_id: z.string(), claimed_at: z.string() });
type Marker = z.infer<typeof MarkerSchema>;

/** The storage-only attributes of an owned item that its writes depend on. */
const StorageSchema = z.looseObject({ version: VersionSchema, [DELETED_AT_FIELD]: z.string().optional() });

/** Writes derived from the item as read are tried this many times before a 409. */
const ATTEMPTS = 3;

export function ownedItemRepository<Item extends { user_id: string }>(
  config: OwnedItemConfig<Item>,
): OwnedItemRepository<Item> {
  const { table, tableId, idField, nameFields, conflictMessage, notFoundMessage, npiField } = config;
  const changedMessage = config.changedMessage ?? 'The item was changed at the same time. Reload it and try again.';
  const keyNames = ['user_id', idField] as const;
  const key = (userId: string, id: string) => ({ user_id: userId, [idField]: id });
  const markerKey = (userId: string, npi: number) => {
    const k = npiMarkerKey(userId, npi);
    return { user_id: k.partition, [idField]: k.sort };
  };
  const isMarker = (item: Record<string, unknown> | undefined) => item?.[NPI_MARKER_FLAG] === true;
  /** A stored item as the domain item (its storage-only attributes dropped). */
  const toItem = (raw: unknown): Item => parseItem(config.schema, raw, tableId, keyNames);
  const text = (v: unknown) => (typeof v === 'string' ? v : v === undefined || v === null ? '' : String(v));
  const sortNameOf = (item: Record<string, unknown>, id: string) =>
    ownedSortName(
      nameFields.map((f) => text(item[f])),
      id,
    );
  const touchesName = (patch: Record<string, unknown>) => nameFields.some((f) => patch[f] !== undefined);
  const indexKeyNames = ['user_id', idField, SORT_NAME_FIELD] as const;
  const listScope = (userId: string) => `${idField}:byName:${userId}`;
  const cursorSchema = (userId: string) =>
    z
      .object({
        user_id: z.literal(userId),
        [idField]: z.string().min(1).max(1024),
        [SORT_NAME_FIELD]: z.string().min(1).max(1024),
      })
      .strict();
  const npiOf = (item: Record<string, unknown> | undefined): number => {
    const n = npiField ? Number(item?.[npiField] ?? 0) : 0;
    return Number.isFinite(n) ? n : 0;
  };
  /** The condition of every write onto an existing item: present and not deleted. */
  const live: WriteCondition = {
    condition: 'attribute_exists(#sk) AND attribute_not_exists(#deleted)',
    names: { '#sk': idField, '#deleted': DELETED_AT_FIELD },
    values: {},
  };
  /** A delete also makes sure it never marks a marker. */
  const notMarker: WriteCondition = {
    condition: 'attribute_not_exists(#marker)',
    names: { '#marker': NPI_MARKER_FLAG },
    values: {},
  };

  /** The live item as stored (raw, with its version), or undefined when missing, a marker or deleted. */
  async function readStored(userId: string, id: string): Promise<Record<string, unknown> | undefined> {
    const out = await ddb().send(new GetCommand({ TableName: table(), Key: key(userId, id), ConsistentRead: true }));
    if (!out.Item || isMarker(out.Item)) return undefined;
    const storage = parseItem(StorageSchema, out.Item, tableId, keyNames);
    return storage[DELETED_AT_FIELD] === undefined ? out.Item : undefined;
  }

  async function readMarker(userId: string, npi: number): Promise<Marker | undefined> {
    const out = await ddb().send(
      new GetCommand({ TableName: table(), Key: markerKey(userId, npi), ConsistentRead: true }),
    );
    return out.Item === undefined ? undefined : parseItem(MarkerSchema, out.Item, tableId, keyNames);
  }

  /** Is this marker a leftover (old enough, and its holder gone or holding another NPI)? */
  async function isStale(userId: string, npi: number, marker: Marker): Promise<boolean> {
    const claimed = Date.parse(marker.claimed_at);
    if (Number.isFinite(claimed) && Date.now() - claimed < STALE_MARKER_GRACE_MS) return false;
    const holder = await readStored(userId, marker.item_id);
    return !holder || npiOf(holder) !== npi;
  }

  /**
   * The Put of the marker of `npi` for item `itemId`: on condition that none exists, or, to take
   * over a leftover, that it is still the one read. `claimed_at` is the real clock (never a
   * caller's `now`, which seeding sets in the past).
   */
  function claimAction(userId: string, npi: number, itemId: string, leftover?: Marker) {
    const marker = {
      ...markerKey(userId, npi),
      item_id: itemId,
      claimed_at: new Date().toISOString(),
      [NPI_MARKER_FLAG]: true,
    };
    const condition: WriteCondition = leftover
      ? {
          condition: 'item_id = :old AND claimed_at = :claimed',
          names: {},
          values: { ':old': leftover.item_id, ':claimed': leftover.claimed_at },
        }
      : { condition: 'attribute_not_exists(#sk)', names: { '#sk': idField }, values: {} };
    return { Put: { TableName: table(), Item: marker, ...conditionOf([condition]) } };
  }

  /** The Delete of the marker of `npi`, unless another item holds it (a missing marker is fine). */
  function releaseAction(userId: string, npi: number, itemId: string) {
    return {
      Delete: {
        TableName: table(),
        Key: markerKey(userId, npi),
        ...conditionOf([
          { condition: 'attribute_not_exists(item_id) OR item_id = :id', names: {}, values: { ':id': itemId } },
        ]),
      },
    };
  }

  /**
   * After the claim of `npi` failed: the marker to take over (a leftover), or undefined to try a
   * plain claim again (released meanwhile). Throws `ConflictError` when a live item holds it.
   */
  async function leftoverOf(userId: string, npi: number, itemId: string): Promise<Marker | undefined> {
    const existing = await readMarker(userId, npi);
    if (!existing) return undefined;
    if (existing.item_id !== itemId && !(await isStale(userId, npi, existing)))
      throw new ConflictError(conflictMessage);
    return existing;
  }

  /**
   * A write derived from the item as read: `build` makes the transaction's actions from the stored
   * item (its Update at index `updateAt`, conditional on the version read); a lost race re-reads
   * and tries again, up to {@link ATTEMPTS} times. Resolves with the item as written.
   */
  async function derivedWrite(
    userId: string,
    id: string,
    build: (
      current: Record<string, unknown>,
      leftover: Marker | undefined,
    ) => {
      actions: Parameters<typeof transactWrite>[0];
      after: Record<string, unknown>;
      updateAt: number;
      claimAt?: number;
      npi?: number;
      releaseAt?: number;
    },
  ): Promise<Record<string, unknown>> {
    let leftover: Marker | undefined;
    let skipRelease = false;
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const current = await readStored(userId, id);
      if (!current) throw new NotFoundError(notFoundMessage);
      const plan = build(current, leftover);
      const actions =
        skipRelease && plan.releaseAt !== undefined
          ? plan.actions.filter((_, i) => i !== plan.releaseAt)
          : plan.actions;
      try {
        const only = actions.length === 1 ? actions[0]!.Update : undefined;
        // One item: a conditional UpdateItem (a transaction would cost twice the writes).
        if (only) await ddb().send(new UpdateCommand(only));
        else await transactWrite(actions);
        return plan.after;
      } catch (err) {
        if (isConditionalCheckFailed(err)) continue;
        if (!(err instanceof TransactionConditionError)) throw err;
        if (plan.claimAt !== undefined && plan.npi !== undefined && err.failed.includes(plan.claimAt)) {
          leftover = await leftoverOf(userId, plan.npi, id);
        } else if (
          plan.releaseAt !== undefined &&
          err.failed.includes(plan.releaseAt) &&
          !err.failed.includes(plan.updateAt)
        ) {
          // The old NPI's marker is another item's (a takeover): leave it.
          logger.warn('An NPI marker released by an update is held by another item');
          skipRelease = true;
        }
        // Otherwise the item changed since it was read: read it again.
      }
    }
    if (!(await readStored(userId, id))) throw new NotFoundError(notFoundMessage);
    throw new ConflictError(changedMessage);
  }

  /** The Update of item `id` from `current` setting `set`, conditional on the version read. */
  function updateAction(
    userId: string,
    id: string,
    current: Record<string, unknown>,
    set: Record<string, unknown>,
    remove: readonly string[] = [],
    extra: readonly WriteCondition[] = [],
  ) {
    const guard = versionGuard(parseItem(StorageSchema, current, tableId, keyNames));
    return {
      update: {
        TableName: table(),
        Key: key(userId, id),
        ...buildUpdate({ set, remove, version: { next: guard.next }, condition: [live, guard, ...extra] }),
      },
      next: guard.next,
    };
  }

  return {
    async create(item) {
      const npi = npiOf(item);
      const id = String((item as Record<string, unknown>)[idField]);
      const stored = { ...item, [SORT_NAME_FIELD]: sortNameOf(item as Record<string, unknown>, id), version: 1 };
      const put = {
        Put: {
          TableName: table(),
          Item: stored,
          ...conditionOf([{ condition: 'attribute_not_exists(#sk)', names: { '#sk': idField }, values: {} }]),
        },
      };
      let leftover: Marker | undefined;
      for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
        try {
          if (npi === 0) await ddb().send(new PutCommand(put.Put));
          else await transactWrite([claimAction(item.user_id, npi, id, leftover), put]);
          return toItem(stored);
        } catch (err) {
          if (isConditionalCheckFailed(err)) throw new ConflictError(conflictMessage);
          if (!(err instanceof TransactionConditionError)) throw err;
          if (err.failed.includes(1)) throw new ConflictError(conflictMessage);
          leftover = await leftoverOf(item.user_id, npi, id);
        }
      }
      throw new ConflictError(conflictMessage);
    },

    async list(userId, { limit, cursor }) {
      const scope = listScope(userId);
      const startKey = decodeCursor(cursor, scope, cursorSchema(userId));
      const page = await queryPage(
        {
          TableName: table(),
          IndexName: BY_NAME_INDEX.indexName,
          KeyConditionExpression: 'user_id = :u',
          ExpressionAttributeValues: { ':u': userId },
        },
        { limit, startKey, keyNames: indexKeyNames },
      );
      // The byName index holds neither markers nor deleted items (neither has a sort_name).
      const live = page.items.filter((item) => !isMarker(item) && item[DELETED_AT_FIELD] === undefined);
      const items = parseItems(config.schema, live, tableId, keyNames);
      return page.lastKey ? { items, next_cursor: encodeCursor(scope, page.lastKey) } : { items };
    },

    async get(userId, id) {
      const out = await ddb().send(new GetCommand({ TableName: table(), Key: key(userId, id) }));
      if (!out.Item || isMarker(out.Item) || out.Item[DELETED_AT_FIELD] !== undefined) return undefined;
      return toItem({ ...out.Item, ...key(userId, id) });
    },

    async update(userId, id, patch, now = new Date()) {
      const set = { ...patch, updatedAt: now.toISOString() };
      const npiChange = npiField !== undefined && patch[npiField] !== undefined;
      if (!npiChange && !touchesName(patch)) {
        // Nothing derived from the item as read: one conditional write, no read first.
        try {
          const out = await ddb().send(
            new UpdateCommand({
              TableName: table(),
              Key: key(userId, id),
              ...buildUpdate({ set, version: 'increment', condition: [live] }),
              ReturnValues: 'ALL_NEW',
            }),
          );
          return toItem({ ...out.Attributes, ...key(userId, id) });
        } catch (err) {
          if (isConditionalCheckFailed(err)) throw new NotFoundError(notFoundMessage);
          throw err;
        }
      }
      const after = await derivedWrite(userId, id, (current, leftover) => {
        const fields = touchesName(patch)
          ? { ...set, [SORT_NAME_FIELD]: sortNameOf({ ...current, ...patch }, id) }
          : set;
        const { update, next } = updateAction(userId, id, current, fields);
        const written = { ...current, ...fields, version: next };
        const oldNpi = npiOf(current);
        const newNpi = npiChange ? npiOf(patch) : oldNpi;
        if (oldNpi === newNpi) return { actions: [{ Update: update }], after: written, updateAt: 0 };
        const actions: Parameters<typeof transactWrite>[0] = [];
        const claimAt = newNpi !== 0 ? actions.push(claimAction(userId, newNpi, id, leftover)) - 1 : undefined;
        const updateAt = actions.push({ Update: update }) - 1;
        const releaseAt = oldNpi !== 0 ? actions.push(releaseAction(userId, oldNpi, id)) - 1 : undefined;
        return { actions, after: written, updateAt, claimAt, npi: newNpi, releaseAt };
      });
      return toItem(after);
    },

    async remove(userId, id, options = {}) {
      await derivedWrite(userId, id, (current) => {
        const { update } = updateAction(
          userId,
          id,
          current,
          {
            [DELETED_AT_FIELD]: (options.now ?? new Date()).toISOString(),
            [DELETED_BY_FIELD]: options.actor ?? 'system',
          },
          [SORT_NAME_FIELD],
          [notMarker],
        );
        const npi = npiOf(current);
        return npi === 0
          ? { actions: [{ Update: update }], after: current, updateAt: 0 }
          : {
              actions: [{ Update: update }, releaseAction(userId, npi, id)],
              after: current,
              updateAt: 0,
              releaseAt: 1,
            };
      });
    },
  };
}
