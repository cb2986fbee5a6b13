// The built files in Brotli (decision 321): a browser that accepts `br` gets a file's twin, made at
// build time, byte for byte, with the file's own headers; any other gets the file. The asset
// server here serves a small build of its own (test/worker/assets-fixture.ts, vitest.config.ts).
import { env, exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { LOCAL_ENCODING } from '../../worker/lib/assets';
import { IMMUTABLE } from '../../worker/lib/headers';

const BROWSER = 'gzip, deflate, br, zstd';
const SCRIPT = '/assets/index-AbCd1234.js';

/** An answer of the Worker as it leaves (its body not decoded by the test's fetch). */
const get = (path: string, headers: Record<string, string> = {}, init: RequestInit = {}) =>
  exports.default.fetch(`https://localhost${path}`, { headers, encodeResponseBody: 'manual', ...init });
const bytes = async (response: Response) => new Uint8Array(await response.arrayBuffer());
/** A file of the build as the asset server holds it. */
const stored = async (path: string) => bytes(await env.ASSETS.fetch(`https://localhost${path}`));

describe('built files in Brotli', () => {
  it('a script goes to a browser that takes br as its twin, with its own type and caching, varying with Accept-Encoding', async () => {
    const plain = await get(SCRIPT);
    const answer = await get(SCRIPT, { 'Accept-Encoding': BROWSER });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('Content-Encoding')).toBe('br');
    expect(answer.headers.get('Content-Type')).toBe(plain.headers.get('Content-Type'));
    expect(answer.headers.get('Content-Type')).toMatch(/javascript/);
    expect(answer.headers.get('Cache-Control')).toBe(IMMUTABLE);
    expect(answer.headers.get('ETag')).toBeNull();
    expect(answer.headers.get('Vary')).toMatch(/Accept-Encoding/);
    const twin = await stored(`${SCRIPT}.br`);
    expect(await bytes(answer)).toEqual(twin);
    expect(twin.length).toBeLessThan((await bytes(plain)).length / 4);

    // Locally (no CF-Ray) it says so, for the bench's edge (the local preview decodes it); never on Cloudflare.
    expect(answer.headers.get(LOCAL_ENCODING)).toBe('br');
    expect(plain.headers.get(LOCAL_ENCODING)).toBeNull();
    const atTheEdge = await get(SCRIPT, { 'Accept-Encoding': BROWSER, 'CF-Ray': '8f0c0ffee0000000-MIA' });
    expect(atTheEdge.headers.get('Content-Encoding')).toBe('br');
    expect(atTheEdge.headers.get(LOCAL_ENCODING)).toBeNull();
    await atTheEdge.body?.cancel();

    // One layer of Brotli: decoded once, it is the script.
    const decoded = await exports.default.fetch(`https://localhost${SCRIPT}`, {
      headers: { 'Accept-Encoding': BROWSER },
    });
    expect(await decoded.text()).toBe(new TextDecoder().decode(await stored(SCRIPT)));
  });

  it('a browser that does not take br gets the file itself', async () => {
    const file = await stored(SCRIPT);
    for (const acceptEncoding of [null, 'gzip, deflate', 'gzip, br;q=0', 'brotli']) {
      const answer = await get(SCRIPT, acceptEncoding === null ? {} : { 'Accept-Encoding': acceptEncoding });
      expect(answer.status, String(acceptEncoding)).toBe(200);
      expect(answer.headers.get('Content-Encoding'), String(acceptEncoding)).toBeNull();
      expect(answer.headers.get('Vary'), String(acceptEncoding)).toMatch(/Accept-Encoding/);
      expect(await bytes(answer), String(acceptEncoding)).toEqual(file);
    }
    // On Cloudflare the browser's own Accept-Encoding is cf.clientAcceptEncoding.
    const edge = await get(SCRIPT, { 'Accept-Encoding': 'br, gzip' }, { cf: { clientAcceptEncoding: 'gzip' } });
    expect(edge.headers.get('Content-Encoding')).toBeNull();
    expect(await bytes(edge)).toEqual(file);
    // A range of the file is a range of the file's own bytes.
    const range = await get(SCRIPT, { 'Accept-Encoding': BROWSER, Range: 'bytes=0-9' });
    expect(range.headers.get('Content-Encoding')).toBeNull();
  });

  it('the page, at every address of the app, in Brotli with its headers and its own ETag, revalidated in its encoding', async () => {
    const twin = await stored('/index.html.br');
    for (const path of ['/', '/login', '/students/abc']) {
      const answer = await get(path, { 'Accept-Encoding': BROWSER });
      expect(answer.status, path).toBe(200);
      expect(answer.headers.get('Content-Encoding'), path).toBe('br');
      expect(answer.headers.get('Content-Type'), path).toMatch(/^text\/html/);
      expect(answer.headers.get('Content-Security-Policy'), path).toContain("frame-ancestors 'none'");
      expect(answer.headers.get('Strict-Transport-Security'), path).toBeTruthy();
      expect(await bytes(answer), path).toEqual(twin);
    }

    const br = await get('/login', { 'Accept-Encoding': BROWSER });
    const plain = await get('/login', { 'Accept-Encoding': 'gzip' });
    const brTag = br.headers.get('ETag')!;
    const plainTag = plain.headers.get('ETag')!;
    expect(brTag).toBeTruthy();
    expect(plainTag).toBeTruthy();
    expect(brTag).not.toBe(plainTag);
    expect(br.headers.get('Cache-Control')).toBe(plain.headers.get('Cache-Control'));

    const same = await get('/login', { 'Accept-Encoding': BROWSER, 'If-None-Match': brTag });
    expect(same.status).toBe(304);
    expect(same.headers.get('ETag')).toBe(brTag);
    expect(same.headers.get('Vary')).toMatch(/Accept-Encoding/);
    expect((await bytes(same)).length).toBe(0);
    expect((await get('/login', { 'Accept-Encoding': 'gzip', 'If-None-Match': plainTag })).status).toBe(304);
    // A copy held in the other encoding is not this answer.
    const other = await get('/login', { 'Accept-Encoding': BROWSER, 'If-None-Match': plainTag });
    expect(other.status).toBe(200);
    expect(await bytes(other)).toEqual(twin);
    const back = await get('/login', { 'Accept-Encoding': 'gzip', 'If-None-Match': brTag });
    expect(back.status).toBe(200);
    expect(back.headers.get('Content-Encoding')).toBeNull();
  });

  it('a HEAD says what the GET would send, without a body', async () => {
    for (const path of [SCRIPT, '/login']) {
      const get = await exports.default.fetch(`https://localhost${path}`, { headers: { 'Accept-Encoding': BROWSER } });
      const head = await exports.default.fetch(`https://localhost${path}`, {
        method: 'HEAD',
        headers: { 'Accept-Encoding': BROWSER },
      });
      expect(head.status, path).toBe(200);
      expect(head.headers.get('Content-Encoding'), path).toBe('br');
      expect(head.headers.get('Content-Type'), path).toBe(get.headers.get('Content-Type'));
      expect(head.headers.get('ETag'), path).toBe(get.headers.get('ETag'));
      expect((await bytes(head)).length, path).toBe(0);
      await get.body?.cancel();
    }
  });

  it('the web manifest goes in Brotli; a file without a twin, or not text, goes as it is', async () => {
    const manifest = await get('/manifest.webmanifest', { 'Accept-Encoding': BROWSER });
    expect(manifest.headers.get('Content-Encoding')).toBe('br');
    expect(await bytes(manifest)).toEqual(await stored('/manifest.webmanifest.br'));

    const tiny = await get('/assets/tiny-Zz99Yy88.js', { 'Accept-Encoding': BROWSER });
    expect(tiny.status).toBe(200);
    expect(tiny.headers.get('Content-Encoding')).toBeNull();
    expect(tiny.headers.get('Content-Type')).toMatch(/javascript/);
    expect(await tiny.text()).toBe('x');

    const icon = await get('/icons/icon.png', { 'Accept-Encoding': BROWSER });
    expect(icon.headers.get('Content-Encoding')).toBeNull();
    expect(icon.headers.get('Vary')).toBeNull();
    expect(await bytes(icon)).toEqual(await stored('/icons/icon.png'));
  });
});
