/**
 * NPPES NPI Registry API emulator, served by the local runtime at
 * `/nppes/api/?version=2.1&...` over the fictitious registry of `nppes-registry.ts`.
 *
 * Mirrors the public API v2.1 (https://npiregistry.cms.hhs.gov/api-page):
 * - query parameters: version (must be 2.1), number, enumeration_type (NPI-1 | NPI-2),
 *   taxonomy_description, first_name, last_name, organization_name, address_purpose
 *   (LOCATION | MAILING | PRIMARY | SECONDARY), city, state, postal_code, country_code, limit
 *   (1..200, default 10), skip (0..1000, default 0), pretty;
 * - text criteria are case-insensitive exact matches, or prefix matches with a trailing `*`
 *   after at least 2 characters; a 5-digit postal_code also matches its ZIP+4 codes;
 *   taxonomy_description matches any part of a taxonomy's description;
 * - answers are always HTTP 200: `{ result_count, results }` (result_count = results returned),
 *   or `{ Errors: [{ description, field, number }] }` for a bad query. The error wording follows
 *   the real registry where known ("No valid search criteria provided"); the others are close
 *   approximations. Names (first_name, last_name, organization_name) with characters other than
 *   letters, digits, space and . , ' & - / ( ) are refused ("Field last_name contains invalid
 *   characters").
 *
 * Failure triggers, so that tests (and a person trying `npm start`) can make the registry slow or
 * down on demand: when `first_name`, `last_name` or `organization_name` starts (case-insensitively,
 * wildcard or not) with one of these reserved fictitious names, the emulator
 * - `ZZSLOW`: waits {@link NPPES_SLOW_DELAY_MS} (6,000 ms, more than the Lambdas' default 5,000 ms
 *   `NPPES_TIMEOUT_MS`) before answering normally;
 * - `ZZDOWN`: answers HTTP 500 with a plain-text body;
 * - `ZZNOTJSON`: answers HTTP 200 with an HTML body.
 * See {@link NPPES_TRIGGERS}. No real registry name starts with `ZZ` in the fictitious data.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isUsStateCode } from '../shared/states';
import { getRegistry, type NppesAddress, type NppesRegistry, type NppesResult } from './nppes-registry';

export interface NppesError {
  description: string;
  field: string;
  number: string;
}

export interface NppesSearchResponse {
  result_count: number;
  results: NppesResult[];
}

export interface NppesErrorResponse {
  Errors: NppesError[];
}

export type NppesAnswer = NppesSearchResponse | NppesErrorResponse;

/** Parameters that select records (anything else alone is "no valid search criteria"). */
const CRITERIA = [
  'number',
  'taxonomy_description',
  'first_name',
  'last_name',
  'organization_name',
  'city',
  'state',
  'postal_code',
  'country_code',
] as const;

/** Name criteria, checked against {@link NAME_CHARACTERS}. */
const NAME_FIELDS = ['first_name', 'last_name', 'organization_name'] as const;
/**
 * Characters the emulator accepts in names (letters, digits, space and . , ' & - / ( ) plus the
 * wildcard); anything else is an `Errors` answer (an approximation of the registry's own check).
 */
const NAME_CHARACTERS = /^[\p{L}\p{N} .,'&\-/()*]+$/u;

/** Parameters that accept a trailing `*` wildcard. */
const WILDCARD_FIELDS = [
  'first_name',
  'last_name',
  'organization_name',
  'city',
  'postal_code',
  'taxonomy_description',
] as const;

/** Reserved name prefixes that make the emulator misbehave (see the module doc). */
export const NPPES_TRIGGERS = { slow: 'ZZSLOW', down: 'ZZDOWN', notJson: 'ZZNOTJSON' } as const;
/** How long the `ZZSLOW` trigger waits before answering (ms). */
export const NPPES_SLOW_DELAY_MS = 6000;

export const NPPES_MAX_LIMIT = 200;
export const NPPES_DEFAULT_LIMIT = 10;
export const NPPES_MAX_SKIP = 1000;

/** A text matcher for one criterion: exact (case-insensitive) or prefix with a trailing `*`. */
function textMatcher(raw: string): (value: string | undefined) => boolean {
  const v = raw.trim().toUpperCase();
  if (v.endsWith('*')) {
    const prefix = v.slice(0, -1);
    return (value) => value !== undefined && value.toUpperCase().startsWith(prefix);
  }
  return (value) => value !== undefined && value.toUpperCase() === v;
}

function param(params: URLSearchParams, name: string): string | undefined {
  const v = params.get(name);
  return v === null || v.trim() === '' ? undefined : v.trim();
}

function validate(params: URLSearchParams): NppesError[] {
  const errors: NppesError[] = [];
  const version = param(params, 'version');
  if (version !== '2.1') {
    errors.push({ description: 'Unsupported Version', field: 'version', number: '01' });
    return errors;
  }

  const present = CRITERIA.filter((c) => param(params, c) !== undefined);
  if (present.length === 0) {
    errors.push({ description: 'No valid search criteria provided', field: 'generic', number: '04' });
    return errors;
  }
  if (present.length === 1 && (present[0] === 'state' || present[0] === 'country_code')) {
    errors.push({
      description: `Field ${present[0]} requires additional search criteria`,
      field: present[0],
      number: '06',
    });
  }

  for (const field of WILDCARD_FIELDS) {
    const v = param(params, field);
    if (v === undefined || !v.includes('*')) continue;
    if (!v.endsWith('*') || v.indexOf('*') !== v.length - 1 || v.length - 1 < 2) {
      errors.push({
        description: `Field ${field} requires at least 2 characters with a trailing wildcard (*)`,
        field,
        number: '07',
      });
    }
  }

  for (const field of NAME_FIELDS) {
    const v = param(params, field);
    if (v !== undefined && !NAME_CHARACTERS.test(v)) {
      errors.push({ description: `Field ${field} contains invalid characters`, field, number: '14' });
    }
  }

  const number = param(params, 'number');
  if (number !== undefined && !/^\d{10}$/.test(number)) {
    errors.push({ description: 'Field number must be 10 digits', field: 'number', number: '08' });
  }
  const type = param(params, 'enumeration_type');
  if (type !== undefined && !['NPI-1', 'NPI-2'].includes(type.toUpperCase())) {
    errors.push({
      description: 'Field enumeration_type must be NPI-1 or NPI-2',
      field: 'enumeration_type',
      number: '09',
    });
  }
  const state = param(params, 'state');
  if (state !== undefined && !isUsStateCode(state.toUpperCase())) {
    errors.push({ description: 'Field state must be a valid 2-letter state code', field: 'state', number: '10' });
  }
  const purpose = param(params, 'address_purpose');
  if (purpose !== undefined && !['LOCATION', 'MAILING', 'PRIMARY', 'SECONDARY'].includes(purpose.toUpperCase())) {
    errors.push({
      description: 'Field address_purpose must be LOCATION, MAILING, PRIMARY or SECONDARY',
      field: 'address_purpose',
      number: '11',
    });
  }
  const limit = param(params, 'limit');
  if (limit !== undefined && (!/^\d+$/.test(limit) || Number(limit) < 1 || Number(limit) > NPPES_MAX_LIMIT)) {
    errors.push({ description: `Field limit must be between 1 and ${NPPES_MAX_LIMIT}`, field: 'limit', number: '12' });
  }
  const skip = param(params, 'skip');
  if (skip !== undefined && (!/^\d+$/.test(skip) || Number(skip) > NPPES_MAX_SKIP)) {
    errors.push({ description: `Field skip must be between 0 and ${NPPES_MAX_SKIP}`, field: 'skip', number: '13' });
  }
  return errors;
}

function addressesFor(record: NppesResult, purpose: string | undefined): NppesAddress[] {
  switch (purpose?.toUpperCase()) {
    case 'LOCATION':
    case 'PRIMARY':
      return record.addresses.filter((a) => a.address_purpose === 'LOCATION');
    case 'MAILING':
      return record.addresses.filter((a) => a.address_purpose === 'MAILING');
    case 'SECONDARY':
      return record.practiceLocations;
    default:
      return [...record.addresses, ...record.practiceLocations];
  }
}

/**
 * Answer one API query (the parsed query string) from the registry. Never throws: bad queries
 * give `{ Errors }` like the real API.
 */
export function searchNppes(params: URLSearchParams, registry: NppesRegistry = getRegistry()): NppesAnswer {
  const errors = validate(params);
  if (errors.length > 0) return { Errors: errors };

  const filters: ((r: NppesResult) => boolean)[] = [];
  const number = param(params, 'number');
  if (number !== undefined) filters.push((r) => r.number === number);

  const type = param(params, 'enumeration_type')?.toUpperCase();
  if (type !== undefined) filters.push((r) => r.enumeration_type === type);

  const first = param(params, 'first_name');
  if (first !== undefined) {
    const m = textMatcher(first);
    filters.push((r) => r.enumeration_type === 'NPI-1' && m(r.basic.first_name));
  }
  const last = param(params, 'last_name');
  if (last !== undefined) {
    const m = textMatcher(last);
    filters.push((r) => r.enumeration_type === 'NPI-1' && m(r.basic.last_name));
  }
  const org = param(params, 'organization_name');
  if (org !== undefined) {
    const m = textMatcher(org);
    filters.push((r) => r.enumeration_type === 'NPI-2' && m(r.basic.organization_name));
  }
  const taxonomy = param(params, 'taxonomy_description');
  if (taxonomy !== undefined) {
    const needle = taxonomy.replace(/\*$/, '').toUpperCase();
    filters.push((r) => r.taxonomies.some((t) => t.desc.toUpperCase().includes(needle)));
  }

  const city = param(params, 'city');
  const state = param(params, 'state');
  const postal = param(params, 'postal_code');
  const country = param(params, 'country_code');
  if (city !== undefined || state !== undefined || postal !== undefined || country !== undefined) {
    const purpose = param(params, 'address_purpose');
    const cityM = city !== undefined ? textMatcher(city) : () => true;
    const stateM = state !== undefined ? textMatcher(state) : () => true;
    const countryM = country !== undefined ? textMatcher(country) : () => true;
    const postalM =
      postal === undefined
        ? () => true
        : /^\d{5}$/.test(postal)
          ? (v: string | undefined) => v?.startsWith(postal) ?? false
          : textMatcher(postal);
    filters.push((r) =>
      addressesFor(r, purpose).some(
        (a) => cityM(a.city) && stateM(a.state) && postalM(a.postal_code) && countryM(a.country_code),
      ),
    );
  }

  const limit = Number(param(params, 'limit') ?? NPPES_DEFAULT_LIMIT);
  const skip = Number(param(params, 'skip') ?? 0);
  const matches = registry.all.filter((r) => filters.every((f) => f(r)));
  const results = matches.slice(skip, skip + limit);
  return { result_count: results.length, results };
}

/**
 * Node http handler for `GET /nppes/api/?...`: writes the JSON answer (always 200, like the real
 * API; 405 for other methods).
 */
export function handleNppesRequest(req: IncomingMessage, res: ServerResponse, url: URL): void {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { 'content-type': 'application/json', allow: 'GET' });
    res.end(JSON.stringify({ message: 'Method Not Allowed' }));
    return;
  }
  const trigger = triggerOf(url.searchParams);
  if (trigger === 'down') {
    res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
    res.end('Internal Server Error');
    return;
  }
  if (trigger === 'notJson') {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end('<html><body>The NPI Registry is under maintenance.</body></html>');
    return;
  }
  if (trigger === 'slow') {
    const timer = setTimeout(() => answerNppes(req, res, url), NPPES_SLOW_DELAY_MS);
    res.on('close', () => clearTimeout(timer));
    return;
  }
  answerNppes(req, res, url);
}

/** Which failure trigger a query asks for, if any (see the module doc). */
export function triggerOf(params: URLSearchParams): keyof typeof NPPES_TRIGGERS | undefined {
  const names = ['first_name', 'last_name', 'organization_name'].map((n) => (params.get(n) ?? '').trim().toUpperCase());
  for (const [trigger, prefix] of Object.entries(NPPES_TRIGGERS)) {
    if (names.some((v) => v.startsWith(prefix))) return trigger as keyof typeof NPPES_TRIGGERS;
  }
  return undefined;
}

function answerNppes(req: IncomingMessage, res: ServerResponse, url: URL): void {
  if (res.destroyed || res.writableEnded) return;
  const answer = searchNppes(url.searchParams);
  const pretty = (url.searchParams.get('pretty') ?? '').toLowerCase();
  const body = pretty === 'on' || pretty === 'true' ? JSON.stringify(answer, null, 2) : JSON.stringify(answer);
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'access-control-allow-origin': '*' });
  res.end(req.method === 'HEAD' ? undefined : body);
}
