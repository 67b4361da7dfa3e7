/**
 * What another entity's list shows of its cases (the dispute queue: case number, patient last
 * name, status, owner; the audit trail: case number): one BatchGetItem per 100 ids on the cases
 * table, projected; and an owner's recently used procedure codes (the CPT suggestions). Soft-deleted cases are left out, as from every list (decision record 0006),
 * unless asked for.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { ddb } from '../../lib/aws';
import { batchGetAll } from '../../lib/dynamo';
import { getEnv } from '../../lib/env';
import { parseItems } from '../item';

/** A case as a list row of another entity needs it. */
export interface CaseSummary {
  case_id: string;
  /** "C-000123"; null while the case has none (docs/decisions/0022-case-numbers.md). */
  case_number: string | null;
  user_id: string;
  patient_last: string;
  case_status: number;
}

const SummarySchema = z.looseObject({
  case_id: z.string().min(1),
  case_number: z.string().optional(),
  user_id: z.string().min(1),
  patient_last: z.string().default(''),
  case_status: z.number().int(),
  deleted_at: z.string().optional(),
});

/**
 * case id -> its summary, for the live cases among `caseIds` (unknown ones absent; deleted ones too,
 * unless `includeDeleted`).
 */
export async function caseSummaries(
  caseIds: Iterable<string>,
  options: { includeDeleted?: boolean } = {},
): Promise<Map<string, CaseSummary>> {
  const unique = [...new Set(caseIds)].filter((id) => id !== '');
  if (unique.length === 0) return new Map();
  const { items } = await batchGetAll(ddb(), {
    table: getEnv().CASES_TABLE,
    schema: SummarySchema,
    keyNames: ['case_id'],
    keys: unique.map((case_id) => ({ case_id })),
    projection: {
      expression: '#c, #n, #u, #l, #s, #d',
      names: {
        '#c': 'case_id',
        '#n': 'case_number',
        '#u': 'user_id',
        '#l': 'patient_last',
        '#s': 'case_status',
        '#d': 'deleted_at',
      },
    },
  });
  return new Map(
    items
      .filter((c) => options.includeDeleted || c.deleted_at === undefined)
      .map((c) => [
        c.case_id,
        {
          case_id: c.case_id,
          case_number: c.case_number ?? null,
          user_id: c.user_id,
          patient_last: c.patient_last,
          case_status: c.case_status,
        },
      ]),
  );
}

/** How many of an owner's newest cases give its recently used procedure codes. */
export const RECENT_CASES = 10;

const RecentCodesSchema = z.looseObject({
  case_id: z.string().min(1),
  procedure_codes: z.array(z.string()).default([]),
  deleted_at: z.string().optional(),
});

/**
 * The procedure codes of an owner's newest live cases (at most {@link RECENT_CASES} cases read: one
 * Query on `byUser`, newest first, projected), distinct, most recent first. The CPT suggestions put
 * these first (docs/decisions/0026-search-and-registry-details.md).
 */
export async function recentProcedureCodes(ownerId: string): Promise<string[]> {
  const out = await ddb().send(
    new QueryCommand({
      TableName: getEnv().CASES_TABLE,
      IndexName: 'byUser',
      KeyConditionExpression: '#u = :u',
      ExpressionAttributeNames: { '#u': 'user_id', '#c': 'case_id', '#p': 'procedure_codes', '#d': 'deleted_at' },
      ExpressionAttributeValues: { ':u': ownerId },
      ProjectionExpression: '#c, #p, #d',
      ScanIndexForward: false,
      Limit: RECENT_CASES,
    }),
  );
  const codes = parseItems(RecentCodesSchema, out.Items, 'cases', ['case_id'])
    .filter((c) => c.deleted_at === undefined)
    .flatMap((c) => c.procedure_codes.map((code) => code.trim().toUpperCase()));
  return [...new Set(codes.filter((code) => code !== ''))];
}

const StatusChangeSchema = z.looseObject({
  case_id: z.string().min(1),
  case_number: z.string().optional(),
  case_status: z.number().int(),
  ins_provider: z.string().default(''),
  sort_changed: z.string(),
  deleted_at: z.string().optional(),
});

/** A case of an owner whose status changed, as the weekly summary lists it (no patient field). */
export interface StatusChange {
  case_id: string;
  case_number: string | null;
  case_status: number;
  /** The payer (`ins_provider`). */
  payer: string;
  /** ISO time of the last status change. */
  changed_at: string;
}

/**
 * An owner's live cases whose last status change is at or after `since` (ISO UTC), newest first:
 * one Query of `byUserChanged`, projected, at most `limit` (`more` when others remain).
 */
export async function recentStatusChanges(
  ownerId: string,
  since: string,
  limit: number,
): Promise<{ items: StatusChange[]; more: boolean }> {
  const out = await ddb().send(
    new QueryCommand({
      TableName: getEnv().CASES_TABLE,
      IndexName: 'byUserChanged',
      KeyConditionExpression: '#u = :u AND #s >= :since',
      ExpressionAttributeNames: {
        '#u': 'user_id',
        '#s': 'sort_changed',
        '#c': 'case_id',
        '#n': 'case_number',
        '#st': 'case_status',
        '#i': 'ins_provider',
        '#d': 'deleted_at',
      },
      ExpressionAttributeValues: { ':u': ownerId, ':since': since },
      ProjectionExpression: '#c, #n, #st, #i, #s, #d',
      ScanIndexForward: false,
      Limit: limit + 1,
    }),
  );
  const items = parseItems(StatusChangeSchema, out.Items, 'cases', ['case_id'])
    .filter((c) => c.deleted_at === undefined)
    .map((c) => ({
      case_id: c.case_id,
      case_number: c.case_number ?? null,
      case_status: c.case_status,
      payer: c.ins_provider,
      changed_at: c.sort_changed,
    }));
  return { items: items.slice(0, limit), more: items.length > limit || out.LastEvaluatedKey !== undefined };
}
