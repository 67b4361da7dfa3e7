/**
 * The answer of GET /audit (decision record 0005; the user Lambda, and the export job page by page):
 * the audit trail for user_type 100 or more (else 403
 * 'Insufficient permissions'), newest first, paged like every list (lambdas/lib/paging.ts).
 *
 * Query parameters (all optional): `user_id`, `case_id`, `action` (route key, e.g. `GET /case`),
 * `from`, `to` (ISO dates `YYYY-MM-DD`, whole UTC days, or ISO date-times; `from` after `to` -> 400),
 * `limit` (default 25, at most 100), `cursor`.
 * Answer: `{ entries: [...], next_cursor? }` (shared/schemas/audit.ts `AuditPageSchema`).
 *
 * Every read is a Query of the audit table (lambdas/lib/tables.ts AUDIT_TABLE), never a Scan:
 * - `case_id` -> index `byCase`, else `user_id` -> `byUser`, each with `at_id` between the range's
 *   bounds; the other filters given are a FilterExpression;
 * - `action` alone -> index `byAction`, one Query per write shard (AUDIT_SHARDS), merged newest first
 *   (lambdas/lib/paging.ts `queryShardsNewestFirst`);
 * - no filter but dates -> the day partitions, from `to` (default today) back to `from` (default
 *   {@link DEFAULT_RANGE_DAYS} days before `to`), each day's shards queried in parallel and merged,
 *   at most {@link MAX_DAYS_PER_PAGE} days per request (a page may then be short and still carry a
 *   `next_cursor`).
 * A merged page's cursor holds the `at_id` of its last entry (unique: it ends with the request id).
 */
import * as z from 'zod';
import { API_MESSAGES, USER_TYPE } from '../../../shared';
import type { AuditEntryView } from '../../../shared';
import { callerUserType } from '../../lib/auth';
import { getEnv } from '../../lib/env';
import { ForbiddenError, ValidationError } from '../../lib/errors';
import { queryParam, type ApiEvent } from '../../lib/http';
import {
  MAX_CURSOR_LENGTH,
  PageKeySchema,
  decodeCursor,
  encodeCursor,
  parseLimit,
  queryPage,
  queryShardsNewestFirst,
  type MergedPage,
} from '../../lib/paging';
import { parseAuditItems, toAuditView } from './entries';
import { caseSummaries } from '../case/summaries';
import { userContacts } from '../user/owners';
import { AUDIT_SHARDS, AUDIT_TABLE, auditActionPartition, auditDayPartition } from './keys';

/** Days read back from `to` when only the day partitions can answer and no `from` is given. */
export const DEFAULT_RANGE_DAYS = 30;
/** Day partitions one request reads at most. */
export const MAX_DAYS_PER_PAGE = 31;

const DATE_MESSAGE = (field: string) => `${field} must be an ISO date (YYYY-MM-DD) or date-time`;
const DAY_MS = 24 * 3600 * 1000;

/** `from` / `to` as an ISO time bound; a date alone is the start (from) or end (to) of that UTC day. */
function parseBound(field: 'from' | 'to', raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  if (/^\d{4}-\d{2}-\d{2}$/.test(raw)) {
    const t = Date.parse(`${raw}T00:00:00.000Z`);
    if (Number.isNaN(t) || new Date(t).toISOString().slice(0, 10) !== raw) {
      throw new ValidationError([{ field, message: DATE_MESSAGE(field) }]);
    }
    return field === 'from' ? `${raw}T00:00:00.000Z` : `${raw}T23:59:59.999Z`;
  }
  const t = /^\d{4}-\d{2}-\d{2}T/.test(raw) ? Date.parse(raw) : NaN;
  if (Number.isNaN(t)) throw new ValidationError([{ field, message: DATE_MESSAGE(field) }]);
  return new Date(t).toISOString();
}

const CursorStateSchema = z.object({
  day: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
  key: PageKeySchema.optional(),
  /** `at_id` of the last entry of a merged page (exclusive bound of the next). */
  before: z.string().min(1).max(512).optional(),
});
type CursorState = z.infer<typeof CursorStateSchema>;

/**
 * Stored items -> the API's entries (lambdas/data/audit/entries.ts), an entry about one case with
 * that case's number and every entry with its caller's name and email, so that a privacy officer
 * reads people, not ids (two batched reads, cases and users, each at most a page of ids).
 */
async function toViews(items: readonly unknown[]): Promise<AuditEntryView[]> {
  const parsed = parseAuditItems(items);
  const [cases, people] = await Promise.all([
    caseSummaries(
      parsed.flatMap((item) => (item.case_id ? [item.case_id] : [])),
      { includeDeleted: true },
    ),
    userContacts(
      parsed.flatMap((item) => [
        ...(item.user_id ? [item.user_id] : []),
        ...(item.recipient_id ? [item.recipient_id] : []),
      ]),
    ),
  ]);
  const numbers = new Map([...cases.values()].flatMap((c) => (c.case_number ? [[c.case_id, c.case_number]] : [])));
  return parsed.map((item) => toAuditView(item, numbers, people));
}

const previousDay = (day: string) => new Date(Date.parse(`${day}T00:00:00.000Z`) - DAY_MS).toISOString().slice(0, 10);

/** The answer of GET /audit (see the module doc): one page of entries (also read page by page by the export job). */
export async function auditAnswer(event: ApiEvent): Promise<{ entries: AuditEntryView[]; next_cursor?: string }> {
  if ((await callerUserType(event)) < USER_TYPE.GLOBAL_ADMIN) {
    throw new ForbiddenError(API_MESSAGES.insufficientPermissions);
  }
  const filters = {
    case_id: queryParam(event, 'case_id'),
    user_id: queryParam(event, 'user_id'),
    action: queryParam(event, 'action'),
  };
  const limit = parseLimit(queryParam(event, 'limit'));
  const rawFrom = queryParam(event, 'from', 40);
  const rawTo = queryParam(event, 'to', 40);
  const toAt = parseBound('to', rawTo) ?? new Date().toISOString();
  const indexed = filters.case_id ?? filters.user_id ?? filters.action;
  const fromAt =
    parseBound('from', rawFrom) ??
    (indexed ? '0000' : new Date(Date.parse(toAt) - DEFAULT_RANGE_DAYS * DAY_MS).toISOString().slice(0, 10));
  if (fromAt > toAt) throw new ValidationError([{ field: 'from', message: 'from must not be after to' }]);
  // The filters as sent (not the defaults, which move with the clock between two pages).
  const scope = `audit:${JSON.stringify([filters, rawFrom ?? '', rawTo ?? ''])}`;
  const state = decodeCursor(queryParam(event, 'cursor', MAX_CURSOR_LENGTH), scope, CursorStateSchema) ?? {};

  const table = getEnv().AUDIT_TABLE;
  const names: Record<string, string> = { '#at': 'at_id' };
  const values: Record<string, string> = { ':lo': fromAt, ':hi': `${toAt}\uffff` };
  const filterParts: string[] = [];
  for (const [name, value] of Object.entries(filters)) {
    if (value === undefined) continue;
    names[`#${name}`] = name;
    values[`:${name}`] = value;
  }

  const hi = (before: string | undefined) =>
    before !== undefined && before < values[':hi']! ? before : values[':hi']!;
  const merged = (page: MergedPage<Record<string, unknown>>, day?: string) =>
    page.more
      ? encodeCursor(scope, { ...(day ? { day } : {}), before: page.items[page.items.length - 1]!.at_id as string })
      : undefined;

  if (filters.case_id ?? filters.user_id) {
    const [indexName, keyName] = filters.case_id ? ['byCase', 'case_id'] : ['byUser', 'user_id'];
    for (const name of Object.keys(filters) as (keyof typeof filters)[]) {
      if (name !== keyName && filters[name] !== undefined) filterParts.push(`#${name} = :${name}`);
    }
    const page = await queryPage(
      {
        TableName: table,
        IndexName: indexName,
        KeyConditionExpression: `#${keyName} = :${keyName} AND #at BETWEEN :lo AND :hi`,
        ...(filterParts.length ? { FilterExpression: filterParts.join(' AND ') } : {}),
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
        ScanIndexForward: false,
      },
      { limit, startKey: state.key, keyNames: [AUDIT_TABLE.partitionKey.name, 'at_id', keyName] },
    );
    return {
      entries: await toViews(page.items),
      ...(page.lastKey ? { next_cursor: encodeCursor(scope, { key: page.lastKey } satisfies CursorState) } : {}),
    };
  }

  if (filters.action !== undefined) {
    const action = filters.action;
    const page = await queryShardsNewestFirst(
      Array.from({ length: AUDIT_SHARDS }, (_, shard) => ({
        TableName: table,
        IndexName: 'byAction',
        KeyConditionExpression: '#shard = :shard AND #at BETWEEN :lo AND :hi',
        ExpressionAttributeNames: { '#shard': 'action_shard', '#at': 'at_id' },
        ExpressionAttributeValues: {
          ':shard': auditActionPartition(action, shard),
          ':lo': values[':lo'],
          ':hi': hi(state.before),
        },
        ScanIndexForward: false,
      })),
      { limit, sortKey: 'at_id', before: state.before },
    );
    const next = merged(page);
    return { entries: await toViews(page.items), ...(next ? { next_cursor: next } : {}) };
  }

  // No indexed filter: the day partitions (each day's shards merged), newest day first.
  const firstDay = fromAt.slice(0, 10);
  let day = state.day ?? toAt.slice(0, 10);
  let before = state.before;
  const items: Record<string, unknown>[] = [];
  for (let walked = 0; ; walked += 1) {
    if (day < firstDay) return { entries: await toViews(items) };
    if (walked >= MAX_DAYS_PER_PAGE) {
      return { entries: await toViews(items), next_cursor: encodeCursor(scope, { day } satisfies CursorState) };
    }
    const page = await queryShardsNewestFirst(
      Array.from({ length: AUDIT_SHARDS }, (_, shard) => ({
        TableName: table,
        KeyConditionExpression: '#day = :day AND #at BETWEEN :lo AND :hi',
        ExpressionAttributeNames: { '#day': 'day', '#at': 'at_id' },
        ExpressionAttributeValues: { ':day': auditDayPartition(day, shard), ':lo': values[':lo'], ':hi': hi(before) },
        ScanIndexForward: false,
      })),
      { limit: limit - items.length, sortKey: 'at_id', before },
    );
    items.push(...page.items);
    const next = merged(page, day);
    // `more` means this page is full: resume inside this day, after its last entry.
    if (next) return { entries: await toViews(items), next_cursor: next };
    before = undefined;
    day = previousDay(day);
    if (items.length >= limit) {
      // Full page at a day's end: the next page starts with the previous day (when in range).
      return {
        entries: await toViews(items),
        ...(day >= firstDay ? { next_cursor: encodeCursor(scope, { day } satisfies CursorState) } : {}),
      };
    }
  }
}
