// The school itself: its public name and logo for the sign-in page, the information of the
// general tab (document 1 §2 "General" tab, §7), the logo file.
import { z } from 'zod';
import { isPassingGrade, isSchoolPhone, SCHOOL_LIMITS } from '../domain/school';
import { isEmail } from '../domain/students';
import { CURRENCIES } from '../domain/money';
import { LOGO_MAX_BYTES } from '../files/images';
import { optionalText, text } from './common';
import { type Answer, area, get, message, put } from './endpoint';
import { serverText } from './texts/server';

const t = serverText.instance;
const currency = z.enum(CURRENCIES);

export const schoolInfo = z.strictObject({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  passing_grade: z.number(),
  currency,
  logo_url: z.string().nullable(),
  expires_at: z.string().nullable(),
});
export type SchoolInfo = z.output<typeof schoolInfo>;

export const instanceApi = area('instance', {
  publicInfo: get(
    '/instance/default',
    "The school this address serves: its name and logo for the sign-in page, and whether its users may sign in now ('open'), or not: 'suspended', or 'expired' past its grace period.",
    {
      answers: {
        200: z.strictObject({
          id: z.string(),
          name: z.string(),
          logo_url: z.string().nullable(),
          access: z.enum(['open', 'suspended', 'expired']),
        }),
      },
    },
  ),
  current: get('/instance/current', "The signed-in user's school information.", {
    answers: { 200: schoolInfo },
  }),
  logo: get('/instance/logo/:version', 'The school logo (a version the Worker did not make names nothing: 404).', {
    params: z.object({ version: z.string() }),
    binary: 'image',
  }),
  update: put(
    '/instance/current',
    'Saves the school information of the general tab and its logo; refused (409) if someone else changed the logo meanwhile.',
    {
      body: z.object({
        name: text(t.nameRequired, SCHOOL_LIMITS.name, t.nameTooLong),
        email: optionalText(SCHOOL_LIMITS.email, t.invalidEmail).refine(
          (v) => v === null || isEmail(v),
          t.invalidEmail,
        ),
        address: optionalText(SCHOOL_LIMITS.address, t.addressTooLong),
        phone: optionalText(SCHOOL_LIMITS.phone, t.invalidPhone).refine(
          (v) => v === null || isSchoolPhone(v),
          t.invalidPhone,
        ),
        // A number from the form's number field; digits typed as text (older clients) are read too.
        passing_grade: z
          .union(
            [
              z.number(),
              z
                .string()
                .regex(/^\s*\d{1,3}\s*$/)
                .transform(Number),
            ],
            { error: t.invalidPassingGrade },
          )
          .refine(isPassingGrade, t.invalidPassingGrade),
        currency: z.enum(CURRENCIES, { error: t.invalidCurrency }),
        /** A data: URL to replace the logo, null or '' to remove it, absent or an /api URL to keep it. */
        logo_url: z
          .string({ error: t.logoType })
          .max(LOGO_MAX_BYTES * 2, t.logoTooLarge)
          .nullish(),
      }),
      answers: { 200: message },
    },
  ),
});

export type PublicSchool = Answer<typeof instanceApi.publicInfo>;
