// The deployment's D1 databases (decision 171, "Design as built"): the directory, which holds
// the platform (hostnames -> school and database, platform accounts, announcements, log), and
// the school databases named by SCHOOL_DATABASES, each holding whole schools. A school's row in
// the directory names its database (`instances.shard`); NULL there means the directory itself
// (a deployment not split yet keeps its schools there until they are moved).
import { database, type Db } from './client';

export const DIRECTORY = 'DIRECTORY';

/** A database of the deployment: its binding name and its drizzle handle. */
export interface NamedDb {
  name: string;
  db: Db;
}

const handles = new WeakMap<D1Database, Db>();
const names = new Map<string, string[]>();

/** The D1 binding of that name (the directory or a school database); throws when the Worker has none. */
export function d1Binding(env: Env, name: string): D1Database {
  const binding = (env as unknown as Record<string, unknown>)[name];
  if (!binding || typeof (binding as D1Database).prepare !== 'function') {
    throw new Error(`No D1 binding named ${name} (wrangler.toml, SCHOOL_DATABASES)`);
  }
  return binding as D1Database;
}

/** One drizzle handle per D1 binding and isolate. */
export function handleOf(d1: D1Database): Db {
  let db = handles.get(d1);
  if (!db) handles.set(d1, (db = database(d1)));
  return db;
}

export const directoryOf = (env: Env): Db => handleOf(d1Binding(env, DIRECTORY));

/**
 * The directory through a D1 session that reads from any replica (decision 332): the host ->
 * school read of a request whose isolate has no fresh answer. A replica a little behind is
 * corrected where it matters: a school that moved or a host taken over is asked again on the
 * primary (lib/host.ts `reroute`), and the console reads and writes the primary.
 */
export const directoryReplica = (env: Env): D1DatabaseSession =>
  d1Binding(env, DIRECTORY).withSession('first-unconstrained');

/**
 * The directory through a D1 session starting at `start`: a bookmark this browser was given, or
 * 'first-primary' / 'first-unconstrained' (decision 332). Its drizzle handle reads there (writes
 * always reach the primary), and the session answers the bookmark to give back.
 */
export function directorySession(env: Env, start: string): { db: Db; session: D1DatabaseSession } {
  const session = d1Binding(env, DIRECTORY).withSession(start);
  // A session prepares and batches as its database does: drizzle needs nothing else.
  return { db: database(session as unknown as D1Database), session };
}

/** The school databases' bindings, in the order of SCHOOL_DATABASES (space- or comma-separated). */
export function schoolDatabaseNames(env: Env): string[] {
  const configured = env.SCHOOL_DATABASES ?? '';
  let list = names.get(configured);
  if (!list) {
    list = [...new Set(configured.split(/[\s,]+/).filter(Boolean))];
    if (list.length === 0) throw new Error('SCHOOL_DATABASES names no school database (wrangler.toml [vars])');
    if (list.includes(DIRECTORY)) throw new Error('SCHOOL_DATABASES cannot name the directory');
    names.set(configured, list);
  }
  return list;
}

/** The database a school's directory row names (null: the directory itself). */
export const schoolDatabase = (env: Env, shard: string | null): Db =>
  shard === null ? directoryOf(env) : handleOf(d1Binding(env, shard));

/** The school databases, in order. */
export const schoolDatabases = (env: Env): NamedDb[] =>
  schoolDatabaseNames(env).map((name) => ({ name, db: handleOf(d1Binding(env, name)) }));

/**
 * Every database that may hold schools' rows: the directory first (the schools of a deployment
 * not split yet, and the platform's own log), then each school database. The platform's views
 * read each of them in parallel.
 */
export const everyDatabase = (env: Env): NamedDb[] => [
  { name: DIRECTORY, db: directoryOf(env) },
  ...schoolDatabases(env),
];

/** Is this a school database of the deployment? */
export const isSchoolDatabase = (env: Env, name: string) => schoolDatabaseNames(env).includes(name);
