// The heading cells of a table, from its list of columns: a column of figures is aligned right,
// a column whose heading only screen readers need (a photo, a button) keeps it for them.
export interface Column {
  label: string;
  /** A column of figures (amounts), aligned right. */
  num?: boolean;
  /** The heading is read by screen readers only. */
  hidden?: boolean;
  className?: string;
}

export function ColumnHeads({ columns }: { columns: readonly (string | Column)[] }) {
  return (
    <>
      {columns.map((column) => {
        const c = typeof column === 'string' ? { label: column } : column;
        const className = [c.num ? 'num' : '', c.className ?? ''].filter(Boolean).join(' ') || undefined;
        return (
          <th key={c.label} scope="col" className={className}>
            {c.hidden ? <span className="sr-only">{c.label}</span> : c.label}
          </th>
        );
      })}
    </>
  );
}
