/**
 * The provider pages (spec provider-side section 2; back-office-and-shell section 2 "Route table"),
 * children of the ProfileGate route of web/src/App.tsx (signed in, profile complete), patched in on
 * the first navigation to one of them (React Router's patchRoutesOnNavigation), so that the sign-in
 * page's entry chunk does not carry them. Each page is its own lazy chunk. Case pages from
 * web/src/cases, surgeon pages from web/src/surgeons, facility pages from web/src/facilities,
 * the deadline calculator (/tools/deadlines, every signed-in user) from web/src/disputes.
 */
import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import type { RouteHandle } from './shell/AppLayout';

const UpdateProfilePage = lazy(() => import('./profile/UpdateProfilePage'));
const ReportBugPage = lazy(() => import('./report-bug/ReportBugPage'));
const CaseListPage = lazy(() => import('./cases/CaseListPage'));
const CaseFormPage = lazy(() => import('./cases/CaseFormPage'));
const CaseDetailsPage = lazy(() => import('./cases/CaseDetailsPage'));
const SurgeonListPage = lazy(() => import('./surgeons/SurgeonListPage'));
const SurgeonFormPage = lazy(() => import('./surgeons/SurgeonFormPage'));
const FacilityListPage = lazy(() => import('./facilities/FacilityListPage'));
const FacilityFormPage = lazy(() => import('./facilities/FacilityFormPage'));
const FacilityEditPage = lazy(() => import('./facilities/FacilityEditPage'));
const DeadlineCalculatorPage = lazy(() => import('./disputes/DeadlineCalculatorPage'));

const title = (text: string): RouteHandle => ({ title: text });

export const providerRoutes: RouteObject[] = [
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
  { path: '/tools/deadlines', element: <DeadlineCalculatorPage />, handle: title('Deadline Calculator') },
];
