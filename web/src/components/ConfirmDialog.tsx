/**
 * Accessible confirm dialog (./ModalDialog.tsx: focus moves inside, on the cancel button, Escape
 * cancels, the page behind is inert). Used for 'Are you sure you want to delete this case?'
 * and the inactivity warning (web/src/auth/IdleSignOut.tsx).
 */
import { Button, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { useId } from 'react';
import { ModalDialog } from './ModalDialog';

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
  const titleId = useId();
  const messageId = useId();

  return (
    <ModalDialog open={open} labelledBy={titleId} describedBy={messageId} onCancel={onCancel} maxWidth={420}>
      <Heading level={2} id={titleId} marginBottom="small">
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
    </ModalDialog>
  );
}
