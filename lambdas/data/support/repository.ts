/**
 * Reads and writes of the messages that reach support and of the contact counters
 * (docs/decisions/0027-email-and-support-messages.md). A message is one PutItem (conditional on a new
 * reference), the inbox one Query of `byState` newest first (lambdas/lib/paging.ts queryPage), marking
 * handled one conditional UpdateItem, a counter one UpdateItem ADD. A message's text is never logged
 * (a malformed item is logged by its key only, lambdas/data/item.ts).
 */
import { randomInt } from 'node:crypto';
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import {
  SUPPORT_STATES,
  SupportMessageSchema,
  type SupportMessage,
  type SupportState,
} from '../../../shared/schemas/support';
import { ddb } from '../../lib/aws';
import { getEnv } from '../../lib/env';
import { isConditionalCheckFailed } from '../../lib/errors';
import { queryPage, type PageKey } from '../../lib/paging';
import { parseItem, parseItems } from '../item';
import { BY_STATE_INDEX, INBOX_KEY_NAMES, contactCounterKey, messageKey, receivedSortKey } from './keys';

/**
 * A message as stored: the API's message (shared/schemas/support.ts) with its state as the index's
 * partition, its keys, the signed-in sender of a bug report, the SES message id and who handled it.
 */
const MessageItemSchema = SupportMessageSchema.omit({ state: true }).extend({
  pk: z.string().min(1),
  inbox_state: z.enum(SUPPORT_STATES),
  received_sk: z.string().min(1),
  reference: z.string().min(1),
  received_at: z.string().min(1),
  user_id: z.string().optional(),
  ses_message_id: z.string().optional(),
  handled_by: z.string().optional(),
});
type MessageItem = z.infer<typeof MessageItemSchema>;

/** What a new message holds (its reference, time, state and keys are added here). */
export type NewSupportMessage = Pick<MessageItem, 'kind' | 'from_email' | 'from_name' | 'subject' | 'message'> &
  Partial<Pick<MessageItem, 'user_id' | 'inquiry_type' | 'organization' | 'phone' | 'page'>>;

/** The resume key of a page of the inbox (the last message's keys). */
export const InboxCursorSchema = z.object({ pk: z.string(), inbox_state: z.string(), received_sk: z.string() });

const table = () => getEnv().SUPPORT_TABLE;

/** Letters and digits that cannot be misread for one another when read out (Crockford's base 32). */
const REFERENCE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A new message reference, `S-` and 8 random characters of {@link REFERENCE_ALPHABET} (40 bits). */
export function newReference(): string {
  let out = 'S-';
  for (let i = 0; i < 8; i++) out += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  return out;
}

/** The message as the API answers it (no storage keys, no sender id or SES id). */
export function toApiMessage(item: MessageItem): SupportMessage {
  const {
    pk: _pk,
    inbox_state: state,
    received_sk: _sk,
    user_id: _user,
    ses_message_id: _ses,
    handled_by: _by,
    ...rest
  } = item;
  return { ...rest, state };
}

/**
 * Store a new open message and answer it; `delivery` is `sent` until {@link markDeliveryFailed}.
 * `now` (default the clock) stamps it. Throws the SDK's error on failure (a reference drawn twice,
 * about one in a trillion, fails its condition and is a 500 the sender may retry).
 */
export async function addMessage(message: NewSupportMessage, now: Date = new Date()): Promise<MessageItem> {
  const reference = newReference();
  const receivedAt = now.toISOString();
  const item: MessageItem = {
    pk: messageKey(reference),
    inbox_state: 'open',
    received_sk: receivedSortKey(receivedAt, reference),
    reference,
    received_at: receivedAt,
    delivery: 'sent',
    ...message,
  };
  await ddb().send(new PutCommand({ TableName: table(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' }));
  return item;
}

/** Record the SES message id of a message's email, or that SES refused it (`messageId` undefined). */
export async function recordDelivery(reference: string, messageId: string | undefined): Promise<void> {
  await ddb().send(
    new UpdateCommand({
      TableName: table(),
      Key: { pk: messageKey(reference) },
      ...(messageId
        ? {
            UpdateExpression: 'SET ses_message_id = :id',
            ExpressionAttributeValues: { ':id': messageId },
          }
        : {
            UpdateExpression: 'SET delivery = :failed',
            ExpressionAttributeValues: { ':failed': 'failed' },
          }),
    }),
  );
}

/**
 * One page of the messages in `state`, newest first: at most `limit` after `startKey`, and `lastKey`
 * when older ones remain. Reads at most `limit + 1` items of the index.
 */
export async function listMessages(
  state: SupportState,
  limit: number,
  startKey?: PageKey,
): Promise<{ items: SupportMessage[]; lastKey?: PageKey }> {
  const page = await queryPage(
    {
      TableName: table(),
      IndexName: BY_STATE_INDEX,
      KeyConditionExpression: 'inbox_state = :s',
      ExpressionAttributeValues: { ':s': state },
      ScanIndexForward: false,
    },
    { limit, startKey, keyNames: INBOX_KEY_NAMES },
  );
  const items = parseItems(MessageItemSchema, page.items, table(), INBOX_KEY_NAMES);
  return { items: items.map(toApiMessage), ...(page.lastKey ? { lastKey: page.lastKey } : {}) };
}

/**
 * Mark the message `reference` handled by `userId` (idempotent: a handled message keeps its first
 * time). Resolves with the message, or undefined when no message has that reference.
 */
export async function markHandled(
  reference: string,
  userId: string,
  now: Date = new Date(),
): Promise<SupportMessage | undefined> {
  try {
    const out = await ddb().send(
      new UpdateCommand({
        TableName: table(),
        Key: { pk: messageKey(reference) },
        UpdateExpression: 'SET inbox_state = :h, handled_at = if_not_exists(handled_at, :at), handled_by = :by',
        ConditionExpression: 'attribute_exists(received_sk)',
        ExpressionAttributeValues: { ':h': 'handled', ':at': now.toISOString(), ':by': userId },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return toApiMessage(parseItem(MessageItemSchema, out.Attributes, table(), ['pk']));
  } catch (err) {
    if (isConditionalCheckFailed(err)) return undefined;
    throw err;
  }
}

/**
 * Count one POST /contact from `ip` in the current clock hour and answer the hour's count so far
 * (this one included). The counter expires an hour after its window ends (DynamoDB TTL).
 */
export async function countContact(ip: string, now: Date = new Date()): Promise<number> {
  const hour = Math.floor(now.getTime() / 3_600_000);
  const out = await ddb().send(
    new UpdateCommand({
      TableName: table(),
      Key: { pk: contactCounterKey(ip, hour) },
      UpdateExpression: 'ADD sent :one SET expires_at = :exp',
      ExpressionAttributeValues: { ':one': 1, ':exp': (hour + 2) * 3600 },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Number(out.Attributes?.sent ?? 1);
}
