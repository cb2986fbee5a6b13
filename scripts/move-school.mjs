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
const code = await (async () => {
  try {
    const databases = Object.fromEntries(bindings.map((b) => [b, proxy.env[b]]));
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
    const { module } = await runnerImport('./worker/db/move.ts', { configFile: false, logLevel: 'error' });
    console.log(
      `Déplacement de « ${found.name} » (${found.id}) vers ${target}${values.remote ? ' (bases déployées)' : ''}`,
    );
    const report = await module.moveSchool(databases, found.id, target, { log: (line) => console.log(`• ${line}`) });
    if (report.outcome === 'already') console.log(`L’école est déjà dans ${target} : rien à faire.`);
    else console.log(`Terminé : l’école est servie par ${target}.`);
    return 0;
  } catch (error) {
    console.error(`\nDéplacement interrompu : ${error.message}`);
    console.error(
      'Relancez la même commande : elle reprend là où elle s’est arrêtée (l’école reste en maintenance d’ici là).',
    );
    return 1;
  } finally {
    await proxy.dispose();
  }
})();
process.exit(code);
