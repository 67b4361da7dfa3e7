/**
 * Limits of the provider payment report, measured with `npm run bench:backoffice`
 * and `renderPaymentReport` (README, "Provider payment report"):
 * - a Lambda answer is at most 6 MB (6,291,456 bytes), and the PDF travels base64-encoded (4/3 of
 *   its size) inside it: {@link MAX_PDF_BYTES} leaves room for the headers;
 * - the PDF takes about 90 bytes per case (bench:backoffice at 100,000 cases: 15,699 Paid cases,
 *   431 pages, 1.40 MB, 1.86 MB in base64, built in 5.5 s on the development machine), so
 *   {@link MAX_REPORT_CASES} cases stay well inside it (about 2.7 MB, 3.6 MB in base64, and about
 *   11 s there); the PDF size is checked again after rendering.
 */
import { caseStatusByKey } from '../../shared';

/** "Pending payment status": status 20, Paid. */
export const PAID_STATUS_FOR_REPORT: number = caseStatusByKey('paid')?.value ?? 20;

/** Cases read per list page (one Query, or more when DynamoDB's 1 MB page ends first). */
export const REPORT_PAGE_SIZE = 1000;

/** Most cases one report may hold (more: 413 with the tooLarge message). */
export const MAX_REPORT_CASES = 30_000;

/** Largest PDF answered (bytes before base64): (6,291,456 - 8 KiB of headers) x 3/4, rounded down. */
export const MAX_PDF_BYTES = 4_700_000;
