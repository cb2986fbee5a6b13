// The student register: the routes of contract/students.ts.
import { Hono } from 'hono';
import { allow, holdsAlso } from '../auth/access';
import {
  type DeletedStudents,
  type SavedStudent,
  type StudentEnrollment,
  type StudentFields,
  type StudentFormData,
  type StudentList,
  studentsApi as api,
  type StudentsStatusChanged,
} from '../contract/students';
import { studentServerText as t } from '../contract/texts/students';
import * as classes from '../db/classes';
import * as enrollments from '../db/enrollments';
import * as students from '../db/students';
import { fromCentimes, toCentimes } from '../domain/money';
import type { AppBindings, SchoolContext } from '../env';
import { STUDENT_PHOTO_MAX_BYTES } from '../files/images';
import { studentPhotoKey } from '../files/keys';
import { dropFiles, serveFile, storeImage } from '../files/store';
import { badRequest, conflict, forbidden, found, notFound, refuseTaken } from '../lib/errors';
import { requireClassByName, requireYear } from '../lib/lookups';
import { pageOf } from '../lib/pagination';
import { route } from '../lib/route';
import { commit, type Guard } from '../lib/write';
import { apiEnrollment, enrollmentOfRow, fullName, newEnrollment } from './enrollments';

export const studentRoutes = new Hono<AppBindings>();

const photoUrl = (row: Pick<students.StudentRow, 'id' | 'photoKey'>) =>
  row.photoKey ? `/api/students/${row.id}/photo/${encodeURIComponent(row.photoKey.split('/').pop() ?? '')}` : null;

const apiStudent = (row: students.StudentRow, enrollment: StudentEnrollment | null) => ({
  id: row.id,
  nisu: row.nisu,
  nom: row.nom,
  prenom: row.prenom,
  sexe: row.sexe,
  date_of_birth: row.dateOfBirth,
  birth_place: row.birthPlace,
  address: row.address,
  photo_url: photoUrl(row),
  tutor_name: row.tutorName,
  tutor_phone: row.tutorPhone,
  tutor_email: row.tutorEmail,
  medical_notes: row.medicalNotes,
  status: row.status,
  revision: row.revision,
  enrollment,
});

const studentValues = (body: StudentFields) => ({
  nom: body.nom,
  prenom: body.prenom,
  sexe: body.sexe,
  dateOfBirth: body.date_of_birth,
  birthPlace: body.birth_place,
  address: body.address,
  tutorName: body.tutor_name,
  tutorPhone: body.tutor_phone,
  tutorEmail: body.tutor_email,
  medicalNotes: body.medical_notes,
  nisu: body.nisu,
});

const storePhoto = (c: SchoolContext, studentId: string, dataUrl: string) =>
  storeImage(c.env, studentPhotoKey(c.var.school, studentId, crypto.randomUUID()), dataUrl, {
    maxBytes: STUDENT_PHOTO_MAX_BYTES,
    wrongType: t.photoType,
    tooLarge: t.photoTooLarge,
  });

async function refuseTakenNisu(c: SchoolContext, nisu: string | null, studentId: string) {
  if (nisu)
    refuseTaken(await students.findNisuOwner(c.var.db, c.var.school, nisu), studentId, t.nisuTaken, 'nisu_taken');
}

// --------------------------------------------------------------------------------- reads

route(studentRoutes, api.list, allow.permission('student:read'), async (c) => {
  const query = c.req.valid('query');
  const year = await requireYear(c, query.yearId);
  const { total, rows } = await students.listStudentsPage(c.var.db, c.var.school, query);
  return c.json<StudentList>({
    students: rows.map((r) => apiStudent(r.student, enrollmentOfRow(r, year.id))),
    pagination: pageOf(total, query),
  });
});

route(studentRoutes, api.formData, allow.permission('student:read'), async (c) => {
  const year = await requireYear(c, c.req.valid('query').yearId);
  const list = await classes.listWithFees(c.var.db, c.var.school, year.id);
  return c.json<StudentFormData>({
    classes: list.map((k) => ({ id: k.id, name: k.name, mppa: k.mppa === null ? null : fromCentimes(k.mppa) })),
    unenrolledFilter: students.UNENROLLED_FILTER,
  });
});

route(studentRoutes, api.photo, allow.permission('student:read'), async (c) => {
  const { id, version } = c.req.valid('param');
  return serveFile(c.env, studentPhotoKey(c.var.school, id, version), 'private');
});

// --------------------------------------------------------------------------- student writes

// The id comes from the client, so a replayed create answers the student already stored instead
// of adding a second one. An id that another school already uses is never reported as such: the
// student simply gets a fresh id.
route(
  studentRoutes,
  api.create,
  allow.permission('student:create', { 'enrollment:create': 'to enrol the student' }),
  async (c) => {
    const body = c.req.valid('json');
    const { db, school } = c.var;
    let studentId = body.id ?? crypto.randomUUID();

    const existing = await students.findStudent(db, school, studentId);
    if (existing) {
      const yearId = body.enrollment?.year_id;
      const withYear = yearId ? await students.findStudentForYear(db, school, studentId, yearId) : undefined;
      const enrollment = withYear && yearId ? enrollmentOfRow(withYear, yearId) : null;
      return c.json<SavedStudent>({ message: t.added, student: apiStudent(existing, enrollment) }, 200);
    }
    if (body.id && (await students.studentIdInUse(db, body.id))) studentId = crypto.randomUUID();

    if (body.enrollment && !holdsAlso(c, 'enrollment:create')) throw forbidden(t.enrolForbidden);
    await refuseTakenNisu(c, body.nisu, studentId);
    let enrollment: { row: enrollments.NewEnrollment; className: string } | null = null;
    if (body.enrollment) {
      const year = await requireYear(c, body.enrollment.year_id);
      const target = await requireClassByName(c, body.enrollment.className, year.id);
      enrollment = {
        row: newEnrollment(school, studentId, year.id, target.id, toCentimes(body.enrollment.mppa)),
        className: target.name,
      };
    }

    const photoKey = body.photo_url?.startsWith('data:') ? await storePhoto(c, studentId, body.photo_url) : null;
    const row: students.NewStudent = {
      id: studentId,
      instanceId: school,
      ...studentValues(body),
      photoKey,
      status: 'active',
    };
    const stored = { ...row, revision: 0, createdAt: '', updatedAt: '' } as students.StudentRow;
    try {
      return await commit(
        c,
        [students.insertStudent(db, row), ...(enrollment ? enrollments.insertEnrollments(db, [enrollment.row]) : [])],
        {
          audit: {
            action: 'CREATE_STUDENT',
            target: fullName(body),
            details: { student_id: studentId, nisu: body.nisu, className: enrollment?.className ?? null },
          },
          body: {
            message: t.added,
            student: apiStudent(stored, enrollment ? apiEnrollment(enrollment.row, enrollment.className) : null),
          } satisfies SavedStudent,
          status: 201,
        },
      );
    } catch (error) {
      dropFiles(c, [photoKey]);
      throw error;
    }
  },
);

// The student's fields, the MPPA of their enrolment, or an enrolment made from the form when the
// student had none for the year; the revision named by the form guards the whole save.
route(
  studentRoutes,
  api.update,
  allow.permission('student:update', {
    'enrollment:create': 'to enrol the student',
    'enrollment:update_payment': "to change the enrolment's MPPA",
  }),
  async (c) => {
    const body = c.req.valid('json');
    const { db, school } = c.var;
    const current = found(await students.findStudent(db, school, c.req.valid('param').id), t.studentNotFound);
    const studentId = current.id;
    await refuseTakenNisu(c, body.nisu, studentId);

    const statements = [];
    const changes: Record<string, unknown> = {};
    const changedMeanwhile = conflict(t.changedMeanwhile, 'changed');
    const revision = body.revision ?? current.revision;
    const guards: Guard[] = [
      { holds: students.studentAtRevision(school, studentId, revision), error: changedMeanwhile },
    ];
    let enrollment: StudentEnrollment | null = null;

    if (body.enrollmentId && body.mppa !== null && body.mppa !== undefined) {
      const existing = found(await enrollments.findEnrollment(db, school, body.enrollmentId), t.enrollmentsNotFound);
      if (existing.studentId !== studentId) throw badRequest(t.enrollmentMismatch);
      const mppa = toCentimes(body.mppa);
      if (mppa !== existing.mppa) {
        if (!holdsAlso(c, 'enrollment:update_payment')) throw forbidden(t.mppaChangeForbidden);
        // The cashier may have changed it since it was read: the check is part of the write.
        guards.push({ holds: enrollments.mppaStillIs(school, existing.id, existing.mppa), error: changedMeanwhile });
        statements.push(enrollments.updateMppa(db, school, existing.id, mppa));
        changes.mppa = { before: fromCentimes(existing.mppa), after: fromCentimes(mppa) };
      }
      // The answer is the register's row: the student with this enrolment as saved.
      enrollment = {
        id: existing.id,
        year_id: existing.yearId,
        class_id: existing.classId,
        className: existing.className,
        mppa: fromCentimes(mppa),
      };
    } else if (body.enrollment) {
      if (!holdsAlso(c, 'enrollment:create')) throw forbidden(t.enrolForbidden);
      const year = await requireYear(c, body.enrollment.year_id);
      const already = await students.findStudentForYear(db, school, studentId, year.id);
      if (already?.enrollmentId) throw conflict(t.alreadyEnrolled(current.prenom));
      const target = await requireClassByName(c, body.enrollment.className, year.id);
      const row = newEnrollment(school, studentId, year.id, target.id, toCentimes(body.enrollment.mppa));
      statements.push(...enrollments.insertEnrollments(db, [row]));
      enrollment = apiEnrollment(row, target.name);
      changes.enrolled = target.name;
    }

    let photoKey = current.photoKey;
    if (body.photo_url === null || body.photo_url === '') photoKey = null;
    else if (body.photo_url?.startsWith('data:')) photoKey = await storePhoto(c, studentId, body.photo_url);

    const values = { ...studentValues(body), photoKey, updatedAt: new Date().toISOString() };
    for (const [key, value] of Object.entries(studentValues(body))) {
      if (current[key as keyof students.StudentRow] !== value)
        changes[key] = key === 'medicalNotes' ? 'modifiées' : value;
    }
    if (photoKey !== current.photoKey) changes.photo = photoKey ? 'remplacée' : 'retirée';
    statements.unshift(students.updateStudent(db, school, studentId, values));

    const updated = { ...current, ...values, revision: revision + 1 };
    try {
      const response = await commit(c, statements, {
        audit: { action: 'UPDATE_STUDENT', target: fullName(body), details: { student_id: studentId, changes } },
        body: { message: t.updated, student: apiStudent(updated, enrollment) } satisfies SavedStudent,
        guards,
      });
      if (photoKey !== current.photoKey) dropFiles(c, [current.photoKey]);
      return response;
    } catch (error) {
      if (photoKey !== current.photoKey) dropFiles(c, [photoKey]);
      throw error;
    }
  },
);

/** The students a selection names, all of the caller's school, and the audit's description of them. */
async function selected(c: SchoolContext, ids: string[]) {
  const rows = await students.studentsByIds(c.var.db, c.var.school, ids);
  if (rows.length !== ids.length) throw notFound(t.studentsNotFound);
  return {
    rows,
    target: rows.length === 1 ? fullName(rows[0]!) : `${rows.length} élèves`,
    details: { count: rows.length, students: rows.map((s) => ({ id: s.id, name: fullName(s) })) },
  };
}

// The foreign keys cascade to the enrolments, payments, grades, attendance and portal account.
route(studentRoutes, api.remove, allow.permission('student:delete'), async (c) => {
  const { ids } = c.req.valid('json');
  const { rows, target, details } = await selected(c, ids);
  const response = await commit(c, students.deleteStudents(c.var.db, c.var.school, ids), {
    audit: { action: 'DELETE_STUDENTS', target, details },
    body: { message: t.deleted, deleted: rows.length } satisfies DeletedStudents,
  });
  dropFiles(
    c,
    rows.map((s) => s.photoKey),
  );
  return response;
});

route(studentRoutes, api.setStatus, allow.types('admin'), async (c) => {
  const body = c.req.valid('json');
  const { target, details } = await selected(c, body.ids);
  const archiving = body.status === 'archived';
  return commit(c, students.setStudentsStatus(c.var.db, c.var.school, body.ids, body.status), {
    audit: { action: archiving ? 'ARCHIVE_STUDENTS' : 'REACTIVATE_STUDENTS', target, details },
    body: {
      message: archiving ? t.archived : t.reactivated,
      status: body.status,
      ids: body.ids,
    } satisfies StudentsStatusChanged,
  });
});
