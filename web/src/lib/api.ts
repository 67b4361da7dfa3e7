/**
 * API client: JSON in and out, bearer token (the access token first, the id token as fallback),
 * paths relative to the API base from `/config.json` (spec provider-side sections 6 and 7).
 * Failures throw `ApiError` whose message follows the spec's error catalogue (provider-side section 8).
 */
import { fetchAuthSession } from 'aws-amplify/auth';
import { reportAuthFailure } from './authFailure';
import { getConfig } from './config';

export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    message: string,
    /** HTTP status, 0 for network failures. */
    readonly status: number,
    /** Parsed JSON body when there was one. */
    readonly body?: unknown,
  ) {
    super(message);
  }
}

/** Which spec message to use for a 403 (provider-side section 8 "Other 403"). */
export type ForbiddenContext = 'cases' | 'user' | 'list' | 'default';

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  /** false for calls sent without credentials (none today: every route but the health checks needs sign-in). Default true. */
  auth?: boolean;
  forbidden?: ForbiddenContext;
  signal?: AbortSignal;
}

const AUTH_403 = /invalid|expired|malformed|signature|jwt|unauthorized|authentication required/i;

/** Listeners told when the server rejects the session (the shell signs out): see authFailure.ts. */
export { onAuthFailure } from './authFailure';

/** The bearer token of the session (also used by ./apiFile.ts). Throws `ApiError` 401 without one. */
export async function bearerToken(): Promise<string> {
  const session = await fetchAuthSession();
  const token = session.tokens?.accessToken?.toString() ?? session.tokens?.idToken?.toString();
  if (!token) throw new ApiError('No valid authentication tokens found. Please sign in again.', 401);
  return token;
}

/** The spec's message for a failed answer (also used by ./apiFile.ts). */
export function messageFor(status: number, statusText: string, body: unknown, forbidden: ForbiddenContext): string {
  const bodyMessage =
    body && typeof body === 'object' && 'message' in body && typeof (body as { message: unknown }).message === 'string'
      ? (body as { message: string }).message
      : body && typeof body === 'object' && 'error' in body && typeof (body as { error: unknown }).error === 'string'
        ? (body as { error: string }).error
        : '';
  if (status === 502) return 'Service temporarily unavailable. Please try again in a moment.';
  if (status === 401 || (status === 403 && AUTH_403.test(bodyMessage)))
    return 'Authentication failed. Please sign in again.';
  if (status === 403) {
    if (forbidden === 'cases') return 'No cases found or insufficient permissions';
    if (forbidden === 'user') return 'Profile not found or insufficient permissions';
    if (forbidden === 'list') return 'No data found or insufficient permissions';
    return `Access denied: ${bodyMessage || 'Insufficient permissions'}`;
  }
  if (status === 400 || status === 409) return bodyMessage || `API request failed: ${status} ${statusText}`;
  if (status === 404) return bodyMessage && bodyMessage !== 'Not Found' ? bodyMessage : 'Resource not found';
  return `API request failed: ${status} ${statusText}`;
}

/**
 * Call the API. Resolves with the parsed JSON body (typed by the caller; validate with zod where
 * the shape matters). Throws `ApiError` for non-2xx answers (status and body kept) and for network
 * failures (status 0, 'Network error. Please check your internet connection.').
 */
export async function apiFetch<T>(path: string, req: ApiRequest = {}): Promise<T> {
  const res = await sendApiRequest(path, req, 'application/json');
  const text = await res.text();
  let parsed: unknown = undefined;
  if (text) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = text;
    }
  }
  if (!res.ok) {
    throw apiErrorFor(res, parsed, req.forbidden ?? 'default');
  }
  return parsed as T;
}

/**
 * The request of {@link apiFetch} and of apiFetchBlob (web/src/lib/apiFile.ts): the API URL with
 * the query (empty values left out), a JSON body, the bearer token unless `auth` is false, `accept`
 * as the Accept header. Resolves with the Response whatever its status; throws `ApiError` status 0
 * ('Network error. Please check your internet connection.') when no answer comes, and rethrows an abort.
 */
export async function sendApiRequest(path: string, req: ApiRequest, accept: string): Promise<Response> {
  const { method = 'GET', query, body, auth = true, signal } = req;
  const url = new URL(`${getConfig().apiUrl}${path}`, window.location.origin);
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== '') url.searchParams.set(k, String(v));
  const headers: Record<string, string> = { Accept: accept };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (auth) headers.Authorization = `Bearer ${await bearerToken()}`;
  try {
    return await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError('Network error. Please check your internet connection.', 0);
  }
}

/** The `ApiError` of a non-2xx answer (the spec's message by status; a failed sign-in is reported). */
export function apiErrorFor(res: Response, parsed: unknown, forbidden: NonNullable<ApiRequest['forbidden']>): ApiError {
  const message = messageFor(res.status, res.statusText, parsed, forbidden);
  if (message === 'Authentication failed. Please sign in again.') reportAuthFailure();
  return new ApiError(message, res.status, parsed);
}
