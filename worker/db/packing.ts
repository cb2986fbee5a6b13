// The packed storage's letters and packing in plain code (decision 350): the half of db/seats.ts
// without SQL and without relative imports, so that a Node script imports it as it is (the bench)
// besides the demo seed. db/seats.ts re-exports it; nothing else knows the letters.

export type Status = 'present' | 'absent' | 'late' | 'justified';

/** A status's letter in a roll call's packed marks. */
export const MARK_LETTER: Readonly<Record<Status, string>> = { present: 'p', absent: 'a', late: 'l', justified: 'j' };
/** The letter of a seat without a mark. */
export const NO_MARK = '-';

/** A class of a year (a roster's key). */
interface SeatClass {
  yearId: string;
  classId: string;
}

/** A mark one per row, as a bulk writer has it. */
export interface MarkRow {
  entryId: string;
  date: string;
  enrollmentId: string;
  status: Status;
}

/** A score one per row (hundredths), as a bulk writer has it. */
export interface ScoreRow {
  evaluationId: string;
  enrollmentId: string;
  score: number;
}

/**
 * Marks and scores one per row packed as the app stores them, for a bulk writer (the demo seed)
 * writing a school at once: each class of a year with a mark or a score seated once, its pupils by
 * id (what `seatClass` gives a class seated at its first write), then a roll call per lesson and
 * date and each evaluation's scores by seat. A row of a pupil outside its lesson's or
 * evaluation's class that year throws: the app cannot write it.
 */
export function packRows(p: {
  school: string;
  enrollments: readonly ({ id: string } & SeatClass)[];
  lessonClass: (entryId: string) => SeatClass;
  evaluationClass: (evaluationId: string) => SeatClass;
  marks: readonly MarkRow[];
  scores: readonly ScoreRow[];
}) {
  const key = (c: SeatClass) => `${c.yearId} ${c.classId}`;
  const members = new Map<string, string[]>();
  for (const e of p.enrollments) members.set(key(e), [...(members.get(key(e)) ?? []), e.id]);
  const rosters = new Map<string, { c: SeatClass; seats: string[] }>();
  const seatsOfClass = (c: SeatClass, enrollmentId: string) => {
    const k = key(c);
    if (!rosters.has(k)) rosters.set(k, { c, seats: [...new Set(members.get(k) ?? [])].sort() });
    const seats = rosters.get(k)!.seats;
    if (!seats.includes(enrollmentId)) throw new Error(`packRows: ${enrollmentId} is not in class ${k}`);
    return seats;
  };
  const group = <T>(rows: readonly T[], by: (t: T) => string) => {
    const out = new Map<string, T[]>();
    for (const r of rows) out.set(by(r), [...(out.get(by(r)) ?? []), r]);
    return out;
  };
  const rollCalls = [...group(p.marks, (m) => `${m.entryId} ${m.date}`).values()].map((rows) => {
    const c = p.lessonClass(rows[0]!.entryId);
    const seats = rows.map((m) => seatsOfClass(c, m.enrollmentId))[0]!;
    const status = new Map(rows.map((m) => [m.enrollmentId, m.status]));
    return { entryId: rows[0]!.entryId, date: rows[0]!.date, c, status, seats };
  });
  const scored = [...group(p.scores, (s) => s.evaluationId).values()].map((rows) => {
    const seats = rows.map((s) => seatsOfClass(p.evaluationClass(rows[0]!.evaluationId), s.enrollmentId))[0]!;
    const score = new Map(rows.map((s) => [s.enrollmentId, s.score]));
    return { evaluationId: rows[0]!.evaluationId, seats, score };
  });
  // Packed once every class is seated (a roster is whole before any row is packed at it).
  return {
    classRosters: [...rosters.values()].map(({ c, seats }) => ({
      instanceId: p.school,
      yearId: c.yearId,
      classId: c.classId,
      enrollmentIds: JSON.stringify(seats),
    })),
    rollCalls: rollCalls.map((r) => ({
      instanceId: p.school,
      timetableEntryId: r.entryId,
      date: r.date,
      marks: packMarks(r.seats, (id) => r.status.get(id)),
    })),
    scores: new Map(scored.map((s) => [s.evaluationId, packScores(s.seats, (id) => s.score.get(id))])),
  };
}

/** A roll call's packed marks: one letter per seat (`statusOf` a seat's status, or undefined). */
const packMarks = (seats: readonly string[], statusOf: (enrollmentId: string) => Status | undefined) =>
  seats
    .map((id) => {
      const s = statusOf(id);
      return s ? MARK_LETTER[s] : NO_MARK;
    })
    .join('');

/** An evaluation's packed scores: a JSON array by seat, null where a pupil has none, no nulls after the last score. */
function packScores(seats: readonly string[], scoreOf: (enrollmentId: string) => number | undefined) {
  const out = seats.map((id) => scoreOf(id) ?? null);
  while (out.length > 0 && out[out.length - 1] === null) out.pop();
  return JSON.stringify(out);
}
