/**
 * What /check_npi makes of the NPPES registry (spec provider-side sections 5 and 8).
 * The registry client itself is shared: `lambdas/lib/nppes.ts`.
 *
 * - {@link lookupNpi}(npi) -> the record of that NPI or undefined; any registry failure (timeout,
 *   network, non-2xx, non-JSON, `Errors`) becomes `BadGatewayError('NPI validation service is
 *   temporarily unavailable')` (HTTP 502) carrying the failed-answer fields of {@link invalid}.
 * - {@link summarizeRecord}(record) -> names title-cased; organisations: last_name = organisation name.
 */
import { NPI_MESSAGES, formatFacilityName, titleCaseName, type NpiCheckResult } from '../../shared';
import { ApiError, BadGatewayError } from '../lib/errors';
import { nppesClient, type NppesClient, type NppesRecord } from '../lib/nppes';

/**
 * The fields of a failed /check_npi answer (`{ valid: false, first_name: '', last_name: '', status:
 * '', error }`), merged by the middleware next to `success: false` and `message`.
 */
export function invalid(error: string): Omit<NpiCheckResult, 'message'> {
  return { valid: false, first_name: '', last_name: '', status: '', error };
}

/** The registry record of `npi` (10 digits), or undefined; registry failures -> 502 (see module doc). */
export async function lookupNpi(npi: string, client: NppesClient = nppesClient()): Promise<NppesRecord | undefined> {
  try {
    return await client.lookup(npi);
  } catch (err) {
    // A lookup by a well-formed number is never the user's mistake: every failure is the service's.
    if (err instanceof ApiError) {
      throw new BadGatewayError(NPI_MESSAGES.unavailable, { body: invalid(NPI_MESSAGES.unavailable), cause: err });
    }
    throw err;
  }
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
