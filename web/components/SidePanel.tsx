// A form beside the screen (a student's form, a student's finances): a modal panel over a backdrop,
// named by its title. A tap on the backdrop, Escape or the panel's own close and cancel buttons
// ask to close (`useLeaving`): with unsaved changes, the panel first asks to leave them.
import { type ReactNode, type Ref, useState } from 'react';
import { ConfirmDialog } from './ConfirmDialog';

export function SidePanel({
  as: Tag = 'div',
  className,
  backdropClassName,
  titleId,
  panelRef,
  escapable,
  onDismiss,
  dialogs,
  children,
}: {
  as?: 'div' | 'aside';
  className: string;
  backdropClassName: string;
  /** The id of the panel's title. */
  titleId: string;
  panelRef?: Ref<HTMLDivElement>;
  /** Escape closes it (not while a dialog of its own is open). */
  escapable: boolean;
  /** A tap on the backdrop or Escape. */
  onDismiss: () => void;
  /** The panel's own dialogs, over it. */
  dialogs?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className={backdropClassName} onMouseDown={(e) => e.target === e.currentTarget && onDismiss()}>
      <Tag
        className={className}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        ref={panelRef}
        onKeyDown={(e) => e.key === 'Escape' && escapable && onDismiss()}
      >
        {children}
      </Tag>
      {dialogs}
    </div>
  );
}

/**
 * Leaving a form: `request()` closes it at once, or, with unsaved changes, asks first (the dialog:
 * stay, or leave them and close).
 */
export function useLeaving(
  unsaved: boolean,
  onClose: () => void,
  texts: { title: string; body: string; stay: string; confirm: string },
) {
  const [asking, setAsking] = useState(false);
  const dialog = asking && (
    <ConfirmDialog
      title={texts.title}
      cancelLabel={texts.stay}
      confirmLabel={texts.confirm}
      onCancel={() => setAsking(false)}
      onConfirm={onClose}
    >
      <p>{texts.body}</p>
    </ConfirmDialog>
  );
  return { request: () => (unsaved ? setAsking(true) : onClose()), asking, dialog };
}
