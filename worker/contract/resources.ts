// Resources (document 2 §2 'Gestion des Ressources', §3, §5, §7; issue 16): files and links a
// course gives its class. The administration (settings:manage_academic) manages every course's;
// a teacher their own courses'. Files travel as base64 in the JSON body and are kept in R2; they
// are served by /resources/{id}/file only to a session that may read them. Writes may be queued
// offline: a create names its own id.
import { z } from 'zod';
import { RESOURCE_MAX_BYTES, isWebUrl } from '../domain/resources';
import { yearQuery, id, idParams, text } from './common';
import { type Answer, area, type Body, del, get, idNotice, post, put } from './endpoint';
import { resourcesServerText as t } from './texts/resources';

export const resource = z.strictObject({
  id: z.string(),
  assignment_id: z.string(),
  resource_type: z.enum(['file', 'link']),
  title: z.string(),
  url: z.string().nullable(),
  file_name: z.string().nullable(),
  mime_type: z.string().nullable(),
  size: z.number().nullable(),
  /** Where the file is read (with the session), null for a link. */
  file_url: z.string().nullable(),
  created_at: z.string(),
  class_name: z.string(),
  subject_id: z.string(),
  subject_name: z.string(),
  teacher_prenom: z.string(),
  teacher_nom: z.string(),
});

const assignmentChoice = z.strictObject({
  id: z.string(),
  teacher_prenom: z.string(),
  teacher_nom: z.string(),
  subject_id: z.string(),
  subject_name: z.string(),
  class_name: z.string(),
});

/** The resource form (§5): a file needs its content on create (blank keeps the current one on edit), a link an http(s) URL. */
const form = {
  assignment_id: id(t.assignmentRequired),
  resource_type: z.enum(['file', 'link'], { error: t.typeInvalid }),
  title: text(t.titleRequired, 200, t.titleTooLong),
  url: z
    .string({ error: t.urlInvalid })
    .trim()
    .nullish()
    .transform((v) => v || null)
    .refine((v) => v === null || isWebUrl(v), t.urlInvalid),
  file_name: z
    .string({ error: t.fileNameInvalid })
    .max(300, t.fileNameInvalid)
    .nullish()
    .transform((v) => v || null),
  /** Declared by the client, never trusted: the stored type is sniffed from the bytes. */
  mime_type: z.string().max(200).nullish(),
  file_content: z
    .string({ error: t.fileUnreadable })
    .max(Math.ceil((RESOURCE_MAX_BYTES * 4) / 3) + 200, t.fileTooLarge(RESOURCE_MAX_BYTES / 1024 / 1024))
    .nullish()
    .transform((v) => v || null),
};

const linkNeedsUrl = (v: { resource_type: 'file' | 'link'; url: string | null }, ctx: z.RefinementCtx) => {
  if (v.resource_type === 'link' && !v.url) ctx.addIssue({ code: 'custom', message: t.urlInvalid, path: ['url'] });
};

const saved = z.strictObject({ resource, message: z.string() });

export const resourcesApi = area('resources', {
  adminList: get('/admin/resources', "The resources of a year's courses, newest first (settings:manage_academic).", {
    query: yearQuery,
    answers: { 200: z.array(resource) },
  }),
  teacherList: get(
    '/teacher/resources',
    "The signed-in teacher's courses of a year and their resources, newest first.",
    {
      query: yearQuery,
      answers: { 200: z.strictObject({ assignments: z.array(assignmentChoice), resources: z.array(resource) }) },
    },
  ),
  studentList: get(
    '/student/resources',
    "The resources of the student's class this year, newest first (an admin names the student).",
    {
      query: z.object({ studentId: id().optional() }),
      answers: { 200: z.array(resource) },
    },
  ),
  one: get(
    '/resources/:id',
    'One resource, for whoever may read it: the administration, the course teacher, a student of its class that year.',
    {
      params: idParams,
      answers: { 200: resource },
    },
  ),
  file: get(
    '/resources/:id/file',
    "A resource's file, for whoever may read the resource, with its sniffed type, nosniff and a sandboxing CSP.",
    {
      params: idParams,
      binary: 'file',
    },
  ),
  create: post(
    '/resources',
    'Adds a file (base64, size and type checked on the bytes) or an http(s) link to a course; may be queued offline (the client names the id: the same resource sent again answers the stored one with 200; an id held elsewhere is replaced by a fresh one).',
    {
      body: z.object({ id: id().optional(), ...form }).superRefine((v, ctx) => {
        linkNeedsUrl(v, ctx);
        if (v.resource_type === 'file' && !v.file_content)
          ctx.addIssue({ code: 'custom', message: t.fileRequired, path: ['file_content'] });
      }),
      answers: { 201: saved, 200: saved },
    },
  ),
  update: put(
    '/resources/:id',
    "Changes a resource's title and its file (blank keeps the current one) or URL; its course and type stay.",
    {
      params: idParams,
      body: z.object(form).superRefine(linkNeedsUrl),
      answers: { 200: saved },
    },
  ),
  remove: del('/resources/:id', 'Deletes a resource and its stored file.', idNotice),
});

export type Resource = z.output<typeof resource>;
export type ResourceChoice = z.output<typeof assignmentChoice>;
export type TeacherResources = Answer<typeof resourcesApi.teacherList>;
export type SavedResource = Answer<typeof resourcesApi.create>;
export type ResourceBody = Body<typeof resourcesApi.create>;
