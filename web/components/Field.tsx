// One form field: its label, its control, a hint and an error, tied together for screen readers
// (the control is described by its error, then its hint).
import { type ReactNode, useId } from 'react';

/** What the control of a field carries: its id and its accessible state. */
export interface Control {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

export function Field({
  label,
  id,
  required = false,
  hint,
  error,
  announce = false,
  className,
  children,
}: {
  label: ReactNode;
  /** The control's id when something else names it (default: a unique one). */
  id?: string;
  /** Marks the label with an asterisk. */
  required?: boolean;
  hint?: ReactNode;
  error?: string | null;
  /** The error comes as the user types (not on submit): screen readers say it when it appears. */
  announce?: boolean;
  className?: string;
  children: (control: Control) => ReactNode;
}) {
  const unique = useId();
  const controlId = id ?? unique;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ');
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={controlId}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      {children({
        id: controlId,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy || undefined,
      })}
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field-error" role={announce ? 'status' : undefined}>
          {error}
        </p>
      )}
    </div>
  );
}
