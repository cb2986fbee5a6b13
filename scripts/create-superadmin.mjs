// `npm run create-superadmin -- <username> [--remote|--local] [--persist-to DIR]`: creates a
// platform superadmin with a random temporary password, shown once, that must be replaced at the
// first sign-in and expires after 7 days (product decisions, "Schools, accounts and sign-in").
// The default target is the deployed databases (--remote); --local writes to the local ones. The
// account lives in the directory; its name is first reserved in every school database, each of
// which refuses it if one of its school accounts holds it (decision 250).
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { generateTemporaryPassword, hashPassword } from '../worker/auth/password.ts';
import { databasesInOrder, DIRECTORY, isPlaceholderId } from './lib/cloudflare.mjs';
import { requireNode22 } from './lib/local.mjs';
import { insertRows, q } from './lib/sql.mjs';
import { d1ExecuteStatements, d1Query } from './lib/wrangler.mjs';

/** The same rule as the school account form (worker/routes/users.ts). */
const USERNAME = /^[\p{L}\p{N}._-]{3,50}$/u;
const TEMP_PASSWORD_DAYS = 7;

const USAGE = 'Usage : npm run create-superadmin -- <nom_utilisateur> [--remote|--local] [--persist-to DOSSIER]';

function fail(message) {
  console.error(message);
  process.exit(1);
}

function readOptions() {
  let parsed;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: {
        remote: { type: 'boolean', default: false },
        local: { type: 'boolean', default: false },
        'persist-to': { type: 'string' },
      },
    });
  } catch (error) {
    fail(`${error.message}\n${USAGE}`);
  }
  const { values, positionals } = parsed;
  if (positionals.length !== 1) fail(USAGE);
  const [username] = positionals;
  if (!USERNAME.test(username)) {
    fail(
      `Nom d'utilisateur invalide : « ${username} ». Utilisez 3 à 50 lettres, chiffres, points, tirets ou soulignés.`,
    );
  }
  if (values.remote && values.local) fail('Choisissez --remote ou --local, pas les deux.');
  if (values['persist-to'] && !values.local) fail('--persist-to ne s’utilise qu’avec --local.');
  const where = values.local
    ? ['--local', ...(values['persist-to'] ? ['--persist-to', values['persist-to']] : [])]
    : ['--remote'];
  return { username, where, remote: !values.local };
}

/** Who already holds the name: a platform account, or a school account (in any database) that it would shadow. */
function holderOf(username, where) {
  const name = q(username);
  const [platform] = d1Query(`SELECT id FROM platform_users WHERE username = ${name} COLLATE NOCASE`, where, DIRECTORY);
  if (platform) return 'platform';
  // Sign-in looks platform accounts up first: a school account of that name could no longer sign in.
  for (const { binding } of databasesInOrder()) {
    const [school] = d1Query(
      `SELECT instance_id FROM users WHERE username = ${name} COLLATE NOCASE LIMIT 1`,
      where,
      binding,
    );
    if (school) return 'school';
  }
  return null;
}

/**
 * The name reserved in a school database, unless one of its school accounts holds it (the guard
 * aborts the file: decision 041's write guards). From then on that database refuses a school
 * account of this name.
 */
const reservation = (username) => [
  `INSERT INTO write_guards (ok) VALUES (CASE WHEN EXISTS (SELECT 1 FROM users WHERE username = ${q(username)} COLLATE NOCASE) THEN 0 ELSE 1 END);`,
  `INSERT OR IGNORE INTO reserved_usernames (username) VALUES (${q(username)});`,
];

requireNode22();
const { username, where, remote } = readOptions();

if (remote && databasesInOrder().some((d) => isPlaceholderId(d.id))) {
  fail(
    'Les bases D1 distantes ne sont pas encore configurées (database_id provisoires dans wrangler.toml).\n' +
      'Lancez d’abord `npm run deploy`, ou ajoutez --local pour la base locale.',
  );
}

console.log(`• Vérification du nom « ${username} » (${remote ? 'base distante' : 'base locale'})…`);
let holder;
try {
  holder = holderOf(username, where);
} catch {
  fail(
    'Impossible de lire la table des comptes. Les migrations sont-elles appliquées ?\n' +
      (remote ? '  npm run deploy' : '  npm start (ou : npx wrangler d1 migrations apply <base> --local)'),
  );
}
if (holder === 'platform') fail(`Le compte de plateforme « ${username} » existe déjà. Aucun compte n’a été créé.`);
if (holder === 'school') {
  fail(
    `Le nom « ${username} » est déjà celui d’un compte d’école : un superadmin de ce nom l’empêcherait de se connecter.\n` +
      'Choisissez un autre nom. Aucun compte n’a été créé.',
  );
}

const temporaryPassword = generateTemporaryPassword();
const expiresAt = new Date(Date.now() + TEMP_PASSWORD_DAYS * 24 * 60 * 60 * 1000).toISOString();
const row = {
  id: randomUUID(),
  username,
  password_hash: await hashPassword(temporaryPassword),
  account_type: 'superadmin',
  status: 'temporary_password',
  token_version: 0,
  temp_password_expires_at: expiresAt,
};

console.log('• Création du compte…');
try {
  for (const { binding } of databasesInOrder().slice(1)) d1ExecuteStatements(reservation(username), where, binding);
  d1ExecuteStatements(insertRows('platform_users', [row]), where, DIRECTORY);
} catch {
  fail(
    `La création du compte « ${username} » a échoué (voir le message de wrangler ci-dessus). Aucun mot de passe n’a été émis.`,
  );
}

const expiry = new Date(expiresAt).toLocaleString('fr-FR', { dateStyle: 'long', timeStyle: 'short' });
console.log(
  [
    '',
    '  Superadmin créé.',
    '',
    `    Nom d'utilisateur :       ${username}`,
    `    Mot de passe temporaire : ${temporaryPassword}`,
    '',
    '  Ce mot de passe n’est affiché qu’une seule fois : notez-le et transmettez-le de façon sûre.',
    '  Il est temporaire : à la première connexion, le portail demande d’en choisir un nouveau,',
    `  et il expire le ${expiry} s’il n’a pas été changé.`,
    '',
  ].join('\n'),
);
