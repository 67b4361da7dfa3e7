/**
 * Calls of the analytics dashboard, the back-office home and the provider pipeline (spec
 * back-office-and-shell sections 2 and 8):
 * - `GET /case/stats?range=7d|30d|90d|1y|all[&user_id=]` -> shared `CaseStatsResponseSchema`
 *   (counts by creation day of the case; `total_revenue` in dollars; `top_users` all-time, at most 5);
 * - `GET /case/analytics` -> shared `CaseAnalyticsSchema` (pay by month, payer mix, days in status);
 * - `GET /health` (no token) -> shared `HealthResponseSchema`, 200 or 503 with the same body.
 */
import { ApiError, apiFetch } from '../../lib/api';
import {
  CaseAnalyticsSchema,
  CaseStatsResponseSchema,
  type CaseAnalytics,
  type CaseStatsRange,
  type CaseStatsResponse,
} from '../../../../shared/schemas/lists';
import { HealthResponseSchema, type HealthResponse } from '../../../../shared/schemas/health';
import { ANALYTICS_MESSAGES } from './messages';

/** Thrown when an answer is not of the expected shape. */
export class ResponseFormatError extends Error {
  override name = 'ResponseFormatError';
  constructor() {
    super(ANALYTICS_MESSAGES.invalidFormat);
  }
}

/**
 * Case counts over `range` (by case creation date), of every user, or of `userId` only (a provider
 * may ask only for their own id). Throws `ApiError` (the spec's message for its status) or
 * {@link ResponseFormatError}.
 */
export async function fetchCaseStats(
  range: CaseStatsRange,
  userId?: string,
  signal?: AbortSignal,
): Promise<CaseStatsResponse> {
  const body = await apiFetch<unknown>('/case/stats', {
    query: userId ? { range, user_id: userId } : { range },
    forbidden: 'cases',
    signal,
  });
  const parsed = CaseStatsResponseSchema.safeParse(body);
  if (!parsed.success) throw new ResponseFormatError();
  return parsed.data;
}

/** The analytics charts' figures (back office). Throws `ApiError` or {@link ResponseFormatError}. */
export async function fetchCaseAnalytics(signal?: AbortSignal): Promise<CaseAnalytics> {
  const parsed = CaseAnalyticsSchema.safeParse(
    await apiFetch<unknown>('/case/analytics', { forbidden: 'cases', signal }),
  );
  if (!parsed.success) throw new ResponseFormatError();
  return parsed.data;
}

/**
 * The measured system status. Resolves with the answer for a 200 and for a 503 that carries the
 * health body (the database failed, the API answered); throws `ApiError` when the API did not
 * answer with it (network failure, gateway error) and {@link ResponseFormatError} for another shape.
 */
export async function fetchHealth(signal?: AbortSignal): Promise<HealthResponse> {
  let body: unknown;
  try {
    body = await apiFetch<unknown>('/health', { auth: false, signal });
  } catch (err) {
    const parsed = err instanceof ApiError && err.status === 503 ? HealthResponseSchema.safeParse(err.body) : null;
    if (parsed?.success) return parsed.data;
    throw err;
  }
  const parsed = HealthResponseSchema.safeParse(body);
  if (!parsed.success) throw new ResponseFormatError();
  return parsed.data;
}

/**
 * A user's name for display; when the name is unknown, the spec's name lookup fallback
 * (back-office-and-shell section 8): "User " + the id's first 8 characters upper-cased, or
 * "Unknown User" without an id.
 */
export function userDisplayName(name: string | undefined, userId: string | undefined): string {
  if (name && name.trim() !== '') return name.trim();
  if (!userId) return 'Unknown User';
  return `User ${userId.slice(0, 8).toUpperCase()}`;
}
