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
});
export type ReportHistoryEntry = z.infer<typeof ReportHistoryEntrySchema>;

/** The answer of GET /report/history: newest first, at most `REPORT_HISTORY_LIMIT` (./report.ts). */
export const ReportHistoryResponseSchema = z.object({ reports: z.array(ReportHistoryEntrySchema) });
export type ReportHistoryResponse = z.infer<typeof ReportHistoryResponseSchema>;
