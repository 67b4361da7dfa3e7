/**
 * Profile-completeness gate (back-office-and-shell section 4; provider-side section 8 "Profile load
 * at startup"): a signed-in user without a profile goes to /profile-setup?reason=new_user, one with
 * an incomplete profile (shared `isProfileComplete`) to /profile-setup?reason=incomplete_profile.
 * Any other failure to read the profile lets the user continue. Also: `HomeRedirect` for `/` and
 * `BackOfficeGuard` for /back-office routes.
 */
import { useEffect } from 'react';
import { Navigate, Outlet } from 'react-router-dom';
import { isBackOffice } from '../../../shared/roles';
import { UI_MESSAGES } from '../../../shared/messages';
import { useAuth } from '../auth/AuthProvider';
import { profileGateReason } from '../profile/api';
import { useProfile } from '../profile/useProfile';
import { FullPageMessage } from './FullPageMessage';
import { homePathFor } from './navigationFor';

export function ProfileGate() {
  const profile = useProfile();
  if (profile.isPending) return <FullPageMessage text={UI_MESSAGES.loading} />;
  const reason = profile.isError ? null : profileGateReason(profile.data);
  if (reason) return <Navigate to={`/profile-setup?reason=${reason}`} replace />;
  return <Outlet />;
}

/** `/`: administrators (user_type 10 or more) go to /back-office, everyone else to /dashboard. */
export function HomeRedirect() {
  const profile = useProfile();
  if (profile.isPending) return <FullPageMessage text={UI_MESSAGES.loading} />;
  return <Navigate to={homePathFor(profile.userType)} replace />;
}

/** Profile failures that mean the session is gone (back-office-and-shell section 4 "Route guards"). */
const SESSION_FAILURE = /authentication failed|please sign in again/i;

/**
 * Administrator guard (back-office-and-shell section 4 "Route guards"): no session leads to
 * /dashboard (RequireAuth, above it, then asks for sign-in); a profile failure whose message
 * contains 'authentication failed' or 'please sign in again' clears the stored session (sign-out)
 * and goes to /dashboard; a profile that cannot be read otherwise, or a user_type below 10, goes to
 * /dashboard.
 */
export function BackOfficeGuard() {
  const profile = useProfile();
  const { signOut } = useAuth();
  const sessionFailed = profile.isError && SESSION_FAILURE.test(profile.error?.message ?? '');
  useEffect(() => {
    if (sessionFailed) void signOut();
  }, [sessionFailed, signOut]);
  if (profile.isPending) return <FullPageMessage text={UI_MESSAGES.loading} />;
  if (profile.isError || !profile.data || !isBackOffice(profile.userType)) return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}
