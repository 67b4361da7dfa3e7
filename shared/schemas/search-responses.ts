/**
 * Response schemas of the surgeon and facility calls that the SPA parses (spec provider-side
 * sections 3 and 7). Request bodies live in ./surgeon.ts.
 *
 * - GET /surgeon/search?first_name=&last_name= -> `{ surgeons: [{ npi, first_name, last_name,
 *   address, city, state, zip }] }` (at most 10; `npi` as text or number, normalised to 10-digit text).
 * - GET /facility/search?facility_name= -> `{ facilities: [{ facility_name, npi, address, city, state, zip }] }`.
 * - GET /surgeon?user_id= and GET /facility?user_id=: the list in `surgeons` / `facilities`, or one of
 *   the spec's legacy wrappers `data`, `items`, `list` (also nested one level, or the body itself as a
 *   list). {@link parseSurgeonList} and {@link parseFacilityList} are the one place that reads them.
 * - POST/PATCH answers `{ success, message, surgeon | facility }`: {@link savedItemId} reads the id.
 *
 * Parsing is tolerant per item: an item without an id (lists) or without a name (search) is dropped,
 * absent text becomes '', an absent or non-numeric NPI becomes 0 (lists) or '' (search).
 */
import * as z from 'zod';
import type { Facility, Surgeon } from './surgeon';

/** Text from text or a number; anything else ''. */
const looseText = z.preprocess(
  (v) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : typeof v === 'string' ? v : ''),
  z.string(),
);
/** NPI from text or a number -> trimmed digit text ('' when absent). */
const searchNpi = z.preprocess(
  (v) => (typeof v === 'number' && Number.isFinite(v) ? String(Math.trunc(v)) : typeof v === 'string' ? v.trim() : ''),
  z.string(),
);
/** NPI from text or a number -> number (0 when absent or not a number), as the entities store it. */
const storedNpi = z.preprocess((v) => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v.trim()) : 0;
  return Number.isFinite(n) ? n : 0;
}, z.number());

/** One surgeon found in the NPI registry (spec section 3 "Search results"). */
export const SurgeonSearchResultSchema = z.object({
  npi: searchNpi,
  first_name: looseText,
  last_name: looseText,
  address: looseText,
  city: looseText,
  state: looseText,
  zip: looseText,
});
export type SurgeonSearchResult = z.infer<typeof SurgeonSearchResultSchema>;

/** One facility found in the NPI registry. */
export const FacilitySearchResultSchema = z.object({
  facility_name: looseText,
  npi: searchNpi,
  address: looseText,
  city: looseText,
  state: looseText,
  zip: looseText,
});
export type FacilitySearchResult = z.infer<typeof FacilitySearchResultSchema>;

/** Keeps the items of `schema` that parse; drops the others. */
const tolerantList = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (v) => (Array.isArray(v) ? v : []),
    z.array(z.unknown()).transform((items) =>
      items.flatMap((item) => {
        const r = schema.safeParse(item);
        return r.success ? [r.data as z.output<T>] : [];
      }),
    ),
  );

/** GET /surgeon/search answer; results without any name are dropped; at most 10 kept. */
export const SurgeonSearchResponseSchema = z.object({
  surgeons: tolerantList(SurgeonSearchResultSchema).transform((list) =>
    list.filter((s) => s.first_name.trim() !== '' || s.last_name.trim() !== '').slice(0, 10),
  ),
});

/** GET /facility/search answer; results without a name are dropped; at most 10 kept. */
export const FacilitySearchResponseSchema = z.object({
  facilities: tolerantList(FacilitySearchResultSchema).transform((list) =>
    list.filter((f) => f.facility_name.trim() !== '').slice(0, 10),
  ),
});

/** One stored surgeon as GET /surgeon lists it (`surgeon_id` or `id`). */
export const SurgeonItemSchema = z
  .object({
    surgeon_id: looseText.optional(),
    id: looseText.optional(),
    user_id: looseText.optional(),
    first_name: looseText.optional(),
    last_name: looseText.optional(),
    surgeon_npi: storedNpi.optional(),
    surgeon_addr: looseText.optional(),
    surgeon_city: looseText.optional(),
    surgeon_state: looseText.optional(),
    surgeon_zip: looseText.optional(),
    manual_entry: z.unknown().optional(),
    createdAt: looseText.optional(),
    updatedAt: looseText.optional(),
  })
  .transform((s): Surgeon => ({
    surgeon_id: s.surgeon_id || s.id || '',
    id: s.id || s.surgeon_id || '',
    user_id: s.user_id ?? '',
    first_name: s.first_name ?? '',
    last_name: s.last_name ?? '',
    surgeon_npi: s.surgeon_npi ?? 0,
    surgeon_addr: s.surgeon_addr ?? '',
    surgeon_city: s.surgeon_city ?? '',
    surgeon_state: s.surgeon_state ?? '',
    surgeon_zip: s.surgeon_zip ?? '',
    manual_entry: s.manual_entry === true || s.manual_entry === 'true',
    createdAt: s.createdAt ?? '',
    updatedAt: s.updatedAt ?? '',
  }));

/** One stored facility as GET /facility lists it (`facility_id` or `id`). */
export const FacilityItemSchema = z
  .object({
    facility_id: looseText.optional(),
    id: looseText.optional(),
    user_id: looseText.optional(),
    facility_name: looseText.optional(),
    facility_npi: storedNpi.optional(),
    facility_addr: looseText.optional(),
    facility_city: looseText.optional(),
    facility_state: looseText.optional(),
    facility_zip: looseText.optional(),
    manual_entry: z.unknown().optional(),
    createdAt: looseText.optional(),
    updatedAt: looseText.optional(),
  })
  .transform((f): Facility => ({
    facility_id: f.facility_id || f.id || '',
    id: f.id || f.facility_id || '',
    user_id: f.user_id ?? '',
    facility_name: f.facility_name ?? '',
    facility_npi: f.facility_npi ?? 0,
    facility_addr: f.facility_addr ?? '',
    facility_city: f.facility_city ?? '',
    facility_state: f.facility_state ?? '',
    facility_zip: f.facility_zip ?? '',
    manual_entry: f.manual_entry === true || f.manual_entry === 'true',
    createdAt: f.createdAt ?? '',
    updatedAt: f.updatedAt ?? '',
  }));

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The first array under one of `keys` (also one level down, e.g. `{ data: { items: [...] } }`), or the body itself. */
function listIn(body: unknown, keys: readonly string[]): unknown[] {
  if (Array.isArray(body)) return body;
  if (!isRecord(body)) return [];
  for (const key of keys) {
    const value = body[key];
    if (Array.isArray(value)) return value;
  }
  for (const key of keys) {
    const value = body[key];
    if (isRecord(value)) {
      const inner = listIn(value, keys);
      if (inner.length) return inner;
    }
  }
  return [];
}

/** Legacy list wrappers of the spec (section 7: "list in surgeons, data, items or list"). */
export const SURGEON_LIST_KEYS = ['surgeons', 'data', 'items', 'list'] as const;
export const FACILITY_LIST_KEYS = ['facilities', 'data', 'items', 'list'] as const;

/** GET /surgeon answer (any of the spec's wrappers) -> surgeons with an id; malformed items dropped. */
export function parseSurgeonList(body: unknown): Surgeon[] {
  return listIn(body, SURGEON_LIST_KEYS).flatMap((item) => {
    const r = SurgeonItemSchema.safeParse(item);
    return r.success && r.data.surgeon_id !== '' ? [r.data] : [];
  });
}

/** GET /facility answer (any of the spec's wrappers) -> facilities with an id; malformed items dropped. */
export function parseFacilityList(body: unknown): Facility[] {
  return listIn(body, FACILITY_LIST_KEYS).flatMap((item) => {
    const r = FacilityItemSchema.safeParse(item);
    return r.success && r.data.facility_id !== '' ? [r.data] : [];
  });
}

/**
 * The id of the item a POST/PATCH answered with (`{ surgeon: {...} }`, `{ facility: {...} }`,
 * `{ data: {...} }` or flat), or '' when the answer names none.
 */
export function savedItemId(body: unknown, kind: 'surgeon' | 'facility'): string {
  if (!isRecord(body)) return '';
  const idKey = kind === 'surgeon' ? 'surgeon_id' : 'facility_id';
  for (const candidate of [body[kind], body.data, body]) {
    if (isRecord(candidate)) {
      const id = candidate[idKey] ?? candidate.id;
      if (typeof id === 'string' && id !== '') return id;
    }
  }
  return '';
}

/** GET /surgeon/search answer as the server builds it. */
export type SurgeonSearchResponse = { surgeons: SurgeonSearchResult[] };
/** GET /facility/search answer as the server builds it. */
export type FacilitySearchResponse = { facilities: FacilitySearchResult[] };
