/**
 * Media queries read while rendering, for screens that render a different layout per viewport
 * instead of rendering both and hiding one with CSS (half the DOM for the browser and screen readers).
 */
import { useCallback, useSyncExternalStore } from 'react';

/**
 * The case lists' table from this width up, cards below. Amplify UI's breakpoints (480, 768 px) do
 * not include it, hence a query of our own; the CSS of the other phone layouts uses the same 640 px.
 */
export const WIDE_SCREEN_QUERY = '(min-width: 640px)';

/**
 * Whether `query` (a CSS media query) matches now, re-rendering when that changes. Read during the
 * render, so the first render already has the right layout (no flash of the other one); false
 * without `window.matchMedia`.
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window === 'undefined' || !window.matchMedia) return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () =>
    typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(query).matches : false,
  );
}

/** Amplify UI's `medium` breakpoint (48em, 768 px): the beta notice and the support inbox go compact below it. */
export const MEDIUM_SCREEN_QUERY = '(min-width: 48em)';

/** Amplify UI's `large` breakpoint (62em, 992 px): the header shows its menu button below it. */
export const LARGE_SCREEN_QUERY = '(min-width: 62em)';

/** True from 640 px wide ({@link WIDE_SCREEN_QUERY}): the case lists show their table, else their cards. */
export function useWideScreen(): boolean {
  return useMediaQuery(WIDE_SCREEN_QUERY);
}
