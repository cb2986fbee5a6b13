// Host -> school -> database (decision 171, "Design as built"): the directory names the school a
// hostname answers for and the school database holding it; an isolate keeps the answer briefly.
// Every API request gets `c.var.directory`, and `c.var.db`: its school's database (the directory
// when the platform has no school yet). Routes and worker/db/* take the database from there.
import type { Context } from 'hono';
import { serverText } from '../contract/texts/server';
import type { Db } from '../db/client';
import { directoryOf, directoryReplica, schoolDatabase } from '../db/databases';
import { HOST_CACHE_MS, resolveInstance, stateOf } from '../db/instances';
import type { AppBindings, Instance } from '../env';
import { ApiError } from './errors';
import { LruCache } from './lru';

export { HOST_CACHE_MS };

/**
 * An isolate's answers, at most this many hosts (decision 332): a platform of 10,000 schools
 * keeps each isolate's memory bounded; the least recently used host is forgotten first.
 */
export const HOST_CACHE_SIZE = 1000;

const hostCache = new LruCache<string, { instance: Instance; at: number }>(HOST_CACHE_SIZE);

const hostOf = (c: Context<AppBindings>) => new URL(c.req.url).hostname.toLowerCase();

/** Sets the request's school, its database and the directory; answers the school (null: none). */
export async function routeRequest(c: Context<AppBindings>, fresh = false): Promise<Instance | null> {
  const host = hostOf(c);
  const directory = directoryOf(c.env);
  const cached = fresh ? undefined : hostCache.get(host);
  let instance = cached && Date.now() - cached.at < HOST_CACHE_MS ? cached.instance : null;
  if (!instance) {
    // A new platform has no school yet: only platform accounts can work until one is created.
    // A fresh answer (a reroute) is the primary's; otherwise any replica's (decision 332).
    let row = await resolveInstance(directory, host, fresh ? undefined : directoryReplica(c.env));
    // No school of its own there (a school created a moment ago the replica has not seen yet?):
    // the primary decides.
    if (!fresh && (!row || row.isDefault)) row = await resolveInstance(directory, host);
    instance = row ? { id: row.id, name: row.name, shard: row.shard } : null;
    if (instance) hostCache.set(host, { instance, at: Date.now() });
    else hostCache.delete(host);
  }
  c.set('directory', directory);
  c.set('instance', instance);
  c.set('db', instance ? schoolDatabase(c.env, instance.shard) : directory);
  return instance;
}

/**
 * The school's row said it moved (or is not there): the isolate's answer is stale. Asks the
 * directory again; answers whether the request now goes to another database.
 */
export async function reroute(c: Context<AppBindings>): Promise<boolean> {
  const before = c.var.instance;
  const after = await routeRequest(c, true);
  // Another database (a move), or another school (a restored school took the hostname, decision 312).
  return Boolean(after) && (after!.shard !== before?.shard || after!.id !== before?.id);
}

/**
 * The isolate's answer may be stale (a sign-in finds no such account): when the school's row
 * says it moved or is gone, asks the directory again (a move switched, or a restored school took
 * the hostname over, decision 312). Answers whether the request now goes elsewhere.
 */
export async function rerouteIfGone(c: Context<AppBindings>): Promise<boolean> {
  const instance = c.var.instance;
  if (!instance) return false;
  const state = await stateOf(c.var.db, instance.id);
  return (state === 'moved' || state === undefined) && reroute(c);
}

/** 503 while the school moves: the web shows the maintenance screen until it is over. */
export const schoolMoving = () =>
  new ApiError(503, 'maintenance', serverText.schoolMoving, { maintenance: true, level: 'full_lockdown' });

/**
 * Is the request's school in maintenance (moving, or a restored school not open yet)? Follows a move that already switched. For
 * `GET /api/maintenance`, which the maintenance screen polls.
 */
export async function schoolInMaintenance(c: Context<AppBindings>): Promise<boolean> {
  const instance = c.var.instance;
  if (!instance) return false;
  let state = await stateOf(c.var.db, instance.id);
  if ((state === 'moved' || state === undefined) && (await reroute(c))) state = await stateOf(c.var.db, instance.id);
  return state === 'moving' || state === 'incoming' || state === 'restoring';
}

/** The database of an account: its school's for a school account, the directory for a platform account. */
export const accountDatabase = (c: Context<AppBindings>, instanceId: string | null): Db =>
  instanceId ? c.var.db : c.var.directory;
