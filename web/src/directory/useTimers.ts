/** Timers that are cleared when the component unmounts (redirect and retry delays of the add screens). */
import { useCallback, useEffect, useRef } from 'react';

/** `schedule(fn, ms)` runs `fn` after `ms` milliseconds unless the component has unmounted; `clear()` cancels all. */
export function useTimers() {
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const set = timers.current;
    return () => {
      set.forEach(clearTimeout);
      set.clear();
    };
  }, []);
  const schedule = useCallback((fn: () => void, ms: number) => {
    const t = setTimeout(() => {
      timers.current.delete(t);
      fn();
    }, ms);
    timers.current.add(t);
  }, []);
  const clear = useCallback(() => {
    timers.current.forEach(clearTimeout);
    timers.current.clear();
  }, []);
  return { schedule, clear };
}
