// Resources: the routes of contract/resources.ts. The administration (settings:manage_academic)
// manages every course's resources, a teacher their own courses'; a student reads their class's
// resources of the year. Who may read or write is a condition of the query (a resource out of
// reach answers 404 like a missing one) and of the writing batch (decision 041). Files are
// checked on their bytes (domain/resources.ts) and kept in R2 under the school's prefix.
import { Hono } from 'hono';
import { allow, validInput } from '../auth/access';
import type { Account } from '../auth/session';
import { type Resource, resourcesApi as api, type SavedResource, type TeacherResources } from '../contract/resources';
import { serverText } from '../contract/texts/server';
import { resourcesServerText as t } from '../contract/texts/resources';
import * as resources from '../db/resources';
import { RESOURCE_MAX_BYTES, cleanFileName, contentDisposition, decodeBase64 } from '../domain/resources';
import { sniffResourceType } from '../files/resources';
import type { SchoolBindings, SchoolContext } from '../env';
import { resourceKey } from '../files/keys';
import { dropFiles } from '../files/store';
import { ApiError, badRequest, conflict, found, notFound } from '../lib/errors';
import { rowsOfYear, withYear } from '../lib/lookups';
import { route } from '../lib/route';
import { commit } from '../lib/write';
import { placeOf, portalStudent } from './student-portal';

export const resourceRoutes = new Hono<SchoolBindings>();

/** A resource the caller may read (a teacher their courses', a student their class's of the year): another's answers 404 like a missing one. */
const readsResource = (c: SchoolContext) =>
  resources
    .findReadable(c.var.db, c.var.school, validInput<{ id: string }>(c, 'param').id, readerOf(c.var.account))
    .then(Boolean);
const ownResource = (what: string) => ({ what, check: readsResource, refusal: () => notFound(t.notFound) });

/** Who manages resources: staff holding settings:manage_academic (admins hold every permission), or teachers (their own courses'). */
const writers = () =>
  allow.any(allow.own(ownResource('the courses they teach'), 'teacher'), allow.permission('settings:manage_academic'));
/** Who adds one: the managers, a teacher to a course they teach (another's answers 404 like a missing one). */
const creators = () =>
  allow.any(
    allow.own(
      {
        what: 'the courses they teach',
        check: async (c) =>
          Boolean(
            await resources.findManageableAssignment(
              c.var.db,
              c.var.school,
              validInput<{ assignment_id: string }>(c, 'json').assignment_id,
              readerOf(c.var.account),
            ),
          ),
        refusal: () => notFound(t.assignmentNotFound),
      },
      'teacher',
    ),
    allow.permission('settings:manage_academic'),
  );
/** Who reads one: the managers, and students (their class's of the year). */
const readers = () =>
  allow.any(
    allow.own(ownResource('the courses they teach'), 'teacher'),
    allow.own(ownResource("their class's resources"), 'student'),
    allow.permission('settings:manage_academic'),
  );

/** Every resource of the school: the caller's were checked by the route's rule. */
const ANY: resources.Reader = { kind: 'manager' };

/** The rows the caller reaches, within the route's rule: managers every course's, teachers their own courses', students their class's. */
function readerOf(account: Account): resources.Reader {
  if (account.type === 'student') return { kind: 'student', userId: account.id };
  if (account.type === 'teacher') return { kind: 'teacher', userId: account.id };
  return { kind: 'manager' };
}

const apiResource = (row: resources.ResourceRow): Resource => ({
  id: row.id,
  assignment_id: row.assignment_id,
  resource_type: row.resource_type,
  title: row.title,
  url: row.url,
  file_name: row.file_name,
  mime_type: row.mime_type,
  size: row.size,
  file_url: row.resource_type === 'file' && row.file_key ? `/api/resources/${row.id}/file` : null,
  created_at: row.created_at,
  class_name: row.class_name,
  subject_id: row.subject_id,
  subject_name: row.subject_name,
  teacher_prenom: row.teacher_prenom,
  teacher_nom: row.teacher_nom,
});

// --------------------------------------------------------------------------------- reads

route(resourceRoutes, api.adminList, allow.permission('settings:manage_academic'), async (c) =>
  c.json<Resource[]>((await rowsOfYear(c, c.req.valid('query').yearId, resources.selectOfYear)).map(apiResource)),
);

route(resourceRoutes, api.teacherList, allow.types('teacher', 'admin'), async (c) => {
  const { db, school, account } = c.var;
  const { yearId } = c.req.valid('query');
  const own: resources.Reader = { kind: 'teacher', userId: account.id };
  const [, rows, courses] = await withYear(
    c,
    yearId,
    resources.selectOfTeacher(db, school, yearId, account.id),
    resources.selectManageableCourses(db, school, yearId, own),
  );
  return c.json<TeacherResources>({
    assignments: courses.map(({ year_id: _, ...course }) => course),
    resources: rows.map(apiResource),
  });
});

route(resourceRoutes, api.studentList, allow.types('student', 'admin'), async (c) => {
  const { db, school } = c.var;
  const place = placeOf(await portalStudent(c, c.req.valid('query').studentId));
  const rows = place ? await resources.selectOfClass(db, school, place.yearId, place.classId) : [];
  return c.json<Resource[]>(rows.map(apiResource));
});

const requireReadable = async (c: SchoolContext, id: string) =>
  found(await resources.findReadable(c.var.db, c.var.school, id, ANY), t.notFound);

route(resourceRoutes, api.one, readers(), async (c) =>
  c.json<Resource>(apiResource(await requireReadable(c, c.req.valid('param').id))),
);

route(resourceRoutes, api.file, readers(), async (c) => {
  const row = await requireReadable(c, c.req.valid('param').id);
  const object = row.file_key ? await c.env.FILES.get(row.file_key) : null;
  if (!object || !row.mime_type) throw notFound(t.notFound);
  return new Response(object.body, {
    headers: {
      'Content-Type': row.mime_type === 'text/plain' ? 'text/plain; charset=utf-8' : row.mime_type,
      'Content-Length': String(object.size),
      'Content-Disposition': contentDisposition(row.mime_type, row.file_name ?? 'fichier'),
      'X-Content-Type-Options': 'nosniff',
      // Nothing in the file runs or loads anything; the app's own pages show it from a blob.
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox; frame-ancestors 'none'",
      'Cache-Control': 'private, no-cache',
    },
  });
});

// --------------------------------------------------------------------------------- writes

/** A file of the form: its bytes checked (decoded size, sniffed type) and stored under a fresh key. */
async function storeFile(c: SchoolContext, resourceId: string, content: string, givenName: string | null) {
  const bytes = decodeBase64(content);
  if (!bytes) throw badRequest(t.fileUnreadable);
  if (bytes.byteLength > RESOURCE_MAX_BYTES)
    throw new ApiError(413, 'too_large', t.fileTooLarge(RESOURCE_MAX_BYTES / 1024 / 1024));
  const fileName = cleanFileName(givenName ?? 'fichier');
  if (!fileName) throw badRequest(t.fileNameInvalid);
  const mimeType = sniffResourceType(bytes, fileName);
  if (!mimeType) throw new ApiError(415, 'unsupported_file_type', t.fileType);
  const key = resourceKey(c.var.school, resourceId, crypto.randomUUID());
  await c.env.FILES.put(key, bytes, { httpMetadata: { contentType: mimeType } });
  return { fileKey: key, fileName, mimeType, size: bytes.byteLength };
}

route(resourceRoutes, api.create, creators(), async (c) => {
  const { db, school, account } = c.var;
  const body = c.req.valid('json');
  const writer = readerOf(account);
  const course = await resources.findManageableAssignment(db, school, body.assignment_id, ANY);
  if (!course) throw notFound(t.assignmentNotFound);
  // The client names the id (an offline create is replayed): the same resource sent again answers
  // the one stored; an id another school (or another course) holds is never reported as such,
  // the resource simply gets a fresh id (the students' rule).
  let id = body.id ?? crypto.randomUUID();
  const holder = body.id ? await resources.findAnyById(db, id) : undefined;
  if (holder) {
    const stored =
      holder.instanceId === school ? await resources.findReadable(db, school, id, readerOf(account)) : undefined;
    if (stored && stored.assignment_id === course.id)
      return c.json<SavedResource>({ message: t.added, resource: apiResource(stored) }, 200);
    id = crypto.randomUUID();
  }
  const file = body.resource_type === 'file' ? await storeFile(c, id, body.file_content!, body.file_name) : null;
  const createdAt = new Date().toISOString();
  const row: resources.NewResource = {
    id,
    assignmentId: course.id,
    resourceType: body.resource_type,
    title: body.title,
    url: body.resource_type === 'link' ? body.url : null,
    fileKey: file?.fileKey ?? null,
    fileName: file?.fileName ?? null,
    mimeType: file?.mimeType ?? null,
    size: file?.size ?? null,
    createdAt,
  };
  const resource = apiResource({
    ...row,
    assignment_id: row.assignmentId,
    resource_type: row.resourceType,
    file_key: row.fileKey,
    file_name: row.fileName,
    mime_type: row.mimeType,
    created_at: createdAt,
    teacher_id: '',
    year_id: course.year_id,
    class_name: course.class_name,
    subject_id: course.subject_id,
    subject_name: course.subject_name,
    teacher_prenom: course.teacher_prenom,
    teacher_nom: course.teacher_nom,
  });
  try {
    return await commit(c, [resources.insertResource(db, school, row)], {
      audit: {
        action: 'CREATE_RESOURCE',
        target: body.title,
        details: {
          resource_id: id,
          class_name: course.class_name,
          subject_name: course.subject_name,
          type: row.resourceType,
          mime_type: row.mimeType,
          size: row.size,
        },
      },
      body: { message: t.added, resource } satisfies SavedResource,
      status: 201,
      guards: [
        { holds: resources.stillManageable(db, school, course.id, writer), error: notFound(t.assignmentNotFound) },
      ],
    });
  } catch (error) {
    if (file) dropFiles(c, [file.fileKey]);
    throw error;
  }
});

route(resourceRoutes, api.update, writers(), async (c) => {
  const { db, school, account } = c.var;
  const body = c.req.valid('json');
  const writer = readerOf(account);
  const current = found(await resources.findReadable(db, school, c.req.valid('param').id, ANY), t.notFound);
  if (body.assignment_id !== current.assignment_id || body.resource_type !== current.resource_type)
    throw badRequest(t.fixedOnEdit, 'fixed');
  const file =
    current.resource_type === 'file' && body.file_content
      ? await storeFile(c, current.id, body.file_content, body.file_name)
      : null;
  const change = {
    title: body.title,
    url: current.resource_type === 'link' ? body.url : null,
    fileKey: file?.fileKey ?? current.file_key,
    fileName: file?.fileName ?? current.file_name,
    mimeType: file?.mimeType ?? current.mime_type,
    size: file?.size ?? current.size,
  };
  const resource = apiResource({
    ...current,
    title: change.title,
    url: change.url,
    file_key: change.fileKey,
    file_name: change.fileName,
    mime_type: change.mimeType,
    size: change.size,
  });
  try {
    const response = await commit(c, [resources.updateResource(db, school, current.id, change)], {
      audit: {
        action: 'UPDATE_RESOURCE',
        target: body.title,
        details: { resource_id: current.id, before: current.title, file_replaced: Boolean(file) },
      },
      body: { message: t.updated, resource } satisfies SavedResource,
      guards: [
        {
          holds: resources.stillSame(school, current.id, current.assignment_id, current.file_key),
          error: conflict(serverText.changedMeanwhile, 'changed'),
        },
        { holds: resources.stillManageable(db, school, current.assignment_id, writer), error: notFound(t.notFound) },
      ],
    });
    if (file) dropFiles(c, [current.file_key]);
    return response;
  } catch (error) {
    if (file) dropFiles(c, [file.fileKey]);
    throw error;
  }
});

route(resourceRoutes, api.remove, writers(), async (c) => {
  const { db, school, account } = c.var;
  const writer = readerOf(account);
  const current = found(await resources.findReadable(db, school, c.req.valid('param').id, ANY), t.notFound);
  const response = await commit(c, [resources.deleteResource(db, school, current.id)], {
    audit: {
      action: 'DELETE_RESOURCE',
      target: current.title,
      details: { resource_id: current.id, assignment_id: current.assignment_id },
    },
    body: { message: t.deleted },
    guards: [
      {
        holds: resources.stillSame(school, current.id, current.assignment_id, current.file_key),
        error: notFound(t.notFound),
      },
      { holds: resources.stillManageable(db, school, current.assignment_id, writer), error: notFound(t.notFound) },
    ],
  });
  dropFiles(c, [current.file_key]);
  return response;
});
