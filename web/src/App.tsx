/**
 * Routes of the SPA (spec provider-side section 2; back-office-and-shell section 2 "Route table").
 *
 * Every page is loaded lazily (React.lazy, one chunk per page) so that /auth loads little; the
 * signed-in pages share a lazily loaded layout (SignedInLayout: the query client and the profile
 * guards). Guards: RequireAuth (signed in, else /auth?next=<the asked path>) > ProfileGate (profile complete, else /profile-setup) >
 * BackOfficeGuard (user_type 10 or more, else /dashboard). Errors while rendering a page (and failed
 * chunk loads) show the render failure fallback inside the page frame. Unknown paths show the
 * 'Page Not Found' page, signed in or out (issue 6, section 5).
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

const SignedInLayout = lazy(() => import('./shell/SignedInLayout'));
const ProfileGate = lazy(() => import('./shell/SignedInLayout').then((m) => ({ default: m.ProfileGate })));
const HomeRedirect = lazy(() => import('./shell/SignedInLayout').then((m) => ({ default: m.HomeRedirect })));
const BackOfficeGuard = lazy(() => import('./shell/SignedInLayout').then((m) => ({ default: m.BackOfficeGuard })));
const NotFoundPage = lazy(() => import('./shell/NotFoundPage'));
const AuthPage = lazy(() => import('./auth/AuthPage'));
const ProfileSetupPage = lazy(() => import('./profile/ProfileSetupPage'));
const UpdateProfilePage = lazy(() => import('./profile/UpdateProfilePage'));
const ReportBugPage = lazy(() => import('./report-bug/ReportBugPage'));
const BackOfficeHomePage = lazy(() => import('./shell/BackOfficeHomePage'));
const CaseListPage = lazy(() => import('./cases/CaseListPage'));
const CaseFormPage = lazy(() => import('./cases/CaseFormPage'));
const CaseDetailsPage = lazy(() => import('./cases/CaseDetailsPage'));
const SurgeonListPage = lazy(() => import('./surgeons/SurgeonListPage'));
const SurgeonFormPage = lazy(() => import('./surgeons/SurgeonFormPage'));
const FacilityListPage = lazy(() => import('./facilities/FacilityListPage'));
const FacilityFormPage = lazy(() => import('./facilities/FacilityFormPage'));
const FacilityEditPage = lazy(() => import('./facilities/FacilityEditPage'));
const ReportsPage = lazy(() => import('./back-office/reports/ReportsPage'));

const title = (text: string): RouteHandle => ({ title: text });

export const routes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <RenderFailure />,
    children: [
      {
        errorElement: <RenderFailure />,
        children: [
          { path: '/auth', element: <AuthPage />, handle: title('Sign In') },
          {
            element: <RequireAuth />,
            children: [
              {
                element: <SignedInLayout />,
                children: [
                  { path: '/profile-setup', element: <ProfileSetupPage />, handle: title('Profile Setup') },
                  {
                    element: <ProfileGate />,
                    children: [
                      { index: true, element: <HomeRedirect /> },
                      { path: '/dashboard', element: <CaseListPage />, handle: title('Cases') },
                      { path: '/case/new', element: <CaseFormPage key="new" />, handle: title('Add Case') },
                      { path: '/case/:caseId/edit', element: <CaseFormPage key="edit" />, handle: title('Edit Case') },
                      { path: '/case/:caseId', element: <CaseDetailsPage />, handle: title('Case Details') },
                      { path: '/surgeon-management', element: <SurgeonListPage />, handle: title('Surgeons') },
                      { path: '/surgeon/new', element: <SurgeonFormPage key="new" />, handle: title('Add Surgeon') },
                      {
                        path: '/surgeon/:surgeonId/edit',
                        element: <SurgeonFormPage key="edit" />,
                        handle: title('Edit Surgeon'),
                      },
                      { path: '/facility-management', element: <FacilityListPage />, handle: title('Facilities') },
                      { path: '/facility/new', element: <FacilityFormPage />, handle: title('Add Facility') },
                      {
                        path: '/facility/:facilityId/edit',
                        element: <FacilityEditPage />,
                        handle: title('Edit Facility'),
                      },
                      { path: '/update-profile', element: <UpdateProfilePage />, handle: title('Profile') },
                      { path: '/report-bug', element: <ReportBugPage />, handle: title('Report Bug') },
                      {
                        element: <BackOfficeGuard />,
                        children: [
                          { path: '/back-office', element: <BackOfficeHomePage />, handle: title('Back Office') },
                          { path: '/back-office/report-bug', element: <ReportBugPage />, handle: title('Report Bug') },
                          { path: '/back-office/reports', element: <ReportsPage />, handle: title('Reports') },
                        ],
                      },
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

const router = createBrowserRouter(routes);

export function App() {
  return <RouterProvider router={router} />;
}
