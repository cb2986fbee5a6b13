// The local portal's state: secrets, migrations and demo data, shared by start, e2e and bench.
import { createHash, createHmac, generateKeyPairSync, randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { DEMO_ACCOUNTS, DEMO_GUARDIAN, DEMO_PASSWORD } from '../demo-accounts.ts';
import { databasesInOrder } from './cloudflare.mjs';

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

/** A VAPID private key (P-256, as a JWK) for the families' alerts (decision 361). */
export const vapidPrivateJwk = () =>
  JSON.stringify(generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'jwk' }));

/** A random JWT secret and a VAPID key pair in .dev.vars, made once per checkout. */
export function ensureDevVars() {
  const vars = existsSync('.dev.vars') ? readFileSync('.dev.vars', 'utf8') : '';
  if (!/JWT_SECRET=\S+/.test(vars)) {
    appendFileSync('.dev.vars', `JWT_SECRET=${randomBytes(32).toString('hex')}\n`);
    console.log('• Secret de session local créé dans .dev.vars');
  }
  if (!/VAPID_PRIVATE_JWK=\S+/.test(vars)) {
    appendFileSync('.dev.vars', `VAPID_PRIVATE_JWK='${vapidPrivateJwk()}'\n`);
    console.log('• Clé VAPID locale des alertes créée dans .dev.vars');
  }
}

/**
 * The local file of each D1 database (the directory first, then the school databases), as
 * miniflare names it: the SQLite file of the Durable Object named by the binding's database_id
 * (its id derived the way workerd's idFromName derives it). For scripts that write a local
 * database straight with node:sqlite (the scale seed): a school's rows go to its school
 * database's file, its directory row (with `shard`) to the directory's.
 */
export function localDatabaseFiles(state = stateDir()) {
  const key = createHash('sha256').update('miniflare-D1DatabaseObject').digest();
  const objectId = (name) => {
    const named = createHmac('sha256', key).update(name).digest().subarray(0, 16);
    const mac = createHmac('sha256', key).update(named).digest().subarray(0, 16);
    return Buffer.concat([named, mac]).toString('hex');
  };
  return databasesInOrder().map(({ binding, id }) => ({
    binding,
    path: join(state, 'v3', 'd1', 'miniflare-D1DatabaseObject', `${objectId(id ?? binding)}.sqlite`),
  }));
}

/**
 * Applies the migrations to every local database (the directory and each school database,
 * decision 171 "Design as built") and seeds the demo schools the first time, in one process
 * (scripts/lib/prepare-local.mjs, its output shown only on failure: the local bindings' runtime
 * is talkative); answers whether it was the first time.
 */
export async function prepareLocalDatabase() {
  console.log('• Migrations des bases locales (annuaire et bases d’écoles)…');
  // On a loaded machine the local runtime may drop a large batch ('fetch failed'): the seed goes on
  // from where it stopped (scripts/demo/seed.ts), so the preparation is run again, up to 3 times.
  for (let attempt = 1; ; attempt++) {
    const run = spawnSync(process.execPath, ['scripts/lib/prepare-local.mjs'], { encoding: 'utf8', env: process.env });
    const outcome = run.stdout.trim().split('\n').at(-1);
    if (run.status === 0 && (outcome === 'first' || outcome === 'again')) {
      if (outcome === 'first') console.log('• Première utilisation : écoles de démonstration créées.');
      return outcome === 'first';
    }
    if (attempt === 3 || !/fetch failed|other side closed/.test(run.stderr)) {
      process.stderr.write(run.stdout + run.stderr);
      throw new Error('La préparation des bases locales (migrations, écoles de démonstration) a échoué.');
    }
  }
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
    `  Parent (un enfant dans chaque école) : téléphone ${DEMO_GUARDIAN.typed} (${DEMO_GUARDIAN.name}), même mot de passe`,
    '',
  ].join('\n');
}
