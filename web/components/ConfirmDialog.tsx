// A confirmation before an action that cannot be taken back or that needs a second look (delete,
// reset, leave unsaved changes, overpay): the warning, then cancel or confirm.
import type { ComponentProps } from 'react';
import { Dialog } from './Dialog';

export function ConfirmDialog({ tone = 'danger', ...props }: ComponentProps<typeof Dialog>) {
  return <Dialog tone={tone} {...props} />;
}
