/**
 * Surgeon search rules (spec provider-side section 5 "Surgeon screens"; section 9 "Search minimum 2
 * characters"). Pure functions, no I/O.
 */
import { SEARCH_MIN_CHARS } from '../../../shared/constants';

/** The query of GET /surgeon/search. */
export interface SurgeonSearchQuery {
  first_name: string;
  last_name: string;
}

/**
 * One search text -> the query, or null when there is nothing to search (fewer than 2 characters in
 * total, after trimming; the spec: "fewer returns an empty result"). One word is sent as both first
 * and last name; with several, the first word is the first name and the rest (joined by single
 * spaces) the last name. Example: "mary ann smith" -> { first_name: 'mary', last_name: 'ann smith' }.
 */
export function splitSearchText(text: string): SurgeonSearchQuery | null {
  const words = text.trim().split(/\s+/).filter(Boolean);
  if (words.join(' ').length < SEARCH_MIN_CHARS) return null;
  const [first = '', ...rest] = words;
  return rest.length === 0 ? { first_name: first, last_name: first } : { first_name: first, last_name: rest.join(' ') };
}

/**
 * The name-fields mode (spec section 5): the Search button is enabled from 2 characters in total
 * (`buttonEnabled`); a search needs at least 1 character in each field (`query`, null otherwise, when
 * the screen shows 'Please enter both first name and last name').
 */
export function nameFieldsSearch(
  firstName: string,
  lastName: string,
): { buttonEnabled: boolean; query: SurgeonSearchQuery | null } {
  const first = firstName.trim();
  const last = lastName.trim();
  return {
    buttonEnabled: first.length + last.length >= SEARCH_MIN_CHARS,
    query: first.length >= 1 && last.length >= 1 ? { first_name: first, last_name: last } : null,
  };
}
