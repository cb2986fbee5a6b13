// Marks and grades for worker tests, written as the app writes them (decision 350): a roll call's
// marks through db/attendance-records.ts `saveSessionMarks` (what PUT /api/teacher/attendance
// runs), a score through db/grades.ts `setCell` (what POST /api/grades runs). A fixture cannot
// write a state the app could not: a mark for a pupil outside the lesson's class that day, or a
// score for a pupil outside the evaluation's class, throws.
import { sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { outside, saveSessionMarks } from '../../worker/db/attendance-records';
import { database } from '../../worker/db/client';
import { setCell } from '../../worker/db/grades';
import type { Status } from '../../worker/db/seats';
import { schoolD1 } from './helpers';

export interface Mark {
  entryId: string;
  date: string;
  enrollmentId: string;
  status: Status;
}

export interface Score {
  evaluationId: string;
  enrollmentId: string;
  /** Hundredths of a point. */
  score: number;
}

const groupBy = <T>(items: readonly T[], key: (t: T) => string) => {
  const out = new Map<string, T[]>();
  for (const t of items) out.set(key(t), [...(out.get(key(t)) ?? []), t]);
  return out;
};

type Statement = BatchItem<'sqlite'>;
const run = async (db: ReturnType<typeof database>, statements: Statement[]) => {
  if (statements.length > 0) await db.batch(statements as [Statement, ...Statement[]]);
};

/** Writes marks one roll call (lesson and date) at a time, as the roll-call route does. */
export async function writeMarks(school: string, marks: readonly Mark[]) {
  const db = database(await schoolD1(school));
  const statements: Statement[] = [];
  for (const group of groupBy(marks, (m) => `${m.entryId} ${m.date}`).values()) {
    const { entryId, date } = group[0]!;
    const place = await db.get<{ year_id: string; class_id: string } | undefined>(
      sql`SELECT a.year_id, a.class_id FROM timetable_entries t JOIN assignments a ON a.instance_id = t.instance_id AND a.id = t.assignment_id
        WHERE t.instance_id = ${school} AND t.id = ${entryId}`,
    );
    if (!place) throw new Error(`writeMarks: no lesson ${entryId}`);
    const session = {
      entryId,
      date,
      yearId: place.year_id,
      classId: place.class_id,
      marks: group.map((m) => ({ enrollment_id: m.enrollmentId, status: m.status })),
    };
    const strangers = await db.all<{ value: string }>(sql`${outside(school, session)}`);
    if (strangers.length > 0)
      throw new Error(`writeMarks: not in the lesson's class on ${date}: ${strangers.map((s) => s.value)}`);
    statements.push(...saveSessionMarks(db, school, session));
  }
  await run(db, statements);
}

/** Writes scores one cell at a time, as POST /api/grades does. */
export async function writeScores(school: string, scores: readonly Score[]) {
  const db = database(await schoolD1(school));
  const statements: Statement[] = [];
  for (const s of scores) {
    const place = await db.get<{ year_id: string; class_id: string; seated: number } | undefined>(
      sql`SELECT p.year_id, ev.class_id, EXISTS (SELECT 1 FROM enrollments e WHERE e.instance_id = ev.instance_id AND e.id = ${s.enrollmentId}
          AND e.year_id = p.year_id AND e.class_id = ev.class_id) AS seated
        FROM evaluations ev JOIN academic_periods p ON p.instance_id = ev.instance_id AND p.id = ev.period_id
        WHERE ev.instance_id = ${school} AND ev.id = ${s.evaluationId}`,
    );
    if (!place) throw new Error(`writeScores: no evaluation ${s.evaluationId}`);
    if (!place.seated) throw new Error(`writeScores: ${s.enrollmentId} is not in the evaluation's class`);
    statements.push(
      ...setCell(db, school, {
        evaluationId: s.evaluationId,
        enrollmentId: s.enrollmentId,
        yearId: place.year_id,
        classId: place.class_id,
        score: s.score,
      }),
    );
  }
  await run(db, statements);
}
