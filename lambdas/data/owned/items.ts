/**
 * Items that belong to one user, in a table keyed by PK `user_id` and SK `<idField>` (the surgeons
 * and facilities tables, `lambdas/lib/tables.ts`). One implementation of the access patterns both
 * resources share: conditional create, list by user (Query), get (GetItem), update and delete of an
 * existing item (conditional). Keys are scoped by user, so another user's item is simply not found.
 *
 * One NPI once per user (issue 6 sections 1 and 2), when `npiField` is configured: every item with
 * a non-zero NPI holds a uniqueness marker, an item of the same table at `npiMarkerKey(userId, npi)`
 * (partition `${userId}#npi`, sort key the NPI) with `item_id` (the holder's id), `claimed_at` (ISO
 * time) and `npi_marker: true`. NPI 0 (none, manual entry) has no marker and is never a duplicate.
 * dynalite has no TransactWriteItems, so the steps are ordered conditional writes instead:
 * - create: put the marker (condition: absent), then the item; if the item put fails, the marker
 *   is deleted again;
 * - update that changes the NPI: read the item, take the new NPI's marker, update the item (on
 *   condition that its NPI is still the one read), then release the old marker; a failed update
 *   releases the new marker;
 * - delete (a soft delete, below): mark the item deleted, then release its marker.
 * A marker whose holder no longer exists or no longer has that NPI (a crash between two steps) is
 * taken over once it is older than {@link STALE_MARKER_GRACE_MS} (30 s, longer than a Lambda's 10 s
 * timeout, so a write still in progress is never mistaken for a crash): a leftover never makes a
 * permanent 409. Releasing is conditional on `item_id`, so a marker taken over is never released by
 * its former holder; a failed release is logged, not thrown (the marker is then stale).
 * Lists and gets never return markers.
 *
 * Lists page on the server by name (issue 7 section 1): every item carries `sort_name`
 * (`ownedSortName` of its `nameFields` and id, lambdas/lib/tables.ts), written on create and on
 * every update that changes a name field (the update then reads the item and writes on condition
 * that its names are still the ones read, retried up to 3 times), and {@link OwnedItemRepository.list}
 * reads one page of the `byName` index (user_id, sort_name) with lambdas/lib/paging.ts. A cursor is
 * bound to the list and the owner (scope `<idField>:byName:<user id>`, state the index key of the
 * last item, whose `user_id` must be the owner): any other is a `ValidationError` (400, field
 * `cursor`). `sort_name` is internal: never returned.
 *
 * Soft delete (issue 9, section 2): {@link OwnedItemRepository.remove} never deletes the item. One
 * conditional UpdateItem sets `deleted_at` (ISO) and `deleted_by` (the acting user id) and removes
 * `sort_name`, so the `byName` index (every list) no longer holds it; get, update and a second
 * remove treat a deleted item as missing (404), and its NPI marker is released, so the same NPI can
 * be added again. The item stays in the table (with its names and NPI) for the record.
 *
 * Errors: `ConflictError(conflictMessage)` when a created id is taken or the NPI is already held by
 * another of the user's items; `ConflictError(changedMessage)` when the item's NPI changed under a
 * concurrent update; `NotFoundError(notFoundMessage)` when an updated or deleted item does not
 * exist; SDK errors otherwise.
 */
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../../lib/aws';
import * as z from 'zod';
import { setUpdate } from '../../lib/dynamo';
import { ConflictError, NotFoundError, isConditionalCheckFailed } from '../../lib/errors';
import { logger } from '../../lib/logger';
import { decodeCursor, encodeCursor, queryPage } from '../../lib/paging';
import { BY_NAME_INDEX, npiMarkerKey } from './keys';
import { ownedSortName } from '../keys';

/** A marker younger than this (ms) is never taken over, even when its holder is missing. */
export const STALE_MARKER_GRACE_MS = 30_000;
/** Attribute that tells a marker from an item. */
export const NPI_MARKER_FLAG = 'npi_marker';
/** The attribute of the `byName` index sort key (lambdas/lib/tables.ts BY_NAME_INDEX); internal. */
export const SORT_NAME_FIELD = BY_NAME_INDEX.sortKey.name;
/** Set on a soft-deleted item (ISO time of the delete); such an item is never listed or returned. */
export const DELETED_AT_FIELD = 'deleted_at';
/** Who soft-deleted an item (user id, or 'system'). */
export const DELETED_BY_FIELD = 'deleted_by';

/** One page of a user's items: `next_cursor` only when more exist (issue 7 section 2). */
export interface OwnedItemPage<Item> {
  items: Item[];
  next_cursor?: string;
}

export interface OwnedItemConfig<Item> {
  /** Physical table name (read from the Lambda environment at call time). */
  table: () => string;
  /** The sort key attribute, e.g. `surgeon_id`. */
  idField: string;
  /**
   * The name attributes, in order of precedence, that {@link OwnedItemRepository.list} sorts by
   * (e.g. `['last_name', 'first_name']`); `sort_name` is built from them and the id.
   */
  nameFields: readonly (keyof Item & string)[];
  conflictMessage: string;
  notFoundMessage: string;
  /** The NPI attribute (a number, 0 = none) that must be unique per user, e.g. `surgeon_npi`. */
  npiField?: string;
  /** 409 message when the item changed under a concurrent update of its NPI. */
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

interface Marker {
  item_id: string;
  claimed_at: string;
}

export function ownedItemRepository<Item extends { user_id: string }>(
  config: OwnedItemConfig<Item>,
): OwnedItemRepository<Item> {
  const { table, idField, nameFields, conflictMessage, notFoundMessage, npiField } = config;
  const changedMessage = config.changedMessage ?? 'The item was changed at the same time. Reload it and try again.';
  const key = (userId: string, id: string) => ({ user_id: userId, [idField]: id });
  const markerKey = (userId: string, npi: number) => {
    const k = npiMarkerKey(userId, npi);
    return { user_id: k.partition, [idField]: k.sort };
  };
  const isMarker = (item: Record<string, unknown> | undefined) => item?.[NPI_MARKER_FLAG] === true;
  /** A marker or a soft-deleted item: neither is ever answered. */
  const isHidden = (item: Record<string, unknown> | undefined) =>
    isMarker(item) || item?.[DELETED_AT_FIELD] !== undefined;
  /** The item without internal attributes (`sort_name`). */
  const clean = (item: Record<string, unknown>): Item => {
    const { [SORT_NAME_FIELD]: _sortName, ...rest } = item;
    return rest as unknown as Item;
  };
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
  const notFound = (err: unknown): never => {
    if (isConditionalCheckFailed(err)) throw new NotFoundError(notFoundMessage);
    throw err;
  };

  async function readItem(userId: string, id: string): Promise<Item | undefined> {
    const out = await ddb().send(new GetCommand({ TableName: table(), Key: key(userId, id), ConsistentRead: true }));
    return isHidden(out.Item) || !out.Item ? undefined : clean(out.Item);
  }

  /** Is this marker a leftover (old enough, and its holder gone or holding another NPI)? */
  async function isStale(userId: string, npi: number, marker: Marker): Promise<boolean> {
    const claimed = Date.parse(marker.claimed_at);
    if (Number.isFinite(claimed) && Date.now() - claimed < STALE_MARKER_GRACE_MS) return false;
    const holder = await readItem(userId, marker.item_id);
    return !holder || npiOf(holder) !== npi;
  }

  /**
   * Take the marker of `npi` for item `itemId`; ConflictError when another live item holds it.
   * `claimed_at` is the real clock (never a caller's `now`, which seeding sets in the past).
   */
  async function claim(userId: string, npi: number, itemId: string): Promise<void> {
    const marker = {
      ...markerKey(userId, npi),
      item_id: itemId,
      claimed_at: new Date().toISOString(),
      [NPI_MARKER_FLAG]: true,
    };
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        await ddb().send(
          new PutCommand({
            TableName: table(),
            Item: marker,
            ConditionExpression: 'attribute_not_exists(#sk)',
            ExpressionAttributeNames: { '#sk': idField },
          }),
        );
        return;
      } catch (err) {
        if (!isConditionalCheckFailed(err)) throw err;
      }
      const out = await ddb().send(
        new GetCommand({ TableName: table(), Key: markerKey(userId, npi), ConsistentRead: true }),
      );
      const existing = out.Item as Marker | undefined;
      if (!existing) continue; // released in the meantime: try again
      if (existing.item_id === itemId) return;
      if (!(await isStale(userId, npi, existing))) throw new ConflictError(conflictMessage);
      try {
        // Take over the leftover, unless someone else did first.
        await ddb().send(
          new PutCommand({
            TableName: table(),
            Item: marker,
            ConditionExpression: 'item_id = :old AND claimed_at = :claimed',
            ExpressionAttributeValues: { ':old': existing.item_id, ':claimed': existing.claimed_at },
          }),
        );
        logger.info('Took over a stale NPI marker');
        return;
      } catch (err) {
        if (!isConditionalCheckFailed(err)) throw err;
      }
    }
    throw new ConflictError(conflictMessage);
  }

  /** Delete the marker of `npi` if item `itemId` holds it. Never throws (a leftover is stale later). */
  async function release(userId: string, npi: number, itemId: string): Promise<void> {
    try {
      await ddb().send(
        new DeleteCommand({
          TableName: table(),
          Key: markerKey(userId, npi),
          ConditionExpression: 'item_id = :id',
          ExpressionAttributeValues: { ':id': itemId },
        }),
      );
    } catch (err) {
      if (!isConditionalCheckFailed(err))
        logger.warn('Could not release an NPI marker', { error: (err as Error)?.name });
    }
  }

  async function plainUpdate(
    userId: string,
    id: string,
    patch: Record<string, unknown>,
    now: Date,
    expectedNpi?: number,
    current?: Record<string, unknown>,
  ): Promise<Item> {
    // A name change rewrites sort_name from the item as read, on condition that its names are unchanged.
    const fullPatch =
      current && touchesName(patch) ? { ...patch, [SORT_NAME_FIELD]: sortNameOf({ ...current, ...patch }, id) } : patch;
    const update = setUpdate({ ...fullPatch, updatedAt: now.toISOString() });
    const names: Record<string, string> = {
      ...update.ExpressionAttributeNames,
      '#sk': idField,
      '#deleted': DELETED_AT_FIELD,
    };
    const values: Record<string, unknown> = { ...update.ExpressionAttributeValues };
    // A soft-deleted item is missing to every update.
    let condition = 'attribute_exists(#sk) AND attribute_not_exists(#deleted)';
    if (expectedNpi !== undefined && npiField) {
      names['#npi'] = npiField;
      values[':oldNpi'] = expectedNpi;
      condition += expectedNpi === 0 ? ' AND (attribute_not_exists(#npi) OR #npi = :oldNpi)' : ' AND #npi = :oldNpi';
    }
    if (current && touchesName(patch)) {
      nameFields.forEach((field, i) => {
        names[`#name${i}`] = field;
        if (current[field] === undefined) {
          condition += ` AND attribute_not_exists(#name${i})`;
        } else {
          values[`:name${i}`] = current[field];
          condition += ` AND #name${i} = :name${i}`;
        }
      });
    }
    const out = await ddb().send(
      new UpdateCommand({
        TableName: table(),
        Key: key(userId, id),
        UpdateExpression: update.UpdateExpression,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
        ConditionExpression: condition,
        ReturnValues: 'ALL_NEW',
      }),
    );
    return clean(out.Attributes ?? {});
  }

  /** An update that changes a name but not the NPI: read, write on condition; retried when a name changed meanwhile. */
  async function renameUpdate(userId: string, id: string, patch: Record<string, unknown>, now: Date): Promise<Item> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const current = await readItem(userId, id);
      if (!current) throw new NotFoundError(notFoundMessage);
      try {
        return await plainUpdate(userId, id, patch, now, undefined, current as Record<string, unknown>);
      } catch (err) {
        if (!isConditionalCheckFailed(err)) throw err;
      }
    }
    if (!(await readItem(userId, id))) throw new NotFoundError(notFoundMessage);
    throw new ConflictError(changedMessage);
  }

  return {
    async create(item) {
      const npi = npiOf(item);
      const id = String((item as Record<string, unknown>)[idField]);
      if (npi !== 0) await claim(item.user_id, npi, id);
      try {
        await ddb().send(
          new PutCommand({
            TableName: table(),
            Item: { ...item, [SORT_NAME_FIELD]: sortNameOf(item as Record<string, unknown>, id) },
            ConditionExpression: 'attribute_not_exists(#sk)',
            ExpressionAttributeNames: { '#sk': idField },
          }),
        );
      } catch (err) {
        if (npi !== 0) await release(item.user_id, npi, id);
        if (isConditionalCheckFailed(err)) throw new ConflictError(conflictMessage);
        throw err;
      }
      return clean(item as Record<string, unknown>);
    },

    async list(userId, { limit, cursor }) {
      const scope = listScope(userId);
      const startKey = decodeCursor(cursor, scope, cursorSchema(userId));
      const page = await queryPage<Record<string, unknown>>(
        {
          TableName: table(),
          IndexName: BY_NAME_INDEX.indexName,
          KeyConditionExpression: 'user_id = :u',
          ExpressionAttributeValues: { ':u': userId },
        },
        { limit, startKey, keyNames: indexKeyNames },
      );
      const items = page.items.filter((item) => !isHidden(item)).map(clean);
      return page.lastKey ? { items, next_cursor: encodeCursor(scope, page.lastKey) } : { items };
    },

    async get(userId, id) {
      const out = await ddb().send(new GetCommand({ TableName: table(), Key: key(userId, id) }));
      return isHidden(out.Item) || !out.Item ? undefined : clean(out.Item);
    },

    async update(userId, id, patch, now = new Date()) {
      if (!npiField || patch[npiField] === undefined) {
        if (touchesName(patch)) return renameUpdate(userId, id, patch, now);
        try {
          return await plainUpdate(userId, id, patch, now);
        } catch (err) {
          return notFound(err);
        }
      }
      const current = await readItem(userId, id);
      if (!current) throw new NotFoundError(notFoundMessage);
      const oldNpi = npiOf(current);
      const newNpi = npiOf(patch);
      if (oldNpi === newNpi) {
        if (touchesName(patch)) return renameUpdate(userId, id, patch, now);
        try {
          return await plainUpdate(userId, id, patch, now);
        } catch (err) {
          return notFound(err);
        }
      }
      if (newNpi !== 0) await claim(userId, newNpi, id);
      let updated: Item;
      try {
        updated = await plainUpdate(userId, id, patch, now, oldNpi, current as Record<string, unknown>);
      } catch (err) {
        if (newNpi !== 0) await release(userId, newNpi, id);
        if (!isConditionalCheckFailed(err)) throw err;
        if (!(await readItem(userId, id))) throw new NotFoundError(notFoundMessage);
        throw new ConflictError(changedMessage);
      }
      if (oldNpi !== 0) await release(userId, oldNpi, id);
      return updated;
    },

    async remove(userId, id, options = {}) {
      let old: Record<string, unknown> | undefined;
      try {
        // A soft delete (issue 9, section 2): marked, and out of the byName index (no sort_name).
        const out = await ddb().send(
          new UpdateCommand({
            TableName: table(),
            Key: key(userId, id),
            UpdateExpression: 'SET #da = :da, #db = :db REMOVE #sort',
            ConditionExpression:
              'attribute_exists(#sk) AND attribute_not_exists(#marker) AND attribute_not_exists(#da)',
            ExpressionAttributeNames: {
              '#sk': idField,
              '#marker': NPI_MARKER_FLAG,
              '#da': DELETED_AT_FIELD,
              '#db': DELETED_BY_FIELD,
              '#sort': SORT_NAME_FIELD,
            },
            ExpressionAttributeValues: {
              ':da': (options.now ?? new Date()).toISOString(),
              ':db': options.actor ?? 'system',
            },
            ReturnValues: 'ALL_OLD',
          }),
        );
        old = out.Attributes;
      } catch (err) {
        notFound(err);
      }
      const npi = npiOf(old);
      if (npi !== 0) await release(userId, npi, id);
    },
  };
}
