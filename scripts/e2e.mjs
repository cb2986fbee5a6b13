// `npm run test:e2e`: a fresh local database with the demo schools, then Playwright against the
// production build. Each test that needs a school of its own makes it itself (test/e2e/fixtures.ts).
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { ensureDevVars, prepareLocalDatabase, requireNode22 } from './lib/local.mjs';

requireNode22();
process.env.PORTAIL_STATE_DIR ??= '.wrangler/e2e-state';
rmSync(process.env.PORTAIL_STATE_DIR, { recursive: true, force: true });
ensureDevVars();
await prepareLocalDatabase();

const result = spawnSync(process.execPath, ['node_modules/@playwright/test/cli.js', 'test', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: process.env,
});
process.exit(result.status ?? 1);
