/**
 * Keys of the report history table: one item per generated report, by the asking user.
 * Pure data, no AWS imports: the CDK app and the local runtime read it through lambdas/lib/tables.ts.
 */
import { stringTable } from '../keys';

/**
 * Reports generated (spec back-office "Reports"): one item per generation, success or error, in the
 * partition of the back-office user who asked (`user_id`), sorted by `report_id`, which starts with
 * the generation time (built only by {@link reportId}), so "the caller's 10 most recent" is one
 * Query (ScanIndexForward false, Limit 10). Attributes: lambdas/data/reports/history.ts.
 */
export const REPORTS_TABLE = stringTable('reports', 'REPORTS_TABLE', ['user_id', 'report_id']);

/**
 * Id (and sort key) of a generated report (spec back-office "Reports"): the generation time as ISO text, `#`,
 * and a random suffix (`suffix`, 8 hex characters, so two reports in the same millisecond differ).
 * Sorting the ids sorts the reports by time.
 */
export function reportId(generatedAt: string, suffix: string): string {
  return `${generatedAt}#${suffix}`;
}

/**
 * Object key of a kept report in the documents bucket: under `private/reports/` (the only prefix
 * the report Lambda may read and write), in the asking user's folder, with a random name (`name`,
 * no personal data).
 */
export function reportObjectKey(callerId: string, name: string): string {
  return `private/reports/${callerId}/${name}.pdf`;
}
