/**
 * The search-box wiring shared by Add Surgeon and Add Facility (spec provider-side sections 2 and 9):
 * a debounce timer for typed text, the refs of the search input and the
 * results listbox, ArrowDown from an input into the list, and closing the list for one search (after
 * a pick or Escape) until the next search or until focus leaves the area for 150 ms
 * (`useFocusWithin`).
 */
import { useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { TIMING_MS } from '../../../shared/constants';
import { RESTORE_CASE_DRAFT_STATE, chooseInCaseDraft } from '../cases/caseDraft';
import { useDebouncedCallback } from 'use-debounce';
import { useFocusWithin } from './useFocusWithin';

/** Wait after the last keystroke before a typed search runs, in ms. */
export const SEARCH_DEBOUNCE_MS = 300;

export function useRegistrySearch() {
  const debounced = useDebouncedCallback((fn: () => void) => fn(), SEARCH_DEBOUNCE_MS);
  const listRef = useRef<HTMLUListElement>(null);
  const textRef = useRef<HTMLInputElement>(null);
  const [hiddenFor, setHiddenFor] = useState<string | null>(null);
  const { focusLeft, areaProps } = useFocusWithin();

  /** Runs `fn` SEARCH_DEBOUNCE_MS after the last call (a newer call replaces an older one). */
  const debounce = debounced;
  const cancelDebounce = debounced.cancel;

  /** Whether the list of the search `key` (null: no search) may show: not closed for it, focus inside. */
  const listAllowed = (key: string | null) => key !== null && hiddenFor !== key && !focusLeft;
  /** Closes the list for the search `key` and puts focus back on the search text. */
  const closeList = (key: string | null) => {
    setHiddenFor(key);
    textRef.current?.focus();
  };
  /** A new search: its list may show again. */
  const reopenList = () => setHiddenFor(null);
  /** onKeyDown of a search input: ArrowDown moves into the list when it is shown. */
  const arrowIntoList = (showList: boolean) => (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' && showList) {
      e.preventDefault();
      listRef.current?.focus();
    }
  };

  return { listRef, textRef, areaProps, debounce, cancelDebounce, listAllowed, closeList, reopenList, arrowIntoList };
}

/**
 * Where an add screen goes back to: the case form it came from (router state `returnTo`, see
 * web/src/cases/caseDraft.ts; the draft is restored) or `listPath`. `afterSave(id)` marks the new
 * entry as chosen in the case draft (as `field`) and goes back 1.5 s later
 * (TIMING_MS.surgeonFacilitySaveRedirect) through `schedule` (from `useTimers`).
 */
export function useReturnAfterSave(
  listPath: string,
  returnTo: string | undefined,
  field: 'primary_surgeon' | 'facility',
  schedule: (fn: () => void, ms: number) => void,
) {
  const navigate = useNavigate();
  const backTo = () => (returnTo ? navigate(returnTo, { state: RESTORE_CASE_DRAFT_STATE }) : navigate(listPath));
  const afterSave = (id: string) => {
    if (returnTo) chooseInCaseDraft(field, id);
    schedule(backTo, TIMING_MS.surgeonFacilitySaveRedirect);
  };
  return { backTo, afterSave };
}
