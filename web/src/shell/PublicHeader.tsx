/**
 * The header for visitors who are not signed in (back-office-and-shell section 2 "Navigation"): the
 * logo (to /auth) and the public pages that exist in this build. Kept apart from Header.tsx (the
 * signed-in header with the role navigation and the phone menu, loaded with the first signed-in
 * screen) so that /auth loads little.
 */
import { HeaderBar, NavLinks } from './HeaderBar';
import { Logo } from './Logo';
import { PUBLIC_NAV } from './navigation';

export function PublicHeader() {
  const items = PUBLIC_NAV.filter((item) => item.available);
  return (
    <HeaderBar>
      <Logo to="/auth" />
      {items.length > 0 && <NavLinks items={items} direction="row" />}
    </HeaderBar>
  );
}
