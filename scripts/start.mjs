// `npm start`: the production build (service worker active) on workerd with local D1, Durable
// Objects and R2, migrations applied and demo schools seeded. `npm run dev`: the same data with
// Vite's hot reload. PORT changes the port (default 8787). Works without internet.
import { spawn, spawnSync } from 'node:child_process';
import { banner, ensureDevVars, prepareLocalDatabase, requireNode22 } from './lib/local.mjs';

requireNode22();
const dev = process.argv.includes('--dev');
const port = Number(process.env.PORT ?? 8787);
const url = `http://localhost:${port}/`;
const started = Date.now();

ensureDevVars();
const firstUse = await prepareLocalDatabase();
if (firstUse) {
  console.log('  Premier lancement : une vingtaine de secondes en tout (jusqu’à une minute sur une machine lente).');
}

// The worker never reads request.cf: workerd is told not to fetch it from workers.cloudflare.com,
// which would fail with a stack trace on a machine without internet.
const env = { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: process.env.CLOUDFLARE_CF_FETCH_ENABLED ?? 'false' };
const vite = (args) =>
  spawn(process.execPath, ['node_modules/vite/bin/vite.js', ...args], { stdio: ['inherit', 'pipe', 'inherit'], env });

if (!dev) {
  console.log('• Construction de l’application (production)…');
  const build = vite(['build', '--logLevel', 'warn']);
  build.stdout.pipe(process.stdout);
  const code = await new Promise((resolve) => build.on('exit', resolve));
  if (code !== 0) process.exit(code ?? 1);
}

const server = vite(dev ? ['dev'] : ['preview']);
server.stdout.on('data', () => {});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));

// Announce the portal once it answers.
for (let i = 0; i < 120; i++) {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/api/instance/default`);
    if (res.ok) {
      // The demo's support conversations live in the schools' Durable Objects: written through
      // the portal itself, once, on first use (scripts/lib/seed-demo-chat.mjs).
      if (firstUse) {
        const chat = spawnSync(process.execPath, ['scripts/lib/seed-demo-chat.mjs', String(port)], {
          encoding: 'utf8',
          env,
        });
        if (chat.status !== 0)
          process.stderr.write(`La conversation de démonstration n'a pas pu être créée.\n${chat.stderr}`);
      }
      console.log(banner(url));
      console.log(`  Prêt en ${Math.round((Date.now() - started) / 1000)} s.\n`);
      break;
    }
  } catch {
    // not up yet
  }
  await new Promise((r) => setTimeout(r, 500));
}
