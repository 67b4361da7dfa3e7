/**
 * Navigation entries of the header and footer (back-office-and-shell section 2 "Navigation").
 *
 * Every entry of the spec is listed; `available` says whether its page exists in this build. Only
 * available entries are rendered (no link to a missing page): flip the flag when a page lands.
 * Data only: this module is part of the entry chunk (PublicHeader, on /auth, reads PUBLIC_NAV), so
 * the signed-in entries (./signedInNavigation.tsx, with their icons) and the functions that pick them for a role
 * (./navigationFor.ts) load with the signed-in screens (the /auth budget, decision 0015-spa-patterns).
 */
import type { ReactNode } from 'react';

export interface NavItem {
  to: string;
  label: string;
  /** A decorative icon before the label (signed-in entries: ../components/navIcons.tsx). */
  icon?: ReactNode;
  /** Smallest user_type that sees the entry (back-office nav). */
  minUserType?: number;
  available: boolean;
}

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
