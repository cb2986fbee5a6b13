// A choice above the grade book (its class, subject or period): a label over a select, the same
// look in the teacher's page, the admin's dialog and the book itself.
import type { ReactNode } from 'react';

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
    <label className="gradebook-period">
      <span>{label}</span>
      <select value={value} disabled={disabled} onChange={(e) => onChange(e.target.value)}>
        {children}
      </select>
    </label>
  );
}
