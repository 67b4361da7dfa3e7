/**
 * The app's one react-query client (server state). main.tsx provides it; the auth provider clears it
 * on sign-out so that no previous user's data (PHI) stays in memory.
 *
 * Defaults: no refetch on window focus (forms would jump), one retry except for answers that will not
 * change on retry (401, 403, 404, 400).
 */
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api';

const FINAL_STATUSES = new Set([400, 401, 403, 404, 409]);

/** true when a failed query is worth one more try. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && FINAL_STATUSES.has(error.status)) return false;
  return failureCount < 1;
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
