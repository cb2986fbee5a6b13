// zod on every input: body, query and params, read at the top of each handler.
// Unknown fields are dropped (zod objects strip them), never bound. A refused value answers 400
// with the field's own French message, or, where the schema gives none, a French sentence that
// names the field ('« Moyenne de passage » : un nombre est attendu.'), never zod's internals.
import type { Context } from 'hono';
import { z } from 'zod';
import { serverText } from '../../web/i18n/server';
import { badRequest } from './errors';

z.config(z.locales.fr());

const reasons = serverText.reasons;

function fieldLabel(path: readonly PropertyKey[]): string | null {
  const keys = path.filter((p): p is string => typeof p === 'string');
  const key = keys[keys.length - 1];
  const label = key === undefined ? undefined : serverText.fields[key];
  if (!label) return null;
  const index = path.findLast((p): p is number => typeof p === 'number');
  return index === undefined ? label : serverText.fieldAt(label, index + 1);
}

type Issue = z.core.$ZodRawIssue;

function reason(issue: Issue): string {
  const origin = 'origin' in issue ? String(issue.origin) : '';
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined || issue.input === null) return reasons.required;
      const expected = String(issue.expected);
      if (expected === 'string') return reasons.text;
      if (expected === 'number' || expected === 'int') return reasons.number;
      if (expected === 'boolean') return reasons.boolean;
      if (expected === 'array') return reasons.list;
      if (expected === 'object') return reasons.object;
      return reasons.invalid;
    }
    case 'too_small': {
      const n = Number(issue.minimum);
      if (origin === 'string') return n <= 1 ? reasons.required : reasons.tooShort(n);
      if (origin === 'array' || origin === 'set') return reasons.tooFew(n);
      return reasons.tooSmall(n);
    }
    case 'too_big': {
      const n = Number(issue.maximum);
      if (origin === 'string') return reasons.tooLong(n);
      if (origin === 'array' || origin === 'set') return reasons.tooMany(n);
      return reasons.tooBig(n);
    }
    case 'invalid_format':
      return issue.format === 'email' ? reasons.email : reasons.format;
    case 'invalid_value':
      return reasons.choice;
    case 'not_multiple_of':
      return reasons.integer;
    default:
      return reasons.invalid;
  }
}

/** The French message of an issue whose schema gave none. */
function frenchIssue(issue: Issue): string {
  if ((issue.path ?? []).length === 0 && issue.code === 'invalid_type') return serverText.notJsonObject;
  const label = fieldLabel(issue.path ?? []);
  return label ? serverText.field(label, reason(issue)) : serverText.invalidData;
}

export function parseOrThrow<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value, { error: frenchIssue });
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
