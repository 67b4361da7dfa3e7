/**
 * A small client of the NPPES NPI Registry API v2.1 (https://npiregistry.cms.hhs.gov/api-page).
 *
 * The base URL comes from the Lambda environment (`NPPES_API_URL`, including `version=2.1`; the real
 * registry by default, the local emulator under `npm start`). Queries add parameters to it, e.g.
 * `&number=1234567893`. The registry answers HTTP 200 with `{ result_count, results }`, or with
 * `{ Errors: [{ description, field, number }] }` for a bad query.
 *
 * Failures of the service (network error, timeout, non-2xx, non-JSON, `Errors`, no `results`) throw
 * `BadGatewayError('NPI validation service is temporarily unavailable')`: the caller answers 502.
 * Used by /check_npi now and by the surgeon/facility searches later.
 */
import { NPI_MESSAGES, formatFacilityName, titleCaseName, type NpiCheckResult } from '../../shared';
import { getEnv } from '../lib/env';
import { BadGatewayError } from '../lib/errors';
import { logger } from '../lib/logger';

/** Default time limit of one registry call (ms). */
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
  address_purpose?: string;
  address_1?: string;
  address_2?: string;
  city?: string;
  state?: string;
  postal_code?: string;
  telephone_number?: string;
}

/** One registry record (the fields Suture reads). */
export interface NppesRecord {
  number: string;
  enumeration_type: 'NPI-1' | 'NPI-2' | string;
  basic: NppesBasic;
  addresses?: NppesAddress[];
  taxonomies?: { code?: string; desc?: string; primary?: boolean }[];
}

export interface NppesClientOptions {
  /** Base URL with `version=2.1`. */
  baseUrl: string;
  /** Injected for tests; default the global fetch. */
  fetch?: typeof fetch;
  /** Per call, default {@link NPPES_TIMEOUT_MS}. */
  timeoutMs?: number;
}

export interface NppesClient {
  /** Records matching the query parameters (`number`, `first_name`, `organization_name`, ...). */
  search(params: Record<string, string | number | undefined>): Promise<NppesRecord[]>;
  /** The record of one NPI, or undefined when the registry has none. */
  lookup(npi: string): Promise<NppesRecord | undefined>;
}

/**
 * The fields of a failed /check_npi answer (`{ valid: false, first_name: '', last_name: '', status:
 * '', error }`), merged by the middleware next to `success: false` and `message`.
 */
export function invalid(error: string): Omit<NpiCheckResult, 'message'> {
  return { valid: false, first_name: '', last_name: '', status: '', error };
}

function unavailable(reason: string): BadGatewayError {
  logger.warn('NPPES call failed', { reason });
  return new BadGatewayError(NPI_MESSAGES.unavailable, invalid(NPI_MESSAGES.unavailable));
}

export function createNppesClient(options: NppesClientOptions): NppesClient {
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? NPPES_TIMEOUT_MS;

  async function search(params: Record<string, string | number | undefined>): Promise<NppesRecord[]> {
    const url = new URL(options.baseUrl);
    if (!url.searchParams.has('version')) url.searchParams.set('version', '2.1');
    for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') url.searchParams.set(k, String(v));

    let res: Response;
    try {
      res = await doFetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(timeoutMs) });
    } catch (err) {
      throw unavailable((err as Error)?.name === 'TimeoutError' ? 'timeout' : `network: ${(err as Error)?.message}`);
    }
    if (!res.ok) throw unavailable(`HTTP ${res.status}`);
    let body: unknown;
    try {
      body = await res.json();
    } catch {
      throw unavailable('response is not JSON');
    }
    const answer = body as { Errors?: { description?: string }[]; results?: unknown };
    if (Array.isArray(answer?.Errors) && answer.Errors.length > 0) {
      throw unavailable(`registry errors: ${answer.Errors.map((e) => e.description ?? '?').join('; ')}`);
    }
    if (answer?.results === undefined) return [];
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

let defaultClient: NppesClient | undefined;

/** The client over the environment's `NPPES_API_URL` (built on first use). */
export function nppesClient(): NppesClient {
  defaultClient ??= createNppesClient({ baseUrl: getEnv().NPPES_API_URL });
  return defaultClient;
}

/** Forget the default client (tests). */
export function resetNppesClient(): void {
  defaultClient = undefined;
}

/** What /check_npi reports of a record: names title-cased; organisations: last_name = organisation name. */
export interface NpiSummary {
  first_name: string;
  last_name: string;
  status: string;
  enumeration_type: string;
  organization_name?: string;
}

export function summarizeRecord(record: NppesRecord): NpiSummary {
  const b = record.basic ?? {};
  const status = typeof b.status === 'string' ? b.status : '';
  if (record.enumeration_type === 'NPI-2' || (b.organization_name && !b.last_name)) {
    const org = formatFacilityName(b.organization_name ?? '');
    return {
      first_name: '',
      last_name: org,
      status,
      enumeration_type: record.enumeration_type,
      organization_name: org,
    };
  }
  return {
    first_name: titleCaseName(b.first_name ?? ''),
    last_name: titleCaseName(b.last_name ?? ''),
    status,
    enumeration_type: record.enumeration_type,
  };
}
