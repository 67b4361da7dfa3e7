/**
 * Routes of the SPA (spec provider-side section 2; back-office-and-shell section 2 "Route table").
 *
 * Every page is loaded lazily (React.lazy, one chunk per page) so that /auth loads little; the
 * signed-in pages share a lazily loaded layout (SignedInLayout: the query client and the profile
 * guards). Guards: RequireAuth (signed in, else /auth?next=<the asked path>) > ProfileGate (profile complete, else /profile-setup) >
 * BackOfficeGuard (user_type 10 or more, else /dashboard). Errors while rendering a page (and failed
 * chunk loads) show the render failure fallback inside the page frame. Unknown paths show the
 * 'Page Not Found' page, signed in or out.
 *
 * Spec back-office-and-shell: /about, /faq and /contact (web/src/public) for everyone, outside RequireAuth,
 * in the signed-in frame when signed in; /back-office/faq under BackOfficeGuard; the debug pages
 * (web/src/debug) behind DebugGate (runtime config `debugPages`, else Page Not Found) and sign-in.
 *
 * Case pages come from web/src/cases (default exports): CaseListPage (/dashboard), CaseFormPage
 * (/case/new, /case/:caseId/edit), CaseDetailsPage (/case/:caseId). Surgeon pages from web/src/surgeons:
 * SurgeonListPage (/surgeon-management), SurgeonFormPage (/surgeon/new, /surgeon/:surgeonId/edit);
 * facility pages from web/src/facilities: FacilityListPage (/facility-management), FacilityFormPage
 * (/facility/new), FacilityEditPage (/facility/:facilityId/edit, "not supported" text).
 */
import { lazy } from 'react';
import { RouterProvider, createBrowserRouter, type RouteObject } from 'react-router-dom';
import { RequireAuth } from './auth/RequireAuth';
import type { RouteHandle } from './shell/AppLayout';
import { NOT_FOUND_TITLE } from './shell/notFound';
import { RenderFailure } from './shell/RenderFailure';
import { Root } from './shell/Root';
import { BACK_OFFICE_ROUTE_ID, PROFILE_GATE_ROUTE_ID, PUBLIC_PATHS, PUBLIC_ROUTE_ID } from './shell/routeIds';

const SignedInLayout = lazy(() => import('./shell/SignedInLayout'));
const ProfileGate = lazy(() => import('./shell/SignedInLayout').then((m) => ({ default: m.ProfileGate })));
const HomeRedirect = lazy(() => import('./shell/SignedInLayout').then((m) => ({ default: m.HomeRedirect })));
const BackOfficeGuard = lazy(() => import('./shell/SignedInLayout').then((m) => ({ default: m.BackOfficeGuard })));
const NotFoundPage = lazy(() => import('./shell/NotFoundPage'));
const AuthPage = lazy(() => import('./auth/AuthPage'));
const ProfileSetupPage = lazy(() => import('./profile/ProfileSetupPage'));
const title = (text: string): RouteHandle => ({ title: text });
export const routes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <RenderFailure />,
    children: [
      {
        id: PUBLIC_ROUTE_ID,
        errorElement: <RenderFailure />,
        children: [
          { path: '/auth', element: <AuthPage />, handle: title('Sign In') },
          // The public and debug pages (web/src/public/routes.tsx) are patched in here on the first
          // navigation to one of them (see patchRoutesOnNavigation below).
          {
            element: <RequireAuth />,
            children: [
              {
                element: <SignedInLayout />,
                children: [
                  { path: '/profile-setup', element: <ProfileSetupPage />, handle: title('Profile Setup') },
                  {
                    id: PROFILE_GATE_ROUTE_ID,
                    element: <ProfileGate />,
                    children: [
                      { index: true, element: <HomeRedirect /> },
                      // The provider pages (web/src/providerRoutes.tsx) are patched in here on the first
                      // navigation to a path the static table does not know (see patchRoutesOnNavigation).
                      // The back-office pages (web/src/back-office/routes.tsx) are patched in on the
                      // first navigation under /back-office (see patchRoutesOnNavigation below).
                      { id: BACK_OFFICE_ROUTE_ID, element: <BackOfficeGuard />, children: [] },
                    ],
                  },
                ],
              },
            ],
          },
          { path: '*', element: <NotFoundPage />, handle: title(NOT_FOUND_TITLE) },
        ],
      },
    ],
  },
];

/**
 * Lazy route discovery (React Router's patchRoutesOnNavigation), so that pages a visitor of the
 * sign-in page never needs cost its entry chunk nothing (/auth at most 150 KB
 * gzipped): the back-office routes (web/src/back-office/routes.tsx) are added under the
 * BackOfficeGuard route on the first navigation under /back-office, the public and debug pages
 * (web/src/public/routes.tsx) under the route group on the first navigation to one of them, the
 * provider pages (web/src/providerRoutes.tsx) under ProfileGate on the first navigation to any other
 * path the table does not know yet (an unknown path then still shows Page Not Found). Until
 * then such a path matches the catch-all route, which makes the router ask this function first (it
 * asks again for an unknown path under /back-office; patching the same routes twice is a no-op).
 */
export const patchRoutesOnNavigation: NonNullable<
  Parameters<typeof createBrowserRouter>[1]
>['patchRoutesOnNavigation'] = async ({ path, patch }) => {
  if (path === '/back-office' || path.startsWith('/back-office/')) {
    const { backOfficeRoutes } = await import('./back-office/routes');
    patch(BACK_OFFICE_ROUTE_ID, backOfficeRoutes);
  } else if (PUBLIC_PATHS.has(path.length > 1 ? path.replace(/\/+$/, '') : path)) {
    const { publicRoutes } = await import('./public/routes');
    patch(PUBLIC_ROUTE_ID, publicRoutes);
  } else {
    const { providerRoutes } = await import('./providerRoutes');
    patch(PROFILE_GATE_ROUTE_ID, providerRoutes);
  }
};

const router = createBrowserRouter(routes, { patchRoutesOnNavigation });

export function App() {
  return <RouterProvider router={router} />;
}
