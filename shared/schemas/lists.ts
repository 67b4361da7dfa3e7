/**
 * Response schemas of the paged list calls and the case counts that the SPA parses (the lead's design CONTRACT7). Every list answers one page: its items plus
 * `next_cursor` (opaque text), ABSENT on the last page; the client sends it back as `cursor` to
 * read the next page, with the same filters, and `limit` (default 50, capped at 200 by the server).
 *
 * - GET /case?user_id=&status=&limit=&cursor= and GET /case/filter?user_id=&filter=&limit=&cursor=
 *   -> `{ success, cases, count, next_cursor? }`. {@link CaseListPageSchema} also reads the spec's
 *   legacy shapes (provider-side section 7): the list under `data` (also one level down, e.g.
 *   `{ data: { cases: [...] } }`) or the body itself as a list (a server that does not page: no
 *   `next_cursor`, so one page). The cases stay raw (`unknown[]`): the SPA's `normalizeCase` reads
 *   each of the spec's case shapes.
 * - GET /surgeon?user_id=&limit=&cursor= -> `{ success, surgeons, next_cursor? }`,
 *   GET /facility?user_id=&limit=&cursor= -> `{ success, facilities, next_cursor? }`
 *   ({@link SurgeonListPageSchema}, {@link FacilityListPageSchema}: the list read by the tolerant
 *   `parseSurgeonList` / `parseFacilityList` of ./search-responses.ts, any of the spec's wrappers).
 * - GET /case/stats?range=7d|30d|90d|1y|all -> {@link CaseStatsResponseSchema}: `{ success: true,
 *   range, total_cases, total_revenue (dollars), pending_cases (status Paid, 20), incomplete_cases
 *   (status 0), by_status: { "0": n, "10": n, ... "90": n } (all ten statuses), top_users: [{ user_id,
 *   name, case_count }] (at most 5; [] for a provider's own counts) }`. Counts are whole numbers >= 0.
 *
 * A `next_cursor` that is not non-empty text (null, '', a number) counts as absent: the list ends.
 */
import * as z from 'zod';
import { CASE_STATUSES } from '../statuses';
import { parseFacilityList, parseSurgeonList } from './search-responses';
import type { Facility, Surgeon } from './surgeon';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The case list of an answer: `cases`, `data`, one level down in either, or the body itself. */
function casesIn(body: unknown): unknown[] {
  if (Array.isArray(body)) return body;
  if (!isRecord(body)) return [];
  for (const key of ['cases', 'data']) if (Array.isArray(body[key])) return body[key] as unknown[];
  for (const key of ['cases', 'data']) {
    const inner = body[key];
    if (isRecord(inner)) {
      const list = casesIn(inner);
      if (list.length) return list;
    }
  }
  return [];
}

/** The `next_cursor` of an answer (also under `data`): non-empty text, else undefined (last page). */
function cursorIn(body: unknown): string | undefined {
  if (!isRecord(body)) return undefined;
  const raw = body.next_cursor ?? (isRecord(body.data) ? body.data.next_cursor : undefined);
  return typeof raw === 'string' && raw !== '' ? raw : undefined;
}

/** `page` plus `next_cursor` when there is one (never a `next_cursor: undefined` key). */
function withCursor<T extends object>(page: T, cursor: string | undefined): T & { next_cursor?: string } {
  return cursor === undefined ? page : { ...page, next_cursor: cursor };
}

/** One page of cases, whatever wrapper the server used. */
export interface CaseListPage {
  /** The cases as sent (each read by the SPA's `normalizeCase`). */
  cases: unknown[];
  /** Cursor of the next page; undefined on the last page. */
  next_cursor?: string;
}

/** A GET /case or GET /case/filter answer (any of the spec's shapes) -> {@link CaseListPage}. */
export const CaseListPageSchema: z.ZodType<CaseListPage, unknown> = z
  .unknown()
  .transform((body) => withCursor({ cases: casesIn(body) }, cursorIn(body)));

/** One page of a user's surgeons. */
export interface SurgeonListPage {
  surgeons: Surgeon[];
  next_cursor?: string;
}

/** One page of a user's facilities. */
export interface FacilityListPage {
  facilities: Facility[];
  next_cursor?: string;
}

/** A GET /surgeon answer -> {@link SurgeonListPage} (surgeons without an id dropped). */
export const SurgeonListPageSchema: z.ZodType<SurgeonListPage, unknown> = z
  .unknown()
  .transform((body) => withCursor({ surgeons: parseSurgeonList(body) }, cursorIn(body)));

/** A GET /facility answer -> {@link FacilityListPage} (facilities without an id dropped). */
export const FacilityListPageSchema: z.ZodType<FacilityListPage, unknown> = z
  .unknown()
  .transform((body) => withCursor({ facilities: parseFacilityList(body) }, cursorIn(body)));

/** GET /surgeon answer as the server builds it (lambdas/surgeon/handler.ts). */
export type SurgeonListResponse = { success: true; surgeons: Surgeon[]; next_cursor?: string };
/** GET /facility answer as the server builds it (lambdas/facility/handler.ts). */
export type FacilityListResponse = { success: true; facilities: Facility[]; next_cursor?: string };

/** A count: a whole number of 0 or more. */
const count = z.number().int().nonnegative();

/** The `range` values of GET /case/stats (cases created in the last N UTC days, today included; `all`). */
export const CaseStatsRangeSchema = z.enum(['7d', '30d', '90d', '1y', 'all']);
export type CaseStatsRange = z.infer<typeof CaseStatsRangeSchema>;

/** Keys of `by_status`: every case status value as text ("0", "10", ... "90"). */
const statusKeys = CASE_STATUSES.map((s) => String(s.value)) as [string, ...string[]];

/** GET /case/stats answer (CONTRACT7). `total_revenue` in dollars. */
/** `disputes` of GET /case/stats: cases by the state of their next deadline (as of today), and unpaid awards. */
export const DisputeStatsSchema = z.object({
  open: count,
  due_soon: count,
  overdue: count,
  awards_unpaid: count,
  /** Dollars. */
  awards_unpaid_amount: z.number().finite(),
});
export type DisputeStats = z.infer<typeof DisputeStatsSchema>;

export const CaseStatsResponseSchema = z.object({
  success: z.literal(true),
  range: CaseStatsRangeSchema,
  total_cases: count,
  total_revenue: z.number().finite(),
  pending_cases: count,
  incomplete_cases: count,
  by_status: z.record(z.enum(statusKeys), count),
  /** Sum of the pay amounts of each status's cases, dollars (optional: older servers and test fakes). */
  amount_by_status: z.record(z.enum(statusKeys), z.number().finite()).optional(),
  top_users: z.array(z.object({ user_id: z.string(), name: z.string(), case_count: count })).max(5),
  /** Always answered by the server; optional so that a client reads the counts of an older server (and its test fakes). */
  disputes: DisputeStatsSchema.optional(),
});
export type CaseStatsResponse = z.infer<typeof CaseStatsResponseSchema>;

/** The buckets of days in status of GET /case/analytics `aging` (calendar days, UTC), in order. */
export const AGING_BUCKET_LABELS = ['0-7 days', '8-30 days', '31-60 days', '61-90 days', 'Over 90 days'] as const;

/**
 * GET /case/analytics (back office; decision record 0028): pay amounts of the cases created in each of
 * the last 12 months (dollars), the payer mix (most cases first, then "Other payers") and, for every
 * status but Closed, its cases per bucket of days in that status ({@link AGING_BUCKET_LABELS}).
 */
export const CaseAnalyticsSchema = z.object({
  success: z.literal(true),
  pay_by_month: z.array(
    z.object({ month: z.string().regex(/^\d{4}-\d{2}$/), cases: count, amount: z.number().finite() }),
  ),
  payer_mix: z.array(z.object({ payer: z.string(), cases: count, amount: z.number().finite() })),
  aging: z.array(
    z.object({ status: z.number().int(), buckets: z.array(z.number().int()).length(AGING_BUCKET_LABELS.length) }),
  ),
});
export type CaseAnalytics = z.infer<typeof CaseAnalyticsSchema>;
