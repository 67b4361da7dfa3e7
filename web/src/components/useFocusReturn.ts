/**
 * Keyboard focus after a panel that held it goes away. A native `<dialog>` gives focus back to its
 * opener itself; a form or dialog that React unmounts does not, and the browser leaves focus on the
 * page, so a keyboard or screen-reader user would start again from the top.
 */
import { useCallback, useEffect, useRef, type RefObject } from 'react';

/**
 * While `open`, call the returned `returnTo(el)` to name where focus goes when `open` turns false
 * (usually the button that opened the panel; call it again to change it, or with null for
 * `fallback`). Once closed, focus moves to that element while it is still in the page, else to
 * `fallback` (a heading with tabIndex -1, say); with neither, focus stays where it is.
 */
export function useFocusReturn(open: boolean, fallback?: RefObject<HTMLElement | null>) {
  // undefined: nothing asked for; null: the fallback.
  const target = useRef<HTMLElement | null | undefined>(undefined);
  useEffect(() => {
    if (open || target.current === undefined) return;
    const el = target.current;
    target.current = undefined;
    (el?.isConnected ? el : fallback?.current)?.focus();
  }, [open, fallback]);
  return useCallback((el: HTMLElement | null) => {
    target.current = el;
  }, []);
}
