// A form's submit button: while the form is sent it waits, and says so when given the words
// (`busyLabel`: 'Enregistrement...').
import type { ReactNode } from 'react';
import { type Look, LOOK_CLASS } from './Button';

export function SubmitButton({
  children,
  look = 'primary',
  busy = false,
  busyLabel,
  disabled = false,
  className,
}: {
  children: ReactNode;
  look?: Look;
  busy?: boolean;
  busyLabel?: string;
  disabled?: boolean;
  /** Classes besides the look's (the screen's own). */
  className?: string;
}) {
  return (
    <button
      type="submit"
      className={className ? `${LOOK_CLASS[look]} ${className}` : LOOK_CLASS[look]}
      disabled={busy || disabled}
    >
      {busy && busyLabel ? busyLabel : children}
    </button>
  );
}
