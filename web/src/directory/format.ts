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
