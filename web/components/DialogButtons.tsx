// The two buttons at the foot of a dialog: leave it, or do what it is for. The second one either
// runs `onConfirm` or submits the dialog's form (`form`: its id; `submit`: the form they are in).
import { commonText } from '../i18n/common';

/** The confirm button's colour: the usual one, a destructive action, or one to think twice about. */
export type Tone = 'primary' | 'danger' | 'warning';

const TONE_CLASS: Record<Tone, string> = { primary: 'btn', danger: 'btn btn-danger', warning: 'btn btn-warning' };

export function DialogButtons({
  cancelLabel = commonText.cancel,
  confirmLabel,
  tone = 'primary',
  busy = false,
  disabled = false,
  form,
  submit = false,
  onCancel,
  onConfirm,
}: {
  cancelLabel?: string;
  confirmLabel: string;
  tone?: Tone;
  /** The action is under way: both buttons wait. */
  busy?: boolean;
  /** The action cannot be taken yet. */
  disabled?: boolean;
  form?: string;
  /** The confirm button submits the form the buttons are in. */
  submit?: boolean;
  onCancel: () => void;
  onConfirm?: () => void;
}) {
  return (
    <>
      <button type="button" className="btn btn-secondary" onClick={onCancel} disabled={busy}>
        {cancelLabel}
      </button>
      <button
        type={form || submit ? 'submit' : 'button'}
        form={form}
        className={TONE_CLASS[tone]}
        onClick={onConfirm}
        disabled={busy || disabled}
      >
        {confirmLabel}
      </button>
    </>
  );
}
