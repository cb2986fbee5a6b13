// One form field: its label, its control, a hint and an error, tied together for screen readers
// (the control is described by its error, then its hint).
import { type ComponentPropsWithRef, type ReactNode, useId } from 'react';

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

/** What a field around one control says: its label, hint and error (Field's own props). */
export interface FieldFrame {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  announce?: boolean;
  /** The label's asterisk (Field's `required`); the control's own `required` is its attribute. */
  marked?: boolean;
  /** The class of the field's box (Field's `className`). */
  fieldClassName?: string;
  /** The control's id when something else names it. */
  id?: string;
}

/**
 * A field of one control: Field around what `render` draws with the control's props, the field's
 * own props (FieldFrame) taken out of the rest.
 */
export function framed<P extends object>(render: (control: Control, props: P) => ReactNode) {
  return function FramedField({ marked, fieldClassName, label, hint, error, announce, id, ...props }: FieldFrame & P) {
    const frame = { label, hint, error, announce, id, required: marked, className: fieldClassName };
    return <Field {...frame}>{(control) => render(control, props as unknown as P)}</Field>;
  };
}

/** A labelled text input (`input.input`). */
export const InputField = framed((control, { className = 'input', ...input }: ComponentPropsWithRef<'input'>) => (
  <input {...control} className={className} {...input} />
));

/** A labelled choice (`select.input`), its options as children. */
export const SelectField = framed((control, { className = 'input', ...select }: ComponentPropsWithRef<'select'>) => (
  <select {...control} className={className} {...select} />
));

/** A labelled text area (`textarea.input`). */
export const TextAreaField = framed((control, { className = 'input', ...area }: ComponentPropsWithRef<'textarea'>) => (
  <textarea {...control} className={className} {...area} />
));

/** The options of a select over rows: each row's id as the value, its name (or `label`) as the text. */
export function RowOptions<R extends { id: string; name?: string }>({
  rows,
  label = (row) => row.name ?? '',
}: {
  rows: readonly R[];
  label?: (row: R) => string;
}) {
  return rows.map((row) => (
    <option key={row.id} value={row.id}>
      {label(row)}
    </option>
  ));
}

/** The options of a select over values (keys, numbers): each value, named by `name` (default: itself). */
export function ValueOptions<V extends string | number>({
  values,
  name = String,
}: {
  values: readonly V[];
  name?: (value: V) => string;
}) {
  return values.map((value) => (
    <option key={value} value={value}>
      {name(value)}
    </option>
  ));
}
