/**
 * Which navigation entries (./navigation.ts) a user sees and where the logo points
 * (back-office-and-shell section 2 "Navigation"). Kept apart from the entry data so that the
 * sign-in page does not load it.
 */
import { USER_TYPE } from '../../../shared/roles';
import { FOOTER_NAV, PUBLIC_NAV, type NavItem } from './navigation';
import { BACK_OFFICE_NAV, PROVIDER_NAV } from './signedInNavigation';

/**
 * The spec's entries for a role, whether or not their page is in this build: signed out -> public;
 * user_type >= 10 -> back office, each entry from its `minUserType` (20 User Mgmt, 50 Reports,
 * 100 List Mgmt); else provider. A missing user_type counts as 0.
 */
export function navEntriesFor(signedIn: boolean, userType: number): NavItem[] {
  const items = !signedIn ? PUBLIC_NAV : userType >= USER_TYPE.CASE_ADMIN ? BACK_OFFICE_NAV : PROVIDER_NAV;
  return items.filter((item) => item.minUserType === undefined || userType >= item.minUserType);
}

/** The entries a user sees: {@link navEntriesFor} whose page is in this build. */
export function navItemsFor(signedIn: boolean, userType: number): NavItem[] {
  return navEntriesFor(signedIn, userType).filter((item) => item.available);
}

/**
 * Whether the page at `path` is in this build: false for a page named by an entry of the navigation
 * above that is not available yet; true for any other path (pages outside the nav always exist).
 * Used by the back-office home's Quick Actions.
 */
export function isPageAvailable(path: string): boolean {
  const entries = [...PROVIDER_NAV, ...BACK_OFFICE_NAV, ...PUBLIC_NAV, ...FOOTER_NAV].filter((i) => i.to === path);
  return entries.length === 0 || entries.some((i) => i.available);
}

/** Where the logo points: /back-office for user_type 10 or more, else /dashboard. */
export function homePathFor(userType: number): string {
  return userType >= USER_TYPE.CASE_ADMIN ? '/back-office' : '/dashboard';
}
