/**
 * A small client of the NPPES NPI Registry API v2.1 (https://npiregistry.cms.hhs.gov/api-page),
 * shared by the /check_npi Lambda and the surgeon and facility searches (`lambdas/lib/nppes-search.ts`).
 *
 * Configuration, from the Lambda environment (`lambdas/lib/env.ts`):
 * - `NPPES_API_URL`: base URL including `version=2.1` (the real registry by default, the local
 *   emulator `local/nppes.ts` under `npm start`). Queries add parameters to it, e.g.
 *   `&number=1234567893`.
 * - `NPPES_TIMEOUT_MS`: time limit of one registry call in milliseconds (default 5000, spec provider-side: "NPPES slow (more than 5 s)").
 *
 * The registry answers HTTP 200 with `{ result_count, results }`, or HTTP 200 with
 * `{ Errors: [{ description, field, number }] }` for a bad query.
 *
 * Errors thrown by {@link NppesClient.search} / {@link NppesClient.lookup} (both `ApiError`s, so a
 * handler that lets them through answers with the search semantics of spec provider-side):
 * - {@link NppesUnavailableError} (a `BadGatewayError`, HTTP 502, message
 *   'Service temporarily unavailable. Please try again in a moment.'): network error, timeout,
 *   non-2xx, a body that is not JSON, `results` that is not a list;
 * - {@link NppesQueryError} (a `ValidationError`, HTTP 400): the registry's `Errors`, message = the
 *   first description (all of them in `errors`, field `nppes.<field>`).
 * /check_npi maps both to its own 502 answer (`lambdas/check_npi/handler.ts`).
 */
import { API_MESSAGES } from '../../shared';
import { getEnv } from './env';
import { BadGatewayError, ValidationError } from './errors';
import { logger } from './logger';

/** Default time limit of one registry call (ms); `NPPES_TIMEOUT_MS` overrides it. */
export const NPPES_TIMEOUT_MS = 5000;

export interface NppesBasic {
  first_name?: string;
  last_name?: string;
  middle_name?: string;
  credential?: string;
  organization_name?: string;
  /** 'A' active, 'D' deactivated. */
  status?: string;
  authorized_official_first_name?: string;
  authorized_official_last_name?: string;
  [key: string]: unknown;
}

export interface NppesAddress {
  /** 'LOCATION' (practice location) or 'MAILING'. */
  address_purpose?: string;
  address_1?: string;
  address_2?: string;
  city?: string;
  state?: string;
  /** 5 or 9 digits (ZIP or ZIP+4, no hyphen). */
  postal_code?: string;
  telephone_number?: string;
}

/** One registry record (the fields Suture reads). */
export interface NppesRecord {
  /** The 10-digit NPI as text. */
  number: string;
  enumeration_type: 'NPI-1' | 'NPI-2' | string;
  basic: NppesBasic;
  addresses?: NppesAddress[];
  taxonomies?: { code?: string; desc?: string; primary?: boolean }[];
}

/** One entry of the registry's `Errors`. */
export interface NppesApiError {
  description?: string;
  field?: string;
  number?: string;
}

/** The registry could not be used (timeout, network, non-2xx, non-JSON): HTTP 502. */
export class NppesUnavailableError extends BadGatewayError {
  constructor(readonly reason: string) {
    super(API_MESSAGES.serviceUnavailable);
  }
  override name = 'BadGatewayError';
}

/** The registry refused the query (HTTP 200 with `Errors`): HTTP 400 with its description. */
export class NppesQueryError extends ValidationError {
  constructor(readonly registryErrors: NppesApiError[]) {
    super(
      registryErrors.map((e) => ({
        field: `nppes.${e.field ?? 'generic'}`,
        message: e.description?.trim() || 'Invalid search',
      })),
    );
  }
  override name = 'ValidationError';
}

export interface NppesClientOptions {
  /** Base URL with `version=2.1`. */
  baseUrl: string;
  /** Injected for tests; default the global fetch. */
  fetch?: typeof fetch;
  /** Per call (ms), default {@link NPPES_TIMEOUT_MS}. */
  timeoutMs?: number;
}

export interface NppesClient {
  /** Records matching the query parameters (`number`, `first_name`, `organization_name`, `limit`, ...). */
  search(params: Record<string, string | number | undefined>): Promise<NppesRecord[]>;
  /** The record of one NPI, or undefined when the registry has none. */
  lookup(npi: string): Promise<NppesRecord | undefined>;
}

function unavailable(reason: string): NppesUnavailableError {
  logger.warn('NPPES call failed', { reason });
  return new NppesUnavailableError(reason);
}

export function createNppesClient(options: NppesClientOptions): NppesClient {
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? NPPES_TIMEOUT_MS;

  async function search(params: Record<string, string | number | undefined>): Promise<NppesRecord[]> {
    const url = new URL(options.baseUrl);
    if (!url.searchParams.has('version')) url.searchParams.set('version', '2.1');
    for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') url.searchParams.set(k, String(v));

    const signal = AbortSignal.timeout(timeoutMs);
    let body: unknown;
    try {
      const res = await doFetch(url, { headers: { accept: 'application/json' }, signal });
      if (!res.ok) {
        // Free the connection; the body is not needed.
        await res.body?.cancel().catch(() => undefined);
        throw unavailable(`HTTP ${res.status}`);
      }
      const text = await res.text();
      try {
        body = JSON.parse(text);
      } catch {
        throw unavailable('response is not JSON');
      }
    } catch (err) {
      if (err instanceof NppesUnavailableError) throw err;
      throw unavailable(
        signal.aborted || (err as Error)?.name === 'TimeoutError' ? 'timeout' : `network: ${(err as Error)?.message}`,
      );
    }
    const answer = body as { Errors?: NppesApiError[]; results?: unknown } | null;
    if (Array.isArray(answer?.Errors) && answer.Errors.length > 0) {
      logger.info('NPPES refused the query', { fields: answer.Errors.map((e) => e.field ?? '?').join(',') });
      throw new NppesQueryError(answer.Errors);
    }
    if (answer === null || typeof answer !== 'object') throw unavailable('response is not a JSON object');
    if (answer.results === undefined) return [];
    if (!Array.isArray(answer.results)) throw unavailable('results is not a list');
    return answer.results as NppesRecord[];
  }

  async function lookup(npi: string): Promise<NppesRecord | undefined> {
    const results = await search({ number: npi });
    // Only the record of this very number: never report another NPI's record as valid.
    return results.find((r) => String(r.number) === npi);
  }

  return { search, lookup };
}

let defaultClient: { client: NppesClient; baseUrl: string; timeoutMs: number } | undefined;

/**
 * The client over the environment's `NPPES_API_URL` and `NPPES_TIMEOUT_MS`, built on first use and
 * rebuilt when either changes (the local runtime sets the environment after import and on restart).
 */
export function nppesClient(): NppesClient {
  const env = getEnv();
  if (
    !defaultClient ||
    defaultClient.baseUrl !== env.NPPES_API_URL ||
    defaultClient.timeoutMs !== env.NPPES_TIMEOUT_MS
  ) {
    const options = { baseUrl: env.NPPES_API_URL, timeoutMs: env.NPPES_TIMEOUT_MS };
    defaultClient = { client: createNppesClient(options), ...options };
  }
  return defaultClient.client;
}

/** Forget the default client (tests, and the local runtime after it changes the environment). */
export function resetNppesClient(): void {
  defaultClient = undefined;
}
