// Subjects: the routes of contract/subjects.ts.
import { Hono } from 'hono';
import { allow, STAFF_TYPES } from '../auth/access';
import { subjectsApi as api, type SavedSubject, type Subject } from '../contract/subjects';
import { adminServerText } from '../contract/texts/admin';
import * as evaluations from '../db/evaluations';
import * as subjects from '../db/subjects';
import type { AppBindings } from '../env';
import { conflict, found, notFound, refuseTaken } from '../lib/errors';
import { route } from '../lib/route';
import { commit } from '../lib/write';

export const subjectRoutes = new Hono<AppBindings>();
const t = adminServerText.subjects;

route(subjectRoutes, api.list, allow.types(...STAFF_TYPES, 'teacher'), async (c) =>
  c.json<Subject[]>(await subjects.listSubjects(c.var.db, c.var.school)),
);

route(subjectRoutes, api.create, allow.permission('user:manage'), async (c) => {
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

route(subjectRoutes, api.update, allow.permission('user:manage'), async (c) => {
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

route(subjectRoutes, api.remove, allow.permission('user:manage'), async (c) => {
  const { db, school } = c.var;
  const current = found(await subjects.findSubject(db, school, c.req.valid('param').id));
  return commit(c, [subjects.deleteSubject(db, school, current.id)], {
    audit: { action: 'DELETE_SUBJECT', target: current.name },
    body: { message: t.deleted },
    // Checked inside the batch: deleting would take an evaluation recorded meanwhile, and its grades, along.
    guards: [{ holds: evaluations.noneOfSubject(school, current.id), error: conflict(t.hasEvaluations) }],
  });
});
