/**
 * The header for visitors who are not signed in (back-office-and-shell section 2 "Navigation"): the
 * logo (to /auth) and the public pages that exist in this build. Kept apart from Header.tsx (the
 * signed-in header with the role navigation and the phone menu, loaded with the first signed-in
 * screen) so that /auth loads little.
 */
import { NavLink } from 'react-router-dom';
import { Flex, View } from '@aws-amplify/ui-react';
import { Logo } from './Logo';
import { PUBLIC_NAV } from './navigation';

export function PublicHeader() {
  const items = PUBLIC_NAV.filter((item) => item.available);
  return (
    <View as="header" className="suture-header">
      <Flex
        as="nav"
        aria-label="Main"
        alignItems="center"
        justifyContent="space-between"
        wrap="wrap"
        gap="0.5rem"
        padding="0.5rem 1rem"
        maxWidth="1200px"
        margin="0 auto"
      >
        <Logo to="/auth" />
        {items.length > 0 && (
          <Flex as="ul" gap="0.25rem" margin="0" padding="0" wrap="wrap" style={{ listStyle: 'none' }}>
            {items.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end className="suture-nav-link" style={{ display: 'block' }}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </Flex>
        )}
      </Flex>
    </View>
  );
}
