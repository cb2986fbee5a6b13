// A confirmation before an action that cannot be taken back or that needs a second look (delete,
// reset, leave unsaved changes, overpay): the warning, then cancel or confirm.
import type { ReactNode } from 'react';
import { commonText } from '../i18n/common';
import { DialogButtons, type Tone } from './DialogButtons';
import { Modal } from './Modal';

export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  cancelLabel = commonText.cancel,
  tone = 'danger',
  busy = false,
  onConfirm,
  onCancel,
}: {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  tone?: Tone;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal
      title={title}
      onClose={busy ? undefined : onCancel}
      actions={
        <DialogButtons
          cancelLabel={cancelLabel}
          confirmLabel={confirmLabel}
          tone={tone}
          busy={busy}
          onCancel={onCancel}
          onConfirm={onConfirm}
        />
      }
    >
      {children}
    </Modal>
  );
}
