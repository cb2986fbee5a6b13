// Announcements of the administration (document 1 §2 'Communications', §3, §5, §7): to teachers
// (named recipients, select-all on screen) and to students (target classes; none = all), each with
// a history and multi-delete; the student's own (product decisions 'Student portal').
import { z } from 'zod';
import { cleanMultilineText } from '../domain/text';
import { idSelection } from './common';
import { type Answer, area, del, deletedNotice, get, post } from './endpoint';
import { communicationsServerText as t } from './texts/communications';

export const ANNOUNCEMENT_MAX = 2000;

const content = (required: string) =>
  z
    .string({ error: required })
    .transform(cleanMultilineText)
    .pipe(z.string().min(1, required).max(ANNOUNCEMENT_MAX, t.announcementTooLong));

/** What a delete of selected announcements reads and answers. */
const removal = {
  body: z.object({ announcementIds: idSelection(t.announcementsRequired) }),
  answers: { 200: deletedNotice },
};

const created = z.strictObject({ id: z.string(), message: z.string() });

/** An announcement of the school's administration, as its reader (a teacher, a student) gets it. */
export const schoolAnnouncement = z.strictObject({ id: z.string(), content: z.string(), created_at: z.string() });

/** Document 1 §3 'Teacher announcement'. */
export const teacherAnnouncementItem = schoolAnnouncement.extend({
  recipients: z.array(z.strictObject({ teacher_id: z.string(), prenom: z.string(), nom: z.string() })),
});

/** Document 1 §3 'Student announcement' (an empty target list means every class). */
export const studentAnnouncementItem = schoolAnnouncement.extend({ target_class_names: z.array(z.string()) });

export const communicationsApi = area('communications', {
  teacherList: get(
    '/admin/teacher-announcements',
    'The announcements to teachers with their recipients, newest first.',
    {
      answers: { 200: z.array(teacherAnnouncementItem) },
    },
  ),
  teacherCreate: post('/admin/teacher-announcements', 'Sends an announcement to the chosen teachers.', {
    body: z.object({
      content: content(t.teacherAnnouncementInvalid),
      teacher_ids: idSelection(t.teacherAnnouncementInvalid),
    }),
    answers: { 201: created },
  }),
  teacherRemove: del(
    '/admin/teacher-announcements',
    'Deletes the selected announcements to teachers; one of another school, or already deleted, answers 404 and nothing is deleted.',
    removal,
  ),
  studentList: get(
    '/admin/student-announcements',
    'The announcements to students with their target classes (empty: every class), newest first.',
    {
      answers: { 200: z.array(studentAnnouncementItem) },
    },
  ),
  studentCreate: post(
    '/admin/student-announcements',
    'Sends an announcement to the students of the target classes (an empty list: every class).',
    {
      body: z.object({
        content: content(t.studentAnnouncementInvalid),
        target_class_names: z
          .array(z.string().trim().min(1, t.classesNotFound).max(100, t.classesNotFound))
          .max(200)
          .default([]),
      }),
      answers: { 201: created },
    },
  ),
  studentRemove: del(
    '/admin/student-announcements',
    'Deletes the selected announcements to students; one of another school, or already deleted, answers 404 and nothing is deleted.',
    removal,
  ),
  studentOwn: get(
    '/student/announcements',
    "The announcements for the signed-in student's class of the current year and for every class, newest first (at most 50).",
    {
      answers: { 200: z.array(schoolAnnouncement) },
    },
  ),
});

export type TeacherAnnouncementItem = z.output<typeof teacherAnnouncementItem>;
export type StudentAnnouncementItem = z.output<typeof studentAnnouncementItem>;
export type StudentAnnouncement = Answer<typeof communicationsApi.studentOwn>[number];
export type CreatedAnnouncement = Answer<typeof communicationsApi.teacherCreate>;
export type AnnouncementsDeleted = Answer<typeof communicationsApi.teacherRemove>;
