/**
 * A centred loader with a message ("Checking authentication...", "Loading...": back-office-and-shell
 * section 2). Announced politely to screen readers.
 */
import { Flex, Loader, Text } from '@aws-amplify/ui-react';

export function FullPageMessage({ text }: { text: string }) {
  return (
    <Flex
      direction="column"
      alignItems="center"
      justifyContent="center"
      padding="3rem 1rem"
      gap="1rem"
      role="status"
      aria-live="polite"
    >
      <Loader size="large" aria-hidden="true" />
      <Text>{text}</Text>
    </Flex>
  );
}
