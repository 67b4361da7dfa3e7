/**
 * The back-office routes (spec back-office-and-shell section 2 "Route table"), children of
 * the BackOfficeGuard route of web/src/App.tsx (user_type 10 or more). This module is loaded on the
 * first navigation under /back-office (React Router's patchRoutesOnNavigation, see App.tsx), so
 * none of it is in the sign-in page's entry chunk. Each page is its own lazy chunk. Pages of a
 * higher threshold (User Mgmt 20, Reports 50, List Mgmt, Audit, Deleted Cases, API and Support 100) check it themselves.
 */
import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import type { RouteHandle } from '../shell/AppLayout';

const BackOfficeHomePage = lazy(() => import('../shell/BackOfficeHomePage'));
const AnalyticsDashboardPage = lazy(() => import('./dashboard/DashboardPage'));
const BackOfficeFaqPage = lazy(() => import('./faq/BackOfficeFaqPage'));
const ReportBugPage = lazy(() => import('../report-bug/ReportBugPage'));
const CaseManagementPage = lazy(() => import('./cases/CaseManagementPage'));
const DeletedCasesPage = lazy(() => import('./cases/DeletedCasesPage'));
const ReportsPage = lazy(() => import('./reports/ReportsPage'));
const UserManagement = lazy(() => import('./users/UserManagement'));
const ListManagementPage = lazy(() => import('./lists/ListManagementPage'));
const AuditPage = lazy(() => import('./audit/AuditPage'));
const ApiDescriptionPage = lazy(() => import('./api/ApiDescriptionPage'));
const DeadlinesPage = lazy(() => import('../disputes/DeadlinesPage'));
const AwardsPage = lazy(() => import('../disputes/AwardsPage'));
const SupportInboxPage = lazy(() => import('../support/SupportInboxPage'));

const title = (text: string): RouteHandle => ({ title: text });

export const backOfficeRoutes: RouteObject[] = [
  { path: '/back-office', element: <BackOfficeHomePage />, handle: title('Back Office') },
  { path: '/back-office/dashboard', element: <AnalyticsDashboardPage />, handle: title('Dashboard') },
  { path: '/back-office/report-bug', element: <ReportBugPage />, handle: title('Report Bug') },
  { path: '/back-office/faq', element: <BackOfficeFaqPage />, handle: title('FAQ & Tutorials') },
  { path: '/back-office/users/:userId?', element: <UserManagement />, handle: title('User Management') },
  { path: '/back-office/list-management', element: <ListManagementPage />, handle: title('List Management') },
  { path: '/back-office/cases', element: <CaseManagementPage />, handle: title('Case Management') },
  { path: '/back-office/cases/deleted', element: <DeletedCasesPage />, handle: title('Deleted Cases') },
  { path: '/back-office/deadlines', element: <DeadlinesPage />, handle: title('Deadlines') },
  { path: '/back-office/awards', element: <AwardsPage />, handle: title('Awards') },
  { path: '/back-office/reports', element: <ReportsPage />, handle: title('Reports') },
  { path: '/back-office/audit', element: <AuditPage />, handle: title('Audit Trail') },
  { path: '/back-office/api', element: <ApiDescriptionPage />, handle: title('API') },
  { path: '/back-office/support', element: <SupportInboxPage />, handle: title('Support Inbox') },
];
