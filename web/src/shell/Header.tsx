/**
 * App header (back-office-and-shell section 2 "Navigation"): logo, the navigation for the user's
 * role, the signed-in email and role label, and Sign Out (announced to screen readers, ./announce.ts).
 * With more than {@link ONE_ROW_MAX_LINKS} links (a provider has seven, every back-office level eight or more) the logo and the
 * account share the first row and the links take a row of their own, in that order for the keyboard
 * too: on one row they pushed the email and Sign Out onto a second line, left-aligned, at every
 * desktop width. On narrow screens the links move into a collapsible menu that closes on route
 * change, outside click or Escape. The profile comes from
 * {@link HeaderProfileContext} (ProfileHeader.tsx); until the profile exists and is complete (profile
 * setup) the navigation links are hidden and the logo leads to /profile-setup.
 */
import { useContext, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { Button, Flex, Text, View } from '@aws-amplify/ui-react';
import { roleLabel } from '../../../shared/roles';
import { useAuth } from '../auth/AuthProvider';
import { SIGNED_OUT_ANNOUNCEMENT, announce } from './announce';
import { HeaderProfileContext } from './headerProfile';
import { HeaderBar, NavLinks } from './HeaderBar';
import { Logo } from './Logo';
import { CLOSE_ICON, MENU_ICON } from '../components/navIcons';
import { homePathFor, navItemsFor } from './navigationFor';
import { LARGE_SCREEN_QUERY, useMediaQuery } from '../components/useMediaQuery';

/**
 * The most links the desktop header shows on the logo's row: six, with their icons, fit beside a
 * long email in the 1,200 px header from a 1,280 px window; the provider's seven do not.
 */
export const ONE_ROW_MAX_LINKS = 6;

export function Header() {
  const { status, user, signOut } = useAuth();
  const profile = useContext(HeaderProfileContext);
  const location = useLocation();
  const isMobile = !useMediaQuery(LARGE_SCREEN_QUERY);
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuPath, setMenuPath] = useState(location.pathname);
  const menuId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);

  // Close the mobile menu on route change (state adjusted during render, not in an effect).
  if (menuPath !== location.pathname) {
    setMenuPath(location.pathname);
    setMenuOpen(false);
  }

  useEffect(() => {
    if (!menuOpen) return undefined;
    const onPointer = (event: MouseEvent | TouchEvent) => {
      const target = event.target as Node;
      if (panelRef.current?.contains(target) || toggleRef.current?.contains(target)) return;
      setMenuOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setMenuOpen(false);
        toggleRef.current?.focus();
      }
    };
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('touchstart', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('touchstart', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [menuOpen]);

  const signedIn = status === 'signedIn';
  const userType = profile.userType;
  // Hide role-dependent links until the profile (user_type) is known, and every link during profile setup.
  const settingUp = signedIn && !profile.isPending && !profile.complete;
  const items = signedIn && (profile.isPending || settingUp) ? [] : navItemsFor(signedIn, userType);
  const logoTo = !signedIn ? '/auth' : settingUp ? '/profile-setup' : homePathFor(userType);
  const who = signedIn && user ? `${roleLabel(userType)} (${userType})` : '';

  const twoRows = items.length > ONE_ROW_MAX_LINKS;
  const links = items.length > 0 && <NavLinks items={items} direction="row" />;

  const signOutButton = (
    <Button
      size="small"
      onClick={() => {
        announce(SIGNED_OUT_ANNOUNCEMENT);
        void signOut();
      }}
    >
      Sign Out
    </Button>
  );

  const mobileMenu = isMobile && menuOpen && (
    <View
      id={menuId}
      ref={panelRef}
      padding="0.5rem 1rem 1rem"
      borderWidth="1px 0 0"
      borderStyle="solid"
      borderColor="border.secondary"
    >
      <Flex direction="column" gap="0.75rem">
        {items.length > 0 && <NavLinks items={items} direction="column" />}
        {signedIn && user && (
          <Flex direction="column" gap="0.25rem">
            <Text fontSize="small">{user.email}</Text>
            <Text fontSize="xs" color="font.tertiary">
              {who}
            </Text>
            <View>{signOutButton}</View>
          </Flex>
        )}
      </Flex>
    </View>
  );

  return (
    <HeaderBar after={mobileMenu}>
      <Logo to={logoTo} />
      {!isMobile && !twoRows && links}
      {!isMobile && signedIn && user && (
        <Flex alignItems="center" gap="0.75rem" wrap="wrap" marginLeft="auto">
          <Flex direction="column" gap="0" alignItems="flex-end">
            <Text fontSize="small">{user.email}</Text>
            <Text fontSize="xs" color="font.tertiary">
              {who}
            </Text>
          </Flex>
          {signOutButton}
        </Flex>
      )}
      {!isMobile && twoRows && <View width="100%">{links}</View>}
      {isMobile && (signedIn || items.length > 0) && (
        <Button
          ref={toggleRef}
          size="small"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={() => setMenuOpen((open) => !open)}
          gap="0.375rem"
        >
          {menuOpen ? CLOSE_ICON : MENU_ICON}
          {menuOpen ? 'Close menu' : 'Menu'}
        </Button>
      )}
    </HeaderBar>
  );
}
