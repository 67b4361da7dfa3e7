/**
 * Route guard for signed-in routes (back-office-and-shell section 4 "Route guards"): "Checking
 * authentication..." while the auth state is unknown (the check itself retries up to 2 times at
 * 100 ms, see session.ts), then the page, or /auth for visitors who are not signed in, with the
 * page they asked for as `?next=` so that sign-in returns to it (issue 6, section 5; returnTo.ts).
 */
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { UI_MESSAGES } from '../../../shared/messages';
import { FullPageMessage } from '../shell/FullPageMessage';
import { useAuth } from './AuthProvider';
import { signInPathFor } from './returnTo';

export function RequireAuth() {
  const { status } = useAuth();
  const location = useLocation();
  if (status === 'unknown') return <FullPageMessage text={UI_MESSAGES.checkingAuth} />;
  if (status === 'signedOut') {
    return <Navigate to={signInPathFor(`${location.pathname}${location.search}${location.hash}`)} replace />;
  }
  return <Outlet />;
}
