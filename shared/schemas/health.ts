/**
 * GET /health (CONTRACT8 "Health"): the measured System Status of the
 * back-office home. No token. Answer, 200 when the database answered, 503 when it did not (same body):
 *
 * ```json
 * { "status": "ok" | "error", "api": "ok", "database": "ok" | "error",
 *   "checked_at": "2026-11-23T18:00:00.000Z", "latency_ms": 12 }
 * ```
 *
 * - `status`: 'ok' when every part is 'ok', else 'error';
 * - `api`: always 'ok' (the API answered; when it does not, there is no body at all);
 * - `database`: one GetItem of a fixed key on the cases table ('error' on a failure or after
 *   {@link HEALTH_DB_TIMEOUT_MS});
 * - `checked_at`: ISO time (UTC) of the check; `latency_ms`: whole milliseconds the read took.
 */
import * as z from 'zod';

/** How long GET /health waits for the database before answering 'error' (milliseconds). */
export const HEALTH_DB_TIMEOUT_MS = 3000;

const partState = z.enum(['ok', 'error']);

export const HealthResponseSchema = z.object({
  status: partState,
  api: z.literal('ok'),
  database: partState,
  checked_at: z.iso.datetime(),
  latency_ms: z.number().int().nonnegative(),
});
export type HealthResponse = z.infer<typeof HealthResponseSchema>;
