// A form's submit button: while the form is sent it waits, and says so when given the words
// (`busyLabel`: 'Enregistrement…').
import type { ReactNode } from 'react';

export function SubmitButton({
  children,
  busy = false,
  busyLabel,
  disabled = false,
  className,
}: {
  children: ReactNode;
  busy?: boolean;
  busyLabel?: string;
  disabled?: boolean;
  /** Classes besides `btn` (the tone: `btn-danger`…, or the screen's own). */
  className?: string;
}) {
  return (
    <button type="submit" className={className ? `btn ${className}` : 'btn'} disabled={busy || disabled}>
      {busy && busyLabel ? busyLabel : children}
    </button>
  );
}
