/**
 * The answer of `GET /report/history` (spec back-office-and-shell sections 2 "Reports" and 3 "Report
 * history entry"), apart from ./report.ts so that the pages which only show the report's error texts
 * do not load it.
 */
import * as z from 'zod';

/**
 * One report of the history (spec section 3 "Report history entry", plus the provider's name, the
 * case count and the total, dollars). `userId`: the provider asked for, '' for every provider.
 * `generatedAt`: ISO time.
 */
export const ReportHistoryEntrySchema = z.object({
  id: z.string(),
  reportType: z.string(),
  userId: z.string(),
  /**
   * The provider's name when the report was made: '' for every provider, and for reports kept before
   * names were stored (the page then shows "User " and the id's first 8 characters).
   */
  providerName: z.string().default(''),
  generatedAt: z.string(),
  status: z.enum(['success', 'error']),
  filename: z.string(),
  case_count: z.number(),
  /** Sum of the pay amounts of the report's cases, dollars. */
  total: z.number(),
  /** true when the server keeps the file: GET /report/download?id= gives it again. */
  downloadable: z.boolean().default(false),
});
export type ReportHistoryEntry = z.infer<typeof ReportHistoryEntrySchema>;

/** GET /report/download: the id of one of the caller's reports (`id` of a history entry). */
export const ReportDownloadQuerySchema = z.object({
  id: z
    .string({ error: 'id is required' })
    .trim()
    .min(1, 'id is required')
    .max(100, 'id must be at most 100 characters'),
});

/** Seconds a report download link is valid: long enough to start it, short enough not to be shared. */
export const REPORT_DOWNLOAD_TTL_SECONDS = 300;

/** The answer of GET /report/download: a presigned link to the kept PDF, valid `expires_in` seconds. */
export const ReportDownloadAnswerSchema = z.object({
  url: z.string(),
  filename: z.string(),
  expires_in: z.number(),
});
export type ReportDownloadAnswer = z.infer<typeof ReportDownloadAnswerSchema>;

/** The answer of GET /report/history: newest first, at most `REPORT_HISTORY_LIMIT` (./report.ts). */
export const ReportHistoryResponseSchema = z.object({ reports: z.array(ReportHistoryEntrySchema) });
export type ReportHistoryResponse = z.infer<typeof ReportHistoryResponseSchema>;
