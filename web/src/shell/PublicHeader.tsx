/**
 * The header for visitors who are not signed in (back-office-and-shell section 2 "Navigation"): the
 * logo (to /auth), the public pages that exist in this build and, with `signIn`, a Sign In link
 * (not in the spec's list: a visitor on a public page had no way to the sign-in screen but the logo).
 * Kept apart from Header.tsx (the signed-in header with the role navigation and the phone menu,
 * loaded with the first signed-in screen) so that /auth loads little; it is also that header's
 * placeholder while it loads, without Sign In.
 */
import { NavLink } from 'react-router-dom';
import { HeaderBar, NavLinks } from './HeaderBar';
import { Logo } from './Logo';
import { PUBLIC_NAV } from './navigation';

export function PublicHeader({ signIn }: { signIn?: boolean }) {
  return (
    <HeaderBar>
      <Logo to="/auth" />
      <NavLinks items={PUBLIC_NAV.filter((item) => item.available)} direction="row" />
      {signIn && (
        <NavLink to="/auth" className="suture-nav-link">
          Sign In
        </NavLink>
      )}
    </HeaderBar>
  );
}
