/**
 * Auth state of the app shell (back-office-and-shell section 4 "Auth state and profile completeness").
 *
 * - `status`: 'unknown' while the first check runs (the shell shows "Checking authentication..."),
 *   then 'signedIn' or 'signedOut';
 * - Amplify Hub 'auth' events: `signedIn` marks the user signed in and, 150 ms later, re-checks the
 *   profile (react-query key ['profile', sub]); `signedOut` clears every cached query and goes to /;
 *   `tokenRefresh_failure` signs out;
 * - an API answer that rejects the session (web/src/lib/authFailure.ts `onAuthFailure`) signs out, which
 *   clears the stored session (spec provider-side section 8, 401).
 *
 * Must be rendered inside the router (it navigates). Use `useAuth()` below it.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { Hub } from 'aws-amplify/utils';
import { TIMING_MS } from '../../../shared/constants';
import { onAuthFailure } from '../lib/authFailure';
import { profileKeys } from '../lib/profileKeys';
import { checkSignedIn, readSessionUser, type AuthUser } from './session';

/** Navigation state of the sign-out redirect: unsaved-changes guards let it through. */
export const SIGNED_OUT_STATE = { signedOut: true } as const;

/** Why a sign-out happened: 'idle' after inactivity (./IdleSignOut.tsx), else the user's or the session's end. */
export type SignOutReason = 'user' | 'idle';

/** sessionStorage key of the inactivity sign-out's notice (this tab only), shown once by /auth. */
const IDLE_NOTICE_KEY = 'suture.idleSignOut';

/** Whether this tab was signed out for inactivity and /auth has not said so yet (storage refused: false). */
export function idleSignOutNoticeDue(): boolean {
  try {
    return sessionStorage.getItem(IDLE_NOTICE_KEY) !== null;
  } catch {
    return false;
  }
}

/** Forget the inactivity notice (once /auth has shown it). */
export function clearIdleSignOutNotice(): void {
  try {
    sessionStorage.removeItem(IDLE_NOTICE_KEY);
  } catch {
    // Storage refused: nothing was kept.
  }
}

export type AuthStatus = 'unknown' | 'signedIn' | 'signedOut';

export interface AuthContextValue {
  status: AuthStatus;
  /** The signed-in user; null unless status is 'signedIn'. */
  user: AuthUser | null;
  /**
   * Sign out everywhere (Cognito GlobalSignOut revokes the refresh tokens) and
   * clear the local session, then the app goes to /. With reason 'idle', /auth then says the session
   * ended for inactivity. Never throws.
   */
  signOut: (reason?: SignOutReason) => Promise<void>;
  /** Re-read the session (e.g. right after a sign-in) and update the state; resolves with the user. */
  refresh: () => Promise<AuthUser | null>;
}

/**
 * Drop every cached query (sign-out: no previous user's data, PHI included, stays in memory). The
 * query client is loaded with the first signed-in screen, not with /auth, so it
 * is imported here on demand; when it was never loaded there is nothing to clear.
 */
function withQueryClient(use: (client: import('@tanstack/react-query').QueryClient) => unknown): void {
  void import('../lib/queryClient').then(({ queryClient }) => use(queryClient));
}

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const [state, setState] = useState<{ status: AuthStatus; user: AuthUser | null }>({ status: 'unknown', user: null });

  const apply = useCallback((user: AuthUser | null) => {
    setState((prev) =>
      prev.user?.sub === user?.sub && prev.user?.email === user?.email && prev.status !== 'unknown'
        ? prev
        : { status: user ? 'signedIn' : 'signedOut', user },
    );
    return user;
  }, []);

  const refresh = useCallback(async () => apply(await readSessionUser()), [apply]);

  const signOut = useCallback(async (reason: SignOutReason = 'user') => {
    if (reason === 'idle') {
      try {
        sessionStorage.setItem(IDLE_NOTICE_KEY, '1');
      } catch {
        // Storage refused: the sign-out still happens, without the notice.
      }
    }
    try {
      const { signOut: amplifySignOut } = await import('./signOutFlow');
      await amplifySignOut();
    } catch {
      // Amplify clears the local tokens even when the server-side revocation (GlobalSignOut) fails.
    }
    // The Hub 'signedOut' event does the rest; repeat it here in case the event was not emitted.
    withQueryClient((client) => client.clear());
    setState({ status: 'signedOut', user: null });
  }, []);

  useEffect(() => {
    let active = true;
    void checkSignedIn().then((user) => {
      if (active) apply(user);
    });
    let profileTimer: ReturnType<typeof setTimeout> | undefined;
    const stopHub = Hub.listen('auth', ({ payload }) => {
      switch (payload.event) {
        case 'signedIn':
          void refresh().then((user) => {
            if (!user) return;
            clearTimeout(profileTimer);
            profileTimer = setTimeout(() => {
              withQueryClient((client) => client.invalidateQueries({ queryKey: profileKeys.one(user.sub) }));
            }, TIMING_MS.profileCheckAfterSignIn);
          });
          break;
        case 'signedOut':
          withQueryClient((client) => client.clear());
          setState({ status: 'signedOut', user: null });
          navigate('/', { replace: true, state: SIGNED_OUT_STATE });
          break;
        case 'tokenRefresh_failure':
          void signOut();
          break;
        default:
          break;
      }
    });
    const stopApi = onAuthFailure(() => void signOut());
    return () => {
      active = false;
      clearTimeout(profileTimer);
      stopHub();
      stopApi();
    };
  }, [apply, navigate, refresh, signOut]);

  const value = useMemo<AuthContextValue>(
    () => ({ status: state.status, user: state.user, signOut, refresh }),
    [state, signOut, refresh],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** The auth state: `{ status, user: { sub, email } | null, signOut, refresh }`. Throws outside AuthProvider. */
export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
