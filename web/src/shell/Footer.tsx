/**
 * Footer for signed-in users only (back-office-and-shell section 2): Home, About, FAQ, Contact (the
 * pages that exist) and the operating company's 2025 copyright.
 */
import { Link as RouterLink } from 'react-router-dom';
import { Flex, Text, View } from '@aws-amplify/ui-react';
import { FOOTER_NAV } from './navigation';

export function Footer() {
  const links = FOOTER_NAV.filter((item) => item.available);
  return (
    <View
      as="footer"
      padding="1rem"
      backgroundColor="white"
      borderWidth="1px 0 0"
      borderStyle="solid"
      borderColor="border.secondary"
    >
      <Flex
        justifyContent="space-between"
        alignItems="center"
        wrap="wrap"
        gap="0.5rem"
        maxWidth="1200px"
        margin="0 auto"
      >
        <Flex as="nav" aria-label="Footer" gap="0.5rem" wrap="wrap">
          {links.map((item) => (
            <RouterLink key={item.to} to={item.to} className="suture-nav-link">
              {item.label}
            </RouterLink>
          ))}
        </Flex>
        <Text fontSize="small" color="font.tertiary">
          © 2025 Suture Medical LLC.
        </Text>
      </Flex>
    </View>
  );
}
