/**
 * Gate of the debug pages (/debug/forgot-password, /debug-patch, /test-search): spec back-office-and-shell,
 * a departure from the spec, which leaves them unguarded. They exist only in stages whose runtime
 * configuration enables them (`debugPages` of /config.json: on locally, off in prod, see
 * shared/config.ts); when off, these paths show the Page Not Found page, signed in or not. When on,
 * the routes below this gate still need sign-in (App.tsx: RequireAuth inside the gate).
 */
import { Outlet } from 'react-router-dom';
import { getConfig } from '../lib/config';
import NotFoundPage from '../shell/NotFoundPage';

/** Whether this deployment offers the debug pages (runtime config `debugPages`). */
export function debugPagesEnabled(): boolean {
  return getConfig().debugPages;
}

export default function DebugGate() {
  return debugPagesEnabled() ? <Outlet /> : <NotFoundPage />;
}
