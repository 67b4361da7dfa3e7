/**
 * The three states every list screen shows before its rows (standards: "clear errors, loading and
 * empty states"), declared once for the provider case list, the surgeon and facility lists, Case
 * Management and Deleted Cases:
 * - {@link ListLoadError}: an alert (role "alert", heading UI_MESSAGES.backendError by default) with the
 *   message and a retry button;
 * - {@link ListLoading}: a spinner and a text in a live region (role "status");
 * - {@link ListEmpty}: an outlined card with a level-2 heading and whatever follows it (a hint, an
 *   action).
 */
import { Alert, Button, Card, Flex, Heading, Loader, Text } from '@aws-amplify/ui-react';
import type { ReactNode } from 'react';
import { UI_MESSAGES } from '../../../shared/messages';

/** A failed load: `message` under `heading`, and a `retryLabel` button calling `onRetry` (none without it). */
export function ListLoadError({
  message,
  onRetry,
  heading = UI_MESSAGES.backendError,
  retryLabel = 'Retry',
}: {
  message: ReactNode;
  onRetry?: () => void;
  heading?: string;
  retryLabel?: string;
}) {
  return (
    <Alert variation="error" role="alert" heading={heading}>
      <Text>{message}</Text>
      {onRetry && (
        <Button marginTop="small" onClick={onRetry}>
          {retryLabel}
        </Button>
      )}
    </Alert>
  );
}

/** Loading: a large spinner and `text` (UI_MESSAGES.loading by default), announced politely. */
export function ListLoading({ text = UI_MESSAGES.loading }: { text?: string }) {
  return (
    <Flex alignItems="center" gap="small" padding="large" role="status">
      <Loader size="large" />
      <Text>{text}</Text>
    </Flex>
  );
}

/** Nothing to show: `heading`, then `children` (a hint, a button). */
export function ListEmpty({ heading, children }: { heading: string; children?: ReactNode }) {
  return (
    <Card variation="outlined" textAlign="center" padding="xl">
      <Heading level={2}>{heading}</Heading>
      {children}
    </Card>
  );
}
