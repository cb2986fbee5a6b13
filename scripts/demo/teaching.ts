// The teachers (the first one is the demo 'prof' account), their courses of the current year
// (every course of the programme has exactly one teacher), the week's timetable, and attendance:
// the demo teacher's lessons of last week and of this week up to today.
import type { assignments, teachers, timetableEntries } from '../../worker/db/schema';
import type { MarkRow } from '../../worker/db/seats';
import { weekOf } from '../../worker/domain/attendance';
import { addDays } from '../../worker/domain/dates';
import { notAfter } from './calendar';
import { dayOfWeekOf } from '../../worker/domain/timetable';
import type { DemoContext } from './context';
import type { Enrolled } from './finance';
import { SATURDAY_SLOTS, type SchoolProfile, WEEKDAY_SLOTS } from './profiles';
import { ascii, hash32, pad, type Rng, stamp } from './random';

interface Course {
  assignmentId: string;
  teacher: number;
  className: string;
  subject: string;
  hours: number;
}

type TimetableRow = typeof timetableEntries.$inferInsert & {
  dayOfWeek: number;
  startTime: string;
  locationName: string;
};

export function teachingRows(
  ctx: DemoContext,
  enrolled: Enrolled[],
  failing: ReadonlySet<number>,
  demoTeacherUserId: string | null,
) {
  const { cfg, size, school, seed, id, calendar } = ctx;
  const y0 = Number(cfg.currentYear.slice(0, 4));
  const teacherRows: (typeof teachers.$inferInsert)[] = cfg.teachers.map((t, i) => ({
    id: id(`teacher:${i + 1}`),
    instanceId: school,
    userId: i === 0 ? demoTeacherUserId : null,
    prenom: t.prenom,
    nom: t.nom,
    phone: `+509 ${3 + (i % 2)}${pad(hash32(`${seed}${i}a`) % 1000, 3)} ${pad(hash32(`${seed}${i}b`) % 10000, 4)}`,
    email: `${ascii(t.prenom.split('-')[0]!).toLowerCase()}.${ascii(t.nom).toLowerCase()}@${cfg.emailDomain}`,
    createdAt: stamp(notAfter(`${y0}-08-${pad(10 + i)}`, calendar.today), 14),
  }));

  const assignmentRows: (typeof assignments.$inferInsert)[] = [];
  const courses: Course[] = [];
  cfg.teachers.forEach((t, ti) => {
    for (const [subject, list] of Object.entries(t.courses)) {
      const classNames =
        list === '*' ? cfg.classes.map((c) => c.name).filter((c) => subject in cfg.curriculum[c]!) : list;
      for (const className of classNames) {
        const assignmentId = id(`assignment:${cfg.currentYear}:${className}:${subject}`);
        assignmentRows.push({
          id: assignmentId,
          instanceId: school,
          yearId: ctx.yearId(cfg.currentYear),
          teacherId: teacherRows[ti]!.id,
          classId: ctx.classId(className),
          subjectId: ctx.subjectId(subject),
        });
        courses.push({
          assignmentId,
          teacher: ti,
          className,
          subject,
          hours: cfg.hours(subject, className, cfg.curriculum[className]![subject]!),
        });
      }
    }
  });
  // Every course of the curriculum has exactly one teacher.
  const courseKeys = courses.map((c) => `${c.className}|${c.subject}`);
  const expected = cfg.classes.flatMap((c) => Object.keys(cfg.curriculum[c.name]!).map((s) => `${c.name}|${s}`));
  if (
    new Set(courseKeys).size !== courseKeys.length ||
    expected.some((k) => !courseKeys.includes(k)) ||
    courseKeys.length !== expected.length
  ) {
    throw new Error(`Demo data: the teachers of ${size} do not cover the curriculum exactly once.`);
  }

  const timetable = schedule(courses, cfg, ctx.rng('timetable'), (course, k) => ({
    id: id(`timetable:${course.assignmentId}:${k}`),
    instanceId: school,
    assignmentId: course.assignmentId,
  }));

  // --- Attendance: the demo teacher's lessons of last week and of this week up to today (school
  // time), so that the roll calls and the daily sheet's default week show marks at once.
  const presence = ctx.rng('attendance');
  const attendance: MarkRow[] = [];
  const demoTeacherCourses = new Set(assignmentRows.filter((a) => a.teacherId === teacherRows[0]!.id).map((a) => a.id));
  const courseClass = new Map(courses.map((c) => [c.assignmentId, c.className]));
  for (const date of demoAttendanceDates(calendar.today).filter((d) => d >= calendar.span.start)) {
    for (const entry of timetable.filter(
      (t) => demoTeacherCourses.has(t.assignmentId) && t.dayOfWeek === dayOfWeekOf(date),
    )) {
      for (const e of enrolled.filter(
        (x) => x.year === cfg.currentYear && x.className === courseClass.get(entry.assignmentId),
      )) {
        const weak = failing.has(e.pupil.n);
        const status = presence.weighted([
          ['present', weak ? 75 : 90],
          ['late', 4],
          ['absent', weak ? 15 : 4],
          ['justified', 2],
        ] as const);
        attendance.push({
          entryId: entry.id!,
          enrollmentId: e.id,
          date,
          status,
        });
      }
    }
  }
  return {
    teachers: teacherRows,
    assignments: assignmentRows,
    timetableEntries: timetable,
    attendanceRecords: attendance,
  };
}

/** The school days of last week and of this week up to `today` (the school's day the demo is written on). */
export function demoAttendanceDates(today: string): string[] {
  const monday = weekOf(today).start;
  return [addDays(monday, -7), monday]
    .flatMap((start) => [0, 1, 2, 3, 4, 5].map((d) => addDays(start, d)))
    .filter((date) => date <= today);
}

/**
 * Places every weekly lesson of every course in a slot where neither its class nor its teacher
 * is busy, at most once a day per course, spreading a class's lessons over the week and filling
 * mornings first. Saturday is used only when the week is full.
 */
function schedule(
  courses: Course[],
  cfg: SchoolProfile,
  rng: Rng,
  base: (course: Course, k: number) => Pick<typeof timetableEntries.$inferInsert, 'id' | 'instanceId' | 'assignmentId'>,
): TimetableRow[] {
  const slots: { day: number; i: number; start: string; end: string }[] = [];
  for (let day = 1; day <= 5; day++)
    WEEKDAY_SLOTS.forEach(([start, end], i) => slots.push({ day, i, start: start!, end: end! }));
  SATURDAY_SLOTS.forEach(([start, end], i) => slots.push({ day: 6, i, start: start!, end: end! }));
  const classBusy = new Set<string>();
  const teacherBusy = new Set<string>();
  const courseDays = new Set<string>();
  const classLoad = new Map<string, number>();
  // The busiest teachers and longest courses first, then a shuffled order.
  const teacherLoad = new Map<number, number>();
  for (const c of courses) teacherLoad.set(c.teacher, (teacherLoad.get(c.teacher) ?? 0) + c.hours);
  const lessons = rng
    .shuffle(courses.flatMap((c) => Array.from({ length: c.hours }, (_, k) => ({ course: c, k: k + 1 }))))
    .sort(
      (a, b) =>
        teacherLoad.get(b.course.teacher)! - teacherLoad.get(a.course.teacher)! || b.course.hours - a.course.hours,
    );
  const rooms = new Map(cfg.classes.map((c, i) => [c.name, `Salle ${i + 1}`]));
  const entries: TimetableRow[] = [];
  for (const { course, k } of lessons) {
    const free = (s: (typeof slots)[number], strict: boolean) =>
      !classBusy.has(`${course.className}|${s.day}|${s.i}`) &&
      !teacherBusy.has(`${course.teacher}|${s.day}|${s.i}`) &&
      (!strict || !courseDays.has(`${course.assignmentId}|${s.day}`));
    let candidates = slots.filter((s) => free(s, true));
    if (candidates.length === 0) candidates = slots.filter((s) => free(s, false));
    if (candidates.length === 0)
      throw new Error(`Demo data: no free slot for ${course.subject} in ${course.className}.`);
    const load = (s: (typeof slots)[number]) => classLoad.get(`${course.className}|${s.day}`) ?? 0;
    candidates.sort(
      (a, b) => Number(a.day === 6) - Number(b.day === 6) || load(a) - load(b) || a.i - b.i || a.day - b.day,
    );
    const s = candidates[0]!;
    classBusy.add(`${course.className}|${s.day}|${s.i}`);
    teacherBusy.add(`${course.teacher}|${s.day}|${s.i}`);
    courseDays.add(`${course.assignmentId}|${s.day}`);
    classLoad.set(`${course.className}|${s.day}`, load(s) + 1);
    entries.push({
      ...base(course, k),
      dayOfWeek: s.day,
      startTime: s.start,
      endTime: s.end,
      locationName: rooms.get(course.className)!,
    });
  }
  // Stable order: by day, time and room.
  return entries.sort(
    (a, b) =>
      a.dayOfWeek - b.dayOfWeek ||
      a.startTime.localeCompare(b.startTime) ||
      a.locationName.localeCompare(b.locationName, 'fr', { numeric: true }),
  );
}
