/**
 * Navigation entries of the header and footer (back-office-and-shell section 2 "Navigation").
 *
 * Every entry of the spec is listed; `available` says whether its page exists in this build. Only
 * available entries are rendered (no link to a missing page): flip the flag when a page lands.
 * Data only: this module is part of the entry chunk (PublicHeader, on /auth, reads PUBLIC_NAV), so
 * the functions that pick the entries for a role live in ./navigationFor.ts, loaded with the
 * signed-in screens (the /auth budget, docs/decisions/0015-spa-patterns.md).
 */
import { USER_TYPE } from '../../../shared/roles';

export interface NavItem {
  to: string;
  label: string;
  /** Smallest user_type that sees the entry (back-office nav). */
  minUserType?: number;
  available: boolean;
}

/** Provider navigation (user_type below 10). The logo links to /dashboard. */
export const PROVIDER_NAV: readonly NavItem[] = [
  { to: '/dashboard', label: 'Case List', available: true },
  { to: '/surgeon-management', label: 'Surgeons', available: true },
  { to: '/facility-management', label: 'Facilities', available: true },
  { to: '/update-profile', label: 'Profile', available: true },
  { to: '/faq', label: 'FAQ/Tutorials', available: true },
  { to: '/report-bug', label: 'Report Bug', available: true },
];

/** Back-office navigation (user_type 10 or more). The logo links to /back-office. */
export const BACK_OFFICE_NAV: readonly NavItem[] = [
  { to: '/back-office', label: 'Home', available: true },
  { to: '/back-office/dashboard', label: 'Dashboard', available: true },
  { to: '/back-office/cases', label: 'Case Mgmt', available: true },
  { to: '/back-office/users', label: 'User Mgmt', minUserType: USER_TYPE.USER_ADMIN, available: true },
  { to: '/back-office/reports', label: 'Reports', minUserType: USER_TYPE.REPORT_ADMIN, available: true },
  { to: '/back-office/list-management', label: 'List Mgmt', minUserType: USER_TYPE.GLOBAL_ADMIN, available: true },
  { to: '/back-office/audit', label: 'Audit', minUserType: USER_TYPE.GLOBAL_ADMIN, available: true },
  // The generated API description (docs/api.md).
  { to: '/back-office/api', label: 'API', minUserType: USER_TYPE.GLOBAL_ADMIN, available: true },
  { to: '/back-office/faq', label: 'FAQ/Tutorials', available: true },
  { to: '/back-office/report-bug', label: 'Report Bug', available: true },
];

/** Signed-out navigation (public pages). */
export const PUBLIC_NAV: readonly NavItem[] = [
  { to: '/about', label: 'About', available: true },
  { to: '/faq', label: 'FAQ', available: true },
  { to: '/contact', label: 'Contact', available: true },
];

/** Footer for signed-in users only. */
export const FOOTER_NAV: readonly NavItem[] = [
  { to: '/', label: 'Home', available: true },
  { to: '/about', label: 'About', available: true },
  { to: '/faq', label: 'FAQ', available: true },
  { to: '/contact', label: 'Contact', available: true },
];
