/**
 * Display clean-up (spec provider-side section 5 "Display clean-up"; back-office section 2 phone rule).
 */

const STREET_SUFFIXES = new Set(['ST', 'AVE', 'BLVD', 'RD', 'DR', 'CT', 'PL', 'LN']);
const COMPANY_WORDS = new Set(['INC', 'LLC', 'PC', 'MD', 'PA']);

function titleWord(word: string): string {
  return word
    .split(/([-'])/)
    .map((part) => (part === '-' || part === "'" ? part : part.charAt(0).toUpperCase() + part.slice(1).toLowerCase()))
    .join('');
}

function caseWords(text: string, keepUpper: Set<string>): string {
  return text
    .trim()
    .split(/(\s+)/)
    .map((w) => {
      if (/^\s+$/.test(w)) return w;
      const bare = w.replace(/[.,]/g, '').toUpperCase();
      return keepUpper.has(bare) ? w.toUpperCase() : titleWord(w);
    })
    .join('');
}

/** Person or city name in title case: "JOHN o'neil-SMITH" -> "John O'Neil-Smith". */
export function titleCaseName(text: string | null | undefined): string {
  return text ? caseWords(text, new Set()) : '';
}

/** Street address in title case with street suffixes (ST, AVE, BLVD, RD, DR, CT, PL, LN) kept in capitals. */
export function formatAddress(text: string | null | undefined): string {
  return text ? caseWords(text, STREET_SUFFIXES) : '';
}

/** Facility name in title case with INC, LLC, PC, MD, PA kept in capitals. */
export function formatFacilityName(text: string | null | undefined): string {
  return text ? caseWords(text, COMPANY_WORDS) : '';
}

/** State code upper-cased. */
export function formatState(text: string | null | undefined): string {
  return (text ?? '').trim().toUpperCase();
}

/** Exactly 10 digits -> "(xxx) xxx-xxxx"; otherwise the raw text; empty -> "N/A". */
export function formatPhone(text: string | null | undefined): string {
  const raw = (text ?? '').trim();
  if (!raw) return 'N/A';
  const digits = raw.replace(/\D/g, '');
  if (digits.length !== 10) return raw;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/** Integer cents -> dollars text with 2 decimals and thousands separators, e.g. 123456 -> "$1,234.56". */
export function formatCents(cents: number | null | undefined): string {
  if (cents === null || cents === undefined || !Number.isFinite(cents)) return 'N/A';
  // One formatter, made on first use (toLocaleString builds one per call: a quarter of the time of
  // a 15,000-case payment report).
  usdFormat ??= new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });
  return usdFormat.format(cents / 100);
}
let usdFormat: Intl.NumberFormat | undefined;

/** Dollars (number) -> dollars text with 2 decimals; absent -> "N/A" (Case List "Pay Amount"). */
export function formatDollars(dollars: number | null | undefined): string {
  if (dollars === null || dollars === undefined || !Number.isFinite(dollars)) return 'N/A';
  return formatCents(Math.round(dollars * 100));
}

/** Dollars (number, up to 2 decimals) -> integer cents. Throws `RangeError` for non-finite input. */
export function dollarsToCents(dollars: number): number {
  if (!Number.isFinite(dollars)) throw new RangeError('Amount must be a finite number of dollars');
  return Math.round(dollars * 100);
}

/** Integer cents -> dollars number (e.g. 123456 -> 1234.56). */
export function centsToDollars(cents: number): number {
  return cents / 100;
}

/** Case id cut to 20 characters plus an ellipsis (spec Case List column). */
export function truncateCaseId(caseId: string, max = 20): string {
  return caseId.length > max ? `${caseId.slice(0, max)}...` : caseId;
}

/** Procedure codes column: first two, then an ellipsis if more. */
export function summarizeCodes(codes: readonly string[]): string {
  const head = codes.slice(0, 2).join(', ');
  return codes.length > 2 ? `${head}...` : head;
}

/** "First Last" as entered (patient names are not re-cased); '' when both are empty. */
export function patientName(first: string, last: string): string {
  return [first.trim(), last.trim()].filter(Boolean).join(' ');
}
