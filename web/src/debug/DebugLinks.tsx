/**
 * The debug pages' links to one another (docs/decisions/0009-spec-departures.md: they exist only where
 * the runtime config's `debugPages` is on), the Email viewer among them (docs/decisions/0027-email-and-support-messages.md).
 */
import { Flex } from '@aws-amplify/ui-react';
import { NavLink } from 'react-router-dom';

export const DEBUG_PAGES = [
  { to: '/debug/forgot-password', label: 'Forgot Password Test' },
  { to: '/debug-patch', label: 'Debug Patch Tool' },
  { to: '/test-search', label: 'Search Test' },
  { to: '/debug/emails', label: 'Email viewer' },
] as const;

export function DebugLinks() {
  return (
    <nav aria-label="Debug pages">
      <Flex as="ul" gap="1rem" wrap="wrap" margin="0" padding="0" style={{ listStyle: 'none' }}>
        {DEBUG_PAGES.map((p) => (
          <li key={p.to}>
            <NavLink to={p.to} end>
              {p.label}
            </NavLink>
          </li>
        ))}
      </Flex>
    </nav>
  );
}
