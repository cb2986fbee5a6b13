// Families (issue 43, decision 360): the school's side (a pupil's guardians, created or linked by
// their +509 phone with a one-time code shown once; a code given again; a link ended; the school's
// list) and the guardian's (their children in every school).
import { z } from 'zod';
import { id, idParams, text } from './common';
import { type Answer, area, del, get, post, put } from './endpoint';
import { studentPortalApi } from './student-portal';
import { ALERT_KINDS } from '../domain/guardians';
import { guardianServerText as g, guardiansServerText as t } from './texts/guardians';

const status = z.enum(['temporary_password', 'active', 'disabled']);
/** One link of a pupil to a guardian, as the school sees it. */
const link = z.strictObject({
  id: z.string(),
  guardian_id: z.string(),
  student_id: z.string(),
  phone: z.string(),
  name: z.string(),
  created_at: z.string(),
  /** The guardian's account: a code not used yet (temporary_password), in use, or disabled. */
  account_status: status,
});
/** A slip's content: the code is shown once (a secret: never stored for a replay). */
const slip = z.strictObject({ link, tempPassword: z.string().nullable(), message: z.string() });

/** One child of the guardian, in one school. */
const child = z.strictObject({
  school_id: z.string(),
  school_name: z.string(),
  student_id: z.string(),
  nom: z.string(),
  prenom: z.string(),
  class_name: z.string().nullable(),
});

/** A child: the school and the pupil (404 unless the guardian is linked to them). */
export const childParams = z.object({ schoolId: id(), studentId: id() });

const money = z.number();
/** One child's page: class, balance and instalments, payments, absences and lateness, announcements. */
const childPage = z.strictObject({
  school_id: z.string(),
  school_name: z.string(),
  currency: z.enum(['Gdes', '$HT', 'US', 'EU']),
  student_id: z.string(),
  nom: z.string(),
  prenom: z.string(),
  class_name: z.string().nullable(),
  year_name: z.string().nullable(),
  /** The pupil's grades access: the guardian sees grades and the report card exactly when the pupil does. */
  grades_open: z.boolean(),
  finance: z
    .strictObject({
      adjusted: money,
      paid: money,
      balance: money,
      /** The instalments still (partly) unpaid, in order (decision 361). */
      instalments: z.array(z.strictObject({ name: z.string(), due_date: z.string(), amount: money, left: money })),
      payments: z.array(
        z.strictObject({
          id: z.string(),
          date: z.string().nullable(),
          label: z.string(),
          amount: money,
          receipt_no: z.number().nullable(),
          balance_after: money,
        }),
      ),
    })
    .nullable(),
  /** The school days of the last 31 with an absence, a lateness or a justified absence, newest first. */
  days: z.array(z.strictObject({ date: z.string(), status: z.enum(['absent', 'late', 'justified']) })),
  announcements: z.array(z.strictObject({ id: z.string(), content: z.string(), created_at: z.string() })),
});

const alertKinds = z.array(z.enum(ALERT_KINDS)).max(ALERT_KINDS.length);
/** A browser's PushSubscription (its toJSON()): the push service's URL and the keys that encrypt for it. */
const pushSubscription = z.object({
  endpoint: z.url({ error: g.subscriptionInvalid }).max(1000, g.subscriptionInvalid),
  keys: z.object({
    p256dh: z.string().regex(/^[\w-]{80,100}$/, g.subscriptionInvalid),
    auth: z.string().regex(/^[\w-]{16,32}$/, g.subscriptionInvalid),
  }),
});

export const guardiansApi = area('guardians', {
  ofStudent: get(
    '/students/:id/guardians',
    "A pupil's guardians, with their account's state, and the guardian the pupil's sheet names (to fill the form).",
    {
      params: idParams,
      answers: {
        200: z.strictObject({
          nom: z.string(),
          prenom: z.string(),
          tutor_name: z.string().nullable(),
          tutor_phone: z.string().nullable(),
          links: z.array(link),
        }),
      },
    },
  ),
  link: post(
    '/students/:id/guardians',
    'Links a guardian to the pupil by their +509 phone: a new account with a one-time code (shown once) when the phone has none, else the existing account (no code).',
    {
      offline: 'never',
      params: idParams,
      body: z.object({
        phone: z.string({ error: t.phoneInvalid }).max(40, t.phoneInvalid),
        name: text(t.nameRequired),
      }),
      answers: { 201: slip },
    },
  ),
  linkClass: post(
    '/classes/:className/guardians',
    'Makes or links, for every pupil of a class in a year, the guardian their sheet names (name and +509 phone): one slip per new account (its code shown once); the pupils without a valid phone, or already linked to it, are listed apart.',
    {
      offline: 'never',
      params: z.object({ className: z.string().trim().min(1, t.classRequired).max(100) }),
      body: z.object({ yearId: id() }),
      answers: {
        200: z.strictObject({
          slips: z.array(z.strictObject({ pupil: z.string(), link, tempPassword: z.string().nullable() })),
          skipped: z.array(z.strictObject({ pupil: z.string(), reason: z.enum(['no_phone', 'linked', 'refused']) })),
          message: z.string(),
        }),
      },
    },
  ),
  newCode: put(
    '/guardian-links/:id/code',
    "Gives the linked guardian's account a new one-time code (its password and sessions end): the slip to print again.",
    { offline: 'never', params: idParams, answers: { 200: slip } },
  ),
  end: del('/guardian-links/:id', 'Ends a link: the guardian no longer sees the pupil.', {
    params: idParams,
    answers: { 200: z.strictObject({ message: z.string() }) },
  }),
  list: get(
    '/guardians',
    "The school's guardian links, each with the pupil, their class this year and the account's state.",
    {
      answers: {
        200: z.array(link.extend({ nom: z.string(), prenom: z.string(), class_name: z.string().nullable() })),
      },
    },
  ),
  child: get(
    '/guardian/children/:schoolId/:studentId',
    "One child's page for their guardian: class and school, balance and instalments due, payments with receipt numbers, absences and lateness of the last 31 days, the announcements to the class or school.",
    { params: childParams, answers: { 200: childPage } },
  ),
  childGrades: get(
    '/guardian/children/:schoolId/:studentId/grades',
    "A child's grades of a period and report card, when the pupil's grades access is open (403 grades_locked otherwise).",
    {
      params: childParams,
      query: z.object({ periodId: id().optional() }),
      answers: { 200: studentPortalApi.grades.answers[200] },
    },
  ),
  childTimetable: get('/guardian/children/:schoolId/:studentId/timetable', "A child's week (the class timetable).", {
    params: childParams,
    answers: { 200: studentPortalApi.timetable.answers[200] },
  }),
  alerts: get(
    '/guardian/alerts',
    "The guardian's alerts: the kinds chosen, how many phones receive them, and the VAPID public key a phone subscribes with (null: this platform sends no alerts).",
    {
      answers: {
        200: z.strictObject({ public_key: z.string().nullable(), alerts: alertKinds, phones: z.number() }),
      },
    },
  ),
  chooseAlerts: put(
    '/guardian/alerts',
    'Chooses which alerts the guardian takes (absence or lateness, payment, instalment due, report card, announcement).',
    {
      offline: 'never',
      body: z.object({ alerts: alertKinds }),
      answers: { 200: z.strictObject({ alerts: alertKinds, message: z.string() }) },
    },
  ),
  subscribe: post(
    '/guardian/push-subscriptions',
    "Subscribes one of the guardian's phones to the alerts (the browser's PushSubscription); a guardian may have several.",
    { offline: 'never', body: pushSubscription, answers: { 201: z.strictObject({ message: z.string() }) } },
  ),
  unsubscribe: post('/guardian/push-subscriptions/remove', 'This phone no longer receives the alerts.', {
    offline: 'never',
    body: z.object({ endpoint: z.string().max(1000) }),
    answers: { 200: z.strictObject({ message: z.string() }) },
  }),
  children: get(
    '/guardian/children',
    "The signed-in guardian's children in every school, with their class this year.",
    {
      answers: { 200: z.array(child) },
    },
  ),
});

export type PupilGuardians = Answer<typeof guardiansApi.ofStudent>;
export type GuardianLink = PupilGuardians['links'][number];
export type GuardianSlip = Answer<typeof guardiansApi.link>;
export type SchoolGuardianRow = Answer<typeof guardiansApi.list>[number];
export type GuardianChild = Answer<typeof guardiansApi.children>[number];
export type ChildPage = Answer<typeof guardiansApi.child>;
export type ClassGuardians = Answer<typeof guardiansApi.linkClass>;
export type GuardianAlerts = Answer<typeof guardiansApi.alerts>;
export type AlertsChosen = Answer<typeof guardiansApi.chooseAlerts>;
