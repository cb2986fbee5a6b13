// The local portal's door (decision 233): at most a few requests at a time go on to the Worker's
// runtime, the others wait here. Locally one workerd process on one thread runs the Worker, its
// Durable Objects and D1; fed 50 requests at once it falls seconds behind, and its 5-second
// keep-alive timeout then fires on connections that already carry the next request: it closes them
// with that request unread, and the preview answers its own HTML 500 'TypeError: fetch failed'
// (read ECONNRESET). Waiting here costs no throughput (the runtime does one thing at a time), and
// keeps every connection's next request read within the timeout.
import type { Connect, Plugin } from 'vite';

/** Requests let through to the runtime at once. */
export const LOCAL_CONCURRENCY = 8;

/** A request that hashes a password: a sign-in, a password change or an account's creation with one. */
const signIn = (req: { method?: string; url?: string }) =>
  req.method !== 'GET' &&
  req.method !== 'HEAD' &&
  /^\/api\/(login|register|user\/change-password|auth\/)/.test(req.url ?? '');

export function localGate(limit = LOCAL_CONCURRENCY): Plugin {
  let active = 0;
  // In the order they came, but a sign-in (seconds of password hashing in a burst) waits behind
  // the others: the screens' reads and writes do not wait behind a burst of sign-ins. Writes no
  // longer wait behind every read (issue 40, decision 333: at 50 clients that queue made a
  // write's p50 ten times a read's, a wait production does not have).
  const others: (() => void)[] = [];
  const signIns: (() => void)[] = [];
  const gate: Connect.NextHandleFunction = (req, res, next) => {
    const start = () => {
      active++;
      let done = false;
      const finish = () => {
        if (done) return;
        done = true;
        active--;
        (others.shift() ?? signIns.shift())?.();
      };
      res.on('finish', finish);
      res.on('close', finish);
      next();
    };
    if (active < limit) start();
    else (signIn(req) ? signIns : others).push(start);
  };
  return {
    name: 'portail:local-gate',
    // Before the Cloudflare plugin's own handler (listed after this plugin).
    configureServer: (server) => void server.middlewares.use(gate),
    configurePreviewServer: (server) => void server.middlewares.use(gate),
  };
}
