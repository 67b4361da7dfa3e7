/**
 * The signed-in user for the case screens, from the shell's `useAuth()` (web/src/auth): `{ sub, email }`
 * where `sub` is the id token's subject claim (spec provider-side section 5: "A user id is taken from
 * the id token's subject claim"). The case routes sit behind RequireAuth, so a missing user means the
 * session ended: `error` then reads 'User not authenticated' (spec provider-side section 6).
 */
import { useAuth } from '../auth/AuthProvider';

export interface CurrentUser {
  sub: string;
  email: string;
}

export interface CurrentUserState {
  user: CurrentUser | undefined;
  /** true while the shell's first session check runs. */
  isLoading: boolean;
  error: Error | null;
}

/** `{ user, isLoading, error }` for the signed-in user. */
export function useCurrentUser(): CurrentUserState {
  const { status, user } = useAuth();
  if (status === 'unknown') return { user: undefined, isLoading: true, error: null };
  if (status === 'signedIn' && user?.sub)
    return { user: { sub: user.sub, email: user.email }, isLoading: false, error: null };
  return { user: undefined, isLoading: false, error: new Error('User not authenticated') };
}
