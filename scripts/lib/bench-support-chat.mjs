// `npm run bench`, the support chat (issue 15): the bytes an open conversation costs over 10
// quiet minutes — polled every 5 s without ETag (every answer whole), polled with ETag (304
// without a body), or kept by the school's socket (one handshake, then a keep-alive every 30 s
// that the sleeping object answers) — and the bytes of one message round trip (the teacher's
// POST and its answer, the push to the administration's open page). Bytes are counted on the
// wire of plain HTTP/1.1 (no TLS, no compression), requests and answers together.
import net from 'node:net';

const QUIET_MS = 10 * 60 * 1000;
const CHAT_POLL_MS = 5_000;
const KEEP_ALIVE_MS = 30_000;

/** One HTTP/1.1 exchange on its own connection: bytes sent and received, status, headers, body. */
function exchange(port, { method = 'GET', path, headers = {}, body = null }) {
  return new Promise((resolve, reject) => {
    const payload = body === null ? '' : JSON.stringify(body);
    const lines = [
      `${method} ${path} HTTP/1.1`,
      `Host: localhost:${port}`,
      'Connection: close',
      ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
      ...(payload ? ['Content-Type: application/json', `Content-Length: ${Buffer.byteLength(payload)}`] : []),
      '',
      payload,
    ];
    const request = Buffer.from(lines.join('\r\n'));
    const chunks = [];
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => {
      const raw = Buffer.concat(chunks);
      const split = raw.indexOf('\r\n\r\n');
      const head = raw.subarray(0, split).toString('latin1');
      const [statusLine, ...headerLines] = head.split('\r\n');
      const answerHeaders = Object.fromEntries(
        headerLines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
      );
      resolve({
        sent: request.length,
        received: raw.length,
        status: Number(statusLine.split(' ')[1]),
        headers: answerHeaders,
        body: raw.subarray(split + 4).toString('utf8'),
      });
    });
  });
}

/** A WebSocket frame's size on the wire: header, mask (client frames), payload. */
const frameBytes = (payloadBytes, fromClient) =>
  2 + (payloadBytes > 125 ? (payloadBytes > 65535 ? 8 : 2) : 0) + (fromClient ? 4 : 0) + payloadBytes;

/** The socket's opening handshake, counted on the wire, and the socket itself (for the push). */
function openSocket(port, token) {
  return new Promise((resolve, reject) => {
    const key = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64');
    const request = Buffer.from(
      [
        'GET /api/support/socket HTTP/1.1',
        `Host: localhost:${port}`,
        'Upgrade: websocket',
        'Connection: Upgrade',
        `Sec-WebSocket-Key: ${key}`,
        'Sec-WebSocket-Version: 13',
        `Sec-WebSocket-Protocol: portail, bearer.${token}`,
        '',
        '',
      ].join('\r\n'),
    );
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
    let raw = Buffer.alloc(0);
    let handshake = null;
    const frames = [];
    const waiters = [];
    socket.on('data', (chunk) => {
      raw = Buffer.concat([raw, chunk]);
      if (!handshake) {
        const end = raw.indexOf('\r\n\r\n');
        if (end < 0) return;
        const head = raw.subarray(0, end).toString('latin1');
        if (!head.startsWith('HTTP/1.1 101')) return reject(new Error(`socket: ${head.split('\r\n')[0]}`));
        handshake = { sent: request.length, received: end + 4 };
        raw = raw.subarray(end + 4);
        resolve({ handshake, frames, next, send, close: () => socket.destroy() });
      }
      // Unmasked server frames (text, payload under 64 KiB).
      while (raw.length >= 2) {
        let length = raw[1] & 0x7f;
        let offset = 2;
        if (length === 126) {
          if (raw.length < 4) return;
          length = raw.readUInt16BE(2);
          offset = 4;
        }
        if (raw.length < offset + length) return;
        frames.push({ bytes: offset + length, text: raw.subarray(offset, offset + length).toString('utf8') });
        raw = raw.subarray(offset + length);
        waiters.splice(0).forEach((w) => w());
      }
    });
    socket.on('error', reject);
    const next = async (count) => {
      while (frames.length < count) await new Promise((r) => waiters.push(r));
      return frames[count - 1];
    };
    const send = (text) => {
      const payload = Buffer.from(text);
      const mask = crypto.getRandomValues(new Uint8Array(4));
      const frame = Buffer.alloc(2 + 4 + payload.length);
      frame[0] = 0x81;
      frame[1] = 0x80 | payload.length;
      frame.set(mask, 2);
      payload.forEach((b, i) => (frame[6 + i] = b ^ mask[i % 4]));
      socket.write(frame);
    };
  });
}

async function signIn(port, username, password) {
  const res = await exchange(port, { method: 'POST', path: '/api/login', body: { username, password } });
  if (res.status !== 200) throw new Error(`login ${username}: ${res.status}`);
  return JSON.parse(res.body).accessToken;
}

export async function measureSupportChat(port, password) {
  const prof = await signIn(port, 'prof', password);
  const admin = await signIn(port, 'admin', password);
  const auth = (token) => ({ Authorization: `Bearer ${token}` });
  // A conversation of 20 messages, as an open chat holds after some use.
  for (let i = 0; i < 20; i++) {
    const res = await exchange(port, {
      method: 'POST',
      path: '/api/teacher/support-messages',
      headers: { ...auth(prof), 'Idempotency-Key': crypto.randomUUID() },
      body: { content: `Message de mesure numéro ${i + 1} : la salle 3 attend le technicien.` },
    });
    if (res.status !== 201) throw new Error(`send: ${res.status}`);
  }

  const polls = QUIET_MS / CHAT_POLL_MS;
  const whole = await exchange(port, { path: '/api/teacher/support-messages', headers: auth(prof) });
  const unchanged = await exchange(port, {
    path: '/api/teacher/support-messages',
    headers: { ...auth(prof), 'If-None-Match': whole.headers.etag },
  });
  if (unchanged.status !== 304 || unchanged.body !== '') throw new Error(`ETag poll answered ${unchanged.status}`);

  const teacherPage = await openSocket(port, prof);
  const adminPage = await openSocket(port, admin);
  teacherPage.send('ping');
  const pong = await teacherPage.next(1);
  if (pong.text !== 'pong') throw new Error('keep-alive not answered');
  const keepAlives = QUIET_MS / KEEP_ALIVE_MS;
  const socketQuiet =
    teacherPage.handshake.sent + teacherPage.handshake.received + keepAlives * (frameBytes(4, true) + pong.bytes);

  // One round trip: the teacher's POST and answer, the push to the administration's page.
  const sent = await exchange(port, {
    method: 'POST',
    path: '/api/teacher/support-messages',
    headers: { ...auth(prof), 'Idempotency-Key': crypto.randomUUID() },
    body: { content: 'Bonjour, le vidéoprojecteur de la salle 3 ne marche plus.' },
  });
  const push = await adminPage.next(1);
  if (!push.text.includes('"type":"message"')) throw new Error('no push');
  teacherPage.close();
  adminPage.close();

  const result = {
    quietTenMinutes: {
      pollsWithoutEtagBytes: polls * (whole.sent + whole.received),
      pollsWithEtagBytes: polls * (unchanged.sent + unchanged.received),
      socketBytes: socketQuiet,
      polls,
      wholeAnswerBytes: whole.received,
      notModifiedAnswerBytes: unchanged.received,
      handshakeBytes: teacherPage.handshake.sent + teacherPage.handshake.received,
      keepAlives,
    },
    roundTrip: {
      postBytes: sent.sent + sent.received,
      pushBytes: push.bytes,
      totalBytes: sent.sent + sent.received + push.bytes,
    },
  };
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  const q = result.quietTenMinutes;
  console.log(
    `Chat ouvert, 10 minutes sans message (20 messages affichés) : sondage 5 s sans ETag ${kb(q.pollsWithoutEtagBytes)}, avec ETag (304) ${kb(q.pollsWithEtagBytes)}, socket ${q.socketBytes} octets (ouverture ${q.handshakeBytes} o + ${q.keepAlives} ping/pong)`,
  );
  console.log(
    `Un message aller-retour : POST ${result.roundTrip.postBytes} o + poussée ${result.roundTrip.pushBytes} o = ${result.roundTrip.totalBytes} octets`,
  );
  return result;
}
