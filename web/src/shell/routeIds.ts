/** Route ids that code outside App.tsx needs (lazy route discovery patches children under them). */

/** The BackOfficeGuard route (user_type 10 or more), parent of every /back-office page. */
export const BACK_OFFICE_ROUTE_ID = 'back-office';

/** The route group of the public and signed-in pages (children of Root), parent of the public pages. */
export const PUBLIC_ROUTE_ID = 'app';

/** The paths of web/src/public/routes.tsx: the public pages and the debug pages. */
export const PUBLIC_PATHS: ReadonlySet<string> = new Set([
  '/about',
  '/faq',
  '/contact',
  '/debug/forgot-password',
  '/debug-patch',
  '/test-search',
  '/debug/emails',
]);

/** The ProfileGate route (signed in, profile complete), parent of the provider pages. */
export const PROFILE_GATE_ROUTE_ID = 'profile-gate';
