/**
 * Sign-out after inactivity (HIPAA 45 CFR 164.312(a)(2)(iii), automatic logoff; not in the spec:
 * README "Departures from the specification"). Mounted on every signed-in page by
 * web/src/shell/SignedInLayout.tsx, so a shared front-desk computer left open does not keep a
 * session: tokens alone would (the refresh token lasts 30 days).
 *
 * After {@link IDLE_SIGN_OUT_MS} (15 minutes) without pointer, keyboard, wheel, touch or focus
 * activity in any of the browser's Suture tabs (react-idle-timer, cross-tab), the user is signed out
 * everywhere (the Sign Out button's global sign-out, web/src/auth/signOutFlow.ts), and the sign-in
 * screen says why (AUTH_MESSAGES.idleSignedOut; `signOut('idle')` of ./AuthProvider.tsx). {@link IDLE_PROMPT_MS} (60 s) before, a modal dialog counts down:
 * "Stay Signed In" (focused; also Escape) keeps the session, "Sign Out" ends it at once. While the
 * dialog is open, moving the mouse does not count: only an answer does.
 */
import { Suspense, lazy, useEffect, useState } from 'react';
import { useIdleTimer } from 'react-idle-timer';
import { TIMING_MS } from '../../../shared/constants';
import { IDLE_MESSAGES } from '../../../shared/messages';
import { useAuth } from './AuthProvider';

// The warning is shown after 14 idle minutes: its dialog loads then, off every page's first load.
const ConfirmDialog = lazy(() => import('../components/ConfirmDialog').then((m) => ({ default: m.ConfirmDialog })));

/** Idle time before the sign-out (15 minutes) and the warning before it (60 s), in ms. */
export const IDLE_SIGN_OUT_MS = TIMING_MS.idleSignOut;
export const IDLE_PROMPT_MS = TIMING_MS.idleWarning;

export interface IdleSignOutProps {
  /** Idle time before the sign-out, in ms (default {@link IDLE_SIGN_OUT_MS}; tests shorten it). */
  timeoutMs?: number;
  /** Warning time before it, in ms (default {@link IDLE_PROMPT_MS}). */
  promptMs?: number;
}

export default function IdleSignOut({ timeoutMs = IDLE_SIGN_OUT_MS, promptMs = IDLE_PROMPT_MS }: IdleSignOutProps) {
  const { signOut } = useAuth();
  const [secondsLeft, setSecondsLeft] = useState<number | null>(null);

  const signOutNow = (idle: boolean) => {
    setSecondsLeft(null);
    void signOut(idle ? 'idle' : 'user');
  };
  const timer = useIdleTimer({
    timeout: timeoutMs,
    promptBeforeIdle: promptMs,
    crossTab: true,
    syncTimers: 1000,
    name: 'suture-idle-sign-out',
    onPrompt: () => setSecondsLeft(Math.ceil(promptMs / 1000)),
    onActive: () => setSecondsLeft(null),
    onIdle: () => signOutNow(true),
  });

  const prompted = secondsLeft !== null;
  useEffect(() => {
    if (!prompted) return;
    const tick = setInterval(() => setSecondsLeft(Math.max(0, Math.ceil(timer.getRemainingTime() / 1000))), 1000);
    return () => clearInterval(tick);
  }, [prompted, timer]);

  if (!prompted) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialog
        open={prompted}
        title={IDLE_MESSAGES.title}
        message={IDLE_MESSAGES.warning(secondsLeft ?? Math.ceil(promptMs / 1000))}
        cancelLabel={IDLE_MESSAGES.stay}
        confirmLabel={IDLE_MESSAGES.signOut}
        tone="primary"
        onCancel={() => {
          setSecondsLeft(null);
          timer.activate();
        }}
        onConfirm={() => signOutNow(false)}
      />
    </Suspense>
  );
}
