// The birth date as three selects (day, month, year), one group read as one field: its rule is
// the server's (domain/students.ts birthPartsProblem).
import { useId, useMemo } from 'react';
import { studentText } from '../../../i18n/students';
import { birthYears, type DateParts } from '../../../../worker/domain/students';
import type { FormBinding } from './state';

const t = studentText.form;

export function BirthDate({ form }: { form: FormBinding }) {
  const id = useId();
  const years = useMemo(() => birthYears(), []);
  const birth = form.state.birth;
  const error = form.errors.date_of_birth;
  const parts: { part: keyof DateParts; label: string; options: [string, string | number][] }[] = [
    { part: 'day', label: t.day, options: Array.from({ length: 31 }, (_, i) => [String(i + 1), i + 1]) },
    { part: 'month', label: t.month, options: t.months.map((name, i) => [String(i + 1), name]) },
    { part: 'year', label: t.year, options: years.map((y) => [String(y), y]) },
  ];
  return (
    <div className="field">
      <span className="field-label" id={`${id}-label`}>
        {t.birthDate} <span aria-hidden="true">*</span>
      </span>
      <div
        className="date-picker"
        role="group"
        aria-labelledby={`${id}-label`}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        {parts.map(({ part, label, options }, i) => (
          <select
            key={part}
            className="input"
            aria-label={label}
            data-field={i === 0 ? 'date_of_birth' : undefined}
            aria-invalid={error ? true : undefined}
            value={birth[part]}
            onChange={(e) => form.set('birth', { ...birth, [part]: e.target.value })}
          >
            <option value="">{label}</option>
            {options.map(([value, text]) => (
              <option key={value} value={value}>
                {text}
              </option>
            ))}
          </select>
        ))}
      </div>
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
