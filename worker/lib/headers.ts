// Security headers (architecture guide, security; decision 180 for what each answer carries):
// - every answer: X-Content-Type-Options nosniff;
// - documents (the app shell): the page's CSP, frame and permission policies, referrer policy and
//   HSTS (every visit starts with a document: the browser keeps the rule for the host a year);
// - API answers (JSON, never rendered): only a deny-all CSP that forbids framing, ~45 bytes instead
//   of the page's ~330 (issue 12: headers were half of a warm session's bytes);
// - built files: nothing more (a script or style sheet is not a document); hashed files under
//   /assets are immutable (and carry no ETag: nothing ever revalidates them).
import type { MiddlewareHandler } from 'hono';

/** The one inline script of the app shell, allowed by its hash (decision 102), computed by the
 *  build from the script (scripts/lib/first-paint-csp.ts). */
const FIRST_PAINT_HASH = __FIRST_PAINT_CSP__;

const CSP = [
  "default-src 'self'",
  `script-src 'self' ${FIRST_PAINT_HASH}`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  // A resource's PDF is previewed from a blob the page made (screens/resources).
  "frame-src 'self' blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "form-action 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** An API answer is data: nothing may run, load or frame it. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

// Vite's dev server injects inline scripts for hot reload; only `npm run dev` relaxes the CSP.
const DEV_CSP = CSP.replace(`script-src 'self' ${FIRST_PAINT_HASH}`, "script-src 'self' 'unsafe-inline'").replace(
  "connect-src 'self'",
  "connect-src 'self' ws: wss:",
);

export const HSTS = 'max-age=31536000; includeSubDomains';

/** Hashed build output: its name changes with its content (scripts/lib/service-worker-plugin.ts). */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
const ICONS = 'public, max-age=604800';
const HASHED_ASSET = /^\/assets\/.+-[\w-]{8,}\.\w+$/;

export const securityHeaders: MiddlewareHandler = async (c, next) => {
  await next();
  // Responses from fetch (static assets) have immutable headers: copy them once.
  try {
    c.res.headers.set('X-Content-Type-Options', 'nosniff');
  } catch {
    c.res = new Response(c.res.body, c.res);
    c.res.headers.set('X-Content-Type-Options', 'nosniff');
  }
  const h = c.res.headers;
  // 'Not modified': the browser keeps the headers it stored with the answer (RFC 9111 §4.3.4).
  if (c.res.status === 304) return;
  const path = c.req.path;
  if (path.startsWith('/api/')) {
    // A stored file answers with its own, stricter policy (routes/resources.ts).
    if (!h.has('Content-Security-Policy')) h.set('Content-Security-Policy', API_CSP);
    return;
  }
  // The icons the browser fetches itself for the install prompt (outside the service worker):
  // kept a week rather than asked again at each start.
  if (path.startsWith('/icons/') && c.res.status === 200) h.set('Cache-Control', ICONS);
  if (HASHED_ASSET.test(path)) {
    if (c.res.status === 200) {
      h.set('Cache-Control', IMMUTABLE);
      h.delete('ETag');
    }
    return;
  }
  if (!/^text\/html\b/i.test(h.get('Content-Type') ?? '')) return;
  h.set('Content-Security-Policy', import.meta.env.MODE === 'development' ? DEV_CSP : CSP);
  h.set('Strict-Transport-Security', HSTS);
  h.set('Referrer-Policy', 'strict-origin-when-cross-origin');
  h.set('X-Frame-Options', 'DENY');
  h.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()');
  h.set('Cross-Origin-Opener-Policy', 'same-origin');
};
