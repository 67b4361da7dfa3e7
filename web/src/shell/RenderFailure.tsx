/**
 * Render failure fallback (back-office-and-shell section 2): "Something went wrong", "We encountered an
 * unexpected error. Please try refreshing the page." with Refresh Page and Go to Dashboard.
 *
 * - `RenderFailure`: the panel itself (also the router's errorElement, so failed lazy chunks and
 *   errors thrown while rendering a route land here);
 * - `ErrorBoundary`: a class boundary for anything rendered outside the router.
 * The error itself is not shown (it may hold patient data); it is logged to the console only in
 * development builds.
 */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button, Card, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { SHELL_MESSAGES } from '../../../shared/messages-shell';

export function RenderFailure() {
  return (
    <Flex justifyContent="center" padding="3rem 1rem">
      <Card variation="elevated" maxWidth="32rem" width="100%" role="alert">
        <Flex direction="column" gap="1rem">
          <Heading level={1}>{SHELL_MESSAGES.renderFailTitle}</Heading>
          <Text>{SHELL_MESSAGES.renderFailBody}</Text>
          <Flex gap="0.75rem" wrap="wrap">
            <Button variation="primary" onClick={() => window.location.reload()}>
              Refresh Page
            </Button>
            <Button onClick={() => window.location.assign('/dashboard')}>Go to Dashboard</Button>
          </Flex>
        </Flex>
      </Card>
    </Flex>
  );
}

interface BoundaryState {
  failed: boolean;
}

export class ErrorBoundary extends Component<{ children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { failed: false };

  static getDerivedStateFromError(): BoundaryState {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    if (import.meta.env.DEV) console.error('Render failure', error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <RenderFailure /> : this.props.children;
  }
}
