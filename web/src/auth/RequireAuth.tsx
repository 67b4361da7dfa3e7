/**
 * Route guard for signed-in routes (back-office-and-shell section 4 "Route guards"): "Checking
 * authentication..." while the auth state is unknown (the check itself retries up to 2 times at
 * 100 ms, see session.ts), then the page, or /auth for visitors who are not signed in, with the
 * page they asked for as `?next=` so that sign-in returns to it (returnTo.ts).
 * After a session ends in this tab (sign-out, expiry) there is no `next`: the next person to sign in
 * at this browser must not be taken to the previous user's page.
 */
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { SHELL_MESSAGES } from '../../../shared/messages-shell';
import { FullPageMessage } from '../shell/FullPageMessage';
import { useAuth } from './AuthProvider';
import { signInPathFor } from './returnTo';

/** Set once a session was seen in this page load. */
let hadSession = false;

/** The page, noting that a session was seen. */
function SeenSession() {
  useEffect(() => {
    hadSession = true;
  }, []);
  return <Outlet />;
}

export function RequireAuth() {
  const { status } = useAuth();
  const location = useLocation();
  if (status === 'unknown') return <FullPageMessage text={SHELL_MESSAGES.checkingAuth} />;
  if (status === 'signedOut') {
    const asked = hadSession ? '/' : `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={signInPathFor(asked)} replace />;
  }
  return <SeenSession />;
}
