// zod on every input: body, query and params, read at the top of each handler.
// Unknown fields are dropped (zod objects strip them), never bound.
import type { Context } from 'hono';
import { z } from 'zod';
import { serverText } from '../../web/i18n/server';
import { badRequest } from './errors';

z.config(z.locales.fr());

export function parseOrThrow<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value);
  if (!result.success) throw badRequest(result.error.issues[0]?.message ?? serverText.invalidData);
  return result.data;
}

export async function readJson<T extends z.ZodType>(c: Context, schema: T): Promise<z.output<T>> {
  let raw: unknown;
  try {
    raw = await c.req.json();
  } catch {
    throw badRequest(serverText.invalidJson);
  }
  return parseOrThrow(schema, raw);
}

export const readQuery = <T extends z.ZodType>(c: Context, schema: T): z.output<T> => parseOrThrow(schema, c.req.query());

export const readParams = <T extends z.ZodType>(c: Context, schema: T): z.output<T> =>
  parseOrThrow(schema, c.req.param());
