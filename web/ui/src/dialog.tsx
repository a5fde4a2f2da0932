import { type ReactNode, useEffect, useId, useRef } from 'react';
import './dialog.css';

interface Props {
  open: boolean;
  title: string;
  /** Escape and the Dismiss-like action both close through this. */
  onClose: () => void;
  children: ReactNode;
  actions: ReactNode;
}

/**
 * A modal dialog on the native <dialog>: the browser traps focus inside, makes the page behind inert and closes it
 * on Escape; focus returns to where it was when it closes.
 */
export function Dialog({ open, title, onClose, children, actions }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <h2 id={titleId} className="dialog-title">
        {title}
      </h2>
      <div className="dialog-body">{children}</div>
      <div className="dialog-actions">{actions}</div>
    </dialog>
  );
}
