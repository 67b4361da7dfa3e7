/**
 * Items that belong to one user, in a table keyed by PK `user_id` and SK `<idField>` (the surgeons
 * and facilities tables, `lambdas/lib/tables.ts`). One implementation of the access patterns both
 * resources share: conditional create, list by user (Query), get (GetItem), update and delete of an
 * existing item (conditional). Keys are scoped by user, so another user's item is simply not found.
 *
 * Errors: `ConflictError(conflictMessage)` when a created id is taken; `NotFoundError(notFoundMessage)`
 * when an updated or deleted item does not exist; SDK errors otherwise.
 */
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from './aws';
import { queryAll, setUpdate } from './dynamo';
import { ConflictError, NotFoundError, isConditionalCheckFailed } from './errors';

export interface OwnedItemConfig<Item> {
  /** Physical table name (read from the Lambda environment at call time). */
  table: () => string;
  /** The sort key attribute, e.g. `surgeon_id`. */
  idField: string;
  /** Order of {@link OwnedItemRepository.list}: items compared by this text, case-insensitively. */
  sortText: (item: Item) => string;
  conflictMessage: string;
  notFoundMessage: string;
}

export interface OwnedItemRepository<Item> {
  /** Store a new item (its `user_id` and id set); throws ConflictError when the id is taken. */
  create(item: Item): Promise<Item>;
  /** All items of a user, sorted by `sortText`. Query only. */
  list(userId: string): Promise<Item[]>;
  /** One item of a user, or undefined. GetItem. */
  get(userId: string, id: string): Promise<Item | undefined>;
  /** Change the given fields and `updatedAt` (ISO); throws NotFoundError when missing. */
  update(userId: string, id: string, patch: Record<string, unknown>, now?: Date): Promise<Item>;
  /** Delete; throws NotFoundError when missing. */
  remove(userId: string, id: string): Promise<void>;
}

export function ownedItemRepository<Item extends { user_id: string }>(
  config: OwnedItemConfig<Item>,
): OwnedItemRepository<Item> {
  const { table, idField, sortText, conflictMessage, notFoundMessage } = config;
  const key = (userId: string, id: string) => ({ user_id: userId, [idField]: id });
  const notFound = (err: unknown): never => {
    if (isConditionalCheckFailed(err)) throw new NotFoundError(notFoundMessage);
    throw err;
  };

  return {
    async create(item) {
      try {
        await ddb().send(
          new PutCommand({
            TableName: table(),
            Item: item,
            ConditionExpression: 'attribute_not_exists(#sk)',
            ExpressionAttributeNames: { '#sk': idField },
          }),
        );
      } catch (err) {
        if (isConditionalCheckFailed(err)) throw new ConflictError(conflictMessage);
        throw err;
      }
      return item;
    },

    async list(userId) {
      const items = await queryAll<Item>({
        TableName: table(),
        KeyConditionExpression: 'user_id = :u',
        ExpressionAttributeValues: { ':u': userId },
      });
      const text = (item: Item) => sortText(item).toLowerCase();
      return items.sort((a, b) => text(a).localeCompare(text(b)));
    },

    async get(userId, id) {
      const out = await ddb().send(new GetCommand({ TableName: table(), Key: key(userId, id) }));
      return out.Item as Item | undefined;
    },

    async update(userId, id, patch, now = new Date()) {
      const update = setUpdate({ ...patch, updatedAt: now.toISOString() });
      try {
        const out = await ddb().send(
          new UpdateCommand({
            TableName: table(),
            Key: key(userId, id),
            ...update,
            ExpressionAttributeNames: { ...update.ExpressionAttributeNames, '#sk': idField },
            ConditionExpression: 'attribute_exists(#sk)',
            ReturnValues: 'ALL_NEW',
          }),
        );
        return out.Attributes as Item;
      } catch (err) {
        return notFound(err);
      }
    },

    async remove(userId, id) {
      try {
        await ddb().send(
          new DeleteCommand({
            TableName: table(),
            Key: key(userId, id),
            ConditionExpression: 'attribute_exists(#sk)',
            ExpressionAttributeNames: { '#sk': idField },
          }),
        );
      } catch (err) {
        notFound(err);
      }
    },
  };
}
