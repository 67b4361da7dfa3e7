/**
 * The notice after a change that can be taken back (docs/decisions/0025-bulk-and-undo.md): the
 * message and an Undo button for {@link UNDO_WINDOW_MS}, then it closes. The time stops while the
 * pointer is over it or focus is inside (WCAG 2.2.1: nobody loses the Undo while reaching for it).
 * Announced politely (`role="status"`). Without `onUndo` it is a plain notice with a close button.
 */
import { Button, Flex, Text } from '@aws-amplify/ui-react';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { BusyButton } from './BusyButton';

/** How long Undo is offered, in ms. */
export const UNDO_WINDOW_MS = 10_000;

export interface UndoNoticeProps {
  message: string;
  /** Undo the change; absent: nothing to undo (the notice still closes after the window). */
  onUndo?: () => void;
  /** The notice closed (time up, closed, or Undo pressed). */
  onClose: () => void;
  /** Undo is being sent. */
  busy?: boolean;
  /** The Undo button's accessible name when "Undo" alone is ambiguous (a row of a list). */
  undoLabel?: string;
}

export function UndoNotice({ message, onUndo, onClose, busy = false, undoLabel }: UndoNoticeProps) {
  const [paused, setPaused] = useState(false);
  const left = useRef(UNDO_WINDOW_MS);
  const timeUp = useEffectEvent(() => onClose());

  useEffect(() => {
    if (paused || busy) return;
    const started = Date.now();
    const timer = setTimeout(() => timeUp(), left.current);
    return () => {
      clearTimeout(timer);
      left.current = Math.max(0, left.current - (Date.now() - started));
    };
  }, [paused, busy]);

  return (
    <Flex
      role="status"
      alignItems="center"
      gap="xs"
      wrap="wrap"
      padding="xxs xs"
      backgroundColor="background.secondary"
      borderRadius="small"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setPaused(false);
      }}
      onClick={(e) => e.stopPropagation()}
    >
      <Text as="span" fontSize="small">
        {message}
      </Text>
      {onUndo ? (
        <BusyButton
          size="small"
          variation="link"
          busy={busy}
          busyText="Undoing..."
          aria-label={undoLabel}
          onClick={onUndo}
        >
          Undo
        </BusyButton>
      ) : (
        <Button size="small" variation="link" aria-label="Close notice" onClick={onClose}>
          Close
        </Button>
      )}
    </Flex>
  );
}
