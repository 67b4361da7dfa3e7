/**
 * The Lambda environment, validated by zod at cold start (shared middleware) and typed in CDK
 * (`infra/api.ts` builds each function's environment as a `LambdaEnv`).
 *
 * Endpoints of AWS services are not part of it: locally the runtime sets the SDK's standard
 * `AWS_ENDPOINT_URL_DYNAMODB` / `AWS_ENDPOINT_URL_S3` / `AWS_ENDPOINT_URL_SESV2` variables, so product
 * code never branches.
 */
import * as z from 'zod';

export const DEFAULT_NPPES_API_URL = 'https://npiregistry.cms.hhs.gov/api/?version=2.1';

export const LambdaEnvSchema = z.object({
  CASES_TABLE: z.string().min(1),
  /** Counters of cases: written with every case write, read by GET /case/stats. */
  CASE_STATS_TABLE: z.string().min(1),
  USERS_TABLE: z.string().min(1),
  SURGEONS_TABLE: z.string().min(1),
  FACILITIES_TABLE: z.string().min(1),
  CPT_CODES_TABLE: z.string().min(1),
  CPT_SEARCH_TABLE: z.string().min(1),
  /** Reports generated: written and read by the report Lambda only. */
  REPORTS_TABLE: z.string().min(1),
  /** The audit trail (docs/decisions/0005-fail-closed-audit-write.md): every Lambda appends (PutItem only); GET /audit reads it. */
  AUDIT_TABLE: z.string().min(1),
  DOCUMENTS_BUCKET: z.string().min(1),
  /** Reference lists of the back office: payers, NUCC taxonomy, import jobs. */
  LISTS_TABLE: z.string().min(1),
  /** The dispute desk: records, events, the deadline queue and awards (lambdas/data/dispute). */
  DISPUTES_TABLE: z.string().min(1),
  /** Notes on a case between the practice and the back office (lambdas/data/notes). */
  CASE_NOTES_TABLE: z.string().min(1),
  /** Messages that reach support and the contact form's counters (lambdas/data/support). */
  SUPPORT_TABLE: z.string().min(1),
  /** The once-a-day markers of the reminder emails (lambdas/data/reminders). */
  REMINDERS_TABLE: z.string().min(1),
  /**
   * The stage's verified SES identity's address that email is sent from, and the support address
   * messages go to (CDK context `senderEmail`, `supportEmail`). Only the functions that send email
   * (RESOURCE_ACCESS `email`) get them; absent elsewhere.
   */
  SENDER_EMAIL: z.email().optional(),
  SUPPORT_EMAIL: z.email().optional(),
  /**
   * The SES configuration set whose event destination sends bounces and complaints to the reminders
   * function (docs/decisions/0030-deadline-reminders.md); absent locally and for other functions.
   */
  SES_CONFIGURATION_SET: z.string().min(1).optional(),
  /** The SPA's origin (e.g. `https://d111.cloudfront.net`), for the links to a case in an email. */
  APP_URL: z.url().optional(),
  /**
   * The stage's deadline engine settings as JSON (shared/dispute/settings.ts), given to the functions
   * that compute deadlines or their states (dispute, case); parsed at their cold start by
   * lambdas/data/dispute/calendar.ts. Absent: the engine's defaults.
   */
  DISPUTE_DEADLINES: z.string().optional(),
  /** NPPES NPI Registry base URL including `version=2.1`. */
  NPPES_API_URL: z.string().url().default(DEFAULT_NPPES_API_URL),
  /**
   * Time limit of one NPPES call in milliseconds (default 5000: "NPPES
   * slow (more than 5 s)" answers 502). Integration tests lower it to exercise timeouts quickly.
   */
  NPPES_TIMEOUT_MS: z
    .string()
    .regex(/^\d{1,5}$/)
    .default('5000')
    .transform(Number)
    .pipe(z.number().int().min(1).max(60_000)),
  /** "true" for S3 emulators that need path-style addressing (s3rver). */
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('false'),
  /**
   * Name of the document Lambda, which the case Lambda invokes asynchronously to delete a deleted
   * case's files. Only the case function gets it; absent elsewhere.
   */
  DOCUMENT_FUNCTION_NAME: z.string().min(1).optional(),
  /**
   * Id of the Cognito user pool, for the administrator calls of the user Lambda (AdminCreateUser,
   * AdminDisableUser, AdminAddUserToGroup, AdminRemoveUserFromGroup). Only the
   * functions whose RESOURCE_ACCESS has `cognitoAdmin` get it; absent elsewhere.
   */
  USER_POOL_ID: z.string().min(1).optional(),
  /**
   * The token CloudFront's `/api/*` origin sends in `x-suture-origin-verify` (lambdas/lib/origin.ts):
   * when set, a request without it (a direct call to the execute-api URL, past the WAF) is a 403.
   */
  ORIGIN_VERIFY: z.string().min(16).optional(),
  /**
   * The Secrets Manager secret whose text the list cursors' key is derived from (lambdas/lib/cursor-seal.ts).
   * Only the functions whose RESOURCE_ACCESS has `cursorKey` (those that page) get it.
   */
  CURSOR_KEY_SECRET_ARN: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(['DEBUG', 'INFO', 'WARN', 'ERROR']).default('INFO'),
  POWERTOOLS_SERVICE_NAME: z.string().default('suture'),
});

export type LambdaEnv = z.infer<typeof LambdaEnvSchema>;
/** What CDK / the local runtime must provide (defaults may be omitted). */
export type LambdaEnvInput = z.input<typeof LambdaEnvSchema>;

let cached: LambdaEnv | undefined;

/**
 * Parse `process.env` once. Throws `ZodError` (turned into a generic 500 by the middleware)
 * when a required variable is missing.
 */
export function getEnv(source: NodeJS.ProcessEnv = process.env): LambdaEnv {
  if (!cached || source !== process.env) {
    const parsed = LambdaEnvSchema.parse(source);
    if (source !== process.env) return parsed;
    cached = parsed;
  }
  return cached;
}

/** For tests and the local runtime, which set env after import. */
export function resetEnvCache(): void {
  cached = undefined;
}
