// The activity log, 'Journal d'Activité' (issue 17; document 2 §2, §3, §5, §7): the school's log
// for its administration (filter by user, search, date range), the platform's view over every
// school (filter by school) and the superadmin's two deletes, themselves logged.
import { z } from 'zod';
import { deleteRangeProblem } from '../domain/audit';
import { id, optionalDay, pageQuery, pagination } from './common';
import { type Answer, area, del, get } from './endpoint';
import { auditServerText as t } from './texts/audit';

/** A day of a filter: 'YYYY-MM-DD' or nothing (an empty field is no filter). */
const dayFilter = optionalDay(t.dateInvalid).transform((v) => v ?? undefined);

const filters = {
  ...pageQuery(20),
  searchTerm: z.string().max(200).optional(),
  startDate: dayFilter,
  endDate: dayFilter,
  /**
   * The previous page's last row (its answer's `next`): the page is the rows after it, read from
   * there whatever the page's number (decision 331). `page` then only numbers it.
   */
  after: z.string().max(120).optional(),
  /** A past school year ('2024-2025') whose log was archived (decision 331): its rows, read from R2. */
  archive: z
    .string()
    .regex(/^\d{4}-\d{4}$/, t.archiveInvalid)
    .optional(),
};

/** The cursor of the page's last row, for the next page (`after`); null on the last page. */
const next = z.string().nullable();

/** A row as the log shows it (decision 200): names in place of the ids stored, keys in French. */
export const auditEntry = z.strictObject({
  id: z.string(),
  timestamp: z.string(),
  username: z.string(),
  /** The code stored ('SET_GRADE'). */
  action_type: z.string(),
  /** Its French label ('Note saisie'). */
  action_label: z.string(),
  target_name: z.string().nullable(),
  /** 'clé: valeur | ...' for the object stored, with names in place of ids; other text as stored. */
  details: z.string().nullable(),
});

/**
 * A row of the platform's view: a school's own (by_platform false), or the platform's, about a
 * school (creating, suspending it…) or about none (school_id null).
 */
export const platformAuditEntry = auditEntry.extend({
  school_id: z.string().nullable(),
  school_name: z.string().nullable(),
  by_platform: z.boolean(),
});

const deleteRange = z
  .object({
    startDate: optionalDay(t.dateInvalid),
    endDate: optionalDay(t.dateInvalid),
  })
  .superRefine((body, ctx) => {
    const problem = deleteRangeProblem(body.startDate, body.endDate);
    if (problem)
      ctx.addIssue({
        code: 'custom',
        message: { missing: t.datesRequired, invalid: t.dateInvalid, order: t.dateOrder }[problem],
      });
  })
  .transform((body) => ({ startDate: body.startDate!, endDate: body.endDate! }));

const deleted = z.strictObject({ message: z.string(), deleted: z.number() });

/** A past school year of a school's log, archived to R2. */
const archivedYear = z.strictObject({ year: z.string(), rows: z.number() });

export const auditApi = area('audit', {
  school: get(
    '/admin/audit-logs',
    "The school's activity log, newest first: by user, words and a range of days (both included).",
    {
      query: z.object({ ...filters, userId: id(t.userNotFound).optional() }),
      answers: { 200: z.strictObject({ logs: z.array(auditEntry), pagination, next }) },
    },
  ),
  platform: get(
    '/superadmin/audit-logs',
    "Every school's activity log and the platform's own, newest first; by school, words and a range of days.",
    {
      query: z.object({ ...filters, schoolId: id(t.schoolNotFound).optional() }),
      answers: { 200: z.strictObject({ logs: z.array(platformAuditEntry), pagination, next }) },
    },
  ),
  schoolArchives: get(
    '/admin/audit-logs/archives',
    "The school's past school years whose log was archived (decision 331), newest first, with their numbers of entries.",
    { answers: { 200: z.array(archivedYear) } },
  ),
  platformArchives: get(
    '/superadmin/audit-logs/archives',
    "A school's past school years whose log was archived, newest first, with their numbers of entries.",
    {
      query: z.object({ schoolId: id(t.schoolNotFound) }),
      answers: { 200: z.array(archivedYear) },
    },
  ),
  deleteByDate: del(
    '/superadmin/audit-logs/delete-by-date',
    'Deletes the log entries of a range of days, both days included, in every school and the platform; the deletion is logged.',
    {
      body: deleteRange,
      answers: { 200: deleted },
    },
  ),
  deleteBulk: del('/superadmin/audit-logs/delete-bulk', 'Deletes the chosen log entries; the deletion is logged.', {
    body: z.object({ ids: z.array(id(t.idsRequired), { error: t.idsRequired }).min(1, t.idsRequired).max(500) }),
    answers: { 200: deleted },
  }),
});

export type AuditEntry = z.output<typeof auditEntry>;
export type PlatformAuditEntry = z.output<typeof platformAuditEntry>;
export type SchoolAuditPage = Answer<typeof auditApi.school>;
export type PlatformAuditPage = Answer<typeof auditApi.platform>;
export type AuditDeleted = Answer<typeof auditApi.deleteBulk>;
export type ArchivedYears = Answer<typeof auditApi.schoolArchives>;
