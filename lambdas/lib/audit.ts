/**
 * The audit trail's writing side (docs/security.md; HIPAA 45 CFR 164.312(b)).
 *
 * The shared middleware ({@link ./middleware}) writes one entry per request of every route with
 * `auth: true` (and one per item of a request that acts on items one by one: {@link auditEntries}),
 * after the answer is known, so no handler can forget it; a handler only declares what it touched:
 *
 * ```ts
 * audit(event).touched('case', [item.case_id]);          // ids read or written (lists: the ids returned)
 * audit(event).touched('case', [id]).deniedIfNotFound(); // a 404 from here hides another's item
 * ```
 *
 * The entry ({@link AuditEntry}) holds who, what and how it ended, never PHI: no names, dates of
 * birth, bodies or query values other than ids. Outcome ({@link auditOutcome}): `allowed` below 400,
 * `denied` for 401 and 403 and for a 404 the handler marked as another owner's item, `failed` for
 * anything else (other 4xx, 5xx). Writing is one PutItem (the Lambda roles hold nothing else on the
 * table; ./audit-writer.ts); a failed write is thrown, and the middleware answers 500 instead (no
 * unaudited access). This module holds no AWS SDK import: a Lambda without guarded routes
 * (check_npi) bundles no DynamoDB client for it.
 */
import { TEXT_LIMITS } from '../../shared/constants';
import { auditKeys } from '../data/audit/keys';
import { getCaller, knownUserType } from './caller';
import type { ApiEvent } from './http';

/** Outcomes of an audited request. */
export type AuditOutcome = 'allowed' | 'denied' | 'failed';

/** Six years in seconds (45 CFR 164.316(b)(2): documentation kept six years), the entry's TTL. */
export const AUDIT_RETENTION_SECONDS = 6 * 366 * 24 * 3600;
/** Most resource ids one entry holds (a page of a list is at most MAX_PAGE_LIMIT = 200). */
export const MAX_AUDIT_IDS = 200;
/** Longest id an entry records (a document key, TEXT_LIMITS.path); a longer one is cut to this. */
export const MAX_AUDIT_ID_LENGTH = TEXT_LIMITS.path;
/**
 * Characters of ids one entry holds in all: with the other fields (user agent at most 512) an entry
 * stays far below DynamoDB's 400 KB item limit, so no input can make the audit write fail.
 */
export const MAX_AUDIT_ID_CHARS = 32 * 1024;
/** Longest `action` recorded (an unknown path is the client's text). */
export const MAX_AUDIT_ACTION_LENGTH = 256;

/** One audit entry as stored (keys from {@link auditKeys}; `case_id` only when exactly one case). */
export interface AuditEntry {
  /** `YYYY-MM-DD#<shard>` (keys: lambdas/lib/tables.ts AUDIT_TABLE). */
  day: string;
  at_id: string;
  /** `<action>#<shard>`: the `byAction` partition. */
  action_shard: string;
  /** ISO UTC time the answer was given. */
  at: string;
  /** Cognito sub; absent for an anonymous caller (a 401). */
  user_id?: string;
  /** The caller's user_type when the request loaded it. */
  user_type?: number;
  /** Cognito username (`cognito:username` or `username` claim). */
  username?: string;
  /** Route key, e.g. `GET /case`. */
  action: string;
  status: number;
  outcome: AuditOutcome;
  resource_type?: string;
  resource_ids: string[];
  /** The one case concerned: declared with `forCase`, or the only id of a `case` entry (index `byCase`). */
  case_id?: string;
  /** The status a status change asked for (not PHI), so the trail can say "Changed status to Paid". */
  case_status?: number;
  /** An email sent to a user (action `email.sent`): who got it, which email, SES's message id. */
  recipient_id?: string;
  template?: string;
  message_id?: string;
  request_id: string;
  source_ip: string;
  user_agent: string;
  /** Epoch seconds: DynamoDB TTL. */
  expires_at: number;
}

/**
 * The header that carries the viewer's address (the entry's "source IP"). Through CloudFront,
 * API Gateway's `sourceIp` is a CloudFront edge address; the `/api/*` viewer-request function
 * (infra/web.ts `API_PREFIX_FUNCTION_CODE`) sets this header to `event.viewer.ip`, replacing any value
 * the client sent, and the local gateway does the same with the socket's address. A direct call to the
 * execute-api URL (which bypasses CloudFront and the WAF, README "Edge") could forge it; such a call
 * still needs a valid token, and the WAF log keeps the viewer's address of every call through
 * CloudFront.
 */
export const VIEWER_IP_HEADER = 'x-suture-viewer-ip';

/** What a handler declares about one request. */
export interface AuditRecorder {
  /** Record the resource type and the ids read or written (appended; duplicates dropped). Chainable. */
  touched(resourceType: string, ids: readonly (string | undefined)[]): AuditRecorder;
  /** A 404 answered after this call hides another owner's item: recorded as `denied`. Chainable. */
  deniedIfNotFound(): AuditRecorder;
  /** The request is refused as hostile input (e.g. an id far over its limit): any 4xx is `denied`. Chainable. */
  denied(): AuditRecorder;
  /** The one case this request concerns (a document's case), for the `byCase` index. Chainable. */
  forCase(caseId: string | undefined): AuditRecorder;
  /**
   * A request acting on many items one by one (POST /case/bulk): each gets an entry of its own, as
   * its single call would, with its id and its own status; the request's entry keeps the ids only.
   * Chainable.
   */
  outcomes(resourceType: string, items: readonly { id: string; status: number; caseStatus?: number }[]): AuditRecorder;
  /** The case status this request asks for (a status change), recorded as `case_status`. Chainable. */
  statusTo(status: number | undefined): AuditRecorder;
}

interface Declared {
  resourceType?: string;
  ids: string[];
  /** Characters of `ids` in all. */
  idChars: number;
  deniedIfNotFound: boolean;
  denied: boolean;
  caseId?: string;
  outcomes?: { resourceType: string; items: { id: string; status: number; caseStatus?: number }[] };
  caseStatus?: number;
}

const declared = new WeakMap<ApiEvent, Declared>();

function declaredOf(event: ApiEvent): Declared {
  let d = declared.get(event);
  if (!d) {
    d = { ids: [], idChars: 0, deniedIfNotFound: false, denied: false };
    declared.set(event, d);
  }
  return d;
}

/** The audit recorder of a request (see the module doc). */
export function audit(event: ApiEvent): AuditRecorder {
  const d = declaredOf(event);
  const recorder: AuditRecorder = {
    touched(resourceType, ids) {
      d.resourceType ??= resourceType;
      for (const raw of ids) {
        const id = raw?.slice(0, MAX_AUDIT_ID_LENGTH);
        if (!id || d.ids.includes(id) || d.ids.length >= MAX_AUDIT_IDS) continue;
        if (d.idChars + id.length > MAX_AUDIT_ID_CHARS) break;
        d.ids.push(id);
        d.idChars += id.length;
      }
      return recorder;
    },
    deniedIfNotFound() {
      d.deniedIfNotFound = true;
      return recorder;
    },
    denied() {
      d.denied = true;
      return recorder;
    },
    forCase(caseId) {
      if (caseId) d.caseId = caseId;
      return recorder;
    },
    outcomes(resourceType, items) {
      recorder.touched(
        resourceType,
        items.map((i) => i.id),
      );
      d.outcomes = { resourceType, items: items.slice(0, MAX_AUDIT_IDS) };
      return recorder;
    },
    statusTo(status) {
      if (Number.isInteger(status)) d.caseStatus = status;
      return recorder;
    },
  };
  return recorder;
}

/** Outcome of an answer with `status` (see the module doc); `denied`: refused as hostile input. */
export function auditOutcome(status: number, deniedIfNotFound: boolean, denied = false): AuditOutcome {
  if (status < 400) return 'allowed';
  if (status === 401 || status === 403 || (status === 404 && deniedIfNotFound)) return 'denied';
  if (denied && status < 500) return 'denied';
  return 'failed';
}

/** The fields every entry of an HTTP request has, each cut to its limit (see {@link auditEntry}). */
function requestEntry(input: {
  now: Date;
  requestId: string;
  action: string;
  status: number;
  outcome: AuditOutcome;
  sourceIp: string;
  userAgent: string;
}): AuditEntry {
  const at = input.now.toISOString();
  // An unknown route's path is the client's: cut, like every other text an entry records.
  const action = input.action.slice(0, MAX_AUDIT_ACTION_LENGTH);
  return {
    ...auditKeys(at, input.requestId, action),
    at,
    action,
    status: input.status,
    outcome: input.outcome,
    resource_ids: [],
    request_id: input.requestId,
    source_ip: input.sourceIp.slice(0, 64),
    user_agent: input.userAgent.slice(0, 512),
    expires_at: Math.floor(input.now.getTime() / 1000) + AUDIT_RETENTION_SECONDS,
  };
}

/** The entry for a request answered with `status` at `now` (pure; no PHI: ids and metadata only). */
export function auditEntry(event: ApiEvent, status: number, now: Date = new Date()): AuditEntry {
  const http = event.requestContext?.http;
  const caller = getCaller(event);
  const claims = event.requestContext?.authorizer?.jwt?.claims;
  const cognitoUsername = claims?.['cognito:username'];
  const username = typeof cognitoUsername === 'string' && cognitoUsername ? cognitoUsername : caller?.username;
  const d = declared.get(event) ?? { ids: [], idChars: 0, deniedIfNotFound: false, denied: false };
  const userType = caller ? knownUserType(event) : undefined;
  const entry = requestEntry({
    now,
    requestId: event.requestContext?.requestId || 'unknown',
    action: event.routeKey || `${http?.method ?? '?'} ${http?.path ?? '?'}`,
    status,
    outcome: auditOutcome(status, d.deniedIfNotFound, d.denied),
    sourceIp: event.headers?.[VIEWER_IP_HEADER] || http?.sourceIp || '',
    userAgent: http?.userAgent ?? event.headers?.['user-agent'] ?? '',
  });
  entry.resource_ids = [...d.ids];
  if (caller) entry.user_id = caller.sub;
  if (userType !== undefined) entry.user_type = userType;
  if (username) entry.username = username;
  if (d.resourceType) entry.resource_type = d.resourceType;
  // With per-item entries, the items' own entries name their case (no second entry in `byCase`).
  const caseId = d.caseId ?? (d.resourceType === 'case' && d.ids.length === 1 && !d.outcomes ? d.ids[0] : undefined);
  if (caseId) entry.case_id = caseId;
  if (d.caseStatus !== undefined) entry.case_status = d.caseStatus;
  return entry;
}

/**
 * Every entry of a request: {@link auditEntry}, then one per item declared with `outcomes` (the
 * request's action, caller and request id; the item's id, status and outcome; for a case, its
 * `case_id`). An item's keys are those of request id `<request id>#<n>`, so entries never collide.
 */
export function auditEntries(event: ApiEvent, status: number, now: Date = new Date()): AuditEntry[] {
  const main = auditEntry(event, status, now);
  const outcomes = declared.get(event)?.outcomes;
  if (!outcomes) return [main];
  const items = outcomes.items.map((item, n): AuditEntry => {
    const id = item.id.slice(0, MAX_AUDIT_ID_LENGTH);
    return {
      ...main,
      ...auditKeys(main.at, `${main.request_id}#${n + 1}`, main.action),
      status: item.status,
      outcome: auditOutcome(item.status, false),
      resource_type: outcomes.resourceType,
      resource_ids: [id],
      ...(outcomes.resourceType === 'case' ? { case_id: id } : {}),
      ...(item.caseStatus !== undefined ? { case_status: item.caseStatus } : {}),
    };
  });
  return [main, ...items];
}

/**
 * The entry of a request that API Gateway's JWT authorizer refused with 401 before any Lambda ran,
 * read back from the API's access log (lambdas/refusals/, docs/decisions/0012-refused-requests-in-the-audit-trail.md):
 * the shape the middleware writes for a 401, outcome `denied`, no user. `at` is when the log line was
 * recorded; with the request id it makes the keys, so the same line always gives the same entry.
 */
export function refusedRequestEntry(input: {
  requestId: string;
  /** Route key, e.g. `GET /case`. */
  routeKey: string;
  at: Date;
  /** API Gateway's source IP (through CloudFront, an edge address). */
  sourceIp: string;
  userAgent: string;
}): AuditEntry {
  return requestEntry({
    now: input.at,
    requestId: input.requestId,
    action: input.routeKey,
    status: 401,
    outcome: auditOutcome(401, false),
    sourceIp: input.sourceIp,
    userAgent: input.userAgent,
  });
}

/** Writes one entry (./audit-writer.ts `writeAuditEntry`); throws when the write fails. */
export type AuditWriter = (entry: AuditEntry) => Promise<void>;

/** `user_id` and `username` of entries written by scheduled jobs (no signed-in caller). */
export const SYSTEM_AUDIT_ACTOR = 'system';

/**
 * An entry for work done outside an HTTP request (the 30-day purge, docs/decisions/0006-soft-delete-and-30-day-purge.md): actor
 * {@link SYSTEM_AUDIT_ACTOR}, `action` a dotted name (e.g. `case.purge`), status 200 when allowed
 * (else `status`, default 500), no source IP, user agent `suture-scheduler`. `requestId` must be
 * unique per entry (it makes the sort key). Pure; write it with the same writer as the middleware
 * (./audit-writer.ts).
 */
export function systemAuditEntry(input: {
  action: string;
  resourceType: string;
  ids: readonly string[];
  /** The one case concerned (index `byCase`). */
  caseId?: string;
  outcome: AuditOutcome;
  status?: number;
  requestId: string;
  now?: Date;
  /** An email sent to a user: the recipient's user id, the template and SES's message id. */
  email?: { recipientId: string; template: string; messageId: string };
}): AuditEntry {
  const now = input.now ?? new Date();
  const at = now.toISOString();
  return {
    ...auditKeys(at, input.requestId, input.action),
    at,
    user_id: SYSTEM_AUDIT_ACTOR,
    username: SYSTEM_AUDIT_ACTOR,
    action: input.action,
    status: input.status ?? (input.outcome === 'allowed' ? 200 : 500),
    outcome: input.outcome,
    resource_type: input.resourceType,
    resource_ids: input.ids.slice(0, MAX_AUDIT_IDS).map((id) => id.slice(0, MAX_AUDIT_ID_LENGTH)),
    ...(input.caseId ? { case_id: input.caseId } : {}),
    ...(input.email
      ? { recipient_id: input.email.recipientId, template: input.email.template, message_id: input.email.messageId }
      : {}),
    request_id: input.requestId,
    source_ip: '',
    user_agent: 'suture-scheduler',
    expires_at: Math.floor(now.getTime() / 1000) + AUDIT_RETENTION_SECONDS,
  };
}
