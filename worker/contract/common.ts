// The input pieces every area's contract is made of, defined once: ids, texts (always through the
// one normalization of worker/domain/text.ts), amounts typed in forms, pages. A message given
// here is the field's own French message; without one, lib/validate.ts names the field in French.
import { z } from 'zod';
import { isIsoDate, isIsoMonth } from '../domain/dates';
import { MAX_AMOUNT, parseAmount } from '../domain/money';
import { cleanMultilineText, cleanText } from '../domain/text';
import { adminServerText } from './texts/admin';
import { serverText } from './texts/server';

/** The shape of an id: UUIDs, the demo's readable ids ('demo-ecole-1'), clients' own ids. */
export const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** An id in a path, a query or a body (a lookup answers 404 when it names nothing). */
export const id = (message?: string) =>
  z
    .string(message ? { error: message } : undefined)
    .trim()
    .min(1, message)
    .regex(ID_PATTERN, message);

export const idParams = z.object({ id: id() });

/** The school year a call concerns, with its French message when it is missing. */
export const yearId = id(adminServerText.years.required);
/** The query of a call about one school year (`?yearId=`). */
export const yearQuery = z.object({ yearId });

/** The ids of records selected on a screen: from 1 to `max`, any wrong one answers `message`. */
export const idSelection = (message: string, max = 500) =>
  z.array(id(message), { error: message }).min(1, message).max(max, message);

/**
 * A required one-line text, normalized (NFC, no invisible characters, spaces joined, trimmed):
 * blank after normalization or longer than `max` answers `message` (or `tooLong` when given).
 */
export const text = (message: string, max = 100, tooLong = message) =>
  z.string({ error: message }).transform(cleanText).pipe(z.string().min(1, message).max(max, tooLong));

/** A name: a required one-line text of at most 100 characters. */
export const name = (message: string, max = 100) => text(message, max);

const optional = (clean: (v: string) => string) => (max: number, message?: string) =>
  z
    .string(message ? { error: message } : undefined)
    .nullish()
    .transform((v) => (v ? clean(v) : ''))
    .pipe(z.string().max(max, message))
    .transform((v) => v || null);

/** An optional one-line text: absent, null or blank after normalization is null. */
export const optionalText = optional(cleanText);

/** An optional multi-line text (line breaks kept): absent, null or blank is null. */
export const optionalMultilineText = optional(cleanMultilineText);

/** A 'YYYY-MM-DD' text that is a day of the calendar, or blank when `blank` allows it. */
const dayText = (message: string, blank: boolean) =>
  z
    .string({ error: message })
    .trim()
    .refine((v) => (blank && v === '') || isIsoDate(v), { message, abort: true })
    .meta({ format: 'date' });

/**
 * A day of the calendar written 'YYYY-MM-DD' (issue 38): the one schema of every date the API
 * reads, in a query or a body. An impossible day (2026-02-30, 2026-13-45, 0000-00-00) or any other
 * text answers `message`, and the checks chained after it (not in the future...) do not run.
 */
export const day = (message: string) => dayText(message, false);

/** `day` for a field that may be left empty: blank or null is null; absent stays absent. */
export const optionalDay = (message: string) =>
  dayText(message, true)
    .nullish()
    .transform((v) => (v === undefined ? undefined : v || null));

/** A month written 'YYYY-MM' (2026-13 answers `message`). */
export const month = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .refine(isIsoMonth, { message, abort: true })
    .meta({ pattern: '^\\d{4}-(0[1-9]|1[0-2])$' });

/**
 * A decimal from a JSON number or a form string, read as the forms read it (domain/money.ts
 * parseAmount: '12,5' or '1 234.56', at most two decimals), from 0 to `max`.
 */
export const decimal = (message: string, max: number) =>
  z.union([z.number(), z.string()], { error: message }).transform((value, ctx) => {
    const centimes = typeof value === 'number' && !Number.isFinite(value) ? null : parseAmount(String(value));
    if (centimes === null || centimes < 0 || centimes > max * 100) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return centimes / 100;
  });

/** An amount of money typed in a form: a decimal from 0 to the one ceiling, MAX_AMOUNT. */
export const amount = (message: string) => decimal(message, MAX_AMOUNT);

/** Like `amount`, but empty ('' or null) means no amount. */
export const optionalAmount = (message: string) =>
  z.preprocess(
    (v) => (v === undefined || (typeof v === 'string' && v.trim() === '') ? null : v),
    amount(message).nullable(),
  );

/** A line of a finance sheet, as the panel sends it: a JSON number of either sign, within MAX_AMOUNT. */
export const signedAmount = (invalid: string, tooLarge: string) =>
  z.number({ error: invalid }).min(-MAX_AMOUNT, tooLarge).max(MAX_AMOUNT, tooLarge);

/** The query of a paginated list: `page` from 1, `limit` from 1 to 100. */
export const pageQuery = (defaultLimit: number) => ({
  page: z.coerce
    .number({ error: serverText.pageInvalid })
    .int(serverText.pageInvalid)
    .min(1, serverText.pageInvalid)
    .max(1_000_000, serverText.pageInvalid)
    .default(1),
  limit: z.coerce
    .number({ error: serverText.limitInvalid })
    .int(serverText.limitInvalid)
    .min(1, serverText.limitInvalid)
    .max(100, serverText.limitInvalid)
    .default(defaultLimit),
});

/** Where a page stands in its list (lib/pagination.ts pageOf). */
export const pagination = z.strictObject({
  page: z.number(),
  totalPages: z.number(),
  total: z.number(),
  limit: z.number(),
});
export type Pagination = z.output<typeof pagination>;
