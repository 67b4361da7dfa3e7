/**
 * The signed-in navigation entries (back-office-and-shell section 2 "Navigation"), apart from
 * ./navigation.ts so that /auth does not carry them (nor their icons, ../components/navIcons.tsx);
 * same `NavItem` rules.
 */
import { USER_TYPE } from '../../../shared/roles';
import {
  AUDIT_ICON,
  AWARD_ICON,
  BUG_ICON,
  CALENDAR_ICON,
  CASES_ICON,
  CHART_ICON,
  CLOCK_ICON,
  CODE_ICON,
  FACILITY_ICON,
  HELP_ICON,
  HOME_ICON,
  LIST_ICON,
  MAIL_ICON,
  PROFILE_ICON,
  REPORT_ICON,
  SURGEONS_ICON,
  USERS_ICON,
} from '../components/navIcons';
import type { NavItem } from './navigation';

/** Provider navigation (user_type below 10). The logo links to /dashboard. */
export const PROVIDER_NAV: readonly NavItem[] = [
  { to: '/dashboard', label: 'Case List', available: true, icon: CASES_ICON },
  { to: '/surgeon-management', label: 'Surgeons', available: true, icon: SURGEONS_ICON },
  { to: '/facility-management', label: 'Facilities', available: true, icon: FACILITY_ICON },
  // Every signed-in user's No Surprises Act deadline calculator (web/src/disputes).
  { to: '/tools/deadlines', label: 'Deadline Calculator', available: true, icon: CALENDAR_ICON },
  { to: '/update-profile', label: 'Profile', available: true, icon: PROFILE_ICON },
  { to: '/faq', label: 'FAQ/Tutorials', available: true, icon: HELP_ICON },
  { to: '/report-bug', label: 'Report Bug', available: true, icon: BUG_ICON },
];

/** Back-office navigation (user_type 10 or more). The logo links to /back-office. */
export const BACK_OFFICE_NAV: readonly NavItem[] = [
  { to: '/back-office', label: 'Home', available: true, icon: HOME_ICON },
  { to: '/back-office/dashboard', label: 'Dashboard', available: true, icon: CHART_ICON },
  { to: '/back-office/cases', label: 'Case Mgmt', available: true, icon: CASES_ICON },
  // The dispute desk (web/src/disputes): the next deadline of every case, and the IDR awards.
  { to: '/back-office/deadlines', label: 'Deadlines', available: true, icon: CLOCK_ICON },
  { to: '/back-office/awards', label: 'Awards', available: true, icon: AWARD_ICON },
  {
    to: '/back-office/users',
    label: 'User Mgmt',
    minUserType: USER_TYPE.USER_ADMIN,
    available: true,
    icon: USERS_ICON,
  },
  {
    to: '/back-office/reports',
    label: 'Reports',
    minUserType: USER_TYPE.REPORT_ADMIN,
    available: true,
    icon: REPORT_ICON,
  },
  {
    to: '/back-office/list-management',
    label: 'List Mgmt',
    minUserType: USER_TYPE.GLOBAL_ADMIN,
    available: true,
    icon: LIST_ICON,
  },
  { to: '/back-office/audit', label: 'Audit', minUserType: USER_TYPE.GLOBAL_ADMIN, available: true, icon: AUDIT_ICON },
  // Contact messages and bug reports (web/src/support).
  {
    to: '/back-office/support',
    label: 'Support',
    minUserType: USER_TYPE.GLOBAL_ADMIN,
    available: true,
    icon: MAIL_ICON,
  },
  // The generated API description (docs/api.md).
  { to: '/back-office/api', label: 'API', minUserType: USER_TYPE.GLOBAL_ADMIN, available: true, icon: CODE_ICON },
  { to: '/tools/deadlines', label: 'Deadline Calculator', available: true, icon: CALENDAR_ICON },
  { to: '/back-office/faq', label: 'FAQ/Tutorials', available: true, icon: HELP_ICON },
  { to: '/back-office/report-bug', label: 'Report Bug', available: true, icon: BUG_ICON },
];
