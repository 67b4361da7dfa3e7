/**
 * Layout route of every signed-in page, loaded lazily (the sign-in route does
 * not load the query library): provides the app's react-query client (web/src/lib/queryClient.ts)
 * to the pages below it, and signs the user out after 15 minutes without activity
 * (web/src/auth/IdleSignOut.tsx). Also re-exports the profile guards so that they come in the same chunk.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, lazy } from 'react';
import { Outlet } from 'react-router-dom';
import { queryClient } from '../lib/queryClient';

export { BackOfficeGuard, HomeRedirect, ProfileGate } from './ProfileGate';

// The idle timer (react-idle-timer, about 4.5 KB gzipped) first acts 14 minutes in: it loads beside
// the page rather than before it (the 250 KB route budget, docs/figures.md).
const IdleSignOut = lazy(() => import('../auth/IdleSignOut'));

export default function SignedInLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
      <Suspense fallback={null}>
        <IdleSignOut />
      </Suspense>
    </QueryClientProvider>
  );
}
