// Subjects of the school (document 1 §2 "Subjects" tab, §7).
import { Hono } from 'hono';
import { z } from 'zod';
import { adminServerText } from '../contract/texts/admin';
import { allow, STAFF_TYPES } from '../auth/access';
import { requireSchool } from '../auth/session';
import { database } from '../db/client';
import { noneWith, stillExists } from '../db/guards';
import { evaluations, subjects } from '../db/schema';
import {
  deleteSubject,
  findSubject,
  findSubjectByName,
  insertSubject,
  listSubjects,
  subjectHasEvaluations,
  updateSubject,
} from '../db/subjects';
import type { AppBindings } from '../env';
import { conflict, notFound } from '../lib/errors';
import { idParam, name } from '../lib/inputs';
import { readJson, readParams } from '../lib/validate';
import { commit } from '../lib/write';

export const subjectRoutes = new Hono<AppBindings>();
const t = adminServerText.subjects;

// The school's subjects, by name.
subjectRoutes.get('/subjects', allow.types(...STAFF_TYPES, 'teacher'), async (c) =>
  c.json(await listSubjects(database(c.env.DB), requireSchool(c.get('account')))),
);

const subjectBody = z.object({ name: name(t.nameRequired) });

// Add a subject.
subjectRoutes.post('/subjects', allow.permission('user:manage'), async (c) => {
  const body = await readJson(c, subjectBody);
  const instanceId = requireSchool(c.get('account'));
  const db = database(c.env.DB);
  if (await findSubjectByName(db, instanceId, body.name)) throw conflict(t.exists);
  const row = { id: crypto.randomUUID(), name: body.name };
  return commit(c, [insertSubject(db, instanceId, row)], {
    audit: { action: 'CREATE_SUBJECT', target: body.name },
    body: { ...row, instance_id: instanceId, message: t.added },
    status: 201,
  });
});

// Rename a subject.
subjectRoutes.put('/subjects/:id', allow.permission('user:manage'), async (c) => {
  const { id } = readParams(c, idParam);
  const body = await readJson(c, subjectBody);
  const instanceId = requireSchool(c.get('account'));
  const db = database(c.env.DB);
  const current = await findSubject(db, instanceId, id);
  if (!current) throw notFound();
  const namesake = await findSubjectByName(db, instanceId, body.name);
  if (namesake && namesake.id !== id) throw conflict(t.exists);
  return commit(c, [updateSubject(db, instanceId, id, body.name)], {
    audit: { action: 'UPDATE_SUBJECT', target: body.name, details: { before: current.name } },
    body: { id, name: body.name, instance_id: instanceId, message: t.updated },
    guards: [{ holds: stillExists(subjects, instanceId, id), error: notFound() }],
  });
});

// Delete a subject that has no evaluation (its curriculum entries go with it).
subjectRoutes.delete('/subjects/:id', allow.permission('user:manage'), async (c) => {
  const { id } = readParams(c, idParam);
  const instanceId = requireSchool(c.get('account'));
  const db = database(c.env.DB);
  const current = await findSubject(db, instanceId, id);
  if (!current) throw notFound();
  if (await subjectHasEvaluations(db, instanceId, id)) throw conflict(t.hasEvaluations);
  return commit(c, [deleteSubject(db, instanceId, id)], {
    audit: { action: 'DELETE_SUBJECT', target: current.name },
    body: { message: t.deleted },
    // Deleting would take an evaluation recorded meanwhile, and its grades, along.
    guards: [{ holds: noneWith(evaluations, evaluations.subjectId, instanceId, id), error: conflict(t.hasEvaluations) }],
  });
});
