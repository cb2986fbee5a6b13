// Teachers management (issue 13; product decisions 'Teachers management and student accounts'):
// the school's teachers with their account and courses of a year, adding one (its account made
// with a temporary password shown once), editing, removing, resetting the account's password,
// and giving or taking courses of the year's programme.
import { z } from 'zod';
import { type TeacherProfileProblem, teacherProfile } from '../domain/teachers';
import { isUsername } from '../domain/users';
import { yearId, yearQuery, id, idParams, text } from './common';
import { teacherCourse } from './teacher';
import { type Answer, area, type Body, del, get, idNotice, post, put } from './endpoint';
import { adminServerText } from './texts/admin';
import { teachersServerText as t } from './texts/teachers';

const PROBLEMS: Record<`${TeacherProfileProblem['field']}.${TeacherProfileProblem['problem']}`, string> = {
  'prenom.required': t.prenomRequired,
  'prenom.tooLong': t.prenomTooLong,
  'prenom.invalid': t.prenomRequired,
  'nom.required': t.nomRequired,
  'nom.tooLong': t.nomTooLong,
  'nom.invalid': t.nomRequired,
  'phone.required': t.phoneInvalid,
  'phone.tooLong': t.phoneInvalid,
  'phone.invalid': t.phoneInvalid,
  'email.required': t.emailInvalid,
  'email.tooLong': t.emailTooLong,
  'email.invalid': t.emailInvalid,
};

/** The profile form, checked by the one rule the form uses too (domain/teachers.ts teacherProfile). */
const profileFields = {
  prenom: z.string({ error: t.prenomRequired }),
  nom: z.string({ error: t.nomRequired }),
  phone: z.string({ error: t.phoneInvalid }).nullish(),
  email: z.string({ error: t.emailInvalid }).nullish(),
};

const checkedProfile = <T extends z.infer<z.ZodObject<typeof profileFields>>>(value: T, ctx: z.RefinementCtx) => {
  const result = teacherProfile(value);
  if (result.ok) return { ...value, ...result.profile };
  ctx.addIssue({ code: 'custom', message: PROBLEMS[`${result.field}.${result.problem}`], path: [result.field] });
  return z.NEVER;
};

const users = adminServerText.users;

/** A course the teacher has (a subject of a class), with the assignment's id. */
export const teacherAssignment = z.strictObject({ id: z.string(), ...teacherCourse.shape });

export const schoolTeacher = z.strictObject({
  id: z.string(),
  prenom: z.string(),
  nom: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  user_id: z.string().nullable(),
  username: z.string().nullable(),
  /** null: no account (its user was deleted in user management). */
  account_status: z.enum(['active', 'temporary_password', 'disabled']).nullable(),
  assignments: z.array(teacherAssignment),
});

/** A course of the year's programme, with its teacher when it has one (the 'Cours' dialog). */
export const programmeCourse = teacherCourse.extend({
  assignment_id: z.string().nullable(),
  teacher_id: z.string().nullable(),
  teacher_prenom: z.string().nullable(),
  teacher_nom: z.string().nullable(),
});

/** A teacher as the add and edit forms get them back (their courses are the list's). */
const teacherRow = schoolTeacher.omit({ assignments: true });

const savedAssignment = z.strictObject({ assignment: teacherAssignment, message: z.string() });

const temporaryAccount = { username: z.string(), tempPassword: z.string(), message: z.string() };

export const teachersApi = area('teachers', {
  list: get(
    '/teachers',
    "The school's teachers (archived ones left out) by name, with their account and their courses of the year (the current year when none is named: document 1 calls it without parameters).",
    {
      query: z.object({ yearId: yearId.optional() }),
      answers: { 200: z.array(schoolTeacher) },
    },
  ),
  fullAssignments: get('/full-assignments', "The year's assignments with their teacher, by class order then subject.", {
    query: yearQuery,
    answers: {
      200: z.array(
        z.strictObject({
          id: z.string(),
          teacher_id: z.string(),
          teacher_prenom: z.string(),
          teacher_nom: z.string(),
          subject_id: z.string(),
          subject_name: z.string(),
          class_name: z.string(),
        }),
      ),
    },
  }),
  programme: get(
    '/teachers/courses',
    "Every course of the year's programme, by class order then subject, with the teacher who has it.",
    {
      query: yearQuery,
      answers: { 200: z.array(programmeCourse) },
    },
  ),
  create: post(
    '/teachers',
    'Adds a teacher and their account, with a temporary password shown once (the username is made from the names when none is given).',
    {
      body: z
        .object({
          ...profileFields,
          username: z
            .string({ error: users.usernameInvalid })
            .trim()
            .max(200, users.usernameInvalid)
            .refine((v) => v === '' || isUsername(v), users.usernameInvalid)
            .optional(),
        })
        .transform(checkedProfile),
      answers: { 201: z.strictObject({ teacher: teacherRow, ...temporaryAccount }) },
    },
  ),
  update: put('/teachers/:id', "Changes a teacher's profile.", {
    params: idParams,
    body: z.object(profileFields).transform(checkedProfile),
    answers: { 200: z.strictObject({ teacher: teacherRow, message: z.string() }) },
  }),
  remove: del(
    '/teachers/:id',
    'Removes a teacher: refused while they have courses in the current year (or a later one); archived when they taught in past years only; deleted otherwise.',
    idNotice,
  ),
  createAccount: post(
    '/teachers/:id/account',
    'Gives a teacher without an account (removed in user management, or never made) an account, with a temporary password shown once.',
    {
      params: idParams,
      answers: { 201: z.strictObject({ teacher: teacherRow, ...temporaryAccount }) },
    },
  ),
  resetPassword: put(
    '/teachers/:id/reset-password',
    "Gives the teacher's account a new temporary password, shown once; its sessions end.",
    {
      params: idParams,
      answers: { 200: z.strictObject(temporaryAccount) },
    },
  ),
  assign: post('/assignments', 'Gives a teacher a course (a subject of a class) of the year, from its programme.', {
    body: z.object({
      yearId,
      teacher_id: id(t.notFound),
      className: text(t.courseRequired),
      subject_id: id(t.courseRequired),
    }),
    /** 200: the teacher had the course already; nothing was written. */
    answers: { 200: savedAssignment, 201: savedAssignment },
  }),
  handOver: put(
    '/assignments/:id',
    'Gives a course to another active teacher of the school, with its lessons, roll calls, resources and grades; refused when the new teacher already teaches at one of its times.',
    {
      params: idParams,
      body: z.object({ teacher_id: id(t.handOverTeacherRequired) }),
      answers: {
        200: z.strictObject({ assignment: teacherAssignment, teacher_id: z.string(), message: z.string() }),
      },
    },
  ),
  unassign: del(
    '/assignments/:id',
    'Takes a course from its teacher, with its timetable entries; refused once it has roll calls or resources.',
    idNotice,
  ),
});

export type SchoolTeacher = z.output<typeof schoolTeacher>;
export type ProgrammeCourse = z.output<typeof programmeCourse>;
export type TeacherInput = Body<typeof teachersApi.create>;
export type AddedTeacher = Answer<typeof teachersApi.create>;
export type SavedTeacher = Answer<typeof teachersApi.update>;
export type TeacherPasswordReset = Answer<typeof teachersApi.resetPassword>;
export type NewAssignment = Body<typeof teachersApi.assign>;
export type SavedAssignment = Answer<typeof teachersApi.assign>;
export type HandOver = Body<typeof teachersApi.handOver>;
export type HandedOver = Answer<typeof teachersApi.handOver>;
export type FullAssignment = Answer<typeof teachersApi.fullAssignments>[number];
