// `npm start`: the production build (service worker active) on workerd with local D1, Durable
// Objects and R2, migrations applied and demo schools seeded. `npm run dev`: the same data with
// Vite's hot reload. PORT changes the port (default 8787).
import { spawn } from 'node:child_process';
import { banner, ensureDevVars, prepareLocalDatabase, requireNode22 } from './lib/local.mjs';

requireNode22();
const dev = process.argv.includes('--dev');
const port = Number(process.env.PORT ?? 8787);
const url = `http://localhost:${port}/`;

ensureDevVars();
await prepareLocalDatabase();

const vite = (args) =>
  spawn(process.execPath, ['node_modules/vite/bin/vite.js', ...args], { stdio: ['inherit', 'pipe', 'inherit'] });

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
      console.log(banner(url));
      break;
    }
  } catch {
    // not up yet
  }
  await new Promise((r) => setTimeout(r, 500));
}
