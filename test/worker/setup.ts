// Applies the real migrations to every test database (the directory and each school database,
// wrangler.toml) before the tests of each file.
import { applyD1Migrations } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { DIRECTORY, d1Binding, schoolDatabaseNames } from '../../worker/db/databases';

for (const name of [DIRECTORY, ...schoolDatabaseNames(env)]) {
  await applyD1Migrations(d1Binding(env, name), env.TEST_MIGRATIONS);
}
