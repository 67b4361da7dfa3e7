/**
 * Guard of the user management routes (spec back-office-and-shell section 6: User Mgmt for user_type
 * 20 or more). Sits inside BackOfficeGuard (10 or more); a back-office user below
 * 20 goes to /back-office. The server refuses the calls too (403).
 * {@link UsersGuardGate} renders its children when allowed (used by ./UserManagement.tsx).
 */
import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { UI_MESSAGES } from '../../../../shared/messages';
import { canManageUsers } from '../../../../shared/roles';
import { useProfile } from '../../profile/useProfile';
import { FullPageMessage } from '../../shell/FullPageMessage';

export function UsersGuardGate({ children }: { children: ReactNode }) {
  const profile = useProfile();
  if (profile.isPending) return <FullPageMessage text={UI_MESSAGES.loading} />;
  if (profile.isError || !canManageUsers(profile.userType)) return <Navigate to="/back-office" replace />;
  return <>{children}</>;
}
