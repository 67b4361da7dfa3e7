/**
 * Display helpers shared by the surgeon and facility screens (spec provider-side section 5
 * "Display clean-up").
 */
import { titleCaseName } from '../../../shared/display';

/** Text shown for an NPI of 0 (manual entry, no NPI). */
export const MANUAL_ENTRY_NPI_TEXT = 'Manual entry';

/** A stored NPI (number, 0 = none) -> its 10 digits, or 'Manual entry' for 0 / missing. */
export function npiText(npi: number | string | null | undefined): string {
  const digits = String(npi ?? '').trim();
  return digits === '' || /^0+$/.test(digits) ? MANUAL_ENTRY_NPI_TEXT : digits;
}

/** 'Dr. First Last' with names title-cased (the entry's accessible name in lists). */
export function surgeonName(s: { first_name: string; last_name: string }): string {
  const name = [titleCaseName(s.first_name), titleCaseName(s.last_name)].filter(Boolean).join(' ');
  return name ? `Dr. ${name}` : 'this surgeon';
}

/**
 * Whether every word of `text` starts a word of `name`, case aside ("surgery" and "harbor cent"
 * find "Harbor Surgery Center LLC"); an empty text matches everything.
 */
export function nameHasWords(name: string, text: string): boolean {
  const words = (s: string) => s.toLowerCase().match(/[a-z0-9]+/g) ?? [];
  const own = words(name);
  return words(text).every((w) => own.some((o) => o.startsWith(w)));
}
