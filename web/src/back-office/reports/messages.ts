/**
 * The Reports page's error texts by cause (spec back-office-and-shell section 8 "Reports", in the
 * spec's order): not found / 404 / no data; access denied / 403 / forbidden; authentication / 401 /
 * unauthorized; network / fetch / connection; timeout; otherwise the message, or "Failed to generate
 * report".
 */
import { REPORT_MESSAGES } from '../../../../shared/schemas/report';

/** The message shown for a failed report call (`status`: HTTP status when known, 0 for network). */
export function reportErrorMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  const status = (error as { status?: unknown } | null)?.status;
  const text = message.toLowerCase();
  // Status numbers in the text count only when the error carries no status (a 413 message may
  // hold "21,404 cases").
  const code = (n: number) => status === n || (typeof status !== 'number' && new RegExp(`\\b${n}\\b`).test(text));
  if (code(404) || /not found|no data|pending payment status/.test(text)) return REPORT_MESSAGES.notFound;
  if (code(403) || /access denied|forbidden/.test(text)) return REPORT_MESSAGES.accessDenied;
  if (code(401) || /authentication|unauthorized/.test(text)) return REPORT_MESSAGES.authentication;
  if (status === 0 || /network|fetch|connection/.test(text)) return REPORT_MESSAGES.network;
  if (status === 504 || /timeout|timed out/.test(text)) return REPORT_MESSAGES.timeout;
  return message || REPORT_MESSAGES.failed;
}
