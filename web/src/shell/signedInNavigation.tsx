/**
 * The signed-in navigation entries (back-office-and-shell section 2 "Navigation"), apart from
 * ./navigation.ts so that /auth does not carry them; same `NavItem` rules.
 */
import { USER_TYPE } from '../../../shared/roles';
import type { NavItem } from './navigation';

/** Provider navigation (user_type below 10). The logo links to /dashboard. */
export const PROVIDER_NAV: readonly NavItem[] = [
  { to: '/dashboard', label: 'Case List', available: true },
  { to: '/surgeon-management', label: 'Surgeons', available: true },
  { to: '/facility-management', label: 'Facilities', available: true },
  // Every signed-in user's No Surprises Act deadline calculator (web/src/disputes).
  { to: '/tools/deadlines', label: 'Deadline Calculator', available: true },
  { to: '/update-profile', label: 'Profile', available: true },
  { to: '/faq', label: 'FAQ/Tutorials', available: true },
  { to: '/report-bug', label: 'Report Bug', available: true },
];

/** Back-office navigation (user_type 10 or more). The logo links to /back-office. */
export const BACK_OFFICE_NAV: readonly NavItem[] = [
  { to: '/back-office', label: 'Home', available: true },
  { to: '/back-office/dashboard', label: 'Dashboard', available: true },
  { to: '/back-office/cases', label: 'Case Mgmt', available: true },
  // The dispute desk (web/src/disputes): the next deadline of every case, and the IDR awards.
  { to: '/back-office/deadlines', label: 'Deadlines', available: true },
  { to: '/back-office/awards', label: 'Awards', available: true },
  { to: '/back-office/users', label: 'User Mgmt', minUserType: USER_TYPE.USER_ADMIN, available: true },
  { to: '/back-office/reports', label: 'Reports', minUserType: USER_TYPE.REPORT_ADMIN, available: true },
  { to: '/back-office/list-management', label: 'List Mgmt', minUserType: USER_TYPE.GLOBAL_ADMIN, available: true },
  { to: '/back-office/audit', label: 'Audit', minUserType: USER_TYPE.GLOBAL_ADMIN, available: true },
  // Contact messages and bug reports (web/src/support).
  { to: '/back-office/support', label: 'Support', minUserType: USER_TYPE.GLOBAL_ADMIN, available: true },
  // The generated API description (docs/api.md).
  { to: '/back-office/api', label: 'API', minUserType: USER_TYPE.GLOBAL_ADMIN, available: true },
  { to: '/tools/deadlines', label: 'Deadline Calculator', available: true },
  { to: '/back-office/faq', label: 'FAQ/Tutorials', available: true },
  { to: '/back-office/report-bug', label: 'Report Bug', available: true },
];
