// The search box of a list's filters: a labelled search input, the list filtered as one types.
import { InputField } from './Field';

export function SearchField({
  label,
  value,
  onChange,
  placeholder,
  className,
  hiddenLabel = false,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  /** The field's class (the screen's layout: `field-flush` in a filter bar). */
  className?: string;
  /** The label is for screen readers only (a search box above its list, its placeholder says it). */
  hiddenLabel?: boolean;
}) {
  if (hiddenLabel)
    return (
      <label className={className}>
        <span className="sr-only">{label}</span>
        <input
          className="input"
          type="search"
          placeholder={placeholder}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      </label>
    );
  return (
    <InputField
      label={label}
      fieldClassName={className}
      type="search"
      placeholder={placeholder}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
