// The promotion tool: the routes of contract/promotion.ts (settings:manage_academic; decision 172).
// One plan for the simulation and the execution: the source year's active students, each class's
// annual averages as its report cards compute them, the next class by order, the overrides. The
// execution writes the plan in one batch whose guards say no student was enrolled in the target
// year meanwhile; the undo removes what the latest run wrote, guarded by no payment and no grade.
import { Hono } from 'hono';
import { allow } from '../auth/access';
import { type PromotionPreview, promotionApi as api, type PromotionLatest } from '../contract/promotion';
import { promotionServerText as t } from '../contract/texts/promotion';
import * as periods from '../db/academic-periods';
import * as classes from '../db/classes';
import * as enrollments from '../db/enrollments';
import * as instances from '../db/instances';
import * as promotions from '../db/promotions';
import * as years from '../db/school-years';
import { classBase, classResults, classTargets, destination, nextYearName, type Outcome } from '../domain/promotion';
import type { SchoolBindings, SchoolContext } from '../env';
import { ApiError, badRequest, conflict, notFound } from '../lib/errors';
import { requireYear } from '../lib/lookups';
import { readReportData } from '../db/report-data';
import { route } from '../lib/route';
import { commit } from '../lib/write';

export const promotionRoutes = new Hono<SchoolBindings>();

const MANAGE = 'settings:manage_academic';

async function plan(
  c: SchoolContext,
  body: { sourceYearId: string; promotionMap?: Record<string, string | null>; overrides?: Record<string, Outcome> },
) {
  const { db, school } = c.var;
  const source = await requireYear(c, body.sourceYearId);
  const targetName = nextYearName(source.name);
  if (!targetName) throw badRequest(t.badYearName(source.name));
  const target = await years.findSchoolYearByName(db, school, targetName);
  if (!target) throw notFound(t.targetMissing(targetName));
  const [classRows, feeRows, yearPeriods, studentRows, enrolledRows, instance] = await Promise.all([
    classes.listClasses(db, school),
    classes.listWithFees(db, school, target.id),
    periods.listPeriods(db, school, source.id),
    promotions.selectYearStudents(db, school, source.id),
    promotions.selectEnrolledStudentIds(db, school, target.id),
    instances.getInstance(db, school),
  ]);
  const passingGrade = instance?.passingGrade ?? 50;
  const { targets, unknown } = classTargets(classRows, body.promotionMap);
  if (unknown) throw badRequest(t.unknownClass);
  const overrides = body.overrides ?? {};
  const known = new Set(studentRows.map((s) => s.student_id));
  if (Object.keys(overrides).some((id) => !known.has(id))) throw badRequest(t.unknownStudent);
  const enrolled = new Set(enrolledRows.map((r) => r.student_id));
  const byStudent = new Map(studentRows.map((s) => [s.student_id, s]));
  const fee = new Map(feeRows.map((f) => [f.id, f.mppa ?? 0]));
  const name = new Map(classRows.map((k) => [k.id, k.name]));
  const usedClasses = classRows.filter((k) => studentRows.some((s) => s.class_id === k.id));
  const datas = await Promise.all(
    usedClasses.map((k) =>
      readReportData(db, school, { yearId: source.id, classId: k.id, periodId: yearPeriods[0]?.id ?? '' }),
    ),
  );
  const planned = usedClasses.map((k, i) => {
    const data = datas[i]!;
    // Only the active students (an archived one has left the school).
    data.enrollments = data.enrollments.filter((e) => known.has(e.student.id));
    const results = classResults(data, yearPeriods, passingGrade, overrides);
    const to = targets.get(k.id) ?? null;
    return { klass: k, target: to, results, base: classBase(data) };
  });
  return { source, target: { id: target.id, name: targetName }, passingGrade, planned, enrolled, byStudent, fee, name };
}

route(promotionRoutes, api.run, allow.permission(MANAGE), async (c) => {
  const body = c.req.valid('json');
  const p = await plan(c, body);
  if (c.req.valid('query').preview === 'true') {
    const answer: PromotionPreview = {
      message: t.simulated,
      source_year: { id: p.source.id, name: p.source.name },
      target_year: p.target,
      passing_grade: p.passingGrade,
      classes: p.planned.map(({ klass, target, results, base }) => {
        const pending = results.filter((r) => !p.enrolled.has(r.studentId));
        return {
          class_id: klass.id,
          class_name: klass.name,
          target: target === null ? null : { id: target, name: p.name.get(target)! },
          admitted: pending.filter((r) => r.outcome === 'admitted').length,
          failed: pending.filter((r) => r.outcome === 'failed').length,
          ungraded: pending.filter((r) => r.outcome === 'ungraded').length,
          already_enrolled: results.length - pending.length,
          base,
          students: results.map((r) => ({
            student_id: r.studentId,
            nom: r.nom,
            prenom: r.prenom,
            average: r.average,
            computed: r.computed,
            outcome: r.outcome,
            already_enrolled: p.enrolled.has(r.studentId),
          })),
        };
      }),
    };
    return c.json(answer);
  }

  // The plan is the data's when the execution runs (the simulation is a preview). A student moved
  // to another class between the plan's reads and the batch fails the batch's class guard: the
  // plan is then computed again from their current class (decision 190).
  for (let attempt = 1; ; attempt++) {
    try {
      return await execute(c, attempt === 1 ? p : await plan(c, body), body.overrides);
    } catch (error) {
      if (!(error instanceof ApiError && error.code === 'class_changed') || attempt >= EXECUTE_ATTEMPTS) throw error;
    }
  }
});

/** Plans computed again when a student changes class during an execution, before answering 409. */
const EXECUTE_ATTEMPTS = 3;

/** The execution of a plan: one batch, guarded by the plan's classes and the target year's enrolments. */
async function execute(c: SchoolContext, p: Awaited<ReturnType<typeof plan>>, overrides: object | undefined) {
  const { db, school, account } = c.var;
  const all = p.planned.flatMap(({ klass, target, results }) =>
    results.map((r) => ({ r, to: destination(r.outcome, klass.id, target) })),
  );
  if (!all.length) throw conflict(t.nobody, 'nobody');
  const waiting = all.filter(({ r }) => !p.enrolled.has(r.studentId));
  if (!waiting.length) throw conflict(t.allEnrolled(p.target.name), 'already_promoted');
  // 'Sans notes' without an outcome chosen: left out, to enrol by hand (issue 38).
  const pending = waiting.filter(({ to }) => to !== undefined);
  const ungraded = waiting.length - pending.length;
  if (!pending.length) throw conflict(t.onlyUngraded(ungraded), 'only_ungraded');
  const newEnrollments = pending
    .filter(({ to }) => to !== null)
    .map(({ r, to }) => ({
      id: crypto.randomUUID(),
      instanceId: school,
      studentId: r.studentId,
      yearId: p.target.id,
      classId: to!,
      mppa: p.fee.get(to!) ?? 0,
    }));
  const graduates = pending.filter(({ to }) => to === null).map(({ r }) => p.byStudent.get(r.studentId)!);
  const accounts = graduates.filter((g) => g.user_id !== null && g.user_status !== 'disabled');
  const runId = crypto.randomUUID();
  const error = conflict(t.allEnrolled(p.target.name), 'already_promoted');
  return commit(
    c,
    [
      ...enrollments.insertEnrollments(db, newEnrollments),
      ...promotions.archiveStudents(
        db,
        school,
        graduates.map((g) => g.student_id),
      ),
      ...promotions.disableAccounts(
        db,
        school,
        accounts.map((a) => a.user_id!),
      ),
      ...promotions.insertRun(db, school, {
        id: runId,
        sourceYearId: p.source.id,
        targetYearId: p.target.id,
        createdBy: account.username,
        items: [
          ...newEnrollments.map((e) => ({ kind: 'enrollment' as const, refId: e.id })),
          ...graduates.map((g) => ({ kind: 'graduate' as const, refId: g.student_id })),
          ...accounts.map((a) => ({ kind: 'account' as const, refId: a.user_id!, previous: a.user_status })),
        ],
      }),
    ],
    {
      audit: {
        action: 'EXECUTE_PROMOTION',
        target: `${p.source.name} → ${p.target.name}`,
        details: {
          enrolled: newEnrollments.length,
          graduated: graduates.length,
          ungraded,
          overrides: Object.keys(overrides ?? {}).length,
        },
      },
      body: { message: t.executed(newEnrollments.length, graduates.length, p.target.name, ungraded) },
      // Enrolled meanwhile (a second run, a secretary): nobody is enrolled twice. Moved to another
      // class meanwhile: not promoted from the class they left.
      guards: [
        ...promotions
          .noneEnrolled(
            school,
            p.target.id,
            pending.map(({ r }) => r.studentId),
          )
          .map((holds) => ({ holds, error })),
        { holds: years.yearStillExists(school, p.target.id), error: notFound(t.targetMissing(p.target.name)) },
        ...p.planned.flatMap(({ klass, results }) =>
          promotions
            .stillInClass(
              school,
              p.source.id,
              klass.id,
              results.filter((r) => !p.enrolled.has(r.studentId)).map((r) => r.studentId),
            )
            .map((holds) => ({ holds, error: conflict(t.classChanged, 'class_changed') })),
        ),
      ],
    },
  );
}

route(promotionRoutes, api.latest, allow.permission(MANAGE), async (c) => {
  const run = await promotions.findLatestRun(c.var.db, c.var.school);
  const answer: PromotionLatest = {
    run: run
      ? {
          id: run.id,
          source_year: run.source_year,
          target_year: run.target_year,
          created_by: run.created_by,
          created_at: run.created_at,
          enrolled: run.enrolled,
          graduated: run.graduated,
        }
      : null,
  };
  return c.json(answer);
});

route(promotionRoutes, api.undo, allow.permission(MANAGE), async (c) => {
  const { db, school } = c.var;
  const run = await promotions.findLatestRun(db, school);
  if (!run) throw notFound(t.noRun);
  return commit(c, promotions.undoRun(db, school, run.id), {
    audit: {
      action: 'UNDO_PROMOTION',
      target: `${run.source_year} → ${run.target_year}`,
      details: { enrolled: run.enrolled, graduated: run.graduated },
    },
    body: { message: t.undone },
    guards: [
      { holds: promotions.runIsLatest(school, run.id), error: conflict(t.notLatest, 'changed') },
      { holds: promotions.runUntouched(db, school, run.id), error: conflict(t.tooLate(run.target_year), 'too_late') },
    ],
  });
});
