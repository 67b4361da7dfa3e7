/**
 * Reading the signed-in user from Amplify's session (spec provider-side section 4 "Session";
 * back-office-and-shell section 4 "Route guards").
 *
 * The user id is the id token's `sub` claim, the email its `email` claim. Amplify keeps the tokens
 * and refreshes them with the refresh token; a session without an id token counts as signed out.
 */
import { fetchAuthSession } from 'aws-amplify/auth';
import { sleep } from '../lib/time';

export interface AuthUser {
  /** Cognito user id (the id token's `sub`), also the profile's user_id. */
  sub: string;
  email: string;
}

/** Signed-in check retries before denying (back-office-and-shell sections 4 and 9). */
export const SIGNED_IN_CHECK_RETRIES = 2;
/** Interval between those retries, in ms. */
export const SIGNED_IN_CHECK_INTERVAL_MS = 100;

/** The signed-in user from the current session, or null when there is none. Never throws. */
export async function readSessionUser(): Promise<AuthUser | null> {
  try {
    const session = await fetchAuthSession();
    const payload = session.tokens?.idToken?.payload;
    const sub = payload?.sub;
    if (typeof sub !== 'string' || sub === '') return null;
    const email = typeof payload?.email === 'string' ? payload.email : '';
    return { sub, email };
  } catch {
    return null;
  }
}

/**
 * The signed-in check of the route guards: reads the session and, when there is none, tries again
 * up to {@link SIGNED_IN_CHECK_RETRIES} times {@link SIGNED_IN_CHECK_INTERVAL_MS} ms apart before
 * answering null (a session being stored right after sign-in is then still found).
 */
export async function checkSignedIn(): Promise<AuthUser | null> {
  for (let attempt = 0; ; attempt++) {
    const user = await readSessionUser();
    if (user || attempt >= SIGNED_IN_CHECK_RETRIES) return user;
    await sleep(SIGNED_IN_CHECK_INTERVAL_MS);
  }
}
