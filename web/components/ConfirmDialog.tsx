// A confirmation before an action that cannot be taken back or that needs a second look (delete,
// reset, leave unsaved changes, overpay): the warning, then cancel or confirm.
import { type ComponentProps, type ReactNode, useState } from 'react';
import { Dialog } from './Dialog';
import type { Tone } from './DialogButtons';

export function ConfirmDialog({ tone = 'danger', ...props }: ComponentProps<typeof Dialog>) {
  return <Dialog tone={tone} {...props} />;
}

/** What a confirmation says of its subject. */
export interface ConfirmationTexts {
  title: string;
  confirmLabel: string;
  /** The leaving button's words (default 'Annuler'). */
  cancelLabel?: string;
  /** The warning: a string is shown as a warning notice. */
  body: ReactNode;
  tone?: Tone;
}

/**
 * The one way a screen asks before acting on something (a row, or `true` for its selection):
 * `ask(subject)` opens the dialog with the subject's texts; confirming runs the action, the
 * buttons waiting, then closes the dialog. With `keepOnFailure`, an action that answers null (a
 * write that failed, its error shown) keeps the dialog open to try again.
 */
export function useConfirmation<T>(
  texts: (subject: T) => ConfirmationTexts,
  action: (subject: T) => Promise<unknown>,
  { keepOnFailure = false } = {},
) {
  const [asked, setAsked] = useState<{ subject: T } | null>(null);
  const [busy, setBusy] = useState(false);
  const close = () => setAsked(null);
  const confirm = async (subject: T) => {
    setBusy(true);
    try {
      const outcome = await action(subject);
      if (!keepOnFailure || outcome !== null) close();
    } finally {
      setBusy(false);
    }
  };
  const said = asked && texts(asked.subject);
  const dialog = asked && said && (
    <ConfirmDialog
      title={said.title}
      confirmLabel={said.confirmLabel}
      cancelLabel={said.cancelLabel}
      tone={said.tone}
      busy={busy}
      onCancel={close}
      onConfirm={() => void confirm(asked.subject)}
    >
      {typeof said.body === 'string' ? <p className="notice tone-warning">{said.body}</p> : said.body}
    </ConfirmDialog>
  );
  return { ask: (subject: T) => setAsked({ subject }), dialog, busy };
}

/** The texts of deleting a selection (messages, announcements): the title, and the count in the button and the warning. */
export const selectionDeletion =
  (texts: {
    confirmDeleteTitle: string;
    deleteSelected: (n: number) => string;
    confirmDelete: (n: number) => string;
  }) =>
  (ids: readonly string[]): ConfirmationTexts => ({
    title: texts.confirmDeleteTitle,
    confirmLabel: texts.deleteSelected(ids.length),
    body: <p>{texts.confirmDelete(ids.length)}</p>,
  });
