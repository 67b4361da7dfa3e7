/**
 * Accessible confirm dialog (native modal `<dialog>`: focus moves inside, on the cancel button,
 * Escape cancels, the page behind is inert). Used for 'Are you sure you want to delete this case?'
 * and the inactivity warning (web/src/auth/IdleSignOut.tsx).
 */
import { Button, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { useEffect, useId, useRef } from 'react';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  /** The cancel button's label (default 'Cancel'). */
  cancelLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** The confirm button's look: 'destructive' (default, red) or 'primary' (e.g. a restore). */
  tone?: 'destructive' | 'primary';
}

export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  cancelLabel = 'Cancel',
  onConfirm,
  onCancel,
  tone = 'destructive',
}: ConfirmDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const messageId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={messageId}
      onCancel={(e) => {
        e.preventDefault();
        onCancel();
      }}
      style={{
        border: 'none',
        borderRadius: 8,
        padding: 24,
        maxWidth: 420,
        width: 'calc(100% - 32px)',
        boxShadow: '0 10px 30px rgba(0,0,0,0.25)',
      }}
    >
      <Heading level={2} id={titleId} fontSize="large" marginBottom="small">
        {title}
      </Heading>
      <Text id={messageId}>{message}</Text>
      <Flex justifyContent="flex-end" gap="small" marginTop="large">
        <Button onClick={onCancel} autoFocus>
          {cancelLabel}
        </Button>
        <Button variation="primary" colorTheme={tone === 'destructive' ? 'error' : undefined} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </Flex>
    </dialog>
  );
}
