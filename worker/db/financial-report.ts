// The financial report (document 2 §7): one page of enrolments with their money and the totals
// over the whole filtered set, computed by SQLite over integer centimes in one round trip.
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from './client';
import { studentSearchCondition } from './students';

export interface ReportFilters {
  /** null = every year. */
  yearId: string | null;
  /** null = every class; [] = none. */
  classNames: string[] | null;
  balance: 'all' | 'zero' | 'nonzero';
  /** Exact base MPPA in centimes, or null. */
  mppa: number | null;
  /** Words of the student's name, or null. */
  search: string | null;
  page: number;
  limit: number;
}

const reportRow = z.object({
  id: z.string(),
  prenom: z.string(),
  nom: z.string(),
  year_name: z.string(),
  class_name: z.string(),
  mppa: z.number(),
  adjusted: z.number(),
  paid: z.number(),
});
const reportTotals = z.object({ count: z.number(), adjusted: z.number(), paid: z.number() });
const className = z.object({ name: z.string() });

/** Raw reads in one D1 round trip (drizzle's batch cannot bind parameters of raw SQL). */
async function readBatch(db: Db, queries: SQL[]): Promise<unknown[][]> {
  const statements = queries.map((query) => {
    const { sql: text, params } = db.all(query).getQuery();
    return db.$client.prepare(text).bind(...params);
  });
  const results = await db.$client.batch(statements);
  return results.map((r) => r.results);
}

/**
 * The financial report: one page of enrolments and the totals over the whole filtered set,
 * both computed by SQLite over integer centimes, plus the school's classes for the filter.
 */
export async function financialReport(db: Db, school: string, f: ReportFilters) {
  const conditions: SQL[] = [sql`e.instance_id = ${school}`];
  if (f.yearId) conditions.push(sql`e.year_id = ${f.yearId}`);
  if (f.classNames) {
    conditions.push(sql`c.name COLLATE NOCASE IN (SELECT value FROM json_each(${JSON.stringify(f.classNames)}))`);
  }
  if (f.mppa !== null) conditions.push(sql`e.mppa = ${f.mppa}`);
  // The one student search rule and the folded names (db/students.ts), as in the student list.
  const search = f.search
    ? studentSearchCondition(f.search, { nomKey: sql`s.nom_key`, prenomKey: sql`s.prenom_key`, nisu: sql`s.nisu` })
    : null;
  if (search) conditions.push(search);
  const balance =
    f.balance === 'zero' ? sql`WHERE adjusted = paid` : f.balance === 'nonzero' ? sql`WHERE adjusted <> paid` : sql``;
  const filtered = sql`WITH base AS (
      SELECT e.id, s.prenom, s.nom, s.nom_key, s.prenom_key, y.name AS year_name, c.name AS class_name, c.order_index, e.mppa,
        e.mppa + COALESCE((SELECT SUM(a.amount) FROM adjustments a WHERE a.instance_id = e.instance_id AND a.enrollment_id = e.id), 0) AS adjusted,
        COALESCE((SELECT SUM(p.amount) FROM payments p WHERE p.instance_id = e.instance_id AND p.enrollment_id = e.id), 0) AS paid
      FROM enrollments e
      JOIN students s ON s.instance_id = e.instance_id AND s.id = e.student_id
      JOIN classes c ON c.instance_id = e.instance_id AND c.id = e.class_id
      JOIN school_years y ON y.instance_id = e.instance_id AND y.id = e.year_id
      WHERE ${sql.join(conditions, sql` AND `)}
    ), matching AS (SELECT * FROM base ${balance})`;
  const [rows, totals, classList] = await readBatch(db, [
    sql`${filtered}
      SELECT id, prenom, nom, year_name, class_name, mppa, adjusted, paid FROM matching
      ORDER BY year_name DESC, order_index, nom_key, prenom_key, id
      LIMIT ${f.limit} OFFSET ${(f.page - 1) * f.limit}`,
    sql`${filtered}
      SELECT COUNT(*) AS count, COALESCE(SUM(adjusted), 0) AS adjusted, COALESCE(SUM(paid), 0) AS paid FROM matching`,
    sql`SELECT name FROM classes WHERE instance_id = ${school} ORDER BY order_index, name`,
  ]);
  const sums = reportTotals.parse(totals?.[0]);
  return {
    rows: z.array(reportRow).parse(rows),
    total: sums.count,
    adjusted: sums.adjusted,
    paid: sums.paid,
    classes: z
      .array(className)
      .parse(classList)
      .map((c) => c.name),
  };
}
