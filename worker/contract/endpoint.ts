// An endpoint of the API, written once: its method and path (Hono's syntax, under /api), what it
// reads (path parameters, query, JSON body: zod schemas with French messages) and what it answers.
// The route validates with it (`input` in lib/validate.ts), the web and the tests import its
// types (`import type` only in the web: zod stays out of the app's bundle), and the OpenAPI
// document is generated from the routes that use it (lib/openapi.ts).
import { z } from 'zod';
import { id, idParams } from './common';

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
  answers?: { 200?: z.ZodType; 201?: z.ZodType };
  /** Instead of JSON, the endpoint answers a stored file of this kind. */
  binary?: 'image' | 'file';
  /**
   * A write's offline behaviour (decision 351), read by the web from the generated
   * web/api/endpoints.ts: absent, the service worker queues it offline and replays it later;
   * 'never', it happens now or not at all (signing in, passwords, a promotion, a restore...: a
   * queued copy would say 'done' for a change not made); 'draft', the page keeps it itself until
   * it lands (the grade book's drafts), so the service worker never queues it either.
   */
  offline?: Offline;
}

/** A write's offline behaviour other than queued (see `Endpoint.offline`). */
export type Offline = 'never' | 'draft';

/** What an endpoint reads and answers, besides its method, path and summary. */
type Shapes = Omit<Endpoint, 'tag' | 'method' | 'path' | 'summary'>;

const endpoint =
  <const M extends Method>(method: M) =>
  <const P extends `/${string}`, const S extends Shapes>(path: P, summary: string, shapes: S) => ({
    method,
    path,
    summary,
    ...shapes,
  });

/** An endpoint, written as Hono routes are: method, path (under /api), then what it does and reads. */
export const get = endpoint('get');
export const post = endpoint('post');
export const put = endpoint('put');
export const del = endpoint('delete');

/** Declares the endpoints of an area, keeping their literal types (paths, schemas). */
export function area<const T extends Record<string, Omit<Endpoint, 'tag'>>>(
  tag: string,
  endpoints: T,
): { [K in keyof T]: T[K] & { tag: string } } {
  return Object.fromEntries(Object.entries(endpoints).map(([name, e]) => [name, { ...e, tag }])) as {
    [K in keyof T]: T[K] & { tag: string };
  };
}

type Out<S> = S extends z.ZodType ? z.output<S> : never;
type In<S> = S extends z.ZodType ? z.input<S> : never;

/** The JSON body a client sends (before the server's trimming and defaults). */
export type Body<E extends Endpoint> = In<E['body']>;
/** The query a client sends. */
export type Query<E extends Endpoint> = In<E['query']>;
/** The JSON of a success answer (any success status of the endpoint). */
export type Answer<E extends Endpoint> = {
  [S in keyof NonNullable<E['answers']>]: Out<NonNullable<E['answers']>[S]>;
}[keyof NonNullable<E['answers']>];

/** Every error answer: a French message for the user and a machine code, sometimes more
 *  (`retryAfter` on 429, `maintenance` and `level` on 503). */
export const apiError = z.looseObject({ message: z.string(), code: z.string() });
export type ApiErrorBody = z.output<typeof apiError>;

/** The answer of most writes: the French notice the screen shows. */
export const message = z.strictObject({ message: z.string() });
export type Message = z.output<typeof message>;

/** The answer of a delete of selected records: the notice and how many went (all those named: one unknown answers 404). */
export const deletedNotice = z.strictObject({ message: z.string(), deleted: z.number().int() });

/** What an action on the record its path names reads and answers (a delete, a reset…): its id, and the notice. */
export const idNotice = { params: idParams, answers: { 200: message } };

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
  const params = z.object({ id: id() });
  const byId = `${path}/:id` as `${P}/:id` & `/${string}`;
  return {
    list: get(path, summaries.list, { query: shapes.listQuery as Q, answers: { 200: z.array(shapes.item) } }),
    create: post(path, summaries.create, { body: shapes.body, answers: { 201: saved } }),
    update: put(byId, summaries.update, { params, body: shapes.body, answers: { 200: saved } }),
    remove: del(byId, summaries.remove, { params, answers: { 200: message } }),
  };
}
