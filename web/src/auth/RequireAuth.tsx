/**
 * Route guard for signed-in routes (back-office-and-shell section 4 "Route guards"): "Checking
 * authentication..." while the auth state is unknown (the check itself retries up to 2 times at
 * 100 ms, see session.ts), then the page, or /auth for visitors who are not signed in.
 */
import { Navigate, Outlet } from 'react-router-dom';
import { UI_MESSAGES } from '../../../shared/messages';
import { FullPageMessage } from '../shell/FullPageMessage';
import { useAuth } from './AuthProvider';

export function RequireAuth() {
  const { status } = useAuth();
  if (status === 'unknown') return <FullPageMessage text={UI_MESSAGES.checkingAuth} />;
  if (status === 'signedOut') return <Navigate to="/auth" replace />;
  return <Outlet />;
}
