// An endpoint of the API, written once: its method and path (Hono's syntax, under /api), what it
// reads (path parameters, query, JSON body: zod schemas with French messages) and what it answers.
// The route validates with it (`input` in lib/validate.ts), the web and the tests import its
// types (`import type` only in the web: zod stays out of the app's bundle), and the OpenAPI
// document is generated from the routes that use it (lib/openapi.ts).
import { z } from 'zod';
import { id } from './common';

export type Method = 'get' | 'post' | 'put' | 'delete';

export interface Endpoint {
  /** The area of the API (the document's tag), set by `area`. */
  tag: string;
  method: Method;
  path: `/${string}`;
  /** What the caller gets, in one sentence (the document's summary). */
  summary: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The answer of each success status; errors all have the shape of `apiError`. */
  answers: { 200?: z.ZodType; 201?: z.ZodType };
}

/** Declares the endpoints of an area, keeping their literal types (paths, schemas). */
export function area<const T extends Record<string, Omit<Endpoint, 'tag'>>>(tag: string, endpoints: T): { [K in keyof T]: T[K] & { tag: string } } {
  return Object.fromEntries(Object.entries(endpoints).map(([name, e]) => [name, { ...e, tag }])) as { [K in keyof T]: T[K] & { tag: string } };
}

type Out<S> = S extends z.ZodType ? z.output<S> : never;
type In<S> = S extends z.ZodType ? z.input<S> : never;

/** The JSON body a client sends (before the server's trimming and defaults). */
export type Body<E extends Endpoint> = In<E['body']>;
/** The query a client sends. */
export type Query<E extends Endpoint> = In<E['query']>;
/** The JSON of a success answer (any success status of the endpoint). */
export type Answer<E extends Endpoint> = { [S in keyof E['answers']]: Out<E['answers'][S]> }[keyof E['answers']];

/** Every error answer: a French message for the user and a machine code, sometimes more
 *  (`retryAfter` on 429, `maintenance` and `level` on 503). */
export const apiError = z.looseObject({ message: z.string(), code: z.string() });
export type ApiErrorBody = z.output<typeof apiError>;

/** The answer of most writes: the French notice the screen shows. */
export const message = z.strictObject({ message: z.string() });
export type Message = z.output<typeof message>;

/**
 * The four endpoints of a list the administration edits by id (classes, subjects, periods…):
 * the list, add (201: the saved item and its notice), change and delete (the notice).
 */
export function editableList<
  const P extends `/${string}`,
  I extends z.ZodObject,
  B extends z.ZodType,
  Q extends z.ZodType | undefined = undefined,
>(
  path: P,
  shapes: { item: I; body: B; listQuery?: Q },
  summaries: { list: string; create: string; update: string; remove: string },
) {
  const saved = shapes.item.extend({ message: z.string() });
  const byId = `${path}/:id` as const;
  const params = z.object({ id: id() });
  return {
    list: { method: 'get', path, summary: summaries.list, query: shapes.listQuery as Q, answers: { 200: z.array(shapes.item) } },
    create: { method: 'post', path, summary: summaries.create, body: shapes.body, answers: { 201: saved } },
    update: { method: 'put', path: byId, summary: summaries.update, params, body: shapes.body, answers: { 200: saved } },
    remove: { method: 'delete', path: byId, summary: summaries.remove, params, answers: { 200: message } },
  } as const;
}
