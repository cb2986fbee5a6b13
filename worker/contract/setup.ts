// The setup wizard's one call (document 1 §2 "Setup wizard", §7): a school year with its periods,
// classes, subjects, curriculum and fees. Names are normalized; blank and duplicate names are
// reported by the plan (domain/setup.ts) with the spec's messages.
import { z } from 'zod';
import { cleanText } from '../domain/text';
import { MAX_GRADE_LIMIT } from '../domain/setup';
import { decimal, optionalAmount } from './common';
import { type Answer, area, type Body, post } from './endpoint';
import { adminServerText } from './texts/admin';

const t = adminServerText.setup;

/** A list item given as a string or as { name } (both shapes are accepted). */
const named = (message: string) =>
  z.union([z.string({ error: message }), z.object({ name: z.string({ error: message }) }).transform((o) => o.name)], {
    error: message,
  });

/** A name of the wizard, normalized; a blank one is reported by the plan. */
const wizardName = (message: string) =>
  z.string({ error: message }).transform(cleanText).pipe(z.string().max(100, message));

export const setupApi = area('setup', {
  newYear: post(
    '/setup/new-year',
    'Creates a school year and everything in it, in one batch; it becomes current when the school has none.',
    {
      body: z.object({
        yearName: z.string({ error: t.invalidYear }).max(20, t.invalidYear).transform(cleanText),
        periods: z
          .array(named(t.periodNames).pipe(wizardName(t.periodNames)))
          .max(20)
          .default([]),
        classes: z
          .array(
            z.union([
              wizardName(t.classNames).transform((name) => ({ name })),
              z.object({
                name: wizardName(t.classNames),
                order_index: z.number().int().min(0).max(10_000).optional(),
              }),
            ]),
          )
          .max(200)
          .default([]),
        subjects: z
          .array(named(t.subjectNames).pipe(wizardName(t.subjectNames)))
          .max(200, t.subjectNames)
          .default([]),
        curriculum: z
          .array(
            z.object({
              className: wizardName(t.classNames),
              subjectName: wizardName(t.subjectNames),
              maxGrade: decimal(adminServerText.curriculum.invalidMaxGrade, MAX_GRADE_LIMIT).optional(),
            }),
          )
          .max(10_000)
          .default([]),
        financials: z
          .array(
            z.object({ className: wizardName(t.classNames), mppa: optionalAmount(adminServerText.fees.invalidAmount) }),
          )
          .max(200)
          .default([]),
      }),
      answers: { 201: z.strictObject({ message: z.string(), yearId: z.string(), is_current: z.boolean() }) },
    },
  ),
});

export type NewYearSetup = Body<typeof setupApi.newYear>;
export type SetUpYear = Answer<typeof setupApi.newYear>;
