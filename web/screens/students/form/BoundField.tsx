// A field of the student form, bound to the form's state and error; its control carries
// `data-field` so that a refused submit can focus the first field in error.
import type { InputHTMLAttributes, ReactNode } from 'react';
import { type Control, Field } from '../../../components/Field';
import type { FieldName, FormBinding, TextFieldName } from './state';

interface Bound {
  form: FormBinding;
  name: FieldName;
  label: string;
  required?: boolean;
  /** Spans both columns of the form's grid. */
  wide?: boolean;
  hint?: ReactNode;
}

export function BoundField({
  form,
  name,
  label,
  required,
  wide,
  hint,
  children,
}: Bound & { children: (control: Control & { 'data-field': string }) => ReactNode }) {
  return (
    <Field
      label={label}
      required={required}
      hint={hint}
      error={form.errors[name]}
      className={wide ? 'field-wide' : undefined}
    >
      {(control) => children({ ...control, 'data-field': name })}
    </Field>
  );
}

/** A text input of the form; `clean` rewrites what is typed (the NISU's spaces, its capitals). */
export function TextField({
  clean = (value) => value,
  ...props
}: Bound & { name: TextFieldName; clean?: (value: string) => string } & Omit<
    InputHTMLAttributes<HTMLInputElement>,
    'form' | 'name' | 'value' | 'onChange'
  >) {
  const { form, name, label, required, wide, hint, className = 'input', ...input } = props;
  return (
    <BoundField form={form} name={name} label={label} required={required} wide={wide} hint={hint}>
      {(control) => (
        <input
          {...input}
          {...control}
          className={className}
          value={form.state[name]}
          onChange={(e) => form.set(name, clean(e.target.value))}
        />
      )}
    </BoundField>
  );
}
