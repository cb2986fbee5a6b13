// The platform's console, /superadmin (issue 17; document 1 §2, §3 'Instance'; product decisions
// 'Platform (superadmin)'): the schools with their counts, creating one with its first admin
// (temporary password shown once), editing, the access end date (set or extended), suspension;
// the delegates (superadmin only); the announcements to school admins.
import { z } from 'zod';
import { isUsername } from '../domain/users';
import { CURRENCIES } from '../domain/money';
import { isHostname, normalizeHostname } from '../domain/platform';
import { announcement } from './announcements';
import { day, idParams, optionalMultilineText, pageQuery, pagination, text } from './common';
import { type Answer, area, type Body, del, get, idNotice, message, post, put } from './endpoint';
import { adminServerText } from './texts/admin';
import { platformServerText as t } from './texts/platform';

const hostname = z
  .string({ error: t.hostnameInvalid })
  .max(253, t.hostnameInvalid)
  .transform(normalizeHostname)
  .refine(isHostname, t.hostnameInvalid);
const currency = z.enum(CURRENCIES, { error: t.currencyInvalid });
const username = text(adminServerText.users.usernameRequired, 200, adminServerText.users.usernameInvalid).refine(
  isUsername,
  adminServerText.users.usernameInvalid,
);

/** The school's hostnames, its main one first (the same one twice counts once). */
const hostnames = (min: number) =>
  z
    .array(hostname, { error: t.hostnameRequired })
    .min(min, t.hostnameRequired)
    .max(5, t.tooManyHostnames)
    .transform((list) => [...new Set(list)]);

const schoolFields = {
  name: text(t.schoolNameRequired, 200),
  currency: currency.default('Gdes'),
};

export const platformSchool = z.strictObject({
  id: z.string(),
  name: z.string(),
  /** The main hostname first; none for a default school that only answers other addresses. */
  hostnames: z.array(z.string()),
  is_default: z.boolean(),
  currency,
  status: z.enum(['active', 'suspended']),
  expires_at: z.string().nullable(),
  created_at: z.string(),
  /** Accounts of staff and teachers. */
  users: z.number(),
  /** Students not archived. */
  students: z.number(),
});

const credentials = { username: z.string(), tempPassword: z.string() };

export const schoolDatabase = z.strictObject({
  /** Its binding (SCHOOL_DB_1…). */
  name: z.string(),
  schools: z.number(),
});

export const delegate = z.strictObject({
  id: z.string(),
  username: z.string(),
  status: z.enum(['temporary_password', 'active', 'disabled']),
  created_at: z.string(),
});

export const superadminApi = area('superadmin', {
  schools: get(
    '/superadmin/schools',
    'Every school with its hostname, state, access end date and its numbers of accounts and students.',
    {
      answers: { 200: z.array(platformSchool) },
    },
  ),
  schoolsPage: get(
    '/superadmin/school-list',
    'One page of the schools, by name, whose name or hostnames hold every word of the search; with their counts (the console at 10,000 schools).',
    {
      query: z.object({ ...pageQuery(20), search: z.string().max(200).optional() }),
      answers: { 200: z.strictObject({ schools: z.array(platformSchool), pagination }) },
    },
  ),
  createSchool: post(
    '/superadmin/schools',
    'Creates a school on its hostname with its first admin account; the temporary password is shown once.',
    {
      body: z.object({ ...schoolFields, hostnames: hostnames(1), adminUsername: username.default('admin') }),
      answers: { 201: z.strictObject({ id: z.string(), message: z.string(), admin: z.strictObject(credentials) }) },
    },
  ),
  updateSchool: put(
    '/superadmin/schools/:id',
    'Renames a school, changes its hostnames (none: only for the default school) or its currency.',
    {
      params: idParams,
      body: z.object({ ...schoolFields, hostnames: hostnames(0) }),
      answers: { 200: message },
    },
  ),
  setExpiry: put('/superadmin/schools/:id/expiry', "Sets the last day of a school's access (included), or none.", {
    params: idParams,
    body: z.object({
      date: day(t.expiryInvalid).nullable(),
    }),
    answers: { 200: z.strictObject({ message: z.string(), expires_at: z.string().nullable() }) },
  }),
  extendExpiry: post(
    '/superadmin/schools/:id/extend',
    "Extends a school's access by some months: from its end if it has not passed, otherwise from today.",
    {
      params: idParams,
      body: z.object({
        months: z
          .number({ error: t.monthsInvalid })
          .int(t.monthsInvalid)
          .min(1, t.monthsInvalid)
          .max(36, t.monthsInvalid),
      }),
      answers: { 200: z.strictObject({ message: z.string(), expires_at: z.string() }) },
    },
  ),
  setStatus: put(
    '/superadmin/schools/:id/status',
    'Suspends a school (its users are refused, nothing is deleted) or reactivates it.',
    {
      params: idParams,
      body: z.object({ status: z.enum(['active', 'suspended']) }),
      answers: { 200: message },
    },
  ),
  deleteSchool: del(
    '/superadmin/schools/:id',
    'Deletes a school that holds no data (nothing but its accounts, roles and log: a school created by mistake, or the target of a failed restore), with the restore left under way in it; a school with data is refused.',
    idNotice,
  ),
  databases: get(
    '/superadmin/databases',
    'The school databases of the platform, with how many schools each holds (where a restored school may go).',
    { answers: { 200: z.array(schoolDatabase) } },
  ),
  rehearseMove: post(
    '/superadmin/schools/:id/move',
    "Local portal only (a localhost address): moves a school to another school database inside the running portal, as `npm run move-school` does; the scale bench's rehearsal under traffic (two local runtimes cannot share the databases' files). 404 anywhere else.",
    {
      params: idParams,
      body: z.object({
        base: z.string({ error: t.baseRequired }).min(1, t.baseRequired).max(64, t.baseRequired),
        /** The wait between the switch and the deletion of the old rows (default: the host cache's lifetime and 5 s). */
        waitMs: z
          .number({ error: t.waitInvalid })
          .int(t.waitInvalid)
          .min(0, t.waitInvalid)
          .max(120_000, t.waitInvalid)
          .optional(),
      }),
      answers: {
        200: z.strictObject({
          outcome: z.enum(['already', 'moved', 'finished']),
          seconds: z.number(),
          retries: z.number(),
          rows: z.record(z.string(), z.number()),
        }),
      },
    },
  ),
  delegates: get('/superadmin/delegates', 'The platform delegates (superadmin only).', {
    answers: { 200: z.array(delegate) },
  }),
  createDelegate: post('/superadmin/delegates', 'Creates a delegate account; the temporary password is shown once.', {
    body: z.object({ username }),
    answers: { 201: z.strictObject({ id: z.string(), message: z.string(), ...credentials }) },
  }),
  deleteDelegate: del('/superadmin/delegates/:id', 'Deletes a delegate account; its sessions end at once.', idNotice),
  announcements: get(
    '/superadmin/announcements',
    'The announcements to school admins, newest first (the latest shows in their banner).',
    {
      answers: { 200: z.array(announcement) },
    },
  ),
  announce: post('/superadmin/announcements', 'Publishes an announcement to the admins of every school.', {
    body: z.object({
      title: text(t.titleRequired, 200),
      content: optionalMultilineText(2000).pipe(z.string({ error: t.contentRequired })),
    }),
    answers: { 201: announcement.extend({ message: z.string() }) },
  }),
  deleteAnnouncement: del('/superadmin/announcements/:id', 'Deletes an announcement.', idNotice),
});

export type PlatformSchool = z.output<typeof platformSchool>;
export type SchoolsPage = Answer<typeof superadminApi.schoolsPage>;
export type MoveRehearsed = Answer<typeof superadminApi.rehearseMove>;
export type NewSchool = Body<typeof superadminApi.createSchool>;
export type CreatedSchool = Answer<typeof superadminApi.createSchool>;
export type ExpirySaved = Answer<typeof superadminApi.setExpiry>;
export type Delegate = z.output<typeof delegate>;
export type CreatedDelegate = Answer<typeof superadminApi.createDelegate>;
export type PlatformAnnouncement = z.output<typeof announcement>;
export type SavedAnnouncement = Answer<typeof superadminApi.announce>;
export type SchoolDatabase = z.output<typeof schoolDatabase>;
