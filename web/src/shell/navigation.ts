/**
 * Navigation entries of the header and footer (back-office-and-shell section 2 "Navigation").
 *
 * Every entry of the spec is listed; `available` says whether its page exists in this build. Only
 * available entries are rendered (no link to a missing page): flip the flag when a page lands.
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
  { to: '/faq', label: 'FAQ/Tutorials', available: false },
  { to: '/report-bug', label: 'Report Bug', available: true },
];

/** Back-office navigation (user_type 10 or more). The logo links to /back-office. */
export const BACK_OFFICE_NAV: readonly NavItem[] = [
  { to: '/back-office', label: 'Home', available: true },
  { to: '/back-office/dashboard', label: 'Dashboard', available: false },
  { to: '/back-office/cases', label: 'Case Mgmt', available: false },
  { to: '/back-office/users', label: 'User Mgmt', minUserType: USER_TYPE.USER_ADMIN, available: false },
  { to: '/back-office/reports', label: 'Reports', minUserType: USER_TYPE.REPORT_ADMIN, available: true },
  { to: '/back-office/list-management', label: 'List Mgmt', minUserType: USER_TYPE.GLOBAL_ADMIN, available: false },
  { to: '/back-office/faq', label: 'FAQ/Tutorials', available: false },
  { to: '/back-office/report-bug', label: 'Report Bug', available: true },
];

/** Signed-out navigation (public pages). */
export const PUBLIC_NAV: readonly NavItem[] = [
  { to: '/about', label: 'About', available: false },
  { to: '/faq', label: 'FAQ', available: false },
  { to: '/contact', label: 'Contact', available: false },
];

/** Footer for signed-in users only. */
export const FOOTER_NAV: readonly NavItem[] = [
  { to: '/', label: 'Home', available: true },
  { to: '/about', label: 'About', available: false },
  { to: '/faq', label: 'FAQ', available: false },
  { to: '/contact', label: 'Contact', available: false },
];

/** The entries a user sees: signed out -> public; user_type >= 10 -> back office; else provider. */
export function navItemsFor(signedIn: boolean, userType: number): NavItem[] {
  const items = !signedIn ? PUBLIC_NAV : userType >= USER_TYPE.CASE_ADMIN ? BACK_OFFICE_NAV : PROVIDER_NAV;
  return items.filter((item) => item.available && (item.minUserType === undefined || userType >= item.minUserType));
}

/** Where the logo points. */
export function homePathFor(userType: number): string {
  return userType >= USER_TYPE.CASE_ADMIN ? '/back-office' : '/dashboard';
}
