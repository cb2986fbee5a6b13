// Writes the demo support conversations (scripts/demo/communications.ts) through the running
// portal's API, once it answers: the chat lives in each school's Durable Object, which the seed's
// local bindings do not serve. Run by `npm start` / `npm run dev` on first use; each school is
// reached on 127.0.0.1 with its own Host (the demo schools' hostnames).
import http from 'node:http';
import { runnerImport } from 'vite';

const { module } = await runnerImport('./scripts/demo/communications.ts', { configFile: false, logLevel: 'error' });
// The demo's resources keep their files in R2: written through the portal too (scripts/demo/resources.ts).
const resources = (await runnerImport('./scripts/demo/resources.ts', { configFile: false, logLevel: 'error' })).module;
const { DEMO_PASSWORD } = (await runnerImport('./scripts/demo-accounts.ts', { configFile: false, logLevel: 'error' }))
  .module;
const port = Number(process.argv[2] ?? 8787);

const callOn = (host) => (method, path, token, body) =>
  new Promise((resolve, reject) => {
    const data = body === undefined ? null : JSON.stringify(body);
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        headers: {
          Host: `${host}:${port}`,
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
          ...(data ? { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(data) } : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => {
          let json = null;
          try {
            json = text ? JSON.parse(text) : null;
          } catch {
            // not JSON
          }
          resolve({ status: res.statusCode ?? 0, json });
        });
      },
    );
    req.on('error', reject);
    if (data) req.write(data);
    req.end();
  });

for (const host of ['localhost', 'ecole2.localhost']) {
  await module.seedDemoChat(callOn(host), DEMO_PASSWORD);
  await resources.seedDemoResources(callOn(host), DEMO_PASSWORD);
}
