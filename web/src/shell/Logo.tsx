/** The Suture logo, a link home (back-office-and-shell section 2 "Navigation"). */
import { Link as RouterLink } from 'react-router-dom';
import { Flex, Text } from '@aws-amplify/ui-react';

export function Logo({ to }: { to: string }) {
  return (
    <RouterLink to={to} className="suture-nav-link" aria-label="Suture home">
      <Flex alignItems="center" gap="0.5rem">
        <img src="/favicon.svg" alt="" width={28} height={28} />
        <Text as="span" fontWeight="bold" fontSize="large" color="brand.primary.80">
          Suture
        </Text>
      </Flex>
    </RouterLink>
  );
}
