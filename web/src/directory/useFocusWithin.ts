/**
 * Closes a results dropdown when focus leaves its search area, after the spec's delay (provider-side
 * section 9: "Dropdown close delays: 150 ms (insurance, surgeon, facility)"); focus coming back
 * reopens it. Spread `areaProps` on the element that holds the inputs and the list.
 */
import { useCallback, useEffect, useRef, useState, type FocusEvent } from 'react';
import { TIMING_MS } from '../../../shared/constants';

export function useFocusWithin(delayMs: number = TIMING_MS.dropdownCloseDelay) {
  const [left, setLeft] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const onFocus = useCallback(() => {
    clearTimeout(timer.current);
    setLeft(false);
  }, []);
  const onBlur = useCallback(
    (e: FocusEvent<HTMLElement>) => {
      if (e.relatedTarget instanceof Node && e.currentTarget.contains(e.relatedTarget)) return;
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setLeft(true), delayMs);
    },
    [delayMs],
  );
  /** true once focus has been outside the area for `delayMs`. */
  return { focusLeft: left, areaProps: { onFocus, onBlur } };
}
