/**
 * The provider payment report's calls (spec back-office-and-shell
 * sections 2 "Reports", 3, 8 "Reports" and 9): request and response schemas that the Lambda and the
 * SPA share, and the spec's messages.
 *
 * - `GET /report/permission` -> {@link ReportPermissionSchema} `{ userType, hasReportingAccess, error }`
 *   (200 for every signed-in user; `error` null with access, else {@link REPORT_MESSAGES.requiresUserType}).
 * - `POST /report/provider-payment` {@link ProviderPaymentBodySchema} `{ user_id?, time_zone? }` ->
 *   200 `application/pdf` with `Content-Disposition: attachment; filename="..."`; user_type below 50:
 *   403 {@link REPORT_MESSAGES.requiresUserType}; nothing in status Paid (20): 404
 *   {@link REPORT_MESSAGES.notFound}; too many cases for one file: 413 (see lambdas/report/handler.ts).
 *   A blank or absent `user_id` means every provider (departure from the spec).
 *   `time_zone` (IANA name, e.g. `America/Chicago`; default UTC) is the zone of "Generated at".
 * - `GET /report/history` -> `ReportHistoryResponseSchema` (./report-history.ts) `{ reports: [...] }`: the caller's 10
 *   most recent reports, newest first, each naming its provider (user_type 50 or more, else 403).
 * - `GET /report/download?id=` -> `ReportDownloadAnswerSchema` (./report-history.ts) `{ url, filename,
 *   expires_in }`: a presigned link to one of the caller's kept reports; 404
 *   {@link REPORT_MESSAGES.reportNotFound} for any other id.
 */
import * as z from 'zod';
import { TEXT_LIMITS } from '../constants';

/** The spec's messages (back-office-and-shell section 8 "Reports"), said once. */
export const REPORT_MESSAGES = {
  notFound: "Sorry, we can't find any cases in pending payment status.",
  accessDenied: 'Access denied: You do not have permission to generate reports.',
  authentication: 'Authentication failed. Please sign in again.',
  network: 'Network error. Please check your connection and try again.',
  timeout: 'Request timed out. Please try again.',
  failed: 'Failed to generate report',
  requiresUserType: 'Access denied: Reporting functionality requires user_type >= 50',
  unableToVerify: 'Unable to verify reporting access permissions',
  /** Beyond the spec: a history entry whose file is not kept (an error, an older report, not the caller's). */
  reportNotFound: 'This report is not available for download.',
  /** Beyond the spec: the report would not fit in one API answer (413). */
  tooLarge: (cases: number, max: number) =>
    `This report holds ${cases.toLocaleString('en-US')} cases, more than the ${max.toLocaleString('en-US')} one file can hold. Choose one provider to make it smaller.`,
} as const;

/** The one report type built (the spec names only the provider payment report). */
export const PROVIDER_PAYMENT_REPORT = 'provider-payment';

/** Report history entries listed (spec section 9: "Report history keeps 10 entries"). */
export const REPORT_HISTORY_LIMIT = 10;

/** The answer of GET /report/permission (spec section 3 "Permission info"). */
export const ReportPermissionSchema = z.object({
  userType: z.number(),
  hasReportingAccess: z.boolean(),
  error: z.string().nullable(),
});
export type ReportPermission = z.infer<typeof ReportPermissionSchema>;

/** true when `name` is a time zone this runtime knows (IANA names, e.g. `America/New_York`). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const TIME_ZONE_MESSAGE = 'time_zone must be a time zone name such as America/New_York';

/** Body of POST /report/provider-payment. `user_id` blank or absent: every provider. */
export const ProviderPaymentBodySchema = z.object({
  user_id: z
    .string({ error: 'user_id must be text' })
    .trim()
    .max(TEXT_LIMITS.id, `user_id must be at most ${TEXT_LIMITS.id} characters`)
    .nullish()
    .transform((v) => (v ? v : undefined)),
  time_zone: z
    .string({ error: TIME_ZONE_MESSAGE })
    .trim()
    .max(64, TIME_ZONE_MESSAGE)
    .refine((v) => v === '' || isTimeZone(v), TIME_ZONE_MESSAGE)
    .nullish()
    .transform((v) => (v ? v : undefined)),
});
export type ProviderPaymentBody = z.input<typeof ProviderPaymentBodySchema>;

// The history's answer schemas are in ./report-history.ts: the SPA's shared error texts read this
// module, and every schema here ships with them on each page.
export * from './report-history';
