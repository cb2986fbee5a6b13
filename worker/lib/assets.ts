// The app's built files from env.ASSETS (decision 003), in Brotli when the browser takes it
// (decision 321): the build wrote a twin `<file>.br` of every text file at Brotli's quality 11
// (scripts/lib/precompress.ts); a request that accepts `br` gets the twin's bytes as they are,
// with the file's own Content-Type, `Content-Encoding: br` and `Vary: Accept-Encoding`, sent with
// `encodeBody: 'manual'` so that the runtime passes them through instead of encoding them again.
// Any other request, or a file without a twin, gets the file as before (the edge compresses it).
// The twin's ETag is its own (its bytes differ from the file's): a browser revalidates the copy it
// holds, in the encoding it holds it, and a 304 answers it.
// Locally (no CF-Ray, as lib/drain.ts), the preview's runtime asks the Worker for `identity` first
// and decodes what it encoded; the answer then says what the Worker sent in
// `X-Local-Content-Encoding`, which the bench's edge stand-in reads (scripts/lib/edge.mjs).

/** What the Worker encoded, said where the local runtime decodes it (never on Cloudflare). */
export const LOCAL_ENCODING = 'X-Local-Content-Encoding';
/** The page: what the asset server answers at every address of the app (SPA fallback included). */
const PAGE_TWIN = '/index.html.br';
const TWIN = '.br';
/** Text answers: the ones an edge compresses, so their bytes vary with Accept-Encoding. */
const TEXT = /^(text\/|application\/(json|javascript|x-javascript|manifest\+json|xml)|image\/svg\+xml)/i;
const HTML = /^text\/html\b/i;
/** The last segment of a path has an extension: a file; without one, an address of the app. */
const FILE_PATH = /\.[^/.]+$/;

/** Whether `header` (an Accept-Encoding value) accepts `coding`, with a weight above zero. */
export function accepts(header: string, coding: string): boolean {
  return header.split(',').some((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (name?.trim() !== coding) return false;
    const weight = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return !weight || Number(weight.slice(2)) > 0;
  });
}

/**
 * The browser's own Accept-Encoding: on Cloudflare the Worker sees the edge's normalized value and
 * the browser's in `cf.clientAcceptEncoding` when the edge changed it.
 */
function clientAcceptEncoding(request: Request): string {
  const cf = request.cf as { clientAcceptEncoding?: unknown } | undefined;
  return typeof cf?.clientAcceptEncoding === 'string'
    ? cf.clientAcceptEncoding
    : (request.headers.get('Accept-Encoding') ?? '');
}

function withVary(headers: Headers) {
  const vary = headers.get('Vary');
  if (!vary) headers.set('Vary', 'Accept-Encoding');
  else if (!/accept-encoding/i.test(vary)) headers.set('Vary', `${vary}, Accept-Encoding`);
}

/** The file as the asset server answers it; a text answer says that it varies with Accept-Encoding. */
async function plainFile(request: Request, assets: Fetcher): Promise<Response> {
  const response = await assets.fetch(request);
  // Fetched headers are immutable: a copy.
  const copy = new Response(response.body, response);
  if ((copy.status === 200 || copy.status === 304) && TEXT.test(copy.headers.get('Content-Type') ?? ''))
    withVary(copy.headers);
  return copy;
}

/** A built file for a GET or HEAD outside /api: its Brotli twin to a browser that accepts it, else the file. */
export async function serveAsset(request: Request, assets: Fetcher): Promise<Response> {
  const method = request.method;
  if (
    (method !== 'GET' && method !== 'HEAD') ||
    request.headers.has('Range') ||
    !accepts(clientAcceptEncoding(request), 'br')
  )
    return plainFile(request, assets);

  const url = new URL(request.url);
  const page = !FILE_PATH.test(url.pathname);
  const twinUrl = new URL(page ? PAGE_TWIN : url.pathname + TWIN, url);
  // What the file is (its status and type), asked without the browser's validators, and the twin
  // asked with them: together.
  const probeHeaders = new Headers(request.headers);
  for (const name of ['If-None-Match', 'If-Modified-Since', 'If-Match', 'If-Unmodified-Since'])
    probeHeaders.delete(name);
  const validator = request.headers.get('If-None-Match');
  const [file, twin] = await Promise.all([
    assets.fetch(new Request(url, { method: 'HEAD', headers: probeHeaders })),
    assets.fetch(new Request(twinUrl, { method, headers: validator ? { 'If-None-Match': validator } : {} })),
  ]);
  const type = file.headers.get('Content-Type') ?? '';
  const usable =
    file.status === 200 &&
    TEXT.test(type) &&
    !file.headers.has('Content-Encoding') &&
    // The page's twin for the page only; a file's for that file (a missing twin is the SPA fallback: the page).
    HTML.test(type) === page &&
    (twin.status === 200 || twin.status === 304) &&
    !HTML.test(twin.headers.get('Content-Type') ?? '');
  if (!usable) {
    await twin.body?.cancel();
    return plainFile(request, assets);
  }

  const headers = new Headers(twin.headers);
  headers.set('Content-Type', type);
  withVary(headers);
  if (twin.status === 304) return new Response(null, { status: 304, headers });
  headers.set('Content-Encoding', 'br');
  if (!request.headers.has('CF-Ray')) headers.set(LOCAL_ENCODING, 'br');
  return new Response(method === 'HEAD' ? null : twin.body, { status: 200, headers, encodeBody: 'manual' });
}
