/**
 * Case numbers (docs/decisions/0022-case-numbers.md): the short reference a person can say on the
 * phone, `C-` and at least {@link CASE_NUMBER_MIN_DIGITS} digits (C-000001, C-1234567), unique in a
 * stage and never reused. `case_id` stays the key of every call; the number is shown first and
 * the id beside it.
 */

/** Text before the digits. */
export const CASE_NUMBER_PREFIX = 'C-';
/** Digits at least (zero-padded); a number past 999,999 simply has more. */
export const CASE_NUMBER_MIN_DIGITS = 6;
/** A well-formed case number. */
export const CASE_NUMBER_PATTERN = /^C-\d{6,}$/;

/**
 * `n` (a positive safe integer, the counter's value) as a case number: 1 -> "C-000001".
 * @throws RangeError for anything else.
 */
export function formatCaseNumber(n: number): string {
  if (!Number.isSafeInteger(n) || n < 1) throw new RangeError(`A case number is a positive integer, got ${n}`);
  return `${CASE_NUMBER_PREFIX}${String(n).padStart(CASE_NUMBER_MIN_DIGITS, '0')}`;
}

/**
 * The integer of a case number ("C-000123", also "c-123" or "123" as a person may type it), or
 * undefined when the text is not one.
 */
export function parseCaseNumber(text: string | null | undefined): number | undefined {
  const m = /^(?:C-?)?(\d{1,15})$/i.exec((text ?? '').trim());
  if (!m) return undefined;
  const n = Number(m[1]);
  return n >= 1 ? n : undefined;
}

/** What a screen names a case by: its number, or its id while it has none. */
export function caseReference(c: { case_number?: string | null; case_id: string }): string {
  return c.case_number || c.case_id;
}
