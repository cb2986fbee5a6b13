// zod pieces shared by the administration routes: ids, names, decimals typed in forms.
import { z } from 'zod';

/** An id in a path or a body: a non-empty string (the lookup answers 404 when it names nothing). */
export const id = (message?: string) => z.string(message ? { error: message } : undefined).trim().min(1, message).max(100);

export const idParam = z.object({ id: id() });

/** A trimmed name; blank, absent or too long answers `message`. */
export const name = (message: string, max = 100) =>
  z.string({ error: message }).trim().min(1, message).max(max, message);

/** A decimal from a JSON number or a form string ('12,5' accepted), at least 0. */
export const decimal = (message: string, max = 1e9) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v.trim().replace(',', '.')) : v),
    z.number({ error: message }).min(0, message).max(max, message),
  );

/** Like `decimal`, but empty ('' or null) means no amount. */
export const optionalDecimal = (message: string, max = 1e9) =>
  z.preprocess((v) => (v === '' || v === undefined ? null : v), decimal(message, max).nullable());
