// A stand-in for the production edge in front of the local preview (decision 180): an HTTP/1.1
// reverse proxy that gzips text answers at level 6 as Cloudflare does, passes an answer the Worker
// encoded itself (a built file's Brotli twin, decision 321) as it is, and counts every byte
// written to and read from the browser's sockets — status lines, headers and bodies as sent —
// per request, attributed to the session step under way when the request arrived.
import { createHash } from 'node:crypto';
import { createServer, request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { gzipSync } from 'node:zlib';
import { brotli } from './precompress.ts';

/** Content types the edge compresses (Cloudflare's list, in short); images other than SVG, fonts and archives pass as they are. */
const COMPRESSIBLE =
  /^(text\/|application\/(json|javascript|x-javascript|ecmascript|manifest\+json|xml|xhtml\+xml|rss\+xml|atom\+xml|ld\+json|problem\+json|wasm)|image\/(svg\+xml|x-icon|vnd\.microsoft\.icon)|font\/(ttf|otf)|application\/vnd\.ms-fontobject)/i;
/** Hop-by-hop headers: the proxy's own connection decides them. */
const HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'proxy-connection', 'upgrade', 'te', 'trailer']);

const accepts = (header, coding) =>
  String(header ?? '')
    .split(',')
    .some((part) => {
      const [name, ...params] = part.trim().toLowerCase().split(';');
      if (name !== coding && !(coding === 'gzip' && name === '*')) return false;
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return !q || Number(q.slice(2)) > 0;
    });

/**
 * The local preview decodes what the Worker encoded (its runtime asks for `identity` first) and the
 * Worker says it did in `X-Local-Content-Encoding` (worker/lib/assets.ts): a built file's Brotli
 * twin, which is that body encoded by the build's own function (scripts/lib/precompress.ts,
 * deterministic). Encoded again here, it is the twin's bytes, as Cloudflare passes them on. Once
 * per distinct body.
 */
const twins = new Map();
const twinOf = (body) => {
  const key = createHash('sha1').update(body).digest('hex');
  let twin = twins.get(key);
  if (!twin) twins.set(key, (twin = brotli(body)));
  return twin;
};

/**
 * Starts the edge on 127.0.0.1:`port` (0: any free port, see `url`), forwarding to the preview on 127.0.0.1:`upstreamPort`
 * (the Host header is kept: the portal chooses the school by it). Answers the counter API.
 */
export async function startEdge({ port, upstreamPort }) {
  /** A slow link shared by every connection, the service worker's included (null: none). */
  let link = null;
  /** When the link's way down and way up are free again (ms, performance.now()). */
  let downFree = 0;
  let upFree = 0;
  /** Waits for `bytes` to cross the link one way, after the bytes queued before them. */
  const cross = async (bytes, way) => {
    if (!link) return;
    const now = performance.now();
    const start = Math.max(now, way === 'down' ? downFree : upFree);
    const end = start + (bytes * 1000) / link.bytesPerSecond;
    if (way === 'down') downFree = end;
    else upFree = end;
    await sleep(end - now);
  };
  const headerBytes = (status, headers) =>
    `HTTP/1.1 ${status} \r\n`.length +
    Object.entries(headers).reduce((sum, [k, v]) => sum + k.length + String(v).length + 4, 2);

  /** Every finished request: { step, method, path, status, down, up, headersDown, bodyDown, gzip, type }. */
  let log = [];
  let step = '';
  let inflight = 0;
  let lastActivity = Date.now();
  /** Per socket, the byte counts already attributed to earlier requests. */
  const seen = new WeakMap();
  const attributed = (socket) => {
    let s = seen.get(socket);
    if (!s) seen.set(socket, (s = { written: 0, read: 0 }));
    return s;
  };

  const server = createServer(async (req, res) => {
    inflight++;
    lastActivity = Date.now();
    const entry = {
      step,
      method: req.method,
      path: req.url,
      status: 0,
      down: 0,
      up: 0,
      headersDown: 0,
      bodyDown: 0,
      gzip: false,
      br: false,
      type: '',
    };
    const socket = req.socket;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      // HTTP/1.1 without pipelining: what the socket carried since the previous answer on it is this exchange.
      const s = attributed(socket);
      entry.down = socket.bytesWritten - s.written;
      entry.up = socket.bytesRead - s.read;
      s.written = socket.bytesWritten;
      s.read = socket.bytesRead;
      entry.headersDown = entry.down - entry.bodyDown;
      log.push(entry);
      inflight--;
      lastActivity = Date.now();
    };
    res.on('finish', finish);
    res.on('close', finish);
    try {
      const body = await readAll(req);
      if (link) {
        // The request's way up, then the round trip: per request, as Chromium's own emulation
        // counts it (no handshake modelled).
        const requestBytes =
          req.rawHeaders.reduce((sum, part) => sum + part.length + 2, req.url.length + 16) + body.length;
        await cross(requestBytes, 'up');
        await sleep(link.latencyMs);
      }
      const headers = { ...req.headers };
      for (const name of HOP) delete headers[name];
      // The edge compresses; the origin answers plain bytes, or a built file's Brotli twin to a
      // browser that takes it (the Worker decides, decision 321).
      headers['accept-encoding'] = accepts(req.headers['accept-encoding'], 'br') ? 'br' : 'identity';
      if (body.length > 0) headers['content-length'] = String(body.length);
      const upstream = await new Promise((resolve, reject) => {
        const call = httpRequest(
          { host: '127.0.0.1', port: upstreamPort, method: req.method, path: req.url, headers },
          resolve,
        );
        call.on('error', reject);
        call.end(body);
      });
      const type = String(upstream.headers['content-type'] ?? '');
      entry.status = upstream.statusCode ?? 0;
      entry.type = type.split(';')[0];
      const out = {};
      for (const [name, value] of Object.entries(upstream.headers))
        if (!HOP.has(name) && value !== undefined) out[name] = value;
      // What the Worker encoded, which the local preview decoded (twinOf): said as the Worker said it.
      const decodedLocally = out['content-encoding'] ? undefined : out['x-local-content-encoding'];
      delete out['x-local-content-encoding'];
      if (decodedLocally) {
        if (decodedLocally !== 'br') throw new Error(`codage ${decodedLocally} inattendu de l'origine`);
        out['content-encoding'] = 'br';
      }
      if (/^text\/event-stream/i.test(type)) {
        // A stream is forwarded as it comes.
        res.writeHead(entry.status, out);
        upstream.on('data', (chunk) => (entry.bodyDown += chunk.length));
        upstream.pipe(res);
        return;
      }
      let payload = await readAll(upstream);
      const bodyless =
        req.method === 'HEAD' ||
        entry.status === 204 ||
        entry.status === 304 ||
        (entry.status >= 100 && entry.status < 200);
      if (!bodyless && decodedLocally && payload.length > 0) payload = twinOf(payload);
      entry.br = !bodyless && out['content-encoding'] === 'br';
      if (
        !bodyless &&
        payload.length > 0 &&
        !out['content-encoding'] &&
        COMPRESSIBLE.test(type) &&
        accepts(req.headers['accept-encoding'], 'gzip')
      ) {
        payload = gzipSync(payload, { level: 6 });
        out['content-encoding'] = 'gzip';
        const vary = String(out.vary ?? '');
        if (!/accept-encoding/i.test(vary)) out.vary = vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding';
        entry.gzip = true;
      }
      if (bodyless) {
        await cross(headerBytes(entry.status, out), 'down');
        res.writeHead(entry.status, out);
        res.end();
        return;
      }
      delete out['content-length'];
      out['content-length'] = String(payload.length);
      entry.bodyDown = payload.length;
      if (link) {
        // Paced in slices of 4 KB on the shared way down: answers under way share the link in turns.
        await cross(headerBytes(entry.status, out), 'down');
        res.writeHead(entry.status, out);
        for (let at = 0; at < payload.length; at += 4096) {
          const slice = payload.subarray(at, at + 4096);
          await cross(slice.length, 'down');
          res.write(slice);
        }
        res.end();
        return;
      }
      res.writeHead(entry.status, out);
      res.end(payload);
    } catch (error) {
      entry.status = 502;
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`edge: ${error instanceof Error ? error.message : String(error)}`);
    }
  });
  // No 'Keep-Alive: timeout=…' line on every answer; the browser's connections stay open for the session.
  server.keepAliveTimeout = 0;

  // WebSocket upgrades (support chat) pass through as raw TCP, counted as one entry when they close.
  server.on('upgrade', (req, socket, head) => {
    const entry = {
      step,
      method: req.method,
      path: req.url,
      status: 101,
      down: 0,
      up: 0,
      headersDown: 0,
      bodyDown: 0,
      gzip: false,
      br: false,
      type: 'websocket',
    };
    const upstream = connect(upstreamPort, '127.0.0.1', () => {
      const lines = [
        `${req.method} ${req.url} HTTP/1.1`,
        ...Object.entries(req.headers).map(([k, v]) => `${k}: ${v}`),
        '',
        '',
      ];
      upstream.write(lines.join('\r\n'));
      if (head.length) upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    // Once: both ends' 'close' and 'error' come here (a flag on the entry, deleted before the
    // push, let the second one count the socket again: two 101 answers for one socket).
    let counted = false;
    const close = () => {
      if (counted) return;
      counted = true;
      entry.down = socket.bytesWritten;
      entry.up = socket.bytesRead;
      log.push(entry);
      upstream.destroy();
      socket.destroy();
    };
    upstream.on('error', close);
    upstream.on('close', close);
    socket.on('error', close);
    socket.on('close', close);
  });

  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });

  const listening = server.address();
  return {
    url: `http://localhost:${typeof listening === 'object' && listening ? listening.port : port}`,
    /** Requests from now on belong to `name`. */
    mark(name) {
      step = name;
    },
    /**
     * Slows every exchange from now on, the service worker's included, as a link of `latencyMs`
     * round trip and `bytesPerSecond` each way shared by all connections (null: full speed).
     */
    throttle(conditions) {
      link = conditions;
      downFree = upFree = 0;
    },
    /** Forgets every request counted so far. */
    reset() {
      log = [];
    },
    /** The finished requests, in order. */
    requests: () => [...log],
    /** Requests still open. */
    inflight: () => inflight,
    /** Milliseconds since a request last started or finished. */
    quietFor: () => (inflight > 0 ? 0 : Date.now() - lastActivity),
    /** Bytes down (headers and bodies) and up, and requests, of `entries` (all by default). */
    totals(entries = log) {
      return entries.reduce(
        (t, e) => ({
          down: t.down + e.down,
          up: t.up + e.up,
          headersDown: t.headersDown + e.headersDown,
          bodyDown: t.bodyDown + e.bodyDown,
          requests: t.requests + 1,
        }),
        { down: 0, up: 0, headersDown: 0, bodyDown: 0, requests: 0 },
      );
    },
    /** Closes the edge and every connection the browser left open. */
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(() => resolve(undefined)));
    },
  };
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

function readAll(stream) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    stream.on('data', (chunk) => chunks.push(chunk));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });
}
