// The deployment's Cloudflare resources as wrangler.toml names them, shared by the deploy,
// first-superadmin, start and move scripts (docs/deploy.md). The D1 databases: the directory
// (binding DIRECTORY) and the school databases SCHOOL_DATABASES names (decision 171, "Design as
// built"); every one gets the same migrations.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const WRANGLER_TOML = 'wrangler.toml';
export const BUCKET_NAME = 'ecole-portail-files';
/** The binding of the directory database. */
export const DIRECTORY = 'DIRECTORY';
/** wrangler.toml's ids before the first deploy: one per database, so that each is its own locally. */
export const PLACEHOLDER_PREFIX = '00000000-0000-0000-0000-';
export const isPlaceholderId = (id) => !id || id.startsWith(PLACEHOLDER_PREFIX);

const readToml = () => readFileSync(WRANGLER_TOML, 'utf8');

/** The [[d1_databases]] blocks of wrangler.toml, with their position. */
function databaseBlocks(toml) {
  return [...toml.matchAll(/^\[\[d1_databases\]\][\s\S]*?(?=^\[|(?![\s\S]))/gm)];
}

const field = (block, name) => new RegExp(`^${name}\\s*=\\s*"([^"]*)"`, 'm').exec(block)?.[1] ?? null;

/** Every D1 database wrangler.toml declares: its binding, name and id, in order. */
export function configuredDatabases(toml = readToml()) {
  return databaseBlocks(toml).map((m) => ({
    binding: field(m[0], 'binding'),
    name: field(m[0], 'database_name'),
    id: field(m[0], 'database_id'),
  }));
}

/** The school databases' bindings, in the order of SCHOOL_DATABASES. */
export function schoolDatabaseBindings(toml = readToml()) {
  const list = /^SCHOOL_DATABASES\s*=\s*"([^"]*)"/m.exec(toml)?.[1] ?? '';
  const bindings = [...new Set(list.split(/[\s,]+/).filter(Boolean))];
  const declared = new Set(configuredDatabases(toml).map((d) => d.binding));
  const missing = bindings.filter((b) => !declared.has(b));
  if (missing.length)
    throw new Error(`SCHOOL_DATABASES nomme des bases absentes de ${WRANGLER_TOML} : ${missing.join(', ')}`);
  if (!bindings.length) throw new Error(`SCHOOL_DATABASES ne nomme aucune base d’écoles dans ${WRANGLER_TOML}.`);
  return bindings;
}

/** The directory first, then the school databases: the order migrations and clean-ups take. */
export function databasesInOrder(toml = readToml()) {
  const all = configuredDatabases(toml);
  const directory = all.find((d) => d.binding === DIRECTORY);
  if (!directory) throw new Error(`${WRANGLER_TOML} ne déclare pas la base annuaire (binding « ${DIRECTORY} »).`);
  return [directory, ...schoolDatabaseBindings(toml).map((binding) => all.find((d) => d.binding === binding))];
}

/** wrangler.toml with one database's database_id replaced (nothing else changes). */
export function withDatabaseId(toml, binding, databaseId) {
  const block = databaseBlocks(toml).find((m) => field(m[0], 'binding') === binding);
  if (!block) throw new Error(`${WRANGLER_TOML} ne déclare pas la base « ${binding} ».`);
  const updated = block[0].replace(/^(database_id\s*=\s*")[^"]*(")/m, `$1${databaseId}$2`);
  return toml.slice(0, block.index) + updated + toml.slice(block.index + block[0].length);
}

export function writeDatabaseId(binding, databaseId) {
  writeFileSync(WRANGLER_TOML, withDatabaseId(readToml(), binding, databaseId));
}

/**
 * A wrangler config naming only the D1 databases of wrangler.toml (the same ids, so the same local
 * files) and SCHOOL_DATABASES: for scripts that reach the databases through getPlatformProxy
 * without the Worker and its Durable Objects. With `remote`, each binding is the deployed database.
 */
export function databasesOnlyConfig({ remote = false } = {}) {
  const toml = readToml();
  const path = join(mkdtempSync(join(tmpdir(), 'ecole-d1-')), 'wrangler.json');
  writeFileSync(
    path,
    JSON.stringify({
      name: 'ecole-portail-databases',
      compatibility_date: /^compatibility_date\s*=\s*"([^"]*)"/m.exec(toml)?.[1],
      vars: { SCHOOL_DATABASES: schoolDatabaseBindings(toml).join(' ') },
      d1_databases: configuredDatabases(toml).map((d) => ({
        binding: d.binding,
        database_name: d.name,
        database_id: d.id,
        ...(remote ? { remote: true } : {}),
      })),
    }),
  );
  return path;
}
