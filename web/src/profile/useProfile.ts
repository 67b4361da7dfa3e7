/**
 * The signed-in user's profile as server state (key `profileKeys.one(sub)`).
 *
 * `useProfile()` returns the query: `data` is the {@link Profile}, null when the user has none yet
 * (new user), undefined while loading or after an error. `userType` is the numeric user_type
 * (missing counts as 0; back-office-and-shell section 6).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Profile } from '../../../shared';
import { useAuth } from '../auth/AuthProvider';
import { fetchProfile } from './api';
import { profileKeys } from '../lib/queryKeys';

/** Query options for a user's profile; shared by the hook, the gate and the post-save re-check. */
export function profileQuery(sub: string) {
  return queryOptions<Profile | null>({
    queryKey: profileKeys.one(sub),
    queryFn: ({ signal }) => fetchProfile(sub, signal),
  });
}

export function useProfile() {
  const { user } = useAuth();
  const query = useQuery({ ...profileQuery(user?.sub ?? ''), enabled: !!user });
  return { ...query, userType: query.data?.user_type ?? 0 };
}
