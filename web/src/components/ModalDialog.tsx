/**
 * A modal dialog on the native `<dialog>` (focus moves inside, the page behind is inert, Escape
 * calls `onCancel` and nothing else closes it): open while `open` is true. Name it by the id of its
 * heading (`labelledBy`). Clicks inside do not reach the page behind (a dialog opened from a table
 * row must not open the row's case).
 */
import { useEffect, useRef, type ReactNode } from 'react';

export interface ModalDialogProps {
  open: boolean;
  labelledBy: string;
  describedBy?: string;
  onCancel: () => void;
  /** Widest the dialog grows, in px (a phone gets the screen's width less 32 px). */
  maxWidth?: number;
  children: ReactNode;
}

export function ModalDialog({ open, labelledBy, describedBy, onCancel, maxWidth = 460, children }: ModalDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      onCancel={(e) => {
        e.preventDefault();
        onCancel();
      }}
      onClick={(e) => e.stopPropagation()}
      style={{
        border: 'none',
        borderRadius: 8,
        padding: 24,
        maxWidth,
        width: 'calc(100% - 32px)',
        boxSizing: 'border-box',
        boxShadow: '0 10px 30px rgba(0,0,0,0.25)',
      }}
    >
      {children}
    </dialog>
  );
}
