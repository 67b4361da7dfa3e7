/**
 * Reads and writes of the payer list (Insurance Types) and the reads of the NUCC taxonomy (Doctor
 * Types) in the lists table (keys from `listKeys`, lambdas/lib/tables.ts).
 * Request paths use GetItem, Query and TransactWriteItems only, never Scan.
 *
 * Payers start from the spec's 20 insurance names (`INSURANCE_SUGGESTIONS`, provider-side section 9):
 * {@link ensureInsuranceSeeded} writes them, with fixed ids, the first time the list is touched when
 * its counter item `meta` / `insurance` does not exist yet (on AWS the first read after deploy; the
 * local seed calls it too). Once the counter exists the list is never seeded again, so a removed
 * name stays removed. Seeding twice at once writes the same items (fixed ids): harmless.
 *
 * A payer: `insurance` / `<id>` with `name`, `sort_key` (= ownedSortName([name], id): index
 * `bySort` lists payers in name order and answers a prefix search with begins_with), created_at,
 * updated_at. Its name is unique ignoring case and accents: a marker `insurance-name` / `<folded>`
 * written in the same transaction (409 otherwise). `meta` / `insurance` holds `total` (ADD +-1 in the
 * same transaction).
 */
import { randomUUID } from 'node:crypto';
import { BatchWriteCommand, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { INSURANCE_SUGGESTIONS, LIST_MESSAGES, type DoctorType, type InsuranceType } from '../../../shared';
import { textWords } from '../cpt_codes/repository';
import { ddb } from '../../lib/aws';
import { resendUnprocessed } from '../../lib/dynamo';
import { getEnv } from '../../lib/env';
import { ConflictError, NotFoundError, isConditionalCheckFailed } from '../../lib/errors';
import { PageKeySchema, decodeCursor, encodeCursor, queryPage, type PageKey } from '../../lib/paging';
import { LIST_PARTITIONS, foldListName, listKeys } from './keys';
import { ownedSortName } from '../keys';
import { TransactionConditionError, transactWrite } from '../../lib/transact';
import { parseItem, parseItems } from '../item';

const table = () => getEnv().LISTS_TABLE;

interface InsuranceItem {
  list: string;
  item_id: string;
  name: string;
  sort_key: string;
  created_at: string;
  updated_at: string;
}

/** The item schema of a payer (`insurance` / id). */
const InsuranceItemSchema = z.looseObject({
  list: z.string(),
  item_id: z.string().min(1),
  name: z.string(),
  sort_key: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
}) satisfies z.ZodType<InsuranceItem>;

/** The item schema of a NUCC taxonomy code (`nucc` / code, or a search item carrying the same fields). */
const NuccRowSchema = z.looseObject({
  list: z.string(),
  item_id: z.string().min(1),
  code: z.string().min(1),
  grouping: z.string().optional(),
  classification: z.string().optional(),
  specialization: z.string().optional(),
  display_name: z.string().optional(),
}) as unknown as z.ZodType<NuccRow>;

const LIST_KEY = ['list', 'item_id'] as const;

/** A new payer's item: its keys, name, sort key (folded name, then id) and both times `now`. */
function newInsuranceItem(id: string, name: string, now: string): InsuranceItem {
  return { ...listKeys.insurance(id), name, sort_key: ownedSortName([name], id), created_at: now, updated_at: now };
}

function toInsurance(item: InsuranceItem): InsuranceType {
  return { insurance_id: item.item_id, name: item.name, created_at: item.created_at, updated_at: item.updated_at };
}

/** Fixed id of a seeded payer: `seed-` and the folded name with dashes (e.g. `seed-blue-cross-blue-shield`). */
export function seedInsuranceId(name: string): string {
  return `seed-${foldListName(name)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}`;
}

let seeded = false;

/**
 * Write the spec's 20 payers when the list has never been seeded (no `meta` / `insurance` item).
 * Resolves with true when it wrote them. One GetItem when already seeded (cached per container).
 */
export async function ensureInsuranceSeeded(now: string = new Date().toISOString()): Promise<boolean> {
  if (seeded) return false;
  const meta = await ddb().send(new GetCommand({ TableName: table(), Key: listKeys.meta('insurance') }));
  if (meta.Item) {
    seeded = true;
    return false;
  }
  const requests = INSURANCE_SUGGESTIONS.flatMap((name) => {
    const id = seedInsuranceId(name);
    const item = newInsuranceItem(id, name, now);
    return [
      { PutRequest: { Item: { ...item } } },
      { PutRequest: { Item: { ...listKeys.insuranceName(name), insurance_id: id } } },
    ];
  });
  for (let i = 0; i < requests.length; i += 25) {
    const left = await resendUnprocessed(requests.slice(i, i + 25), async (pending) => {
      const out = await ddb().send(new BatchWriteCommand({ RequestItems: { [table()]: pending } }));
      return (out.UnprocessedItems?.[table()] ?? []) as typeof pending;
    });
    // No "seeded" mark over an incomplete list: a later call seeds again.
    if (left.length) throw new Error(`${left.length} insurance item(s) stayed unprocessed`);
  }
  try {
    await ddb().send(
      new PutCommand({
        TableName: table(),
        Item: { ...listKeys.meta('insurance'), total: INSURANCE_SUGGESTIONS.length, seeded_at: now },
        ConditionExpression: 'attribute_not_exists(#l)',
        ExpressionAttributeNames: { '#l': 'list' },
      }),
    );
  } catch (err) {
    if (!isConditionalCheckFailed(err)) throw err;
  }
  seeded = true;
  return true;
}

/** Forget the per-container "seeded" flag (tests that empty the table). */
export function resetInsuranceSeedCache(): void {
  seeded = false;
}

const BY_SORT = 'bySort';
const SORT_KEYS = ['list', 'item_id', 'sort_key'] as const;

/** Total of a list from its counter item (0 when absent). */
async function metaTotal(name: 'insurance' | 'nucc'): Promise<number> {
  const out = await ddb().send(new GetCommand({ TableName: table(), Key: listKeys.meta(name) }));
  return typeof out.Item?.total === 'number' ? Math.max(0, out.Item.total) : 0;
}

/**
 * One page of payers in name order; `search` = prefix of the folded name. `total` counts the whole
 * list, or the matches when searching (a COUNT Query over the matching index items).
 * @throws ValidationError (400) for a cursor of another list or search.
 */
export async function listInsurance(input: {
  search?: string;
  limit: number;
  cursor?: string;
}): Promise<{ insurance_types: InsuranceType[]; next_cursor?: string; total: number }> {
  await ensureInsuranceSeeded();
  const prefix = foldListName(input.search ?? '');
  const scope = `lists:insurance:${prefix}`;
  const startKey = decodeCursor(input.cursor, scope, PageKeySchema);
  const query = {
    TableName: table(),
    IndexName: BY_SORT,
    KeyConditionExpression: prefix ? '#l = :l AND begins_with(sort_key, :p)' : '#l = :l',
    ExpressionAttributeNames: { '#l': 'list' },
    ExpressionAttributeValues: { ':l': LIST_PARTITIONS.insurance, ...(prefix ? { ':p': prefix } : {}) },
  };
  const page = await queryPage(query, {
    limit: input.limit,
    startKey,
    keyNames: SORT_KEYS,
  });
  let total: number;
  if (prefix) {
    total = 0;
    let countStart: Record<string, unknown> | undefined;
    do {
      const out = await ddb().send(new QueryCommand({ ...query, Select: 'COUNT', ExclusiveStartKey: countStart }));
      total += out.Count ?? 0;
      countStart = out.LastEvaluatedKey;
    } while (countStart);
  } else {
    total = await metaTotal('insurance');
  }
  return {
    insurance_types: parseItems(InsuranceItemSchema, page.items, 'lists', LIST_KEY).map(toInsurance),
    ...(page.lastKey ? { next_cursor: encodeCursor(scope, page.lastKey) } : {}),
    total,
  };
}

async function getInsuranceItem(id: string): Promise<InsuranceItem> {
  const out = await ddb().send(new GetCommand({ TableName: table(), Key: listKeys.insurance(id) }));
  if (!out.Item) throw new NotFoundError(LIST_MESSAGES.insuranceNotFound);
  return parseItem(InsuranceItemSchema, out.Item, 'lists', LIST_KEY);
}

const exists = { ConditionExpression: 'attribute_exists(#l)', ExpressionAttributeNames: { '#l': 'list' } };
const absent = { ConditionExpression: 'attribute_not_exists(#l)', ExpressionAttributeNames: { '#l': 'list' } };

/** Add a payer. @throws ConflictError (409) when the name is taken (ignoring case and accents). */
export async function createInsurance(name: string, now = new Date().toISOString()): Promise<InsuranceType> {
  await ensureInsuranceSeeded();
  const id = randomUUID();
  const item = newInsuranceItem(id, name, now);
  try {
    await transactWrite([
      { Put: { TableName: table(), Item: { ...item }, ...absent } },
      { Put: { TableName: table(), Item: { ...listKeys.insuranceName(name), insurance_id: id }, ...absent } },
      {
        Update: {
          TableName: table(),
          Key: listKeys.meta('insurance'),
          UpdateExpression: 'ADD #t :one',
          ExpressionAttributeNames: { '#t': 'total' },
          ExpressionAttributeValues: { ':one': 1 },
        },
      },
    ]);
  } catch (err) {
    if (err instanceof TransactionConditionError) throw new ConflictError(LIST_MESSAGES.insuranceExists);
    throw err;
  }
  return toInsurance(item);
}

/**
 * Rename a payer. @throws NotFoundError (404) for an unknown id, ConflictError (409) when another
 * payer has the name (a change of case or accents of its own name is allowed).
 */
export async function renameInsurance(id: string, name: string, now = new Date().toISOString()) {
  await ensureInsuranceSeeded();
  const old = await getInsuranceItem(id);
  const updated: InsuranceItem = { ...old, name, sort_key: ownedSortName([name], id), updated_at: now };
  const sameMarker = foldListName(old.name) === foldListName(name);
  try {
    await transactWrite([
      {
        Put: {
          TableName: table(),
          Item: { ...updated },
          ConditionExpression: 'attribute_exists(#l) AND #n = :old',
          ExpressionAttributeNames: { '#l': 'list', '#n': 'name' },
          ExpressionAttributeValues: { ':old': old.name },
        },
      },
      ...(sameMarker
        ? []
        : [
            { Delete: { TableName: table(), Key: listKeys.insuranceName(old.name) } },
            {
              Put: { TableName: table(), Item: { ...listKeys.insuranceName(name), insurance_id: id }, ...absent },
            },
          ]),
    ]);
  } catch (err) {
    if (err instanceof TransactionConditionError) {
      if (err.failed.includes(0)) throw new NotFoundError(LIST_MESSAGES.insuranceNotFound);
      throw new ConflictError(LIST_MESSAGES.insuranceExists);
    }
    throw err;
  }
  return toInsurance(updated);
}

/** Remove a payer (cases that name it keep their text). @throws NotFoundError (404). */
export async function deleteInsurance(id: string): Promise<void> {
  await ensureInsuranceSeeded();
  const old = await getInsuranceItem(id);
  try {
    await transactWrite([
      { Delete: { TableName: table(), Key: listKeys.insurance(id), ...exists } },
      { Delete: { TableName: table(), Key: listKeys.insuranceName(old.name) } },
      {
        Update: {
          TableName: table(),
          Key: listKeys.meta('insurance'),
          UpdateExpression: 'ADD #t :minus',
          ExpressionAttributeNames: { '#t': 'total' },
          ExpressionAttributeValues: { ':minus': -1 },
        },
      },
    ]);
  } catch (err) {
    if (err instanceof TransactionConditionError) throw new NotFoundError(LIST_MESSAGES.insuranceNotFound);
    throw err;
  }
}

/* ------------------------------- doctor types ------------------------------- */

/** Most search items one doctor-type search reads (the whole taxonomy has about 900 codes). */
export const MAX_NUCC_SEARCH_READ = 5000;

interface NuccRow extends DoctorType {
  list: string;
  item_id: string;
}

function toDoctorType(item: NuccRow): DoctorType {
  return {
    code: item.code,
    grouping: item.grouping ?? '',
    classification: item.classification ?? '',
    specialization: item.specialization ?? '',
    ...(item.display_name ? { display_name: item.display_name } : {}),
  };
}

const AfterCodeSchema = z.object({ after: z.string().max(20) });

/**
 * One page of the NUCC taxonomy in code order.
 * - No search: Query of the `nucc` partition (paging.ts), total from `meta` / `nucc`.
 * - Search: the longest word is looked up in the search items (`nucc-term#<c>`, begins_with); every
 *   other word must start the code or a word of grouping, classification or specialization. Matches
 *   (at most {@link MAX_NUCC_SEARCH_READ} items read) are deduplicated by code and sorted; the cursor
 *   holds the last code answered. `total` = the number of matching codes.
 * @throws ValidationError (400) for a foreign cursor.
 */
export async function listDoctorTypes(input: {
  search?: string;
  limit: number;
  cursor?: string;
}): Promise<{ doctor_types: DoctorType[]; next_cursor?: string; total: number }> {
  const words = textWords(input.search ?? '');
  if (words.length === 0) {
    const scope = 'lists:nucc';
    const startKey = decodeCursor(input.cursor, scope, PageKeySchema);
    const page = await queryPage(
      {
        TableName: table(),
        KeyConditionExpression: '#l = :l',
        ExpressionAttributeNames: { '#l': 'list' },
        ExpressionAttributeValues: { ':l': LIST_PARTITIONS.nucc },
      },
      { limit: input.limit, startKey: startKey as PageKey | undefined, keyNames: ['list', 'item_id'] },
    );
    return {
      doctor_types: parseItems(NuccRowSchema, page.items, 'lists', LIST_KEY).map(toDoctorType),
      ...(page.lastKey ? { next_cursor: encodeCursor(scope, page.lastKey) } : {}),
      total: await metaTotal('nucc'),
    };
  }
  const scope = `lists:nucc-search:${words.join(' ')}`;
  const after = decodeCursor(input.cursor, scope, AfterCodeSchema)?.after;
  const longest = words.reduce((a, b) => (b.length > a.length ? b : a));
  const key = listKeys.nuccTerm(longest, '');
  const matches = new Map<string, NuccRow>();
  let startKey: Record<string, unknown> | undefined;
  let read = 0;
  do {
    const out = await ddb().send(
      new QueryCommand({
        TableName: table(),
        KeyConditionExpression: '#l = :l AND begins_with(item_id, :p)',
        ExpressionAttributeNames: { '#l': 'list' },
        ExpressionAttributeValues: { ':l': key.list, ':p': longest },
        ExclusiveStartKey: startKey,
        Limit: MAX_NUCC_SEARCH_READ - read,
      }),
    );
    read += out.Items?.length ?? 0;
    for (const item of parseItems(NuccRowSchema, out.Items, 'lists', LIST_KEY)) {
      if (matches.has(item.code)) continue;
      const tokens = [
        item.code.toLowerCase(),
        ...textWords(`${item.grouping} ${item.classification} ${item.specialization}`),
      ];
      if (words.every((w) => tokens.some((t) => t.startsWith(w)))) matches.set(item.code, item);
    }
    startKey = out.LastEvaluatedKey;
  } while (startKey && read < MAX_NUCC_SEARCH_READ);
  const sorted = [...matches.values()].sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
  const from = after === undefined ? 0 : sorted.findIndex((m) => m.code > after);
  const rest = from < 0 ? [] : sorted.slice(from);
  const page = rest.slice(0, input.limit);
  const last = page[page.length - 1];
  return {
    doctor_types: page.map(toDoctorType),
    ...(rest.length > input.limit && last ? { next_cursor: encodeCursor(scope, { after: last.code }) } : {}),
    total: sorted.length,
  };
}
