// The timetable: the routes of contract/timetable.ts. Placing or moving a lesson reads the year's
// lessons of its teacher and its class to name a clash (domain/timetable.ts findClash), and the
// write carries the same overlap condition as a guard, so two lessons placed at once cannot both
// land on the same hour.
import { Hono } from 'hono';
import { allow, PLANNERS } from '../auth/access';
import { type SavedLesson, timetableApi as api, type TimetableEntry, type TimetableWeek } from '../contract/timetable';
import { serverText } from '../contract/texts/server';
import { timetableServerText as t } from '../contract/texts/timetable';
import * as assignments from '../db/assignments';
import * as classes from '../db/classes';
import * as teachers from '../db/teachers';
import * as timetable from '../db/timetable-entries';
import { teacherName } from '../domain/teachers';
import { findClash } from '../domain/timetable';
import type { SchoolBindings, SchoolContext } from '../env';
import { conflict, found, notFound } from '../lib/errors';
import { requireYear } from '../lib/lookups';
import { route } from '../lib/route';
import { commit } from '../lib/write';

export const timetableRoutes = new Hono<SchoolBindings>();

type Placed = Awaited<ReturnType<typeof timetable.selectPlaced>>[number];

/** The lesson a slot would clash with, as a refusal naming it, or null. */
async function clashRefusal(
  c: SchoolContext,
  course: { yearId: string; teacherId: string; classId: string; self: string | null },
  slot: { dayOfWeek: number; startTime: string; endTime: string },
) {
  const placed = await timetable.selectPlaced(c.var.db, c.var.school, course.yearId, course.teacherId, course.classId);
  const entries = placed.map((e) => ({
    ...e,
    yearId: e.year_id,
    teacherId: e.teacher_id,
    classId: e.class_id,
    dayOfWeek: e.day_of_week,
    startTime: e.start_time,
    endTime: e.end_time,
  }));
  const clash = findClash(
    {
      id: course.self ?? undefined,
      yearId: course.yearId,
      teacherId: course.teacherId,
      classId: course.classId,
      ...slot,
    },
    entries,
  );
  return clash ? refusalFor(clash.entry, clash.reason) : null;
}

function refusalFor(entry: Placed, reason: 'teacher' | 'class' | 'both') {
  const teacher = teacherName({ prenom: entry.teacher_prenom, nom: entry.teacher_nom });
  const text =
    reason === 'teacher'
      ? t.teacherClash(
          teacher,
          entry.subject_name,
          entry.class_name,
          entry.day_of_week,
          entry.start_time,
          entry.end_time,
        )
      : t.classClash(
          entry.class_name,
          entry.subject_name,
          teacher,
          entry.day_of_week,
          entry.start_time,
          entry.end_time,
        );
  return conflict(text, 'timetable_clash');
}

const lessonOf = (row: Placed): TimetableEntry => {
  const { year_id: _, class_id: __, ...entry } = row;
  return entry;
};

route(timetableRoutes, api.week, allow.anyPermission(...PLANNERS), async (c) => {
  const { db, school } = c.var;
  const query = c.req.valid('query');
  await requireYear(c, query.yearId);
  // Another school's teacher answers 404, like an unknown one (not an empty week).
  if (query.teacherId !== undefined && !(await teachers.teacherOfSchool(db, school, query.teacherId)))
    throw notFound(t.teacherNotFound);
  const whose =
    query.className !== undefined
      ? { classId: found(await classes.findClassByName(db, school, query.className), serverText.classNotFound).id }
      : { teacherId: query.teacherId! };
  return c.json<TimetableWeek>({
    entries: (await timetable.selectWeek(db, school, query.yearId, whose).all()).map(lessonOf),
  });
});

route(timetableRoutes, api.create, allow.permission('settings:manage_timetable'), async (c) => {
  const body = c.req.valid('json');
  const { db, school } = c.var;
  const course = found(await assignments.findAssignment(db, school, body.assignment_id), t.courseRequired);
  const slot = {
    dayOfWeek: body.day_of_week,
    startTime: body.start_time,
    endTime: body.end_time,
    locationName: body.location_name,
  };
  const placement = { yearId: course.yearId, teacherId: course.teacherId, classId: course.classId, self: null };
  const refusal = await clashRefusal(c, placement, slot);
  if (refusal) throw refusal;
  const id = crypto.randomUUID();
  const entry: TimetableEntry = {
    id,
    assignment_id: course.id,
    day_of_week: slot.dayOfWeek,
    start_time: slot.startTime,
    end_time: slot.endTime,
    subject_id: course.subjectId,
    subject_name: course.subject_name,
    class_name: course.class_name,
    teacher_id: course.teacherId,
    teacher_prenom: course.teacher_prenom,
    teacher_nom: course.teacher_nom,
    location_name: slot.locationName,
  };
  return commit(c, [timetable.insertLesson(db, school, { id, assignmentId: course.id, ...slot })], {
    audit: {
      action: 'CREATE_TIMETABLE_ENTRY',
      target: `${course.subject_name} ${course.class_name}`,
      details: { day: slot.dayOfWeek, start: slot.startTime, end: slot.endTime },
    },
    body: { entry, message: t.added } satisfies SavedLesson,
    status: 201,
    guards: [
      {
        holds: timetable.noOverlap(school, { ...placement, ...slot }),
        error: conflict(serverText.changedMeanwhile, 'changed'),
      },
      { holds: assignments.assignmentStillExists(school, course.id), error: notFound(t.courseRequired) },
    ],
  });
});

route(timetableRoutes, api.update, allow.permission('settings:manage_timetable'), async (c) => {
  const body = c.req.valid('json');
  const { db, school } = c.var;
  const current = found(await timetable.findLesson(db, school, c.req.valid('param').id), t.entryNotFound);
  const slot = {
    dayOfWeek: body.day_of_week,
    startTime: body.start_time,
    endTime: body.end_time,
    locationName: body.location_name,
  };
  const placement = {
    yearId: current.year_id,
    teacherId: current.teacher_id,
    classId: current.class_id,
    self: current.id,
  };
  const refusal = await clashRefusal(c, placement, slot);
  if (refusal) throw refusal;
  const entry = {
    ...lessonOf(current),
    day_of_week: slot.dayOfWeek,
    start_time: slot.startTime,
    end_time: slot.endTime,
    location_name: slot.locationName,
  };
  return commit(c, [timetable.updateLesson(db, school, current.id, slot)], {
    audit: {
      action: 'UPDATE_TIMETABLE_ENTRY',
      target: `${current.subject_name} ${current.class_name}`,
      details: {
        before: { day: current.day_of_week, start: current.start_time, end: current.end_time },
        day: slot.dayOfWeek,
        start: slot.startTime,
        end: slot.endTime,
      },
    },
    body: { entry, message: t.moved } satisfies SavedLesson,
    guards: [
      { holds: timetable.lessonStillExists(school, current.id), error: notFound(t.entryNotFound) },
      {
        holds: timetable.noOverlap(school, { ...placement, ...slot }),
        error: conflict(serverText.changedMeanwhile, 'changed'),
      },
    ],
  });
});

route(timetableRoutes, api.remove, allow.permission('settings:manage_timetable'), async (c) => {
  const { db, school } = c.var;
  const current = found(await timetable.findLesson(db, school, c.req.valid('param').id), t.entryNotFound);
  return commit(c, [timetable.deleteLesson(db, school, current.id)], {
    audit: {
      action: 'DELETE_TIMETABLE_ENTRY',
      target: `${current.subject_name} ${current.class_name}`,
      details: { day: current.day_of_week, start: current.start_time, end: current.end_time },
    },
    body: { message: t.deleted },
    guards: [
      { holds: timetable.lessonStillExists(school, current.id), error: notFound(t.entryNotFound) },
      { holds: timetable.noRollCall(school, current.id), error: conflict(t.hasRollCalls, 'has_roll_calls') },
    ],
  });
});
