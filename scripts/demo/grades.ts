// Evaluations and grades: each pupil has an ability (a few are failing, the demo pupil does
// well) and an affinity per subject; in each class two pupils score alike (a tie on the report
// cards); the current year's trimesters are graded up to today — the ones over in full, the one
// under way with the evaluations already held (its first at least, its exam not yet) — and the
// past year has one exam per subject and trimester (its pupils were promoted). Then the teachers'
// appreciations of the trimesters begun, per subject and in general (decision 211).
import type { appreciations, evaluations, generalAppreciations } from '../../worker/db/schema';
import type { ScoreRow } from '../../worker/db/seats';
import type { DemoContext } from './context';
import type { Enrolled } from './finance';
import { PERIODS } from './profiles';
import { dayAt, notAfter } from './calendar';
import { clamp, dayBetween, stamp } from './random';
import type { Pupil } from './students';

export function gradeRows(ctx: DemoContext, pupils: Pupil[], enrolled: Enrolled[]) {
  const { cfg, size, school, id, maxGrade, calendar } = ctx;
  const demoPupil = pupils[0]!;
  const current = enrolled.filter((e) => e.year === cfg.currentYear);
  const byClass = (year: string, className: string) =>
    enrolled.filter((e) => e.year === year && e.className === className);

  const marks = ctx.rng('grades');
  const ability = new Map<number, number>();
  const failing = new Set(
    marks
      .shuffle(current.slice(1))
      .slice(0, size === 'large' ? 5 : 1)
      .map((e) => e.pupil.n),
  );
  for (const p of pupils) {
    let a = clamp(marks.normal(0.66, 0.11), 0.4, 0.95);
    if (failing.has(p.n)) a = 0.3 + marks.next() * 0.12;
    if (p === demoPupil) a = 0.79;
    ability.set(p.n, a);
  }
  const affinity = new Map<string, number>();
  const affinityOf = (p: Pupil, subject: string) => {
    const key = `${p.n}|${subject}`;
    if (!affinity.has(key)) affinity.set(key, marks.normal(0, 0.07));
    return affinity.get(key)!;
  };
  const scoreFor = (e: Enrolled, subject: string, max: number, floor = 0) => {
    const fraction = clamp(
      Math.max(ability.get(e.pupil.n)!, floor) + affinityOf(e.pupil, subject) + marks.normal(0, 0.08),
      0,
      1,
    );
    const step = max >= 1000 ? 50 : 25;
    return clamp(Math.round((fraction * max) / step) * step, 0, max);
  };

  // In each class of the current year, two pupils (neither the demo pupil nor a failing one)
  // score alike: a shared rank on every report card of the class.
  const twinOf = new Map<number, number>();
  for (const c of cfg.classes) {
    const [a, b] = byClass(cfg.currentYear, c.name).filter((e) => e.pupil !== demoPupil && !failing.has(e.pupil.n));
    if (a && b) twinOf.set(b.pupil.n, a.pupil.n);
  }

  const evaluationRows: (typeof evaluations.$inferInsert)[] = [];
  const gradeRowsOut: ScoreRow[] = [];
  const results = new Map<string, [number, number]>(); // `${enrollmentId}|${year}:${period}|${subject}` -> [score, max]
  const addEvaluation = (
    year: string,
    period: string,
    className: string,
    subject: string,
    name: string,
    max: number,
    day: string,
  ) => {
    const key = `${year}:${period}:${className}:${subject}:${name}`;
    const evaluationId = id(`evaluation:${key}`);
    evaluationRows.push({
      id: evaluationId,
      instanceId: school,
      classId: ctx.classId(className),
      subjectId: ctx.subjectId(subject),
      periodId: ctx.periodId(year, period),
      name,
      maxScore: max,
      createdAt: stamp(day, 15, marks.int(0, 59)),
    });
    const given = new Map<number, number>();
    for (const e of byClass(year, className)) {
      // Past pupils were promoted, so their past results stay above the passing line. A twin
      // gets the very scores of their pair: the report cards show a tie.
      const pair = year === cfg.currentYear ? twinOf.get(e.pupil.n) : undefined;
      const score =
        pair !== undefined && given.has(pair)
          ? given.get(pair)!
          : scoreFor(e, subject, max, year === cfg.currentYear ? 0 : 0.58);
      given.set(e.pupil.n, score);
      gradeRowsOut.push({
        evaluationId,
        enrollmentId: e.id,
        score,
      });
      const r = `${e.id}|${year}:${period}|${subject}`;
      const [s, m] = results.get(r) ?? [0, 0];
      results.set(r, [s + score, m + max]);
    }
  };
  // [name, share of the max grade, slot]: slot 0 early in the trimester, 1 in its middle, 2 its exam at the end.
  const SETS: [string, number, number][][] = [
    [
      ['Devoir 1', 0.2, 0],
      ['Interrogation', 0.3, 1],
      ['Examen', 0.5, 2],
    ], // the limit is reached
    [
      ['Devoir 1', 0.25, 0],
      ['Examen', 0.5, 2],
    ],
    [
      ['Devoir 1', 0.2, 0],
      ['Devoir 2', 0.2, 1],
      ['Examen', 0.5, 2],
    ],
  ];
  // Each slot's share of its trimester (lessons start in September, a trimester's exam comes at its end).
  const SLOT_SPANS: [number, number][] = [
    [0.3, 0.42],
    [0.52, 0.66],
    [0.84, 0.94],
  ];
  for (const c of cfg.classes) {
    for (const subject of Object.keys(cfg.curriculum[c.name]!)) {
      const max = maxGrade(c.name, subject);
      for (const period of calendar.begun) {
        const held = marks.pick(SETS).map(([name, share, slot]) => {
          const [from, to] = SLOT_SPANS[slot]!;
          const day = dayBetween(marks, dayAt(period.start, period.end, from), dayAt(period.start, period.end, to));
          return { name, points: Math.round(max * share), day, slot };
        });
        // A trimester over has them all. The one under way has those held by today, its first at
        // least, and not its exam: half of its points at least are still free to grade.
        const over = period.end < calendar.today;
        const done = held.filter((e, i) => over || i === 0 || (e.slot < 2 && e.day <= calendar.today));
        for (const e of done)
          addEvaluation(
            cfg.currentYear,
            period.name,
            c.name,
            subject,
            e.name,
            e.points,
            notAfter(e.day, calendar.today),
          );
      }
    }
  }
  // The past year: one exam per subject and trimester for the classes that had pupils.
  if (cfg.pastYear) {
    const py = Number(cfg.pastYear.slice(0, 4));
    const examDays = [`${py}-12-05`, `${py + 1}-03-20`, `${py + 1}-06-12`];
    for (const c of cfg.classes) {
      if (byClass(cfg.pastYear, c.name).length === 0) continue;
      for (const subject of Object.keys(cfg.curriculum[c.name]!)) {
        PERIODS.forEach((period, i) =>
          addEvaluation(cfg.pastYear!, period, c.name, subject, 'Examen', maxGrade(c.name, subject), examDays[i]!),
        );
      }
    }
  }

  // --- Appreciations (the trimesters begun)
  const notes = ctx.rng('appreciations');
  const subjectRemark = (pct: number) =>
    pct >= 80
      ? 'Excellent travail.'
      : pct >= 65
        ? 'Bon travail, continuez ainsi.'
        : pct >= 50
          ? 'Résultats justes. Poursuivez vos efforts.'
          : 'Doit fournir plus d\u2019efforts.';
  const generalRemark = (avg: number) =>
    avg >= 75
      ? 'Très bon trimestre.'
      : avg >= 62
        ? 'Bon trimestre, continuez ainsi.'
        : avg >= 50
          ? 'Poursuivez vos efforts.'
          : 'Trimestre insuffisant. Il faut travailler davantage.';
  const appreciationRows: (typeof appreciations.$inferInsert)[] = [];
  const generalRows: (typeof generalAppreciations.$inferInsert)[] = [];
  const firstTeacherCourses = cfg.teachers[0]!.courses;
  for (const { name: period } of calendar.begun) {
    const term = `${cfg.currentYear}:${period}`;
    const subjectPercent = (e: Enrolled, subject: string) => {
      const [s, m] = results.get(`${e.id}|${term}|${subject}`) ?? [0, 0];
      return m ? (100 * s) / m : null;
    };
    const periodAverage = (e: Enrolled) => {
      let sum = 0;
      let weight = 0;
      for (const subject of Object.keys(cfg.curriculum[e.className]!)) {
        const pct = subjectPercent(e, subject);
        if (pct === null) continue;
        sum += pct * maxGrade(e.className, subject);
        weight += maxGrade(e.className, subject);
      }
      return weight ? sum / weight : null;
    };
    const periodId = ctx.periodId(cfg.currentYear, period);
    for (const e of current) {
      // The demo teacher has commented a few pupils of each class; the demo pupil has several.
      const subjectsNoted = new Set<string>();
      for (const [subject, list] of Object.entries(firstTeacherCourses)) {
        const teaches = list === '*' ? subject in cfg.curriculum[e.className]! : list.includes(e.className);
        if (teaches && notes.chance(0.3)) subjectsNoted.add(subject);
      }
      if (e.pupil === demoPupil)
        for (const s of Object.keys(cfg.curriculum[e.className]!).slice(0, 3)) subjectsNoted.add(s);
      for (const subject of subjectsNoted) {
        const pct = subjectPercent(e, subject);
        if (pct === null) continue;
        appreciationRows.push({
          instanceId: school,
          enrollmentId: e.id,
          subjectId: ctx.subjectId(subject),
          periodId,
          text: subjectRemark(pct),
        });
      }
      const avg = periodAverage(e);
      if (avg !== null && (e.pupil === demoPupil || failing.has(e.pupil.n) || notes.chance(0.35))) {
        generalRows.push({ instanceId: school, enrollmentId: e.id, periodId, text: generalRemark(avg) });
      }
    }
  }
  return {
    failing,
    evaluations: evaluationRows,
    grades: gradeRowsOut,
    appreciations: appreciationRows,
    generalAppreciations: generalRows,
  };
}
