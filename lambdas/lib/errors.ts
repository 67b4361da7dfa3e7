/**
 * Errors the API handlers throw. The shared middleware (`lambdas/lib/middleware.ts`) turns each
 * into an HTTP answer `{ success: false, message, ...body }` with the error's status, so handlers
 * hold no try/catch boilerplate. Messages are shown to users: keep them free of PHI.
 *
 * Each error takes an optional `cause` (Powertools style, `new ApiError(status, message, { cause })`):
 * the middleware logs the cause's name, message and stack, never shown to the caller.
 */

export interface FieldError {
  /** Dotted path of the field, e.g. `patient.first`; `''` for the body as a whole. */
  field: string;
  message: string;
}

/** Options of every API error: what caused it (logged, not answered) and extra answer fields. */
export interface ApiErrorOptions {
  /** The underlying error (an SDK error, a ZodError...): logged by the middleware, never answered. */
  cause?: unknown;
  /** Merged into the JSON answer next to `success` and `message`. */
  body?: Record<string, unknown>;
}

/** Base class: an answer with HTTP `status` and a user-facing `message`. */
export class ApiError extends Error {
  /** Extra answer fields (see {@link ApiErrorOptions.body}). */
  readonly body: Record<string, unknown>;
  constructor(
    readonly status: number,
    message: string,
    options: ApiErrorOptions = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.body = options.body ?? {};
  }
  override name = 'ApiError';
}

/** HTTP status per error name (the one table; anything else is a 500 with a generic body). */
export const ERROR_STATUS: Readonly<Record<string, number>> = {
  ValidationError: 400,
  UnauthorizedError: 401,
  ForbiddenError: 403,
  NotFoundError: 404,
  ConflictError: 409,
  PayloadTooLargeError: 413,
  UnsupportedMediaTypeError: 415,
  TooManyRequestsError: 429,
  BadGatewayError: 502,
};

/** 400: bad input; carries one `{ field, message }` per field (the first message of each field). */
export class ValidationError extends ApiError {
  /** One entry per field, in the order of the first issues. */
  readonly errors: FieldError[];
  constructor(errors: FieldError[] | string, options: ApiErrorOptions = {}) {
    const list = typeof errors === 'string' ? [{ field: '', message: errors }] : errors;
    super(ERROR_STATUS.ValidationError!, list[0]?.message ?? 'Invalid request', options);
    this.errors = list;
  }
  override name = 'ValidationError';
}

// Names are spelled out (not taken from the class) so that minified bundles keep the table working.

/** The base of an error that takes only a message: status {@link ERROR_STATUS}[`name`], that name. */
function statusError<const N extends string>(name: N) {
  return class extends ApiError {
    constructor(message: string, options?: ApiErrorOptions) {
      super(ERROR_STATUS[name]!, message, options);
    }
    override name: string = name;
  };
}

/** 401: no caller identity on a route that needs one. */
export class UnauthorizedError extends statusError('UnauthorizedError') {}
/** 403: the caller is known but may not do this. */
export class ForbiddenError extends statusError('ForbiddenError') {}
/** 404: missing, or someone else's item (never reveals existence). */
export class NotFoundError extends statusError('NotFoundError') {}
/** 409: a conditional write failed (item exists, optimistic lock lost). */
export class ConflictError extends statusError('ConflictError') {}
/** 413: the request asks for more than a limit allows. */
export class PayloadTooLargeError extends statusError('PayloadTooLargeError') {}
/** 415: a request body whose content type is not `application/json`. */
export class UnsupportedMediaTypeError extends statusError('UnsupportedMediaTypeError') {}
/** 502: an upstream service (NPPES) failed. */
export class BadGatewayError extends statusError('BadGatewayError') {}

/** Seconds a throttled caller is asked to wait (`Retry-After` of a 429). */
export const THROTTLED_RETRY_AFTER_SECONDS = 1;

/**
 * 429: DynamoDB kept throttling after the SDK's own retries; the answer carries `Retry-After`
 * ({@link retryAfterSeconds}, whole seconds).
 */
export class TooManyRequestsError extends ApiError {
  constructor(
    message: string,
    options?: ApiErrorOptions,
    readonly retryAfterSeconds: number = THROTTLED_RETRY_AFTER_SECONDS,
  ) {
    super(ERROR_STATUS.TooManyRequestsError!, message, options);
  }
  override name = 'TooManyRequestsError';
}

/** Error names of DynamoDB throttling (after the SDK's retryer gave up on them). */
export const THROTTLING_ERROR_NAMES: ReadonlySet<string> = new Set([
  'ProvisionedThroughputExceededException',
  'ThrottlingException',
  'RequestLimitExceeded',
]);

/**
 * true for DynamoDB throttling: one of {@link THROTTLING_ERROR_NAMES}, or a cancelled transaction
 * one of whose actions was throttled (cancellation reason `ThrottlingError`).
 */
export function isThrottlingError(err: unknown): boolean {
  const e = err as { name?: unknown; CancellationReasons?: { Code?: string }[] } | null;
  if (typeof e?.name !== 'string') return false;
  if (THROTTLING_ERROR_NAMES.has(e.name)) return true;
  return (
    e.name === 'TransactionCanceledException' && (e.CancellationReasons ?? []).some((r) => r.Code === 'ThrottlingError')
  );
}

/** true when an AWS SDK error is a failed DynamoDB condition (conditional write / transaction). */
export function isConditionalCheckFailed(err: unknown): boolean {
  const name = (err as { name?: string } | null)?.name;
  return name === 'ConditionalCheckFailedException';
}
