// zod pieces shared by every route: ids, texts (always through the one normalization of
// worker/domain/text.ts), decimals typed in forms. A message given here is the field's own
// French message; without one, lib/validate.ts names the field in French.
import { z } from 'zod';
import { parseAmount } from '../domain/money';
import { cleanMultilineText, cleanText } from '../domain/text';

/** An id in a path, a query or a body: 1 to 100 characters (the lookup answers 404 when it names nothing). */
export const id = (message?: string) => z.string(message ? { error: message } : undefined).trim().min(1, message).max(100, message);

export const idParam = z.object({ id: id() });

/**
 * A required one-line text, normalized (NFC, no invisible characters, spaces joined, trimmed):
 * blank after normalization or longer than `max` answers `message` (or `tooLong` when given).
 */
export const text = (message: string, max = 100, tooLong = message) =>
  z.string({ error: message }).transform(cleanText).pipe(z.string().min(1, message).max(max, tooLong));

/** A name: a required one-line text of at most 100 characters. */
export const name = (message: string, max = 100) => text(message, max);

/** An optional one-line text: absent, null or blank after normalization is null. */
export const optionalText = (max: number, message?: string) =>
  z
    .string(message ? { error: message } : undefined)
    .nullish()
    .transform((v) => (v ? cleanText(v) : ''))
    .pipe(z.string().max(max, message))
    .transform((v) => v || null);

/** An optional multi-line text (line breaks kept): absent, null or blank is null. */
export const optionalMultilineText = (max: number, message?: string) =>
  z
    .string(message ? { error: message } : undefined)
    .nullish()
    .transform((v) => (v ? cleanMultilineText(v) : ''))
    .pipe(z.string().max(max, message))
    .transform((v) => v || null);

/**
 * A decimal from a JSON number or a form string, read as the forms read it (domain/money.ts
 * parseAmount: '12,5' or '1 234.56', at most two decimals), from 0 to `max`.
 */
export const decimal = (message: string, max = 1e9) =>
  z.union([z.number(), z.string()], { error: message }).transform((value, ctx) => {
    const centimes = typeof value === 'number' && !Number.isFinite(value) ? null : parseAmount(String(value));
    if (centimes === null || centimes < 0 || centimes > max * 100) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return centimes / 100;
  });

/** Like `decimal`, but empty ('' or null) means no amount. */
export const optionalDecimal = (message: string, max = 1e9) =>
  z.preprocess((v) => (v === undefined || (typeof v === 'string' && v.trim() === '') ? null : v), decimal(message, max).nullable());
