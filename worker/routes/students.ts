// The student register and enrolments (document 2 §2 'Gestion des Élèves', §4, §5, §7):
// the paginated list, the student form's writes, delete, archive, enrol, bulk enrol and bulk
// class change, the classes of the form and the student photos.
import { Hono } from 'hono';
import { z } from 'zod';
import { studentServerText as text } from '../contract/texts/students';
import { allow } from '../auth/access';
import { requireSchool } from '../auth/session';
import { database, type Db } from '../db/client';
import {
  classesWithFees,
  deleteStudents,
  enrollmentMppaIs,
  enrollmentsByIds,
  findClassWithFee,
  findNisuOwner,
  getEnrollment,
  getStudentForYear,
  getStudentRow,
  getYear,
  insertEnrollments,
  insertStudent,
  listStudentsPage,
  moveEnrollments,
  type NewEnrollment,
  type NewStudent,
  setStudentsStatus,
  studentAtRevision,
  studentIdInUse,
  studentsByIds,
  studentsWithYearEnrollment,
  type StudentRow,
  UNENROLLED_FILTER,
  updateEnrollmentMppa,
  updateStudent,
} from '../db/students';
import { fromCentimes, toCentimes } from '../domain/money';
import {
  birthDateProblem,
  changeClassTargets,
  isEmail,
  isValidNisu,
  medicalNotesValid,
  NISU_INPUT_MAX,
  normalizeNisu,
  normalizePhone,
  parseMedicalNotes,
  serializeMedicalNotes,
  STUDENT_LIMITS,
} from '../domain/students';
import { cleanMultilineText, cleanText } from '../domain/text';
import type { AppBindings, SchoolContext } from '../env';
import { decodeDataUrl, sniffImageType, STUDENT_PHOTO_MAX_BYTES } from '../files/images';
import { dropFiles } from '../files/drop';
import { studentPhotoKey } from '../files/keys';
import { ApiError, badRequest, conflict, forbidden, notFound } from '../lib/errors';
import { optionalText, text as textInput } from '../contract/common';
import { readJson, readParams, readQuery } from '../lib/validate';
import { commit, type Guard } from '../lib/write';

export const studentRoutes = new Hono<AppBindings>();

export const STUDENT_PAGE_SIZE = 25;
/** The most students a bulk action handles at once. */
export const MAX_BULK = 500;

// ------------------------------------------------------------------------------- shapes

const photoUrl = (row: Pick<StudentRow, 'id' | 'photoKey'>) =>
  row.photoKey ? `/api/students/${row.id}/photo/${encodeURIComponent(row.photoKey.split('/').pop() ?? '')}` : null;

export interface ApiEnrollment {
  id: string;
  year_id: string;
  class_id: string;
  className: string;
  mppa: number;
}

function apiStudent(row: StudentRow, enrollment: ApiEnrollment | null) {
  return {
    id: row.id,
    nisu: row.nisu,
    nom: row.nom,
    prenom: row.prenom,
    sexe: row.sexe,
    date_of_birth: row.dateOfBirth,
    address: row.address,
    photo_url: photoUrl(row),
    tutor_name: row.tutorName,
    tutor_phone: row.tutorPhone,
    tutor_email: row.tutorEmail,
    medical_notes: row.medicalNotes,
    status: row.status,
    revision: row.revision,
    enrollment,
  };
}

const fullName = (s: { prenom: string; nom: string }) => `${s.prenom} ${s.nom}`;

// ------------------------------------------------------------------------------- inputs

const id = z.string({ error: text.idInvalid }).trim().regex(/^[A-Za-z0-9-]{1,64}$/, text.idInvalid);
const yearId = z.string({ error: text.yearRequired }).trim().min(1, text.yearRequired).max(64, text.yearRequired);
const className = z.string({ error: text.classRequired }).trim().min(1, text.classRequired).max(100, text.classRequired);

/** A decimal amount >= 0 (numbers or numeric strings with a dot or a comma). */
const amount = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v.trim().replace(',', '.')) : v),
  z
    .number({ error: text.mppaRequired })
    .refine(Number.isFinite, text.mppaRequired)
    .min(0, text.mppaRequired)
    .max(100_000_000, text.mppaRequired),
);

/** The birth date's rule is the form's (domain/students.ts birthDateProblem). */
const BIRTH_DATE_MESSAGES = {
  required: text.birthDateRequired,
  invalid: text.birthDateInvalid,
  future: text.birthDateFuture,
  tooOld: text.birthDateTooOld,
} as const;

const L = STUDENT_LIMITS;

const studentFields = {
  nom: textInput(text.nomRequired, L.nom, text.nomTooLong),
  prenom: textInput(text.prenomRequired, L.prenom, text.prenomTooLong),
  sexe: z.enum(['M', 'F'], { error: (issue) => (issue.input === undefined || issue.input === null || issue.input === '' ? text.sexeRequired : text.sexeInvalid) }),
  date_of_birth: z
    .string({ error: text.birthDateRequired })
    .trim()
    .max(10, text.birthDateInvalid)
    .superRefine((value, ctx) => {
      const problem = birthDateProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: BIRTH_DATE_MESSAGES[problem] });
    }),
  address: textInput(text.addressRequired, L.address, text.addressTooLong),
  /** A data: URL replaces the photo, null or '' removes it, absent or the current URL keeps it. */
  photo_url: z.string({ error: text.photoType }).max(STUDENT_PHOTO_MAX_BYTES * 2, text.photoTooLarge).nullish(),
  tutor_name: optionalText(L.tutorName, text.tutorNameTooLong),
  tutor_phone: optionalText(L.tutorPhone, text.phoneInvalid).transform((v, ctx) => {
    const phone = normalizePhone(v ?? '');
    if (phone === 'invalid') {
      ctx.addIssue({ code: 'custom', message: text.phoneInvalid });
      return z.NEVER;
    }
    return phone;
  }),
  tutor_email: optionalText(L.tutorEmail, text.emailInvalid).refine((v) => v === null || isEmail(v), text.emailInvalid),
  // Stored as the form's JSON ({blood_group, allergies, illnesses}); older formats are read and
  // stored back in it, each part normalized and held to the form's rules.
  medical_notes: z
    .string({ error: text.medicalNotesInvalid })
    .max(4000, text.medicalNotesTooLong)
    .nullish()
    .transform((v, ctx) => {
      const parsed = parseMedicalNotes(v);
      const notes = {
        blood_group: cleanText(parsed.blood_group),
        allergies: cleanMultilineText(parsed.allergies),
        illnesses: cleanMultilineText(parsed.illnesses),
      };
      if (!medicalNotesValid(notes)) {
        ctx.addIssue({ code: 'custom', message: text.medicalNotesInvalid });
        return z.NEVER;
      }
      return serializeMedicalNotes(notes);
    }),
  nisu: z
    .string({ error: text.nisuInvalid })
    .max(NISU_INPUT_MAX * 2, text.nisuInvalid)
    .nullish()
    .transform((v) => (v ? normalizeNisu(v) || null : null))
    .refine((v) => v === null || isValidNisu(v), text.nisuInvalid),
};

const enrollmentInput = z.object({ year_id: yearId, className, mppa: amount });

const createBody = z.object({
  id: id.optional(),
  ...studentFields,
  enrollment: enrollmentInput.nullish(),
});

const updateBody = z.object({
  ...studentFields,
  enrollment: enrollmentInput.nullish(),
  enrollmentId: id.nullish(),
  mppa: amount.nullish(),
  /** The student's revision when the form opened: a save never overwrites a newer one. */
  revision: z.number().int().min(0),
});

const idList = () =>
  z
    .array(id, { error: text.selectionRequired })
    .min(1, text.selectionRequired)
    .max(MAX_BULK, text.selectionTooLarge(MAX_BULK))
    .transform((ids) => [...new Set(ids)]);

const listQuery = z.object({
  yearId,
  page: z.coerce.number({ error: text.pageInvalid }).int(text.pageInvalid).min(1, text.pageInvalid).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(STUDENT_PAGE_SIZE),
  includeArchived: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => v === 'true' || v === '1'),
  classFilter: z
    .string()
    .trim()
    .max(100)
    .optional()
    .transform((v) => (v && v !== 'all' ? v : null)),
  search: z.string().max(200).optional().default(''),
  sort: z.enum(['nom', 'prenom']).optional().default('nom'),
});

// ------------------------------------------------------------------------------- helpers

/** Stores an uploaded photo in R2 and answers its key; the type comes from the magic bytes. */
async function storePhoto(c: SchoolContext, instanceId: string, studentId: string, dataUrl: string) {
  const bytes = decodeDataUrl(dataUrl);
  const type = bytes && sniffImageType(bytes);
  if (!bytes || !type) throw badRequest(text.photoType);
  if (bytes.byteLength > STUDENT_PHOTO_MAX_BYTES) throw new ApiError(413, 'too_large', text.photoTooLarge);
  const key = studentPhotoKey(instanceId, studentId, crypto.randomUUID());
  await c.env.FILES.put(key, bytes, { httpMetadata: { contentType: type } });
  return key;
}

async function requireYear(db: Db, instanceId: string, id: string) {
  const year = await getYear(db, instanceId, id);
  if (!year) throw notFound(text.yearNotFound);
  return year;
}

async function requireClass(db: Db, instanceId: string, name: string, year: string) {
  const found = await findClassWithFee(db, instanceId, name, year);
  if (!found) throw notFound(text.classNotFound);
  return found;
}

async function refuseTakenNisu(db: Db, instanceId: string, nisu: string | null, studentId: string) {
  if (!nisu) return;
  const owner = await findNisuOwner(db, instanceId, nisu);
  if (owner && owner.id !== studentId) throw conflict(text.nisuTaken, 'nisu_taken');
}

const mayHold = (c: SchoolContext, permission: string) => c.get('account').permissions.has(permission);

type StudentFields = Omit<z.output<typeof createBody>, 'id' | 'enrollment' | 'photo_url'>;

const studentValues = (body: StudentFields) => ({
  nom: body.nom,
  prenom: body.prenom,
  sexe: body.sexe,
  dateOfBirth: body.date_of_birth,
  address: body.address,
  tutorName: body.tutor_name,
  tutorPhone: body.tutor_phone,
  tutorEmail: body.tutor_email,
  medicalNotes: body.medical_notes,
  nisu: body.nisu,
});

function enrollmentRow(instanceId: string, studentId: string, year: string, classId: string, mppa: number): NewEnrollment {
  return { id: crypto.randomUUID(), instanceId, studentId, yearId: year, classId, mppa };
}

const apiEnrollment = (row: NewEnrollment & { id: string }, name: string): ApiEnrollment => ({
  id: row.id,
  year_id: row.yearId,
  class_id: row.classId,
  className: name,
  mppa: fromCentimes(row.mppa ?? 0),
});

// --------------------------------------------------------------------------------- reads

// One page of the register (25 by default) with each student's enrolment of the year.
studentRoutes.get('/students-with-enrollment-status', allow.permission('student:read'), async (c) => {
  const query = readQuery(c, listQuery);
  const instanceId = requireSchool(c.get('account'));
  const db = database(c.env.DB);
  await requireYear(db, instanceId, query.yearId);
  const { total, rows } = await listStudentsPage(db, instanceId, query);
  return c.json({
    students: rows.map((r) =>
      apiStudent(
        r.student,
        r.enrollmentId && r.classId
          ? { id: r.enrollmentId, year_id: query.yearId, class_id: r.classId, className: r.className ?? '', mppa: fromCentimes(r.enrollmentMppa ?? 0) }
          : null,
      ),
    ),
    pagination: { page: query.page, totalPages: Math.max(1, Math.ceil(total / query.limit)), total, limit: query.limit },
  });
});

// The classes of the school in order with their MPPA for the year: the class filter, the
// enrolment choices and the MPPA pre-filled when enrolling (product decisions, "Money").
studentRoutes.get('/students/form-data', allow.permission('student:read'), async (c) => {
  const { yearId: year } = readQuery(c, z.object({ yearId }));
  const instanceId = requireSchool(c.get('account'));
  const db = database(c.env.DB);
  await requireYear(db, instanceId, year);
  const list = await classesWithFees(db, instanceId, year);
  return c.json({
    classes: list.map((k) => ({ id: k.id, name: k.name, mppa: k.mppa === null ? null : fromCentimes(k.mppa) })),
    unenrolledFilter: UNENROLLED_FILTER,
  });
});

const photoParams = z.object({ id, version: z.string().regex(/^[A-Za-z0-9-]{1,64}$/) });

// A student's photo, read from R2 under the caller's school (never public: minors' pictures).
studentRoutes.get('/students/:id/photo/:version', allow.permission('student:read'), async (c) => {
  const params = readParams(c, photoParams);
  const instanceId = requireSchool(c.get('account'));
  const object = await c.env.FILES.get(studentPhotoKey(instanceId, params.id, params.version));
  if (!object) throw notFound();
  return new Response(object.body, {
    headers: {
      'Content-Type': object.httpMetadata?.contentType ?? 'application/octet-stream',
      'Cache-Control': 'private, max-age=31536000, immutable',
    },
  });
});

// --------------------------------------------------------------------------- student writes

// Add a student (with an optional immediate enrolment). The id comes from the client, so a
// replayed create answers the student already stored instead of adding a second one. An id that
// another school already uses is never reported as such: the student simply gets a fresh id.
studentRoutes.post('/students', allow.permission('student:create'), async (c) => {
  const body = await readJson(c, createBody);
  const instanceId = requireSchool(c.get('account'));
  const db = database(c.env.DB);
  let studentId = body.id ?? crypto.randomUUID();

  const existing = await getStudentRow(db, instanceId, studentId);
  if (existing) {
    const year = body.enrollment?.year_id;
    const withYear = year ? await getStudentForYear(db, instanceId, studentId, year) : undefined;
    const enrollment =
      withYear?.enrollmentId && withYear.classId && year
        ? { id: withYear.enrollmentId, year_id: year, class_id: withYear.classId, className: withYear.className ?? '', mppa: fromCentimes(withYear.enrollmentMppa ?? 0) }
        : null;
    return c.json({ message: text.added, student: apiStudent(existing, enrollment) }, 200);
  }
  if (body.id && (await studentIdInUse(db, body.id))) studentId = crypto.randomUUID();

  if (body.enrollment && !mayHold(c, 'enrollment:create')) throw forbidden(text.enrolForbidden);
  await refuseTakenNisu(db, instanceId, body.nisu, studentId);
  let enrollment: { row: NewEnrollment & { id: string }; className: string } | null = null;
  if (body.enrollment) {
    await requireYear(db, instanceId, body.enrollment.year_id);
    const target = await requireClass(db, instanceId, body.enrollment.className, body.enrollment.year_id);
    const row = enrollmentRow(instanceId, studentId, body.enrollment.year_id, target.id, toCentimes(body.enrollment.mppa));
    enrollment = { row: row as NewEnrollment & { id: string }, className: target.name };
  }

  const photoKey = body.photo_url?.startsWith('data:') ? await storePhoto(c, instanceId, studentId, body.photo_url) : null;
  const row: NewStudent = { id: studentId, instanceId, ...studentValues(body), photoKey, status: 'active' };
  const stored = { ...row, revision: 0, createdAt: '', updatedAt: '' } as StudentRow;
  try {
    return await commit(c, [insertStudent(db, row), ...(enrollment ? insertEnrollments(db, [enrollment.row]) : [])], {
      audit: {
        action: 'CREATE_STUDENT',
        target: fullName(body),
        details: { student_id: studentId, nisu: body.nisu, className: enrollment?.className ?? null },
      },
      body: {
        message: text.added,
        student: apiStudent(stored, enrollment ? apiEnrollment(enrollment.row, enrollment.className) : null),
      },
      status: 201,
    });
  } catch (error) {
    dropFiles(c, [photoKey]);
    throw error;
  }
});

// Save the student form: the student's fields, the MPPA of their enrolment, or an enrolment
// made from the form when the student had none for the year. The save names the revision the
// form was opened at; if someone saved the student since, nothing is written (409).
studentRoutes.put('/students/:id', allow.permission('student:update'), async (c) => {
  const { id: studentId } = readParams(c, z.object({ id }));
  const body = await readJson(c, updateBody);
  const instanceId = requireSchool(c.get('account'));
  const db = database(c.env.DB);
  const current = await getStudentRow(db, instanceId, studentId);
  if (!current) throw notFound(text.studentNotFound);
  await refuseTakenNisu(db, instanceId, body.nisu, studentId);

  const statements = [];
  const changes: Record<string, unknown> = {};
  const changedMeanwhile = conflict(text.changedMeanwhile, 'changed');
  const guards: Guard[] = [{ holds: studentAtRevision(instanceId, studentId, body.revision), error: changedMeanwhile }];
  let enrollment: ApiEnrollment | null = null;

  if (body.enrollmentId && body.mppa !== null && body.mppa !== undefined) {
    const existing = await getEnrollment(db, instanceId, body.enrollmentId);
    if (!existing) throw notFound(text.enrollmentsNotFound);
    if (existing.studentId !== studentId) throw badRequest(text.enrollmentMismatch);
    const mppa = toCentimes(body.mppa);
    if (mppa !== existing.mppa) {
      if (!mayHold(c, 'enrollment:update_payment')) throw forbidden(text.mppaChangeForbidden);
      // The cashier may have changed it since it was read: the check is part of the write.
      guards.push({ holds: enrollmentMppaIs(instanceId, existing.id, existing.mppa), error: changedMeanwhile });
      statements.push(updateEnrollmentMppa(db, instanceId, existing.id, mppa));
      changes.mppa = { before: fromCentimes(existing.mppa), after: fromCentimes(mppa) };
    }
  } else if (body.enrollment) {
    if (!mayHold(c, 'enrollment:create')) throw forbidden(text.enrolForbidden);
    await requireYear(db, instanceId, body.enrollment.year_id);
    const already = await getStudentForYear(db, instanceId, studentId, body.enrollment.year_id);
    if (already?.enrollmentId) throw conflict(text.alreadyEnrolled(current.prenom));
    const target = await requireClass(db, instanceId, body.enrollment.className, body.enrollment.year_id);
    const row = enrollmentRow(instanceId, studentId, body.enrollment.year_id, target.id, toCentimes(body.enrollment.mppa));
    statements.push(...insertEnrollments(db, [row]));
    enrollment = apiEnrollment(row as NewEnrollment & { id: string }, target.name);
    changes.enrolled = target.name;
  }

  let photoKey = current.photoKey;
  if (body.photo_url === null || body.photo_url === '') photoKey = null;
  else if (body.photo_url?.startsWith('data:')) photoKey = await storePhoto(c, instanceId, studentId, body.photo_url);

  const values = { ...studentValues(body), photoKey, updatedAt: new Date().toISOString() };
  for (const [key, value] of Object.entries(studentValues(body))) {
    if (current[key as keyof StudentRow] !== value) changes[key] = key === 'medicalNotes' ? 'modifiées' : value;
  }
  if (photoKey !== current.photoKey) changes.photo = photoKey ? 'remplacée' : 'retirée';
  statements.unshift(updateStudent(db, instanceId, studentId, values));

  const updated = { ...current, ...values, revision: body.revision + 1 } as StudentRow;
  try {
    const response = await commit(c, statements, {
      audit: { action: 'UPDATE_STUDENT', target: fullName(body), details: { student_id: studentId, changes } },
      body: { message: text.updated, student: apiStudent(updated, enrollment) },
      guards,
    });
    if (photoKey !== current.photoKey) dropFiles(c, [current.photoKey]);
    return response;
  } catch (error) {
    if (photoKey !== current.photoKey) dropFiles(c, [photoKey]);
    throw error;
  }
});

// Delete students for good, with their enrolments, payments, adjustments, grades,
// appreciations, attendance and portal account (the foreign keys cascade), in one batch.
studentRoutes.post('/students/delete', allow.permission('student:delete'), async (c) => {
  const { ids } = await readJson(c, z.object({ ids: idList() }));
  const instanceId = requireSchool(c.get('account'));
  const db = database(c.env.DB);
  const found = await studentsByIds(db, instanceId, ids);
  if (found.length !== ids.length) throw notFound(text.studentsNotFound);
  const response = await commit(c, deleteStudents(db, instanceId, ids), {
    audit: {
      action: 'DELETE_STUDENTS',
      target: found.length === 1 ? fullName(found[0]!) : `${found.length} élèves`,
      details: { count: found.length, students: found.map((s) => ({ id: s.id, name: fullName(s) })) },
    },
    body: { message: text.deleted, deleted: found.length },
  });
  dropFiles(c, found.map((s) => s.photoKey));
  return response;
});

const statusBody = z.object({
  ids: idList(),
  status: z.enum(['active', 'archived'], { error: text.statusInvalid }),
});

// Archive or reactivate students (document 2 §4: admin account type only).
studentRoutes.post('/students/status', allow.types('admin'), async (c) => {
  const body = await readJson(c, statusBody);
  const instanceId = requireSchool(c.get('account'));
  const db = database(c.env.DB);
  const found = await studentsByIds(db, instanceId, body.ids);
  if (found.length !== body.ids.length) throw notFound(text.studentsNotFound);
  const archiving = body.status === 'archived';
  return commit(c, setStudentsStatus(db, instanceId, body.ids, body.status), {
    audit: {
      action: archiving ? 'ARCHIVE_STUDENTS' : 'REACTIVATE_STUDENTS',
      target: found.length === 1 ? fullName(found[0]!) : `${found.length} élèves`,
      details: { count: found.length, students: found.map((s) => ({ id: s.id, name: fullName(s) })) },
    },
    body: { message: archiving ? text.archived : text.reactivated, status: body.status, ids: body.ids },
  });
});

// ------------------------------------------------------------------------------ enrolments

const enrolBody = z.object({ student_id: id, year_id: yearId, className, mppa: amount.nullish() });

// Enrol one student in a class for a year; the MPPA defaults to the class fee of the year.
studentRoutes.post('/enrollments', allow.permission('enrollment:create'), async (c) => {
  const body = await readJson(c, enrolBody);
  const instanceId = requireSchool(c.get('account'));
  const db = database(c.env.DB);
  await requireYear(db, instanceId, body.year_id);
  const student = await getStudentForYear(db, instanceId, body.student_id, body.year_id);
  if (!student) throw notFound(text.studentNotFound);
  if (student.enrollmentId) throw conflict(text.alreadyEnrolled(student.student.prenom));
  const target = await requireClass(db, instanceId, body.className, body.year_id);
  const mppa = body.mppa === null || body.mppa === undefined ? (target.mppa ?? 0) : toCentimes(body.mppa);
  const row = enrollmentRow(instanceId, student.student.id, body.year_id, target.id, mppa) as NewEnrollment & { id: string };
  return commit(c, insertEnrollments(db, [row]), {
    audit: {
      action: 'CREATE_ENROLLMENT',
      target: fullName(student.student),
      details: { student_id: student.student.id, year_id: body.year_id, className: target.name, mppa: fromCentimes(mppa) },
    },
    body: { message: text.enrolled(student.student.prenom), enrollment: apiEnrollment(row, target.name) },
    status: 201,
  });
});

const bulkEnrolBody = z.object({ student_ids: idList(), year_id: yearId, className });

// Enrol a selection of unenrolled students in one class; each MPPA is the class fee of the year.
studentRoutes.post('/enrollments/bulk', allow.permission('enrollment:create'), async (c) => {
  const body = await readJson(c, bulkEnrolBody);
  const instanceId = requireSchool(c.get('account'));
  const db = database(c.env.DB);
  await requireYear(db, instanceId, body.year_id);
  const found = await studentsWithYearEnrollment(db, instanceId, body.student_ids, body.year_id);
  if (found.length !== body.student_ids.length) throw notFound(text.studentsNotFound);
  if (found.some((s) => s.enrollmentId)) throw conflict(text.someAlreadyEnrolled);
  const target = await requireClass(db, instanceId, body.className, body.year_id);
  const rows = found.map((s) => enrollmentRow(instanceId, s.id, body.year_id, target.id, target.mppa ?? 0) as NewEnrollment & { id: string });
  return commit(c, insertEnrollments(db, rows), {
    audit: {
      action: 'BULK_CREATE_ENROLLMENTS',
      target: target.name,
      details: { year_id: body.year_id, className: target.name, count: rows.length, students: found.map((s) => fullName(s)) },
    },
    body: {
      message: text.bulkEnrolled(rows.length),
      enrollments: rows.map((r) => ({ ...apiEnrollment(r, target.name), student_id: r.studentId })),
    },
    status: 201,
  });
});

const changeClassBody = z.object({ enrollmentIds: idList(), targetClassName: className });

// Move enrolled students to another class, chosen among the classes not in the selection.
studentRoutes.post('/enrollments/bulk-change-class', allow.permission('enrollment:update_class'), async (c) => {
  const body = await readJson(c, changeClassBody);
  const instanceId = requireSchool(c.get('account'));
  const db = database(c.env.DB);
  const found = await enrollmentsByIds(db, instanceId, body.enrollmentIds);
  if (found.length !== body.enrollmentIds.length) throw notFound(text.enrollmentsNotFound);
  const target = await requireClass(db, instanceId, body.targetClassName, found[0]!.yearId);
  if (changeClassTargets([target], found).length === 0) throw badRequest(text.targetRepresented);
  return commit(c, moveEnrollments(db, instanceId, body.enrollmentIds, target.id), {
    audit: {
      action: 'BULK_CHANGE_CLASS',
      target: target.name,
      details: {
        className: target.name,
        count: found.length,
        moves: found.map((e) => ({ enrollment_id: e.id, name: fullName(e), from: e.className })),
      },
    },
    body: { message: text.classesChanged, className: target.name, class_id: target.id, enrollmentIds: body.enrollmentIds },
  });
});
