// Enrolments from the register (document 2 §2, §4, §7): one student, a selection, or a class
// change; the MPPA defaults to the class fee of the year.
import { z } from 'zod';
import { type Answer, area, type Body, post } from './endpoint';
import { mppa, selection, studentClassName, studentEnrollment, studentId, studentYearId } from './students';

export const enrollmentsApi = area('enrollments', {
  enrol: post(
    '/enrollments',
    'Enrols one student in a class for a year; the MPPA defaults to the class fee of the year.',
    {
      body: z.object({
        student_id: studentId,
        year_id: studentYearId,
        className: studentClassName,
        mppa: mppa.nullish(),
      }),
      answers: { 201: z.strictObject({ message: z.string(), enrollment: studentEnrollment }) },
    },
  ),
  enrolMany: post(
    '/enrollments/bulk',
    'Enrols a selection of unenrolled students in one class; each MPPA is the class fee of the year.',
    {
      body: z.object({ student_ids: selection(), year_id: studentYearId, className: studentClassName }),
      answers: {
        201: z.strictObject({
          message: z.string(),
          enrollments: z.array(studentEnrollment.extend({ student_id: z.string() })),
        }),
      },
    },
  ),
  changeClass: post(
    '/enrollments/bulk-change-class',
    'Moves enrolled students to another class, chosen among the classes not in the selection.',
    {
      body: z.object({ enrollmentIds: selection(), targetClassName: studentClassName }),
      answers: {
        200: z.strictObject({
          message: z.string(),
          className: z.string(),
          class_id: z.string(),
          enrollmentIds: z.array(z.string()),
        }),
      },
    },
  ),
});

export type NewEnrollment = Body<typeof enrollmentsApi.enrol>;
export type Enrolled = Answer<typeof enrollmentsApi.enrol>;
export type EnrolledMany = Answer<typeof enrollmentsApi.enrolMany>;
export type ClassChanged = Answer<typeof enrollmentsApi.changeClass>;
