// The bandwidth bench's instrument (scripts/lib/edge.mjs, decision 180) against the running
// portal: what it counts per request is exactly what crossed the browser's socket — status line,
// headers and body as sent — it compresses text and leaves PNGs alone, and passes 304s through;
// a built file the Worker sends in Brotli goes as the build's twin, byte for byte (decision 321).
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { startEdge } from '../../scripts/lib/edge.mjs';
import { expect, test } from './fixtures';

const upstreamPort = Number(process.env.E2E_PORT ?? 8799);

interface Answer {
  status: number;
  headers: Record<string, string>;
  head: number;
  body: Buffer;
}

/** Sends raw HTTP/1.1 requests one after the other on one connection; answers what came back and the bytes read and written. */
async function exchange(port: number, requests: { path: string; headers?: Record<string, string> }[]) {
  const socket = connect(port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  let buffer = Buffer.alloc(0);
  let received = 0;
  let wake: () => void = () => undefined;
  socket.on('data', (chunk: Buffer) => {
    received += chunk.length;
    buffer = Buffer.concat([buffer, chunk]);
    wake();
  });
  const answers: Answer[] = [];
  let sent = 0;
  for (const { path, headers = {} } of requests) {
    const text = [
      `GET ${path} HTTP/1.1`,
      `Host: localhost:${port}`,
      ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
      '',
      '',
    ].join('\r\n');
    sent += Buffer.byteLength(text);
    socket.write(text);
    for (;;) {
      const end = buffer.indexOf('\r\n\r\n');
      if (end >= 0) {
        const lines = buffer.subarray(0, end).toString('latin1').split('\r\n');
        const status = Number(lines[0]!.split(' ')[1]);
        const parsed = Object.fromEntries(
          lines
            .slice(1)
            .map((l: string) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
        );
        const length = status === 304 ? 0 : Number(parsed['content-length']);
        if (buffer.length >= end + 4 + length) {
          answers.push({ status, headers: parsed, head: end + 4, body: buffer.subarray(end + 4, end + 4 + length) });
          buffer = buffer.subarray(end + 4 + length);
          break;
        }
      }
      await new Promise<void>((resolve) => (wake = resolve));
    }
  }
  socket.end();
  return { answers, received, sent };
}

test('the edge counts every byte on the socket, gzips text, leaves PNGs and 304s alone', async () => {
  const edge = await startEdge({ port: 0, upstreamPort });
  try {
    const port = Number(new URL(edge.url).port);
    const direct = await fetch(`http://127.0.0.1:${upstreamPort}/api/instance/default`);
    const plain = await direct.text();
    const etag = direct.headers.get('etag');
    expect(etag).toBeTruthy();
    edge.mark('a');
    const { answers, received, sent } = await exchange(port, [
      { path: '/api/instance/default', headers: { 'Accept-Encoding': 'gzip, deflate' } },
      { path: '/icons/icon-192.png', headers: { 'Accept-Encoding': 'gzip' } },
      { path: '/api/instance/default', headers: { 'Accept-Encoding': 'gzip', 'If-None-Match': etag! } },
      { path: '/api/instance/default' },
    ]);
    await expect.poll(() => edge.requests().length).toBe(4);
    const [json, png, revalidated, identity] = answers;

    // Text is compressed when the request allows it, and says so.
    expect(json!.headers['content-encoding']).toBe('gzip');
    expect(json!.headers.vary).toMatch(/Accept-Encoding/);
    expect(gunzipSync(json!.body).toString()).toBe(plain);
    expect(identity!.headers['content-encoding']).toBeUndefined();
    expect(identity!.body.toString()).toBe(plain);
    // A PNG is not; a 304 passes through without a body.
    expect(png!.status).toBe(200);
    expect(png!.headers['content-encoding']).toBeUndefined();
    expect(png!.body.subarray(1, 4).toString()).toBe('PNG');
    expect(revalidated!.status).toBe(304);

    // Per request: the answer's whole bytes (headers included) and the request's.
    const log = edge.requests();
    expect(log.map((r) => [r.step, r.path, r.status])).toEqual([
      ['a', '/api/instance/default', 200],
      ['a', '/icons/icon-192.png', 200],
      ['a', '/api/instance/default', 304],
      ['a', '/api/instance/default', 200],
    ]);
    answers.forEach((answer, i) => {
      expect(log[i]!.down).toBe(answer.head + answer.body.length);
      expect(log[i]!.headersDown).toBe(answer.head);
      expect(log[i]!.bodyDown).toBe(answer.body.length);
    });
    const totals = edge.totals();
    expect(totals.down).toBe(received);
    expect(totals.up).toBe(sent);
    expect(totals.requests).toBe(4);
  } finally {
    await edge.close();
  }
});

test("the Worker's Brotli answers go through the edge as the build's twins; gzip for the rest", async () => {
  const built = readFileSync('dist/client/index.html', 'utf8');
  const script = /src="(\/assets\/[^"]+\.js)"/.exec(built)![1]!;
  // The Worker chooses: the local preview decodes its Brotli and says what it sent.
  const direct = await fetch(`http://127.0.0.1:${upstreamPort}${script}`, { headers: { 'Accept-Encoding': 'br' } });
  expect(direct.headers.get('x-local-content-encoding')).toBe('br');
  expect(Buffer.from(await direct.arrayBuffer())).toEqual(readFileSync(`dist/client${script}`));

  const edge = await startEdge({ port: 0, upstreamPort });
  try {
    const port = Number(new URL(edge.url).port);
    const browser = 'gzip, deflate, br, zstd';
    const { answers } = await exchange(port, [
      { path: script, headers: { 'Accept-Encoding': browser } },
      { path: '/login', headers: { 'Accept-Encoding': browser } },
      { path: script, headers: { 'Accept-Encoding': 'gzip, deflate' } },
      { path: '/api/instance/default', headers: { 'Accept-Encoding': browser } },
    ]);
    await expect.poll(() => edge.requests().length).toBe(4);
    const [brScript, brPage, gzScript, json] = answers;

    expect(brScript!.headers['content-encoding']).toBe('br');
    expect(brScript!.headers['x-local-content-encoding']).toBeUndefined();
    expect(brScript!.headers.vary).toMatch(/Accept-Encoding/);
    expect(brScript!.body).toEqual(readFileSync(`dist/client${script}.br`));
    expect(brPage!.headers['content-encoding']).toBe('br');
    expect(brPage!.headers['content-type']).toMatch(/^text\/html/);
    expect(brPage!.body).toEqual(readFileSync('dist/client/index.html.br'));
    // A browser without br: the file, gzipped by the edge.
    expect(gzScript!.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzScript!.body)).toEqual(readFileSync(`dist/client${script}`));
    // An API answer is not a built file: gzip.
    expect(json!.headers['content-encoding']).toBe('gzip');

    const log = edge.requests();
    expect(log.map((r) => [r.path, r.br, r.gzip])).toEqual([
      [script, true, false],
      ['/login', true, false],
      [script, false, true],
      ['/api/instance/default', false, true],
    ]);
    expect(log[0]!.bodyDown).toBe(readFileSync(`dist/client${script}.br`).length);
  } finally {
    await edge.close();
  }
});
