// A choice above the grade book (its class, subject or period): a labelled select, the same look
// in the teacher's page, the admin's dialog and the book itself.
import type { ReactNode } from 'react';
import { SelectField } from '../../components/Field';

export function Picker({
  label,
  value,
  disabled,
  onChange,
  children,
}: {
  label: string;
  value: string;
  disabled?: boolean;
  onChange: (value: string) => void;
  /** The options. */
  children: ReactNode;
}) {
  return (
    <SelectField
      label={label}
      fieldClassName="gradebook-period"
      value={value}
      disabled={disabled}
      onChange={(e) => onChange(e.target.value)}
    >
      {children}
    </SelectField>
  );
}
