/**
 * An error alert the user dismisses. Its Dismiss button goes away with it, and the browser would
 * leave keyboard focus on the page: `focusOnDismiss` names where focus goes instead (a heading with
 * tabIndex -1, usually).
 */
import { Alert } from '@aws-amplify/ui-react';
import type { ReactNode, RefObject } from 'react';

/** `role="alert"`, dismissible; on Dismiss, `onDismiss()` and then focus on `focusOnDismiss`. */
export function DismissibleError({
  onDismiss,
  focusOnDismiss,
  children,
}: {
  onDismiss: () => void;
  focusOnDismiss?: RefObject<HTMLElement | null>;
  children: ReactNode;
}) {
  return (
    <Alert
      variation="error"
      role="alert"
      isDismissible
      onDismiss={() => {
        onDismiss();
        focusOnDismiss?.current?.focus();
      }}
    >
      {children}
    </Alert>
  );
}
