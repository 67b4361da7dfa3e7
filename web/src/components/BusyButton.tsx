/**
 * The one busy button: a button that stays focusable while its work runs. Amplify's `isLoading`
 * disables the button, and a browser moves the focus of a control that becomes disabled to the page,
 * so a keyboard or screen-reader user who pressed it would start again from the top. Every busy
 * button uses it except /auth's (they keep `isLoading`: /auth has 0.1 KB left of its 150 KB budget,
 * decision 0015) and the local debug pages'.
 */
import { Button, Flex, Loader } from '@aws-amplify/ui-react';
import type { ComponentPropsWithRef, MouseEvent } from 'react';

export type BusyButtonProps = Omit<ComponentPropsWithRef<typeof Button>, 'isLoading' | 'loadingText'> & {
  /** While true: `aria-disabled`, a spinner and `busyText`, and presses ignored. */
  busy: boolean;
  /** What the button says while busy, e.g. "Sending...". */
  busyText: string;
};

/**
 * Amplify's Button, but busy instead of disabled while `busy`: it keeps the focus, says `busyText`
 * beside a spinner, and ignores presses, a form's Enter included (implicit submission clicks the
 * submit button, and the click's default is prevented).
 */
export function BusyButton({ busy, busyText, onClick, children, ...props }: BusyButtonProps) {
  return (
    <Button
      {...props}
      aria-disabled={busy || props['aria-disabled'] || undefined}
      onClick={(e: MouseEvent<HTMLButtonElement>) => {
        if (busy) {
          e.preventDefault();
          return;
        }
        onClick?.(e);
      }}
    >
      {busy ? (
        <Flex as="span" alignItems="center" gap="xs">
          <Loader size="small" aria-hidden="true" />
          {busyText}
        </Flex>
      ) : (
        children
      )}
    </Button>
  );
}

/** What a Retry needs of a TanStack query: run it again, and whether it is running. */
export interface Retryable {
  refetch: () => unknown;
  isFetching: boolean;
}

/** The Retry of a failed read: `query.refetch()`, busy ("Retrying...") while the read runs. */
export function RetryButton({
  query,
  ...props
}: Omit<BusyButtonProps, 'busy' | 'busyText' | 'onClick' | 'children'> & { query: Retryable }) {
  return (
    <BusyButton {...props} busy={query.isFetching} busyText="Retrying..." onClick={() => void query.refetch()}>
      Retry
    </BusyButton>
  );
}
