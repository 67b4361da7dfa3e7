/**
 * Shown when the runtime configuration (/config.json) cannot be loaded: the reason and Try Again
 * (reloads the page). Loaded only in that case (main.tsx).
 */
import { Alert, Button, Flex } from '@aws-amplify/ui-react';

export default function ConfigError({ reason }: { reason: string }) {
  return (
    <Flex justifyContent="center" padding="3rem 1rem">
      <Flex direction="column" gap="1rem" maxWidth="36rem">
        <Alert variation="error" heading="Suture could not start">
          The application configuration (/config.json) could not be loaded: {reason}. Check that the server is running,
          then try again.
        </Alert>
        <Button alignSelf="flex-start" onClick={() => window.location.reload()}>
          Try Again
        </Button>
      </Flex>
    </Flex>
  );
}
