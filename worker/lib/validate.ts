// zod on every input: body, query and params, read before the handler runs
// (`input(endpoint)`).
// Unknown fields are dropped (zod objects strip them), never bound. A refused value answers 400
// with the field's own French message, or, where the schema gives none, a French sentence that
// names the field ('« Moyenne de passage » : un nombre est attendu.'), never zod's internals; a
// pupil's request is answered in its language ('« Modpas » : ou dwe ranpli chan sa a.', issue 42).
import type { Context, MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { apiError, type Endpoint } from '../contract/endpoint';
import type { AppBindings } from '../env';
import { badRequest } from './errors';
import { type ServerTexts, textsOf } from './language';

z.config(z.locales.fr());

type Said = ServerTexts['server'];

function fieldLabel(path: readonly PropertyKey[], t: Said): string | null {
  const keys = path.filter((p): p is string => typeof p === 'string');
  const key = keys[keys.length - 1];
  const label = key === undefined || !Object.hasOwn(t.fields, key) ? undefined : t.fields[key];
  if (!label) return null;
  const index = path.findLast((p): p is number => typeof p === 'number');
  return index === undefined ? label : t.fieldAt(label, index + 1);
}

type Issue = z.core.$ZodRawIssue;

function reason(issue: Issue, reasons: Said['reasons']): string {
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

/** The message of an issue whose schema gave none, in the answer's language. */
const issueMessage =
  (t: Said) =>
  (issue: Issue): string => {
    if ((issue.path ?? []).length === 0 && issue.code === 'invalid_type') return t.notJsonObject;
    const label = fieldLabel(issue.path ?? [], t);
    return label ? t.field(label, reason(issue, t.reasons)) : t.invalidData;
  };

function parseOrThrow<T extends z.ZodType>(schema: T, value: unknown, t: Said): z.output<T> {
  const result = schema.safeParse(value, { error: issueMessage(t) });
  if (!result.success) throw badRequest(result.error.issues[0]?.message ?? t.invalidData);
  return result.data;
}

async function jsonBody(c: Context, t: Said): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    throw badRequest(t.invalidJson);
  }
}

type Part<S, Target extends string, Side extends 'in' | 'out'> = S extends z.ZodType
  ? { [K in Target]: Side extends 'in' ? z.input<S> : z.output<S> }
  : Record<never, never>;
type Side<E extends Endpoint, S extends 'in' | 'out'> = Part<E['params'], 'param', S> &
  Part<E['query'], 'query', S> &
  Part<E['body'], 'json', S>;
/** What `c.req.valid('param' | 'query' | 'json')` answers after `input(endpoint)`. */
export type InputOf<E extends Endpoint> = { in: Side<E, 'in'>; out: Side<E, 'out'> };

export const ENDPOINT = Symbol('endpoint');
export type InputMiddleware<E extends Endpoint> = MiddlewareHandler<AppBindings, string, InputOf<E>> & {
  [ENDPOINT]: E;
};

/**
 * The input of a route, checked against its endpoint (parameters, then query, then body; the
 * first problem answers 400 with its French message) and handed to the handler typed, through
 * `c.req.valid(...)`. In development and in the tests, the answer is checked against the
 * endpoint too: an answer off the contract becomes a 500 that says what differs.
 */
export function input<const E extends Endpoint>(endpoint: E): InputMiddleware<E> {
  const middleware: MiddlewareHandler<AppBindings> = async (c, next) => {
    const t = textsOf(c).server;
    // Hono keeps each part as parsed (its type comes from InputOf).
    if (endpoint.params) c.req.addValidatedData('param', parseOrThrow(endpoint.params, c.req.param(), t) as object);
    if (endpoint.query) c.req.addValidatedData('query', parseOrThrow(endpoint.query, c.req.query(), t) as object);
    if (endpoint.body) c.req.addValidatedData('json', parseOrThrow(endpoint.body, await jsonBody(c, t), t) as object);
    await next();
    if (import.meta.env.DEV) await checkAnswer(c, endpoint);
  };
  return Object.assign(middleware, { [ENDPOINT]: endpoint }) as InputMiddleware<E>;
}

async function checkAnswer(c: Context, endpoint: Endpoint) {
  const { res } = c;
  if (!res.headers.get('Content-Type')?.startsWith('application/json')) return;
  const schema = res.ok ? endpoint.answers?.[res.status as 200 | 201] : apiError;
  const result = schema?.safeParse(await res.clone().json());
  if (result?.success) return;
  const problem = result ? z.prettifyError(result.error) : `status ${res.status} is not one of the contract's`;
  c.res = new Response(
    JSON.stringify({
      message: `${endpoint.method.toUpperCase()} ${endpoint.path} answered off its contract: ${problem}`,
      code: 'contract',
    }),
    { status: 500, headers: { 'Content-Type': 'application/json; charset=utf-8' } },
  );
}
