/**
 * What the header needs to know about the signed-in user's profile, as a context so that the header
 * itself does not load the query library (the sign-in route loads little).
 * ProfileHeader.tsx (loaded with the first signed-in screen) provides it; signed out, or until it
 * has loaded, the default applies: profile pending, no role links.
 */
import { createContext } from 'react';

export interface HeaderProfile {
  /** true until the profile has been read. */
  isPending: boolean;
  /** The profile's user_type (0 when missing). */
  userType: number;
  /**
   * true when the profile exists and is complete, or could not be read (the gate then lets the user
   * continue). While false the header shows no navigation links: every page would send the user
   * back to /profile-setup.
   */
  complete: boolean;
}

export const HeaderProfileContext = createContext<HeaderProfile>({ isPending: true, userType: 0, complete: false });
