// Teacher rules shared by the worker and the teachers management screen (product decisions
// 'Teachers and timetable', 'Teachers management and student accounts'; document 2 §3
// 'Assignment'): the profile, the account's username, removal, assignments of courses and their
// hand-over to another teacher. Pure functions, no I/O.
import { isEmail, normalizePhone } from './students';
import { cleanText } from './text';
import { type Clash, findClash, type PlacedEntry } from './timetable';
import { uniqueUsername, usernameFromNames } from './usernames';

// ----------------------------------------------------------------------------------- Profile

/** The longest values of the profile form (its maxLength), refused by the server beyond. */
export const TEACHER_LIMITS = { prenom: 100, nom: 100, phone: 40, email: 200 } as const;

export interface TeacherProfileInput {
  prenom: string;
  nom: string;
  phone?: string | null | undefined;
  email?: string | null | undefined;
}

export interface TeacherProfile {
  prenom: string;
  nom: string;
  /** The stored form of the phone rule ('+509 3712 3456'), null when none. */
  phone: string | null;
  email: string | null;
}

export type TeacherField = keyof TeacherProfile;
export type TeacherProfileProblem = { field: TeacherField; problem: 'required' | 'tooLong' | 'invalid' };

/**
 * The profile as stored, or the first problem in the form's order: prénom and nom required
 * (after the one text normalization) and at most 100 characters; the phone optional, by the phone
 * rule of the students' tutor (Haiti by default, at most 15 digits); the e-mail optional, by the
 * same e-mail rule, at most 200 characters.
 */
export function teacherProfile(
  input: TeacherProfileInput,
): { ok: true; profile: TeacherProfile } | ({ ok: false } & TeacherProfileProblem) {
  const prenom = cleanText(input.prenom);
  const nom = cleanText(input.nom);
  const phoneText = cleanText(input.phone ?? '');
  const email = cleanText(input.email ?? '');
  const fail = (field: TeacherField, problem: TeacherProfileProblem['problem']) => ({
    ok: false as const,
    field,
    problem,
  });
  if (!prenom) return fail('prenom', 'required');
  if (prenom.length > TEACHER_LIMITS.prenom) return fail('prenom', 'tooLong');
  if (!nom) return fail('nom', 'required');
  if (nom.length > TEACHER_LIMITS.nom) return fail('nom', 'tooLong');
  if (phoneText.length > TEACHER_LIMITS.phone) return fail('phone', 'tooLong');
  const phone = normalizePhone(phoneText);
  if (phone === 'invalid') return fail('phone', 'invalid');
  if (email.length > TEACHER_LIMITS.email) return fail('email', 'tooLong');
  if (email && !isEmail(email)) return fail('email', 'invalid');
  return { ok: true, profile: { prenom, nom, phone, email: email || null } };
}

/** 'Prénom Nom', the way lists and messages name a teacher. */
export const teacherName = (t: { prenom: string; nom: string }): string => `${t.prenom} ${t.nom}`;

// ---------------------------------------------------------------------------------- Account

/** What a teacher's username starts with: 'prenom.nom' in plain letters ('prof' without letters). */
export const teacherUsernameBase = (profile: { prenom: string; nom: string }): string =>
  usernameFromNames(profile.prenom, profile.nom, 'prof');

/**
 * The username offered for a new teacher's account: the base, with a number when the school (or
 * the platform) already has it: 'marie-claude.etienne', then 'marie-claude.etienne2'. `taken`
 * holds the usernames that start with the base (the server reads only those).
 */
export const teacherUsername = (profile: { prenom: string; nom: string }, taken: Iterable<string>): string =>
  uniqueUsername(teacherUsernameBase(profile), taken);

// ---------------------------------------------------------------------------------- Removal

export type RemovalDecision =
  /** Assignments in the current year or a later one: refused (product decision). */
  | { action: 'refuse'; assignments: number }
  /** Assignments in past years only: their timetable, roll calls and resources stay as history. */
  | { action: 'archive' }
  /** Never assigned: the profile goes. */
  | { action: 'delete' };

/**
 * What removing a teacher does, from the year names ('2025-2026') of their assignments and the
 * school's current year: refused while they teach in the current year, or in a year prepared
 * after it; archived (out of the lists, account disabled, history kept) when they taught only in
 * past years; deleted otherwise. Without a current year every assignment counts.
 */
export function removalDecision(
  assignmentYearNames: readonly string[],
  currentYearName: string | null,
): RemovalDecision {
  const blocking = assignmentYearNames.filter((name) => currentYearName === null || name >= currentYearName).length;
  if (blocking > 0) return { action: 'refuse', assignments: blocking };
  return assignmentYearNames.length > 0 ? { action: 'archive' } : { action: 'delete' };
}

// ------------------------------------------------------------------------------ Assignments

/** A course: a subject taught in a class, for one school year. */
export interface Course {
  classId: string;
  subjectId: string;
}

export interface Assignment extends Course {
  id: string;
  teacherId: string;
}

export type AssignmentProblem<A extends Assignment> =
  /** The subject is not in the class's curriculum for the year. */
  | { problem: 'notInCurriculum' }
  /** Another teacher has the course: one teacher per (year, class, subject). */
  | { problem: 'taken'; assignment: A }
  /** This teacher has it already: nothing to do. */
  | { problem: 'already'; assignment: A };

const sameCourse = (a: Course, b: Course) => a.classId === b.classId && a.subjectId === b.subjectId;

/**
 * Whether a teacher can be given a course of a year, from the year's curriculum and the year's
 * assignments: null when they can.
 */
export function assignmentProblem<A extends Assignment>(
  teacherId: string,
  course: Course,
  curriculum: readonly Course[],
  assignments: readonly A[],
): AssignmentProblem<A> | null {
  if (!curriculum.some((c) => sameCourse(c, course))) return { problem: 'notInCurriculum' };
  const holder = assignments.find((a) => sameCourse(a, course));
  if (!holder) return null;
  return holder.teacherId === teacherId
    ? { problem: 'already', assignment: holder }
    : { problem: 'taken', assignment: holder };
}

export type CourseChoice<C extends Course, A extends Assignment> = C &
  ({ state: 'mine'; assignment: A } | { state: 'free' } | { state: 'taken'; assignment: A });

/**
 * The courses of the year's curriculum as the assignment form offers them to one teacher, in the
 * curriculum's order: already theirs, free, or taken by another teacher (who is named).
 */
export function courseChoices<C extends Course, A extends Assignment>(
  teacherId: string,
  curriculum: readonly C[],
  assignments: readonly A[],
): CourseChoice<C, A>[] {
  return curriculum.map((course) => {
    const holder = assignments.find((a) => sameCourse(a, course));
    if (!holder) return { ...course, state: 'free' as const };
    return {
      ...course,
      state: holder.teacherId === teacherId ? ('mine' as const) : ('taken' as const),
      assignment: holder,
    };
  });
}

/**
 * Whether a course can be taken from its teacher by deleting the assignment: refused once a roll
 * call or a resource belongs to it (deleting would erase them with its timetable entries); the
 * course is then handed over to another teacher instead. Timetable entries alone go with it.
 */
export const canUnassign = (recorded: { attendanceMarks: number; resources: number }): boolean =>
  recorded.attendanceMarks === 0 && recorded.resources === 0;

/**
 * The clash a hand-over would make: the course's timetable entries given to the new teacher,
 * checked against the rest of the year's entries. Null when the new teacher is free at every
 * one of the course's times; otherwise the course's entry and the entry it clashes with.
 */
export function handOverClash<T extends PlacedEntry>(
  courseEntries: readonly T[],
  yearEntries: readonly T[],
  newTeacherId: string,
): { moved: T; clash: Clash<T> } | null {
  const courseIds = new Set(courseEntries.map((e) => e.id));
  const others = yearEntries.filter((e) => !courseIds.has(e.id));
  for (const moved of courseEntries) {
    const clash = findClash({ ...moved, teacherId: newTeacherId }, others);
    if (clash) return { moved, clash };
  }
  return null;
}
