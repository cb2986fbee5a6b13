// Writes the demo seed (scripts/demo/seed.ts) into the local database through the local bindings
// (getPlatformProxy on the persisted state, the same files `wrangler d1 --local` uses). Run by
// prepareLocalDatabase() in its own process.
import { getPlatformProxy } from 'wrangler';
import { runnerImport } from 'vite';
import { stateDir } from './local.mjs';

// The seed is TypeScript written through the worker's db modules (extensionless imports): Vite's
// module runner loads it.
const { module } = await runnerImport('./scripts/demo/seed.ts', { configFile: false, logLevel: 'error' });
const proxy = await getPlatformProxy({
  configPath: 'wrangler.toml',
  persist: { path: `${stateDir()}/v3` },
  remoteBindings: false,
});
try {
  await module.seedDemo(module.localDatabases(proxy.env));
} finally {
  await proxy.dispose();
}
