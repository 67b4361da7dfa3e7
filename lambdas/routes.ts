/**
 * What each resource's Lambda may touch and how it is sized (RESOURCE_ACCESS, FUNCTION_SIZING), beside
 * the API route table, which is declared once in shared/api-routes.ts (spec
 * provider-side section 7) and re-exported here for the CDK app, the local runtime and the Lambdas.
 * Each resource has one Lambda at `lambdas/<resource>/handler.ts` exporting `handler`, which routes
 * internally with `@middy/http-router` using the same method/path pairs.
 */

import { RESOURCES, ROUTES, type HttpMethod, type Resource, type RouteDef } from '../shared/api-routes';

export { RESOURCES, ROUTES, type HttpMethod, type Resource, type RouteDef };

/** The audit trail, appended to by every resource's Lambda (docs/decisions/0005-fail-closed-audit-write.md). */
const AUDIT_APPEND = ['AUDIT_TABLE'] as const;

/**
 * Which tables (by env var) and services each resource's Lambda may touch: least-privilege grants.
 * A resource reaches a table only through the data modules it imports (`lambdas/data/<entity>/`,
 * docs/decisions/0010-data-layer.md), so its grants are the tables of those modules: e.g. `case`
 * uses case, counters, owned (surgeons, facilities: read), user (owner names: read) and the CPT
 * descriptions the case module reads.
 */
export const RESOURCE_ACCESS: Record<
  Resource,
  {
    read: readonly string[];
    write: readonly string[];
    /**
     * Append-only tables: dynamodb:PutItem and nothing else (no UpdateItem, DeleteItem or
     * BatchWriteItem). Every resource appends to AUDIT_TABLE: the shared middleware writes one audit
     * entry per request.
     */
    append: readonly string[];
    /** GetObject, PutObject, DeleteObject on `private/*` of the documents bucket (the document Lambda only). */
    documentsBucket?: boolean;
    nppes?: boolean;
    /** Resources whose function this one may invoke (lambda:InvokeFunction; name in DOCUMENT_FUNCTION_NAME). */
    invokes?: readonly Resource[];
    /**
     * Administrator calls on the user pool (cognito-idp AdminCreateUser, AdminDisableUser,
     * AdminAddUserToGroup, AdminRemoveUserFromGroup on the pool's ARN only), the pool id in
     * `USER_POOL_ID` (the user Lambda: invitations, type changes, deletions).
     */
    cognitoAdmin?: boolean;
    /**
     * GetObject, PutObject, DeleteObject on `imports/*` of the documents bucket: files uploaded for a
     * list import (the lists Lambda presigns the upload and reads the file).
     */
    importsBucket?: boolean;
    /**
     * GetObject and PutObject on `private/reports/*` of the documents bucket only: the report Lambda
     * keeps each PDF there and presigns its download again.
     */
    reportsPrefix?: boolean;
    /**
     * GetObject and PutObject on `private/exports/*` of the documents bucket only (multipart upload
     * included; s3:AbortMultipartUpload too): the export Lambda writes each file and its state there
     * and presigns its download.
     */
    exportsPrefix?: boolean;
    /** lambda:InvokeFunction on its own function: long work runs in an asynchronous self-invocation. */
    invokesSelf?: boolean;
    /**
     * The function sends email (lambdas/lib/email.ts): ses:SendEmail from the stage's verified
     * identity only, the sender and support addresses in `SENDER_EMAIL` and `SUPPORT_EMAIL`.
     */
    email?: boolean;
    /**
     * The function pages with sealed cursors (lambdas/lib/paging.ts): secretsmanager:GetSecretValue
     * on the cursor key secret only, its ARN in `CURSOR_KEY_SECRET_ARN`.
     */
    cursorKey?: boolean;
  }
> = {
  // DISPUTES_TABLE: a soft delete or restore reads the case's dispute record and checks it in its
  // transaction, taking its dispute counts out or back. CASE_NOTES_TABLE: the notes on a case
  // (GET/POST /case/notes), deleted with the case by the 30-day purge.
  case: {
    read: [
      'CASES_TABLE',
      'CASE_STATS_TABLE',
      'USERS_TABLE',
      'SURGEONS_TABLE',
      'FACILITIES_TABLE',
      'CPT_CODES_TABLE',
      'DISPUTES_TABLE',
    ],
    write: ['CASES_TABLE', 'CASE_STATS_TABLE', 'CASE_NOTES_TABLE'],
    append: AUDIT_APPEND,
    // No bucket grant: a PATCH that detaches documents, and the 30-day purge of soft-deleted cases
    // (lambdas/case/purge.ts), ask the document Lambda (async invoke) to delete the files. DELETE
    // /case is a soft delete that keeps them (docs/decisions/0006-soft-delete-and-30-day-purge.md).
    invokes: ['document'],
    cursorKey: true,
  },
  // No bucket grant: DELETE /user asks the document Lambda (async invoke) to delete the profile's files.
  // GET /audit reads the audit trail, and the case numbers of the cases its entries name.
  user: {
    read: ['USERS_TABLE', 'AUDIT_TABLE', 'CASES_TABLE'],
    write: ['USERS_TABLE'],
    append: AUDIT_APPEND,
    // The registry's name of a saved NPI (lambdas/user/npi-review.ts).
    nppes: true,
    invokes: ['document'],
    cognitoAdmin: true,
    cursorKey: true,
  },
  surgeon: {
    read: ['SURGEONS_TABLE', 'USERS_TABLE'],
    write: ['SURGEONS_TABLE'],
    append: AUDIT_APPEND,
    nppes: true,
    cursorKey: true,
  },
  facility: {
    read: ['FACILITIES_TABLE', 'USERS_TABLE'],
    write: ['FACILITIES_TABLE'],
    append: AUDIT_APPEND,
    nppes: true,
    cursorKey: true,
  },
  // CASES_TABLE: the caller's newest cases give the recently used codes the suggestions put first.
  cpt_codes: {
    read: ['CPT_CODES_TABLE', 'CPT_SEARCH_TABLE', 'USERS_TABLE', 'CASES_TABLE'],
    write: [],
    append: AUDIT_APPEND,
  },
  // USERS_TABLE: the audit writer reads the caller's user_type for each entry (lambdas/lib/audit-writer.ts).
  check_npi: { read: ['USERS_TABLE'], write: [], append: AUDIT_APPEND, nppes: true },
  document: {
    read: ['CASES_TABLE', 'CASE_STATS_TABLE', 'USERS_TABLE', 'CPT_CODES_TABLE'],
    write: ['CASES_TABLE', 'CASE_STATS_TABLE', 'USERS_TABLE'],
    append: AUDIT_APPEND,
    documentsBucket: true,
  },
  // Reads USERS_TABLE for the caller's user_type; writes the CPT tables when importing the CMS file.
  lists: {
    read: ['USERS_TABLE', 'LISTS_TABLE', 'CPT_CODES_TABLE', 'CPT_SEARCH_TABLE'],
    write: ['LISTS_TABLE', 'CPT_CODES_TABLE', 'CPT_SEARCH_TABLE'],
    append: AUDIT_APPEND,
    importsBucket: true,
    invokesSelf: true,
    cursorKey: true,
  },
  // The payment report: Paid cases by index (byUserStatus, or the byStatusMonth
  // month walk with the month counters of case-stats), provider names and NPIs, its own history,
  // the kept PDFs.
  report: {
    read: ['CASES_TABLE', 'CASE_STATS_TABLE', 'USERS_TABLE', 'REPORTS_TABLE'],
    write: ['REPORTS_TABLE'],
    append: AUDIT_APPEND,
    cursorKey: true,
    reportsPrefix: true,
  },
  // The dispute desk: its own table, the case it moves forward and the counters (both in one
  // transaction with the event), owner names, the CPT tables for the Medicare benchmark; pages the
  // queue and awards.
  dispute: {
    read: ['DISPUTES_TABLE', 'CASES_TABLE', 'CASE_STATS_TABLE', 'USERS_TABLE', 'CPT_CODES_TABLE', 'CPT_SEARCH_TABLE'],
    write: ['DISPUTES_TABLE', 'CASES_TABLE', 'CASE_STATS_TABLE'],
    append: AUDIT_APPEND,
    cursorKey: true,
  },
  // Messages that reach support: its own table (messages, contact counters), the sender's name and
  // the caller's user_type from USERS_TABLE; emails the support address.
  support: {
    read: ['SUPPORT_TABLE', 'USERS_TABLE'],
    write: ['SUPPORT_TABLE'],
    append: AUDIT_APPEND,
    cursorKey: true,
    email: true,
  },
  // Deadline reminders and weekly summaries (docs/decisions/0030-deadline-reminders.md): the deadline
  // queue and the case summaries it names, owner names, an owner's recently changed cases; profiles
  // (recipients; a bounce turns their reminders off); the once-a-day markers. Pages the queue.
  reminders: {
    read: ['DISPUTES_TABLE', 'CASES_TABLE', 'USERS_TABLE', 'REMINDERS_TABLE'],
    write: ['USERS_TABLE', 'REMINDERS_TABLE'],
    append: AUDIT_APPEND,
    cursorKey: true,
    email: true,
  },
  // Exports above the browser's 10,000 rows: every exported list's reads (the same modules as the
  // list calls: cases with their CPT descriptions and counters, owner names, the dispute queue and
  // awards with their counters, users, the audit trail), its files under private/exports/.
  export: {
    read: ['CASES_TABLE', 'CASE_STATS_TABLE', 'CPT_CODES_TABLE', 'USERS_TABLE', 'DISPUTES_TABLE', 'AUDIT_TABLE'],
    write: [],
    append: AUDIT_APPEND,
    cursorKey: true,
    exportsPrefix: true,
    invokesSelf: true,
  },
};

/** Memory (MB) and timeout (s) of every function unless {@link FUNCTION_SIZING} says otherwise. */
export const DEFAULT_FUNCTION_SIZING = { memorySize: 512, timeoutSeconds: 10 } as const;

/**
 * Functions that need more than {@link DEFAULT_FUNCTION_SIZING}:
 * - `report` ("a report over 10,000 cases completes within the Lambda limits you
 *   configure"): 1,769 MB, the size at which a function gets one full vCPU (the PDF is built on the
 *   CPU; the read of the cases waits on DynamoDB), and 29 s, just inside the HTTP API's 30 s
 *   integration timeout (a longer Lambda timeout would only let API Gateway give up first). Measured
 *   figures (cases, time, pages, PDF size, memory): README "Provider payment report".
 * - `lists`: imports of the CMS PFS file (about 17,000 codes and 82,000
 *   search-index items on a first import, about 12 s against the local emulator) run in an
 *   asynchronous self-invocation, which API Gateway's 30 s limit does not bound: 900 s, 1,024 MB.
 * - `export`: a job writes its file in an asynchronous self-invocation, a page and an upload part in
 *   memory at a time (docs/figures.md): 900 s, 512 MB.
 */
export const FUNCTION_SIZING: Partial<Record<Resource, { memorySize: number; timeoutSeconds: number }>> = {
  report: { memorySize: 1769, timeoutSeconds: 29 },
  lists: { memorySize: 1024, timeoutSeconds: 900 },
  export: { memorySize: 512, timeoutSeconds: 900 },
};
