/**
 * POST /case/bulk (docs/decisions/0025-bulk-and-undo.md): one request that moves the status, or
 * sets the pay amount, of up to {@link MAX_BULK_ITEMS} cases, each item applied on its own with the
 * rules of the single calls (PUT and PATCH /case). The body's shape is checked here; each item's
 * values are checked by the single call's schema, so a bad value fails that item (400), not the
 * request.
 */
import * as z from 'zod';
import { TEXT_LIMITS, tooLongMessage } from '../constants';

/** Most items one request takes. */
export const MAX_BULK_ITEMS = 100;

export const BULK_ACTIONS = ['status', 'pay_amount'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

export const BULK_MESSAGES = {
  action: "action must be 'status' or 'pay_amount'",
  items: `items must be a list of 1 to ${MAX_BULK_ITEMS} cases`,
  duplicate: 'Each case may appear only once in items',
  caseId: 'case_id is required for each item',
  /** An item without the field its action sets. */
  missing: (field: string) => `${field} is required for this action`,
  /** An item with the field of the other action. */
  foreign: (field: string, action: BulkAction) => `${field} is not taken by action '${action}'`,
} as const;

/**
 * One item as sent. Values are typed loosely on purpose: `case_status`, `reason`, `pay_amount` and
 * `version` are read by PATCH /case's schema for that item alone.
 */
export const BulkItemSchema = z.object({
  case_id: z
    .string({ error: BULK_MESSAGES.caseId })
    .trim()
    .min(1, BULK_MESSAGES.caseId)
    .max(TEXT_LIMITS.id, tooLongMessage('case_id', TEXT_LIMITS.id)),
  case_status: z
    .union([z.number(), z.string()])
    .optional()
    .meta({ description: "Action 'status': the status to move to (0, 10 ... 90)." }),
  reason: z
    .union([z.string(), z.null()])
    .optional()
    .meta({ description: "Action 'status': why; required (non-blank) for a move to a lower status code." }),
  pay_amount: z
    .union([z.number(), z.string(), z.null()])
    .optional()
    .meta({ description: "Action 'pay_amount': dollars with at most 2 decimals; null removes it." }),
  version: z.union([z.number(), z.string()]).optional().meta({
    description:
      'The version of the case last read (optimistic lock): another version answers this item 409 and writes nothing, so a retried request never repeats a change.',
  }),
});
export type BulkItem = z.infer<typeof BulkItemSchema>;

/** The body of POST /case/bulk. */
export const CaseBulkBodySchema = z
  .object({
    action: z.enum(BULK_ACTIONS, { error: BULK_MESSAGES.action }),
    items: z
      .array(BulkItemSchema, { error: BULK_MESSAGES.items })
      .min(1, BULK_MESSAGES.items)
      .max(MAX_BULK_ITEMS, BULK_MESSAGES.items),
  })
  .superRefine((body, ctx) => {
    const seen = new Set<string>();
    body.items.forEach((item, i) => {
      if (seen.has(item.case_id))
        ctx.addIssue({ code: 'custom', path: ['items', i, 'case_id'], message: BULK_MESSAGES.duplicate });
      seen.add(item.case_id);
    });
  });
export type CaseBulkBody = z.infer<typeof CaseBulkBodySchema>;

/** The outcome of one item: `status` is the HTTP status the single call would have answered. */
export const BulkResultSchema = z.object({
  case_id: z.string(),
  ok: z.boolean(),
  status: z.number().int(),
  message: z.string().optional(),
});
export type BulkResult = z.infer<typeof BulkResultSchema>;

/** The answer of POST /case/bulk: one result per item, in the order sent. */
export const CaseBulkAnswerSchema = z.object({ results: z.array(BulkResultSchema) });
export type CaseBulkAnswer = z.infer<typeof CaseBulkAnswerSchema>;
