/**
 * Amplify's sign-out, loaded when a user signs out rather than with the app shell (the sign-in route's JS is at most 150 KB gzipped).
 *
 * A global sign-out: Cognito's GlobalSignOut revokes every refresh token of the
 * user, so that a stolen token dies with the session; Amplify then clears the local tokens. When the
 * revocation call fails (offline, session already expired) Amplify still clears them and rejects.
 */
import { signOut as amplifySignOut } from 'aws-amplify/auth';

/** Sign the user out everywhere (GlobalSignOut) and clear the stored tokens. */
export function signOut(): Promise<void> {
  return amplifySignOut({ global: true });
}
