// A dialog with the usual foot: the Modal, with DialogButtons' two buttons as its actions. Its
// props are the buttons' own; Escape leaves it as the cancel button does, unless told otherwise
// (`onClose`) or while the action is under way.
import type { ComponentProps, ReactNode } from 'react';
import { DialogButtons } from './DialogButtons';
import { Modal } from './Modal';

export function Dialog({
  title,
  children,
  wide,
  onClose,
  ...buttons
}: ComponentProps<typeof DialogButtons> & {
  title: string;
  children: ReactNode;
  wide?: boolean;
  /** What Escape does, when it is not what the cancel button does. */
  onClose?: () => void;
}) {
  return (
    <Modal
      title={title}
      wide={wide}
      onClose={buttons.busy ? undefined : (onClose ?? buttons.onCancel)}
      actions={<DialogButtons {...buttons} />}
    >
      {children}
    </Modal>
  );
}
