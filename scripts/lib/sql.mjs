// Helpers to write SQL files for `wrangler d1 execute` (seed and first superadmin).
export const q = (value) => {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? '1' : '0';
  return `'${String(value).replace(/'/g, "''")}'`;
};

/** INSERT statements for rows of one table, in chunks D1 accepts. */
export function insertRows(table, rows, chunk = 50) {
  if (rows.length === 0) return [];
  const columns = Object.keys(rows[0]);
  const out = [];
  for (let i = 0; i < rows.length; i += chunk) {
    const values = rows
      .slice(i, i + chunk)
      .map((row) => `(${columns.map((c) => q(row[c])).join(', ')})`)
      .join(',\n  ');
    out.push(`INSERT INTO ${table} (${columns.join(', ')}) VALUES\n  ${values};`);
  }
  return out;
}
