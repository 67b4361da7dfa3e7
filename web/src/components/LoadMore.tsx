/**
 * The foot of a paged list (every list pages on the server): a polite live status
 * "Showing N cases" (so a screen reader hears how many rows a Load more added), a "Load more"
 * button while the server has more (a real button: keyboard reachable; while the next page loads it
 * shows a spinner and "Loading more…" and stays focusable, with aria-disabled, so focus is not lost),
 * and the error of a failed next page (the button stays, as a retry). When the last page arrives the
 * button goes away; if it had focus, focus moves to the status line instead of being lost.
 * Used by the case list (CaseListPage) and the surgeon and facility lists (ManagementList).
 */
import { Alert, Flex, Text } from '@aws-amplify/ui-react';
import { BusyButton } from './BusyButton';
import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';

export interface LoadMoreProps {
  /** Rows shown now. */
  shown: number;
  /** Singular and plural noun for the status, e.g. ['case', 'cases']. */
  noun: readonly [string, string];
  /** Whether the server has another page. */
  hasMore: boolean;
  /** Whether the next page is loading. */
  isLoading: boolean;
  /** Loading the next page failed (the message is shown; Load more retries). */
  error?: Error | null;
  onLoadMore: () => void;
  /** How many there are in all, when known (Case Management's counts): "Showing 50 of 1,234 cases". */
  total?: number;
}

/** The parts of a TanStack infinite query that drive a Load more. */
type PagedQuery = Pick<
  UseInfiniteQueryResult,
  'hasNextPage' | 'isFetchingNextPage' | 'isFetchNextPageError' | 'error' | 'fetchNextPage'
>;

/**
 * LoadMore's paging props from an infinite query (the case lists, Deleted Cases): more while the
 * server has a next page, the next page's error (not the first page's), a click fetches it.
 */
export function nextPageProps(list: PagedQuery): Pick<LoadMoreProps, 'hasMore' | 'isLoading' | 'error' | 'onLoadMore'> {
  return {
    hasMore: list.hasNextPage,
    isLoading: list.isFetchingNextPage,
    error: list.isFetchNextPageError ? list.error : null,
    onLoadMore: () => void list.fetchNextPage(),
  };
}

/** "Showing 1 case", "Showing 120 cases"; with `total`, "Showing 50 of 1,234 cases". */
export function showingText(shown: number, noun: readonly [string, string], total?: number): string {
  if (total !== undefined) {
    return `Showing ${shown.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} ${total === 1 ? noun[0] : noun[1]}`;
  }
  return `Showing ${shown.toLocaleString('en-US')} ${shown === 1 ? noun[0] : noun[1]}`;
}

export function LoadMore({ shown, noun, hasMore, isLoading, error, onLoadMore, total }: LoadMoreProps) {
  const statusRef = useRef<HTMLParagraphElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const hadFocus = useRef(false);

  useEffect(() => {
    if (!hasMore && hadFocus.current) statusRef.current?.focus();
    hadFocus.current = false;
  }, [hasMore]);

  return (
    <Flex direction="column" alignItems="center" gap="small" paddingBlock="small">
      <Text
        as="p"
        ref={statusRef}
        tabIndex={-1}
        role="status"
        aria-live="polite"
        fontSize="small"
        color="font.secondary"
        margin="0"
      >
        {showingText(shown, noun, total)}
      </Text>
      {error && hasMore && (
        <Alert variation="error" role="alert">
          {error.message}
        </Alert>
      )}
      {hasMore && (
        <BusyButton
          ref={buttonRef}
          busy={isLoading}
          busyText="Loading more…"
          style={{ minHeight: 44, minWidth: 160 }}
          onClick={() => {
            hadFocus.current = document.activeElement === buttonRef.current;
            onLoadMore();
          }}
        >
          Load more
        </BusyButton>
      )}
    </Flex>
  );
}
