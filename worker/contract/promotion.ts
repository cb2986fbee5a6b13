// The promotion tool (administration tab; document 2 §2, §4, §7; product decision 'Promotion';
// decision 172): simulate (POST /promotions?preview=true), execute (POST /promotions), see and
// undo the latest run.
import { z } from 'zod';
import { id, ID_PATTERN } from './common';
import { type Answer, area, del, get, message, post } from './endpoint';
import { promotionServerText as t } from './texts/promotion';

const outcome = z.enum(['admitted', 'failed']);
/** What the grades say, or what applies: 'ungraded' ('Sans notes') is never decided by default (issue 38). */
const computed = z.enum(['admitted', 'failed', 'ungraded']);
const idKey = z.string().regex(ID_PATTERN);

const previewAnswer = z.strictObject({
  message: z.string(),
  source_year: z.strictObject({ id: z.string(), name: z.string() }),
  target_year: z.strictObject({ id: z.string(), name: z.string() }),
  passing_grade: z.number(),
  classes: z.array(
    z.strictObject({
      class_id: z.string(),
      class_name: z.string(),
      /** null: the class's admitted students graduate. */
      target: z.strictObject({ id: z.string(), name: z.string() }).nullable(),
      admitted: z.number(),
      failed: z.number(),
      /** Students without any grade and no outcome chosen: left out of the execution. */
      ungraded: z.number(),
      /** Students already enrolled in the target year: left as they are. */
      already_enrolled: z.number(),
      /** The averages' base (100 or 10), as on the class's report cards. */
      base: z.number(),
      students: z.array(
        z.strictObject({
          student_id: z.string(),
          nom: z.string(),
          prenom: z.string(),
          average: z.number().nullable(),
          computed,
          outcome: computed,
          already_enrolled: z.boolean(),
        }),
      ),
    }),
  ),
});

const latestRun = z.strictObject({
  id: z.string(),
  source_year: z.string(),
  target_year: z.string(),
  created_by: z.string(),
  created_at: z.string(),
  enrolled: z.number(),
  graduated: z.number(),
});

export const promotionApi = area('promotion', {
  run: post(
    '/promotions',
    "Simulates (?preview=true) or executes the promotion of a source year into the next year by name; overrides force a student's outcome.",
    {
      offline: 'never',
      query: z.object({ preview: z.enum(['true', 'false']).optional() }),
      body: z.object({
        sourceYearId: id(t.sourceRequired),
        promotionMap: z.record(idKey, idKey.nullable()).optional(),
        overrides: z.record(idKey, outcome).optional(),
      }),
      answers: { 200: z.union([previewAnswer, message]) },
    },
  ),
  latest: get('/promotions/latest', 'The latest promotion run that can still be undone, if any.', {
    answers: { 200: z.strictObject({ run: latestRun.nullable() }) },
  }),
  undo: del(
    '/promotions/latest',
    'Undoes the latest promotion run as one step, while its target year has no payments or grades for the enrolments it made.',
    { offline: 'never', answers: { 200: message } },
  ),
});

export type PromotionPreview = z.output<typeof previewAnswer>;
export type PromotionLatest = Answer<typeof promotionApi.latest>;
