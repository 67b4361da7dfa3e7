/**
 * Reading the audit trail: the item schema of an entry as stored (written by
 * lambdas/lib/audit-writer.ts, keys in ./keys.ts) and its mapping to the API's entry
 * (shared/schemas/audit.ts). Entries are never updated, so they carry no version.
 */
import * as z from 'zod';
import type { AuditEntryView } from '../../../shared';
import { parseItems } from '../item';

/**
 * The item schema of an audit entry. Only the keys are required: the attributes an older entry may
 * lack (or an anonymous one: `user_id`, `user_type`) answer as '' / null / 0 ({@link toAuditView}).
 */
export const AuditItemSchema = z.looseObject({
  day: z.string(),
  at_id: z.string(),
  at: z.string().optional(),
  user_id: z.string().optional(),
  user_type: z.number().optional(),
  username: z.string().optional(),
  action: z.string().optional(),
  status: z.number().optional(),
  resource_type: z.string().optional(),
  resource_ids: z.array(z.union([z.string(), z.number()])).optional(),
  case_id: z.string().optional(),
  case_status: z.number().optional(),
  recipient_id: z.string().optional(),
  template: z.string().optional(),
  message_id: z.string().optional(),
  outcome: z.string().optional(),
  request_id: z.string().optional(),
  source_ip: z.string().optional(),
  user_agent: z.string().optional(),
});
export type AuditItem = z.infer<typeof AuditItemSchema>;

/** Items of a Query of the audit table or one of its indexes, parsed (a malformed one is a 500). */
export function parseAuditItems(items: readonly unknown[] | undefined): AuditItem[] {
  return parseItems(AuditItemSchema, items, 'audit', ['day', 'at_id']);
}

/** Who a user id is, as the audit screen shows it (lambdas/data/user/owners.ts `userContacts`). */
export interface AuditPerson {
  name: string;
  email: string;
}

/**
 * A stored entry as the API answers it (absent attributes as '' / null / 0); an entry about one
 * case carries its `case_id` and its number from `caseNumbers` (case id -> number, null when unknown);
 * the caller's name and email come from `people` (user id -> person; null when unknown), and so does
 * the recipient's name of an email sent.
 */
export function toAuditView(
  item: AuditItem,
  caseNumbers: ReadonlyMap<string, string> = new Map(),
  people: ReadonlyMap<string, AuditPerson> = new Map(),
): AuditEntryView {
  const person = item.user_id ? people.get(item.user_id) : undefined;
  return {
    at: item.at ?? '',
    user_id: item.user_id ?? '',
    user_type: item.user_type ?? null,
    username: item.username ?? '',
    user_name: person?.name || null,
    user_email: person?.email || null,
    action: item.action ?? '',
    status: item.status ?? 0,
    resource_type: item.resource_type ?? '',
    resource_ids: (item.resource_ids ?? []).map(String),
    outcome: item.outcome === 'allowed' || item.outcome === 'denied' ? item.outcome : 'failed',
    request_id: item.request_id ?? '',
    source_ip: item.source_ip ?? '',
    user_agent: item.user_agent ?? '',
    ...(item.case_id ? { case_id: item.case_id, case_number: caseNumbers.get(item.case_id) ?? null } : {}),
    ...(Number.isInteger(item.case_status) ? { case_status: item.case_status } : {}),
    ...(item.recipient_id
      ? {
          recipient_id: item.recipient_id,
          recipient_name: people.get(item.recipient_id)?.name || null,
          template: item.template ?? '',
          message_id: item.message_id ?? '',
        }
      : {}),
  };
}
