/**
 * What the two headers share (PublicHeader.tsx for visitors, Header.tsx once signed in): the header
 * bar with its main navigation row, and a list of navigation links. Light on purpose: /auth loads it.
 */
import type { ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import { Flex, View } from '@aws-amplify/ui-react';
import type { NavItem } from './navigation';

/** The links of `items` as a list, in a row or a column, each with its icon when it has one. */
export function NavLinks({ items, direction }: { items: NavItem[]; direction: 'row' | 'column' }) {
  return (
    <Flex as="ul" direction={direction} gap="0.25rem" margin="0" padding="0" wrap="wrap" style={{ listStyle: 'none' }}>
      {items.map((item) => (
        <li key={item.to}>
          <NavLink to={item.to} end className="suture-nav-link">
            {item.icon}
            {item.label}
          </NavLink>
        </li>
      ))}
    </Flex>
  );
}

/** The header: `children` in the main navigation row (1,200 px at most, wrapping), then `after`. */
export function HeaderBar({ children, after }: { children: ReactNode; after?: ReactNode }) {
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
        {children}
      </Flex>
      {after}
    </View>
  );
}
