// Classes of the school, in order (document 1 §2 "Classes" tab, §7).
import { Hono } from 'hono';
import { z } from 'zod';
import { adminServerText } from '../contract/texts/admin';
import { allow, STAFF_TYPES } from '../auth/access';
import { requireSchool } from '../auth/session';
import {
  classHasEnrollments,
  deleteClass,
  findClass,
  findClassByName,
  insertClass,
  listClasses,
  nextClassOrder,
  updateClass,
} from '../db/classes';
import { database } from '../db/client';
import { noneWith, stillExists } from '../db/guards';
import { classes, enrollments } from '../db/schema';
import type { AppBindings } from '../env';
import { conflict, notFound } from '../lib/errors';
import { idParam, name } from '../lib/inputs';
import { readJson, readParams } from '../lib/validate';
import { commit } from '../lib/write';

export const classRoutes = new Hono<AppBindings>();
const t = adminServerText.classes;

// The school's classes, first to last.
classRoutes.get('/classes', allow.types(...STAFF_TYPES, 'teacher'), async (c) =>
  c.json(await listClasses(database(c.env.DB), requireSchool(c.get('account')))),
);

const classBody = z.object({
  name: name(t.nameRequired),
  order_index: z.number({ error: t.invalidOrder }).int(t.invalidOrder).min(0, t.invalidOrder).max(10_000, t.invalidOrder).optional(),
});

// Add a class, after the last one unless an order is given.
classRoutes.post('/classes', allow.permission('user:manage'), async (c) => {
  const body = await readJson(c, classBody);
  const instanceId = requireSchool(c.get('account'));
  const db = database(c.env.DB);
  if (await findClassByName(db, instanceId, body.name)) throw conflict(t.exists);
  const row = { id: crypto.randomUUID(), name: body.name, orderIndex: body.order_index ?? (await nextClassOrder(db, instanceId)) };
  return commit(c, [insertClass(db, instanceId, row)], {
    audit: { action: 'CREATE_CLASS', target: body.name },
    body: { id: row.id, name: row.name, order_index: row.orderIndex, message: t.added },
    status: 201,
  });
});

// Rename a class (and change its place in the order when given).
classRoutes.put('/classes/:id', allow.permission('user:manage'), async (c) => {
  const { id } = readParams(c, idParam);
  const body = await readJson(c, classBody);
  const instanceId = requireSchool(c.get('account'));
  const db = database(c.env.DB);
  const current = await findClass(db, instanceId, id);
  if (!current) throw notFound();
  const namesake = await findClassByName(db, instanceId, body.name);
  if (namesake && namesake.id !== id) throw conflict(t.exists);
  const orderIndex = body.order_index ?? current.order_index;
  return commit(c, [updateClass(db, instanceId, id, { name: body.name, orderIndex })], {
    audit: { action: 'UPDATE_CLASS', target: body.name, details: { before: current.name, order_index: orderIndex } },
    body: { id, name: body.name, order_index: orderIndex, message: t.updated },
    guards: [{ holds: stillExists(classes, instanceId, id), error: notFound() }],
  });
});

// Delete a class that never had an enrolment (its curriculum and fees go with it).
classRoutes.delete('/classes/:id', allow.permission('user:manage'), async (c) => {
  const { id } = readParams(c, idParam);
  const instanceId = requireSchool(c.get('account'));
  const db = database(c.env.DB);
  const current = await findClass(db, instanceId, id);
  if (!current) throw notFound();
  if (await classHasEnrollments(db, instanceId, id)) throw conflict(t.hasEnrollments);
  return commit(c, [deleteClass(db, instanceId, id)], {
    audit: { action: 'DELETE_CLASS', target: current.name },
    body: { message: t.deleted },
    // A student enrolled meanwhile keeps the class.
    guards: [{ holds: noneWith(enrollments, enrollments.classId, instanceId, id), error: conflict(t.hasEnrollments) }],
  });
});
