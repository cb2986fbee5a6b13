// The programme: the routes of contract/curriculum.ts.
import { Hono } from 'hono';
import { allow, STAFF_TYPES } from '../auth/access';
import { type AssignedSubject, curriculumApi as api, type Programme, type SavedMaxGrade } from '../contract/curriculum';
import { adminServerText } from '../contract/texts/admin';
import * as curriculum from '../db/curriculum';
import * as subjects from '../db/subjects';
import { DEFAULT_MAX_GRADE } from '../domain/setup';
import type { AppBindings, SchoolContext } from '../env';
import { conflict, found, notFound } from '../lib/errors';
import { requireYearAndClass } from '../lib/lookups';
import { route } from '../lib/route';
import { commit } from '../lib/write';

export const curriculumRoutes = new Hono<AppBindings>();
const t = adminServerText.curriculum;
const toPoints = (hundredths: number) => hundredths / 100;

/** The programme cell a request names: its year, class and subject, all of the caller's school. */
async function requireCell(c: SchoolContext, body: { yearId: string; className: string; subjectId: string }) {
  const { year, klass } = await requireYearAndClass(c, body.yearId, body.className);
  const subject = found(await subjects.findSubject(c.var.db, c.var.school, body.subjectId));
  const cell = { yearId: year.id, classId: klass.id, subjectId: subject.id };
  return { year, klass, subject, cell, target: `${klass.name} / ${subject.name}` };
}

route(curriculumRoutes, api.get, allow.types(...STAFF_TYPES, 'teacher'), async (c) => {
  const { yearId, className } = c.req.valid('query');
  const { db, school } = c.var;
  const { year, klass } = await requireYearAndClass(c, yearId, className);
  const [assigned, all] = await Promise.all([
    curriculum.classCurriculum(db, school, year.id, klass.id),
    subjects.listSubjects(db, school),
  ]);
  const taken = new Set(assigned.map((a) => a.subject_id));
  return c.json<Programme>({
    assigned: assigned.map((a) => ({ ...a, max_grade: toPoints(a.max_grade) })),
    available: all.filter((s) => !taken.has(s.id)).map((s) => ({ id: s.id, name: s.name })),
  });
});

route(curriculumRoutes, api.assign, allow.permission('user:manage'), async (c) => {
  const { db, school } = c.var;
  const { year, subject, cell, target } = await requireCell(c, c.req.valid('json'));
  if (await curriculum.findCurriculumCell(db, school, cell)) throw conflict(t.alreadyAssigned);
  const entry = { id: crypto.randomUUID(), ...cell, maxGrade: DEFAULT_MAX_GRADE * 100 };
  return commit(c, curriculum.insertCurriculumEntries(db, school, [entry]), {
    audit: { action: 'ASSIGN_SUBJECT', target, details: { year: year.name } },
    body: {
      id: entry.id,
      subject_id: subject.id,
      subject_name: subject.name,
      max_grade: DEFAULT_MAX_GRADE,
      message: t.assigned,
    } satisfies AssignedSubject,
    status: 201,
  });
});

route(curriculumRoutes, api.unassign, allow.permission('user:manage'), async (c) => {
  const { db, school } = c.var;
  const { year, cell, target } = await requireCell(c, c.req.valid('json'));
  found(await curriculum.findCurriculumCell(db, school, cell), t.notAssigned);
  return commit(c, [curriculum.deleteCurriculumCell(db, school, cell)], {
    audit: { action: 'UNASSIGN_SUBJECT', target, details: { year: year.name } },
    body: { message: t.unassigned },
  });
});

route(curriculumRoutes, api.setMaxGrade, allow.permission('user:manage'), async (c) => {
  const { max_grade } = c.req.valid('json');
  const { db, school } = c.var;
  const entry = found(await curriculum.findCurriculumEntry(db, school, c.req.valid('param').id));
  const hundredths = Math.round(max_grade * 100);
  return commit(c, [curriculum.updateMaxGrade(db, school, entry.id, hundredths)], {
    audit: {
      action: 'UPDATE_MAX_GRADE',
      target: entry.id,
      details: { before: toPoints(entry.maxGrade), after: toPoints(hundredths) },
    },
    body: { id: entry.id, max_grade: toPoints(hundredths), message: t.maxGradeUpdated } satisfies SavedMaxGrade,
    guards: [{ holds: curriculum.entryStillExists(school, entry.id), error: notFound() }],
  });
});
