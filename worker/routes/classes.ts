// Classes: the routes of contract/classes.ts.
import { Hono } from 'hono';
import { allow, STAFF_TYPES } from '../auth/access';
import { classesApi as api, type SavedClass, type SchoolClass } from '../contract/classes';
import { adminServerText } from '../contract/texts/admin';
import * as classes from '../db/classes';
import * as enrollments from '../db/enrollments';
import type { AppBindings } from '../env';
import { conflict, found, notFound, refuseTaken } from '../lib/errors';
import { route } from '../lib/route';
import { commit } from '../lib/write';

export const classRoutes = new Hono<AppBindings>();
const t = adminServerText.classes;

route(classRoutes, api.list, allow.types(...STAFF_TYPES, 'teacher'), async (c) =>
  c.json<SchoolClass[]>(await classes.listClasses(c.var.db, c.var.school)),
);

route(classRoutes, api.create, allow.permission('user:manage'), async (c) => {
  const body = c.req.valid('json');
  const { db, school } = c.var;
  refuseTaken(await classes.findClassByName(db, school, body.name), null, t.exists);
  const row = {
    id: crypto.randomUUID(),
    name: body.name,
    orderIndex: body.order_index ?? (await classes.nextClassOrder(db, school)),
  };
  return commit(c, classes.insertClasses(db, school, [row]), {
    audit: { action: 'CREATE_CLASS', target: body.name },
    body: { id: row.id, name: row.name, order_index: row.orderIndex, message: t.added } satisfies SavedClass,
    status: 201,
  });
});

route(classRoutes, api.update, allow.permission('user:manage'), async (c) => {
  const body = c.req.valid('json');
  const { db, school } = c.var;
  const current = found(await classes.findClass(db, school, c.req.valid('param').id));
  refuseTaken(await classes.findClassByName(db, school, body.name), current.id, t.exists);
  const orderIndex = body.order_index ?? current.order_index;
  return commit(c, [classes.updateClass(db, school, current.id, { name: body.name, orderIndex })], {
    audit: { action: 'UPDATE_CLASS', target: body.name, details: { before: current.name, order_index: orderIndex } },
    body: { id: current.id, name: body.name, order_index: orderIndex, message: t.updated } satisfies SavedClass,
    guards: [{ holds: classes.classStillExists(school, current.id), error: notFound() }],
  });
});

route(classRoutes, api.remove, allow.permission('user:manage'), async (c) => {
  const { db, school } = c.var;
  const current = found(await classes.findClass(db, school, c.req.valid('param').id));
  return commit(c, [classes.deleteClass(db, school, current.id)], {
    audit: { action: 'DELETE_CLASS', target: current.name },
    body: { message: t.deleted },
    // Checked inside the batch: a student enrolled meanwhile keeps the class.
    guards: [{ holds: enrollments.noneInClass(school, current.id), error: conflict(t.hasEnrollments) }],
  });
});
