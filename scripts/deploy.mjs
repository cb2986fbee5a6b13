// `npm run deploy`: publishes the portal to the Cloudflare account wrangler is signed in to
// (docs/deploy.md). Creates what is missing (the D1 databases: the directory and each school
// database of SCHOOL_DATABASES; the R2 bucket; the JWT_SECRET secret), applies the migrations to
// every database, builds and deploys. Never creates demo data.
// `--dry-run` prints the commands of each step without running any of them.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import {
  BUCKET_NAME,
  configuredDatabases,
  databasesInOrder,
  isPlaceholderId,
  WRANGLER_TOML,
  writeDatabaseId,
} from './lib/cloudflare.mjs';
import { requireNode22, vapidPrivateJwk } from './lib/local.mjs';
import { parseJsonOutput, wrangler, wranglerResult } from './lib/wrangler.mjs';

const dryRun = process.argv.includes('--dry-run');

/** Where the Cloudflare Vite plugin writes its pointer to the built Worker's config: the Vite
 *  root (web/, see vite.config.ts), not the project root, so `wrangler deploy` gets --config. */
const DEPLOY_POINTER = 'web/.wrangler/deploy/config.json';
const BUILT_CONFIG = 'dist/ecole_portail/wrangler.json';

const COMMANDS = {
  whoami: ['whoami', '--json'],
  listDatabases: ['d1', 'list', '--json'],
  createDatabase: (name) => ['d1', 'create', name],
  bucketInfo: ['r2', 'bucket', 'info', BUCKET_NAME, '--json'],
  createBucket: ['r2', 'bucket', 'create', BUCKET_NAME],
  listSecrets: ['secret', 'list', '--format', 'json'],
  putSecret: ['secret', 'put', 'JWT_SECRET'],
  putVapid: ['secret', 'put', 'VAPID_PRIVATE_JWK'],
  migrate: (binding) => ['d1', 'migrations', 'apply', binding, '--remote'],
  deploy: (config) => ['deploy', '--config', config],
};
const VITE_BUILD = ['node_modules/vite/bin/vite.js', 'build'];

const shown = (args) => `npx wrangler ${args.join(' ')}`;
const indent = (text) => text.trim().replace(/^/gm, '    ');

// ------------------------------------------------------------------------------ steps

/** Node 22.18 or newer: wrangler and the scripts' TypeScript imports need it. */
function checkNode() {
  requireNode22();
  console.log(`  Node.js ${process.versions.node} : correct.`);
}

/** A Cloudflare session (or CLOUDFLARE_API_TOKEN), and one account to deploy to. */
function checkLogin() {
  const result = wranglerResult(COMMANDS.whoami);
  let who = null;
  try {
    who = parseJsonOutput(result.stdout);
  } catch {
    // Not JSON: reported below as not signed in.
  }
  if (result.status !== 0 || !who?.loggedIn) {
    throw new Error(
      'wrangler n’est connecté à aucun compte Cloudflare.\n' +
        '  Connectez-vous une fois avec `npx wrangler login` (un navigateur s’ouvre pour autoriser wrangler),\n' +
        '  ou définissez CLOUDFLARE_API_TOKEN (et CLOUDFLARE_ACCOUNT_ID) pour un déploiement automatisé,\n' +
        '  puis relancez `npm run deploy`.' +
        (result.stderr.trim() ? `\n\nRéponse de wrangler :\n${indent(result.stderr)}` : ''),
    );
  }
  const accounts = who.accounts ?? [];
  const chosen = process.env.CLOUDFLARE_ACCOUNT_ID;
  if (accounts.length > 1 && !chosen) {
    throw new Error(
      'Ce compte a accès à plusieurs comptes Cloudflare ; indiquez celui du portail :\n' +
        accounts.map((a) => `    ${a.id}  ${a.name}`).join('\n') +
        '\n  puis relancez avec CLOUDFLARE_ACCOUNT_ID=<id> npm run deploy',
    );
  }
  const account = accounts.find((a) => a.id === chosen) ?? accounts[0];
  console.log(
    `  Connecté${who.email ? ` en tant que ${who.email}` : ''}${account ? `, compte « ${account.name} » (${account.id})` : ''}.`,
  );
}

/** The D1 databases (directory, then school databases), created when missing; their ids go into wrangler.toml. */
function ensureDatabases() {
  const list = () => parseJsonOutput(wrangler(COMMANDS.listDatabases, { capture: true }));
  let existing = list();
  for (const { binding, name, id: configured } of databasesInOrder()) {
    let database = existing.find((db) => db.name === name);
    if (database) {
      console.log(`  La base « ${name} » (${binding}) existe (${database.uuid}).`);
    } else {
      console.log(`  Création de la base « ${name} » (${binding})…`);
      wrangler(COMMANDS.createDatabase(name), { capture: true });
      existing = list();
      database = existing.find((db) => db.name === name);
      if (!database)
        throw new Error(
          `La base « ${name} » a été créée mais n’apparaît pas dans \`${shown(COMMANDS.listDatabases)}\`.`,
        );
      console.log(`  Base créée (${database.uuid}).`);
    }
    if (configured === database.uuid) continue;
    if (!isPlaceholderId(configured)) {
      throw new Error(
        `${WRANGLER_TOML} désigne la base ${configured} pour ${binding}, mais la base « ${name} » de ce compte est ${database.uuid}.\n` +
          '  Vérifiez le compte Cloudflare utilisé (`npx wrangler whoami`). Si la base de wrangler.toml a été supprimée,\n' +
          `  remettez un database_id provisoire (00000000-0000-0000-0000-…) dans ${WRANGLER_TOML} et relancez.`,
      );
    }
    writeDatabaseId(binding, database.uuid);
    console.log(`  database_id de ${binding} écrit dans ${WRANGLER_TOML} : à committer avec le reste du code.`);
  }
}

/** The R2 bucket of logos and resources, created when missing. */
function ensureBucket() {
  const info = wranglerResult(COMMANDS.bucketInfo);
  if (info.status === 0) {
    console.log(`  Le bucket « ${BUCKET_NAME} » existe.`);
    return;
  }
  const output = info.stdout + info.stderr;
  if (!/does not exist|10006|not found/i.test(output)) {
    throw new Error(`Impossible de lire le bucket « ${BUCKET_NAME} » :\n${indent(output)}`);
  }
  console.log(`  Création du bucket « ${BUCKET_NAME} »…`);
  wrangler(COMMANDS.createBucket, { capture: true });
  console.log('  Bucket créé.');
}

/** The session signing secret, generated once: replacing it would sign everyone out. */
function ensureJwtSecret() {
  const list = wranglerResult(COMMANDS.listSecrets);
  let names = [];
  if (list.status === 0) {
    names = parseJsonOutput(list.stdout).map((s) => s.name);
  } else if (!/not found/i.test(list.stdout + list.stderr)) {
    throw new Error(`Impossible de lire les secrets du Worker :\n${indent(list.stdout + list.stderr)}`);
  }
  // A Worker not deployed yet has no secrets; `secret put` creates it as an empty draft.
  if (names.includes('JWT_SECRET')) {
    console.log('  Le secret JWT_SECRET existe : il est conservé.');
  } else {
    console.log('  Génération d’un secret JWT_SECRET aléatoire (64 caractères hexadécimaux)…');
    wrangler(COMMANDS.putSecret, { input: randomBytes(32).toString('hex') });
    console.log('  Secret enregistré dans Cloudflare (il n’est écrit nulle part ailleurs).');
  }
  // The key that signs the families' alerts (decision 361): replacing it would unsubscribe every phone.
  if (names.includes('VAPID_PRIVATE_JWK')) {
    console.log('  Le secret VAPID_PRIVATE_JWK existe : il est conservé.');
    return;
  }
  console.log('  Génération de la clé VAPID des alertes (P-256, JWK)…');
  wrangler(COMMANDS.putVapid, { input: vapidPrivateJwk() });
  console.log('  Clé enregistrée dans Cloudflare.');
}

/** Migrations not yet applied to each remote database (the same set on every one), in order.
 *  Running `npm run deploy` is the confirmation: wrangler's own question is skipped, as in CI (a
 *  declined question would let the new code go out on the old schema). D1 keeps a Time Travel
 *  restore point per database (docs/deploy.md). */
function applyMigrations() {
  for (const { binding } of databasesInOrder()) {
    console.log(`  ${binding}`);
    wrangler(COMMANDS.migrate(binding), { prompts: false });
  }
}

/** The production build: client assets, service worker and the Worker with its output config. */
function build() {
  const result = spawnSync(process.execPath, VITE_BUILD, { stdio: 'inherit' });
  if (result.status !== 0) throw new Error('La construction de l’application a échoué.');
}

/** The Worker config the build wrote, found through the Vite plugin's pointer file. */
function builtConfigPath() {
  if (!existsSync(DEPLOY_POINTER))
    throw new Error(`${DEPLOY_POINTER} est absent : la construction n’a pas produit de configuration.`);
  const { configPath } = JSON.parse(readFileSync(DEPLOY_POINTER, 'utf8'));
  return relative(process.cwd(), resolve(dirname(DEPLOY_POINTER), configPath));
}

/** Uploads the Worker and its assets with the built config (never the source wrangler.toml). */
function deploy() {
  const config = builtConfigPath();
  const built = JSON.parse(readFileSync(config, 'utf8'));
  for (const { binding, id } of configuredDatabases()) {
    if (built.d1_databases?.find((d) => d.binding === binding)?.database_id !== id)
      throw new Error(
        `${config} ne porte pas le database_id de ${binding} de ${WRANGLER_TOML} : relancez la construction.`,
      );
  }
  wrangler(COMMANDS.deploy(config));
}

// ------------------------------------------------------------------------------ plan

const steps = [
  { title: 'Vérification de Node.js (22.18 ou plus récent)', commands: [], run: checkNode },
  { title: 'Vérification de la connexion à Cloudflare', commands: [shown(COMMANDS.whoami)], run: checkLogin },
  {
    title: 'Bases D1 (annuaire et bases d’écoles)',
    commands: [
      shown(COMMANDS.listDatabases),
      ...databasesInOrder().map(
        (d) => `${shown(COMMANDS.createDatabase(d.name))}    (${d.binding}, si elle n’existe pas)`,
      ),
      `puis database_id (uuid de chaque base) écrit dans ${WRANGLER_TOML} à la place de l’identifiant provisoire`,
    ],
    run: ensureDatabases,
  },
  {
    title: `Bucket R2 « ${BUCKET_NAME} »`,
    commands: [shown(COMMANDS.bucketInfo), `${shown(COMMANDS.createBucket)}    (s’il n’existe pas)`],
    run: ensureBucket,
  },
  {
    title: 'Secrets JWT_SECRET et VAPID_PRIVATE_JWK',
    commands: [
      shown(COMMANDS.listSecrets),
      `${shown(COMMANDS.putSecret)}    (s’il est absent ; valeur aléatoire sur l’entrée standard)`,
      `${shown(COMMANDS.putVapid)}    (s’il est absent ; clé P-256 neuve sur l’entrée standard)`,
    ],
    run: ensureJwtSecret,
  },
  {
    title: 'Migrations de chaque base distante',
    commands: databasesInOrder().map((d) => shown(COMMANDS.migrate(d.binding))),
    run: applyMigrations,
  },
  { title: 'Construction de l’application (production)', commands: [`npx vite build`], run: build },
  {
    title: 'Publication du Worker',
    commands: [
      `${shown(COMMANDS.deploy(BUILT_CONFIG))}    (configuration produite par la construction, lue dans ${DEPLOY_POINTER})`,
    ],
    run: deploy,
  },
];

function printPlan() {
  console.log('Déploiement du portail — simulation (--dry-run) : aucune commande n’est exécutée.\n');
  steps.forEach((step, i) => {
    console.log(`Étape ${i + 1}/${steps.length} : ${step.title}`);
    for (const command of step.commands) console.log(`  ${command}`);
    if (step.commands.length === 0) console.log('  (contrôle local, sans commande)');
  });
  console.log(`\nbases D1 actuellement dans ${WRANGLER_TOML} :`);
  for (const d of databasesInOrder()) console.log(`  ${d.binding.padEnd(12)} ${d.name} ${d.id}`);
  console.log('Aucune donnée de démonstration n’est créée. Premier superadmin : npm run create-superadmin -- <nom>');
}

function runAll() {
  console.log('Déploiement du portail sur Cloudflare');
  for (const [i, step] of steps.entries()) {
    console.log(`\nÉtape ${i + 1}/${steps.length} : ${step.title}`);
    step.run();
  }
  console.log(
    [
      '',
      'Le portail est publié (adresse ci-dessus). Aucune donnée de démonstration n’a été créée.',
      'Premier déploiement ? Créez le premier superadmin : npm run create-superadmin -- <nom>',
      '',
    ].join('\n'),
  );
}

if (dryRun) {
  requireNode22();
  printPlan();
} else {
  try {
    runAll();
  } catch (error) {
    console.error(`\nDéploiement interrompu : ${error.message}`);
    process.exit(1);
  }
}
