/**
 * Surgeon and facility search over the NPPES NPI Registry 2.1 (spec
 * provider-side sections 3, 5, 7 and 9). Used by GET /surgeon/search and GET /facility/search.
 *
 * Query rules (both searches):
 * - each search text is trimmed, inner whitespace collapsed and any `*` the user typed removed;
 * - fewer than {@link SEARCH_MIN_CHARS} (2) characters in total -> no results, the registry is not
 *   called (spec section 5: "fewer returns an empty result");
 * - a text of 2 or more characters gets the registry's trailing `*` wildcard (prefix match); a
 *   1-character text is sent as is (exact match), since the registry refuses a wildcard after fewer
 *   than 2 characters;
 * - surgeons: `enumeration_type=NPI-1` with `first_name` and/or `last_name` (either alone is
 *   accepted; both must match). The same text as both names is the spec's one-word search mode
 *   (section 5: "With one word, it is sent as both first and last name"): it finds people whose
 *   last OR first name starts with it, two registry calls in parallel, last-name matches first;
 * - facilities: `enumeration_type=NPI-2` with `organization_name` (the registry matches only the
 *   start of the name), narrowed by the registry's `city`, `state` and `postal_code` when given;
 * - `limit` {@link NPPES_FETCH_LIMIT} (20) is asked of the registry, then inactive records
 *   (`basic.status` other than 'A') and repeated numbers are dropped and at most
 *   PICKER_RESULTS_SHOWN (10) are kept, in the registry's order.
 *
 * Result shapes (`shared/schemas/surgeon.ts`): surgeons `{ npi, first_name, last_name, address,
 * city, state, zip }`, facilities `{ facility_name, npi, address, city, state, zip }`. `npi` is the
 * 10-digit NPI as text; names and cities title-cased with shared/display.ts (facility names keep
 * INC, LLC, PC, MD, PA; addresses keep street suffixes); `address` is line 1 and line 2 joined by
 * ', ' from the practice location address (address_purpose LOCATION), else the mailing address;
 * state upper-cased; zip `12345` or `12345-6789` ('' when the registry gives neither).
 *
 * Cache: successful answers are kept per normalised query (kind + lower-cased texts) in this
 * module, so a warm Lambda answers a repeated query without calling the registry: at most
 * {@link SEARCH_CACHE_MAX_ENTRIES} (500) entries, each for {@link SEARCH_CACHE_TTL_MS} (300,000 ms =
 * 5 minutes); the oldest entry is evicted first. Failures are never cached.
 *
 * Errors (from the client, `lambdas/lib/nppes.ts`): registry slow (over `NPPES_TIMEOUT_MS`, 5000 ms)
 * or down -> `BadGatewayError` (502, 'Service temporarily unavailable. Please try again in a
 * moment.'); registry `Errors` -> `ValidationError` (400, the registry's description).
 */
import {
  PICKER_RESULTS_SHOWN,
  SEARCH_MIN_CHARS,
  formatAddress,
  formatFacilityName,
  formatState,
  titleCaseName,
  type FacilitySearchResult,
  type SurgeonSearchResult,
} from '../../shared';
import { nppesClient, type NppesAddress, type NppesClient, type NppesRecord } from './nppes';

/** Records asked of the registry per search (room for dropped inactive records). */
export const NPPES_FETCH_LIMIT = 2 * PICKER_RESULTS_SHOWN;
/** How long a search answer is reused (ms). */
export const SEARCH_CACHE_TTL_MS = 5 * 60 * 1000;
/** Most search answers kept in the module cache. */
export const SEARCH_CACHE_MAX_ENTRIES = 500;

/** A small time-bounded, size-bounded cache (insertion order = eviction order). */
export class TtlCache<V> {
  private readonly entries = new Map<string, { expiresAt: number; value: V }>();

  constructor(
    readonly maxEntries: number,
    /** Lifetime of an entry (ms). */
    readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, { expiresAt: this.now() + this.ttlMs, value });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
  }

  get size(): number {
    return this.entries.size;
  }

  clear(): void {
    this.entries.clear();
  }
}

type CachedAnswer = SurgeonSearchResult[] | FacilitySearchResult[];
const searchCache = new TtlCache<CachedAnswer>(SEARCH_CACHE_MAX_ENTRIES, SEARCH_CACHE_TTL_MS);

/** Empty the module cache (tests). */
export function clearSearchCache(): void {
  searchCache.clear();
}

export interface SearchDeps {
  /** Default: the environment's client (`nppesClient()`). */
  client?: NppesClient;
  /** Default: the module cache. */
  cache?: TtlCache<CachedAnswer>;
}

/** A search text as sent to the registry's rules: trimmed, whitespace collapsed, `*` removed. */
export function normalizeSearchText(text: string | undefined | null): string {
  return (text ?? '').replace(/\*/g, '').replace(/\s+/g, ' ').trim();
}

/** The registry criterion for a normalised text: prefix wildcard from 2 characters, else exact; undefined when empty. */
export function registryTerm(text: string): string | undefined {
  if (text === '') return undefined;
  return text.length >= SEARCH_MIN_CHARS ? `${text}*` : text;
}

/** The practice location address, else the mailing address, else the first one. */
export function chooseAddress(addresses: readonly NppesAddress[] | undefined): NppesAddress {
  const list = addresses ?? [];
  return (
    list.find((a) => a.address_purpose?.toUpperCase() === 'LOCATION') ??
    list.find((a) => a.address_purpose?.toUpperCase() === 'MAILING') ??
    list[0] ??
    {}
  );
}

/** `123456789` -> `12345-6789`, `12345` stays, anything else ''. */
export function formatZip(postal: string | undefined): string {
  const d = (postal ?? '').replace(/\D/g, '');
  if (d.length === 9) return `${d.slice(0, 5)}-${d.slice(5)}`;
  return d.length === 5 ? d : '';
}

function addressFields(record: NppesRecord): { address: string; city: string; state: string; zip: string } {
  const a = chooseAddress(record.addresses);
  const lines = [a.address_1, a.address_2].map((l) => (l ?? '').trim()).filter(Boolean);
  return {
    address: formatAddress(lines.join(', ')),
    city: titleCaseName(a.city ?? ''),
    state: formatState(a.state),
    zip: formatZip(a.postal_code),
  };
}

/** A surgeon search result from an NPI-1 record. */
export function toSurgeonResult(record: NppesRecord): SurgeonSearchResult {
  return {
    npi: String(record.number),
    first_name: titleCaseName(record.basic?.first_name ?? ''),
    last_name: titleCaseName(record.basic?.last_name ?? ''),
    ...addressFields(record),
  };
}

/** A facility search result from an NPI-2 record. */
export function toFacilityResult(record: NppesRecord): FacilitySearchResult {
  const { address, city, state, zip } = addressFields(record);
  return {
    facility_name: formatFacilityName(record.basic?.organization_name ?? ''),
    npi: String(record.number),
    address,
    city,
    state,
    zip,
  };
}

/** Active records of the wanted type with a 10-digit number, each number once, at most 10. */
function keep(records: readonly NppesRecord[], type: 'NPI-1' | 'NPI-2'): NppesRecord[] {
  const seen = new Set<string>();
  const out: NppesRecord[] = [];
  for (const r of records) {
    const number = String(r?.number ?? '');
    if (r?.enumeration_type !== type || r.basic?.status !== 'A' || !/^\d{10}$/.test(number)) continue;
    if (seen.has(number)) continue;
    seen.add(number);
    out.push(r);
    if (out.length === PICKER_RESULTS_SHOWN) break;
  }
  return out;
}

async function cached<T extends CachedAnswer>(key: string, deps: SearchDeps, load: () => Promise<T>): Promise<T> {
  const cache = deps.cache ?? searchCache;
  const hit = cache.get(key);
  if (hit) return hit as T;
  const value = await load();
  cache.set(key, value);
  return value;
}

/**
 * Individuals (NPI-1) whose names start with the given texts (see the module doc for the rules).
 * Throws BadGatewayError (502) or ValidationError (400) as the module doc says.
 */
export async function searchSurgeons(
  query: { first_name?: string; last_name?: string },
  deps: SearchDeps = {},
): Promise<SurgeonSearchResult[]> {
  const first = normalizeSearchText(query.first_name);
  const last = normalizeSearchText(query.last_name);
  if (first.length + last.length < SEARCH_MIN_CHARS) return [];
  const key = `surgeon\u0000${first.toLowerCase()}\u0000${last.toLowerCase()}`;
  return cached(key, deps, async () => {
    const client = deps.client ?? nppesClient();
    const ask = (names: { first_name?: string; last_name?: string }) =>
      client.search({ enumeration_type: 'NPI-1', ...names, limit: NPPES_FETCH_LIMIT });
    if (first !== '' && first.toLowerCase() === last.toLowerCase()) {
      // One word: either name.
      const [byLast, byFirst] = await Promise.all([
        ask({ last_name: registryTerm(last) }),
        ask({ first_name: registryTerm(first) }),
      ]);
      return keep([...byLast, ...byFirst], 'NPI-1').map(toSurgeonResult);
    }
    const records = await ask({ first_name: registryTerm(first), last_name: registryTerm(last) });
    return keep(records, 'NPI-1').map(toSurgeonResult);
  });
}

/**
 * Organisations (NPI-2) whose names start with the given text, in the given city, state and ZIP when
 * given (see the module doc for the rules); callers validate state (2 letters) and zip (5 digits).
 * Throws BadGatewayError (502) or ValidationError (400) as the module doc says.
 */
export async function searchFacilities(
  query: { facility_name?: string; city?: string; state?: string; zip?: string },
  deps: SearchDeps = {},
): Promise<FacilitySearchResult[]> {
  const name = normalizeSearchText(query.facility_name);
  if (name.length < SEARCH_MIN_CHARS) return [];
  // The registry's own narrowing parameters: city exact (any case), state code, 5-digit ZIP.
  const city = normalizeSearchText(query.city) || undefined;
  const state = query.state?.trim().toUpperCase() || undefined;
  const zip = query.zip?.trim() || undefined;
  const key = ['facility', name, city ?? '', state ?? '', zip ?? ''].join('\u0000').toLowerCase();
  return cached(key, deps, async () => {
    const records = await (deps.client ?? nppesClient()).search({
      enumeration_type: 'NPI-2',
      organization_name: registryTerm(name),
      city,
      state,
      postal_code: zip,
      limit: NPPES_FETCH_LIMIT,
    });
    return keep(records, 'NPI-2').map(toFacilityResult);
  });
}
