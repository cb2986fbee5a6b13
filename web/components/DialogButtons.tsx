// The two buttons at the foot of a dialog: leave it, or do what it is for. The second one either
// runs `onConfirm` or submits the dialog's form (`form`: its id; `submit`: the form they are in).
import { commonText } from '../i18n/common';
import { useTexts } from '../session/language';
import { Button, type Look, LOOK_CLASS } from './Button';

/** The confirm button's colour: the usual one, a destructive action, or one to think twice about. */
export type Tone = Extract<Look, 'primary' | 'danger' | 'warning'>;

export function DialogButtons({
  cancelLabel,
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
  const common = useTexts('common', commonText);
  return (
    <>
      <Button onClick={onCancel} disabled={busy}>
        {cancelLabel ?? common.cancel}
      </Button>
      <button
        type={form || submit ? 'submit' : 'button'}
        form={form}
        className={LOOK_CLASS[tone]}
        onClick={onConfirm}
        disabled={busy || disabled}
      >
        {confirmLabel}
      </button>
    </>
  );
}
