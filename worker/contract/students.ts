// The student register (document 2 §2 'Gestion des Élèves', §4, §5, §7): the paginated list, the
// classes of the form, the photos, and the student form's writes, delete, archive. Amounts are
// decimals in the school's currency.
import { z } from 'zod';
import {
  birthDateProblem,
  isEmail,
  isValidNisu,
  medicalNotesValid,
  NISU_INPUT_MAX,
  normalizeNisu,
  normalizePhone,
  parseMedicalNotes,
  serializeMedicalNotes,
  STUDENT_LIMITS as L,
} from '../domain/students';
import { cleanMultilineText, cleanText } from '../domain/text';
import { STUDENT_PHOTO_MAX_BYTES } from '../files/images';
import { amount, id, name, optionalText, pageQuery, pagination, text } from './common';
import { type Answer, area, type Body, get, post, put } from './endpoint';
import { studentServerText as t } from './texts/students';

/** The most students a bulk action handles at once. */
export const MAX_BULK = 500;
export const STUDENT_PAGE_SIZE = 25;

export const studentId = id(t.idInvalid);
export const studentYearId = id(t.yearRequired);
export const studentClassName = name(t.classRequired);
export const mppa = amount(t.mppaRequired);

/** Up to MAX_BULK distinct ids of a selection. */
export const selection = () =>
  z
    .array(studentId, { error: t.selectionRequired })
    .min(1, t.selectionRequired)
    .max(MAX_BULK, t.selectionTooLarge(MAX_BULK))
    .transform((ids) => [...new Set(ids)]);

export const studentEnrollment = z.strictObject({
  id: z.string(),
  year_id: z.string(),
  class_id: z.string(),
  className: z.string(),
  mppa: z.number(),
});
export type StudentEnrollment = z.output<typeof studentEnrollment>;

export const student = z.strictObject({
  id: z.string(),
  nisu: z.string().nullable(),
  nom: z.string(),
  prenom: z.string(),
  sexe: z.enum(['M', 'F']).nullable(),
  date_of_birth: z.string().nullable(),
  birth_place: z.string().nullable(),
  address: z.string().nullable(),
  photo_url: z.string().nullable(),
  tutor_name: z.string().nullable(),
  tutor_phone: z.string().nullable(),
  tutor_email: z.string().nullable(),
  medical_notes: z.string().nullable(),
  status: z.enum(['active', 'archived']),
  /** The revision the form names when it saves (a save never overwrites a newer one). */
  revision: z.number(),
  enrollment: studentEnrollment.nullable(),
});
export type Student = z.output<typeof student>;

/** A student as a report card or the portal names them: id, names, NISU, date of birth. */
export const studentIdentity = student.pick({ id: true, nom: true, prenom: true, nisu: true, date_of_birth: true });

/** A student of a class's list (grade book, roll call), named by enrolment. */
export const enrolledStudent = z.strictObject({ enrollment_id: z.string(), nom: z.string(), prenom: z.string() });

/** The birth date's rule is the form's (domain/students.ts birthDateProblem). */
const BIRTH_DATE_MESSAGES = {
  required: t.birthDateRequired,
  invalid: t.birthDateInvalid,
  future: t.birthDateFuture,
  tooOld: t.birthDateTooOld,
} as const;

const fields = {
  nom: text(t.nomRequired, L.nom, t.nomTooLong),
  prenom: text(t.prenomRequired, L.prenom, t.prenomTooLong),
  sexe: z.enum(['M', 'F'], {
    error: (issue) =>
      issue.input === undefined || issue.input === null || issue.input === '' ? t.sexeRequired : t.sexeInvalid,
  }),
  date_of_birth: z
    .string({ error: t.birthDateRequired })
    .trim()
    .max(10, t.birthDateInvalid)
    .superRefine((value, ctx) => {
      const problem = birthDateProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: BIRTH_DATE_MESSAGES[problem] });
    }),
  /** Where the student was born (optional; the Ministry's class lists show it). */
  birth_place: optionalText(L.birthPlace, t.birthPlaceTooLong),
  address: text(t.addressRequired, L.address, t.addressTooLong),
  /** A data: URL replaces the photo, null or '' removes it, absent or the current URL keeps it. */
  photo_url: z
    .string({ error: t.photoType })
    .max(STUDENT_PHOTO_MAX_BYTES * 2, t.photoTooLarge)
    .nullish(),
  tutor_name: optionalText(L.tutorName, t.tutorNameTooLong),
  tutor_phone: optionalText(L.tutorPhone, t.phoneInvalid).transform((v, ctx) => {
    const phone = normalizePhone(v ?? '');
    if (phone === 'invalid') {
      ctx.addIssue({ code: 'custom', message: t.phoneInvalid });
      return z.NEVER;
    }
    return phone;
  }),
  tutor_email: optionalText(L.tutorEmail, t.emailInvalid).refine((v) => v === null || isEmail(v), t.emailInvalid),
  // Stored as the form's JSON ({blood_group, allergies, illnesses}); older formats are read and
  // stored back in it, each part normalized and held to the form's rules.
  medical_notes: z
    .string({ error: t.medicalNotesInvalid })
    .max(4000, t.medicalNotesTooLong)
    .nullish()
    .transform((v, ctx) => {
      const parsed = parseMedicalNotes(v);
      const notes = {
        blood_group: cleanText(parsed.blood_group),
        allergies: cleanMultilineText(parsed.allergies),
        illnesses: cleanMultilineText(parsed.illnesses),
      };
      if (!medicalNotesValid(notes)) {
        ctx.addIssue({ code: 'custom', message: t.medicalNotesInvalid });
        return z.NEVER;
      }
      return serializeMedicalNotes(notes);
    }),
  nisu: z
    .string({ error: t.nisuInvalid })
    .max(NISU_INPUT_MAX * 2, t.nisuInvalid)
    .nullish()
    .transform((v) => (v ? normalizeNisu(v) || null : null))
    .refine((v) => v === null || isValidNisu(v), t.nisuInvalid),
};

/** The student's own fields, as the server reads them. */
export type StudentFields = z.output<z.ZodObject<typeof fields>>;

/** The same rules on their own: a line of an imported register is held to the form's rules (issue 30). */
export const studentFieldsSchema = z.object(fields);

/** An enrolment made from the form. */
const enrolNow = z.object({ year_id: studentYearId, className: studentClassName, mppa }).nullish();

const saved = z.strictObject({ message: z.string(), student });

export const studentsApi = area('students', {
  list: get(
    '/students-with-enrollment-status',
    "One page of the register (25 by default) with each student's enrolment of the year.",
    {
      query: z.object({
        yearId: studentYearId,
        ...pageQuery(STUDENT_PAGE_SIZE),
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
      }),
      answers: { 200: z.strictObject({ students: z.array(student), pagination }) },
    },
  ),
  formData: get(
    '/students/form-data',
    "The school's classes in order with their MPPA for the year: the class filter, the enrolment choices and the MPPA pre-filled when enrolling.",
    {
      query: z.object({ yearId: studentYearId }),
      answers: {
        200: z.strictObject({
          classes: z.array(z.strictObject({ id: z.string(), name: z.string(), mppa: z.number().nullable() })),
          unenrolledFilter: z.string(),
        }),
      },
    },
  ),
  photo: get(
    '/students/:id/photo/:version',
    "A student's photo, under the caller's school only (never public: minors' pictures).",
    {
      params: z.object({ id: studentId, version: id() }),
      binary: 'image',
    },
  ),
  create: post(
    '/students',
    "Adds a student (with an optional immediate enrolment). A replayed create with the client's id answers the student already stored (200).",
    {
      body: z.object({ id: studentId.optional(), ...fields, enrollment: enrolNow }),
      answers: { 200: saved, 201: saved },
    },
  ),
  update: put(
    '/students/:id',
    'Saves the student form: the fields, the MPPA of the enrolment, or an enrolment made from the form; refused (409) when someone saved the student since the form opened. Answers the register row as saved (with the enrolment the form named), which the register puts in place of the old one.',
    {
      params: z.object({ id: studentId }),
      body: z.object({
        ...fields,
        enrollment: enrolNow,
        enrollmentId: studentId.nullish(),
        mppa: mppa.nullish(),
        /**
         * The student's revision when the form opened: a save never overwrites a newer one. The
         * screen always sends it; without it (document 2's shape) the save applies to the student
         * as they are now.
         */
        revision: z.number().int().min(0).optional(),
      }),
      answers: { 200: saved },
    },
  ),
  remove: post(
    '/students/delete',
    'Deletes students for good, with their enrolments, payments, grades, attendance and portal account, in one batch.',
    {
      body: z.object({ ids: selection() }),
      answers: { 200: z.strictObject({ message: z.string(), deleted: z.number() }) },
    },
  ),
  setStatus: post('/students/status', 'Archives or reactivates students (document 2 §4: admin account type only).', {
    body: z.object({ ids: selection(), status: z.enum(['active', 'archived'], { error: t.statusInvalid }) }),
    answers: {
      200: z.strictObject({ message: z.string(), status: z.enum(['active', 'archived']), ids: z.array(z.string()) }),
    },
  }),
});

export type StudentList = Answer<typeof studentsApi.list>;
export type StudentFormData = Answer<typeof studentsApi.formData>;
export type NewStudent = Body<typeof studentsApi.create>;
export type SavedStudent = Answer<typeof studentsApi.update>;
export type DeletedStudents = Answer<typeof studentsApi.remove>;
export type StudentsStatusChanged = Answer<typeof studentsApi.setStatus>;
