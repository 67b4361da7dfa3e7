/**
 * A user's surgeons in the surgeons table (PK `user_id`, SK `surgeon_id`; `lambdas/lib/tables.ts`).
 *
 * Stored item: {@link SurgeonItem} (surgeon_npi a number, 0 for none / manual entry; spec
 * provider-side section 3). The API shape adds `id` (= surgeon_id), see {@link toApiSurgeon}.
 *
 * Exported plain functions (used by the /surgeon and /case Lambdas, the local runtime's seeding
 * `infra/local/seed.ts`, and tests; table name from the Lambda environment, `getEnv()`):
 * - {@link putSurgeon}(input, { now }) -> SurgeonItem: conditional create (surgeon_id generated
 *   when absent; an existing (user_id, surgeon_id) throws `ConflictError`). Alias {@link createSurgeon}.
 * - {@link listSurgeons}(userId) -> SurgeonItem[] sorted by last then first name (Query).
 * - {@link getSurgeon}(userId, surgeonId) -> SurgeonItem | undefined (GetItem).
 * - {@link updateSurgeon}(userId, surgeonId, patch, { now }) -> SurgeonItem (`NotFoundError('Surgeon not found')`).
 * - {@link deleteSurgeon}(userId, surgeonId) -> void (`NotFoundError('Surgeon not found')`).
 * Keys are scoped by user: another user's surgeon is simply not found.
 */
import { randomUUID } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { SURGEON_MESSAGES, type Surgeon } from '../../shared';
import { ddb } from '../lib/aws';
import { queryAll, setUpdate } from '../lib/dynamo';
import { getEnv } from '../lib/env';
import { ConflictError, NotFoundError, isConditionalCheckFailed } from '../lib/errors';

export type SurgeonItem = Omit<Surgeon, 'id'>;
export type SurgeonFields = Omit<SurgeonItem, 'user_id' | 'surgeon_id' | 'createdAt' | 'updatedAt'>;
export type PutSurgeonInput = { user_id: string; surgeon_id?: string; createdAt?: string } & Pick<
  SurgeonFields,
  'first_name' | 'last_name'
> &
  Partial<SurgeonFields>;

function table(): string {
  return getEnv().SURGEONS_TABLE;
}

/** API shape: the stored item plus `id`. */
export function toApiSurgeon(item: SurgeonItem): Surgeon {
  return { ...item, id: item.surgeon_id };
}

/** Create a surgeon for `user_id`; throws `ConflictError` when the id is taken. */
export async function putSurgeon(input: PutSurgeonInput, options: { now?: Date } = {}): Promise<SurgeonItem> {
  const now = (options.now ?? new Date()).toISOString();
  const item: SurgeonItem = {
    user_id: input.user_id,
    surgeon_id: input.surgeon_id ?? randomUUID(),
    first_name: input.first_name,
    last_name: input.last_name,
    surgeon_npi: input.surgeon_npi ?? 0,
    surgeon_addr: input.surgeon_addr ?? '',
    surgeon_city: input.surgeon_city ?? '',
    surgeon_state: input.surgeon_state ?? '',
    surgeon_zip: input.surgeon_zip ?? '',
    manual_entry: input.manual_entry ?? false,
    createdAt: input.createdAt ?? now,
    updatedAt: now,
  };
  try {
    await ddb().send(
      new PutCommand({ TableName: table(), Item: item, ConditionExpression: 'attribute_not_exists(surgeon_id)' }),
    );
  } catch (err) {
    if (isConditionalCheckFailed(err)) throw new ConflictError('Surgeon already exists');
    throw err;
  }
  return item;
}

/** Same as {@link putSurgeon}. */
export const createSurgeon = putSurgeon;

/** All surgeons of a user, sorted by last name then first name. */
export async function listSurgeons(userId: string): Promise<SurgeonItem[]> {
  const items = await queryAll<SurgeonItem>({
    TableName: table(),
    KeyConditionExpression: 'user_id = :u',
    ExpressionAttributeValues: { ':u': userId },
  });
  const key = (s: SurgeonItem) => `${s.last_name}\u0000${s.first_name}`.toLowerCase();
  return items.sort((a, b) => key(a).localeCompare(key(b)));
}

export async function getSurgeon(userId: string, surgeonId: string): Promise<SurgeonItem | undefined> {
  const out = await ddb().send(new GetCommand({ TableName: table(), Key: { user_id: userId, surgeon_id: surgeonId } }));
  return out.Item as SurgeonItem | undefined;
}

/** Change the given fields; throws `NotFoundError('Surgeon not found')` when missing. */
export async function updateSurgeon(
  userId: string,
  surgeonId: string,
  patch: Partial<SurgeonFields>,
  options: { now?: Date } = {},
): Promise<SurgeonItem> {
  const update = setUpdate({ ...patch, updatedAt: (options.now ?? new Date()).toISOString() });
  try {
    const out = await ddb().send(
      new UpdateCommand({
        TableName: table(),
        Key: { user_id: userId, surgeon_id: surgeonId },
        ...update,
        ExpressionAttributeNames: { ...update.ExpressionAttributeNames, '#sk': 'surgeon_id' },
        ConditionExpression: 'attribute_exists(#sk)',
        ReturnValues: 'ALL_NEW',
      }),
    );
    return out.Attributes as SurgeonItem;
  } catch (err) {
    if (isConditionalCheckFailed(err)) throw new NotFoundError(SURGEON_MESSAGES.notFound);
    throw err;
  }
}

/** Delete; throws `NotFoundError('Surgeon not found')` when missing. */
export async function deleteSurgeon(userId: string, surgeonId: string): Promise<void> {
  try {
    await ddb().send(
      new DeleteCommand({
        TableName: table(),
        Key: { user_id: userId, surgeon_id: surgeonId },
        ConditionExpression: 'attribute_exists(surgeon_id)',
      }),
    );
  } catch (err) {
    if (isConditionalCheckFailed(err)) throw new NotFoundError(SURGEON_MESSAGES.notFound);
    throw err;
  }
}
