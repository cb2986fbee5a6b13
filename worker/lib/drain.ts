// The local runtime's refused requests (decision 233). Behind `npm start` and the tests, workerd
// receives each request from the preview's Node proxy on a kept-alive connection; when the Worker
// answers without reading the request body (a 401 or 403 from the access rule, a 404, a 415), the
// upload still under way on that connection breaks and the proxy answers an HTML 500 'TypeError:
// fetch failed' in place of the Worker's answer (workerd issue 1741, open; `wrangler dev` drains
// unread bodies for the same reason, the Vite plugin does not). So, locally, a body the Worker
// did not read is read to its end before the answer leaves. On Cloudflare every request carries
// CF-Ray (the local runtime never sets it; it does set CF-Connecting-IP) and nothing is drained:
// the edge ends an unread upload itself, and reading it would make a phone send megabytes that
// were already refused.
import type { MiddlewareHandler } from 'hono';

/** Reads what is left of a body, at most `limit` bytes (then stops reading). */
async function drain(body: ReadableStream<Uint8Array>, limit: number): Promise<void> {
  const reader = body.getReader();
  let read = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      read += value.byteLength;
      if (read > limit) {
        await reader.cancel();
        return;
      }
    }
  } catch {
    // The client went away: nothing left to read.
  }
}

/** Local runs only: reads the request body the route left unread, before the answer is sent. */
export const drainUnreadBody =
  (limit: number): MiddlewareHandler =>
  async (c, next) => {
    await next();
    const request = c.req.raw;
    if (c.req.header('CF-Ray') || request.body === null || request.bodyUsed) return;
    await drain(request.body, limit);
  };
