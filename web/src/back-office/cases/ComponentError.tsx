/**
 * The "Component Error" panel (back-office-and-shell section 2: a component crash on the case or
 * user management screens shows a "Component Error" panel with the message and a Reload Page
 * button): an error boundary around the screen's content. The header and navigation stay usable.
 */
import { Alert, Button, Text } from '@aws-amplify/ui-react';
import { Component, type ErrorInfo, type ReactNode } from 'react';

interface State {
  error: Error | null;
}

export class ComponentErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    // The message and component stack only (no case data: a render error names no patient).
    console.error('Component Error', error.message, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <Alert variation="error" heading="Component Error" role="alert">
        <Text>{error.message || 'Unknown error'}</Text>
        <Button marginTop="small" onClick={() => window.location.reload()}>
          Reload Page
        </Button>
      </Alert>
    );
  }
}
