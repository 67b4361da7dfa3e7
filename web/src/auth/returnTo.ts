/**
 * Where to go after signing in ("a signed-out deep link (e.g. /case/{id}) goes
 * to /auth and back to that link after sign-in").
 *
 * The route guard sends signed-out visitors to `/auth?next=<path>`; the sign-in screen goes to
 * {@link safeReturnPath}(next) after 'Successfully signed in! Redirecting...' and 100 ms. Only paths
 * of this site are accepted, so a crafted link cannot send a user elsewhere after sign-in.
 */

/** Query parameter of /auth that holds the return path. */
export const RETURN_PARAM = 'next';

/** The default destination after sign-in (spec back-office-and-shell section 5). */
export const HOME_PATH = '/';

const ORIGIN = 'https://suture.invalid';

/**
 * A same-origin path (pathname, query and fragment) to return to, or `/` for anything else: empty,
 * absolute or protocol-relative URLs (`https://x`, `//x`, `/\x`), backslashes, control characters,
 * paths that do not start with `/`, and /auth itself (no loop).
 */
export function safeReturnPath(raw: string | null | undefined): string {
  if (!raw || raw.length > 2000 || !raw.startsWith('/') || raw.startsWith('//')) return HOME_PATH;
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u001f\u007f]/.test(raw)) return HOME_PATH;
  let url: URL;
  try {
    url = new URL(raw, ORIGIN);
  } catch {
    return HOME_PATH;
  }
  if (url.origin !== ORIGIN) return HOME_PATH;
  if (url.pathname === '/auth' || url.pathname.startsWith('/auth/')) return HOME_PATH;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The /auth link for a signed-out visitor of `path` (`/auth` alone for the home page). */
export function signInPathFor(path: string): string {
  const safe = safeReturnPath(path);
  return safe === HOME_PATH ? '/auth' : `/auth?${RETURN_PARAM}=${encodeURIComponent(safe)}`;
}
