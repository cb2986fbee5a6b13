// An endpoint as the web names it: its method and path, typed by the contract's declaration
// (web/api/endpoints.ts is generated from worker/contract/). A call gives the endpoint's path
// parameters, query and body, each typed from the contract, and gets the contract's answer: a
// renamed field or route is a type error in the screen that still uses the old one.
import type { z } from 'zod';
import type { Answer, Body, Endpoint, Query } from '../../worker/contract/endpoint';

export interface Route<E extends Endpoint> {
  readonly method: E['method'];
  readonly path: E['path'];
  /** The write's offline behaviour, as the contract declares it (absent: queued offline). */
  readonly offline?: E['offline'];
  /** Never set: carries the contract's endpoint for the type checker. */
  readonly endpoint?: E;
}

/**
 * Used by the generated map only: an area's endpoints as a table of `name: [method, path]`, each
 * literal checked by tsc against the contract's declaration of that name.
 */
export function routes<A extends Record<string, Endpoint>>(table: {
  [K in keyof A]: A[K] extends { offline: infer O }
    ? readonly [A[K]['method'], A[K]['path'], O]
    : readonly [A[K]['method'], A[K]['path']];
}): { -readonly [K in keyof A]: Route<A[K]> } {
  return Object.fromEntries(
    Object.entries(table).map(([name, [method, path, offline]]) => [
      name,
      offline ? { method, path, offline } : { method, path },
    ]),
  ) as {
    -readonly [K in keyof A]: Route<A[K]>;
  };
}

type Has<S> = S extends z.ZodType ? true : false;

/** A part of a call: required when the endpoint reads it with a required field, optional when all its fields are. */
type Part<K extends string, S, T> =
  Has<S> extends true ? (object extends T ? { [P in K]?: T } : { [P in K]: T }) : { [P in K]?: never };

/** What a call names besides its endpoint: path parameters, query and body, each where the endpoint reads it. */
export type Args<E extends Endpoint> = Part<'params', E['params'], z.input<NonNullable<E['params']>>> &
  Part<'query', E['query'], Query<E>> &
  Part<'body', E['body'], Body<E>>;

/** What a call to a route names besides the route. */
export type CallOf<R> = R extends Route<infer E> ? Args<E> : never;

/** The answer of an endpoint, as the screens read it. */
export type AnswerOf<R> = R extends Route<infer E> ? Answer<E> : never;
/** The query of an endpoint. */
export type QueryOf<R> = R extends Route<infer E> ? Query<E> : never;

type Scalar = string | number | boolean | null | undefined;

/**
 * The address under /api of a call: path parameters filled in, the query's set values in order,
 * each encoded by encodeURIComponent (a space is %20, as the addresses the screens and the
 * offline copies have always used: the service worker finds a stored read by its address).
 */
export function pathOf<E extends Endpoint>(endpoint: Route<E>, args: Args<E> = {} as Args<E>): string {
  const params = (args.params ?? {}) as Record<string, Scalar>;
  const path = endpoint.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === '') throw new Error(`${endpoint.path}: ${name} missing`);
    return encodeURIComponent(String(value));
  });
  const search = Object.entries((args.query ?? {}) as Record<string, Scalar>)
    .filter(([, value]) => value !== undefined && value !== null && value !== '')
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`)
    .join('&');
  return search ? `${path}?${search}` : path;
}
