// `npm run move-school -- <school> <base> [--remote] [--persist-to DIR]`: moves a school (its id
// or one of its hostnames) to another school database (its binding: SCHOOL_DB_2…), with a few
// minutes of maintenance for that school only (worker/db/move.ts, decision 251). Local databases
// by default (the state of `npm start`, PORTAIL_STATE_DIR or --persist-to); --remote: the
// deployed ones, through wrangler's remote bindings (signed in with `npx wrangler login` or
// CLOUDFLARE_API_TOKEN). Safe to run again after a failure: it goes on from where it stopped.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { runnerImport } from 'vite';
import { getPlatformProxy } from 'wrangler';
import {
  configuredDatabases,
  databasesInOrder,
  databasesOnlyConfig,
  DIRECTORY,
  isPlaceholderId,
  WRANGLER_TOML,
} from './lib/cloudflare.mjs';
import { requireNode22, stateDir } from './lib/local.mjs';

const USAGE =
  'Usage : npm run move-school -- <école (id ou nom d’hôte)> <base (SCHOOL_DB_n)> [--remote] [--persist-to DOSSIER]';

function fail(message) {
  console.error(message);
  process.exit(1);
}

requireNode22();
let parsed;
try {
  parsed = parseArgs({
    allowPositionals: true,
    options: { remote: { type: 'boolean', default: false }, 'persist-to': { type: 'string' } },
  });
} catch (error) {
  fail(`${error.message}\n${USAGE}`);
}
const { values, positionals } = parsed;
if (positionals.length !== 2) fail(USAGE);
const [asked, target] = positionals;
const bindings = databasesInOrder().map((d) => d.binding);
if (!bindings.includes(target) || target === DIRECTORY) {
  fail(
    `« ${target} » n’est pas une base d’écoles de ${WRANGLER_TOML} (SCHOOL_DATABASES) : ${bindings.slice(1).join(', ')}`,
  );
}

if (values.remote) {
  const placeholder = configuredDatabases().find((d) => isPlaceholderId(d.id));
  if (placeholder) fail(`La base « ${placeholder.name} » n’est pas encore créée : lancez d’abord \`npm run deploy\`.`);
}

const proxy = await getPlatformProxy({
  configPath: databasesOnlyConfig({ remote: values.remote }),
  ...(values.remote
    ? { persist: false, remoteBindings: true }
    : { persist: { path: `${resolve(values['persist-to'] ?? stateDir())}/v3` }, remoteBindings: false }),
});
let moveModule;
let databases;
let school;
const code = await (async () => {
  try {
    databases = Object.fromEntries(bindings.map((b) => [b, proxy.env[b]]));
    // The school by its id, or by one of its hostnames.
    const found = await databases[DIRECTORY].prepare(
      'SELECT id, name FROM instances WHERE id = ?1 OR hostname = lower(?1) OR EXISTS (SELECT 1 FROM json_each(aliases) WHERE value = lower(?1))',
    )
      .bind(asked)
      .first();
    if (!found) {
      console.error(`Aucune école « ${asked} » dans l’annuaire.`);
      return 1;
    }
    school = found.id;
    ({ module: moveModule } = await runnerImport('./worker/db/move.ts', { configFile: false, logLevel: 'error' }));
    console.log(
      `Déplacement de « ${found.name} » (${found.id}) vers ${target}${values.remote ? ' (bases déployées)' : ''}`,
    );
    const report = await moveModule.moveSchool(databases, found.id, target, {
      log: (line) => console.log(`• ${line}`),
      // Locally the serving portal's runtime holds the same files: busy moments are many.
      attempts: values.remote ? 8 : 40,
    });
    if (report.outcome === 'already') console.log(`L’école est déjà dans ${target} : rien à faire.`);
    else console.log(`Terminé : l’école est servie par ${target}.`);
    if (report.retries) console.log(`(${report.retries} erreur(s) passagère(s) réessayée(s))`);
    return 0;
  } catch (error) {
    console.error(`\nDéplacement interrompu : ${error.message}`);
    // What the school's users see now, read again (the databases may have answered meanwhile).
    const state = moveModule && school ? await moveModule.moveState(databases, school).catch(() => null) : null;
    if (state?.kind === 'maintenance')
      console.error(
        `L’école reste en maintenance dans ${state.database} : relancez la même commande, elle reprend là où elle s’est arrêtée.`,
      );
    else if (state?.kind === 'switched')
      console.error(
        `L’école est déjà servie par ${state.database} (pas de maintenance) ; des lignes restent dans ${state.leftovers.join(', ')} : relancez la même commande pour les supprimer.`,
      );
    else if (state?.kind === 'open')
      console.error(
        `L’école n’est pas en maintenance : elle reste servie par ${state.database}, rien n’a changé pour ses utilisateurs.`,
      );
    else console.error('Relancez la même commande : elle reprend là où elle s’est arrêtée.');
    return 1;
  } finally {
    await proxy.dispose();
  }
})();
process.exit(code);
