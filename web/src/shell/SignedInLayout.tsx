/**
 * Layout route of every signed-in page, loaded lazily (the sign-in route does
 * not load the query library): provides the app's react-query client (web/src/lib/queryClient.ts)
 * to the pages below it, and signs the user out after 15 minutes without activity
 * (web/src/auth/IdleSignOut.tsx). Also re-exports the profile guards so that they come in the same chunk.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router-dom';
import IdleSignOut from '../auth/IdleSignOut';
import { queryClient } from '../lib/queryClient';

export { BackOfficeGuard, HomeRedirect, ProfileGate } from './ProfileGate';

export default function SignedInLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
      <IdleSignOut />
    </QueryClientProvider>
  );
}
