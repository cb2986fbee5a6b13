// Several reads in one request (contract/reads.ts, decision 271). Each address goes through the
// whole app as its own GET with the caller's headers (token, address of the school): the same
// middleware, access rule, answer and ETag as if the device had asked for it alone.
import { Hono } from 'hono';
import { allow } from '../auth/access';
import { type ReadPart, readsApi as api } from '../contract/reads';
import { LANGUAGE_HEADER } from '../domain/language';
import type { AppBindings } from '../env';
import { route } from '../lib/route';

/** How the app answers a request (the app's own `fetch`, given by the app that mounts these routes). */
export type Dispatch = (request: Request, env: Env, ctx?: ExecutionContext) => Response | Promise<Response>;

/** Reads answered at once: enough to hide D1's round trips, few enough for one isolate. */
const AT_ONCE = 6;
/** The caller's headers a read keeps: its token, its languages and where it comes from. */
const KEPT = ['Authorization', 'Accept-Language', LANGUAGE_HEADER, 'CF-Connecting-IP', 'X-Forwarded-For', 'User-Agent'];

export function readRoutes(dispatch: Dispatch) {
  const routes = new Hono<AppBindings>();

  route(routes, api.batch, allow.signedIn(), async (c) => {
    const { paths, etags } = c.req.valid('json');
    const headers = new Headers({ Accept: 'application/json' });
    for (const name of KEPT) {
      const value = c.req.header(name);
      if (value) headers.set(name, value);
    }
    let ctx: ExecutionContext | undefined;
    try {
      ctx = c.executionCtx as ExecutionContext;
    } catch {
      ctx = undefined;
    }
    const readOne = async (path: string, etag: string | null): Promise<ReadPart> => {
      const own = new Headers(headers);
      if (etag) own.set('If-None-Match', etag);
      const response = await dispatch(new Request(new URL(path, c.req.url), { headers: own }), c.env, ctx);
      // The device's copy is the current one: it keeps it (issue 39).
      if (response.status === 304) return { status: 304 };
      const type = response.headers.get('Content-Type') ?? '';
      const body: unknown = type.includes('application/json') ? await response.json() : (await response.text(), null);
      return { path, status: response.status, etag: response.headers.get('ETag'), body };
    };
    const parts: ReadPart[] = new Array(paths.length);
    let next = 0;
    await Promise.all(
      Array.from({ length: Math.min(AT_ONCE, paths.length) }, async () => {
        for (let i = next++; i < paths.length; i = next++)
          parts[i] = await readOne(paths[i] as string, etags?.[i] ?? null);
      }),
    );
    return c.json({ parts });
  });

  return routes;
}
