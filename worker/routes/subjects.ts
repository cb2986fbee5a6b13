// Subjects: the routes of contract/subjects.ts.
import { Hono } from 'hono';
import { allow, STAFF_TYPES } from '../auth/access';
import { subjectsApi as api, type SavedSubject, type Subject } from '../contract/subjects';
import { adminServerText } from '../contract/texts/admin';
import * as evaluations from '../db/evaluations';
import * as subjects from '../db/subjects';
import type { AppBindings } from '../env';
import { conflict, found, notFound, refuseTaken } from '../lib/errors';
import { input } from '../lib/validate';
import { commit } from '../lib/write';

export const subjectRoutes = new Hono<AppBindings>();
const t = adminServerText.subjects;

subjectRoutes.get(api.list.path, allow.types(...STAFF_TYPES, 'teacher'), input(api.list), async (c) =>
  c.json<Subject[]>(await subjects.listSubjects(c.var.db, c.var.school)),
);

subjectRoutes.post(api.create.path, allow.permission('user:manage'), input(api.create), async (c) => {
  const body = c.req.valid('json');
  const { db, school } = c.var;
  refuseTaken(await subjects.findSubjectByName(db, school, body.name), null, t.exists);
  const row = { id: crypto.randomUUID(), name: body.name };
  return commit(c, subjects.insertSubjects(db, school, [row]), {
    audit: { action: 'CREATE_SUBJECT', target: body.name },
    body: { ...row, instance_id: school, message: t.added } satisfies SavedSubject,
    status: 201,
  });
});

subjectRoutes.put(api.update.path, allow.permission('user:manage'), input(api.update), async (c) => {
  const body = c.req.valid('json');
  const { db, school } = c.var;
  const current = found(await subjects.findSubject(db, school, c.req.valid('param').id));
  refuseTaken(await subjects.findSubjectByName(db, school, body.name), current.id, t.exists);
  return commit(c, [subjects.updateSubject(db, school, current.id, body.name)], {
    audit: { action: 'UPDATE_SUBJECT', target: body.name, details: { before: current.name } },
    body: { id: current.id, name: body.name, instance_id: school, message: t.updated } satisfies SavedSubject,
    guards: [{ holds: subjects.subjectStillExists(school, current.id), error: notFound() }],
  });
});

subjectRoutes.delete(api.remove.path, allow.permission('user:manage'), input(api.remove), async (c) => {
  const { db, school } = c.var;
  const current = found(await subjects.findSubject(db, school, c.req.valid('param').id));
  return commit(c, [subjects.deleteSubject(db, school, current.id)], {
    audit: { action: 'DELETE_SUBJECT', target: current.name },
    body: { message: t.deleted },
    // Checked inside the batch: deleting would take an evaluation recorded meanwhile, and its grades, along.
    guards: [{ holds: evaluations.noneOfSubject(school, current.id), error: conflict(t.hasEvaluations) }],
  });
});
