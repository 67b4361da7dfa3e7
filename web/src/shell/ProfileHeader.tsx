/**
 * The header of a signed-in user, loaded lazily with the first signed-in screen: reads the profile
 * (react-query key ['profile', sub]) and hands {@link HeaderProfile} to the header.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { isProfileComplete } from '../../../shared/schemas/profile';
import { queryClient } from '../lib/queryClient';
import { useProfile } from '../profile/useProfile';
import { Header } from './Header';
import { HeaderProfileContext, type HeaderProfile } from './headerProfile';

function WithProfile() {
  const profile = useProfile();
  const value: HeaderProfile = {
    isPending: profile.isPending,
    userType: profile.userType,
    complete: profile.isError || (!!profile.data && isProfileComplete(profile.data)),
  };
  return (
    <HeaderProfileContext.Provider value={value}>
      <Header />
    </HeaderProfileContext.Provider>
  );
}

export default function ProfileHeader() {
  return (
    <QueryClientProvider client={queryClient}>
      <WithProfile />
    </QueryClientProvider>
  );
}
