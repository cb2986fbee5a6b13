// The deployment's Cloudflare resources as wrangler.toml names them, shared by the deploy and
// first-superadmin scripts (docs/deploy.md).
import { readFileSync, writeFileSync } from 'node:fs';

export const WRANGLER_TOML = 'wrangler.toml';
export const DATABASE_NAME = 'ecole-portail';
export const BUCKET_NAME = 'ecole-portail-files';
export const PLACEHOLDER_DATABASE_ID = '00000000-0000-0000-0000-000000000000';

/** The [[d1_databases]] block of wrangler.toml that names DATABASE_NAME, with its position. */
function databaseBlock(toml) {
  const blocks = [...toml.matchAll(/^\[\[d1_databases\]\][\s\S]*?(?=^\[|(?![\s\S]))/gm)];
  const block = blocks.find((m) => new RegExp(`^database_name\\s*=\\s*"${DATABASE_NAME}"`, 'm').test(m[0]));
  if (!block) throw new Error(`${WRANGLER_TOML} ne déclare pas la base D1 « ${DATABASE_NAME} ».`);
  return block;
}

/** The database_id wrangler.toml gives the portal's D1 database. */
export function configuredDatabaseId(toml = readFileSync(WRANGLER_TOML, 'utf8')) {
  return /^database_id\s*=\s*"([^"]*)"/m.exec(databaseBlock(toml)[0])?.[1] ?? null;
}

/** wrangler.toml with the portal's database_id replaced (nothing else changes). */
export function withDatabaseId(toml, databaseId) {
  const block = databaseBlock(toml);
  const updated = block[0].replace(/^(database_id\s*=\s*")[^"]*(")/m, `$1${databaseId}$2`);
  return toml.slice(0, block.index) + updated + toml.slice(block.index + block[0].length);
}

export function writeDatabaseId(databaseId) {
  writeFileSync(WRANGLER_TOML, withDatabaseId(readFileSync(WRANGLER_TOML, 'utf8'), databaseId));
}
