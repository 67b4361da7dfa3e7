/**
 * Errors the API handlers throw. The shared middleware (`lambdas/lib/middleware.ts`) turns each
 * into an HTTP answer through one name-to-status table (`ERROR_STATUS`), so handlers hold no
 * try/catch boilerplate. Messages are shown to users: keep them free of PHI.
 *
 * - `ValidationError` (400): bad input; carries one `{ field, message }` per field (the first
 *   message of each field, spec provider-side section 5 wording).
 * - `UnauthorizedError` (401): no caller identity on a route that needs one.
 * - `ForbiddenError` (403): the caller is known but may not do this (e.g. PUT /case below user_type 10).
 * - `NotFoundError` (404): missing, or someone else's item (never reveals existence).
 * - `ConflictError` (409): conditional write failed (item exists, optimistic lock lost).
 * - `UnsupportedMediaTypeError` (415): a request body whose content type is not `application/json`.
 * - `BadGatewayError` (502): an upstream service (NPPES) failed.
 */

export interface FieldError {
  /** Dotted path of the field, e.g. `patient.first`; `''` for the body as a whole. */
  field: string;
  message: string;
}

/** Base class: `body` (optional) is merged into the JSON answer next to `success` and `message`. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly body: Record<string, unknown> = {},
  ) {
    super(message);
  }
  override name = 'ApiError';
}

export class ValidationError extends ApiError {
  /** One entry per field, in the order of the first issues. */
  readonly errors: FieldError[];
  constructor(errors: FieldError[] | string, body: Record<string, unknown> = {}) {
    const list = typeof errors === 'string' ? [{ field: '', message: errors }] : errors;
    super(list[0]?.message ?? 'Invalid request', body);
    this.errors = list;
  }
  override name = 'ValidationError';
}

// Names are spelled out (not taken from the class) so that minified bundles keep the table working.
export class UnauthorizedError extends ApiError {
  override name = 'UnauthorizedError';
}
export class ForbiddenError extends ApiError {
  override name = 'ForbiddenError';
}
export class NotFoundError extends ApiError {
  override name = 'NotFoundError';
}
export class ConflictError extends ApiError {
  override name = 'ConflictError';
}
export class BadGatewayError extends ApiError {
  override name = 'BadGatewayError';
}
export class PayloadTooLargeError extends ApiError {
  override name = 'PayloadTooLargeError';
}
export class UnsupportedMediaTypeError extends ApiError {
  override name = 'UnsupportedMediaTypeError';
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
  BadGatewayError: 502,
};

/** true when an AWS SDK error is a failed DynamoDB condition (conditional write / transaction). */
export function isConditionalCheckFailed(err: unknown): boolean {
  const name = (err as { name?: string } | null)?.name;
  return name === 'ConditionalCheckFailedException';
}
