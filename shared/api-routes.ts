/**
 * The API route table, declared once (spec provider-side section 7): every
 * method/path pair, the resource (Lambda) that answers it and whether it needs a Cognito token.
 *
 * In shared/ so that both sides read the same table: the CDK API construct (`infra/api.ts`: one
 * NodejsFunction per resource, HTTP API routes with or without the Cognito JWT authorizer), the local
 * gateway (`local/gateway.ts`), each Lambda's router (`@middy/http-router`, lambdas/lib/middleware.ts)
 * and the back office's audit filter, whose actions are these route keys (web/src/back-office/audit).
 * The Lambdas' grants and sizing stay in lambdas/routes.ts, which re-exports this table.
 * Paths are relative to the API base (on AWS the HTTP API URL; locally `/api`). What each route takes
 * and answers: ./api-contract.ts (the generated description, docs/api.md).
 */

import { EMAIL_SENT_AUDIT_ACTION } from './schemas/reminders';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export const RESOURCES = [
  'case',
  'user',
  'surgeon',
  'facility',
  'cpt_codes',
  'check_npi',
  'document',
  'lists',
  'report',
  'dispute',
  'support',
  'reminders',
  'export',
] as const;
export type Resource = (typeof RESOURCES)[number];

export interface RouteDef {
  method: HttpMethod;
  path: string;
  resource: Resource;
  /** true: a valid Cognito token is required (JWT authorizer on AWS, local gateway check). */
  auth: boolean;
}

export const ROUTES = [
  { method: 'GET', path: '/case/health', resource: 'case', auth: false },
  // The measured System Status: one GetItem, no token (lambdas/case/health.ts).
  { method: 'GET', path: '/health', resource: 'case', auth: false },
  { method: 'GET', path: '/case/filter', resource: 'case', auth: true },
  { method: 'GET', path: '/case/stats', resource: 'case', auth: true },
  // Charts of the back office's analytics, from counters (docs/decisions/0028-analytics-counters.md).
  { method: 'GET', path: '/case/analytics', resource: 'case', auth: true },
  // Soft-deleted cases (docs/decisions/0006-soft-delete-and-30-day-purge.md): list and restore, user_type 100 or more.
  { method: 'GET', path: '/case/deleted', resource: 'case', auth: true },
  { method: 'POST', path: '/case/restore', resource: 'case', auth: true },
  // Notes on a case between the practice and the back office (docs/decisions/0023-case-notes.md).
  { method: 'GET', path: '/case/notes', resource: 'case', auth: true },
  { method: 'POST', path: '/case/notes', resource: 'case', auth: true },
  // Many status moves or pay amounts at once, each applied alone (docs/decisions/0025-bulk-and-undo.md).
  { method: 'POST', path: '/case/bulk', resource: 'case', auth: true },
  { method: 'GET', path: '/case', resource: 'case', auth: true },
  { method: 'POST', path: '/case', resource: 'case', auth: true },
  { method: 'PATCH', path: '/case', resource: 'case', auth: true },
  { method: 'PUT', path: '/case', resource: 'case', auth: true },
  { method: 'DELETE', path: '/case', resource: 'case', auth: true },

  { method: 'GET', path: '/user/list', resource: 'user', auth: true },
  { method: 'POST', path: '/user/invite', resource: 'user', auth: true },
  // Invitations not accepted yet (beyond the spec): lambdas/user/accounts.ts.
  { method: 'GET', path: '/user/invitations', resource: 'user', auth: true },
  { method: 'GET', path: '/user', resource: 'user', auth: true },
  // The audit trail, user_type 100 or more: lambdas/data/audit/trail.ts.
  { method: 'GET', path: '/audit', resource: 'user', auth: true },
  { method: 'POST', path: '/user', resource: 'user', auth: true },
  { method: 'PATCH', path: '/user', resource: 'user', auth: true },
  { method: 'DELETE', path: '/user', resource: 'user', auth: true },

  { method: 'GET', path: '/surgeon/search', resource: 'surgeon', auth: true },
  { method: 'GET', path: '/surgeon', resource: 'surgeon', auth: true },
  { method: 'POST', path: '/surgeon', resource: 'surgeon', auth: true },
  { method: 'PATCH', path: '/surgeon', resource: 'surgeon', auth: true },
  { method: 'DELETE', path: '/surgeon', resource: 'surgeon', auth: true },

  { method: 'GET', path: '/facility/search', resource: 'facility', auth: true },
  { method: 'GET', path: '/facility', resource: 'facility', auth: true },
  { method: 'POST', path: '/facility', resource: 'facility', auth: true },
  { method: 'PATCH', path: '/facility', resource: 'facility', auth: true },
  { method: 'DELETE', path: '/facility', resource: 'facility', auth: true },

  { method: 'GET', path: '/cpt_codes', resource: 'cpt_codes', auth: true },

  // Sign-in required: a departure from the spec (docs/decisions/0009-spec-departures.md).
  { method: 'GET', path: '/check_npi', resource: 'check_npi', auth: true },

  { method: 'POST', path: '/document', resource: 'document', auth: true },
  { method: 'POST', path: '/document/confirm', resource: 'document', auth: true },
  { method: 'GET', path: '/document', resource: 'document', auth: true },
  { method: 'DELETE', path: '/document', resource: 'document', auth: true },
  { method: 'GET', path: '/doc_types', resource: 'document', auth: true },

  // Back-office reference lists: lambdas/lists/handler.ts.
  { method: 'GET', path: '/lists/insurance', resource: 'lists', auth: true },
  { method: 'POST', path: '/lists/insurance', resource: 'lists', auth: true },
  { method: 'PATCH', path: '/lists/insurance', resource: 'lists', auth: true },
  { method: 'DELETE', path: '/lists/insurance', resource: 'lists', auth: true },
  { method: 'GET', path: '/lists/doctor_types', resource: 'lists', auth: true },
  { method: 'POST', path: '/lists/import', resource: 'lists', auth: true },
  { method: 'POST', path: '/lists/import/start', resource: 'lists', auth: true },
  { method: 'GET', path: '/lists/import', resource: 'lists', auth: true },
  { method: 'GET', path: '/report/permission', resource: 'report', auth: true },
  { method: 'POST', path: '/report/provider-payment', resource: 'report', auth: true },
  { method: 'GET', path: '/report/history', resource: 'report', auth: true },
  { method: 'GET', path: '/report/download', resource: 'report', auth: true },
  // The dispute desk (No Surprises Act deadlines, amounts and awards): lambdas/dispute/handler.ts.
  { method: 'POST', path: '/dispute/calculate', resource: 'dispute', auth: true },
  { method: 'GET', path: '/dispute/queue', resource: 'dispute', auth: true },
  { method: 'GET', path: '/dispute/awards', resource: 'dispute', auth: true },
  { method: 'POST', path: '/dispute/event', resource: 'dispute', auth: true },
  { method: 'DELETE', path: '/dispute/event', resource: 'dispute', auth: true },
  { method: 'GET', path: '/dispute', resource: 'dispute', auth: true },
  // Messages that reach support (docs/decisions/0027-email-and-support-messages.md): the public
  // contact form (no sign-in, limited per address), bug reports and the Support inbox.
  { method: 'POST', path: '/contact', resource: 'support', auth: false },
  { method: 'POST', path: '/support/bug', resource: 'support', auth: true },
  { method: 'GET', path: '/support/messages', resource: 'support', auth: true },
  { method: 'PATCH', path: '/support/messages', resource: 'support', auth: true },
  // Deadline reminders and weekly summaries by email (docs/decisions/0030-deadline-reminders.md): the
  // daily schedule runs the same job; user_type 100 or more may run it now.
  { method: 'POST', path: '/reminders/run', resource: 'reminders', auth: true },
  // Exports of a list above the browser's 10,000 rows: a job of the export function
  // (docs/decisions/0029-server-exports.md).
  { method: 'POST', path: '/export', resource: 'export', auth: true },
  { method: 'GET', path: '/export', resource: 'export', auth: true },
  // The generated API description (docs/api.md), answered by the case function with the committed file.
  { method: 'GET', path: '/openapi.json', resource: 'case', auth: true },
] as const satisfies readonly RouteDef[];

/** The route key of a route, `<METHOD> <path>` (e.g. `GET /case`): the HTTP API's `routeKey`, the audit's `action`. */
export function routeKeyOf(route: Pick<RouteDef, 'method' | 'path'>): string {
  return `${route.method} ${route.path}`;
}

/**
 * The action of the daily purge's audit entries (soft-deleted cases removed after
 * 30 days; lambdas/case/purge.ts), the one action written by no route.
 */
export const PURGE_AUDIT_ACTION = 'case.purge';

/** The action of the audit entry of each email sent to a user (the reminder job, lambdas/reminders). */
export { EMAIL_SENT_AUDIT_ACTION };

/**
 * The action of the entry an export job writes when it ends (lambdas/export/job.ts): the list, its
 * filters and the rows written, under the requester's user id.
 */
export const EXPORT_AUDIT_ACTION = 'export.done';

/**
 * Every action an audit entry can carry (lambdas/lib/audit.ts): the key of each route that needs
 * sign-in (routes without a token write no entry, lambdas/lib/middleware.ts), in the table's order,
 * then the purge's, the email's and the export job's. A function, not a constant, so that the
 * Lambdas' bundles (which read ROUTES) leave it out.
 */
export function auditActions(): string[] {
  return [
    ...ROUTES.filter((route) => route.auth).map(routeKeyOf),
    PURGE_AUDIT_ACTION,
    EMAIL_SENT_AUDIT_ACTION,
    EXPORT_AUDIT_ACTION,
  ];
}
