/**
 * The cases of the provider payment report (spec back-office "Reports"): every case in status Paid (20,
 * "pending payment status", the status the spec's analytics counts as pending), of one provider or
 * of all, read through the case lists of lambdas/data/case/lists.ts (no Scan, no copy of their logic):
 * - one provider: index `byUserStatus` (`<user id>#20`);
 * - every provider: index `byStatusMonth`, month after month over the months whose counters hold
 *   Paid cases.
 * Pages of {@link REPORT_PAGE_SIZE} are read to the end of the list. The providers' names and NPIs
 * come from one batched read of the users table per page, for the owners not seen on earlier pages
 * (lambdas/data/user/owners.ts `ownerProfiles`).
 *
 * Bounded: more than {@link MAX_REPORT_CASES} cases is a `PayloadTooLargeError` (413) as soon as the
 * count passes it (the PDF of that many cases would not fit in one API answer, see handler.ts).
 */
import { PayloadTooLargeError } from '../lib/errors';
import { REPORT_MESSAGES } from '../../shared/schemas/report';
import { listCases } from '../data/case/lists';
import { ownerProfiles, type OwnerProfile } from '../data/user/owners';
import type { CaseItem } from '../data/case/repository';
import type { ReportCase, ReportProvider } from './pdf';
import { MAX_REPORT_CASES, PAID_STATUS_FOR_REPORT, REPORT_PAGE_SIZE } from './constants';

export { MAX_REPORT_CASES, REPORT_PAGE_SIZE };

/** The spec's name lookup fallback (section 8): "User " + the id's first 8 characters upper-cased. */
export function fallbackName(userId: string): string {
  return userId ? `User ${userId.slice(0, 8).toUpperCase()}` : 'Unknown User';
}

export interface ReportData {
  /** Providers by name (then id); each one's cases by case date, then case id. */
  providers: ReportProvider[];
  caseCount: number;
  /** Sum of the pay amounts, integer cents. */
  totalCents: number;
  /** List pages read (one Query or more each). */
  pagesRead: number;
}

function toReportCase(item: CaseItem): ReportCase {
  return {
    case_id: item.case_id,
    case_number: item.case_number ?? '',
    case_date: item.case_date ?? '',
    patient_first: item.patient_first ?? '',
    patient_last: item.patient_last ?? '',
    ins_provider: item.ins_provider ?? '',
    procedure_codes: Array.isArray(item.procedure_codes) ? item.procedure_codes.map(String) : [],
    pay_cents: typeof item.pay_amount_cents === 'number' ? item.pay_amount_cents : 0,
  };
}

/**
 * Every Paid case of `ownerId` (undefined: every provider), grouped by provider (see module doc).
 * Throws `PayloadTooLargeError` past {@link MAX_REPORT_CASES} (`maxCases` for tests).
 */
export async function collectPaidCases(
  ownerId: string | undefined,
  options: { maxCases?: number; pageSize?: number } = {},
): Promise<ReportData> {
  const maxCases = options.maxCases ?? MAX_REPORT_CASES;
  const byOwner = new Map<string, ReportCase[]>();
  const profiles = new Map<string, OwnerProfile | undefined>();
  let caseCount = 0;
  let totalCents = 0;
  let pagesRead = 0;
  let cursor: string | undefined;
  do {
    const page = await listCases({
      ownerId,
      status: PAID_STATUS_FOR_REPORT,
      limit: options.pageSize ?? REPORT_PAGE_SIZE,
      cursor,
    });
    pagesRead += 1;
    caseCount += page.items.length;
    if (caseCount > maxCases) throw new PayloadTooLargeError(REPORT_MESSAGES.tooLarge(caseCount, maxCases));
    const unseen = new Set<string>();
    for (const item of page.items) {
      const row = toReportCase(item);
      totalCents += row.pay_cents;
      const list = byOwner.get(item.user_id);
      if (list) list.push(row);
      else byOwner.set(item.user_id, [row]);
      if (!profiles.has(item.user_id)) unseen.add(item.user_id);
    }
    if (unseen.size > 0) {
      const found = await ownerProfiles(unseen);
      for (const id of unseen) profiles.set(id, found.get(id));
    }
    cursor = page.next_cursor;
  } while (cursor);

  const providers: ReportProvider[] = [...byOwner].map(([userId, cases]) => {
    const profile = profiles.get(userId);
    return {
      user_id: userId,
      name: profile?.name || fallbackName(userId),
      npi: profile?.npi ?? '',
      cases: cases.sort((a, b) =>
        a.case_date === b.case_date ? a.case_id.localeCompare(b.case_id) : a.case_date.localeCompare(b.case_date),
      ),
    };
  });
  providers.sort((a, b) => a.name.localeCompare(b.name, 'en-US') || a.user_id.localeCompare(b.user_id));
  return { providers, caseCount, totalCents, pagesRead };
}
