/**
 * Keyboard focus through a button's busy state: Amplify's Button is disabled while `isLoading`,
 * and browsers move the focus of a control that becomes disabled to the page, so a keyboard user
 * who pressed it would have to start again from the top. Spread the result on the button.
 */
import { useEffect, useRef, type MouseEvent } from 'react';

/**
 * `ref` and `onClick` for the button that `busy` disables: once `busy` is over, the button gets
 * focus back if it had it when pressed and focus has not gone elsewhere meanwhile.
 */
export function useFocusBackAfterBusy(busy: boolean) {
  const ref = useRef<HTMLButtonElement>(null);
  const pressed = useRef(false);
  useEffect(() => {
    if (busy || !pressed.current) return;
    pressed.current = false;
    if (!document.activeElement || document.activeElement === document.body) ref.current?.focus();
  }, [busy]);
  const onClick = (e: MouseEvent<HTMLButtonElement>) => {
    pressed.current = document.activeElement === e.currentTarget;
  };
  return { ref, onClick };
}
