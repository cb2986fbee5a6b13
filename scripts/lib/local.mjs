// The local portal's state: secrets, migrations and demo data, shared by start, e2e and bench.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../demo-accounts.ts';
import { databasesInOrder, DIRECTORY } from './cloudflare.mjs';
import { d1Query, wrangler } from './wrangler.mjs';

/** scripts/demo/seed.ts DEMO_EXPIRY_DAYS and AURORE_DEMO (this plain module cannot load the TypeScript seed). */
const DEMO_EXPIRY_DAYS = 5;
const AURORE_DEMO_ID = 'demo-ecole-2';

/** Where local D1, Durable Objects and R2 keep their data (PORTAIL_STATE_DIR to change). */
export const stateDir = () => process.env.PORTAIL_STATE_DIR ?? '.wrangler/state';

export function requireNode22() {
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major < 22 || (major === 22 && minor < 18)) {
    console.error(
      `Node.js ${process.versions.node} détecté : le portail demande Node.js 22.18 ou plus récent (voir .nvmrc).`,
    );
    process.exit(1);
  }
}

/** A random JWT secret in .dev.vars, made once per checkout. */
export function ensureDevVars() {
  if (existsSync('.dev.vars') && /JWT_SECRET=\S+/.test(readFileSync('.dev.vars', 'utf8'))) return;
  writeFileSync('.dev.vars', `JWT_SECRET=${randomBytes(32).toString('hex')}\n`);
  console.log('• Secret de session local créé dans .dev.vars');
}

/**
 * Applies the migrations to every local database (the directory and each school database,
 * decision 171 "Design as built") and seeds the demo schools the first time; answers whether it
 * was the first time.
 */
export async function prepareLocalDatabase() {
  const where = ['--local', '--persist-to', stateDir()];
  console.log('• Migrations des bases locales (annuaire et bases d’écoles)…');
  for (const { binding } of databasesInOrder()) {
    wrangler(['d1', 'migrations', 'apply', binding, ...where], { capture: true });
  }
  const [{ count }] = d1Query('SELECT COUNT(*) AS count FROM instances', where, DIRECTORY);
  if (count > 0) {
    // The second demo school's access ends in five days from every start: its banner shows, it never locks.
    const [aurore] = d1Query(`SELECT shard FROM instances WHERE id = '${AURORE_DEMO_ID}'`, where, DIRECTORY);
    if (aurore) {
      const end = new Date(Date.now() + DEMO_EXPIRY_DAYS * 86_400_000).toISOString();
      d1Query(
        `UPDATE instances SET expires_at = '${end}' WHERE id = '${AURORE_DEMO_ID}'`,
        where,
        aurore.shard ?? DIRECTORY,
      );
    }
    return false;
  }
  console.log('• Première utilisation : création des écoles de démonstration…');
  // Its own process, its output shown only on failure: the local bindings' runtime talks about
  // the Durable Objects it does not serve (harmless, the seed never calls them).
  const seed = spawnSync(process.execPath, ['scripts/lib/seed-demo.mjs'], { encoding: 'utf8', env: process.env });
  if (seed.status !== 0) {
    process.stderr.write(seed.stdout + seed.stderr);
    throw new Error('La création des écoles de démonstration a échoué.');
  }
  return true;
}

export function banner(url) {
  const width = Math.max(...DEMO_ACCOUNTS.map((a) => a.username.length));
  return [
    '',
    '  Portail scolaire prêt',
    `  École 1 (Collège Démo) :          ${url}`,
    `  École 2 (École Nouvelle Aurore) : ${url.replace('//localhost:', '//ecole2.localhost:')}`,
    '',
    `  Comptes de démonstration (mot de passe : ${DEMO_PASSWORD})`,
    ...DEMO_ACCOUNTS.map((a) => `    ${a.username.padEnd(width)}  ${a.label}`),
    '',
  ].join('\n');
}
