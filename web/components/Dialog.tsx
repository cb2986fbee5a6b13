// A dialog with the usual foot: the Modal, with DialogButtons' two buttons as its actions. Its
// props are the buttons' own; Escape leaves it as the cancel button does, unless told otherwise
// (`onClose`) or while the action is under way.
import { type ComponentProps, type FormEvent, type ReactNode, useId } from 'react';
import { commonText } from '../i18n/common';
import { DialogButtons } from './DialogButtons';
import { FormError } from './ErrorNotice';
import { Modal } from './Modal';

export function Dialog({
  title,
  children,
  wide,
  onClose,
  extra,
  ...buttons
}: ComponentProps<typeof DialogButtons> & {
  title: string;
  children: ReactNode;
  wide?: boolean;
  /** What Escape does, when it is not what the cancel button does. */
  onClose?: () => void;
  /** A third action, first in the foot (deleting what the dialog edits). */
  extra?: ReactNode;
}) {
  return (
    <Modal
      title={title}
      wide={wide}
      onClose={buttons.busy ? undefined : (onClose ?? buttons.onCancel)}
      actions={
        <>
          {extra}
          <DialogButtons {...buttons} />
        </>
      }
    >
      {children}
    </Modal>
  );
}

/** A document shown before it is printed: Close ('Fermer' unless told), or print it (`onPrint`). */
export function PrintDialog({
  title,
  printLabel,
  closeLabel = commonText.close,
  onClose,
  onPrint,
  children,
}: {
  title: string;
  printLabel: string;
  closeLabel?: string;
  onClose: () => void;
  onPrint: () => void;
  children: ReactNode;
}) {
  return (
    <Dialog title={title} cancelLabel={closeLabel} confirmLabel={printLabel} onCancel={onClose} onConfirm={onPrint}>
      {children}
    </Dialog>
  );
}

/**
 * A dialog around a form that its confirm button submits (Enter in a field too), checked by the
 * screen (`noValidate`); `error`, the form's problem, shows under the fields.
 */
export function FormDialog({
  onSubmit,
  error,
  children,
  ...dialog
}: Omit<ComponentProps<typeof Dialog>, 'form' | 'submit' | 'onConfirm'> & {
  onSubmit: () => void;
  error?: string | null;
}) {
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Dialog {...dialog} form={id}>
      <form id={id} onSubmit={submit} noValidate>
        {children}
        <FormError message={error} />
      </form>
    </Dialog>
  );
}
