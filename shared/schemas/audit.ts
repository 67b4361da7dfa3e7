/**
 * The audit trail's answer: `GET /audit` for user_type 100 or more
 * (lambdas/data/audit/trail.ts), parsed by the back office's audit screen.
 */
import * as z from 'zod';

/** Outcome of an audited request: allowed (< 400), denied (401, 403, 404 of another's item), failed. */
export const AUDIT_OUTCOMES = ['allowed', 'denied', 'failed'] as const;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];

/** One entry as the API answers it (never PHI: ids and request metadata only). */
export const AuditEntrySchema = z.object({
  /** ISO UTC time of the answer. */
  at: z.string(),
  /** Cognito sub of the caller; '' for an anonymous request (a 401). */
  user_id: z.string(),
  /** The caller's user_type when the request loaded it, else null. */
  user_type: z.number().nullable(),
  /** Cognito username, '' when the token carried none. */
  username: z.string(),
  /** The caller's name and email from their profile now (null: anonymous, system or no profile). */
  user_name: z.string().nullable().optional(),
  user_email: z.string().nullable().optional(),
  /** Route key, e.g. `GET /case`. */
  action: z.string(),
  /** HTTP status answered. */
  status: z.number(),
  /** 'case', 'document', 'user', ... or '' when the handler declared nothing. */
  resource_type: z.string(),
  resource_ids: z.array(z.string()),
  /** The one case the entry concerns, when it names exactly one (else absent). */
  case_id: z.string().optional(),
  /** That case's number ("C-000123"; null when it has none or is gone). */
  case_number: z.string().nullable().optional(),
  /** The status a status change asked for (entries written since the trail recorded it). */
  case_status: z.number().int().optional(),
  /** An email sent to a user (`email.sent`): the recipient's user id and name now, the template, SES's message id. */
  recipient_id: z.string().optional(),
  recipient_name: z.string().nullable().optional(),
  template: z.string().optional(),
  message_id: z.string().optional(),
  outcome: z.enum(AUDIT_OUTCOMES),
  request_id: z.string(),
  source_ip: z.string(),
  user_agent: z.string(),
});
export type AuditEntryView = z.infer<typeof AuditEntrySchema>;

export const AuditPageSchema = z.object({
  entries: z.array(AuditEntrySchema),
  next_cursor: z.string().optional(),
});
export type AuditPage = z.infer<typeof AuditPageSchema>;
