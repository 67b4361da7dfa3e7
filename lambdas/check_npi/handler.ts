/**
 * /check_npi Lambda (spec provider-side sections 5, 7, 8). Sign-in required: otherwise an open
 * proxy to NPPES (a departure from the spec, docs/decisions/0009-spec-departures.md).
 *
 * GET /check_npi?npi=NNNNNNNNNN answers `{ valid, first_name, last_name, status, error, message }`
 * (plus `success`, and `enumeration_type` / `organization_name` when found):
 * - not exactly 10 digits -> 400, error 'NPI must be exactly 10 digits';
 * - check digit wrong (shared/npi.ts) -> 400, error 'NPI not found or invalid'
 *   (the registry is not called);
 * - registry failure (timeout, network, non-2xx, non-JSON, registry `Errors`) -> 502, error
 *   'NPI validation service is temporarily unavailable' (client: lambdas/lib/nppes.ts);
 * - no record -> 404, error 'NPI not found';
 * - found -> 200, valid true, names title-cased (organisations: last_name = organisation name),
 *   status as the registry gives it ('A' active).
 */
import { NPI_MESSAGES, isValidNpi, type NpiCheckResult } from '../../shared';
import { NotFoundError, ValidationError } from '../lib/errors';
import { ok, queryParam, type ApiEvent } from '../lib/http';
import { writeAuditEntry } from '../lib/audit-writer';
import { apiHandler } from '../lib/middleware';
import { invalid, lookupNpi, summarizeRecord } from './summary';

export const NPI_NOT_FOUND = 'NPI not found';

async function checkNpi(event: ApiEvent) {
  const npi = queryParam(event, 'npi') ?? '';
  if (!/^\d{10}$/.test(npi))
    throw new ValidationError([{ field: 'npi', message: NPI_MESSAGES.format }], { body: invalid(NPI_MESSAGES.format) });
  if (!isValidNpi(npi))
    throw new ValidationError([{ field: 'npi', message: NPI_MESSAGES.checkDigit }], {
      body: invalid(NPI_MESSAGES.checkDigit),
    });

  // A registry failure is a BadGatewayError (502) that already carries the NPI answer's fields.
  const record = await lookupNpi(npi);
  if (!record) throw new NotFoundError(NPI_NOT_FOUND, { body: invalid(NPI_NOT_FOUND) });

  const summary = summarizeRecord(record);
  const result: NpiCheckResult & { success: true; npi: string } = {
    success: true,
    npi,
    valid: true,
    ...summary,
    error: '',
    message: 'NPI is valid',
  };
  return ok(result);
}

export const handler = apiHandler('check_npi', { 'GET /check_npi': checkNpi }, { writeAudit: writeAuditEntry });
