/**
 * Server exports of a list above the browser's 10,000 rows (docs/decisions/0029-server-exports.md):
 * `POST /export { list, filters }` starts a job, `GET /export?export_id=` tells its state and, once
 * done, a presigned link to the CSV (columns: shared/csv-columns.ts).
 * A list's filters are the query parameters of its call (their contracts: ./api-queries.ts and
 * ./dispute-api.ts) without `limit` and `cursor`; the list call itself checks their values.
 */
import * as z from 'zod';
import { TEXT_LIMITS } from '../constants';
import { AuditQuerySchema, CaseQuerySchema, SearchPageQuerySchema } from './api-queries';
import { DisputeAwardsQuerySchema, DisputeQueueQuerySchema } from './dispute-api';

/** Prefix of every export in the documents bucket (the file and its state; infra/storage.ts expires it). */
export const EXPORTS_PREFIX = 'private/exports/';
/** Days an export is kept (the bucket's lifecycle rule). */
export const EXPORT_RETENTION_DAYS = 7;

/** The lists a server export reads, each through its own list call. */
export const EXPORT_LISTS = ['cases', 'deadlines', 'awards', 'users', 'audit'] as const;
export type ExportList = (typeof EXPORT_LISTS)[number];

/** The route each list reads, page by page, with the caller's rights. */
export const EXPORT_LIST_ROUTES: Record<ExportList, string> = {
  cases: 'GET /case',
  deadlines: 'GET /dispute/queue',
  awards: 'GET /dispute/awards',
  users: 'GET /user/list',
  audit: 'GET /audit',
};

/** Parameters of every list call that are not filters: the job pages itself. */
const PAGING = ['limit', 'cursor'];
const keysOf = (shape: Record<string, unknown>, notFilters: readonly string[] = []) =>
  Object.keys(shape).filter((k) => !PAGING.includes(k) && !notFilters.includes(k));

/** The filter names of each list: its call's query parameters (GET /case's `case_id` reads one case). */
export const EXPORT_FILTERS: Record<ExportList, readonly string[]> = {
  cases: keysOf(CaseQuerySchema.shape, ['case_id']),
  deadlines: keysOf(DisputeQueueQuerySchema.shape),
  awards: keysOf(DisputeAwardsQuerySchema.shape),
  users: keysOf(SearchPageQuerySchema.shape),
  audit: keysOf(AuditQuerySchema.shape),
};

export const EXPORT_MESSAGES = {
  list: `list must be one of ${EXPORT_LISTS.join(', ')}`,
  unknownFilter: (list: ExportList, name: string) =>
    `${name} is not a filter of the ${list} list (filters: ${EXPORT_FILTERS[list].join(', ')})`,
  filterValue: 'a filter is a text, a number or true/false',
  exportId: 'export_id must be the id that POST /export answered',
  notFound: 'Export not found',
  failed: 'The export failed. Please try again.',
} as const;

const FilterValueSchema = z
  .union([z.string().max(TEXT_LIMITS.text), z.number(), z.boolean()], { error: EXPORT_MESSAGES.filterValue })
  .meta({ description: 'As the list call takes it in its query string.' });

/** POST /export. */
export const ExportRequestSchema = z
  .object({
    list: z.enum(EXPORT_LISTS, { error: EXPORT_MESSAGES.list }),
    filters: z
      .record(z.string().max(TEXT_LIMITS.id), FilterValueSchema)
      .optional()
      .meta({ description: "The list call's query parameters (not `limit` nor `cursor`)." }),
  })
  .strict()
  .superRefine((value, ctx) => {
    for (const name of Object.keys(value.filters ?? {})) {
      if (!EXPORT_FILTERS[value.list].includes(name)) {
        ctx.addIssue({
          code: 'custom',
          path: ['filters', name],
          message: EXPORT_MESSAGES.unknownFilter(value.list, name),
        });
      }
    }
  });
export type ExportRequest = z.infer<typeof ExportRequestSchema>;

/** GET /export. */
export const ExportQuerySchema = z.object({
  export_id: z.uuid({ error: EXPORT_MESSAGES.exportId }).meta({ description: 'The id POST /export answered.' }),
});

export const EXPORT_STATES = ['running', 'done', 'failed'] as const;
export type ExportState = (typeof EXPORT_STATES)[number];

/** POST /export's answer (202). */
export const ExportStartedSchema = z.object({ success: z.literal(true), export_id: z.uuid() });

/** GET /export's answer: rows written so far, and the link once done. */
export const ExportStatusSchema = z.object({
  success: z.literal(true),
  export_id: z.uuid(),
  list: z.enum(EXPORT_LISTS),
  state: z.enum(EXPORT_STATES),
  rows: z.number().int().min(0),
  url: z.string().optional().meta({ description: 'Presigned GET of the CSV (state `done`).' }),
  expires_in: z.number().int().optional().meta({ description: 'Seconds the link stays valid.' }),
  error: z.string().optional().meta({ description: 'Why it failed (state `failed`).' }),
});
export type ExportStatus = z.infer<typeof ExportStatusSchema>;
