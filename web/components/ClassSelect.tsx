// The class chooser of the screens (a filter, a dialog's class, the class shown): one labelled
// <select> of the school's classes by name, with an optional first choice ('' : every class, or
// none chosen yet) and the screen's own choices after it.
import type { ReactNode } from 'react';
import { SelectField } from './Field';

/** A class as the screens hold it: its name, or a row with its name (and id). */
type ClassItem = string | { readonly id?: string; readonly name: string };

const nameOf = (c: ClassItem) => (typeof c === 'string' ? c : c.name);

export function ClassSelect<C extends ClassItem>({
  label,
  value,
  onChange,
  classes,
  none,
  optionLabel = nameOf,
  className,
  required,
  error,
  dataField,
  children,
}: {
  label: ReactNode;
  /** The class's name chosen ('' for the first choice). */
  value: string;
  onChange: (name: string) => void;
  classes: readonly C[];
  /** The first choice, of value '' ('Toutes les classes', 'Choisir une classe'); none when a class is always chosen. */
  none?: string;
  /** A class's text (default: its name). */
  optionLabel?: (c: C) => string;
  /** The field's class (the screen's layout: `field-flush` in a filter bar). */
  className?: string;
  required?: boolean;
  error?: string | null;
  /** The form's name of the field (a form's first error is focused by it). */
  dataField?: string;
  /** The screen's own choices, after the first one (the register's 'not enrolled'). */
  children?: ReactNode;
}) {
  return (
    <SelectField
      label={label}
      fieldClassName={className}
      marked={required}
      error={error}
      data-field={dataField}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    >
      {none !== undefined && <option value="">{none}</option>}
      {children}
      {classes.map((c) => (
        <option key={typeof c === 'string' ? c : (c.id ?? c.name)} value={nameOf(c)}>
          {optionLabel(c)}
        </option>
      ))}
    </SelectField>
  );
}
