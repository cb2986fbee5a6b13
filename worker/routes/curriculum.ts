// The programme of a class for a year (document 1 §2 "Programme" tab, §7). Max grades travel as
// points (decimals) and are stored in hundredths.
import { Hono } from 'hono';
import { z } from 'zod';
import { adminServerText } from '../contract/texts/admin';
import { allow, STAFF_TYPES } from '../auth/access';
import { requireSchool } from '../auth/session';
import { findClassByName } from '../db/classes';
import { database, type Db } from '../db/client';
import { stillExists } from '../db/guards';
import { curriculum } from '../db/schema';
import {
  classCurriculum,
  deleteCurriculumCell,
  findCurriculumCell,
  findCurriculumEntry,
  insertCurriculumEntry,
  updateMaxGrade,
} from '../db/curriculum';
import { findSchoolYear } from '../db/school-years';
import { findSubject, listSubjects } from '../db/subjects';
import { DEFAULT_MAX_GRADE, MAX_GRADE_LIMIT } from '../domain/setup';
import type { AppBindings } from '../env';
import { conflict, notFound } from '../lib/errors';
import { decimal, id, idParam } from '../lib/inputs';
import { readJson, readParams, readQuery } from '../lib/validate';
import { commit } from '../lib/write';

export const curriculumRoutes = new Hono<AppBindings>();
const t = adminServerText.curriculum;
const toPoints = (hundredths: number) => hundredths / 100;

/** The year and class a request names, both of the caller's school (404 otherwise). */
async function yearAndClass(db: Db, instanceId: string, yearId: string, className: string) {
  const [year, klass] = await Promise.all([findSchoolYear(db, instanceId, yearId), findClassByName(db, instanceId, className)]);
  if (!year || !klass) throw notFound();
  return { year, klass };
}

const cellQuery = z.object({
  yearId: id(adminServerText.years.required),
  className: id(adminServerText.classes.nameRequired),
});

// The subjects a class follows in a year, with their max grades, and the other subjects.
curriculumRoutes.get('/curriculum', allow.types(...STAFF_TYPES, 'teacher'), async (c) => {
  const { yearId, className } = readQuery(c, cellQuery);
  const instanceId = requireSchool(c.get('account'));
  const db = database(c.env.DB);
  const { year, klass } = await yearAndClass(db, instanceId, yearId, className);
  const [assigned, subjects] = await Promise.all([classCurriculum(db, instanceId, year.id, klass.id), listSubjects(db, instanceId)]);
  const taken = new Set(assigned.map((a) => a.subject_id));
  return c.json({
    assigned: assigned.map((a) => ({ ...a, max_grade: toPoints(a.max_grade) })),
    available: subjects.filter((s) => !taken.has(s.id)).map((s) => ({ id: s.id, name: s.name })),
  });
});

const cellBody = cellQuery.extend({ subjectId: id() });

// Put a subject on a class's programme for a year, with the default max grade.
curriculumRoutes.post('/curriculum/assign', allow.permission('user:manage'), async (c) => {
  const body = await readJson(c, cellBody);
  const instanceId = requireSchool(c.get('account'));
  const db = database(c.env.DB);
  const { year, klass } = await yearAndClass(db, instanceId, body.yearId, body.className);
  const subject = await findSubject(db, instanceId, body.subjectId);
  if (!subject) throw notFound();
  const cell = { yearId: year.id, classId: klass.id, subjectId: subject.id };
  if (await findCurriculumCell(db, instanceId, cell)) throw conflict(t.alreadyAssigned);
  const entry = { id: crypto.randomUUID(), ...cell, maxGrade: DEFAULT_MAX_GRADE * 100 };
  return commit(c, [insertCurriculumEntry(db, instanceId, entry)], {
    audit: { action: 'ASSIGN_SUBJECT', target: `${klass.name} / ${subject.name}`, details: { year: year.name } },
    body: {
      id: entry.id,
      subject_id: subject.id,
      subject_name: subject.name,
      max_grade: DEFAULT_MAX_GRADE,
      message: t.assigned,
    },
    status: 201,
  });
});

// Take a subject off a class's programme for a year.
curriculumRoutes.post('/curriculum/unassign', allow.permission('user:manage'), async (c) => {
  const body = await readJson(c, cellBody);
  const instanceId = requireSchool(c.get('account'));
  const db = database(c.env.DB);
  const { year, klass } = await yearAndClass(db, instanceId, body.yearId, body.className);
  const subject = await findSubject(db, instanceId, body.subjectId);
  if (!subject) throw notFound();
  const cell = { yearId: year.id, classId: klass.id, subjectId: subject.id };
  if (!(await findCurriculumCell(db, instanceId, cell))) throw notFound(t.notAssigned);
  return commit(c, [deleteCurriculumCell(db, instanceId, cell)], {
    audit: { action: 'UNASSIGN_SUBJECT', target: `${klass.name} / ${subject.name}`, details: { year: year.name } },
    body: { message: t.unassigned },
  });
});

const maxGradeBody = z.object({ max_grade: decimal(t.invalidMaxGrade, MAX_GRADE_LIMIT) });

// Change the max grade (coefficient) of one programme entry.
curriculumRoutes.put('/curriculum/max-grade/:id', allow.permission('user:manage'), async (c) => {
  const { id: entryId } = readParams(c, idParam);
  const { max_grade } = await readJson(c, maxGradeBody);
  const instanceId = requireSchool(c.get('account'));
  const db = database(c.env.DB);
  const entry = await findCurriculumEntry(db, instanceId, entryId);
  if (!entry) throw notFound();
  const hundredths = Math.round(max_grade * 100);
  return commit(c, [updateMaxGrade(db, instanceId, entryId, hundredths)], {
    audit: { action: 'UPDATE_MAX_GRADE', target: entryId, details: { before: toPoints(entry.maxGrade), after: toPoints(hundredths) } },
    body: { id: entryId, max_grade: toPoints(hundredths), message: t.maxGradeUpdated },
    guards: [{ holds: stillExists(curriculum, instanceId, entryId), error: notFound() }],
  });
});
