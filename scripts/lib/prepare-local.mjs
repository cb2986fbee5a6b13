// The local databases of `npm start`, the e2e tests and the benches, in one process (run by
// prepareLocalDatabase() in scripts/lib/local.mjs): the migrations of migrations/ applied to every
// database (the directory and each school database: the same set on each, recorded in
// d1_migrations as `wrangler d1 migrations apply` records them), then, the first time, the demo
// seed (scripts/demo/seed.ts); otherwise the second demo school's access moved to five days from
// now. Prints `first` or `again` on its last line.
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { runnerImport } from 'vite';
import { getPlatformProxy, unstable_splitSqlQuery } from 'wrangler';
import { databasesInOrder, databasesOnlyConfig, DIRECTORY } from './cloudflare.mjs';
import { stateDir } from './local.mjs';

const MIGRATIONS = 'migrations';

const migrations = readdirSync(MIGRATIONS)
  .filter((name) => name.endsWith('.sql'))
  .sort()
  .map((name) => ({ name, queries: unstable_splitSqlQuery(readFileSync(`${MIGRATIONS}/${name}`, 'utf8')) }));

/** The migrations a database has not had yet, each in one batch with its record. */
async function migrate(db) {
  await db
    .prepare(
      'CREATE TABLE IF NOT EXISTS d1_migrations (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT UNIQUE, applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL)',
    )
    .run();
  const applied = new Set((await db.prepare('SELECT name FROM d1_migrations').all()).results.map((r) => r.name));
  for (const { name, queries } of migrations) {
    if (applied.has(name)) continue;
    await db.batch([
      ...queries.map((query) => db.prepare(query)),
      db.prepare('INSERT INTO d1_migrations (name) VALUES (?)').bind(name),
    ]);
  }
}

const proxy = await getPlatformProxy({
  configPath: databasesOnlyConfig(),
  persist: { path: `${resolve(stateDir())}/v3` },
  remoteBindings: false,
});
try {
  const bindings = databasesInOrder().map((d) => d.binding);
  for (const binding of bindings) await migrate(proxy.env[binding]);
  const directory = proxy.env[DIRECTORY];
  // The seed writes the platform's accounts last: without them, it has not finished.
  const { n } = await directory.prepare('SELECT count(*) AS n FROM platform_users').first();
  const { module: seed } = await runnerImport('./scripts/demo/seed.ts', { configFile: false, logLevel: 'error' });
  if (n > 0) {
    // The second demo school's access ends five days from every start: its banner shows, it never locks.
    const aurore = await directory.prepare('SELECT shard FROM instances WHERE id = ?').bind(seed.AURORE_ID).first();
    if (aurore) {
      await proxy.env[aurore.shard ?? DIRECTORY]
        .prepare('UPDATE instances SET expires_at = ? WHERE id = ?')
        .bind(seed.demoExpiry(), seed.AURORE_ID)
        .run();
    }
    console.log('again');
  } else {
    await seed.seedDemo(seed.localDatabases(proxy.env));
    console.log('first');
  }
} finally {
  await proxy.dispose();
}
